"""Lesson 16's 3- and 6-player tables in the browser: the seats round the felt, one hand played at each by clicking."""

from __future__ import annotations

import warnings
from collections.abc import Callable

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
def test_lesson_16_tables_seat_everyone_and_play_a_hand(page: Page, voila_url: str, voila_dropped_outputs: Callable[[], int],
                                                        index: int, players: int, seats: tuple[str, ...], me: str) -> None:
    console: list[str] = []  # the browser's errors, for the incident note below
    page.on("console", lambda m: console.append(f"{m.type}: {m.text[:400]}") if m.type == "error" else None)
    page.on("pageerror", lambda e: console.append(f"pageerror: {str(e)[:400]}"))
    open_lesson(page, voila_url, NOTEBOOK)
    tables = page.locator(".fh-table-view")
    try:
        expect(tables).to_have_count(2, timeout=60_000)  # the second table may still be drawing on a loaded machine
    except AssertionError:
        # In about one full CI run in three this page used to show one of its two tables after every widget output
        # had been drawn. The one mechanism found that gives exactly that page: a table cell sends about 340 widget
        # messages before its display, and Voila waited only 4 s (its default) for a cell's outputs after the
        # kernel's reply, then dropped the rest without a word. voila.json now waits 60 s, and the voila_server
        # fixture (tests/conftest.py) fails the run if Voila logs a dropped output. Not yet proven to be the only cause, so if a table is
        # still missing: keep the evidence, say so loudly, and reload once (what a learner would do).
        errors = page.locator(".jupyter-widgets-error-widget").all_inner_texts()
        outputs = [" ".join(t.split())[:50] for t in page.locator("#rendered_cells .jp-OutputArea-output").all_inner_texts()]
        dropped = voila_dropped_outputs()
        shot = screenshot(page, f"incident-16-tables-{index}")
        note = (f"{NOTEBOOK}: {tables.count()} of 2 tables drawn; Voila dropped outputs {dropped} time(s) so far; "
                f"error widgets: {errors!r}; outputs: {outputs!r}; "
                f"browser errors: {[c for c in console if 'Failed to load resource' not in c]!r}; "
                f"screenshot {shot.name}; reloaded once\n")
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
