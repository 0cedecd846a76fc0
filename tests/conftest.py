"""Shared pytest fixtures: headless Debian Chromium for Playwright, and a Voila server.

The browser tests (marked ``e2e``) use the distro Chromium, never
``playwright install`` (its CDN is unreachable here).  With ``CI`` set, a
missing Chromium is an error, so CI can't go green by skipping them.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import fivehundred.round

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import serve  # noqa: E402 - tools/serve.py, importable once tools/ is on sys.path

# Round.apply_legal_id trusts its id for speed; under test it checks that the id is legal, so a computer
# player or simulation that hands it an illegal id fails loudly here instead of corrupting a round.
fivehundred.round.CHECK_LEGAL_IDS = True

CHROMIUM = (
    os.environ.get("CHROMIUM_PATH")
    or shutil.which("chromium")
    or shutil.which("chromium-headless-shell")
    or "/usr/bin/chromium"
)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
VOILA_READY_PATH = "/voila/templates/lab/static/voila.js"  # static: starts no kernel
VOILA_START_TIMEOUT = 60.0
#: what Voila's executor logs when it gives up waiting for a cell's outputs (and shows the page without them)
DROPPED_OUTPUTS = "Timeout waiting for IOPub output"


def pytest_configure(config: pytest.Config) -> None:
    """Keep the tests' saved progress away from the learner's real progress file.

    Exercises save each answer (widgets.progress).  Kernels started by nbval and
    the Voila server started below inherit this environment variable.
    """
    progress_dir = tempfile.mkdtemp(prefix="fivehundred-test-progress-")
    os.environ["FIVEHUNDRED_PROGRESS"] = os.path.join(progress_dir, "progress.json")


#: under pytest-xdist (``make test`` runs ``-n 2 --dist loadfile``) each file is one unit of work, handed out in
#: collection order; the files that take longest go first, so that no worker is left with a long one at the end
#: (seconds each, from ``--durations=0`` under -n 2 on this 2-core machine, loaded; the solver files as with the
#: compiled core; a file not listed keeps its collection place after these)
SLOW_FILES: dict[str, float] = {
    "tests/e2e/test_language_tour.py": 510,  # 120 pages in six languages, about 8.5 min (the README's make test row)
    "tests/e2e/test_preheat.py": 490,
    "tests/e2e/test_layouts.py": 374,
    "tests/e2e/test_welcome.py": 187,
    "tests/engine/test_fast_path.py": 97,
    "tests/widgets/test_freeplay.py": 81,
    "tests/e2e/test_coaching.py": 74,
    "tests/e2e/test_guided_hands.py": 72,
    "tests/analysis/test_solver.py": 65,
    "tests/e2e/test_freeplay.py": 62,
    "tests/e2e/test_table.py": 59,
    "tests/classroom/test_classroom_hub.py": 58,
    "tests/e2e/test_lessons_07_13.py": 53,
    "tests/e2e/test_lessons_09_14_17.py": 53,
    "tests/e2e/test_lessons_02_06.py": 52,
    "tests/engine/test_fuzz_public.py": 51,
    "tests/library/test_find_second_hand_low.py": 42,
    "tests/library/test_analysis.py": 40,
    "tests/e2e/test_table_stress.py": 38,
    "tests/e2e/test_lesson_01_the_pack.py": 37,
    "tests/e2e/test_pace.py": 32,
    "tests/players/test_rules_player.py": 31,
    "tests/library/test_follow.py": 28,
    "tests/e2e/test_table_players.py": 25,
}


def _file_of(item: pytest.Item) -> str:
    return item.nodeid.split("::", 1)[0]


def _slow_files_first(items: list[pytest.Item]) -> None:
    """Reorder whole files, longest first; the order inside a file (a notebook's cells) is kept."""
    first_seen: dict[str, int] = {}
    for i, item in enumerate(items):
        first_seen.setdefault(_file_of(item), i)
    items.sort(key=lambda item: (-SLOW_FILES.get(_file_of(item), 0.0), first_seen[_file_of(item)]))


#: a browser test that fails runs once more (pytest-rerunfailures), and the run's summary says "N rerun".
#: Each fresh-clone run of the whole suite on this 2-core machine has failed about one browser test
#: in 300 for a different reason of timing (a page over its 60 s under load, a table redrawn while it was
#: read, two kernels on one port); the rule they test still has to hold on the second try, and the
#: failure of the first try is printed with its server's log (see pytest_runtest_makereport).  Two
#: reruns, not one: the last submission's CI run failed one test on both tries (the preheat comparison,
#: since mended), and a lesson page over 60 s under load (lessons 09 and 16, an open defect: see the
#: closing notes of #26) came once or twice in each fresh-clone run; every try that failed is still printed.
E2E_RERUNS = 2


@pytest.hookimpl(trylast=True)  # after -m / -k deselection
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker: every worker sorts its identical collection the same way
        _slow_files_first(items)
    if config.pluginmanager.hasplugin("rerunfailures"):
        for item in items:
            if "e2e" in item.keywords and item.get_closest_marker("flaky") is None:
                item.add_marker(pytest.mark.flaky(reruns=E2E_RERUNS, reruns_delay=2))
    if os.path.exists(CHROMIUM) or not any("e2e" in item.keywords for item in items):
        return
    if os.environ.get("CI"):
        raise pytest.UsageError(
            f"e2e tests are selected but there is no chromium at {CHROMIUM}; "
            "install it (make test does) or set CHROMIUM_PATH"
        )
    skip = pytest.mark.skip(reason=f"no chromium at {CHROMIUM}")
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Point pytest-playwright at the distro Chromium."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def slovak() -> Iterator[None]:
    """The kernel's language set to Slovak for the test, and back to English after it (fivehundred.i18n.use)."""
    from fivehundred import i18n

    i18n.use("sk")
    try:
        yield
    finally:
        i18n.use("en")


@pytest.fixture
def page(context: Any) -> Iterator[Any]:
    """pytest-playwright's page, closed at the end as a learner closes a tab: the page's unload handler runs,
    so Voilà shuts its kernel down at once instead of leaving it to the cull (about a minute); a run of
    browser tests otherwise kept the server at its cap of 8 kernels, each page evicting the oldest."""
    page = context.new_page()
    yield page
    if page.is_closed():
        return
    try:
        # close() with the unload handler does not wait for the page to go: wait for its "close" event
        # (a Playwright call, so the sync API keeps processing the browser's events meanwhile)
        with page.expect_event("close", timeout=3000):
            page.close(run_before_unload=True)
    except Exception:  # noqa: BLE001 - a page that has crashed or gone: the context's close tidies up
        pass


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A laptop-sized window, so screenshots look like what a learner sees."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_voila(target: str, port: int, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    """Start Voilà on TARGET as ``make course`` does (tools/serve.py's command line: ``python -m
    classroom.language_links``, Voilà with the ``?lang=`` links, kernels on IPC sockets), from the repo
    root (so voila.json is read)."""
    argv = [*serve.voila_argv(port, target), *extra]
    with log.open("wb") as out:
        return subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)


def wait_for_voila(proc: subprocess.Popen[bytes], url: str, log: Path, timeout: float = VOILA_START_TIMEOUT) -> None:
    """Poll a static asset until Voila answers; fail if it exits or takes too long."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited with code {proc.returncode}:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(url + VOILA_READY_PATH, timeout=2) as resp:
                if resp.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"voila did not answer within {timeout} s:\n{log.read_text(errors='replace')}")


def stop_voila(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM (voila then shuts its kernels down), kill if it hangs."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


def build_translations() -> None:
    """The translated lessons (lessons/<lang>/) and the pseudo-language's, as `make course` builds them."""
    for what in (["build", "--all"], ["pseudo"]):
        subprocess.run([sys.executable, str(ROOT / "tools" / "i18n.py"), *what], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A Voila server for the lessons folder (directory mode), on a free 127.0.0.1 port: (its URL, its log)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    build_translations()
    proc = start_voila("lessons", port, log)
    _VOILA_LOGS.append(log)
    try:
        wait_for_voila(proc, url, log)
        yield url, log
    finally:
        stop_voila(proc)


#: the Voila log of the session's server, once it has started (for failure reports)
_VOILA_LOGS: list[Path] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test's report carries the last lines of its Voila server's log."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed and "e2e" in item.keywords and _VOILA_LOGS:
        lines = _VOILA_LOGS[-1].read_text(errors="replace").splitlines()
        report.sections.append(("voila log (last 60 lines)", "\n".join(lines[-60:])))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A browser test fails if the session's Voila dropped a cell's outputs while it ran.

    Voila waits VoilaExecutor.iopub_timeout seconds (voila.json) for a cell's last outputs after the kernel
    has replied, then drops the rest without an error on the page: a lesson would quietly lose a widget.
    Checked per test (the log's new lines), so the failure names the test whose page lost it, and a test
    that fails so is run again like any other (E2E_RERUNS).
    """
    log = _VOILA_LOGS[-1] if _VOILA_LOGS and "e2e" in item.keywords else None
    start = log.stat().st_size if log is not None and log.exists() else None
    result = yield
    if log is not None and start is not None:
        with log.open("rb") as f:
            f.seek(start)
            new = f.read().decode(errors="replace")
        if DROPPED_OUTPUTS in new:
            lines = new.splitlines()
            at = next(i for i, line in enumerate(lines) if DROPPED_OUTPUTS in line)
            context = "\n".join(lines[max(0, at - 15): at + 3])
            raise AssertionError(f"Voila dropped a cell's outputs during this test ({DROPPED_OUTPUTS!r}); its log:\n{context}")
    return result


#: the first tries of browser tests that failed and were run again (printed at the end of the run)
_RERUNS: list[pytest.TestReport] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":
        _RERUNS.append(report)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Every failed first try of a test that was run again: its error and its Voila server's log."""
    if not _RERUNS:
        return
    terminalreporter.section(f"first tries that failed and were run again ({len(_RERUNS)})")
    for report in _RERUNS:
        terminalreporter.write_line(f"--- {report.nodeid}")
        lines = report.longreprtext.splitlines()
        terminalreporter.write_line("\n".join(lines[-40:]))
        for title, text in report.sections:
            if title.startswith("voila log"):
                terminalreporter.write_line(f"- {title}:\n{text}")


@pytest.fixture(scope="session")
def voila_url(voila_server: tuple[str, Path]) -> str:
    """The URL of the session's Voila server (see :func:`voila_server`)."""
    return voila_server[0]


@pytest.fixture(scope="session")
def voila_dropped_outputs(voila_server: tuple[str, Path]) -> Callable[[], int]:
    """A function: how many times so far the session's Voila server has dropped a cell's outputs."""
    log = voila_server[1]
    return lambda: log.read_text(errors="replace").count(DROPPED_OUTPUTS)
