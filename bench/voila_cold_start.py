"""Voila cold start: lesson 01 against an empty notebook, in headless Chromium.

One measurement = launch a fresh Voila server (from the repo root, so
voila.json applies) -> load the page in an already-running headless Chromium
-> every cell executed and every widget drawn.  Both notebooks are measured
in alternation, ``--repeat`` times each (at least 5), and the medians and
their ratio are printed.  Target: lesson 01 / empty <= 1.5.

It also prints the resident memory (RSS) of the kernel each page view leaves
running until Voila culls it (see voila.json): the cost of a stray kernel.

    python bench/voila_cold_start.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _browser import SHOWN

ROOT = Path(__file__).resolve().parent.parent
LESSON = "01-the-pack.ipynb"
EMPTY = "empty.ipynb"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-headless-shell") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
READY_PATH = "/voila/templates/lab/static/voila.js"
TIMEOUT_S = 90.0
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def voila_server(target: Path | str, log: Path) -> Iterator[tuple[str, subprocess.Popen[bytes], float]]:
    """Start Voila on ``target`` (directory mode); yield (url, process, launch time)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    argv = [sys.executable, "-m", "classroom.language_links", str(target), f"--port={port}", "--Voila.ip=127.0.0.1",
            "--no-browser", "--classic-tree"]
    with log.open("wb") as out:
        launched = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = launched + TIMEOUT_S
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"voila exited ({proc.returncode}):\n{log.read_text(errors='replace')}")
            try:
                with urllib.request.urlopen(url + READY_PATH, timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.perf_counter() > deadline:
                    raise RuntimeError("voila did not start") from None
                time.sleep(0.05)
        yield url, proc, launched
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def load_page(page: Page, url: str) -> int:
    """Open ``url`` and wait until it is fully rendered; return its widget-output count."""
    response = page.goto(url, timeout=TIMEOUT_S * 1000)
    if response is None or not response.ok:
        raise RuntimeError(f"{url}: HTTP {response and response.status}")
    widgets = response.text().count(WIDGET_MIME)
    page.wait_for_function(SHOWN, arg=widgets, timeout=TIMEOUT_S * 1000)
    return widgets


def kernel_rss_mb(voila_pid: int) -> list[float]:
    """RSS in MB of each kernel process Voila started (its children)."""
    out = subprocess.run(["ps", "-o", "rss=", "--ppid", str(voila_pid)], capture_output=True, text=True).stdout
    return [int(line) / 1024 for line in out.split()]


def cold_start(browser: Browser, served: Path, notebook: str, log: Path) -> tuple[float, int, list[float]]:
    """Seconds from server launch to the page fully rendered; widget count; kernel RSS."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        with voila_server(served, log) as (url, proc, launched):
            widgets = load_page(page, f"{url}/voila/render/{notebook}")
            seconds = time.perf_counter() - launched
            page.wait_for_timeout(500)  # let the kernel settle before reading its memory
            rss = kernel_rss_mb(proc.pid)
    finally:
        context.close()
    return seconds, widgets, rss


def make_served_dir(tmp: Path) -> Path:
    """A folder holding a copy of lesson 01 and an empty notebook (python3 kernel)."""
    served = tmp / "served"
    served.mkdir()
    shutil.copy(ROOT / "lessons" / LESSON, served / LESSON)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Empty")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, served / EMPTY)
    return served


def load_text() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def fmt(values: list[float]) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per notebook (at least 5)")
    parser.add_argument("--quick", action="store_true", help="accepted for make bench; the minimum counts are already small")
    args = parser.parse_args(argv)
    repeat = max(args.repeat, 5)
    times: dict[str, list[float]] = {LESSON: [], EMPTY: []}
    rss: dict[str, list[float]] = {LESSON: [], EMPTY: []}
    widgets: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="fh-bench-") as tmpdir, sync_playwright() as pw:
        tmp = Path(tmpdir)
        served = make_served_dir(tmp)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            cold_start(browser, served, EMPTY, tmp / "warmup.log")  # warm the OS page cache once
            for i in range(repeat):
                for notebook in (EMPTY, LESSON):
                    seconds, count, kernels = cold_start(browser, served, notebook, tmp / f"{i}-{notebook}.log")
                    times[notebook].append(seconds)
                    widgets[notebook] = count
                    rss[notebook].extend(kernels)
        finally:
            browser.close()
    empty, lesson = statistics.median(times[EMPTY]), statistics.median(times[LESSON])
    ratio = lesson / empty
    print(f"Voila cold start, launch -> page fully rendered in headless Chromium ({repeat} runs each)")
    print(f"  (load average {load_text()} on {os.cpu_count()} CPUs: timings stretch on a busy machine)")
    print(f"  empty notebook : median {empty:.2f} s   [{fmt(times[EMPTY])}]")
    print(f"  {LESSON:<15}: median {lesson:.2f} s   [{fmt(times[LESSON])}]  ({widgets[LESSON]} widget outputs)")
    print(f"  ratio lesson/empty: {ratio:.2f}  (target <= 1.5: {'met' if ratio <= 1.5 else 'NOT met'})")
    print("Stray kernel (one per page view, until culled), RSS after rendering:")
    for notebook in (EMPTY, LESSON):
        values = rss[notebook]
        median = f"{statistics.median(values):.0f} MB" if values else "n/a"
        print(f"  {notebook:<15}: median {median}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
