"""Page load: every lesson page and an empty notebook, in headless Chromium, as a new learner meets them.

One Voilà server (started from the repository root, so ``voila.json`` applies, preheated kernel pools
included) serves a copy of the lessons and an empty notebook.  Every page is loaded ``--loads`` times
(at least 5; ``--quick`` loads each twice, a smoke run) in a new browser context each time (a cold
browser cache, like a learner's first visit), the pages taken in turn so that a preheated pool has
refilled by the time its page comes round again.  One load is timed from navigation start until
every cell's output is rendered and every widget view drawn (no "Executing", no spinner).

For each page the table gives the median and the max of those times, the widget models the page
created (the models whose state reached the browser) and the bytes it received (the HTML plus
every websocket frame from the kernel).  Each page is closed with its ``beforeunload`` (Voilà then
shuts its kernel down), so the run leaves no kernels behind.

    python bench/page_load.py [--loads 5] [--quick] [--cold | --pool-all] [--warm-browser] [--dwell 8] [--no-follow-on] [--pages 01 07 empty] [--lang sk]

``--lang sk`` also serves every page built in that language (``tools/i18n.py build``) and loads each page
in English and in the language in turn, then prints the two medians and their ratio (issue #28: a page
in another language loads no slower than in English, within 10%); use it with ``--cold``, since
voila.json's pools hold English pages only.

``--dwell S`` waits S seconds after each page before the next (a learner reading the page): the
follow-on preheating of ``classroom/kernels.py`` starts the next lesson's kernel when a page connects,
so the pages taken in course order then show what a learner going through the course meets; with
no dwell (the default) each next page is asked for while its kernel is still being preheated.
``--no-follow-on`` turns that preheating off (voila.json's pools only: the figures before it).

``--cold`` turns Voilà's kernel preheating off for the run (the "before" figures); ``--pool-all`` gives
every page a pool of one (what preheating does for a page voila.json leaves out); ``--pages``
keeps only the pages whose names start with one of the given prefixes.  Figures are only
comparable at a similar load average (printed with the table).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from playwright.sync_api import Browser, BrowserContext, WebSocket, sync_playwright
from playwright.sync_api import Error as PlaywrightError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _browser import CHROMIUM, ROOT, SHOWN, start_voila, stop

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
EMPTY = "empty.ipynb"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
TIMEOUT_MS = 120_000


def decode_frame(payload: str | bytes) -> dict[str, Any] | None:
    """A kernel websocket frame as a message dict (JSON text, or jupyter_server's v1 binary framing)."""
    try:
        if isinstance(payload, str):
            msg: dict[str, Any] = json.loads(payload)
            return msg
        (count,) = struct.unpack_from("<Q", payload, 0)
        offsets = list(struct.unpack_from(f"<{count}Q", payload, 8))
        parts = [payload[offsets[i]:offsets[i + 1] if i + 1 < len(offsets) else len(payload)] for i in range(len(offsets))]
        return {"channel": parts[0].decode(), "header": json.loads(parts[1]), "content": json.loads(parts[4])}
    except (ValueError, struct.error, IndexError, UnicodeDecodeError):
        return None


@dataclass
class Traffic:
    """What one page received over its kernel websockets."""

    bytes: int = 0
    messages: int = 0
    models: set[str] = field(default_factory=set)

    def frame(self, payload: str | bytes) -> None:
        self.bytes += len(payload.encode() if isinstance(payload, str) else payload)
        self.messages += 1
        msg = decode_frame(payload)
        if not msg:
            return
        kind = msg.get("header", {}).get("msg_type")
        content = msg.get("content", {})
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.models.add(content.get("comm_id", ""))
        elif kind == "comm_msg":
            data = content.get("data", {})
            if data.get("method") == "update_states":
                self.models.update(data.get("states", {}))
            elif data.get("method") == "update" and "state" in data:
                pass


@dataclass
class PageResult:
    times: list[float] = field(default_factory=list)
    preheated: int = 0
    failed: int = 0
    models: list[int] = field(default_factory=list)
    received: list[int] = field(default_factory=list)


def make_served_dir(tmp: Path) -> tuple[Path, list[str]]:
    """A copy of every lesson page and an empty notebook; returns (folder, page names in order)."""
    served = tmp / "lessons"
    served.mkdir()
    pages = []
    for path in sorted((ROOT / "lessons").glob("[0-9][0-9]*.ipynb")):
        shutil.copy(path, served / path.name)
        pages.append(path.name)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Empty")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, served / EMPTY)
    return served, pages + [EMPTY]


def load_once(browser: Browser, url: str, shared: BrowserContext | None = None) -> tuple[float, int, int]:
    """(seconds from navigation start to fully drawn, widget models, bytes received) for one load.

    A new browser context each time (a new learner), or a new page in ``shared`` (a learner's warm cache).
    """
    context = shared or browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    traffic = Traffic()

    def on_ws(ws: WebSocket) -> None:
        if "/channels" in ws.url:
            ws.on("framereceived", traffic.frame)

    page.on("websocket", on_ws)
    try:
        response = page.goto(url, timeout=TIMEOUT_MS)
        if response is None or not response.ok:
            raise RuntimeError(f"{url}: HTTP {response and response.status}")
        html = response.body()
        expected = html.decode(errors="replace").count(WIDGET_MIME)
        views, done_ms = page.wait_for_function(SHOWN, arg=expected, timeout=TIMEOUT_MS, polling="raf").json_value()
        if views != "drawn":  # the template loads the page again: a load the learner waits through twice
            raise RuntimeError(f"a widget view failed to draw ({views})")
        page.wait_for_timeout(300)  # the last state messages
        return float(done_ms) / 1000, len(traffic.models - {""}), len(html) + traffic.bytes
    finally:
        page.close(run_before_unload=True)  # Voilà's beforeunload shuts the page's kernel down
        if shared is None:
            context.close()


def wait_for_pools(log: Path, pages: list[str], pools: dict[str, int] | None = None, timeout: float = 420) -> None:
    """Wait until Voilà logs every configured pool as filled (or the timeout passes)."""
    config = {n: {"pool_size": k} for n, k in pools.items()} if pools else (
        json.loads((ROOT / "voila.json").read_text()).get("VoilaKernelManager", {}).get("kernel_pools_config", {}))
    wanted = [nb for nb, c in config.items() if nb != "default" and c.get("pool_size", 0) > 0 and nb in pages]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace")
        if all(f"Kernel pool of {nb} is filled" in text for nb in wanted):
            return
        time.sleep(0.5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="loads per page (at least 5 unless --quick)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 loads per page")
    parser.add_argument("--cold", action="store_true", help="turn kernel preheating off (the figures before it)")
    parser.add_argument("--pool-all", action="store_true",
                        help="a pool of one kernel for every page (what preheating gives a page, beyond voila.json's subset)")
    parser.add_argument("--warm-browser", action="store_true",
                        help="one browser context for every load (the static files cached, as for a learner's second page)")
    parser.add_argument("--dwell", type=float, default=0.0,
                        help="seconds between one page drawn and the next asked for (a learner reading)")
    parser.add_argument("--no-follow-on", action="store_true",
                        help="no follow-on preheating of the next lesson (voila.json's own pools only)")
    parser.add_argument("--pages", nargs="*", default=None, help="only pages whose names start so (e.g. 01 07 empty)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures to this file")
    parser.add_argument("--lang", default=None, help="also load every page in this language (e.g. sk) and compare")
    args = parser.parse_args(argv)
    loads = 2 if args.quick else max(args.loads, 5)
    results: dict[str, PageResult] = {}
    with tempfile.TemporaryDirectory(prefix="fh-pageload-") as tmpdir, sync_playwright() as pw:
        tmp = Path(tmpdir)
        served, pages = make_served_dir(tmp)
        if args.pages:
            pages = [p for p in pages if p.startswith(tuple(args.pages))]
        if args.lang:
            subprocess.run([sys.executable, str(ROOT / "tools" / "i18n.py"), "build", args.lang, "--out", str(served)],
                           check=True, stdout=subprocess.DEVNULL)
            pages = [x for p in pages if p != EMPTY for x in (p, f"{args.lang}/{p}")]
        env = {**os.environ, "FIVEHUNDRED_PROGRESS": str(tmp / "progress" / "progress.json")}
        extra = ["--VoilaConfiguration.preheat_kernel=False"] if args.cold else []
        if args.no_follow_on:
            extra.append("--CappedKernelManager.follow_on=False")
        pools: dict[str, int] = {}
        if args.pool_all and not args.cold:
            pools = {name: 1 for name in pages}
            (tmp / "config").mkdir()
            (tmp / "config" / "voila.json").write_text(json.dumps({"VoilaKernelManager": {"kernel_pools_config": {
                "default": {"pool_size": 0}, **{n: {"pool_size": 1} for n in pools}}}}))
            extra += [f"--Voila.config_file_paths={tmp / 'config'}", f"--Voila.config_file_paths={ROOT}",
                      "--CappedKernelManager.max_kernels=0"]  # a pool for every page is more than the cap of 8
        log = tmp / "voila.log"
        proc, url = start_voila(served, log, env, extra=extra)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            if not args.cold:
                wait_for_pools(log, pages, pools or None)
            shared = browser.new_context(viewport={"width": 1280, "height": 900}) if args.warm_browser else None
            load_once(browser, f"{url}/voila/render/{EMPTY}", shared)  # warm the OS page cache (and the browser's)
            for _ in range(loads):
                for name in pages:
                    r = results.setdefault(name, PageResult())
                    try:
                        seconds, models, received = load_once(browser, f"{url}/voila/render/{name}", shared)
                    except (PlaywrightError, RuntimeError) as err:  # a page that never finished or failed to draw: counted, not timed
                        r.failed += 1
                        print(f"  {name}: load failed ({str(err).splitlines()[0][:120]})", file=sys.stderr)
                        continue
                    r.times.append(seconds)
                    r.models.append(models)
                    r.received.append(received)
                    time.sleep(args.dwell)
        finally:
            browser.close()
            stop(proc)
            text = log.read_text(errors="replace")
            for name, r in results.items():
                r.preheated = len(re.findall(rf"Using pre-heated kernel: [\w-]+ for {re.escape(name)}$", text, re.M))
    mode = ("cold kernels (preheating off)" if args.cold else "a preheated pool of one for every page" if args.pool_all
            else "voila.json as it is (preheated pools)")
    if args.no_follow_on and not args.cold:
        mode += ", no follow-on preheating"
    print(f"Page load in headless Chromium, navigation start -> every output and widget drawn; {mode}")
    how = "in one browser context (warm cache)" if args.warm_browser else "each in a new browser context"
    dwell = f", {args.dwell:g} s between pages" if args.dwell else ""
    print(f"  {loads} loads a page, {how}{dwell}; load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs (loaded machine: times stretch)")
    print(f"  {'page':<40} {'median s':>8} {'max s':>7} {'models':>7} {'KB recv':>8} {'preheated':>9} {'failed':>6}")
    for name, r in results.items():
        if not r.times:
            print(f"  {name:<40} every load failed ({r.failed})")
            continue
        print(f"  {name:<40} {statistics.median(r.times):8.2f} {max(r.times):7.2f} "
              f"{statistics.median(r.models):7.0f} {statistics.median(r.received) / 1024:8.0f} {r.preheated:>4}/{len(r.times) + r.failed:<4} {r.failed:>6}")
    lessons = [t for n, r in results.items() if n != EMPTY for t in r.times]
    if lessons:
        print(f"  all lesson pages: median {statistics.median(lessons):.2f} s, max {max(lessons):.2f} s "
              f"(targets on a quiet machine: median <= 1.0 s, max <= 1.5 s; welcome page <= 0.7 s)")
    if args.lang:
        prefix = f"{args.lang}/"
        pairs = [(n, f"{prefix}{n}") for n in results if not n.startswith(prefix) and results.get(f"{prefix}{n}")]
        ratios = []
        print(f"  English against {args.lang} (median s each; ratio {args.lang}/English; target <= 1.10):")
        for en, other in pairs:
            if results[en].times and results[other].times:
                a, b = statistics.median(results[en].times), statistics.median(results[other].times)
                ratios.append(b / a)
                print(f"    {en:<40} {a:6.2f} {b:6.2f}  x{b / a:.2f}")
        if ratios:
            en_all = [t for n, _ in pairs for t in results[n].times]
            lang_all = [t for _, o in pairs for t in results[o].times]
            print(f"    all pages: English median {statistics.median(en_all):.2f} s, {args.lang} "
                  f"{statistics.median(lang_all):.2f} s, ratio of medians x{statistics.median(lang_all) / statistics.median(en_all):.2f}; "
                  f"median page ratio x{statistics.median(ratios):.2f}")
    if args.json:
        args.json.write_text(json.dumps({n: vars(r) for n, r in results.items()} | {
            "_meta": {"loads": loads, "cold": args.cold, "load": os.getloadavg()}}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
