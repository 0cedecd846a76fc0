"""Every lesson at a laptop size (1366×768) and a phone size (390×844): no sideways scrolling, and a
screenshot of each for a person to look at (artifacts/screenshots/layout-<size>-<lesson>.png)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from .helpers import MOVE_TIMEOUT_MS, ROOT, assert_healthy, open_lesson, screenshot

LESSONS = sorted(p.name for p in (ROOT / "lessons").glob("[0-9][0-9]-*.ipynb")) + ["extras/under-the-hood.ipynb"]
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}

#: how far the widest element may stick out past the window before the page scrolls sideways
SLACK_PX = 2

_WIDEST = """() => {
  const root = document.getElementById('rendered_cells') || document.body;
  const limit = window.innerWidth;
  let worst = null, right = 0;
  for (const el of root.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    // an element inside a scrolling box does not make the page scroll
    let clipped = false;
    for (let p = el.parentElement; p && p !== root; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (['auto', 'scroll', 'hidden'].includes(s.overflowX)) { clipped = true; break; }
    }
    if (!clipped && r.right > right) { right = r.right; worst = el; }
  }
  const name = worst ? (worst.className && worst.className.baseVal === undefined ? worst.className : worst.tagName) : '';
  return {right: right, limit: limit, scroll: root.scrollWidth, client: root.clientWidth, worst: String(name).slice(0, 120)};
}"""


def test_there_are_lessons_to_lay_out() -> None:
    assert len(LESSONS) >= 20


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("notebook", LESSONS)
def test_lesson_fits_the_window(page: Page, voila_url: str, notebook: str, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    open_lesson(page, voila_url, notebook)
    assert_healthy(page)
    name = notebook.removesuffix(".ipynb").replace("/", "-")
    screenshot(page, f"layout-{size}-{name}")
    found = page.evaluate(_WIDEST)
    assert found["scroll"] <= found["client"] + SLACK_PX, f"{notebook} at {width}px scrolls sideways: {found}"


def test_table_and_ladder_fit_a_laptop_window(page: Page, voila_url: str) -> None:
    """Free play during the auction: the table and the bidding ladder are both inside a 1366×768 window."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_lesson(page, voila_url, "18-free-play.ipynb")
    table = page.locator(".fh-table-view").first
    table.scroll_into_view_if_needed()
    ladder = table.locator(".fh-bidding-ladder").first
    ladder.wait_for(state="visible")
    page.evaluate("() => document.querySelector('.fh-table-view').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    screenshot(page, "layout-laptop-18-table-and-ladder", full_page=False)
    top = table.bounding_box()
    bottom = ladder.bounding_box()
    assert top is not None and bottom is not None
    assert bottom["y"] + bottom["height"] <= 768 + SLACK_PX, (
        f"the ladder ends at {bottom['y'] + bottom['height']:.0f} px, below the 768-pixel window; the table starts at {top['y']:.0f}"
    )


# --- issue 27: every seat's name is on screen, at a laptop and on a phone -----------------------------------
#: the rectangle of an element as the learner sees it: inside the window's width and not cut off by any box
#: that clips its overflow (a box that scrolls counts as showing it only if it lies inside the box's view)
_SHOWN = """(els) => els.map((el) => {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return {text: el.innerText, ok: false, why: 'no size'};
  if (r.left < -1 || r.right > window.innerWidth + 1) return {text: el.innerText, ok: false, why: `x ${r.left}..${r.right}`};
  for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (!['hidden', 'clip', 'auto', 'scroll'].includes(s.overflowX)) continue;
    const q = p.getBoundingClientRect();
    if (r.left < q.left - 1 || r.right > q.right + 1)
      return {text: el.innerText, ok: false, why: `cut off by ${p.className || p.tagName}`};
  }
  return {text: el.innerText, ok: true};
})"""


def _names_shown(locator: Locator) -> list[dict[str, object]]:
    found: list[dict[str, object]] = locator.evaluate_all(_SHOWN)
    return found


def _assert_all_shown(page: Page, selector: str, names: list[str], where: str) -> None:
    found = _names_shown(page.locator(selector))
    texts = " ".join(str(f["text"]) for f in found)
    for name in names:
        assert name in texts, f"{where}: no {name!r} among {texts!r}"
    bad = [f for f in found if not f["ok"]]
    assert bad == [], f"{where}: not on screen: {bad}"


@pytest.mark.parametrize("size", list(SIZES))
def test_every_hand_of_a_deal_diagram_shows(page: Page, voila_url: str, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    for notebook in ("01-the-pack.ipynb", "09-playing-a-whole-hand.ipynb"):
        open_lesson(page, voila_url, notebook)
        grid = page.locator(".widget-gridbox").first
        grid.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        screenshot(page, f"layout-{size}-deal-{notebook[:2]}", full_page=False)
        # each hand (its cards and the caption naming its seat) lies inside the window, none cut off
        _assert_all_shown(page, ".widget-gridbox >> nth=0 >> .fh-card-row-widget", ["North", "East", "South", "West"],
                          f"the {notebook} deal at {width}px")
        _assert_all_shown(page, ".widget-gridbox >> nth=0 >> .fh-card-row-widget .widget-html-content > *", [],
                          f"the {notebook} deal's cards at {width}px")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_table_and_its_auction_show_every_seat(page: Page, voila_url: str, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    open_lesson(page, voila_url, "09-playing-a-whole-hand.ipynb")
    table = page.locator(".fh-table-view").first
    table.locator(".fh-auction-table").wait_for(state="visible")
    table.scroll_into_view_if_needed()
    screenshot(page, f"layout-{size}-09-table", full_page=False)
    seats = ["North", "East", "West"]
    _assert_all_shown(page, ".fh-table-view >> nth=0 >> .fh-seat-panel", seats, f"the lesson 09 felt at {width}px")
    _assert_all_shown(page, ".fh-table-view >> nth=0 >> .fh-auction-table th", [*seats, "South"],
                      f"the lesson 09 auction at {width}px")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_six_player_auction_shows_every_seat(page: Page, voila_url: str, size: str) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    open_lesson(page, voila_url, "16-variants-and-other-player-counts.ipynb")
    six = page.locator(".fh-table-view:has(.fh-players-6)").first
    auction = six.locator(".fh-auction-table")
    auction.wait_for(state="visible")
    # the computer players bid until it is the learner's turn, and each call draws the auction table anew:
    # measure it once the table waits for the learner (scrolling a table being replaced fails "not attached")
    expect(six.locator(".fh-table-status .fh-turn")).to_contain_text("Your turn", timeout=MOVE_TIMEOUT_MS)
    auction.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    screenshot(page, f"layout-{size}-16-six-player-auction", full_page=False)
    seats = ["North-West", "North", "North-East", "South-East", "South", "South-West"]
    _assert_all_shown(page, ".fh-table-view:has(.fh-players-6) .fh-auction-table th", seats,
                      f"the six-player auction at {width}px")
    _assert_all_shown(page, ".fh-table-view:has(.fh-players-6) .fh-seat-panel",
                      [s for s in seats if s != "South"], f"the six-player felt at {width}px")
