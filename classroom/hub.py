"""Start the classroom's JupyterHub on 127.0.0.1, and log learners in to it.

``make classroom`` runs ``python -m classroom.hub``: the hub in the foreground
(Ctrl-C stops it and every learner's server), its state in ``.classroom/hub/``
(root's alone) and the learners' homes in ``.classroom/homes/``.  Learners log in
with the accounts ``python tools/teacher.py add-learners NAME...`` made;
``make classroom DEMO=1`` (``--demo``) uses one shared password instead and says so.
The CI smoke test, the security suite and ``bench/classroom.py`` use :class:`Hub`
and :func:`login` to do the same from Python and stop everything they started.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import requests

from classroom.accounts import TEACHER, UNIX_PREFIX, add_accounts, kept_secret, secrets_dir
from classroom.zygote import SERVER_MODULE, learner_servers  # noqa: F401 - SERVER_MODULE: the module each learner's server runs

HERE = Path(__file__).resolve().parent
COURSE = HERE.parent
CONFIG = HERE / "jupyterhub_config.py"
PROXY = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
HOST = "127.0.0.1"
START_PAGE = "/voila/render/00-welcome.ipynb"


def free_port() -> int:
    """A port on 127.0.0.1 that the OS says is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


def make_searchable(path: Path) -> list[Path]:
    """Let other users reach ``path``: add search permission for others (o+x, never read, so a
    folder's listing stays private) to every folder above it that lacks it; return those changed.

    Each learner's server runs as the learner's own Unix user, which must be able to run this
    Python (often installed under /root, mode 0700) and read the course."""
    changed = []
    for folder in reversed([path, *path.parents] if path.is_dir() else list(path.parents)):
        mode = folder.stat().st_mode
        if not mode & 0o001:
            folder.chmod(stat.S_IMODE(mode) | 0o001)
            changed.append(folder)
    return changed


class Hub:
    """A JupyterHub process started with classroom/jupyterhub_config.py.

    ``with Hub(state) as hub:`` starts it, waits until it answers, and on the
    way out stops the hub, the proxy and every learner's server it started.

    Logins: ``learners={name: password}`` puts those accounts on the class list (with the
    teacher's); ``password=...`` (or ``demo=True``) is the shared-password demo instead.
    """

    def __init__(self, state: Path, *, port: int | None = None, password: str | None = None,
                 admin_password: str | None = None, cull_seconds: int | None = None,
                 extra_env: dict[str, str] | None = None, learners: dict[str, str] | None = None,
                 demo: bool | None = None) -> None:
        self.state = Path(state).resolve()
        self.port = port or free_port()
        self.demo = (password is not None) if demo is None else demo
        self.secrets = self.state / "hub"
        self.password = (password or kept_secret(self.secrets / "password", 12)) if self.demo else None
        self.admin_password = admin_password or kept_secret(self.secrets / "admin-password", 40)
        self.learners = dict(learners or {})
        self.cull_seconds = cull_seconds
        self.extra_env = extra_env or {}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = self.secrets / "jupyterhub.log"

    def password_of(self, user: str) -> str:
        """The password ``user`` logs in with (the shared one in the demo)."""
        if user == TEACHER:
            return self.admin_password
        return self.password if self.demo and self.password else self.learners[user]

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update({
            "FH_CLASSROOM_STATE": str(self.state),
            "FH_CLASSROOM_PORT": str(self.port),
            "FH_CLASSROOM_HUB_PORT": str(free_port()),
            "FH_CLASSROOM_API_PORT": str(free_port()),
            "FH_CLASSROOM_ADMIN_PASSWORD": self.admin_password,
            "FH_CLASSROOM_DEMO": "1" if self.demo else "0",
        })
        if self.password:
            env["FH_CLASSROOM_PASSWORD"] = self.password
        if self.cull_seconds is not None:
            env["FH_CLASSROOM_CULL_SECONDS"] = str(self.cull_seconds)
        env.update(self.extra_env)
        return env

    def argv(self) -> list[str]:
        return [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)]

    def prepare(self) -> None:
        """The state folders with their modes, the class list's accounts; as root, check that the
        learners' own Unix users will be able to reach their homes and read the course."""
        self.state.mkdir(parents=True, exist_ok=True)
        self.state.chmod(0o755)
        secrets_dir(self.state)
        if not self.demo:
            add_accounts(self.state, [TEACHER, *self.learners], reset=True,
                         passwords={TEACHER: self.admin_password, **self.learners})
        if os.geteuid() == 0:
            needed = [self.state, COURSE, Path(sys.prefix), Path(sys.base_prefix), Path(os.path.realpath(sys.executable))]
            for path in needed:
                for folder in make_searchable(path):
                    print(f"classroom: made {folder} searchable by the learners' Unix users (o+x)",
                          file=sys.stderr, flush=True)

    def start(self, timeout: float = 60.0) -> float:
        """Start the hub; return the seconds until it answered its health check."""
        self.prepare()
        start = time.monotonic()
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(self.argv(), cwd=self.state, env=self.env(), stdout=log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        while time.monotonic() - start < timeout:
            if self.proc.poll() is not None:
                raise RuntimeError(f"jupyterhub exited with {self.proc.returncode}; see {self.log_path}")
            try:
                if requests.get(f"{self.url}/hub/health", timeout=2).ok:
                    return time.monotonic() - start
            except requests.RequestException:
                pass
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"jupyterhub did not answer within {timeout:.0f} s; see {self.log_path}")

    def descendants(self) -> list[int]:
        """Process ids of everything the hub started (proxy, culler, learners' servers, kernels)."""
        if self.proc is None:
            return []
        import psutil

        try:
            return [p.pid for p in psutil.Process(self.proc.pid).children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def stop(self, timeout: float = 40.0) -> None:
        """SIGTERM the hub (it stops the servers and the proxy), then kill anything left over."""
        if self.proc is None:
            return
        import psutil

        leftovers = self.descendants()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        for pid in leftovers:
            try:
                p = psutil.Process(pid)
                p.kill()
                p.wait(5)
            except (psutil.NoSuchProcess, psutil.TimeoutExpired):
                pass
        self.proc = None
        # the learners' short runtime folders (as jupyterhub_config.py names them)
        digest = hashlib.sha1(str(self.state).encode()).hexdigest()[:8]
        shutil.rmtree(Path(tempfile.gettempdir()) / f"fh500-{digest}", ignore_errors=True)

    def __enter__(self) -> Hub:
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def home(self, user: str) -> Path:
        """A learner's home folder."""
        return self.state / "homes" / user

    def server_pids(self) -> dict[str, int]:
        """{learner: process id} of each learner's running single-user server (forked by the zygote or started on its own)."""
        if self.proc is None:
            return {}
        return learner_servers(self.descendants(), UNIX_PREFIX)


def login(hub_url: str, user: str, password: str, *, timeout: float = 120.0) -> tuple[requests.Session, requests.Response]:
    """Log ``user`` in as a browser would (the login form with its ``_xsrf``), follow the
    redirects through the spawn to the learner's start page; return the session and that page."""
    session = requests.Session()
    form = session.get(f"{hub_url}/hub/login", timeout=timeout)
    form.raise_for_status()
    match = re.search(r'name="_xsrf"\s+value="([^"]+)"', form.text)
    data = {"username": user, "password": password}
    if match:
        data["_xsrf"] = match.group(1)
    response = session.post(f"{hub_url}/hub/login?next=", data=data, timeout=timeout, allow_redirects=True)
    # The spawn-pending page refreshes itself in a browser; poll it like one.
    deadline = time.monotonic() + timeout
    while "/hub/spawn-pending/" in response.url and time.monotonic() < deadline:
        time.sleep(0.5)
        response = session.get(f"{hub_url}/hub/user/{user}{START_PAGE}", timeout=timeout)
    response.raise_for_status()
    return session, response


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the course to a class with JupyterHub on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=int(os.environ.get("CLASSROOM_PORT") or 8000))
    parser.add_argument("--state", type=Path, default=COURSE / ".classroom",
                        help="the hub's state and the learners' homes (default: .classroom)")
    parser.add_argument("--demo", action="store_true",
                        help="DEMO: one shared password for any name, instead of the class list")
    args = parser.parse_args(argv)
    if not PROXY.exists() and "FH_CLASSROOM_PROXY" not in os.environ:
        print(f"configurable-http-proxy is missing ({PROXY}); run `make classroom`.", file=sys.stderr)
        return 1
    port = args.port
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((HOST, port))
        except OSError:
            port = free_port()
            print(f"Port {args.port} is taken; using port {port} instead.", file=sys.stderr)
    hub = Hub(args.state, port=port, demo=args.demo)
    hub.prepare()
    if hub.demo:
        logins = (f"DEMO MODE: one shared password, and anyone who has it can log in as any learner.\n"
                  f"Learners log in with any user name and the password:  {hub.password}\n")
    else:
        logins = ("Learners log in with the accounts on the class list; make them with\n"
                  "  python tools/teacher.py add-learners NAME...   (it prints each new password once)\n")
    if os.geteuid() != 0:
        logins += ("Not run as root: every learner's server runs as this one Unix user, so learners' "
                   "homes are not kept from each other (run it as root for a real class).\n")
    print(f"\nThe classroom is at:  {hub.url}/\n{logins}"
          f"The teacher logs in as '{TEACHER}' with the password in {hub.secrets / 'admin-password'}\n"
          f"Learners' homes (progress, free-play saves):  {hub.state / 'homes'}\n"
          f"Press Ctrl-C to stop the hub and every learner's server.\n", flush=True)
    os.environ.update(hub.env())
    argv_ = hub.argv()
    os.chdir(hub.state)
    os.execv(argv_[0], argv_)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
