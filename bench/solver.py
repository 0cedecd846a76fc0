"""Benchmark the double-dummy solver: seeded deals, suit and no-trump contracts separately.

Prints the median, 95th-percentile and worst solve time (:meth:`Solver.value`,
CPU seconds of this process, so other jobs on the machine matter less) for
positions with ``--tricks`` tricks left (10 = a full deal, the issue's
benchmark), and the speed-up over a plain alpha-beta search (no
transposition table, no card equivalence, no sure-trick bounds, moves in card
order) on the first ``--baseline-deals`` of the same positions.  A plain
alpha-beta takes minutes to hours on a full deal, so it runs under its own
time limit; a timed-out baseline counts at the limit, which makes the printed
speed-up a lower bound (the output says so).

    python bench/solver.py --quick
    python bench/solver.py --tricks 10 --deals 200 --baseline-deals 5 --baseline-timeout 120
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable

from fivehundred import PRESETS
from fivehundred.analysis.endings import random_ending
from fivehundred.analysis.solver import Position, SearchCancelled, Solver
from fivehundred.cards import JOKER
from fivehundred.play import nameable_suits
from fivehundred.round import Round
from fivehundred.trumps import rank_table, suit_masks


class _Stop(Exception):
    pass


def plain_alpha_beta(round_: Round, deadline: float) -> int:
    """Side A's remaining tricks by a plain fail-hard alpha-beta: the baseline the solver is measured against."""
    p = Position.from_round(round_)
    table, order = p.table, p.order
    nxt = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
    masks = suit_masks(table.trump, table.nominated)
    suit_of = {}
    for suit, mask in masks.items():
        for i in range(65):
            if mask >> i & 1:
                suit_of[i] = suit
    hands = list(p.hands)
    count = [0]

    def moves(seat: int, trick: list[tuple[int, int]], led: object, suits_led: int, left: int) -> list[tuple[int, object]]:
        leading = not trick
        mask = table.legal_mask(hands[seat], None if leading else led, leading, suits_led, left == 1)  # type: ignore[arg-type]
        out: list[tuple[int, object]] = []
        for i in range(65):
            if mask >> i & 1:
                if i == JOKER.index and leading and table.free_joker and left > 1:
                    out.extend((i, s) for s in nameable_suits(suits_led, False, p.rules))
                else:
                    out.append((i, None))
        return out

    def search(seat: int, trick: list[tuple[int, int]], led: object, suits_led: int, left: int, alpha: int, beta: int) -> int:
        if left == 0:
            return 0
        count[0] += 1
        if count[0] & 4095 == 0 and time.monotonic() > deadline:
            raise _Stop
        maximising = bool(p.maximisers >> seat & 1)
        best = -1 if maximising else 99
        for index, named in moves(seat, trick, led, suits_led, left):
            hands[seat] ^= 1 << index
            new_led, new_suits = led, suits_led
            if not trick:
                new_led = named if index == JOKER.index and table.free_joker else suit_of.get(index)
                if new_led is not None:
                    new_suits |= 1 << new_led.order  # type: ignore[attr-defined]
            t = trick + [(seat, index)]
            if len(t) == len(order):
                ranks = rank_table(table.trump, new_led, table.nominated)
                winner = max(t, key=lambda sc: ranks[sc[1]])[0]
                gain = p.side_a >> winner & 1
                value = gain + search(winner, [], None, new_suits, left - 1, alpha - gain, beta - gain)
            else:
                value = search(nxt[seat], t, new_led, new_suits, left, alpha, beta)
            hands[seat] ^= 1 << index
            if maximising:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    return search(p.to_act, list(p.trick), p.led, p.suits_led, p.tricks_left, -1, 99)


def _timed(fn: Callable[[], int]) -> tuple[float, int | None]:
    start = time.process_time()
    try:
        value = fn()
    except (SearchCancelled, _Stop):
        return time.process_time() - start, None
    return time.process_time() - start, value


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="8 positions per strain with 6 tricks left; baseline on 2, 5 s each")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--tricks", type=int, default=8, help="tricks left in each position (10 = a full deal)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds (wall clock) per solve before giving up")
    parser.add_argument("--baseline-deals", type=int, default=5, help="positions per strain also solved by the plain alpha-beta")
    parser.add_argument("--baseline-timeout", type=float, default=60.0, help="seconds per plain alpha-beta solve")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    args = parser.parse_args(argv)
    deals, tricks = (8, 6) if args.quick else (args.deals, args.tricks)
    if args.quick:
        args.baseline_deals, args.baseline_timeout = 2, 5.0
    rules = PRESETS["australian"]
    print(
        f"solver benchmark: {deals} seeded deals per strain (seeds {args.seed}..{args.seed + deals - 1}), {tricks} tricks left, "
        f"4 players, CPU seconds per Solver.value(), timeout {args.timeout:g}s of wall clock"
    )
    for label, contracts in (("suit", ("7S", "7C", "7D", "7H")), ("no trumps", ("7NT",))):
        times: list[float] = []
        nodes: list[int] = []
        timeouts = 0
        positions = []
        for seed in range(args.seed, args.seed + deals):
            r = random_ending(rules, seed=seed, tricks_left=tricks, contract=contracts[seed % len(contracts)])
            solver = Solver.from_round(r)
            t, v = _timed(lambda: solver.value(deadline=time.monotonic() + args.timeout))
            timeouts += v is None
            times.append(t)
            nodes.append(solver.nodes)
            positions.append((r, t, v))
        print(
            f"{label:10s} median {statistics.median(times) * 1000:8.1f} ms   p95 {_pct(times, 0.95) * 1000:8.1f} ms   "
            f"max {max(times) * 1000:8.1f} ms   timeouts {timeouts}   median nodes {int(statistics.median(nodes))}",
            flush=True,
        )
        base_n = min(args.baseline_deals, deals)
        if base_n <= 0:
            continue
        fast_total = base_total = 0.0
        solved = 0
        for r, t, v in positions[:base_n]:
            tb, vb = _timed(lambda: plain_alpha_beta(r, time.monotonic() + args.baseline_timeout))
            if vb is not None:
                solved += 1
                assert v is None or v == vb, (r.record(), v, vb)
            fast_total += t
            base_total += tb
        bound = "" if solved == base_n else f" (at least: {base_n - solved} baseline solves hit the {args.baseline_timeout:g}s limit)"
        print(
            f"{'':10s} plain alpha-beta on the first {base_n}: {base_total:8.1f} s in all vs {fast_total:6.2f} s   "
            f"speed-up x{base_total / max(fast_total, 1e-9):.0f}{bound}"
        )


if __name__ == "__main__":
    main()
