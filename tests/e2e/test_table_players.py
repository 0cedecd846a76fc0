"""Lesson 16's 3- and 6-player tables in the browser: the seats round the felt, one hand played at each by clicking."""

from __future__ import annotations

import warnings

import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers import MOVE_TIMEOUT_MS, SCREENSHOTS, assert_healthy, open_lesson, screenshot

pytestmark = pytest.mark.e2e

NOTEBOOK = "16-variants-and-other-player-counts.ipynb"


def _wait_turn(page: Page, table: Locator, index: int) -> str:
    page.wait_for_function(
        """(i) => { const t = document.querySelectorAll('.fh-table-view')[i].querySelector('.fh-table-status .fh-turn');
                    return t && /Your turn|is over/.test(t.textContent); }""",
        arg=index, timeout=MOVE_TIMEOUT_MS)
    return table.locator(".fh-table-status .fh-turn").inner_text()


def _play_one_hand(page: Page, table: Locator, index: int) -> str:
    """Pass in the auction and play the first card allowed each time; return the result line."""
    for _ in range(60):
        turn = _wait_turn(page, table, index)
        if "is over" in turn:
            return table.locator(".fh-table-result").inner_text()
        before = table.locator(".fh-table-status").inner_text()
        if "to bid" in turn:
            table.locator(".fh-pass").click()
        elif table.locator(".fh-joker-lead button:visible").count():
            table.locator(".fh-joker-lead button:visible").first.click()
        else:
            table.locator(".fh-table-hand .fh-hand-card:not(.fh-dimmed)").first.click()
        page.wait_for_function(
            "([i, b]) => document.querySelectorAll('.fh-table-view')[i].querySelector('.fh-table-status').innerText !== b",
            arg=[index, before], timeout=MOVE_TIMEOUT_MS)
    raise AssertionError("the hand did not finish")


@pytest.mark.parametrize(("index", "players", "seats", "me"), [
    (0, 3, ("N", "W"), "East"),
    (1, 6, ("N", "NE", "SE", "SW", "NW"), "South"),
])
def test_lesson_16_tables_seat_everyone_and_play_a_hand(page: Page, voila_url: str, index: int, players: int,
                                                        seats: tuple[str, ...], me: str) -> None:
    open_lesson(page, voila_url, NOTEBOOK)
    tables = page.locator(".fh-table-view")
    try:
        expect(tables).to_have_count(2, timeout=60_000)  # the second table may still be drawing on a loaded machine
    except AssertionError:
        # Known and not understood: in about one full CI run in three, this page (two live tables) showed one table
        # after every widget output had been drawn. Keep the evidence, say so loudly, and see whether a reload
        # (what a learner would do) brings both back. The incident is in artifacts/incidents.txt.
        errors = page.locator(".jupyter-widgets-error-widget").all_inner_texts()
        shot = screenshot(page, f"incident-16-tables-{index}")
        note = (f"{NOTEBOOK}: {tables.count()} of 2 tables drawn; error widgets: {errors!r}; screenshot {shot.name}; "
                "reloaded once\n")
        with (SCREENSHOTS.parent / "incidents.txt").open("a", encoding="utf-8") as f:
            f.write(note)
        warnings.warn(note, stacklevel=1)
        open_lesson(page, voila_url, NOTEBOOK)
        expect(tables).to_have_count(2, timeout=60_000)
    table = tables.nth(index)
    table.scroll_into_view_if_needed()
    expect(table.locator(f".fh-table-felt.fh-players-{players}")).to_have_count(1)
    for seat in seats:  # every other seat has its panel on the felt, face down
        panel = table.locator(f".fh-seat-{seat} .fh-seat-panel")
        expect(panel).to_have_count(1)
        expect(panel).to_be_visible()
    expect(table.locator(".fh-table-hand .fh-hand-card")).to_have_count(10)
    expect(table).to_contain_text(f"You ({me})")
    table.locator(".fh-table-controls .fh-speed select").select_option("Instant")
    result = _play_one_hand(page, table, index)
    assert result.strip(), "no result line at the end of the hand"
    expect(table.locator(".fh-scorepad")).to_be_visible()
    assert_healthy(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    table.screenshot(path=str(SCREENSHOTS / f"16-table-{players}-players.png"))
