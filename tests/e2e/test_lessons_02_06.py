"""Lessons 2 to 6 (tricks, trumps, bowers, the joker, the bidding ladder) in Voila.

Each test opens one lesson, checks that it rendered with no error and no code,
answers one exercise by clicking as a learner would, checks the engine's
feedback, and saves a screenshot in artifacts/screenshots/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers import assert_healthy, open_lesson, screenshot

pytestmark = pytest.mark.e2e

FEEDBACK_TIMEOUT_MS = 15_000


def exercise(page: Page, css_class: str) -> Locator:
    """The exercise the lesson marked with ``css_class`` (one per page)."""
    box = page.locator(f".fh-exercise.{css_class}")
    expect(box).to_have_count(1)
    box.scroll_into_view_if_needed()
    return box


def click_cards(box: Locator, *codes: str) -> None:
    for code in codes:
        box.locator(f'button[data-card="{code}"]').click()


def expect_feedback(box: Locator, tone: str, text: str | re.Pattern[str]) -> None:
    feedback = box.locator(f".fh-feedback.fh-{tone}")
    expect(feedback).to_be_visible(timeout=FEEDBACK_TIMEOUT_MS)
    expect(feedback).to_contain_text(text)


def open_healthy(page: Page, voila_url: str, notebook: str, title: str) -> None:
    widgets = open_lesson(page, voila_url, notebook)
    assert widgets >= 8, f"{notebook}: only {widgets} widgets on the page"
    expect(page.get_by_role("heading", level=1, name=title, exact=True)).to_be_visible()
    assert_healthy(page)


def test_lesson_02_tricks_and_following_suit(page: Page, voila_url: str) -> None:
    open_healthy(page, voila_url, "02-tricks-and-following-suit.ipynb", "Tricks and following suit")
    box = exercise(page, "fh-l02-wins-discard")
    click_cards(box, "AD")  # the high discard: wrong
    expect_feedback(box, "wrong", "A♦ does not win")
    click_cards(box, "QC")
    expect_feedback(box, "right", "Q♣ wins: it is the highest club, the suit led.")
    follow = exercise(page, "fh-l02-may-follow")
    click_cards(follow, "10S", "6S")
    follow.locator(".fh-check").click()
    expect_feedback(follow, "right", "follow")
    assert_healthy(page)
    screenshot(page, "02-tricks-and-following-suit")


def test_lesson_03_trumps(page: Page, voila_url: str) -> None:
    open_healthy(page, voila_url, "03-trumps.ipynb", "Trumps")
    box = exercise(page, "fh-l03-wins-trump")
    click_cards(box, "AD")  # the ace of the suit led loses to any trump
    expect_feedback(box, "wrong", "A♦ does not win")
    click_cards(box, "9S")
    expect_feedback(box, "right", "9♠ wins")
    follow = exercise(page, "fh-l03-must-follow")
    click_cards(follow, "7H")  # trumping while holding a club: not allowed
    follow.locator(".fh-check").click()
    expect_feedback(follow, "wrong", "You may not play 7♥")
    assert_healthy(page)
    screenshot(page, "03-trumps")


def test_lesson_04_the_bowers(page: Page, voila_url: str) -> None:
    open_healthy(page, voila_url, "04-the-bowers.ipynb", "The bowers")
    order = exercise(page, "fh-l04-order")
    expect(order.locator(".fh-right-bower, .fh-left-bower")).to_have_count(0)  # no R/L badges to give the order away
    click_cards(order, "JS", "JC", "AS", "KS", "QS", "10S")
    order.locator(".fh-check").click()
    expect_feedback(order, "right", "J♠ (right bower), J♣ (left bower)")
    follows = exercise(page, "fh-l04-bower-follows")
    click_cards(follows, "JD")
    follows.locator(".fh-check").click()
    expect_feedback(follows, "right", "J♦ counts as a heart while hearts are trumps")
    assert_healthy(page)
    screenshot(page, "04-the-bowers")


def test_lesson_05_the_joker(page: Page, voila_url: str) -> None:
    open_healthy(page, voila_url, "05-the-joker.ipynb", "The joker")
    only = exercise(page, "fh-l05-only-trump")
    click_cards(only, "7S")
    only.locator(".fh-check").click()
    expect_feedback(only, "wrong", "You may not play 7♠")
    only.locator("button", has_text="Clear").click()
    click_cards(only, "JK")
    only.locator(".fh-check").click()
    expect_feedback(only, "right", "must follow with a heart")
    wins = exercise(page, "fh-l05-wins")
    click_cards(wins, "JK")
    expect_feedback(wins, "right", "the joker (the highest trump)")
    assert_healthy(page)
    screenshot(page, "05-the-joker")


def test_lesson_06_the_bidding_ladder(page: Page, voila_url: str) -> None:
    open_healthy(page, voila_url, "06-the-bidding-ladder.ipynb", "The bidding ladder")
    misere = exercise(page, "fh-l06-misere")
    misere.locator(".fh-option", has_text="misère").click()  # more points, but lower on the ladder
    expect_feedback(misere, "wrong", "Misère is not the higher bid")
    misere.locator(".fh-option", has_text="8♠").click()
    expect_feedback(misere, "right", "rung 12")
    worth = exercise(page, "fh-l06-worth-8d")
    worth.locator(".fh-number input").fill("280")
    worth.locator(".fh-check").click()
    expect_feedback(worth, "right", "= 280.")
    cheapest = exercise(page, "fh-l06-cheapest")
    cheapest.locator(".fh-option", has_text="7NT").click()
    expect_feedback(cheapest, "right", "7NT is the very next rung above 7♥")
    assert_healthy(page)
    screenshot(page, "06-the-bidding-ladder")
