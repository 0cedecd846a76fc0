"""Benchmark the computer players.

* Rules player against random players on duplicate boards (each deal played
  twice with the teams swapped): mean net points per board for the rules
  team, with a 95% confidence interval.
* Blunder rate of the rules player's late cards (graded double-dummy over the
  last few tricks).
* Rules-player decision time (p50/p95) and hint latency (p50/p95).

    python bench/bots.py --quick
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from fivehundred import PRESETS, Round
from fivehundred.analysis.endings import random_ending
from fivehundred.analysis.grading import grade_hand
from fivehundred.analysis.hints import hint
from fivehundred.players import Player, RandomPlayer, RulesPlayer, play_hand
from fivehundred.round import View
from fivehundred.actions import Action


class _Timed(Player):
    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner, self.times = inner, times

    def choose(self, view: View) -> Action:
        start = time.perf_counter()
        action = self.inner.choose(view)
        self.times.append(time.perf_counter() - start)
        return action


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--boards", type=int, default=200)
    args = parser.parse_args(argv)
    boards = 40 if args.quick else args.boards
    rules = PRESETS["australian"]
    times: list[float] = []
    nets: list[float] = []
    late_cards = blunders = 0
    graded_hands = 0
    for board in range(boards):
        net = 0.0
        for rules_side in (0, 1):
            r = Round.deal(rules, dealer=board % 4, seed=board)
            seats: list[Player] = [
                _Timed(RulesPlayer(), times) if s % 2 == rules_side else RandomPlayer(board * 10 + s) for s in range(4)
            ]
            result = play_hand(r, seats)
            pts = result.points_by_side
            net += (pts[rules_side] - pts[1 - rules_side]) / 2
            if r.contract is not None and graded_hands < (10 if args.quick else 40):
                graded_hands += 1
                for g in grade_hand(r, max_tricks_left=4):
                    if g.grade is not None and g.seat % 2 == rules_side:
                        late_cards += 1
                        blunders += g.grade == "blunder"
        nets.append(net)
    mean = statistics.mean(nets)
    half = 1.96 * statistics.stdev(nets) / math.sqrt(len(nets))
    print(f"rules vs random, {boards} duplicate boards (4 players, australian)")
    print(f"  net points per board for the rules team: {mean:+.1f}  (95% CI {mean - half:+.1f} to {mean + half:+.1f})")
    rate = blunders / late_cards if late_cards else float("nan")
    print(f"  rules-player blunders in the last 4 tricks: {blunders}/{late_cards} cards = {rate:.1%} ({graded_hands} hands graded)")
    print(f"  rules-player decision time: p50 {_pct(times, 0.5) * 1000:.2f} ms  p95 {_pct(times, 0.95) * 1000:.2f} ms  ({len(times)} decisions)")
    dd: list[float] = []
    sampled: list[float] = []
    for seed in range(8 if args.quick else 30):
        r = random_ending(rules, seed=seed, tricks_left=5, contract=("7H", "7NT")[seed % 2])
        start = time.perf_counter()
        hint(r)
        dd.append(time.perf_counter() - start)
        start = time.perf_counter()
        hint(r.view(r.to_act), samples=10, seed=seed)  # type: ignore[arg-type]
        sampled.append(time.perf_counter() - start)
    print(f"  hint latency, all hands visible, 5 tricks left: p50 {_pct(dd, 0.5) * 1000:.0f} ms  p95 {_pct(dd, 0.95) * 1000:.0f} ms")
    print(f"  hint latency, 10 sampled deals, 5 tricks left: p50 {_pct(sampled, 0.5) * 1000:.0f} ms  p95 {_pct(sampled, 0.95) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
