"""A class of simulated learners on the classroom's JupyterHub (loopback only, bounded).

Starts the hub of ``make classroom`` (classroom/jupyterhub_config.py) in a
temporary folder, then lets ``--users`` learners arrive ``--arrival`` seconds
apart.  Each logs in through the hub's login form (its server is spawned),
lands on the contents page, opens ``--lessons`` lessons and answers option
exercises at a human pace (``--think`` seconds between clicks):

* ``--browsers`` of them in headless Chromium (one browser each): a click is
  timed in the page until the exercise's feedback text changes; the first
  ``--freeplay`` of those play one free-play hand in lesson 18 as their last lesson;
* the rest through the page's kernel websocket (classroom/kernel_client.py):
  the page is fetched through the hub as a browser would, the widget states
  requested as a browser does, and a click is the widget message a browser
  sends, timed until the kernel sends the feedback widget's update.

Prints: hub start; spawn time p50/p95 (the hub's own "took N seconds to
start"); login -> contents page; lesson page load; click -> feedback p50/p95
overall and by learner type; memory (RSS and PSS) of the hub, the proxy and
each learner's server plus kernels at the peak; errors.  Stops every process
it started.  Run it niced when others share the cores, and say so.

``--open`` opens the class first, as ``tools/teacher.py open-class`` does (classroom/opening.py): every
learner's server is started, two at a time, before the first learner arrives; the time that took is
printed, and the spawn line then shows those starts.

    python bench/classroom.py [--users 30] [--browsers 3] [--freeplay 2] [--max-seconds 900] [--open]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402 - after the sys.path line, with the imports it makes possible

from classroom.hub import PROXY, START_PAGE, Hub, login  # noqa: E402 - classroom/ is importable once the root is on sys.path
from classroom.kernel_client import KernelError, VoilaPage, kernel_id_of, shutdown_kernel  # noqa: E402 - the same
from classroom.zygote import ZYGOTE_MODULE  # noqa: E402 - the same

sys.path.insert(0, str(ROOT / "bench"))
from _browser import SHOWN  # noqa: E402 - bench/ is importable once it is on sys.path

#: lessons whose exercises are answered with option buttons, in course order
LESSONS = [
    "01-the-pack.ipynb",
    "02-tricks-and-following-suit.ipynb",
    "03-trumps.ipynb",
    "04-the-bowers.ipynb",
    "06-the-bidding-ladder.ipynb",
]
FREEPLAY = "18-free-play.ipynb"
CHROMIUM = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--no-first-run"]
PAGE_TIMEOUT_MS = 180_000

#: in the page: click option ``j`` of the ``i``-th exercise with option buttons; resolve with
#: the ms until its feedback changed (-1 if it did not within 30 s)
CLICK_OPTION = """async ([i, j]) => {
  const boxes = [...document.querySelectorAll(".fh-exercise")]
    .filter(b => b.querySelectorAll("button.jupyter-button.fh-option").length >= 2 && b.querySelector(".fh-feedback"));
  const box = boxes[i];
  const feedback = box.querySelector(".fh-feedback");
  const before = feedback.innerHTML + feedback.className;
  const button = box.querySelectorAll("button.jupyter-button.fh-option")[j];
  return await new Promise((resolve) => {
    const start = performance.now();
    const timer = setTimeout(() => { observer.disconnect(); resolve(-1); }, 30000);
    const observer = new MutationObserver(() => {
      if (feedback.innerHTML + feedback.className !== before) {
        observer.disconnect(); clearTimeout(timer); resolve(performance.now() - start);
      }
    });
    observer.observe(feedback, {subtree: true, childList: true, characterData: true, attributes: true});
    button.click();
  });
}"""
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
COUNT_OPTIONS = """() => [...document.querySelectorAll(".fh-exercise")]
  .filter(b => b.querySelectorAll("button.jupyter-button.fh-option").length >= 2 && b.querySelector(".fh-feedback"))
  .map(b => b.querySelectorAll("button.jupyter-button.fh-option").length)"""


@dataclass
class Results:
    lock: threading.Lock = field(default_factory=threading.Lock)
    login_s: list[float] = field(default_factory=list)
    page_s: list[float] = field(default_factory=list)
    clicks: dict[str, list[float]] = field(default_factory=lambda: {"websocket": [], "browser": []})
    #: (monotonic time, ms) of every click, to split the clicks made while others were still arriving
    click_times: list[tuple[float, float]] = field(default_factory=list)
    #: monotonic time each learner reached the contents page
    landed: list[float] = field(default_factory=list)
    unchanged: int = 0
    freeplay_hands: int = 0
    errors: list[str] = field(default_factory=list)
    active: int = 0
    peak_active: int = 0

    def add(self, name: str, value: Any) -> None:
        with self.lock:
            getattr(self, name).append(value)

    def error(self, user: str, what: str) -> None:
        with self.lock:
            self.errors.append(f"{user}: {what}")


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def fmt(values: list[float], unit: str, scale: float = 1.0) -> str:
    if not values:
        return "none"
    v = [x * scale for x in values]
    return (f"p50 {pct(v, 50):.0f} {unit}, p95 {pct(v, 95):.0f} {unit}, max {max(v):.0f} {unit} ({len(v)})"
            if unit == "ms" else
            f"p50 {pct(v, 50):.1f} {unit}, p95 {pct(v, 95):.1f} {unit}, max {max(v):.1f} {unit} ({len(v)})")


class Learner(threading.Thread):
    def __init__(self, index: int, hub: Hub, args: argparse.Namespace, results: Results, deadline: float) -> None:
        super().__init__(daemon=True, name=f"learner-{index}")
        self.index = index
        self.user = f"learner{index:02d}"
        self.hub = hub
        self.args = args
        self.results = results
        self.deadline = deadline
        self.rng = random.Random(index)
        self.browser = index < args.browsers
        self.freeplay = index < min(args.freeplay, args.browsers)
        start = index % len(LESSONS)
        self.lessons = [LESSONS[(start + k) % len(LESSONS)] for k in range(args.lessons)]
        if self.freeplay:
            self.lessons[-1] = FREEPLAY
        #: what the learner is doing now, and since when (named if it is still at it at the deadline)
        self.step, self.step_since = "arriving", time.monotonic()

    def doing(self, step: str) -> None:
        self.step, self.step_since = step, time.monotonic()

    def think(self) -> None:
        time.sleep(self.rng.uniform(*self.args.think))

    def run(self) -> None:
        with self.results.lock:
            self.results.active += 1
            self.results.peak_active = max(self.results.peak_active, self.results.active)
        try:
            if self.browser:
                self.run_browser()
            else:
                self.run_websocket()
        except Exception as exc:  # noqa: BLE001 - every failure is counted, none stops the class
            self.results.error(self.user, f"{type(exc).__name__}: {exc}".splitlines()[0][:300])
            if self.args.verbose:
                traceback.print_exc()
        finally:
            with self.results.lock:
                self.results.active -= 1

    # -- a learner without a browser ---------------------------------------------------
    def run_websocket(self) -> None:
        t0 = time.monotonic()
        self.doing("logging in")
        session, landing = login(self.hub.url, self.user, self.hub.password, timeout=300)
        if not landing.url.split("?")[0].endswith(f"/user/{self.user}{START_PAGE}"):
            raise RuntimeError(f"landed on {landing.url}")
        self.results.add("login_s", time.monotonic() - t0)
        self.results.add("landed", time.monotonic())
        server = f"{self.hub.url}/user/{self.user}"
        landing_kernel = kernel_id_of(landing.text)
        if landing_kernel is None:
            raise RuntimeError("the contents page names no kernel")
        self.think()  # reads the contents page, then leaves it (its kernel is shut down as a browser does)
        shutdown_kernel(session, server, landing_kernel)
        for notebook in self.lessons:
            if time.monotonic() > self.deadline:
                return
            self.doing(f"opening {notebook}")
            page = VoilaPage(session, server, notebook, timeout=300)
            self.results.add("page_s", page.load_seconds)
            try:
                exercises = page.option_exercises()
                for exercise in exercises[: self.args.exercises]:
                    options = list(exercise.options)
                    self.rng.shuffle(options)
                    for button in options[:2]:
                        if time.monotonic() > self.deadline:
                            return
                        self.think()
                        self.doing(f"waiting for feedback in {notebook}")
                        ms, changed = page.click(button, exercise.feedback_id)
                        with self.results.lock:
                            self.results.clicks["websocket"].append(ms)
                            self.results.click_times.append((time.monotonic(), ms))
                        if not changed:
                            with self.results.lock:
                                self.results.unchanged += 1
                if page.errors:
                    self.results.error(self.user, f"{notebook}: {page.errors[0][:200]}")
            except KernelError as exc:
                self.results.error(self.user, f"{notebook}: {exc}")
            finally:
                page.close()

    # -- a learner in Chromium ------------------------------------------------------------
    def run_browser(self) -> None:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.set_default_timeout(PAGE_TIMEOUT_MS)
                t0 = time.monotonic()
                page.goto(f"{self.hub.url}/hub/login")
                page.fill("input[name=username]", self.user)
                page.fill("input[name=password]", self.hub.password)
                page.click("input[type=submit], button[type=submit]")
                page.wait_for_url(re.compile(re.escape(f"/user/{self.user}{START_PAGE}")))
                page.get_by_role("link", name="The pack", exact=True).wait_for(state="visible")
                self.results.add("login_s", time.monotonic() - t0)
                self.results.add("landed", time.monotonic())
                for notebook in self.lessons:
                    if time.monotonic() > self.deadline:
                        return
                    self.think()
                    t1 = time.monotonic()
                    self.doing(f"opening {notebook}")
                    response = page.goto(f"{self.hub.url}/user/{self.user}/voila/render/{notebook}")
                    self.wait_rendered(page, response.text().count(WIDGET_MIME) if response else 0)
                    self.results.add("page_s", time.monotonic() - t1)
                    self.doing(f"answering in {notebook}")
                    if notebook == FREEPLAY:
                        self.play_free_hand(page)
                    else:
                        self.answer_in_page(page)
                    self.check_page(page, notebook)
            finally:
                browser.close()

    def wait_rendered(self, page: Any, widgets: int) -> None:
        """Until every cell ran and ``widgets`` widget views are drawn (as tests/e2e/helpers.py waits)."""
        page.wait_for_selector("#rendered_cells", state="visible")
        page.wait_for_function(SHOWN, arg=widgets)

    def answer_in_page(self, page: Any) -> None:
        counts = page.evaluate(COUNT_OPTIONS)
        for i, n in enumerate(counts[: self.args.exercises]):
            order = list(range(n))
            self.rng.shuffle(order)
            for j in order[:2]:
                if time.monotonic() > self.deadline:
                    return
                self.think()
                ms = float(page.evaluate(CLICK_OPTION, [i, j]))
                if ms < 0:
                    with self.results.lock:
                        self.results.unchanged += 1
                else:
                    with self.results.lock:
                        self.results.clicks["browser"].append(ms)
                        self.results.click_times.append((time.monotonic(), ms))

    def play_free_hand(self, page: Any) -> None:
        sys.path.insert(0, str(ROOT))
        from tests.e2e.test_table import _play_hand  # the browser tests' way of playing a hand by clicking

        _play_hand(page, [], [])
        page.locator(".fh-table-result").first.wait_for(state="visible")
        with self.results.lock:
            self.results.freeplay_hands += 1
        save = self.hub.home(self.user) / ".local/share/fivehundred/freeplay.json"
        if not save.is_file():
            self.results.error(self.user, "no free-play save in the learner's home")

    def check_page(self, page: Any, notebook: str) -> None:
        text = page.locator("body").inner_text()
        for needle in ("Traceback", "There was an error when executing cell", "Error displaying widget", "Kernel died",
                       "This part of the page did not load"):  # the last: a widget view that failed on two loads
            if needle in text:
                self.results.error(self.user, f"{notebook} shows {needle!r}")


def memory(hub: Hub) -> dict[str, Any]:
    """RSS and PSS (MB) of the hub, the proxy, and each learner's server with its kernels."""
    assert hub.proc is not None
    hub_proc = psutil.Process(hub.proc.pid)

    def mb(p: psutil.Process) -> tuple[float, float]:
        try:
            info = p.memory_full_info()
            return info.rss / 2**20, getattr(info, "pss", info.rss) / 2**20
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            return 0.0, 0.0

    def cpu(p: psutil.Process) -> float:
        try:
            t = p.cpu_times()
            return float(t.user + t.system + t.children_user + t.children_system)
        except psutil.NoSuchProcess:
            return 0.0

    out: dict[str, Any] = {"hub": mb(hub_proc), "hub_cpu": cpu(hub_proc), "other": [0.0, 0.0], "servers": [],
                           "kernels": 0, "cpu": {}, "zygote": (0.0, 0.0)}
    servers = set(hub.server_pids().values())  # forked by the zygote, or started on their own
    for pid in servers:
        try:
            child = psutil.Process(pid)
            rss, pss = mb(child)
            kernels = child.children(recursive=True)
        except psutil.NoSuchProcess:
            continue
        # CPU seconds of the server, its kernels that ended, and its kernels running now
        out["cpu"][child.pid] = cpu(child) + sum(cpu(k) for k in kernels)
        out["kernels"] += len(kernels)
        for k in kernels:
            kr, kp = mb(k)
            rss, pss = rss + kr, pss + kp
        out["servers"].append((rss, pss, len(kernels)))
    for child in hub_proc.children():
        if child.pid in servers:
            continue
        try:
            cmd = " ".join(child.cmdline())
        except psutil.NoSuchProcess:
            continue
        if ZYGOTE_MODULE in cmd:  # the class's one zygote (classroom/zygote.py): held once, not per learner
            out["zygote"] = mb(child)
        else:  # the proxy (node) and the idle culler
            r, p = mb(child)
            out["other"][0] += r
            out["other"][1] += p
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=3, help="how many of the learners use Chromium")
    parser.add_argument("--freeplay", type=int, default=2, help="how many browser learners play a free-play hand")
    parser.add_argument("--lessons", type=int, default=3)
    parser.add_argument("--exercises", type=int, default=3, help="exercises answered per lesson (2 clicks each)")
    parser.add_argument("--think", type=float, nargs=2, default=(3.0, 8.0), help="seconds between clicks (uniform)")
    parser.add_argument("--arrival", type=float, default=1.0, help="seconds between learners arriving")
    parser.add_argument("--max-seconds", type=float, default=900.0, help="learners stop after this")
    parser.add_argument("--quick", action="store_true", help="6 learners (1 in Chromium), 2 lessons: a check that it runs")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--open", action="store_true",
                        help="open the class first: start every learner's server before they arrive (teacher.py open-class)")
    parser.add_argument("--no-fork", action="store_true",
                        help="start every learner's server on its own, not forked from the zygote (FH_CLASSROOM_FORK=0)")
    parser.add_argument("--log", help="keep the hub's log (the learners' servers log there too) in this file")
    args = parser.parse_args(argv)
    if args.quick:
        args.users, args.browsers, args.freeplay, args.lessons, args.exercises = 6, 1, 0, 2, 2
        args.think, args.max_seconds = (1.0, 2.0), min(args.max_seconds, 240.0)
    if not PROXY.exists():
        print(f"configurable-http-proxy is missing ({PROXY}); run `make classroom-proxy`", file=sys.stderr)
        return 1

    results = Results()
    peak: dict[str, Any] = {}
    peak_total = 0.0
    server_cpu: dict[int, float] = {}
    hub_cpu = 0.0
    with tempfile.TemporaryDirectory(prefix="fh-classroom-bench-") as tmp:
        if args.no_fork:
            os.environ["FH_CLASSROOM_FORK"] = "0"  # the hub's environment: classroom/jupyterhub_config.py reads it
        hub = Hub(Path(tmp), password="bench-password")
        ready_s = hub.start()
        opened = None
        if args.open:
            from classroom.opening import open_class, opener_token

            opened = open_class(hub.url, opener_token(hub.state), [f"learner{i:02d}" for i in range(args.users)])
        start = time.monotonic()
        try:
            deadline = start + args.max_seconds
            learners = [Learner(i, hub, args, results, deadline) for i in range(args.users)]
            for learner in learners:
                learner.start()
                time.sleep(args.arrival)
            while any(learner.is_alive() for learner in learners) and time.monotonic() < deadline + 120:
                snapshot = memory(hub)
                for pid, seconds in snapshot["cpu"].items():
                    server_cpu[pid] = max(server_cpu.get(pid, 0.0), seconds)
                hub_cpu = max(hub_cpu, snapshot["hub_cpu"])
                total = sum(s[0] for s in snapshot["servers"])
                if total > peak_total:
                    peak_total, peak = total, snapshot
                time.sleep(5)
            now = time.monotonic()
            for learner in learners:
                if learner.is_alive():
                    results.error(learner.user, f"still {learner.step} at the deadline "
                                                f"({now - learner.step_since:.0f} s)")
            log = hub.log_path.read_text(errors="replace")
            if args.log:
                Path(args.log).write_text(log)
        finally:
            hub.stop()
        wall = time.monotonic() - start
    spawn_s = [float(s) for s in re.findall(r"User \S+ took ([\d.]+) seconds to start", log)]

    load = os.getloadavg()
    print(f"Classroom load test: {args.users} learners ({args.browsers} in Chromium, {args.users - args.browsers} "
          f"over kernel websockets), {args.lessons} lessons each, think {args.think[0]:g}-{args.think[1]:g} s, "
          f"arrivals {args.arrival:g} s apart; {os.cpu_count()} cores, load average at the end "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; wall {wall:.0f} s")
    print(f"  hub ready:                 {ready_s:.1f} s")
    if opened is not None:
        print(f"  class opened first:        {len(opened.ready)} servers ready in {opened.seconds:.0f} s "
              f"(each from asking to ready: {fmt(list(opened.ready.values()), 's')})")
    print(f"  spawn (hub's own timing):  {fmt(spawn_s, 's')}")
    print(f"  login -> contents page:    {fmt(results.login_s, 's')}")
    print(f"  lesson page load:          {fmt(results.page_s, 's')}")
    every = results.clicks["websocket"] + results.clicks["browser"]
    verdict = "met" if every and pct(every, 95) <= 300 else "NOT met"
    print(f"  click -> feedback, all:    {fmt(every, 'ms')}  (target p95 <= 300 ms: {verdict})")
    print(f"    kernel websocket:        {fmt(results.clicks['websocket'], 'ms')}")
    print(f"    Chromium:                {fmt(results.clicks['browser'], 'ms')}")
    if results.landed and len(results.landed) == args.users:
        settled = max(results.landed)
        after = [ms for t, ms in results.click_times if t > settled]
        during = [ms for t, ms in results.click_times if t <= settled]
        print(f"    while learners were still arriving: {fmt(during, 'ms')}")
        print(f"    once all {args.users} had landed:  {fmt(after, 'ms')}")
    print(f"  clicks with no visible change: {results.unchanged}; free-play hands played: {results.freeplay_hands}")
    print(f"  learners active at once (peak): {results.peak_active}")
    if peak:
        servers = peak["servers"]
        rss = [s[0] for s in servers]
        pss = [s[1] for s in servers]
        kernels = [s[2] for s in servers]
        print(f"  memory at the peak ({len(servers)} servers, {peak['kernels']} kernels):")
        print(f"    per learner (server + its kernels): RSS mean {statistics.mean(rss):.0f} MB, max {max(rss):.0f} MB; "
              f"PSS mean {statistics.mean(pss):.0f} MB; kernels per learner mean {statistics.mean(kernels):.1f}, max {max(kernels)}")
        print(f"    hub {peak['hub'][0]:.0f} MB RSS; proxy + culler {peak['other'][0]:.0f} MB RSS; "
              f"zygote {peak['zygote'][0]:.0f} MB RSS / {peak['zygote'][1]:.0f} MB PSS (once for the class); "
              f"all learners {sum(rss):.0f} MB RSS / {sum(pss):.0f} MB PSS")
    if server_cpu:
        per = list(server_cpu.values())
        print(f"  CPU seconds per learner over the session (server + kernels): mean {statistics.mean(per):.1f}, "
              f"max {max(per):.1f}; hub {hub_cpu:.1f} s; per learner-minute "
              f"{statistics.mean(per) / (wall / 60):.2f} CPU-s")
    print(f"  errors: {len(results.errors)} (target 0)")
    for line in results.errors[:20]:
        print(f"    {line}")
    return 0 if not results.errors else 1


if __name__ == "__main__":
    sys.exit(main())
