"""The level ladder: each difficulty level against the one below it, on duplicate boards.

Levels come from :data:`fivehundred.analysis.levels.LEVELS` (Random < Beginner < Club < Expert),
each player made by :func:`~fivehundred.analysis.levels.make_player` as free play makes it (Expert
thinks ``--budget`` seconds a card, free play's 0.5 by default).  Each step is a
:func:`fivehundred.players.duplicate_match`: every board one seeded deal played twice with the
teams swapped, the dealer moving round.  The figure is the upper level's mean net points a board
with its 95% confidence interval, against the issue's target of +20 a board a step.

Expert is the search player, which is timed (a wall-clock budget a card), so on a loaded machine it
searches fewer deals than on a quiet one: say so with its figures.  Expert bids by simulation (the
method's call unless a call near its count scores clearly better on sampled deals, ``bench/sim_bidding.py``
measures that alone); ``--method-bidding`` makes it bid by the method as the others do, so that its step
measures its card play only.  ``--json`` writes each step's per-board nets, so runs on separate seed ranges
(one per core) can be joined with ``bench/sim_bidding.py --join``.

Boards start at ``--first-seed`` (10,000 by default: seeds the tests and the tuning runs don't use).

    python bench/levels.py                       # 10,000 boards a cheap step, 1,000 for Expert (about 5 min niced, loaded)
    python bench/levels.py --boards 50000 --expert-boards 3000
    python bench/levels.py --only club-beginner --boards 5000
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from fivehundred.analysis import hints, levels, solver
from fivehundred.analysis.levels import EXPERT_BUDGET, LEVELS, level_arg, make_player
from fivehundred.players import MatchResult, Player, duplicate_match

#: the issue's target for each step of the ladder (points a board)
TARGET = 20.0

STEPS = tuple(f"{upper.key}-{lower.key}" for lower, upper in zip(LEVELS, LEVELS[1:]))


def _factory(level: str, budget: float):  # type: ignore[no-untyped-def]
    def make(board: int, seat: int) -> Player:
        return make_player(level, board * 10 + seat, time_budget=budget)

    return make


def step(upper: str, lower: str, boards: int, first_seed: int, budget: float) -> MatchResult:
    """Play ``upper`` against ``lower`` on ``boards`` boards and print the figure."""
    start, cpu = time.monotonic(), time.process_time()
    every = max(1, boards // 5)
    label = f"{level_arg(upper).label} vs {level_arg(lower).label}"

    def report(m: MatchResult) -> None:
        if m.boards % every == 0 and m.boards < boards:
            print(f"    ... {m.boards} boards: {m.mean:+.1f} ± {m.half_width:.1f}  ({time.monotonic() - start:.0f} s)", flush=True)

    m = duplicate_match(_factory(upper, budget), _factory(lower, budget), boards, first_seed=first_seed, on_board=report)
    lo, hi = m.interval
    verdict = "met" if m.mean >= TARGET else "missed"
    if m.mean >= TARGET and lo < TARGET:
        verdict = "met on the mean (interval reaches below the target)"
    print(f"{label}: {m.boards} duplicate boards (seeds {first_seed}–{first_seed + boards - 1}), "
          f"{time.monotonic() - start:.0f} s wall, {time.process_time() - cpu:.0f} s CPU")
    print(f"  {m.mean:+.1f} points a board for {level_arg(upper).label}  (95% CI {lo:+.1f} to {hi:+.1f}); "
          f"target ≥ +{TARGET:.0f}: {verdict}", flush=True)
    return m


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=10_000, help="boards for the steps without Expert (default 10,000)")
    parser.add_argument("--expert-boards", type=int, default=1000, help="boards for Expert vs Club (default 1,000)")
    parser.add_argument("--budget", type=float, default=EXPERT_BUDGET, help="Expert's seconds a card (default free play's)")
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--only", choices=STEPS, action="append", help="run only these steps")
    parser.add_argument("--quick", action="store_true", help="100 boards a step, 4 for Expert")
    parser.add_argument("--trust", type=float, default=None,
                        help="how far Expert's sampled deals trust the auction (default hints.AUCTION_TRUST; 0 ignores "
                             "the method's calls, as before the inference)")
    parser.add_argument("--search-tricks", type=int, default=None,
                        help="how many of the last tricks Expert searches (default levels.EXPERT_SEARCH_TRICKS; 10 searches "
                             "from the first trick)")
    parser.add_argument("--search-samples", type=int, default=None,
                        help="sampled deals Expert's search of the last tricks solves a card (default levels.EXPERT_SEARCH_SAMPLES)")
    parser.add_argument("--method-bidding", action="store_true",
                        help="Expert bids by the method (no simulation bidding): its card play's gain alone")
    parser.add_argument("--rollout-samples", type=int, default=None,
                        help="sampled deals Expert plays each early card out on (default levels.EXPERT_ROLLOUT_SAMPLES; "
                             "0: the rules player's early cards, as before the rollouts)")
    parser.add_argument("--json", type=Path, default=None, help="write each step's per-board nets here")
    args = parser.parse_args(argv)
    if args.method_bidding:
        levels.EXPERT_BID_SAMPLES = 0
    if args.rollout_samples is not None:
        levels.EXPERT_ROLLOUT_SAMPLES = args.rollout_samples
    if args.search_tricks is not None:
        levels.EXPERT_SEARCH_TRICKS = args.search_tricks
    if args.search_samples is not None:
        levels.EXPERT_SEARCH_SAMPLES = args.search_samples
    if args.trust is not None:
        hints.AUCTION_TRUST = args.trust
    boards, expert_boards = (100, 4) if args.quick else (args.boards, args.expert_boards)
    print(f"level ladder: 4 players (australian), duplicate boards; Expert {args.budget:g} s a card, auction trust "
          f"{hints.AUCTION_TRUST:g}, searching the last {levels.EXPERT_SEARCH_TRICKS} tricks on "
          f"{levels.EXPERT_SEARCH_SAMPLES} sampled deals a card, solver core "
          f"{'compiled' if solver.core_compiled() else 'pure Python'}", flush=True)
    print(f"  Expert plays its early cards by rollouts on {levels.EXPERT_ROLLOUT_SAMPLES} sampled deals"
          if levels.EXPERT_ROLLOUT_SAMPLES else "  Expert plays its early cards as the rules player does", flush=True)
    print(f"  Expert bids {'by the method' if args.method_bidding else f'by simulation ({levels.EXPERT_BID_SAMPLES} deals a call)'}",
          flush=True)
    out = {}
    for name in args.only or STEPS:
        upper, lower = name.split("-")
        m = step(upper, lower, expert_boards if upper == "expert" else boards, args.first_seed, args.budget)
        out[name] = {"first_seed": args.first_seed, "nets": list(m.nets), "calls": 0, "changed": 0}
    if args.json:
        args.json.write_text(json.dumps(out[args.only[0]] if args.only and len(args.only) == 1 else out))


if __name__ == "__main__":
    main()
