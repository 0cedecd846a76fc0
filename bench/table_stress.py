"""Browser stress run of the table: many hands in Chromium, with impatient clicks during the computer's turns.

A Voilà server serves a one-cell notebook holding a :class:`widgets.table.TableView`;
headless Chromium (Playwright, /usr/bin/chromium) plays the learner: it picks the
speed in the table's own menu, passes in the auction, plays the first card it may,
and presses New hand at the end of each hand.  While a computer player is to move
it clicks at random, as an impatient learner does: a card in its hand (refused:
not your turn), Show all hands, a bid button, and now and then Undo (which cancels
the pending computer move and schedules a new one).

A **stall** is a table that has not come back to the learner within ``--stall``
seconds.  Every pacer event in the kernel (schedule, fire, drop, error) is logged to
a file (``FIVEHUNDRED_PACER_LOG``); at a stall the bench prints the log's tail and
what the browser shows, so the cause can be told apart: a move scheduled that never
fired (the kernel side) or a move made whose update never reached the page.

Printed: hands played, clicks made (learner moves and impatient ones), stalls, the
pacer's counts (schedule / fire / drop / error), and hands per minute, per speed.

    nice -n 10 python bench/table_stress.py --hands 200 --speeds Instant Fast
    python bench/table_stress.py --hands 3 --speeds Instant        # the CI smoke size
    python bench/table_stress.py --code /tmp/old-tree --hands 60   # an older table, for comparison
"""

from __future__ import annotations

import argparse
import collections
import faulthandler
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _browser import CHROMIUM, ROOT, start_voila, stop

TURN = ".fh-table-status .fh-turn"
READY = """() => { const t = document.querySelector('.fh-table-status .fh-turn');
                   return !!t && /Your turn|is over/.test(t.textContent); }"""

NOTEBOOK_CELL = """\
import os
from widgets.table import TableView
table = TableView.deal(seed=int(os.environ.get("STRESS_SEED", "1")), dealer="E", pace=0.9)
table
"""


@dataclass
class Figures:
    speed: str
    hands: int = 0
    moves: int = 0  # the learner's clicks that were its move
    impatient: int = 0  # clicks during the computer's turns
    stalls: int = 0
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)


def _notebook(folder: Path) -> Path:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "stress", "metadata": {}, "outputs": [],
                     "source": NOTEBOOK_CELL}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    path = folder / "table_stress.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


def _tail(path: Path, n: int = 8) -> str:
    try:
        return "".join(path.read_text(encoding="utf-8").splitlines(keepends=True)[-n:])
    except OSError:
        return "(no pacer log)"


def _impatient(page, rng: random.Random, fig: Figures) -> None:  # type: ignore[no-untyped-def]
    """One random click while a computer player is to move."""
    choice = rng.random()
    try:
        if choice < 0.45:
            cards = page.locator(".fh-table-hand .fh-hand-card")
            if cards.count():
                cards.nth(rng.randrange(cards.count())).click(timeout=1500, force=True)
        elif choice < 0.75:
            page.locator(".fh-show-all").first.click(timeout=1500)
        elif choice < 0.92:
            bids = page.locator(".fh-table-view .fh-bid-7H")
            if bids.count():
                bids.first.click(timeout=1500, force=True)
        else:
            page.locator(".fh-undo").first.click(timeout=1500)
        fig.impatient += 1
    except Exception:  # noqa: BLE001 - a click that missed a redrawn element is just a miss
        pass


def _learner_move(page, turn: str, fig: Figures) -> None:  # type: ignore[no-untyped-def]
    if "to bid" in turn:
        page.locator(".fh-table-view .fh-pass").first.click(timeout=5000)
    elif page.locator(".fh-joker-lead button:visible").count():
        page.locator(".fh-joker-lead button:visible").first.click(timeout=5000)
    else:
        page.locator(".fh-table-hand .fh-hand-card:not(.fh-dimmed)").first.click(timeout=5000)
    fig.moves += 1


def run_speed(browser, url: str, speed: str, hands: int, stall_s: float, log: Path, seed: int,  # type: ignore[no-untyped-def]
              verbose: bool, tracing: bool = False) -> Figures:
    rng = random.Random(seed)
    fig = Figures(speed)
    page = browser.new_page(viewport={"width": 1100, "height": 1300})
    page.on("dialog", lambda d: (fig.notes.append(f"dialog: {d.message}"), d.dismiss()))
    page.set_default_timeout(20_000)
    trace = (lambda msg: print(f"    {time.monotonic():.1f} {msg}", file=sys.stderr, flush=True)) if tracing else (
        lambda msg: None)
    page.goto(f"{url}/voila/render/table_stress.ipynb", timeout=120_000)
    page.wait_for_selector(".fh-table-view .fh-speed select", timeout=120_000)
    page.locator(".fh-table-view .fh-speed select").select_option(speed)
    start = time.monotonic()
    while fig.hands < hands:
        last_change = time.monotonic()
        seen = ""
        while True:
            trace("ready?")
            try:
                page.wait_for_function(READY, timeout=250)
                break
            except PlaywrightTimeoutError:
                pass
            status = page.locator(".fh-table-status").inner_text(timeout=5000)
            trace(f"status {status[-60:]!r}")
            if status != seen:
                seen, last_change = status, time.monotonic()
            if time.monotonic() - last_change > stall_s:
                fig.stalls += 1
                note = (f"STALL at hand {fig.hands + 1} ({speed}): page shows {status!r}; "
                        f"pacer log tail:\n{_tail(log)}")
                fig.notes.append(note)
                print(note, flush=True)
                page.reload()
                page.wait_for_selector(".fh-table-view .fh-speed select", timeout=120_000)
                page.locator(".fh-table-view .fh-speed select").select_option(speed)
                last_change = time.monotonic()
                continue
            if rng.random() < 0.35:
                trace("impatient")
                _impatient(page, rng, fig)
            time.sleep(rng.uniform(0.01, 0.12))
        turn = page.locator(TURN).inner_text()
        trace(f"turn {turn!r}")
        if "is over" in turn:
            fig.hands += 1
            if verbose and (fig.hands % 10 == 0 or fig.hands < 3):
                print(f"  {speed}: {fig.hands} hands, {fig.stalls} stalls", flush=True)
            page.locator(".fh-new-hand").first.click()
            page.wait_for_function("() => !/is over/.test(document.querySelector('.fh-table-status .fh-turn').textContent)",
                                   timeout=30_000)
            continue
        before = page.locator(".fh-table-status").inner_text()
        try:
            _learner_move(page, turn, fig)
            page.wait_for_function("(b) => document.querySelector('.fh-table-status').innerText !== b", arg=before,
                                   timeout=int(stall_s * 1000))
        except Exception as err:  # noqa: BLE001 - counted below as a stall if the table does not come back
            fig.notes.append(f"learner move at hand {fig.hands + 1} got no answer: {err!r:.200}")
    fig.seconds = time.monotonic() - start
    page.close()
    return fig


def pacer_counts(log: Path) -> dict[str, int]:
    counts: collections.Counter[str] = collections.Counter()
    try:
        for line in log.read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) >= 3:
                counts[parts[2]] += 1
    except OSError:
        pass
    return dict(counts)


def main(argv: list[str] | None = None) -> list[Figures]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200, help="hands per speed")
    ap.add_argument("--speeds", nargs="+", default=["Instant", "Fast"])
    ap.add_argument("--stall", type=float, default=12.0, help="seconds without progress that count as a stall")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--verbose", action="store_true", help="progress every 10 hands")
    ap.add_argument("--trace", action="store_true", help="every step of the browser loop, to stderr")
    ap.add_argument("--code", type=Path, default=ROOT,
                    help="the source tree the kernel imports (another checkout, to compare a table before a change)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    if args.trace:
        faulthandler.dump_traceback_later(120, repeat=True)  # where a run hangs, if it does

    results: list[Figures] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        _notebook(folder)
        log = folder / "pacer.log"
        env = dict(os.environ, PYTHONPATH=str(args.code.resolve()), FIVEHUNDRED_PACER_LOG=str(log), FIVEHUNDRED_PROGRESS="off",
                   STRESS_SEED=str(args.seed))
        proc, url = start_voila(folder, folder / "voila.log", env)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                for speed in args.speeds:
                    fig = run_speed(browser, url, speed, args.hands, args.stall, log, args.seed, args.verbose, args.trace)
                    results.append(fig)
                    print(f"{speed}: {fig.hands} hands, {fig.moves} learner clicks, {fig.impatient} impatient clicks, "
                          f"{fig.stalls} stalls, {fig.hands / max(fig.seconds, 1e-9) * 60:.1f} hands/min "
                          f"({fig.seconds:.0f} s)", flush=True)
                browser.close()
        finally:
            stop(proc)
        counts = pacer_counts(log)
        print("pacer events in the kernel: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), flush=True)
        for fig in results:
            for note in fig.notes[:5]:
                print(f"note ({fig.speed}): {note}")
    return results


if __name__ == "__main__":
    main()
