"""Preheated kernels (voila.json: ``preheat_kernel`` and ``VoilaKernelManager.kernel_pools_config``).

* A page served from a preheated kernel shows exactly what a page Voilà starts on request shows
  (the visible text and the number of widget views), for the pages voila.json preheats and three others (see COMPARED).
* The learner's saved progress is read when the page is asked for, never when its kernel was
  preheated: progress written (or erased) after a kernel was preheated shows as it is now, and a
  preheated lesson nobody opened is not counted as visited.
* A lesson opened twice at once gets two kernels with separate state.
* A closed tab shuts its kernel down at once (started on request or preheated).
* Follow-on preheating (classroom/kernels.py): a lesson open in the browser has the lesson after it
  preheated, its "Next" link is served from that kernel, and the preheated lesson is not counted as
  visited before the learner opens it.

Each test starts its own Voilà from the repository root (so voila.json is read), with its own
progress file.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from conftest import free_port, start_voila, stop_voila, wait_for_voila
from playwright.sync_api import Browser, Page, expect

from widgets.progress import ProgressStore

from .helpers import _ALL_WIDGETS_SHOWN, RIGHT, WRONG, count_widget_outputs, exercise, open_lesson, render_url, wait_rendered

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.name for p in (ROOT / "lessons").glob("[0-9][0-9]-*.ipynb"))
#: the pages compared preheated and cold: the ones voila.json preheats, and three that only a pool for every
#: page would (--pool-all in bench/page_load.py): the whole-hand table (09), the most widgets (11) and six
#: players (16).  Every lesson once took 10 minutes on this 2-core machine and, under load, now and then read
#: a page before one of its card rows was drawn; these seven cover what each kind of page does.
POOLED = sorted(nb for nb, cfg in json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))["VoilaKernelManager"]
                ["kernel_pools_config"].items() if nb != "default" and cfg.get("pool_size", 0) > 0)
COMPARED = sorted({*POOLED, "09-playing-a-whole-hand.ipynb", "11-misere.ipynb", "16-variants-and-other-player-counts.ipynb"})
USED = re.compile(r"Using pre-heated kernel: ([\w-]+) for (\S+)$", re.M)
POOL_TIMEOUT_S = 420.0


class Server:
    """A Voilà on the lessons with extra options and its own progress file."""

    def __init__(self, tmp: Path, *extra: str) -> None:
        self.progress = tmp / "progress" / "progress.json"
        self.log = tmp / "voila.log"
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        saved = os.environ.get("FIVEHUNDRED_PROGRESS")
        os.environ["FIVEHUNDRED_PROGRESS"] = str(self.progress)  # the server and its kernels inherit it
        try:
            self.proc = start_voila("lessons", port, self.log, *extra)
        finally:
            if saved is None:
                os.environ.pop("FIVEHUNDRED_PROGRESS", None)
            else:
                os.environ["FIVEHUNDRED_PROGRESS"] = saved
        wait_for_voila(self.proc, self.url, self.log)

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_for_pools(self, notebooks: list[str], fills: int = 1) -> None:
        """Wait until each notebook's pool has been filled ``fills`` times (Voilà logs each fill)."""
        deadline = time.monotonic() + POOL_TIMEOUT_S
        while time.monotonic() < deadline:
            text = self.text()
            if all(text.count(f"Kernel pool of {nb} is filled") >= fills for nb in notebooks):
                return
            time.sleep(0.5)
        raise AssertionError(f"pools not filled within {POOL_TIMEOUT_S} s:\n{self.text()[-3000:]}")

    def preheated(self, notebook: str) -> list[str]:
        """The preheated kernels handed to requests for ``notebook`` so far."""
        return [kid for kid, nb in USED.findall(self.text()) if nb == notebook]

    def stop(self) -> None:
        stop_voila(self.proc)


def _pools_config(tmp: Path, pools: dict[str, int], fill_delay: float) -> list[str]:
    """Voilà options adding a voila.json (read before the repository's) with these pools."""
    folder = tmp / "config"
    folder.mkdir()
    config = {"VoilaConfiguration": {"preheat_kernel": True},
              "VoilaKernelManager": {"fill_delay": fill_delay,
                                     "kernel_pools_config": {"default": {"pool_size": 0},
                                                             **{nb: {"pool_size": n} for nb, n in pools.items()}}}}
    (folder / "voila.json").write_text(json.dumps(config), encoding="utf-8")
    return [f"--Voila.config_file_paths={folder}", f"--Voila.config_file_paths={ROOT}"]


def _seen(page: Page) -> tuple[str, int]:
    """The page's visible text (spaces folded) and its number of widget views."""
    return (re.sub(r"\s+", " ", page.locator("#rendered_cells").inner_text()).strip(),
            page.locator(".jupyter-widgets").count())


def _settled(page: Page) -> tuple[str, int]:
    """The page's visible text and widget views, once they stop changing (computer players may still move)."""
    last: tuple[str, int] | None = None
    same = 0
    for _ in range(120):  # the same for 3 s (a computer player's move comes within its pace, under 2 s)
        now = _seen(page)
        same = same + 1 if now == last else 0
        if same >= 6:
            return now
        last = now
        page.wait_for_timeout(500)
    assert last is not None
    return last


def _catch_up(page: Page, seen: tuple[str, int], other: tuple[str, int]) -> tuple[str, int]:
    """What ``page`` shows once it shows ``other``, or after 90 s more if it never does.

    On a loaded 2-core machine a page's nested views can stop being drawn for more than the 3 s that
    :func:`_settled` waits (a fresh-clone run read lesson 09 cold at 117 of its 200 views, and lesson 11
    preheated at 200 of 295); a page that is only slower catches up here, a page that differs does not.
    """
    deadline = time.monotonic() + 90
    while seen != other and time.monotonic() < deadline:
        page.wait_for_timeout(1000)
        seen = _seen(page)
    return seen


@contextmanager
def _opened(browser: Browser, url: str, notebook: str) -> Iterator[Page]:
    """``notebook`` opened from ``url`` in a new browser context and drawn; closed (and its kernel shut down) after."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        # a longer wait than open_lesson's: the preheated server refills its pools meanwhile (a loaded 2-core machine)
        response = page.goto(render_url(url, notebook), timeout=180_000)
        assert response is not None and response.ok, f"{notebook}: HTTP {response and response.status}"
        wait_rendered(page, widgets=count_widget_outputs(response.text()), timeout_ms=180_000)
        yield page
    finally:
        page.close(run_before_unload=True)  # Voilà shuts the page's kernel down
        context.close()


@pytest.fixture()
def preheated_and_cold(tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two servers: every compared page with a pool of one, and no pools."""
    (tmp_path / "hot").mkdir()
    (tmp_path / "cold").mkdir()
    # the pools sit outside the kernel cap, and the pages' kernels are shut down as each page closes: no cap needed
    # no refill while the pages are compared (each is asked for once): 20 refills at once on two cores made
    # a page wait past its timeout
    # no follow-on preheating either (each compared page would start a kernel for the lesson after it, which
    # is not compared): the follow-on kernels are the same pools, and the test below covers them
    hot = Server(tmp_path / "hot", *_pools_config(tmp_path / "hot", {nb: 1 for nb in COMPARED}, fill_delay=3600),
                 "--CappedKernelManager.max_kernels=0", "--CappedKernelManager.follow_on=False")
    try:
        cold = Server(tmp_path / "cold", "--VoilaConfiguration.preheat_kernel=False")
        try:
            hot.wait_for_pools(COMPARED)
            yield hot, cold
        finally:
            cold.stop()
    finally:
        hot.stop()


def test_a_preheated_page_shows_what_a_page_started_on_request_shows(preheated_and_cold: tuple[Server, Server],
                                                                     browser: Browser) -> None:
    hot, cold_server = preheated_and_cold
    assert len(POOLED) >= 4 and set(POOLED) <= set(LESSONS) and set(COMPARED) <= set(LESSONS)
    for notebook in COMPARED:
        with ExitStack() as pages:
            try:
                hot_page = pages.enter_context(_opened(browser, hot.url, notebook))
                preheated = _settled(hot_page)
            except Exception as err:  # name the page (Playwright's timeout does not)
                raise AssertionError(f"{notebook}: the preheated page did not finish ({err})\n{hot.text()[-3000:]}") from err
            assert len(hot.preheated(notebook)) == 1, f"{notebook}: not served from its pool"
            cold_page = pages.enter_context(_opened(browser, cold_server.url, notebook))
            cold = _settled(cold_page)
            assert cold_server.preheated(notebook) == []
            if preheated != cold:  # whichever page is behind gets time to catch up
                if preheated[1] < cold[1]:
                    preheated = _catch_up(hot_page, preheated, cold)
                else:
                    cold = _catch_up(cold_page, cold, preheated)
            assert preheated[1] == cold[1] and cold[1] > 0, f"{notebook}: {preheated[1]} widget views preheated, {cold[1]} cold"
            assert preheated[0] == cold[0], f"{notebook}: the text differs"


def _contents_progress(page: Page) -> str:
    return page.locator(".fh-progress").inner_text()


def test_progress_is_read_when_the_page_is_asked_for_not_when_its_kernel_was_preheated(
        tmp_path: Path, page: Page) -> None:
    store = ProgressStore(tmp_path / "progress" / "progress.json")
    store.register("03", ["03-trumps/a"])
    store.record("03-trumps/a", right=True)  # an earlier learner's progress, there while the pools fill
    server = Server(tmp_path, *_pools_config(tmp_path, {"00-welcome.ipynb": 1, "01-the-pack.ipynb": 1,
                                                        "18-free-play.ipynb": 1}, fill_delay=1))
    try:
        server.wait_for_pools(["00-welcome.ipynb", "01-the-pack.ipynb", "18-free-play.ipynb"])
        time.sleep(15)  # time for the pooled kernels to run their pages as far as they can
        store.reset()  # erased after the kernels were preheated
        open_lesson(page, server.url, "00-welcome.ipynb")
        assert len(server.preheated("00-welcome.ipynb")) == 1
        expect(page.locator(".fh-progress")).to_contain_text("Nothing yet")
        assert "Trumps" not in _contents_progress(page)
        # a preheated lesson that nobody opened has not been counted as visited
        assert ProgressStore(store.path).data()["lessons"] == {}

        store.register("02", ["02-tricks-and-following-suit/a", "02-tricks-and-following-suit/b"])
        store.record("02-tricks-and-following-suit/a", right=True)  # written after the refill below started
        server.wait_for_pools(["00-welcome.ipynb"], fills=2)
        time.sleep(10)
        open_lesson(page, server.url, "00-welcome.ipynb")
        assert len(server.preheated("00-welcome.ipynb")) == 2
        row = page.locator('.fh-progress tr[data-lesson="02"]')
        expect(row).to_contain_text("1 of 2 exercises")
        assert page.locator('.fh-progress tr[data-lesson="03"]').count() == 0

        open_lesson(page, server.url, "01-the-pack.ipynb")  # now lesson 01 is visited
        assert len(server.preheated("01-the-pack.ipynb")) == 1
        deadline = time.monotonic() + 30
        while "01" not in ProgressStore(store.path).data()["lessons"] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(ProgressStore(store.path).data()["lessons"]["01"]) >= 5
    finally:
        server.stop()


def test_a_lesson_opened_twice_at_once_gets_two_kernels_with_separate_state(tmp_path: Path, browser: Browser) -> None:
    server = Server(tmp_path, *_pools_config(tmp_path, {"01-the-pack.ipynb": 1}, fill_delay=1))
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        server.wait_for_pools(["01-the-pack.ipynb"])
        pages = [c.new_page() for c in contexts]
        url = render_url(server.url, "01-the-pack.ipynb")
        for p in pages:  # both requests go out before either page has finished
            p.goto(url, wait_until="commit", timeout=60_000)
        for p in pages:
            expect(p.locator("#loading")).to_have_count(0, timeout=60_000)
            expect(p.locator(".fh-exercise", has_text="Six people want to play")).to_have_count(1, timeout=60_000)
        kernels = [p.evaluate("() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
                   for p in pages]
        assert kernels[0] and kernels[1] and kernels[0] != kernels[1]
        # the first from the pool; the second from the pool's refill if it was ready in time, else started on request
        assert kernels[0] in server.preheated("01-the-pack.ipynb")

        first, second = (exercise(p, "Six people want to play") for p in pages)
        first.locator(".fh-option", has_text="43").click()
        expect(first.locator(".fh-feedback")).to_have_class(WRONG)
        second.locator(".fh-option", has_text="63").click()
        expect(second.locator(".fh-feedback")).to_have_class(RIGHT)
        expect(first.locator(".fh-feedback")).to_have_class(WRONG)  # each page kept its own answer
        expect(second.locator(".fh-feedback")).not_to_contain_text("43 cards")
    finally:
        for c in contexts:
            c.close()
        server.stop()


def test_closing_a_tab_shuts_its_kernel_down_at_once(tmp_path: Path, browser: Browser) -> None:
    """A learner closes the tab: the page's own shutdown request reaches Voilà (it carries the ``_xsrf``
    cookie that classroom.kernels.PageIdentityProvider sets; Voilà sets none itself, so every such
    request used to get 403 and the kernel lived until the cull), for a page started on request and for
    a preheated one."""
    from classroom.kernel_client import kernel_id_of

    server = Server(tmp_path, *_pools_config(tmp_path, {"01-the-pack.ipynb": 1}, fill_delay=3600))
    try:
        server.wait_for_pools(["01-the-pack.ipynb"])
        for notebook in ("03-trumps.ipynb", "01-the-pack.ipynb"):
            context = browser.new_context()
            page = context.new_page()
            response = page.goto(render_url(server.url, notebook), timeout=180_000)
            assert response is not None and response.ok
            kernel_id = kernel_id_of(response.text())
            assert kernel_id, f"{notebook}: no kernel id in the page"
            expect(page.locator("#loading")).to_have_count(0, timeout=180_000)
            # the page's unload handler is set once its widget manager has connected: wait for the widgets
            page.wait_for_function(_ALL_WIDGETS_SHOWN, arg=count_widget_outputs(response.text()), timeout=180_000)
            assert f"Kernel shutdown: {kernel_id}" not in server.text()
            page.close(run_before_unload=True)
            deadline = time.monotonic() + 20
            while f"Kernel shutdown: {kernel_id}" not in server.text() and time.monotonic() < deadline:
                time.sleep(0.2)
            context.close()
            assert f"Kernel shutdown: {kernel_id}" in server.text(), f"{notebook}: the closed tab's kernel lives on"
        assert "403 POST /voila/api/shutdown" not in server.text()
        assert len(server.preheated("01-the-pack.ipynb")) == 1
    finally:
        server.stop()


def test_the_lesson_after_an_open_page_is_preheated_and_its_next_link_is_served_from_it(tmp_path: Path, page: Page) -> None:
    server = Server(tmp_path, *_pools_config(tmp_path, {}, fill_delay=3600))  # no pools but the follow-on ones
    try:
        open_lesson(page, server.url, "02-tricks-and-following-suit.ipynb")
        server.wait_for_pools(["03-trumps.ipynb"])
        assert "Preheating 03-trumps.ipynb, the lesson after 02-tricks-and-following-suit.ipynb" in server.text()
        time.sleep(5)  # the preheated kernel runs lesson 03 as far as it can before anyone asks for it
        assert "03" not in ProgressStore(server.progress).data()["lessons"], "a preheated lesson counted as visited"

        with page.expect_navigation(timeout=180_000) as navigation:
            page.get_by_role("link", name="Next: Trumps »").first.click()
        response = navigation.value
        assert response is not None and response.ok
        widgets = count_widget_outputs(response.text())
        assert widgets > 0
        wait_rendered(page, widgets=widgets, timeout_ms=180_000)
        assert len(server.preheated("03-trumps.ipynb")) == 1, "the Next link was not served from the preheated kernel"
        expect(page.locator("#rendered_cells")).to_contain_text("Trumps")
        deadline = time.monotonic() + 30  # opened, lesson 03 registers its exercises
        while "03" not in ProgressStore(server.progress).data()["lessons"] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert "03" in ProgressStore(server.progress).data()["lessons"]
        started = "Preheating 04-the-bowers.ipynb, the lesson after 03-trumps.ipynb"  # follow_on_delay after it connected
        while started not in server.text() and time.monotonic() < deadline + 30:
            time.sleep(0.2)
        assert started in server.text()
    finally:
        server.stop()
