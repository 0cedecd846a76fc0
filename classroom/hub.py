"""Start the classroom's JupyterHub on 127.0.0.1, and log learners in to it.

``make classroom`` runs ``python -m classroom.hub``: the hub in the foreground
(Ctrl-C stops it and every learner's server), its state and the learners'
homes in ``.classroom/``, the shared passwords kept in ``.classroom/`` and
printed.  The CI smoke test and ``bench/classroom.py`` use :class:`Hub` and
:func:`login` to do the same from Python and stop everything they started.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import requests

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


def _secret(path: Path, length: int) -> str:
    """The password kept in ``path``, made (``length`` URL-safe characters) the first time."""
    if path.exists():
        text = path.read_text(encoding="utf-8").strip()
        if len(text) >= length:
            return text
    text = secrets.token_urlsafe(length)[:length]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="utf-8")
    path.chmod(0o600)
    return text


class Hub:
    """A JupyterHub process started with classroom/jupyterhub_config.py.

    ``with Hub(state) as hub:`` starts it, waits until it answers, and on the
    way out stops the hub, the proxy and every learner's server it started.
    """

    def __init__(self, state: Path, *, port: int | None = None, password: str | None = None,
                 admin_password: str | None = None, cull_seconds: int | None = None,
                 extra_env: dict[str, str] | None = None) -> None:
        self.state = Path(state).resolve()
        self.port = port or free_port()
        self.password = password or _secret(self.state / "password", 12)
        self.admin_password = admin_password or _secret(self.state / "admin-password", 40)
        self.cull_seconds = cull_seconds
        self.extra_env = extra_env or {}
        self.proc: subprocess.Popen[bytes] | None = None
        self.log_path = self.state / "jupyterhub.log"

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
            "FH_CLASSROOM_PASSWORD": self.password,
            "FH_CLASSROOM_ADMIN_PASSWORD": self.admin_password,
        })
        if self.cull_seconds is not None:
            env["FH_CLASSROOM_CULL_SECONDS"] = str(self.cull_seconds)
        env.update(self.extra_env)
        return env

    def argv(self) -> list[str]:
        return [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)]

    def start(self, timeout: float = 60.0) -> float:
        """Start the hub; return the seconds until it answered its health check."""
        self.state.mkdir(parents=True, exist_ok=True)
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
        """A learner's home folder (the demo spawner's per-user home)."""
        return self.state / "homes" / user


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
    hub = Hub(args.state, port=port)
    print(f"\nThe classroom is at:  {hub.url}/\n"
          f"Learners log in with any user name and the password:  {hub.password}\n"
          f"The teacher logs in as 'teacher' with the password in {hub.state / 'admin-password'}\n"
          f"Learners' homes (progress, free-play saves):  {hub.state / 'homes'}\n"
          f"Press Ctrl-C to stop the hub and every learner's server.\n", flush=True)
    os.environ.update(hub.env())
    argv_ = hub.argv()
    os.chdir(hub.state)
    os.execv(argv_[0], argv_)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
