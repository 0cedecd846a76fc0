"""The zygote learners' servers are forked from (classroom/zygote.py).

A real zygote process: it imports the server, refuses what it must (a server as root, an environment
that differs on a variable read at import), forks a server as an unprivileged user, reaps it when it
ends, and ends when the hub does.  The classroom's own hub, its learners' servers forked, is checked
in test_classroom_security.py.
"""

from __future__ import annotations

import asyncio
import json
import os
import pwd
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil
import pytest

from classroom.zygote import PER_LEARNER_AT_IMPORT, PRELOAD, Zygote, ZygoteError, env_conflicts, zygote_env

ROOT = Path(__file__).resolve().parents[2]


def test_preload_records_what_the_server_reads_from_the_environment_at_import() -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERHUB_")}
    code = ("import json, sys; from classroom.zygote import preload; seen = preload(); "
            "print(json.dumps({'seen': seen, 'loaded': [m for m in sys.modules if m.startswith(('jupyterhub', 'voila'))]}))")
    out = subprocess.run([sys.executable, "-s", "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    seen, loaded = result["seen"], set(result["loaded"])
    assert {"jupyterhub.singleuser", "jupyterhub.orm", "voila.server_extension"} <= loaded
    # jupyterhub.singleuser picks its app class from these at import: a server must see the zygote's values
    assert seen["JUPYTERHUB_SINGLEUSER_EXTENSION"] is None and seen["JUPYTERHUB_SINGLEUSER_APP"] is None
    assert seen["HOME"] == os.environ["HOME"]
    # every variable excused as per-learner is really read at import (no stale excuse)
    assert set(PER_LEARNER_AT_IMPORT) <= set(seen), sorted(set(PER_LEARNER_AT_IMPORT) - set(seen))
    assert "classroom.singleuser" in PRELOAD


@pytest.mark.parametrize(("env", "conflicts"), [
    ({"PATH": "/bin", "LANG": "C.UTF-8"}, []),
    ({"PATH": "/bin", "LANG": "C.UTF-8", "HOME": "/home/ann", "USER": "fh-ann", "JUPYTERHUB_API_TOKEN": "x"}, []),
    ({"PATH": "/usr/bin", "LANG": "C.UTF-8"}, ["PATH"]),
    ({"PATH": "/bin"}, ["LANG"]),
    ({"PATH": "/bin", "LANG": "C.UTF-8", "JUPYTERHUB_SINGLEUSER_EXTENSION": "0"}, ["JUPYTERHUB_SINGLEUSER_EXTENSION"]),
])
def test_env_conflicts(env: dict[str, str], conflicts: list[str]) -> None:
    seen = {"PATH": "/bin", "LANG": "C.UTF-8", "HOME": "/root", "USER": None, "JUPYTERHUB_SINGLEUSER_EXTENSION": None}
    assert env_conflicts(env, seen) == conflicts


def test_zygote_env_keeps_none_of_the_hubs_own_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONFIGPROXY_AUTH_TOKEN", "secret")
    monkeypatch.setenv("LANG", "C.UTF-8")
    env = zygote_env({"JUPYTER_PATH": "/course/share", "JUPYTER_RUNTIME_DIR": lambda s: "x"}, ["LANG", "PATH"], "/homes")
    assert env == {"LANG": "C.UTF-8", "PATH": os.environ["PATH"], "JUPYTER_PATH": "/course/share", "HOME": "/homes"}


@pytest.fixture
def zygote_folder() -> Path:
    if os.geteuid() != 0:
        pytest.skip("the zygote forks servers as other users only as root")
    folder = Path(tempfile.mkdtemp(prefix="fh500-zygote-"))
    folder.chmod(0o700)
    return folder


def test_a_real_zygote_refuses_root_and_foreign_environments_forks_as_the_user_and_ends_with_the_hub(zygote_folder: Path) -> None:
    nobody = pwd.getpwnam("nobody")
    env = zygote_env({"JUPYTER_PATH": str(ROOT / "share" / "jupyter")}, ["PATH", "LANG", "LC_ALL"], str(zygote_folder))

    async def scenario() -> tuple[int, int, int]:
        zygote = Zygote(str(zygote_folder / "zygote.sock"), env)
        with pytest.raises(ZygoteError, match="never root"):
            await zygote.fork(["--help"], env, 0, 0, [], "/tmp")
        with pytest.raises(ZygoteError, match="never root"):
            await zygote.fork(["--help"], env, nobody.pw_uid, nobody.pw_gid, [0], "/tmp")
        with pytest.raises(ZygoteError, match="JUPYTERHUB_SINGLEUSER_EXTENSION"):
            await zygote.fork(["--help"], {**env, "JUPYTERHUB_SINGLEUSER_EXTENSION": "0"}, nobody.pw_uid, nobody.pw_gid,
                              [nobody.pw_gid], "/tmp")
        # a real server process as nobody: ``--help`` prints the server's options and ends
        learner_env = {**env, "HOME": "/tmp", "USER": "nobody", "JUPYTERHUB_API_TOKEN": "not-a-real-token"}
        pid = await zygote.fork(["--help"], learner_env, nobody.pw_uid, nobody.pw_gid, [nobody.pw_gid], "/tmp")
        assert zygote.proc is not None
        zpid = zygote.proc.pid
        uid = -1
        try:
            proc = psutil.Process(pid)
            uid = proc.uids().real
            assert proc.ppid() == zpid
        except psutil.NoSuchProcess:
            uid = nobody.pw_uid  # it ended before we looked: the reaping below still checks it ran
        deadline = time.monotonic() + 60
        while psutil.pid_exists(pid) and time.monotonic() < deadline:  # reaped by the zygote: no zombie left
            await asyncio.sleep(0.2)
        assert not psutil.pid_exists(pid), f"server {pid} was not reaped"
        assert zygote.proc.stdin is not None
        zygote.proc.stdin.close()  # the hub has gone
        code = await asyncio.wait_for(zygote.proc.wait(), 20)
        return uid, zpid, code

    with ThreadPoolExecutor(1) as pool:  # a thread of its own: a browser test may have left an event loop running here
        uid, zpid, code = pool.submit(asyncio.run, scenario()).result()
    assert uid == pwd.getpwnam("nobody").pw_uid
    assert code == 0 and not psutil.pid_exists(zpid)
    assert not (zygote_folder / "zygote.sock").exists()

