"""How many bank keys change their best call when the pass is scored by what follows (issue #23, item 1).

For each bank quiz with a bid standing (competing and misère quizzes), the
stored key (a pass scores 0) is compared with the same key whose pass is the
standing contract played out on the key's own deals
(:func:`fivehundred.analysis.simulation.truthful_pass`, key version 3).
Printed per kind: keys whose best call changes, and the method's agreement
(best or also fine) before and after.  The bank itself is not changed.

    python bench/truthful_pass.py --limit 200      # a sample: every n-th code
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fivehundred.analysis.simulation import Simulation, truthful_pass  # noqa: E402
from fivehundred.bidding_method import method_call  # noqa: E402
from fivehundred.quiz import answer_key, bank_codes, make_quiz  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="at most this many quizzes, spread over the bank (0: all)")
    args = ap.parse_args()
    codes = [c for c in bank_codes() if c[0] in "CM"]
    if args.limit and len(codes) > args.limit:
        step = len(codes) / args.limit
        codes = [codes[int(i * step)] for i in range(args.limit)]
    start = time.perf_counter()
    rows: dict[str, list[tuple[bool, bool, bool, bool]]] = {}
    for code in codes:
        q = make_quiz(code)
        key = answer_key(q)
        if q.problem is None or not isinstance(key, Simulation) or not any(not b.is_pass for b in q.problem.auction):
            continue
        new = truthful_pass(key)
        p = q.problem
        call, _ = method_call(p.hand, p.seat, tuple(p._filler().auction), p.legal_bids(), rules=p.rules)
        rows.setdefault(q.kind, []).append((
            new.best.bid != key.best.bid, call in key.also_fine(), call in new.also_fine(), new.best.bid.is_pass,
        ))
    print(f"(figures loaded: the machine is shared; {time.perf_counter() - start:.0f} s)")
    allrows = [r for v in rows.values() for r in v]
    for kind, rs in [*sorted(rows.items()), ("all", allrows)]:
        n = len(rs)
        changed = sum(r[0] for r in rs)
        before = sum(r[1] for r in rs)
        after = sum(r[2] for r in rs)
        passes = sum(r[3] for r in rs)
        print(f"{kind}: {n} keys with a bid standing; best call changes in {changed} ({100 * changed / n:.0f}%); "
              f"pass now best in {passes} ({100 * passes / n:.0f}%); the method best or also fine "
              f"{100 * before / n:.0f}% -> {100 * after / n:.0f}%")


if __name__ == "__main__":
    main()
