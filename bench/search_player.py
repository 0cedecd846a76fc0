"""Benchmark the search player (``SearchPlayer``, searching from trick 1) against the rules player.

Plays duplicate boards (:func:`fivehundred.players.duplicate_match`): team A
is the search player, team B the rules player, each board played twice with
the seats swapped.  Prints every 10 boards and at the end: boards played,
team A's mean net points a board with its 95% confidence interval, and the
search player's decision times (wall and CPU seconds, p50/p95/max) over the
play decisions it searched.  ``--stop-after`` bounds the wall time: the run
ends after the board in progress and reports the boards done.

``--rollout-samples N`` decides the cards before the search starts (``--max-tricks``) by rollouts on N sampled
deals (:mod:`fivehundred.analysis.rollouts`), as Expert does; the end of the run then also says, for the rollout
and the search decisions with a choice of cards, on how many deals each was decided (how many reached all N, or
all ``--samples``) and how long each took.

    python bench/search_player.py --quick
    python bench/search_player.py --boards 600 --stop-after 3600
    python bench/search_player.py --boards 100 --max-tricks 5 --samples 50 --rollout-samples 50   # 50 deals a decision
"""

from __future__ import annotations

import argparse
import time

from fivehundred.actions import Action
from fivehundred.analysis import solver
from fivehundred.analysis.hints import SearchPlayer
from fivehundred.analysis.rollouts import distinct_plays
from fivehundred.players import RulesPlayer, duplicate_match
from fivehundred.players.base import Player
from fivehundred.players.match import MatchResult
from fivehundred.round import Phase, View

WALL: list[float] = []
CPU: list[float] = []


class _Stop(Exception):
    pass


#: for each decision with a choice of cards: "search" or "rollout", the sampled deals it was decided on, wall seconds
DECISIONS: list[tuple[str, int, float]] = []


class TimedSearchPlayer(SearchPlayer):
    """A SearchPlayer that records how long each searched (or rolled-out) play decision took, and on how many deals."""

    def choose(self, view: View) -> Action:
        searched = view.phase is Phase.PLAY and 10 - len(view.tricks) <= self.max_tricks
        rolled = (view.phase is Phase.PLAY and not searched and self.rollout_samples > 0
                  and len(distinct_plays(view)) > 1)  # a real choice (not only equivalent cards)
        w, c = time.monotonic(), time.process_time()
        self.last_deals = 0
        action = super().choose(view)
        if searched or rolled:
            WALL.append(time.monotonic() - w)
            CPU.append(time.process_time() - c)
            if len(view.legal_actions) > 1:
                DECISIONS.append(("search" if searched else "rollout", self.last_deals, WALL[-1]))
        return action


def _deals_report(wanted: dict[str, int]) -> None:
    """Per kind of decision (with a choice of cards): how many, the deals they were decided on, their wall time."""
    for kind in ("rollout", "search"):
        rows = [(d, t) for k, d, t in DECISIONS if k == kind]
        if not rows:
            continue
        deals = [float(d) for d, _ in rows]
        times = [t for _, t in rows]
        full = sum(1 for d in deals if d >= wanted[kind])
        print(f"  {kind}: {len(rows)} decisions with a choice of cards; deals a decision p5 {_pct(deals, 0.05):.0f}, "
              f"median {_pct(deals, 0.5):.0f}; {full} ({100 * full / len(rows):.1f}%) on all {wanted[kind]}; "
              f"wall p50 {_pct(times, 0.5):.3f} s, p95 {_pct(times, 0.95):.3f} s, max {max(times):.3f} s", flush=True)


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def _report(m: MatchResult, started: float) -> None:
    lo, hi = m.interval if m.boards > 1 else (float("-inf"), float("inf"))
    print(
        f"boards {m.boards:4d}  mean {m.mean:+7.1f} a board  95% CI [{lo:+.1f}, {hi:+.1f}]  "
        f"decisions {len(WALL)}  wall p50 {_pct(WALL, 0.5):.3f} s p95 {_pct(WALL, 0.95):.3f} s max {max(WALL, default=0):.3f} s  "
        f"CPU p95 {_pct(CPU, 0.95):.3f} s  elapsed {time.monotonic() - started:.0f} s",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="4 boards")
    parser.add_argument("--boards", type=int, default=600)
    parser.add_argument("--samples", type=int, default=SearchPlayer().samples)
    parser.add_argument("--budget", type=float, default=0.5, help="seconds a decision")
    parser.add_argument("--max-tricks", type=int, default=10, help="search when this many tricks or fewer are left (10: from trick 1)")
    parser.add_argument("--rollout-samples", type=int, default=0,
                        help="decide the cards before the search starts by rollouts on this many sampled deals (0: the rules player)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--stop-after", type=float, default=float("inf"), help="wall seconds; stop after the board in progress")
    args = parser.parse_args(argv)
    boards = 4 if args.quick else args.boards
    print(
        f"search player benchmark: {boards} duplicate boards, SearchPlayer(samples={args.samples}, time_budget={args.budget}, "
        f"max_tricks={args.max_tricks}, rollout_samples={args.rollout_samples}) vs RulesPlayer; solver core "
        f"{'compiled' if solver.core_compiled() else 'pure Python'}",
        flush=True,
    )
    started = time.monotonic()
    last: list[MatchResult] = []

    def on_board(m: MatchResult) -> None:
        last[:] = [m]
        if m.boards % 10 == 0:
            _report(m, started)
        if time.monotonic() - started > args.stop_after:
            raise _Stop

    def make_a(board: int, seat: int) -> Player:
        return TimedSearchPlayer(samples=args.samples, time_budget=args.budget, max_tricks=args.max_tricks, seed=board * 10 + seat,
                                 rollout_samples=args.rollout_samples)

    try:
        m = duplicate_match(make_a, lambda board, seat: RulesPlayer(), boards, first_seed=args.first_seed, on_board=on_board)
    except _Stop:
        m = last[0]
        print(f"stopped after {args.stop_after:g} s wall: {m.boards} of {boards} boards played")
    _report(m, started)
    _deals_report({"rollout": args.rollout_samples, "search": args.samples})


if __name__ == "__main__":
    main()
