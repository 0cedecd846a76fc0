"""Play a whole hand at the TableView in the browser, time click round trips, take screenshots."""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .helpers import MOVE_TIMEOUT_MS, TURN, assert_healthy, open_lesson, screenshot, wait_for_decision

pytestmark = pytest.mark.e2e

NOTEBOOK = "18-free-play.ipynb"
HAND = ".fh-table-hand .fh-hand-card"


@pytest.fixture(autouse=True)
def fresh_free_play_game() -> None:
    """The free-play page resumes its saved game: start each test from the lesson's own first deal."""
    progress = os.environ.get("FIVEHUNDRED_PROGRESS", "")
    if progress and progress != "off":
        Path(progress).with_name("freeplay.json").unlink(missing_ok=True)


def _status_changes(page: Page, before: str) -> None:
    """Wait until the table's status line is no longer ``before`` (the click reached the kernel)."""
    page.wait_for_function(
        "(b) => document.querySelector('.fh-table-status').innerText !== b", arg=before, timeout=MOVE_TIMEOUT_MS
    )


def _play_hand(page: Page, hand_ms: list[float], table_ms: list[float], *, first_bid: str = "6S") -> None:
    bid_made = False
    for _ in range(80):
        turn = wait_for_decision(page)
        if "is over" in turn:
            return
        before = page.locator(".fh-table-status").inner_text()
        if "to bid" in turn:
            rung = page.locator(f".fh-bid-{first_bid}")
            if not bid_made and "fh-dimmed" not in (rung.get_attribute("class") or ""):
                rung.click()
                bid_made = True
                try:
                    _status_changes(page, before)
                except PlaywrightTimeoutError:
                    # The computer may have bid it first (the greying can trail the turn line by a
                    # moment): then the engine refuses it with its reason, and we pass instead.
                    refusal = page.locator(".fh-auction-panel .fh-auction-status").inner_text()
                    assert "higher on the ladder" in refusal, f"bid {first_bid} got no answer: {refusal!r}"
                    page.locator(".fh-pass").click()
                    _status_changes(page, before)
            else:
                page.locator(".fh-pass").click()
                _status_changes(page, before)
        elif "discard" in turn:
            cards = page.locator(".fh-kitty-cards .fh-hand-card")
            for i in range(3):
                cards.nth(i).click()
                expect(page.locator(".fh-kitty-cards .fh-selected")).to_have_count(i + 1)
            page.locator(".fh-kitty-confirm").click()
            _status_changes(page, before)
        elif "joker" in turn:
            page.locator(".fh-nominate-none").click()
            _status_changes(page, before)
        else:
            card = page.locator(f"{HAND}:not(.fh-dimmed)").first
            code = card.get_attribute("data-card")
            t0 = time.perf_counter()
            card.click()
            if code == "JK" and page.locator(".fh-joker-lead button:visible").count():
                page.locator(".fh-joker-lead button:visible").first.click()
                _status_changes(page, before)
                continue
            page.wait_for_function(
                "(c) => !document.querySelector(`.fh-table-hand .fh-hand-card[data-card='${c}']`)", arg=code
            )
            hand_ms.append((time.perf_counter() - t0) * 1000)
            page.wait_for_function("(c) => !!document.querySelector(`.fh-table-trick [data-card='${c}']`)", arg=code)
            table_ms.append((time.perf_counter() - t0) * 1000)
        page.wait_for_timeout(50)
    raise AssertionError("the hand did not end")


def test_play_a_whole_hand_in_the_browser(page: Page, voila_url: str) -> None:
    open_lesson(page, voila_url, NOTEBOOK)
    expect(page.locator(".fh-table-view")).to_be_visible()
    expect(page.locator(TURN)).to_have_text("Your turn to bid.")
    expect(page.locator(HAND)).to_have_count(10)
    expect(page.locator(".fh-seat-N .fh-back")).to_have_count(10)
    assert_healthy(page)
    screenshot(page, "table-auction")

    hand_ms: list[float] = []
    table_ms: list[float] = []
    _play_hand(page, hand_ms, table_ms)
    expect(page.locator(".fh-table-result")).to_be_visible()
    result = page.locator(".fh-table-result").inner_text()
    assert any(word in result for word in ("made", "set", "Slam", "lost")), result
    expect(page.locator(".fh-table-phase .fh-scorepad .fh-score-line")).to_have_count(1)
    expect(page.locator(".fh-table-phase .fh-scorepad svg.fh-score-chart")).to_be_visible()
    screenshot(page, "table-over")
    assert_healthy(page)

    # a second hand, for more round-trip samples
    page.locator(".fh-new-hand").click()
    expect(page.locator(HAND)).to_have_count(10, timeout=MOVE_TIMEOUT_MS)
    page.locator(".fh-speed select").select_option("Slow")  # keep West's cards in hand while we toggle
    # the table (before anyone plays): "Show all hands" turns the other hands face up and back
    toggle_ms: list[float] = []
    for i in range(16):
        want_backs = i % 2 == 1
        t0 = time.perf_counter()
        page.locator(".fh-show-all").click()
        if want_backs:
            page.wait_for_function("() => document.querySelectorAll('.fh-seat-W .fh-back').length > 0")
        else:
            page.wait_for_function("() => document.querySelectorAll('.fh-seat-W .fh-back').length === 0")
        toggle_ms.append((time.perf_counter() - t0) * 1000)
    page.locator(".fh-speed select").select_option("Fast")
    _play_hand(page, hand_ms, table_ms, first_bid="6C")

    samples = len(hand_ms)
    print(
        f"\nround trips over {samples} card clicks: hand median {statistics.median(hand_ms):.0f} ms, "
        f"table (card in the trick) median {statistics.median(table_ms):.0f} ms; "
        f"show-all toggle median {statistics.median(toggle_ms):.0f} ms over {len(toggle_ms)} clicks"
    )
    assert samples >= 15, f"only {samples} card clicks"
    assert statistics.median(hand_ms) < 2000
    assert_healthy(page)


def test_table_fits_900px_and_explains_a_greyed_card(page: Page, voila_url: str) -> None:
    page.set_viewport_size({"width": 900, "height": 900})
    open_lesson(page, voila_url, NOTEBOOK)
    expect(page.locator(".fh-table-view")).to_be_visible()
    page.locator(".fh-show-all").click()
    expect(page.locator(".fh-seat-N .fh-back")).to_have_count(0)
    # nothing cut off: no element of the table is wider than its box
    overflow = page.evaluate(
        """() => { const v = document.querySelector('.fh-table-view');
                   const r = v.getBoundingClientRect();
                   const bad = [];
                   v.querySelectorAll('*').forEach(el => { const b = el.getBoundingClientRect();
                     if (b.width > 0 && (b.right > r.right + 1 || b.left < r.left - 1)) bad.push(el.className || el.tagName); });
                   return {bad: bad.slice(0, 5), scroll: v.scrollWidth - v.clientWidth,
                           page: document.documentElement.scrollWidth - window.innerWidth}; }"""
    )
    assert overflow["bad"] == [] and overflow["scroll"] <= 1 and overflow["page"] <= 1, overflow
    screenshot(page, "table-900-show-all")
    # pass, then play until South must follow suit with a greyed card to click
    before = page.locator(".fh-table-status").inner_text()
    page.locator(".fh-pass").click()
    _status_changes(page, before)
    for _ in range(12):
        turn = wait_for_decision(page)
        if "is over" in turn:
            pytest.skip("no greyed card in this hand")
        if "to bid" in turn:
            before = page.locator(".fh-table-status").inner_text()
            page.locator(".fh-pass").click()
            _status_changes(page, before)
            continue
        dimmed = page.locator(f"{HAND}.fh-dimmed")
        if dimmed.count():
            dimmed.first.click()
            expect(page.locator(".fh-table-hand .fh-status")).to_contain_text("follow", timeout=10_000)
            screenshot(page, "table-play-greyed")
            return
        code = page.locator(f"{HAND}:not(.fh-dimmed)").first.get_attribute("data-card")
        page.locator(f"{HAND}[data-card='{code}']").click()
        page.wait_for_function(
            "(c) => !document.querySelector(`.fh-table-hand .fh-hand-card[data-card='${c}']`)", arg=code
        )
    raise AssertionError("never had a greyed card")
