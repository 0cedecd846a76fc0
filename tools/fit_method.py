"""Fit the bidding method's few numbers (:class:`fivehundred.analysis.advisor.Method`) on a training set of simulated quizzes.

    nice -n 10 .venv/bin/python tools/build_quiz_bank.py --kinds opening competing misere --max-seed 60 \\
        --first-seed 4001 --out bench/data/method_train.json
    .venv/bin/python tools/fit_method.py bench/data/method_train.json [--check fivehundred/quiz/bank.json]

The training quizzes use seeds 4001 on, which the bank never uses, so the
bank is a held-out set.  The score is how often the method's call is best or
also fine against the quiz's key; the search is a few passes of coordinate
descent over each number in turn (a handful of values each), starting from
the current :data:`~fivehundred.analysis.advisor.METHOD`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from fivehundred.analysis.advisor import METHOD, Method, method_call
from fivehundred.analysis.simulation import Simulation
from fivehundred.bidding import Bid
from fivehundred.quiz.quiz import make_quiz

GRID: dict[str, tuple[Any, ...]] = {
    "open": (1, 2, 3, 4, 5),
    "support": (2, 3, 4, 5, 6),
    "partner": (0, 1, 2, 3, 4),
    "compete": (0, 1, 2, 3, 4),
    "length_from": (2, 3, 4, 5),
    "no_joker_ceiling": (7, 8, 9, 10),
    "misere_high": (0, 1, 2, 3, 4),
    "open_misere_high": (-1, 0, 1),
    "bid_full": (True, False),
    "compete_cheap": (False, True),
}


class Item:
    """One training hand: what the method needs (hand, seat, auction, legal calls) and the key's also-fine set."""

    def __init__(self, code: str, entry: dict[str, Any]) -> None:
        q = make_quiz(code)
        assert q.problem is not None
        self.code = code
        self.kind = q.kind
        self.hand = q.problem.hand
        self.seat = q.problem.seat
        filler = q.problem._filler()
        self.auction: tuple[tuple[int, Bid], ...] = tuple(filler.auction)
        self.legal = q.problem.legal_bids()
        key = Simulation.from_compact(q.problem, entry)
        self.fine = set(key.also_fine())
        self.best = key.best.bid


def load(path: Path) -> list[Item]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [Item(c, e) for c, e in data["items"].items() if not c.startswith("K")]


def with_value(m: Method, name: str, value: Any) -> Method:
    if name in ("open", "support", "partner", "compete"):
        return m.with_(allowance={**m.allowance, name: value})
    return m.with_(**{name: value})


def score(m: Method, items: list[Item]) -> float:
    return sum(method_call(i.hand, i.seat, i.auction, i.legal, method=m)[0] in i.fine for i in items) / len(items)


def per_kind(m: Method, items: list[Item]) -> dict[str, str]:
    out = {}
    for kind in sorted({i.kind for i in items}):
        sub = [i for i in items if i.kind == kind]
        ok = sum(method_call(i.hand, i.seat, i.auction, i.legal, method=m)[0] in i.fine for i in sub)
        out[kind] = f"{ok}/{len(sub)} = {100 * ok / len(sub):.0f}%"
    return out


def descend(items: list[Item], start: Method, grid: dict[str, tuple[Any, ...]], passes: int = 4) -> tuple[Method, float]:
    best, top = start, score(start, items)
    for _ in range(passes):
        changed = False
        for name, values in grid.items():
            for v in values:
                cand = with_value(best, name, v)
                s = score(cand, items)
                if s > top + 1e-9:
                    best, top, changed = cand, s, True
        if not changed:
            break
    return best, top


#: starting points for the descent (the current method, and a cautious and a bold one)
STARTS = (
    {},
    {"open": 2, "support": 3, "partner": 2, "compete": 1, "length_from": 4},
    {"open": 4, "support": 5, "partner": 3, "compete": 3, "length_from": 3},
    {"open": 3, "support": 4, "partner": 2, "compete": 2, "length_from": 3, "misere_high": 2},
)


def fit(items: list[Item], start: Method = METHOD, fixed: dict[str, Any] | None = None) -> Method:
    """Coordinate descent from a few starting points; ``fixed`` pins some numbers (for example ``bid_full``)."""
    fixed = fixed or {}
    grid = {k: v for k, v in GRID.items() if k not in fixed}
    best, top = start, -1.0
    for changes in STARTS:
        m = start
        for k, v in {**changes, **fixed}.items():
            m = with_value(m, k, v)
        cand, s = descend(items, m, grid)
        if s > top + 1e-9:
            best, top = cand, s
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("train", type=Path)
    ap.add_argument("--check", type=Path, default=None, help="a held-out key file to score the fitted method on")
    ap.add_argument("--bid-full", choices=("free", "yes", "no"), default="yes",
                    help="pin 'bid what you count' (yes: the lesson's rule), the cheapest level (no), or fit it (free)")
    args = ap.parse_args(argv)
    items = load(args.train)
    print(f"training on {len(items)} hands; current method {100 * score(METHOD, items):.1f}% {per_kind(METHOD, items)}")
    fixed = {} if args.bid_full == "free" else {"bid_full": args.bid_full == "yes"}
    m = fit(items, fixed=fixed)
    print(f"fitted: {m}")
    print(f"training agreement {100 * score(m, items):.1f}% {per_kind(m, items)}")
    if args.check is not None:
        held = load(args.check)
        print(f"held out ({len(held)} hands): current {100 * score(METHOD, held):.1f}%, fitted {100 * score(m, held):.1f}% {per_kind(m, held)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
