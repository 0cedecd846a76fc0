"""Browser-driving helpers shared by the browser benches (table_stress.py, pace.py): Voilà on 127.0.0.1, Chromium.

Not a bench itself (no ``main``): ``make bench`` skips it.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Debian's Chromium (never ``playwright install``)
CHROMIUM = "/usr/bin/chromium"
#: The page's word on its widget views, from the course's page template (``window.fivehundredViews`` in
#: ``share/jupyter/voila/templates/fivehundred/index.html.j2``; tests/e2e/helpers.py asks the same): "loading" (a
#: cell still running, an output not yet in the page, a spinner, or fewer than ``expected`` views shown), "failed"
#: (a view failed to draw; the template loads the page again), "final" (it failed after that reload too) or "drawn".
VIEWS = "(expected) => window.fivehundredViews ? window.fivehundredViews(expected) : 'loading'"
#: for ``wait_for_function``: false while the page is loading; then [its word on the views, performance.now()]
SHOWN = "(expected) => { const s = (" + VIEWS + ")(expected); return s !== 'loading' && [s, performance.now()]; }"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_voila(folder: Path, log: Path, env: dict[str, str], *, timeout: float = 60,
                extra: tuple[str, ...] | list[str] = ()) -> tuple[subprocess.Popen[bytes], str]:
    """Serve ``folder``'s notebooks with Voilà on a free 127.0.0.1 port (``extra``: more Voilà options); returns (process, base url)."""
    port = free_port()
    argv = [sys.executable, "-m", "classroom.language_links", str(folder), f"--port={port}", "--Voila.ip=127.0.0.1", "--no-browser", *extra]
    out = log.open("wb")
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/voila/templates/lab/static/voila.js", timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.2)
    stop(proc)
    raise RuntimeError(f"voila did not start: {log.read_text(errors='replace')[-2000:]}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    """End the Voilà server this bench started (its kernels go with it)."""
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)
