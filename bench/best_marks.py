"""Benchmark "Mark the best cards" in free play: from the learner's turn beginning to the marks shown.

Free play (:class:`widgets.freeplay.FreePlay`) with the toggle on, the computer
moving through the table's own pacer (``--pace``, default 0.05 s: "Instant"),
exactly the path a page takes: the redraw that sees South's card to play starts
the search on its own thread, and the answer is shown from the pacer's loop.
South is played by the rules player through the table's gestures, each card
only once the marks are shown.  Printed, per opponent strength, over
``--decisions`` card decisions of South's:

* **marks**: seconds from the turn beginning to the marks shown
  (:attr:`widgets.best_marks.BestCardsOverlay.timings`), p50 / p95 / max;
* how many decisions ended in marks, in "no time to search", or in an error;
* **Hint after the marks**: the time a Hint press then takes (the shared ladder: no second search).

    python bench/best_marks.py                 # 40 decisions against Club and Expert opponents
    python bench/best_marks.py --decisions 10 --strengths club
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("FIVEHUNDRED_PROGRESS", "off")

from fivehundred.players import RulesPlayer
from fivehundred.round import Phase
from widgets.freeplay import FreePlay
from widgets.table import LEARNER


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]


def _wait(cond: object, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():  # type: ignore[operator]
            return True
        time.sleep(0.005)
    return False


def run(strength: str, decisions: int, pace: float, seed: int) -> None:
    fp = FreePlay(seed=seed, opponents=strength, pace=pace, path=None, mark_best=True, review_budget=0)
    t = fp.table
    overlay = t.best_overlay
    assert overlay is not None
    me = RulesPlayer()
    hint_ms: list[float] = []
    outcomes = {"marked": 0, "no time": 0, "error": 0}
    seen = 0
    choice: list[bool] = []  # per decision: more than one legal card
    while seen < decisions:
        if not _wait(lambda: t.my_turn or t.round.is_over, 60):
            raise RuntimeError(f"the table stalled: {t.status}")
        if t.round.is_over:
            if fp.game.is_over:
                fp.new_game()
            else:
                t.new_hand()
            continue
        if t.round.phase is Phase.PLAY:
            # the learner's last act cleared the overlay ("idle"): the next "shown" is this decision's
            if not _wait(lambda: overlay.state in ("shown", "error"), 30):
                raise RuntimeError(f"no marks after 30 s: {overlay.state} {overlay.text!r}")
            seen += 1
            choice.append(len({p.card for p in t.round.legal_plays()}) > 1)
            if overlay.state == "error":
                outcomes["error"] += 1
            elif t.hand.marked:
                outcomes["marked"] += 1
            else:
                outcomes["no time"] += 1
            h0 = time.perf_counter()
            t.hint()
            hint_ms.append(time.perf_counter() - h0)
        with t.session.lock:
            act = me.choose(t.round.view(LEARNER))
        if not t.act(act):
            raise RuntimeError(t.feedback)
    t.pace = None  # stop the computer
    xs = overlay.timings[:decisions]
    real = [x for x, c in zip(xs, choice) if c]
    print(f"{strength:>7} opponents, {len(xs)} card decisions: turn -> marks p50 {_pct(xs, .5):.2f} s, "
          f"p95 {_pct(xs, .95):.2f} s, max {max(xs):.2f} s; {outcomes}; "
          f"Hint after the marks p50 {_pct(hint_ms, .5) * 1000:.1f} ms, max {max(hint_ms) * 1000:.1f} ms")
    if real:
        print(f"{'':>7} the {len(real)} decisions with a choice of cards: p50 {_pct(real, .5):.2f} s, "
              f"p95 {_pct(real, .95):.2f} s; {sum(x >= 1.4 for x in real)} ran to the search's 1.5 s budget")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=40, help="South's card decisions per strength")
    parser.add_argument("--strengths", default="club,expert", help="opponent levels, comma-separated")
    parser.add_argument("--pace", type=float, default=0.05, help="seconds between computer moves")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    print(f"os.cpu_count() = {os.cpu_count()}, load average {os.getloadavg()[0]:.2f}")
    for strength in args.strengths.split(","):
        run(strength.strip(), args.decisions, args.pace, args.seed)


if __name__ == "__main__":
    main()
