"""Helpers shared by the browser tests: open a lesson, wait for it, check it is healthy.

Usage in a test module::

    from .helpers import assert_healthy, open_lesson, screenshot

    def test_something(page, voila_url):
        open_lesson(page, voila_url, "01-the-pack.ipynb")
        ...
        assert_healthy(page)
        screenshot(page, "01-the-pack")
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

#: how long a page may take to execute server-side and render its widgets
PAGE_TIMEOUT_MS = 60_000

#: text that must never appear on a learner's page
ERROR_TEXTS = (
    "Traceback",
    "There was an error when executing cell",  # what Voila shows when tracebacks are hidden
    "Error displaying widget",
    "Error rendering",
    "Kernel died",
    "kernel has died",
    "Kernel is dead",
    "Dead kernel",
    "Failed to display",
    "Model not found",
)

#: selectors of things that mean a cell failed
ERROR_SELECTORS = (
    '[data-mime-type="application/vnd.jupyter.stderr"]',
    ".jp-OutputArea-output.jp-RenderedText[data-mime-type*='error']",
    ".jupyter-widgets.jupyter-widgets-error",
)


def render_url(voila_url: str, notebook: str) -> str:
    return f"{voila_url}/voila/render/{notebook}"


def wait_rendered(page: Page, *, widgets: int = 0) -> None:
    """Wait until Voila has executed every cell and shown the page.

    With ``widgets`` > 0, also wait until at least that many widget views are
    attached (ipywidgets and anywidget views carry the ``jupyter-widgets`` class).
    """
    expect(page.locator("#rendered_cells")).to_be_visible(timeout=PAGE_TIMEOUT_MS)
    expect(page.locator("#loading")).to_have_count(0, timeout=PAGE_TIMEOUT_MS)
    if widgets:
        expect(page.locator(".jupyter-widgets").nth(widgets - 1)).to_be_attached(timeout=PAGE_TIMEOUT_MS)


def open_lesson(page: Page, voila_url: str, notebook: str, *, widgets: int = 0) -> None:
    """Open ``lessons/<notebook>`` in Voila and wait until it is rendered."""
    page.goto(render_url(voila_url, notebook), timeout=PAGE_TIMEOUT_MS)
    wait_rendered(page, widgets=widgets)


def assert_healthy(page: Page) -> None:
    """No error output, no traceback, no dead kernel and no visible code on the page."""
    text = page.locator("body").inner_text()
    for needle in ERROR_TEXTS:
        assert needle.lower() not in text.lower(), f"page shows {needle!r}:\n{text[:3000]}"
    for selector in ERROR_SELECTORS:
        assert page.locator(selector).count() == 0, f"page has an error element {selector!r}"
    # strip_sources: learners must never see code
    assert page.locator(".jp-InputArea .jp-Editor, .jp-CodeMirrorEditor").count() == 0, "code is visible"
    assert not re.search(r"^\s*(from|import) \w+", text, re.MULTILINE), "code is visible"


def screenshot(page: Page, name: str) -> Path:
    """Save a full-page screenshot to artifacts/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
