"""Serve the course with Voila on 127.0.0.1 and print the URL of the welcome page.

Usage (from anywhere; ``make course`` runs it)::

    python tools/serve.py [PORT]

If PORT (default: the ``PORT`` environment variable, else 8866) is taken, a free
port is picked and the script says so.  Voila is then exec'd in directory mode
from the repository root, so it reads ``voila.json`` there (sources stripped,
tracebacks hidden, ``remove-cell`` cells dropped, idle kernels culled).  It runs as
``python -m classroom.language_links``: standalone Voila, same command line, that also
follows ``?lang=xx`` links (any course page asked for with ``?lang=sk`` is redirected to
the same page in Slovak; an unknown language gets a plain 400 page).

Kernel culling: every page view starts its own kernel (about 60 MB RSS for
lessons/01-the-pack.ipynb, bench/voila_cold_start.py).  A tab that closes asks Voilà to
shut its kernel down (with the ``_xsrf`` cookie that classroom.kernels.PageIdentityProvider
gives each page; Voilà itself sets none, so before it every such request was refused), but
a tab that crashes, or a bare GET without a browser (which any web page can send with an
``<img>`` tag), leaves its kernel behind, so voila.json culls a kernel with no page connected
45 s after its last activity, checking every 10 s: gone within a minute of its page closing.
``cull_connected`` is false: a tab that is still open keeps its kernel however long the
learner pauses.  At most 8 kernels live at once (classroom/kernels.py): at the cap the
longest-idle kernel with no page connected makes room, and if every kernel has its page
open a new page is refused with 503.

Only this machine's own pages reach it: voila.json sets ``allow_remote_access`` false, so
a request whose ``Host`` is not 127.0.0.1, localhost or ::1 is refused (403), which closes
DNS rebinding; kernel websockets must come from the page's own origin (jupyter_server's
default check).  tests/classroom/test_local_course_security.py checks all of this.
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


def voila_argv(port: int, target: str = "lessons") -> list[str]:
    """The Voila command line (directory mode on TARGET, listening on 127.0.0.1 only).

    Kernels talk to Voila over Unix sockets (IPC), each kernel's named by its id in Voila's own
    connection folder, not over TCP ports: a TCP port is picked by binding port 0 and releasing it
    before the kernel binds it, so two Voila processes starting kernels at once (the test run's two
    workers, or the course beside another Jupyter) sometimes chose the same port, and the second
    kernel died with its page never drawn.
    """
    return [
        sys.executable,
        "-m",
        "classroom.language_links",  # Voila, with ?lang= links (classroom/language_links.py)
        target,
        f"--port={port}",
        f"--Voila.ip={HOST}",
        "--no-browser",
        "--classic-tree",
        "--KernelManager.transport=ipc",
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
