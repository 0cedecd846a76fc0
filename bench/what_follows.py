"""Every call scored by what follows (issue #23, item 1): the served keys against keys that score each call
by the rest of the auction (bid by the method at every seat) and the final contract played out.

For a sample of the served bidding quizzes (an even spread of each kind and level), the quiz is simulated
again on the same 64 deals with ``basis="what-follows"``
(:func:`fivehundred.analysis.simulation.simulate_follows`) and compared with its served key (basis
"playout": the learner wins the auction with the call, and a pass scores 0).  Printed per kind and level:
how many keys change their best call; how often a pass is the best call; a learner who always passes and
one who makes a random legal call, graded right (best or also fine); the method (lesson 14, ``method_call``)
graded right, under the served keys and the new ones; and the level the new key measures.  The bank itself
is not changed.

    python bench/what_follows.py --per-cell 30
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fivehundred.analysis.simulation import Simulation, simulate_follows
from fivehundred.bidding import PASS
from fivehundred.bidding_method import method_call
from fivehundred.quiz import answer_key, bank_codes, make_quiz
from fivehundred.quiz.bank import BANK_SAMPLES, measured_level

KINDS = ("opening", "competing", "misere")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-cell", type=int, default=30, help="quizzes per kind and level, spread over the served bank")
    ap.add_argument("--samples", type=int, default=BANK_SAMPLES, help="deals a quiz (the bank's 64: the same deals as its key)")
    args = ap.parse_args()
    rows: dict[tuple[str, int], list[dict[str, float]]] = {}
    seconds: list[float] = []
    start = time.perf_counter()
    for kind in KINDS:
        for level in (1, 2, 3):
            codes = list(bank_codes(kind, level))
            if len(codes) > args.per_cell:
                step = len(codes) / args.per_cell
                codes = [codes[int(i * step)] for i in range(args.per_cell)]
            for code in codes:
                q = make_quiz(code)
                old = answer_key(q)
                assert q.problem is not None and isinstance(old, Simulation)
                t = time.perf_counter()
                new = simulate_follows(q.problem, samples=args.samples, seed=q.code)
                seconds.append(time.perf_counter() - t)
                p = q.problem
                legal = p.legal_bids()
                call, _ = method_call(p.hand, p.seat, tuple(p._filler().auction), legal, rules=p.rules)
                fine_old, fine_new = set(old.also_fine()), set(new.also_fine())
                rows.setdefault((kind, level), []).append({
                    "changed": new.best.bid != old.best.bid,
                    "pass_best": new.best.bid.is_pass,
                    "always_pass": PASS in fine_new,
                    "random": sum(b in fine_new for b in legal) / len(legal),
                    "method_old": call in fine_old,
                    "method_new": call in fine_new,
                    "level": measured_level(new),
                })
    wall = time.perf_counter() - start
    print(f"(figures loaded: the machine is shared; {wall:.0f} s, {sum(seconds) / max(1, len(seconds)):.2f} s a quiz "
          f"on {args.samples} deals, median {sorted(seconds)[len(seconds) // 2]:.2f} s)")
    print("kind, served level: n | best call changes | pass best | always pass right | random call right | "
          "method right served -> new | new key measures level 1/2/3")

    def line(label: str, rs: list[dict[str, float]]) -> None:
        n = len(rs)
        pct = {k: 100 * sum(r[k] for r in rs) / n for k in ("changed", "pass_best", "always_pass", "random", "method_old", "method_new")}
        lv = Counter(int(r["level"]) for r in rs)
        print(f"  {label}: {n} | {pct['changed']:.0f}% | {pct['pass_best']:.0f}% | {pct['always_pass']:.0f}% | {pct['random']:.0f}% | "
              f"{pct['method_old']:.0f}% -> {pct['method_new']:.0f}% | {lv[1]}/{lv[2]}/{lv[3]}")

    for (kind, level), rs in rows.items():
        line(f"{kind} {level}", rs)
    for kind in KINDS:
        line(f"{kind} all", [r for (k, _), v in rows.items() if k == kind for r in v])
    line("clear and moderate", [r for (_, lv), v in rows.items() if lv < 3 for r in v])
    line("all", [r for v in rows.values() for r in v])
    print("targets (issue #23, once the bank is rebuilt on these keys): pass best <= 30%, always pass <= 25%, random <= 10% "
          "per kind and level; the method >= 85% of each kind's clear and moderate quizzes")


if __name__ == "__main__":
    main()
