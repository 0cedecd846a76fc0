"""Lessons 09 and 14 to 17 in Voila + Chromium: each page renders cleanly (no errors, no code), one
exercise answers real clicks with the engine's feedback, and a full-page screenshot is saved.
Lesson 09 also plays a few cards at the TableView by clicking."""

from __future__ import annotations


import pytest
from playwright.sync_api import Page, expect

from .helpers import MOVE_TIMEOUT_MS, RIGHT, TURN, WRONG, assert_healthy, exercise, open_lesson, screenshot, wait_for_decision

pytestmark = pytest.mark.e2e



def test_lesson_09_playing_a_whole_hand(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "09-playing-a-whole-hand.ipynb")
    assert widgets >= 10
    assert_healthy(page)
    box = exercise(page, "Who leads to the first trick?")
    feedback = box.locator(".fh-feedback")
    box.locator(".fh-option", has_text="West").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("the lead to the first trick is not West's")
    box.locator(".fh-option", has_text="South").click()
    expect(feedback).to_have_class(RIGHT)

    box = exercise(page, "Hearts are trumps. Which card wins this trick?")
    box.locator('.fh-hand-card[data-card="6H"]').click()
    expect(box.locator(".fh-feedback")).to_have_class(RIGHT)

    # the table: bid 6♦, discard three cards, then play three cards by clicking
    table = page.locator(".fh-table-view")
    expect(table).to_be_visible()
    page.locator(".fh-table-controls .fh-speed select").select_option("Instant")
    played = 0
    bid_made = False
    for _ in range(40):
        turn = wait_for_decision(page)
        if "is over" in turn or played >= 3:
            break
        before = page.locator(".fh-table-status").inner_text()
        if "to bid" in turn:
            rung = page.locator(".fh-table-view .fh-bid-6D")
            if not bid_made and "fh-dimmed" not in (rung.get_attribute("class") or ""):
                rung.click()
                bid_made = True
            else:
                page.locator(".fh-table-view .fh-pass").click()
        elif "discard" in turn:
            cards = page.locator(".fh-kitty-cards .fh-hand-card")
            for i in range(3):
                cards.nth(i).click()
                expect(page.locator(".fh-kitty-cards .fh-selected")).to_have_count(i + 1)
            page.locator(".fh-kitty-confirm").click()
        elif "joker" in turn:
            page.locator(".fh-nominate-none").click()
        else:
            card = page.locator(".fh-table-hand .fh-hand-card:not(.fh-dimmed)").first
            code = card.get_attribute("data-card")
            card.click()
            if code == "JK" and page.locator(".fh-joker-lead button:visible").count():
                page.locator(".fh-joker-lead button:visible").first.click()
            page.wait_for_function(
                "(c) => !document.querySelector(`.fh-table-hand .fh-hand-card[data-card='${c}']`)", arg=code
            )
            played += 1
        # wait until the table has taken the move in (the status lines change), so a stale
        # "Your turn" is not read twice
        page.wait_for_function(
            "(b) => { const s = document.querySelector('.fh-table-status'); return s && s.innerText !== b; }",
            arg=before,
            timeout=MOVE_TIMEOUT_MS,
        )
    assert played == 3, page.locator(TURN).inner_text()
    expect(page.locator(".fh-table-hand .fh-hand-card")).to_have_count(7)
    assert_healthy(page)
    screenshot(page, "09-playing-a-whole-hand")


def test_lesson_14_bidding_judgement(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "14-bidding-judgement.ipynb")
    assert widgets >= 8
    assert_healthy(page)
    box = exercise(page, "Which of South's cards are top trumps?")
    feedback = box.locator(".fh-feedback")
    for code in ("JK", "JH", "JD"):
        box.locator(f'.fh-hand-card[data-card="{code}"]').click()
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("left out")
    box.locator('.fh-hand-card[data-card="AH"]').click()
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(RIGHT)
    expect(feedback).to_contain_text("four top trumps")
    box = exercise(page, "South is the first to bid. What does the method bid?")
    box.locator(".fh-option", has_text="Pass").click()
    expect(box.locator(".fh-feedback")).to_have_class(WRONG)
    box = exercise(page, "East has bid 7♠. What does the method bid?")
    box.locator(".fh-option", has_text="misère").click()
    expect(box.locator(".fh-feedback")).to_have_class(RIGHT)
    expect(box.locator(".fh-feedback")).to_contain_text("few enough for misère")
    assert_healthy(page)
    screenshot(page, "14-bidding-judgement")


def test_lesson_15_card_play(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "15-card-play.ipynb")
    assert widgets >= 8
    assert_healthy(page)
    box = exercise(page, "Which trump should North play?")
    feedback = box.locator(".fh-feedback")
    box.locator(".fh-option", has_text="Joker").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("wastes your best card")
    box.locator(".fh-option", has_text="Q♠").click()
    expect(feedback).to_have_class(RIGHT)
    box = exercise(page, "Which of East's cards keep the most tricks for East–West?")
    for code in ("JK", "JH"):
        box.locator(f'.fh-hand-card[data-card="{code}"]').click()
    box.locator(".fh-check").click()
    expect(box.locator(".fh-feedback")).to_have_class(RIGHT)
    expect(box.locator(".fh-feedback")).to_contain_text("keeps 8 tricks")
    assert_healthy(page)
    screenshot(page, "15-card-play")


def test_lesson_16_variants_and_other_player_counts(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "16-variants-and-other-player-counts.ipynb")
    assert widgets >= 8
    assert_healthy(page)
    box = exercise(page, "Playing the American game, everyone has now called once.")
    feedback = box.locator(".fh-feedback")
    box.locator(".fh-option", has_text="North may bid again").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("Australian game")
    box.locator(".fh-option", has_text="East has won the auction").click()
    expect(feedback).to_have_class(RIGHT)
    box = exercise(page, "At a table with the 490 rule")
    box.locator(".fh-number input").fill("490")
    box.locator(".fh-check").click()
    expect(box.locator(".fh-feedback")).to_have_class(RIGHT)
    assert_healthy(page)
    screenshot(page, "16-variants-and-other-player-counts")


def test_lesson_17_under_the_hood(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, "extras/under-the-hood.ipynb")
    assert widgets >= 6
    assert_healthy(page)
    expect(page.locator("pre", has_text='trick_winner("10H JD AH 5S", "H")')).to_have_count(1)
    box = exercise(page, "What does trick_winner(")
    feedback = box.locator(".fh-feedback")
    box.locator(".fh-option", has_text="1").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("Position 1 is Q♠")
    box.locator(".fh-option", has_text="2").click()
    expect(feedback).to_have_class(RIGHT)
    assert_healthy(page)
    screenshot(page, "17-under-the-hood")
