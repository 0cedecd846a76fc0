"""The classroom, attacked as a hostile learner would (issue 22): a real hub
(classroom/jupyterhub_config.py, the class list) with two learners, one hub start for every attack.

Each attack must be refused (its status code asserted), no learner code may run (a marker file
that code run as the learner could write in her own home stays absent, and the page's kernel never
answers an ``execute_request``), and every learner's server runs as that learner's own
unprivileged Unix user, with a home no one else can enter.
"""

from __future__ import annotations

import json
import os
import pwd
import shutil
import stat
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
import requests

from classroom.accounts import unix_name
from classroom.hub import COURSE, PROXY, START_PAGE, Hub, login
from classroom.kernel_client import KernelError, VoilaPage
from classroom.zygote import ZYGOTE_MODULE

LEARNERS = {"ann": "ann-pw-" + uuid.uuid4().hex[:10], "ben": "ben-pw-" + uuid.uuid4().hex[:10]}
MARKER = "pwned-by-learner-code"
#: code that, if it ever ran as a learner, leaves the marker in her home
PAYLOAD = f"import os; open(os.path.expanduser('~/{MARKER}'), 'w').write('ran')"


@pytest.fixture(scope="module")
def hub() -> Iterator[Hub]:
    if os.geteuid() != 0:
        pytest.skip("the classroom runs each learner as a Unix user of their own only when the hub runs as root")
    if not PROXY.exists():
        if os.environ.get("CI"):
            pytest.fail(f"configurable-http-proxy is missing ({PROXY}); make test installs it")
        pytest.skip(f"configurable-http-proxy is missing ({PROXY}); run `make classroom-proxy`")
    state = Path(tempfile.mkdtemp(prefix="fh500-security-"))  # /tmp: learners can reach their homes
    started = Hub(state, learners=LEARNERS)
    started.start()
    try:
        yield started
    finally:
        started.stop()
        shutil.rmtree(state, ignore_errors=True)


@pytest.fixture(scope="module")
def sessions(hub: Hub) -> dict[str, requests.Session]:
    """Each learner logged in through the login form, on their contents page."""
    out = {}
    for user in LEARNERS:
        session, page = login(hub.url, user, LEARNERS[user])
        assert page.url.startswith(f"{hub.url}/user/{user}{START_PAGE}"), page.url
        out[user] = session
    return out


def xsrf(session: requests.Session, path: str) -> dict[str, str]:
    """The ``X-XSRFToken`` header a page under ``path`` would send (its own ``_xsrf`` cookie)."""
    cookies = [c for c in session.cookies if c.name == "_xsrf" and path.startswith((c.path or "/").rstrip("/"))]
    cookies.sort(key=lambda c: -len(c.path or ""))
    assert cookies, f"no _xsrf cookie for {path}"
    return {"X-XSRFToken": cookies[0].value or ""}


def no_marker(hub: Hub) -> None:
    for user in LEARNERS:
        assert not (hub.home(user) / MARKER).exists(), f"learner code ran as {user}"


def test_no_kernel_session_contents_files_or_server_api_for_a_learner(hub: Hub, sessions: dict[str, requests.Session]) -> None:
    ann = sessions["ann"]
    server = f"{hub.url}/user/ann"
    headers = xsrf(ann, "/user/ann/")
    notebook = {"type": "notebook", "format": "json",
                "content": {"cells": [{"cell_type": "code", "source": PAYLOAD, "metadata": {}, "outputs": [],
                                       "execution_count": None}],
                            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}}
    attacks = {
        "create a kernel": ("POST", "/api/kernels", {"name": "python3"}),
        "list kernels": ("GET", "/api/kernels", None),
        "create a session": ("POST", "/api/sessions", {"path": "x.ipynb", "type": "notebook", "kernel": {"name": "python3"}}),
        "contents PUT (plant a notebook)": ("PUT", "/api/contents/zz.ipynb", notebook),
        "contents PUT over the welcome page": ("PUT", "/api/contents/00-welcome.ipynb", notebook),
        "contents GET of a lesson (its hidden answers)": ("GET", "/api/contents/01-the-pack.ipynb", None),
        "/files on a lesson": ("GET", "/files/01-the-pack.ipynb", None),
        "nbconvert a lesson": ("GET", "/nbconvert/script/01-the-pack.ipynb", None),
        "shut the server down": ("POST", "/api/shutdown", None),
        "server config": ("GET", "/api/config/notebook", None),
    }
    for name, (method, path, body) in attacks.items():
        response = ann.request(method, server + path, json=body, headers=headers, timeout=60, allow_redirects=False)
        assert response.status_code == 403, f"{name}: {method} {path} answered {response.status_code}"
    # not loaded at all
    for path in ("/lab", "/tree", "/terminals/1", "/api/terminals"):
        response = ann.get(server + path, headers=headers, timeout=60, allow_redirects=False)
        assert response.status_code == 404, f"{path} answered {response.status_code}"
    # Voila's own file route never serves a notebook
    assert ann.get(f"{server}/voila/files/01-the-pack.ipynb", timeout=60).status_code in (403, 404)
    # the preheated page's request-info websocket has no login of its own, so it is not at Voila's path: only under a
    # secret prefix the server tells its own kernels (classroom/start_page.py)
    # The proxy closes a connection once it has answered an upgrade, so the probe goes on a connection of its own:
    # sent on the session's pool, the next request could reuse the socket as it closes ("Remote end closed
    # connection without response", CI at 51b66de).
    query = f"{server}/voila/query/00000000-0000-0000-0000-000000000000"
    assert requests.get(query, cookies=ann.cookies, timeout=60,
                        headers={"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                                 "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}).status_code == 404
    assert not (COURSE / "lessons" / "zz.ipynb").exists()
    # the same session does get its pages (the refusals are not a broken server)
    assert ann.get(f"{server}/voila/tree", timeout=60).status_code == 200
    no_marker(hub)


def test_the_pages_own_kernel_takes_widget_messages_but_never_runs_code(hub: Hub, sessions: dict[str, requests.Session]) -> None:
    ann = sessions["ann"]
    server = f"{hub.url}/user/ann"
    page = VoilaPage(ann, server, "00-welcome.ipynb")
    try:
        # the page may read its kernel's state (as in standalone Voila), not restart, interrupt or delete it
        assert ann.get(f"{server}/api/kernels/{page.kernel_id}", timeout=60).status_code == 200
        headers = xsrf(ann, "/user/ann/")
        for method, path in (("POST", "restart"), ("POST", "interrupt"), ("DELETE", "")):
            response = ann.request(method, f"{server}/api/kernels/{page.kernel_id}/{path}".rstrip("/"),
                                   headers=headers, timeout=60)
            assert response.status_code == 403, f"{method} {path or 'kernel'} answered {response.status_code}"
        # a widget-side message is answered (the websocket works) ...
        asked = page.send("kernel_info_request", {})
        deadline = time.monotonic() + 60
        while True:
            msg = page.receive(deadline)
            if msg.get("parent_header", {}).get("msg_id") == asked and msg["header"]["msg_type"] == "kernel_info_reply":
                break
        # ... an execute_request is dropped before the kernel: no reply, no status, no marker
        executed = page.send("execute_request", {"code": PAYLOAD, "silent": False, "store_history": False,
                                                 "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
        deadline = time.monotonic() + 8
        with pytest.raises(KernelError):
            while True:
                msg = page.receive(deadline)
                assert msg.get("parent_header", {}).get("msg_id") != executed, f"the kernel answered: {msg['header']}"
    finally:
        page.close()
    no_marker(hub)


def test_a_learner_gets_no_api_token(hub: Hub, sessions: dict[str, requests.Session]) -> None:
    ann = sessions["ann"]
    response = ann.post(f"{hub.url}/hub/api/users/ann/tokens", json={"note": "mine"},
                        headers=xsrf(ann, "/hub/"), timeout=60)
    assert response.status_code == 403, response.text[:300]


def test_a_learners_cookie_does_not_open_another_learners_server(hub: Hub, sessions: dict[str, requests.Session]) -> None:
    ann = sessions["ann"]
    for path in (f"/user/ben{START_PAGE}", "/user/ben/api/kernels", "/user/ben/voila/tree",
                 "/user/ben/voila/render/13-winning-the-game.ipynb?lang=sk"):
        response = ann.get(hub.url + path, timeout=60)
        assert response.status_code == 403, f"{path} answered {response.status_code} (after {response.url})"
    response = ann.get(f"{hub.url}/hub/admin", timeout=60)
    assert response.status_code == 403


def test_a_lang_link_opens_the_same_page_in_that_language_for_its_own_learner_only(
        hub: Hub, sessions: dict[str, requests.Session]) -> None:
    """classroom/language_links.py as the learner's server's extension: the same rule as the local course."""
    ann, lesson = sessions["ann"], "13-winning-the-game.ipynb"
    server = f"{hub.url}/user/ann"
    for path, target in ((f"/voila/render/{lesson}?lang=sk", f"/user/ann/voila/render/sk/{lesson}"),
                         (f"/voila/render/sk/{lesson}?lang=en", f"/user/ann/voila/render/{lesson}"),
                         ("/voila/render/00-welcome.ipynb?lang=vi", "/user/ann/voila/render/vi/00-welcome.ipynb"),
                         ("/?lang=eo", "/user/ann/voila/render/eo/00-welcome.ipynb"),
                         ("/voila/tree?lang=id", "/user/ann/voila/render/id/00-welcome.ipynb")):
        response = ann.get(server + path, timeout=60, allow_redirects=False)
        assert (response.status_code, response.headers.get("Location")) == (302, target), path
    refused = ann.get(f"{server}/voila/render/{lesson}?lang=%2F%2Fevil.example", timeout=60, allow_redirects=False)
    assert refused.status_code == 400 and "Location" not in refused.headers
    assert "Slovenčina" in refused.text and "Tiếng Việt" in refused.text and "Traceback" not in refused.text
    # a path out of the course never becomes a course page (the client and the proxy resolve the dots first: the
    # hub gets /user/etc/passwd; tests/classroom/test_language_links.py sends them raw to the server itself)
    outside = ann.get(f"{server}/voila/render/%2e%2e/%2e%2e/%2e%2e/etc/passwd?lang=sk", timeout=60, allow_redirects=False)
    assert outside.status_code != 200 and "/voila/render/" not in outside.headers.get("Location", ""), outside.headers
    # without the learner's login the link leads to the hub's login, not to the page
    stranger = requests.get(f"{server}/voila/render/{lesson}?lang=sk", timeout=60, allow_redirects=False)
    assert stranger.status_code == 302 and "/voila/render/sk/" not in stranger.headers["Location"]


def test_logins_need_the_accounts_own_password(hub: Hub) -> None:
    def attempt(user: str, password: str) -> int:
        session = requests.Session()
        form = session.get(f"{hub.url}/hub/login", timeout=60)
        token = form.text.split('name="_xsrf" value="', 1)[1].split('"', 1)[0]
        return session.post(f"{hub.url}/hub/login?next=", data={"username": user, "password": password, "_xsrf": token},
                            timeout=60, allow_redirects=False).status_code

    assert attempt("teacher", LEARNERS["ann"]) == 403
    assert attempt("ben", LEARNERS["ann"]) == 403
    assert attempt("nobody", LEARNERS["ann"]) == 403
    assert attempt("ann", LEARNERS["ann"]) == 302  # the right one does log in


def test_each_learners_server_is_forked_by_a_zygote_only_root_can_reach(hub: Hub, sessions: dict[str, requests.Session]) -> None:
    """classroom/zygote.py: every server is forked (none fell back to a start of its own, so no learner's environment
    differed from the zygote's on a variable read at import); the zygote runs as root, holds none of the hub's
    secrets in its environment, and its socket is root's alone, in the hub's private folder."""
    servers = hub.server_pids()
    assert set(servers) == set(LEARNERS), servers
    parents = {psutil.Process(pid).parent() for pid in servers.values()}
    assert len(parents) == 1, "one zygote forks every server"
    zygote = parents.pop()
    assert zygote is not None and ZYGOTE_MODULE in zygote.cmdline(), zygote
    assert zygote.uids().real == 0 and zygote.parent().pid == hub.proc.pid  # type: ignore[union-attr]
    for pid in servers.values():
        assert ZYGOTE_MODULE in psutil.Process(pid).cmdline()  # forked, not started with its own command
    zygote_env = zygote.environ()
    assert not any(key.startswith(("JUPYTERHUB_", "CONFIGPROXY")) for key in zygote_env), sorted(zygote_env)
    log = hub.log_path.read_text(errors="replace")
    assert log.count("from the zygote: process") >= len(LEARNERS)
    assert "server on its own" not in log
    sock = hub.state / "hub" / "zygote.sock"
    st = sock.stat()
    assert stat.S_ISSOCK(st.st_mode) and st.st_uid == 0 and not stat.S_IMODE(st.st_mode) & 0o077
    assert stat.S_IMODE((hub.state / "hub").stat().st_mode) == 0o700


def test_each_learner_runs_as_an_unprivileged_user_of_their_own(hub: Hub, sessions: dict[str, requests.Session]) -> None:
    servers = hub.server_pids()
    assert set(servers) == set(LEARNERS), servers
    uids = {}
    for user, pid in servers.items():
        account = pwd.getpwnam(unix_name(user))
        proc = psutil.Process(pid)
        assert proc.uids().real != 0 and proc.uids().effective != 0, f"{user}'s server runs as root"
        assert proc.uids().real == account.pw_uid and proc.gids().real == account.pw_gid != 0
        for kid in proc.children(recursive=True):  # the pages' kernels
            assert kid.uids().effective == account.pw_uid
        uids[user] = account.pw_uid
        home = hub.home(user).stat()
        assert home.st_uid == account.pw_uid and stat.S_IMODE(home.st_mode) == 0o700
    assert len(set(uids.values())) == len(LEARNERS)
    # the hub's state (database, cookie secret, passwords, class list) is root's alone
    secrets = hub.state / "hub"
    assert secrets.stat().st_uid == 0 and stat.S_IMODE(secrets.stat().st_mode) == 0o700
    class_list = json.loads((secrets / "class-list.json").read_text())
    assert all(h.startswith("$argon2") for h in class_list["accounts"].values())
    assert not any(p in (secrets / "class-list.json").read_text() for p in LEARNERS.values())
    # the lessons and the course's code: not the learners', and writable by nobody but their owner
    for path in [COURSE / "lessons", *sorted((COURSE / "lessons").glob("*.ipynb")), COURSE / "classroom",
                 COURSE / "widgets", COURSE / "fivehundred", COURSE / "voila.json"]:
        st = path.stat()
        assert st.st_uid not in uids.values() and not st.st_mode & 0o022, f"{path} is writable by learners"
    no_marker(hub)
