"""Serve the course with Voila on 127.0.0.1 and print the URL of the welcome page.

Usage (from anywhere; ``make course`` runs it)::

    python tools/serve.py [PORT]

If PORT (default: the ``PORT`` environment variable, else 8866) is taken, a free
port is picked and the script says so.  Voila is then exec'd in directory mode
from the repository root, so it reads ``voila.json`` there (sources stripped,
tracebacks hidden, ``remove-cell`` cells dropped, idle kernels culled).

Kernel culling: every page view starts its own kernel.  Measured on this
machine (Debian 12, Python 3.11, bench/voila_cold_start.py), the kernel left
behind after rendering lessons/01-the-pack.ipynb holds about 60 MB RSS (an
empty notebook's kernel: about 52 MB).  A learner who closes the tab leaves
that kernel behind until Voila stops (so does a bare GET without a browser),
so voila.json culls kernels that have been idle for 15 minutes with no
browser connected, checking every 60 s.  ``cull_connected`` is false: a tab
that is still open keeps its kernel however long the learner pauses.
Checked: with a 6 s timeout in voila.json, a kernel started by a bare GET
was culled after 7 s.
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
DEFAULT_PORT = 8866
START_PAGE = "00-welcome.ipynb"


def port_is_free(port: int, host: str = HOST) -> bool:
    """True if nothing listens on ``host:port`` and we may bind it."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def free_port(host: str = HOST) -> int:
    """A port the OS says is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def choose_port(wanted: int) -> int:
    """``wanted`` if free, else another free port (and say so on stderr)."""
    if port_is_free(wanted):
        return wanted
    port = free_port()
    print(f"Port {wanted} is taken; using port {port} instead.", file=sys.stderr, flush=True)
    return port


def voila_argv(port: int) -> list[str]:
    """The Voila command line (directory mode, listening on 127.0.0.1 only)."""
    return [
        sys.executable,
        "-m",
        "voila",
        "lessons",
        f"--port={port}",
        f"--Voila.ip={HOST}",
        "--no-browser",
        "--classic-tree",
    ]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", nargs="?", type=int, default=int(os.environ.get("PORT") or DEFAULT_PORT),
                        help=f"the port to try first (default: $PORT or {DEFAULT_PORT})")
    port = choose_port(parser.parse_args(argv[1:]).port)
    os.chdir(ROOT)  # voila reads voila.json from the working directory
    print(f"\nThe course is at:  http://{HOST}:{port}/voila/render/{START_PAGE}\n", flush=True)
    print("Press Ctrl-C to stop.\n", flush=True)
    args = voila_argv(port)
    os.execv(args[0], args)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv))
