"""Benchmark the double-dummy solver: seeded deals, suit and no-trump contracts separately.

Prints the median and 95th-percentile solve time for positions with ``--tricks``
tricks left (10 = a full deal), and the speed-up over a baseline search with
no transposition table and no card equivalence, on the same positions.

    python bench/solver.py --quick
    python bench/solver.py --tricks 10 --deals 20 --timeout 120
"""

from __future__ import annotations

import argparse
import statistics
import time

from fivehundred import PRESETS
from fivehundred.analysis.endings import random_ending
from fivehundred.analysis.solver import SearchCancelled, Solver


def _time(solver: Solver, timeout: float) -> tuple[float, int | None]:
    start = time.perf_counter()
    try:
        value = solver.value(deadline=time.monotonic() + timeout)
    except SearchCancelled:
        return timeout, None
    return time.perf_counter() - start, value


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="few positions, short endings")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--tricks", type=int, default=7, help="tricks left in each position (10 = full deal)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per solve before giving up")
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args(argv)
    deals, tricks = (8, 6) if args.quick else (args.deals, args.tricks)
    rules = PRESETS["australian"]
    print(f"solver benchmark: {deals} seeded deals per strain, {tricks} tricks left, 4 players, timeout {args.timeout:g}s")
    for label, contracts in (("suit", ("7S", "7C", "7D", "7H")), ("no trumps", ("7NT",))):
        fast: list[float] = []
        base: list[float] = []
        timeouts = 0
        for seed in range(deals):
            r = random_ending(rules, seed=seed, tricks_left=tricks, contract=contracts[seed % len(contracts)])
            t, v = _time(Solver.from_round(r), args.timeout)
            timeouts += v is None
            fast.append(t)
            if not args.no_baseline:
                tb, vb = _time(Solver.from_round(r, equivalence=False, table_size=1), args.timeout)
                if v is not None and vb is not None:
                    assert v == vb, (seed, v, vb)
                base.append(tb)
        line = (
            f"{label:10s} median {statistics.median(fast) * 1000:8.1f} ms   p95 {_pct(fast, 0.95) * 1000:8.1f} ms"
            f"   timeouts {timeouts}"
        )
        if base:
            line += f"   baseline median {statistics.median(base) * 1000:8.1f} ms   speed-up x{sum(base) / sum(fast):.1f} (total time)"
        print(line)


if __name__ == "__main__":
    main()
