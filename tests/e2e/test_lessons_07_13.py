"""Lessons 07, 08 and 10 to 13 in Voila + Chromium: each page renders cleanly (no errors, no code),
one exercise answers real clicks with the engine's feedback, and a full-page screenshot is saved."""

from __future__ import annotations


import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers import RIGHT, WRONG, assert_healthy, exercise, open_lesson, screenshot

pytestmark = pytest.mark.e2e



def test_lesson_07_the_auction(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "07-the-auction.ipynb")
    assert widgets >= 8
    assert_healthy(page)
    box = exercise(page, "Which of these bids may East make now?")
    feedback = box.locator(".fh-feedback")
    box.locator(".fh-option", has_text="7♥").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("the same as the standing bid of 7♥")
    box.locator(".fh-option", has_text="7NT").click()
    expect(feedback).to_have_class(RIGHT)
    expect(feedback).to_contain_text("higher on the ladder")
    box = exercise(page, "South has just bid misère. Who calls next?")
    box.locator(".fh-option", has_text="North").click()
    expect(box.locator(".fh-feedback")).to_contain_text("skips West")
    assert_healthy(page)
    screenshot(page, "07-the-auction")


def test_lesson_08_the_kitty(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "08-the-kitty.ipynb")
    assert widgets >= 8
    assert_healthy(page)
    box = exercise(page, "Which one will the rules accept?")
    feedback = box.locator(".fh-feedback")
    box.locator(".fh-option", has_text="8♣ 7♣").first.click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("You must discard exactly 3 cards, not 2.")
    box = exercise(page, "to have no clubs at all")
    feedback = box.locator(".fh-feedback")
    for code in ("8C", "7C", "6C"):
        box.locator(f'.fh-hand-card[data-card="{code}"]').click()
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(RIGHT)
    expect(feedback).to_contain_text("void in clubs")
    assert_healthy(page)
    screenshot(page, "08-the-kitty")


def exercise_with_card(page: Page, code: str) -> Locator:
    """The one exercise box that offers the card ``code`` as a button."""
    box = page.locator(".fh-exercise").filter(has=page.locator(f'.fh-hand-card[data-card="{code}"]'))
    expect(box).to_have_count(1)
    return box


def test_lesson_10_no_trumps_and_the_joker(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "10-no-trumps-and-the-joker.ipynb")
    assert widgets >= 8
    assert_healthy(page)
    box = exercise_with_card(page, "7S")  # hand JK 7S QD 9H, spade led
    feedback = box.locator(".fh-feedback")
    for code in ("JK", "7S"):
        box.locator(f'.fh-hand-card[data-card="{code}"]').click()
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("only when you have no spades")
    box.locator('.fh-hand-card[data-card="JK"]').click()  # unselect the joker
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(RIGHT)
    box = exercise_with_card(page, "JD")  # 9H JD 10H JH: no bowers
    box.locator('.fh-hand-card[data-card="JH"]').click()
    expect(box.locator(".fh-feedback")).to_have_class(RIGHT)
    assert_healthy(page)
    screenshot(page, "10-no-trumps-and-the-joker")


def test_lesson_11_misere(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "11-misere.ipynb")
    assert widgets >= 8
    assert_healthy(page)
    box = exercise_with_card(page, "5S")  # hand JK 5S 6D, heart led, misère
    feedback = box.locator(".fh-feedback")
    box.locator('.fh-hand-card[data-card="5S"]').click()
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("must play the joker")
    box = exercise(page, "How many cards are there in each trick?")
    box.locator(".fh-option", has_text="3").click()
    expect(box.locator(".fh-feedback")).to_have_class(RIGHT)
    assert_healthy(page)
    screenshot(page, "11-misere")


def test_lesson_12_scoring_a_hand(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "12-scoring-a-hand.ipynb")
    assert widgets >= 8
    assert_healthy(page)
    box = exercise(page, "eight spades (8♠), worth 240. The contractors win 10 tricks")
    feedback = box.locator(".fh-feedback")
    field = box.locator(".fh-number input")
    field.fill("240")
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("240 is the contract's own value")
    expect(feedback).not_to_contain_text("Slam")  # the first miss gives no answer away
    field.fill("250")
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(RIGHT)
    assert_healthy(page)
    screenshot(page, "12-scoring-a-hand")


def test_lesson_13_winning_the_game(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "13-winning-the-game.ipynb")
    assert widgets >= 7
    assert_healthy(page)
    box = exercise(page, "now have 530. Does the game end?")
    feedback = box.locator(".fh-feedback")
    box.locator(".fh-option", has_text="E–W win").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("never win the game")
    box.locator(".fh-option", has_text="the game goes on").click()
    expect(feedback).to_have_class(RIGHT)
    assert_healthy(page)
    screenshot(page, "13-winning-the-game")
