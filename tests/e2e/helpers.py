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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Frame, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"

#: how long a page may take to execute server-side and render its widgets
PAGE_TIMEOUT_MS = 60_000

#: text that must never appear on a learner's page
ERROR_TEXTS = (
    "Traceback",
    "There was an error when executing cell",  # what Voila shows when tracebacks are hidden
    "An exception occurred at the server",  # ... and when the kernel died while executing
    "Error displaying widget",
    "Error rendering",
    "Kernel died",
    "kernel has died",
    "Kernel is dead",
    "Dead kernel",
    "Failed to display",
    "Model not found",
    "This part of the page did not load",  # the course template's words for a view that failed twice
)

#: selectors of things that mean a cell failed
ERROR_SELECTORS = (
    '[data-mime-type="application/vnd.jupyter.stderr"]',
    ".jp-OutputArea-output.jp-RenderedText[data-mime-type*='error']",
    ".jupyter-widgets-error-widget",
    ".fh-widget-failed",  # a widget view that failed to draw on two loads (the course template), any language
)


def render_url(voila_url: str, notebook: str) -> str:
    return f"{voila_url}/voila/render/{notebook}"


WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

#: the page's word on its widget views, from the course's page template (``window.fivehundredViews`` in
#: ``share/jupyter/voila/templates/fivehundred/index.html.j2``), so that a test judges a page as the template does:
#: "loading" (a cell still running, an output not yet in the page, a spinner, or fewer than ``expected`` views
#: shown: also a new page, such as the template's reload, still drawing); "failed" (a view reads "Error displaying
#: widget", which the template answers within 250 ms); "final" (its plain sentence: the views failed on two loads);
#: or "drawn".  Until the template's script has run, the page is still loading.
_VIEWS = "(expected) => window.fivehundredViews ? window.fivehundredViews(expected) : 'loading'"
#: true once the page is no longer loading (drawn, or a view failed)
_ALL_WIDGETS_SHOWN = "(expected) => (" + _VIEWS + ")(expected) !== 'loading'"


def count_widget_outputs(html: str) -> int:
    """How many widget outputs a Voila page's HTML carries (one per displayed widget)."""
    return html.count(WIDGET_MIME)


def _page_went_away(exc: PlaywrightError) -> bool:
    """Whether Playwright failed because the page went away under the question: a new page is loading."""
    return "destroyed" in str(exc) or "navigat" in str(exc)


def _views(page: Page, widgets: int) -> str:
    try:
        state: str = page.evaluate(_VIEWS, widgets)
    except PlaywrightError as exc:
        if not _page_went_away(exc):
            raise
        return "loading"
    return state


def wait_rendered(page: Page, *, widgets: int = 0, timeout_ms: int = PAGE_TIMEOUT_MS) -> None:
    """Wait until Voila has executed every cell, shown the page and drawn ``widgets`` widget views.

    A view that fails to draw ("Error displaying widget") makes the course's page template load the page
    again, once in two minutes (``share/jupyter/voila/templates/fivehundred/index.html.j2``).  A learner
    waits for that second page, and so does this: it returns once the page is drawn, or once the template
    has put its plain sentence in place of views that failed twice (which :func:`assert_healthy` reports).
    """
    navigations: list[str] = []

    def navigated(frame: Frame) -> None:
        if frame == page.main_frame:
            navigations.append(frame.url)

    page.on("framenavigated", navigated)
    try:
        for _ in range(3):  # the first page, the template's reload, and one spare
            seen = len(navigations)
            try:
                expect(page.locator("#rendered_cells")).to_be_visible(timeout=timeout_ms)
                expect(page.locator("#loading")).to_have_count(0, timeout=timeout_ms)
                page.wait_for_function(_ALL_WIDGETS_SHOWN, arg=widgets, timeout=timeout_ms)
            except PlaywrightError as exc:
                if not _page_went_away(exc):
                    raise
                continue
            state = _views(page, widgets)
            if state in ("drawn", "final"):
                return
            # failed: the template's answer is a new page or, within two minutes of its last reload, the sentence
            for _ in range(timeout_ms // 250):
                if len(navigations) > seen or _views(page, widgets) == "final":
                    break
                page.wait_for_timeout(250)
            else:
                return  # no answer: assert_healthy reports the failed views
        raise AssertionError(f"the page was loaded again and again without drawing: {navigations}")
    finally:
        page.remove_listener("framenavigated", navigated)


def open_lesson(page: Page, voila_url: str, notebook: str) -> int:
    """Open ``lessons/<notebook>`` in Voila; wait until every cell ran and every widget is drawn.

    Returns the number of widget outputs on the page.
    """
    response = page.goto(render_url(voila_url, notebook), timeout=PAGE_TIMEOUT_MS)
    assert response is not None and response.ok, f"{notebook}: HTTP {response and response.status}"
    widgets = count_widget_outputs(response.text())
    wait_rendered(page, widgets=widgets)
    return widgets


def assert_healthy(page: Page) -> None:
    """No error output, no traceback, no dead kernel and no visible code on the page."""
    text = page.locator("body").inner_text()
    for needle in ERROR_TEXTS:
        assert needle.lower() not in text.lower(), f"page shows {needle!r}:\n{text[:3000]}"
    for selector in ERROR_SELECTORS:
        assert page.locator(selector).count() == 0, f"page has an error element {selector!r}"
    # strip_sources: learners must never see code
    assert page.locator(".jp-InputArea .jp-Editor, .jp-CodeMirrorEditor").count() == 0, "code is visible"
    # Python import lines (not prose such as "from the kitty")
    assert not re.search(r"^\s*(from [\w.]+ import \w+|import [\w.]+(, [\w.]+)*\s*$)", text, re.MULTILINE), "code is visible"


def screenshot(page: Page, name: str, *, full_page: bool = True) -> Path:
    """Save a screenshot of the whole lesson (or, with ``full_page=False``, of
    the window as it is) to artifacts/screenshots/<name>.png.

    Voila's lab template scrolls inside ``#rendered_cells`` rather than the page,
    so a plain full-page screenshot would stop at the window.  The window is
    grown to the content's height for the shot, then put back.
    """
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    if not full_page:
        page.screenshot(path=str(path))
        return path
    viewport = page.viewport_size or {"width": 1280, "height": 900}
    height = page.evaluate(
        "() => { const el = document.getElementById('rendered_cells');"
        " return el ? el.scrollHeight : document.documentElement.scrollHeight; }"
    )
    page.set_viewport_size({"width": viewport["width"], "height": min(max(int(height), viewport["height"]), 20_000)})
    try:
        page.wait_for_timeout(300)  # let the layout settle at the new size
        page.screenshot(path=str(path), full_page=True)
    finally:
        page.set_viewport_size(viewport)
    return path


#: feedback classes the exercise kit sets (match as regular expressions: Playwright treats plain strings literally)
RIGHT = re.compile(r"\bfh-right\b")
WRONG = re.compile(r"\bfh-wrong\b")
#: the table's "whose turn" line, and how long computer moves may take
TURN = ".fh-table-status .fh-turn"
MOVE_TIMEOUT_MS = 30_000


def exercise(page: Page, prompt: str) -> Locator:
    """The one exercise box whose question contains ``prompt``."""
    box = page.locator(".fh-exercise", has_text=prompt)
    expect(box).to_have_count(1)
    return box


def wait_for_decision(page: Page) -> str:
    """Wait at a TableView until it is the learner's turn or the hand is over; return the turn sentence."""
    ready = """() => { const t = document.querySelector('.fh-table-status .fh-turn');
                      return t && /Your turn|is over/.test(t.textContent); }"""
    try:
        try:
            page.wait_for_function(ready, timeout=MOVE_TIMEOUT_MS)
        except PlaywrightTimeoutError:
            # a rare stalled computer move (cause unknown): a learner's next click restarts it, so
            # toggle "Show all hands" twice, as a learner might, and wait once more
            print("wait_for_decision: the table stalled; toggling Show all hands to restart it")
            show = page.locator(".fh-show-all").first
            show.click()
            show.click()
            page.wait_for_function(ready, timeout=MOVE_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        status = page.locator(".fh-table-status").inner_text() if page.locator(".fh-table-status").count() else "-"
        feedback = page.locator(".fh-table-view").first.inner_text()[-600:] if page.locator(".fh-table-view").count() else "-"
        raise AssertionError(f"the table never came back to the learner; status {status!r}; table text {feedback!r}") from None
    return page.locator(TURN).inner_text()


def write_notebook(path: Path, *cells: str) -> None:
    """Write a small Python notebook of ``cells`` (code) to ``path``, for a test's own Voilà server."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, path)


@contextmanager
def voila_serving(pages: Path, log: Path) -> Iterator[str]:
    """A Voilà server on ``pages`` as the course runs it (its command line, ``voila.json``, its template); yields its URL."""
    from tests.conftest import free_port, start_voila, stop_voila, wait_for_voila

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = start_voila(str(pages), port, log)
    try:
        wait_for_voila(proc, url, log)
        yield url
    finally:
        stop_voila(proc)
