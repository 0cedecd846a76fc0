"""Free play in the browser: "Mark the best cards" is off by default; turned on at your card play it marks
cards of your hand (green outline, a "best" badge, words in the tooltip); turned off, the marks go."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .helpers import MOVE_TIMEOUT_MS, SCREENSHOTS, assert_healthy, open_lesson, screenshot, wait_for_decision

pytestmark = pytest.mark.e2e

NOTEBOOK = "18-free-play.ipynb"
HAND = ".fh-table-hand .fh-hand-card"
BEST = f"{HAND}.fh-best"
TOGGLE = ".fh-mark-best input[type='checkbox']"
STATUS = ".fh-best-status"


def _save_file() -> Path:
    progress = os.environ.get("FIVEHUNDRED_PROGRESS", "")
    assert progress and progress != "off", "the e2e tests run with a temporary progress file"
    return Path(progress).with_name("freeplay.json")


def _to_my_card(page: Page) -> str:
    """Pass in the auction (and deal again if everyone passes) until it is your card to play."""
    for _ in range(60):
        turn = wait_for_decision(page)
        if "to play" in turn or "to lead" in turn:
            return turn
        before = page.locator(".fh-table-status").inner_text()
        if "is over" in turn:
            page.locator(".fh-new-hand").click()
        elif "to bid" in turn:
            page.locator(".fh-pass").click()
        else:
            raise AssertionError(f"unexpected decision after passing: {turn!r}")
        page.wait_for_function("(b) => document.querySelector('.fh-table-status').innerText !== b", arg=before,
                               timeout=MOVE_TIMEOUT_MS)
    raise AssertionError("never came to play a card")


def test_free_play_mark_the_best_cards(page: Page, voila_url: str) -> None:
    _save_file().unlink(missing_ok=True)
    open_lesson(page, voila_url, NOTEBOOK)
    expect(page.locator(".fh-freeplay .fh-table-view")).to_be_visible()
    toggle = page.locator(TOGGLE)
    expect(toggle).not_to_be_checked()  # off by default: the learner thinks first
    expect(page.locator(".fh-mark-best")).to_contain_text("Mark the best cards")
    page.locator(".fh-speed select").select_option("Instant")
    _to_my_card(page)
    page.wait_for_timeout(500)
    expect(page.locator(BEST)).to_have_count(0)  # nothing marked while it is off
    toggle.check()  # on in the middle of the decision: worked out then
    expect(page.locator(BEST).first).to_be_visible(timeout=MOVE_TIMEOUT_MS)
    marked = page.locator(BEST)
    n = marked.count()
    assert 1 <= n <= page.locator(HAND).count()
    for i in range(n):
        card = marked.nth(i)
        assert "fh-dimmed" not in (card.get_attribute("class") or "")  # only playable cards are marked
        expect(card.locator(".fh-card-badge")).to_have_text("best")
        assert "marked best" in (card.get_attribute("title") or "")
        assert "marked best" in (card.get_attribute("aria-label") or "")
    expect(page.locator(STATUS)).to_contain_text("deals that fit what you have seen")
    assert_healthy(page)
    screenshot(page, "freeplay-best-cards-marked")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".fh-table-felt").screenshot(path=str(SCREENSHOTS / "freeplay-best-cards-marked-felt.png"))

    # play a marked card; at your next card the marks are worked out again, for that decision
    code = marked.first.get_attribute("data-card")
    marked.first.click()
    expect(page.locator(f"{HAND}[data-card='{code}']")).to_have_count(0, timeout=MOVE_TIMEOUT_MS)
    turn = wait_for_decision(page)
    if "is over" not in turn:
        expect(page.locator(BEST).first).to_be_visible(timeout=MOVE_TIMEOUT_MS)
        assert page.locator(f"{BEST}[data-card='{code}']").count() == 0
    # off again: every mark and the note go (and free play saves the setting off)
    toggle.uncheck()
    expect(page.locator(BEST)).to_have_count(0, timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(STATUS)).to_have_text("")
    assert_healthy(page)
