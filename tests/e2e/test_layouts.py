"""Every lesson at a laptop size (1366×768) and a phone size (390×844): no sideways scrolling, and a
screenshot of each for a person to look at (artifacts/screenshots/layout-<size>-<lesson>.png)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from .helpers import ROOT, assert_healthy, open_lesson, screenshot

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
