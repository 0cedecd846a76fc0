"""A widget view that fails to draw: the page loads itself again, once, then says so in plain words.

Now and then, on a busy machine, Voilà's widget manager draws some of a page's widgets as "Error
displaying widget: model not found" although the kernel holds those models (3 pages in 326 in
``bench/widget_soak.py`` at load 7-8).  The course's page template (``share/jupyter/voila/templates/
fivehundred/index.html.j2``) then loads the page again, once; if the second load fails too, each failed
view reads a sentence in the page's language, and the page is not loaded again.  A tab loads a page again by
itself at most once in two minutes.

The failure here is made on purpose, not waited for: a page displays a widget view of a model that
does not exist, which fails the same way on every load.  A widget whose model the manager cannot build
is drawn as ipywidgets' error widget ("Click to show javascript error") instead, wherever it sits; the
template treats it the same way.  A page that draws well is never reloaded.

This file starts its own Voilà server (the course's command line and template) on a folder of small
notebooks written here.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from .helpers import PAGE_TIMEOUT_MS, assert_healthy, count_widget_outputs, render_url, voila_serving, wait_rendered, write_notebook

pytestmark = pytest.mark.e2e

_ALIVE = 'import ipywidgets as w\ndisplay(w.HTML("a widget that draws", _dom_classes=("alive",)))'
#: a view of a model no kernel holds: the widget manager draws "Error displaying widget: model not found"
_DEAD = ('display({"application/vnd.jupyter.widget-view+json": {"model_id": "f" * 32, "version_major": 2, '
         '"version_minor": 0}, "text/plain": "a view of no model"}, raw=True)')

#: a widget whose model the widget manager cannot build (a model class its module does not have), inside a box:
#: the manager draws ipywidgets' error widget ("Click to show javascript error") where the widget should be
_UNBUILT = (
    "from traitlets import Unicode\n\n"
    "class Unbuildable(w.DOMWidget):\n"
    "    _model_name = Unicode('NoSuchModel').tag(sync=True)\n"
    "    _model_module = Unicode('@jupyter-widgets/controls').tag(sync=True)\n"
    "    _model_module_version = Unicode(w._version.__jupyter_widgets_controls_version__).tag(sync=True)\n\n"
    "display(w.HBox((w.HTML('beside it', _dom_classes=('beside',)), Unbuildable())))"
)

#: fails on every other run of the page (the first, the third, ...): a run count kept beside the notebook
_FLAKY = ('from pathlib import Path\nruns = Path("runs.txt")\nn = int(runs.read_text()) if runs.exists() else 0\n'
          'runs.write_text(str(n + 1))\nif n % 2 == 0:\n    ' + _DEAD)

#: as _FLAKY, but a good run draws a second widget in place of the failed view, so both runs show as many
#: views (as a lesson's do): the browser tests' wait counts them
_FLAKY_SAME = _FLAKY + '\nelse:\n    display(w.HTML("drawn on the second load", _dom_classes=("second",)))'

ENGLISH = "This part of the page did not load. Reload the page to try again."
SLOVAK = "Táto časť stránky sa nenačítala. Načítajte stránku znova a skúste to ešte raz."


@pytest.fixture(scope="module")
def recovery_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("widget-recovery")
    pages = folder / "pages"
    (pages / "sk").mkdir(parents=True)
    write_notebook(pages / "broken.ipynb", _ALIVE, _DEAD)
    write_notebook(pages / "sk" / "broken.ipynb", _ALIVE, _DEAD)
    write_notebook(pages / "fine.ipynb", _ALIVE)
    write_notebook(pages / "unbuilt.ipynb", _ALIVE, _UNBUILT)
    write_notebook(pages / "flaky.ipynb", _ALIVE, _FLAKY)
    (pages / "wait").mkdir()  # a flaky page with its own run count
    write_notebook(pages / "wait" / "flaky.ipynb", _ALIVE, _FLAKY_SAME)
    with voila_serving(pages, folder / "voila.log") as url:
        yield url


def _wait_loads(page: Page, loads: list[str], n: int) -> None:
    """Wait (up to the page timeout) until the page has loaded ``n`` times."""
    for _ in range(PAGE_TIMEOUT_MS // 250):
        if len(loads) >= n:
            return
        page.wait_for_timeout(250)


def _loads(page: Page) -> list[str]:
    """The page's main-frame loads, counted from now on."""
    seen: list[str] = []
    page.on("load", lambda p: seen.append(p.url))
    return seen


@pytest.mark.parametrize(("notebook", "words"), [("broken.ipynb", ENGLISH), ("sk/broken.ipynb", SLOVAK)])
def test_a_view_that_fails_to_draw_reloads_the_page_once_then_says_so_in_the_page_language(
    page: Page, recovery_voila: str, notebook: str, words: str
) -> None:
    loads = _loads(page)
    page.goto(render_url(recovery_voila, notebook), timeout=PAGE_TIMEOUT_MS)
    failed = page.locator(".fh-widget-failed")
    expect(failed).to_have_text(words, timeout=PAGE_TIMEOUT_MS)
    page.wait_for_timeout(2_000)  # long enough for a third load to have begun, were there one
    assert len(loads) == 2, f"loaded {len(loads)} times: {loads}"
    assert failed.count() == 1
    body = page.locator("body").inner_text()
    assert "Error displaying widget" not in body and "model not found" not in body
    expect(page.locator(".alive")).to_have_text("a widget that draws")  # the rest of the page is drawn


def test_a_widget_whose_model_cannot_be_built_reloads_the_page_once_then_says_so(page: Page, recovery_voila: str) -> None:
    loads = _loads(page)
    page.goto(render_url(recovery_voila, "unbuilt.ipynb"), timeout=PAGE_TIMEOUT_MS)
    failed = page.locator(".fh-widget-failed")
    expect(failed).to_have_text(ENGLISH, timeout=PAGE_TIMEOUT_MS)
    page.wait_for_timeout(2_000)  # long enough for a third load to have begun, were there one
    assert len(loads) == 2, f"loaded {len(loads)} times: {loads}"
    assert failed.count() == 1 and page.locator(".jupyter-widgets-error-widget").count() == 0
    assert "javascript error" not in page.locator("body").inner_text()
    expect(page.locator(".beside")).to_have_text("beside it")  # the rest of the box, and of the page, is drawn
    expect(page.locator(".alive")).to_have_text("a widget that draws")


def test_a_page_whose_widgets_all_draw_is_never_reloaded(page: Page, recovery_voila: str) -> None:
    loads = _loads(page)
    page.goto(render_url(recovery_voila, "fine.ipynb"), timeout=PAGE_TIMEOUT_MS)
    expect(page.locator(".alive")).to_have_text("a widget that draws", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_timeout(5_000)
    assert len(loads) == 1, f"loaded {len(loads)} times: {loads}"
    assert page.locator(".fh-widget-failed").count() == 0
    assert page.evaluate("() => sessionStorage.getItem('fivehundred-reloaded:' + location.pathname)") is None  # never set


def test_a_failure_soon_after_a_reload_is_not_reloaded_but_one_two_minutes_later_is(
    page: Page, recovery_voila: str
) -> None:
    loads = _loads(page)
    url = render_url(recovery_voila, "flaky.ipynb")
    alive = page.locator(".alive")
    failed = page.locator(".fh-widget-failed")
    key = "'fivehundred-reloaded:' + location.pathname"
    page.goto(url, timeout=PAGE_TIMEOUT_MS)  # run 1 fails, the reload's run 2 draws
    _wait_loads(page, loads, 2)
    expect(alive).to_have_text("a widget that draws", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_timeout(2_000)
    assert len(loads) == 2 and failed.count() == 0, loads
    page.evaluate(f"() => sessionStorage.setItem({key}, String(Date.now() - 180000))")  # that reload: 3 minutes ago
    page.goto(url, timeout=PAGE_TIMEOUT_MS)  # run 3 fails and is loaded again; run 4 draws
    _wait_loads(page, loads, 4)
    expect(alive).to_have_text("a widget that draws", timeout=PAGE_TIMEOUT_MS)
    page.wait_for_timeout(2_000)
    assert len(loads) == 4 and failed.count() == 0, loads
    page.goto(url, timeout=PAGE_TIMEOUT_MS)  # run 5 fails a moment after the last reload: words, no reload
    expect(failed).to_have_text(ENGLISH, timeout=PAGE_TIMEOUT_MS)
    page.wait_for_timeout(2_000)
    assert len(loads) == 5, loads


def test_the_browser_tests_wait_for_the_reload_as_a_learner_does(page: Page, recovery_voila: str) -> None:
    """``wait_rendered`` (every lesson test's wait) returns the page the template loaded again, drawn whole,
    not the first page with its failed view; and after a second failure it returns the sentence for
    ``assert_healthy`` to report."""
    loads = _loads(page)
    response = page.goto(render_url(recovery_voila, "wait/flaky.ipynb"), timeout=PAGE_TIMEOUT_MS)  # run 1 fails
    assert response is not None
    widgets = count_widget_outputs(response.text())
    assert widgets == 2
    wait_rendered(page, widgets=widgets)
    assert len(loads) == 2, loads  # the reload's run 2 draws
    expect(page.locator(".alive")).to_have_text("a widget that draws")
    expect(page.locator(".second")).to_have_text("drawn on the second load")
    assert_healthy(page)

    loads.clear()
    page.goto(render_url(recovery_voila, "broken.ipynb"), timeout=PAGE_TIMEOUT_MS)
    wait_rendered(page, widgets=2)
    assert len(loads) == 2, loads
    expect(page.locator(".fh-widget-failed")).to_have_text(ENGLISH)
    with pytest.raises(AssertionError, match="This part of the page did not load"):
        assert_healthy(page)
