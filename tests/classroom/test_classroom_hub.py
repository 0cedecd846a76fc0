"""The classroom smoke test: a real JupyterHub (classroom/jupyterhub_config.py) on
127.0.0.1, two learners logging in with Chromium, each landing on the course's
contents page in Voila and answering an exercise, their progress kept apart.

The hub, the proxy, the culler and both learners' servers are stopped at the end,
and the test checks that none of them is left running.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import Browser, Page, expect

from classroom.hub import PROXY, START_PAGE, Hub, login
from classroom.accounts import unix_name
from classroom.opening import open_class, opener_token
from fivehundred.cards import pack
from widgets.progress import ProgressStore

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
LESSON = "01-the-pack.ipynb"
EXERCISE_ID = "01-the-pack/six-players"
PROMPT = "Six people want to play"
TIMEOUT_MS = 90_000

# a learner must never see these on a page
ERROR_TEXTS = ("Traceback", "There was an error when executing cell", "Error displaying widget", "Kernel died",
               "This part of the page did not load")  # the last: a widget view that failed on two loads


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    if not PROXY.exists():
        if os.environ.get("CI"):
            pytest.fail(f"configurable-http-proxy is missing ({PROXY}); make test installs it")
        pytest.skip(f"configurable-http-proxy is missing ({PROXY}); run `make classroom-proxy`")
    # in /tmp, not pytest's private folder: as root, each learner's own Unix user must reach their home
    state = Path(tempfile.mkdtemp(prefix="fh500-smoke-"))
    started = Hub(state, learners={"ann": "smoke-test-pw-ann", "ben": "smoke-test-pw-ben", "cat": "smoke-test-pw-cat",
                                     "eve": "smoke-test-pw-eve"})
    started.start()
    started_pids: set[int] = set()
    try:
        yield started
        started_pids = set(started.descendants())
    finally:
        started.stop()
        shutil.rmtree(state, ignore_errors=True)
    assert len(started_pids) >= 3, f"expected the proxy, the culler and the learners' servers, found {started_pids}"
    alive = [pid for pid in started_pids if psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE]
    assert not alive, f"processes the hub started are still running: {alive}"


def log_in(page: Page, hub: Hub, user: str) -> None:
    page.goto(f"{hub.url}/hub/login", timeout=TIMEOUT_MS)
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", hub.password_of(user))
    page.click("input[type=submit], button[type=submit]")
    page.wait_for_url(re.compile(re.escape(f"/user/{user}{START_PAGE}")), timeout=TIMEOUT_MS)


def wait_rendered(page: Page) -> None:
    expect(page.locator("#rendered_cells")).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator("#loading")).to_have_count(0, timeout=TIMEOUT_MS)
    expect(page.locator(".fh-exercise, .jupyter-widgets").first).to_be_attached(timeout=TIMEOUT_MS)


def assert_healthy(page: Page) -> None:
    text = page.locator("body").inner_text()
    for needle in ERROR_TEXTS:
        assert needle not in text, f"the page shows {needle!r}"
    assert page.locator(".jp-InputArea .jp-Editor, .jp-CodeMirrorEditor").count() == 0, "code is visible"


def progress(hub: Hub, user: str) -> dict:
    path = hub.home(user) / ".local" / "share" / "fivehundred" / "progress.json"
    assert path.is_file(), f"no progress file in {user}'s home"
    return json.loads(path.read_text(encoding="utf-8"))


def test_two_learners_land_on_the_contents_page_answer_and_keep_separate_progress(browser: Browser, hub: Hub) -> None:
    answers = {"ann": len(pack(6)), "ben": len(pack(4))}  # ann answers right, ben wrong
    for user, answer in answers.items():
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = context.new_page()
            log_in(page, hub, user)
            # the contents page, in Voila (not JupyterLab), sources stripped
            wait_rendered(page)
            assert page.url.startswith(f"{hub.url}/user/{user}/voila/render/00-welcome.ipynb")
            contents_link = page.get_by_role("link", name="The pack", exact=True)
            expect(contents_link).to_be_visible()
            assert_healthy(page)
            # learners only ever get Voila: JupyterLab is not loaded in their server
            assert page.request.get(f"{hub.url}/user/{user}/lab").status == 404
            with page.expect_navigation(timeout=TIMEOUT_MS):
                contents_link.click()
            assert page.url.startswith(f"{hub.url}/user/{user}/voila/render/{LESSON}")
            wait_rendered(page)
            box = page.locator(".fh-exercise", has_text=PROMPT)
            expect(box).to_have_count(1, timeout=TIMEOUT_MS)
            # the lesson's remove-cell self-checks were dropped: visiting marked nothing solved
            before = progress(hub, user)
            assert not any(e.get("solved") for e in before["exercises"].values()), before["exercises"]
            box.locator(".fh-option", has_text=str(answer)).click()
            feedback = box.locator(".fh-feedback")
            expected_class = r"\bfh-right\b" if answer == len(pack(6)) else r"\bfh-wrong\b"
            expect(feedback).to_have_class(re.compile(expected_class), timeout=TIMEOUT_MS)
            assert_healthy(page)
        finally:
            context.close()

    # each login started its server, which ran no page ahead: only servers the class opener starts do that
    # (classroom/start_page.py)
    assert "pre-heated" not in hub.log_path.read_text(errors="replace")

    ann, ben = progress(hub, "ann"), progress(hub, "ben")
    counts = ("right", "wrong", "solved")  # the schema may carry more (reveals, mastered)
    assert {k: ann["exercises"][EXERCISE_ID][k] for k in counts} == {"right": 1, "wrong": 0, "solved": True}
    assert {k: ben["exercises"][EXERCISE_ID][k] for k in counts} == {"right": 0, "wrong": 1, "solved": False}
    # two homes, two files
    ann_path = hub.home("ann") / ".local/share/fivehundred/progress.json"
    ben_path = hub.home("ben") / ".local/share/fivehundred/progress.json"
    assert ann_path.resolve() != ben_path.resolve()
    assert not Path(hub.state / "progress.json").exists()


def test_opening_the_class_starts_every_learners_server_before_they_log_in(hub: Hub) -> None:
    teacher = [sys.executable, str(ROOT / "tools" / "teacher.py"), "open-class", "--state", str(hub.state), "--url", hub.url]
    # only names on the class list
    refused = subprocess.run([*teacher, "dan"], capture_output=True, text=True, timeout=120)
    assert refused.returncode == 1 and "not on the class list: dan" in refused.stderr
    assert "cat" not in hub.server_pids()
    opened = subprocess.run(teacher, capture_output=True, text=True, timeout=300)
    assert opened.returncode == 0, opened.stderr
    assert opened.stdout.startswith("The class is open:"), opened.stdout
    assert {"ann", "ben", "cat", "eve"} <= set(hub.server_pids()), "every learner on the list has a server"
    # cat logs in to a server already running: no spawn page on the way to the contents page
    session, landing = login(hub.url, "cat", hub.password_of("cat"))
    assert landing.url.split("?")[0] == f"{hub.url}/user/cat{START_PAGE}"
    assert not any("/spawn-pending/" in r.url or "/hub/spawn" in r.url for r in landing.history), [r.url for r in landing.history]
    assert "The pack" in landing.text
    # the opener's token is root's alone, in the hub's private folder; a learner's session cannot use the API
    token = hub.state / "hub" / "opener-token"
    assert stat.S_IMODE(token.stat().st_mode) == 0o600 and stat.S_IMODE(token.parent.stat().st_mode) == 0o700
    assert opener_token(hub.state) == token.read_text().strip()
    assert session.post(f"{hub.url}/hub/api/users/ann/server").status_code in (403, 404)


def test_the_first_page_is_run_before_the_login_and_reads_progress_only_then(browser: Browser, hub: Hub) -> None:
    # eve's server is started ahead (or already was, by the test above), and runs her contents page at once
    # (classroom/start_page.py); her progress, written after that, shows on it: read when she asks for the page
    open_class(hub.url, opener_token(hub.state), ["eve"])
    deadline = time.monotonic() + 90
    while "Preheating 00-welcome.ipynb" not in hub.log_path.read_text(errors="replace") and time.monotonic() < deadline:
        time.sleep(0.5)
    time.sleep(10)  # time for the preheated kernel to run its page as far as it can before anyone asks for it
    path = hub.home("eve") / ".local" / "share" / "fivehundred" / "progress.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store = ProgressStore(path)
    store.register("02", ["02-tricks-and-following-suit/a", "02-tricks-and-following-suit/b"])
    store.record("02-tricks-and-following-suit/a", right=True)
    if os.geteuid() == 0:  # as the learner's own server would have written it
        import pwd

        account = pwd.getpwnam(unix_name("eve"))
        for p in [path.parents[2], *path.parents[2].rglob("*")]:  # ~/.local and all in it: the file, its lock
            os.chown(p, account.pw_uid, account.pw_gid)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        log_in(page, hub, "eve")
        wait_rendered(page)
        expect(page.locator('.fh-progress tr[data-lesson="02"]')).to_contain_text("1 of 2 exercises", timeout=TIMEOUT_MS)
        assert_healthy(page)
    finally:
        context.close()
    assert re.search(r"Using pre-heated kernel: \S+ for 00-welcome.ipynb", hub.log_path.read_text(errors="replace"))
