"""The local course (``make course``: standalone Voila with voila.json) is reachable only from
this machine's own pages, and page requests cannot exhaust its memory.

* DNS rebinding: a request whose ``Host`` is another site's name is refused (403), and so is a
  kernel websocket opened with another site's ``Origin`` or ``Host``; the same requests with
  127.0.0.1 / localhost pass (so the refusals are not just a broken server).
* The kernel cap (classroom/kernels.py): at the cap, a closed page's kernel makes room for a new
  page; when every kernel has its page open, a new page is refused with 503.
* Follow-on preheating: a page a browser has open gets the lesson after it preheated, and no
  more than ``follow_on_limit`` such kernels wait at once.
* The cull: a kernel whose page has gone is shut down within a minute of its last connection,
  with voila.json's own settings; a page that closes normally shuts its kernel down at once.

Voila is started as tools/serve.py starts it (from the repository root, so voila.json is read),
on a folder holding one tiny notebook, so that kernels start quickly.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
import psutil
import pytest
import requests
import websocket

from classroom.kernel_client import kernel_id_of
from classroom.kernels import FULL_MESSAGE, next_lesson

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import serve

ROOT = Path(__file__).resolve().parents[2]
VOILA_JSON = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
EVIL = "evil.example"


def tiny_notebook(folder: Path, name: str = "tiny.ipynb", source: str = "x = 6 * 7\nx") -> str:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, folder / name)
    return name


class Voila:
    """Voila on ``<folder>`` as tools/serve.py runs it (``python -m classroom.language_links``, cwd: the repository root), plus options."""

    def __init__(self, folder: Path, log: Path, *extra: str) -> None:
        self.port = serve.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        argv = [*serve.voila_argv(self.port), *extra]
        argv[argv.index("lessons")] = str(folder)
        with log.open("wb") as out:
            self.proc = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        self.log = log
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, log.read_text(errors="replace")
            try:
                if requests.get(self.url + "/voila/templates/lab/static/voila.js", timeout=2).ok:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"voila did not start: {log.read_text(errors='replace')}")

    def kernels(self, kernel_id: str = "") -> list[int]:
        """Process ids of the kernels alive now (only ``kernel_id``'s, if given: its connection file's name)."""
        alive = []
        for p in psutil.Process(self.proc.pid).children(recursive=True):
            try:
                if p.status() != psutil.STATUS_ZOMBIE and "ipykernel" in (cmd := " ".join(p.cmdline())) and kernel_id in cmd:
                    alive.append(p.pid)
            except psutil.NoSuchProcess:
                pass
        return alive

    def open_page(self, notebook: str) -> str:
        response = requests.get(f"{self.url}/voila/render/{notebook}", timeout=120)
        assert response.status_code == 200, response.text[-500:]
        kernel_id = kernel_id_of(response.text)
        assert kernel_id, "no kernel id in the page"
        return kernel_id

    def ws_url(self, kernel_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/api/kernels/{kernel_id}/channels?session_id=t{time.monotonic_ns()}"

    def connect(self, kernel_id: str) -> websocket.WebSocket:
        """The page's websocket as its own page opens it (same origin)."""
        return websocket.create_connection(self.ws_url(kernel_id), origin=self.url, timeout=60)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Voila, str]]:
    folder = tmp_path_factory.mktemp("course")
    notebook = tiny_notebook(folder)
    voila = Voila(folder, folder / "voila.log")
    try:
        yield voila, notebook
    finally:
        voila.stop()


def ws_status(url: str, **kwargs: str) -> int:
    """The HTTP status of a websocket handshake (101 if it opened)."""
    try:
        ws = websocket.create_connection(url, timeout=30, **kwargs)  # type: ignore[arg-type]
    except websocket.WebSocketBadStatusException as exc:
        return int(exc.status_code)
    ws.close()
    return 101


def test_voila_json_limits_kernels_and_culls_closed_pages_within_a_minute() -> None:
    assert VOILA_JSON["Voila"]["tornado_settings"]["allow_remote_access"] is False
    assert VOILA_JSON["VoilaConfiguration"]["multi_kernel_manager_class"] == "classroom.kernels.CappedKernelManager"
    assert VOILA_JSON["CappedKernelManager"]["max_kernels"] == 8
    cull = VOILA_JSON["MappingKernelManager"]
    assert cull["cull_connected"] is False and cull["cull_busy"] is False
    assert cull["cull_idle_timeout"] + cull["cull_interval"] <= 60


def test_a_foreign_host_is_refused_and_starts_no_kernel(course: tuple[Voila, str]) -> None:
    voila, notebook = course
    before = voila.kernels()
    for host in (f"{EVIL}:{voila.port}", EVIL, f"127.0.0.1.{EVIL}:{voila.port}"):
        for path in (f"/voila/render/{notebook}", "/voila/tree", f"/voila/api/shutdown/{'0' * 32}"):
            response = requests.get(voila.url + path, headers={"Host": host}, timeout=60)
            assert response.status_code == 403, (host, path, response.status_code)
    assert voila.kernels() == before
    # this machine's own names pass
    for host in (f"127.0.0.1:{voila.port}", f"localhost:{voila.port}", f"[::1]:{voila.port}"):
        assert requests.get(voila.url + "/voila/tree", headers={"Host": host}, timeout=60).status_code == 200, host


def test_a_websocket_from_another_origin_or_host_is_refused(course: tuple[Voila, str]) -> None:
    voila, notebook = course
    kernel_id = voila.open_page(notebook)
    url = voila.ws_url(kernel_id)
    # another site's page (its Origin), and a rebound name (Host and Origin both the other site's)
    assert ws_status(url, origin=f"http://{EVIL}") == 403
    assert ws_status(url, origin=f"http://{EVIL}:{voila.port}") == 403
    assert ws_status(url, host=f"{EVIL}:{voila.port}", origin=f"http://{EVIL}:{voila.port}") == 403
    # the page's own origin opens it
    assert ws_status(url, origin=voila.url) == 101
    assert ws_status(url, origin=f"http://localhost:{voila.port}", host=f"localhost:{voila.port}") == 101


def test_a_closed_pages_kernel_is_culled_within_a_minute_of_its_last_connection(course: tuple[Voila, str]) -> None:
    voila, notebook = course
    kernel_id = voila.open_page(notebook)
    ws = voila.connect(kernel_id)
    assert len(voila.kernels(kernel_id)) == 1
    time.sleep(15)  # longer than a cull interval: an open page keeps its kernel
    assert len(voila.kernels(kernel_id)) == 1
    ws.close()  # the tab is closed (without the page's own shutdown request)
    closed = time.monotonic()
    while voila.kernels(kernel_id) and time.monotonic() - closed < 75:
        time.sleep(1)
    waited = time.monotonic() - closed
    assert not voila.kernels(kernel_id), f"the closed page's kernel still lives {waited:.0f} s after"
    assert waited <= 60, f"the closed page's kernel lived {waited:.0f} s after its page closed"


def test_a_page_s_own_shutdown_on_closing_its_tab_stops_its_kernel_and_nobody_else_s_post_does(
        course: tuple[Voila, str]) -> None:
    """Closing a tab: the page posts /voila/api/shutdown/<kernel> with its ``_xsrf`` cookie's value (its
    beacon's form).  Voilà sets no such cookie itself (voila-dashboards/voila#1458), so every such post was
    refused with 403 and closed pages' kernels lived until the cull; classroom.kernels.PageIdentityProvider
    gives each page the cookie.  A post without the token, or with another value, is still refused."""
    voila, notebook = course
    session = requests.Session()
    page = session.get(f"{voila.url}/voila/render/{notebook}", timeout=120)
    assert page.status_code == 200
    token = session.cookies.get("_xsrf")
    assert token, f"the page set no _xsrf cookie: {page.headers.get('Set-Cookie')}"
    kernel_id = kernel_id_of(page.text)
    assert len(voila.kernels(kernel_id)) == 1
    shutdown = f"{voila.url}/voila/api/shutdown/{kernel_id}"
    # another site cannot read the cookie: a post without the token, or with a made-up one, is refused
    assert requests.post(shutdown, timeout=30).status_code == 403
    assert session.post(shutdown, files={"_xsrf": (None, "2|made|up|0")}, timeout=30).status_code == 403
    assert len(voila.kernels(kernel_id)) == 1
    assert session.post(shutdown, files={"_xsrf": (None, token)}, timeout=30).status_code == 204
    deadline = time.monotonic() + 15
    while voila.kernels(kernel_id) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not voila.kernels(kernel_id), "the page's own shutdown left its kernel running"


def test_the_kernel_cap_makes_room_from_closed_pages_and_refuses_when_all_are_open(
        tmp_path: Path) -> None:
    notebook = tiny_notebook(tmp_path)
    cap = 3
    voila = Voila(tmp_path, tmp_path / "voila.log", f"--CappedKernelManager.max_kernels={cap}",
                  "--CappedKernelManager.evict_after=1")
    sockets: list[websocket.WebSocket] = []
    try:
        # cap + 2 bare page requests (what an <img> tag on another site sends): never more than the cap alive
        for _ in range(cap + 2):
            voila.open_page(notebook)
            time.sleep(1.2)  # older than evict_after
            assert len(voila.kernels()) <= cap
        assert len(voila.kernels()) == cap
        # pages that stay open are never shut down to make room: the one past the cap is refused
        for _ in range(cap):
            sockets.append(voila.connect(voila.open_page(notebook)))
            time.sleep(1.2)
        assert len(voila.kernels()) == cap
        refused = requests.get(f"{voila.url}/voila/render/{notebook}", timeout=120)
        assert refused.status_code == 503
        assert FULL_MESSAGE in refused.text
        assert len(voila.kernels()) == cap
        # a learner closes a tab: the next page gets its kernel
        sockets.pop().close()
        time.sleep(1.5)
        voila.open_page(notebook)
        assert len(voila.kernels()) == cap
    finally:
        for ws in sockets:
            ws.close()
        voila.stop()


def _pool_of_one(voila: Voila) -> list[int]:
    """The one kernel of the welcome page's pool, once Voilà has started it."""
    deadline = time.monotonic() + 60
    while len(voila.kernels()) < 1 and time.monotonic() < deadline:
        time.sleep(0.5)
    pooled = voila.kernels()
    assert len(pooled) == 1, "the welcome page's pool holds one kernel"
    return pooled


def test_a_preheated_kernel_is_neither_counted_nor_shut_down_to_make_room(tmp_path: Path) -> None:
    """voila.json preheats a kernel for the welcome page; a burst of bare requests for other pages fills the
    cap and evicts their own kernels, never the pool's, which the welcome page then gets."""
    notebook = tiny_notebook(tmp_path)
    (tmp_path / notebook).rename(tmp_path / "00-welcome.ipynb")  # a page voila.json gives a pool of one
    notebook = tiny_notebook(tmp_path)
    assert VOILA_JSON["VoilaConfiguration"]["preheat_kernel"] is True
    assert VOILA_JSON["VoilaKernelManager"]["kernel_pools_config"]["00-welcome.ipynb"]["pool_size"] == 1
    cap = 2
    voila = Voila(tmp_path, tmp_path / "voila.log", f"--CappedKernelManager.max_kernels={cap}",
                  "--CappedKernelManager.evict_after=1")
    try:
        pooled = _pool_of_one(voila)
        for _ in range(cap + 2):
            voila.open_page(notebook)
            time.sleep(1.2)  # older than evict_after
            alive = voila.kernels()
            assert pooled[0] in alive, "a pooled kernel was shut down to make room"
            assert len(alive) <= cap + 1, f"{len(alive)} kernels: the cap counts only kernels outside the pool"
        welcome = voila.open_page("00-welcome.ipynb")
        assert voila.kernels(welcome) == pooled, "the welcome page did not get its preheated kernel"
        assert "Using pre-heated kernel" in voila.log.read_text(errors="replace")
    finally:
        voila.stop()


def test_a_kernel_taken_from_its_pool_is_not_culled_before_its_page_connects(tmp_path: Path) -> None:
    """A pooled kernel sits idle for longer than the cull allows; the page that takes it still finds it
    (its idle time starts when the page takes it), and a page that never connects is culled after all."""
    notebook = tiny_notebook(tmp_path)
    (tmp_path / notebook).rename(tmp_path / "00-welcome.ipynb")  # a page voila.json gives a pool of one
    cull = 4
    voila = Voila(tmp_path, tmp_path / "voila.log", f"--MappingKernelManager.cull_idle_timeout={cull}",
                  "--MappingKernelManager.cull_interval=1", "--VoilaKernelManager.fill_delay=600")
    try:
        pooled = _pool_of_one(voila)
        time.sleep(cull + 3)  # idle in its pool for longer than the cull allows
        assert voila.kernels() == pooled, "a kernel waiting in its pool was culled"
        welcome = voila.open_page("00-welcome.ipynb")  # a page takes it (and its browser is slow to connect)
        assert voila.kernels(welcome) == pooled
        time.sleep(cull - 1.5)
        assert voila.kernels(welcome) == pooled, "the kernel was culled before its page could connect"
        ws = voila.connect(welcome)
        ws.close()
        deadline = time.monotonic() + 30
        while voila.kernels(welcome) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert not voila.kernels(welcome), "a page gone for good keeps its kernel"
    finally:
        voila.stop()


def test_at_the_cap_a_closed_pages_kernel_makes_room_at_once(tmp_path: Path) -> None:
    """A learner going from page to page faster than evict_after: each closed page's kernel makes room for the
    next page at once (a page whose kernel never connected must wait evict_after; one still open, never)."""
    notebook = tiny_notebook(tmp_path)
    cap = 2
    voila = Voila(tmp_path, tmp_path / "voila.log", f"--CappedKernelManager.max_kernels={cap}",
                  "--CappedKernelManager.evict_after=600")
    try:
        kept = voila.connect(voila.open_page(notebook))  # a page left open
        for _ in range(4):  # four pages in quick succession, each closed before the next
            ws = voila.connect(voila.open_page(notebook))
            ws.close()
            time.sleep(0.3)  # the server notices the closed socket
            assert len(voila.kernels()) <= cap
        voila.open_page(notebook)  # a bare request (never connects) takes the last closed page's room...
        refused = requests.get(f"{voila.url}/voila/render/{notebook}", timeout=120)  # ...and is not evicted yet
        assert refused.status_code == 503, "a kernel no page has connected to was shut down before evict_after"
        kept.close()
    finally:
        voila.stop()


def _lessons(folder: Path, *names: str) -> None:
    """Tiny notebooks named as lessons (``NN-*.ipynb``), each showing its own name."""
    for name in names:
        tiny_notebook(folder, name, f"page = {name!r}\npage")


@pytest.mark.parametrize(("page", "after"), [
    ("01-a.ipynb", "02-b.ipynb"),
    ("02-b.ipynb", "04-d.ipynb"),  # a gap in the numbers (the course has no lesson 17)
    ("04-d.ipynb", None),  # the last lesson
    ("notes.ipynb", None),  # a page that is no lesson
    ("sk/01-a.ipynb", "sk/02-b.ipynb"),  # a language's lessons go on in that language
    ("sk/02-b.ipynb", None),
])
def test_the_lesson_after_a_page_is_the_next_numbered_notebook_in_its_folder(
        tmp_path: Path, page: str, after: str | None) -> None:
    _lessons(tmp_path, "01-a.ipynb", "02-b.ipynb", "04-d.ipynb", "notes.ipynb")
    (tmp_path / "sk").mkdir()
    _lessons(tmp_path / "sk", "01-a.ipynb", "02-b.ipynb")
    (tmp_path / "sk" / "zz.txt").write_text("not a notebook")
    assert next_lesson(tmp_path, page) == after


def _filled(voila: Voila, notebook: str) -> int:
    return voila.log.read_text(errors="replace").count(f"Kernel pool of {notebook} is filled")


@contextmanager
def _course(folder: Path, *options: str) -> Iterator[tuple[Voila, list[websocket.WebSocket]]]:
    """Voilà on ``folder`` with ``options``, and the list of page sockets a test opens (closed, with Voilà, after)."""
    voila = Voila(folder, folder / "voila.log", *options)
    sockets: list[websocket.WebSocket] = []
    try:
        yield voila, sockets
    finally:
        for ws in sockets:
            ws.close()
        voila.stop()


def _wait_until(what: str, done: Callable[[], bool], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


def test_a_page_that_connects_preheats_the_next_lesson_and_the_waiting_ones_stay_bounded(tmp_path: Path) -> None:
    """Follow-on preheating (classroom/kernels.py): the lesson after a page a browser has open gets a preheated
    kernel, which serves the next request for it and is not replaced; a bare request preheats nothing; and no
    more than ``follow_on_limit`` such kernels wait at once (the oldest waiting one is shut down)."""
    _lessons(tmp_path, "01-a.ipynb", "02-b.ipynb", "03-c.ipynb", "04-d.ipynb")
    with _course(tmp_path, "--CappedKernelManager.follow_on_delay=0",
                 "--CappedKernelManager.follow_on_limit=1") as (voila, sockets):
        first = voila.open_page("01-a.ipynb")  # a bare request: no page has it open, so nothing is preheated
        time.sleep(3)
        assert "Preheating" not in voila.log.read_text(errors="replace")
        assert voila.kernels() == voila.kernels(first)

        sockets.append(voila.connect(first))  # the learner's browser opens the page
        _wait_until("lesson 02 was not preheated", lambda: _filled(voila, "02-b.ipynb") == 1)
        waiting = [k for k in voila.kernels() if k not in voila.kernels(first)]
        assert len(waiting) == 1
        response = requests.get(f"{voila.url}/voila/render/02-b.ipynb", timeout=120)  # the learner goes on to 02
        assert response.status_code == 200 and "02-b.ipynb" in response.text
        second = kernel_id_of(response.text)
        assert f"Using pre-heated kernel: {second} for 02-b.ipynb" in voila.log.read_text(errors="replace")
        assert voila.kernels(second) == waiting, "lesson 02 was not served from its preheated kernel"

        sockets.append(voila.connect(second))  # 02 open: 03 is preheated; 02 itself is not refilled
        _wait_until("lesson 03 was not preheated", lambda: _filled(voila, "03-c.ipynb") == 1)
        time.sleep(2)
        assert _filled(voila, "02-b.ipynb") == 1, "a follow-on kernel taken by its page was replaced"
        waiting_03 = [k for k in voila.kernels() if k not in voila.kernels(first) + voila.kernels(second)]
        assert len(waiting_03) == 1

        sockets.append(voila.connect(voila.open_page("01-a.ipynb")))  # another tab of 01: 02 preheated again,
        _wait_until("lesson 02 was not preheated again", lambda: _filled(voila, "02-b.ipynb") == 2)
        _wait_until("the waiting kernel for 03 lives on past follow_on_limit",  # and 03's waiting kernel makes way
                    lambda: not any(pid in voila.kernels() for pid in waiting_03))
        assert "makes way for 02-b.ipynb" in voila.log.read_text(errors="replace")
        assert len(voila.kernels()) == 4  # the three open pages and the one waiting for 02


def test_a_waiting_kernel_whose_page_waits_for_its_learner_makes_way_for_the_next_follow_on(tmp_path: Path) -> None:
    """A lesson's preheated run stops at the first cell that reads the learner's progress
    (``widgets.progress.wait_for_learner``) until a page takes the kernel, so it never finishes on its own.  When a
    learner skips that lesson, its waiting kernel must still make way: before, it held every later follow-on
    back for good (the lessons after 11 were never preheated once a learner had skipped lesson 11)."""
    for name in ("01-a.ipynb", "02-b.ipynb", "03-c.ipynb", "04-d.ipynb"):
        tiny_notebook(tmp_path, name, f"from widgets.progress import wait_for_learner\nwait_for_learner()\npage = {name!r}\npage")
    with _course(tmp_path, "--CappedKernelManager.follow_on_delay=0",
                 "--CappedKernelManager.follow_on_limit=1") as (voila, sockets):
        first = voila.open_page("01-a.ipynb")
        sockets.append(voila.connect(first))  # 01 open: 02 is preheated, and its run waits for a learner
        _wait_until("lesson 02 was not preheated", lambda: _filled(voila, "02-b.ipynb") == 1)
        [waiting_02] = [k for k in voila.kernels() if k not in voila.kernels(first)]
        # asked for at once, 02's run may not have reached the cell that waits for the learner yet: 04's
        # follow-on then waits for it to get there, trying each second
        third = voila.open_page("03-c.ipynb")  # the learner skips 02
        sockets.append(voila.connect(third))  # 03 open: 02's waiting kernel makes way for 04's
        _wait_until("lesson 04 was not preheated: the kernel waiting for 02 held it back",
                    lambda: _filled(voila, "04-d.ipynb") == 1)
        assert "makes way for 04-d.ipynb" in voila.log.read_text(errors="replace")
        _wait_until("02's waiting kernel lives on", lambda: waiting_02 not in voila.kernels())
        response = requests.get(f"{voila.url}/voila/render/04-d.ipynb", timeout=120)  # the learner goes on to 04
        assert response.status_code == 200 and "04-d.ipynb" in response.text
        assert f"Using pre-heated kernel: {kernel_id_of(response.text)} for 04-d.ipynb" in voila.log.read_text(errors="replace")


def test_a_lesson_asked_for_while_its_follow_on_kernel_starts_waits_for_it_and_starts_no_second_kernel(
        tmp_path: Path) -> None:
    """Voilà serves a page from its pool only once it has run that page before; a lesson asked for while its first
    follow-on kernel was still starting got a second kernel of its own, and the follow-on one waited unused until
    it made way: two kernels a page for a learner who moves on quickly (and for every browser test)."""
    _lessons(tmp_path, "01-a.ipynb", "02-b.ipynb")
    with _course(tmp_path, "--CappedKernelManager.follow_on_delay=0") as (voila, sockets):
        first = voila.open_page("01-a.ipynb")
        sockets.append(voila.connect(first))
        _wait_until("lesson 02's follow-on kernel did not start", lambda: "Preheating 02-b.ipynb" in voila.log.read_text(errors="replace"))
        second = voila.open_page("02-b.ipynb")
        assert f"Using pre-heated kernel: {second} for 02-b.ipynb" in voila.log.read_text(errors="replace")
        time.sleep(2)
        assert len(voila.kernels()) == 2, "a second kernel was started for lesson 02"


def test_a_lesson_asked_for_before_its_follow_on_kernel_is_due_calls_it_off(tmp_path: Path) -> None:
    """A follow-on kernel starts ``follow_on_delay`` seconds after its page connects; a learner who goes on to the
    next lesson sooner gets a kernel started for the request, and the follow-on one is not started as well."""
    _lessons(tmp_path, "01-a.ipynb", "02-b.ipynb")
    with _course(tmp_path, "--CappedKernelManager.follow_on_delay=4") as (voila, sockets):
        first = voila.open_page("01-a.ipynb")
        sockets.append(voila.connect(first))
        second = voila.open_page("02-b.ipynb")  # at once, within the delay
        sockets.append(voila.connect(second))
        time.sleep(6)  # past the delay
        assert "Preheating 02-b.ipynb" not in voila.log.read_text(errors="replace")
        assert len(voila.kernels()) == 2, "lesson 02 got a follow-on kernel as well as its own"


EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']((?:https?:)?//[^"']*)""", re.I)


def test_a_page_loads_nothing_from_another_site(course: tuple[Voila, str]) -> None:
    """The course's page template (share/jupyter/voila/templates/fivehundred) is Voilà's lab template without its
    two Font Awesome stylesheets from cdn.jsdelivr.net: no request to another site tells it who takes the course,
    and a network that drops such requests cannot hold the page back (Voilà's own bundle carries the icons)."""
    voila, notebook = course
    response = requests.get(f"{voila.url}/voila/render/{notebook}", timeout=120)
    assert response.status_code == 200
    assert "voila-style.js" in response.text and 'id="rendered_cells"' in response.text  # a real page, drawn by the lab template
    assert EXTERNAL.findall(response.text) == []
    assert "cdn.jsdelivr.net" not in response.text
