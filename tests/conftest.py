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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

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


def pytest_configure(config: pytest.Config) -> None:
    """Keep the tests' saved progress away from the learner's real progress file.

    Exercises save each answer (widgets.progress).  Kernels started by nbval and
    the Voila server started below inherit this environment variable.
    """
    progress_dir = tempfile.mkdtemp(prefix="fivehundred-test-progress-")
    os.environ["FIVEHUNDRED_PROGRESS"] = os.path.join(progress_dir, "progress.json")


@pytest.hookimpl(trylast=True)  # after -m / -k deselection
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
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
    """Start ``python -m voila TARGET`` from the repo root (so voila.json is read)."""
    argv = [
        sys.executable,
        "-m",
        "voila",
        target,
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--no-browser",
        "--classic-tree",
        *extra,
    ]
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


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Voila server for the lessons folder (directory mode), on a free 127.0.0.1 port."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    proc = start_voila("lessons", port, log)
    try:
        wait_for_voila(proc, url, log)
        yield url
    finally:
        stop_voila(proc)
