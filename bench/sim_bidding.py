"""Bidding by simulation (#24 item 4): what it is worth over bidding by the method, on duplicate boards.

Team A is :class:`~fivehundred.analysis.hints.SearchPlayer` with ``bid_samples`` set and ``max_tricks=0``: it
never searches the card play, so it plays every card, the kitty and the nomination as the rules player (Club)
does, and bids by simulation (the method's call unless a call near its count beats it clearly on sampled
deals, scored by what follows: the quiz keys' machinery).  Team B is the rules player (Club), which bids by
the method.  So the figure is the **bid-only** gain; Expert's card-play gain is ``bench/levels.py``'s
Expert-Club step (Expert bids by the method there).

Each board is one seeded deal played twice with the teams swapped (:func:`fivehundred.players.duplicate_match`).
The script prints the mean net points a board for team A with its 95% confidence interval, how many of A's
calls differed from the method's, and the CPU time of A's calls (median, p95, max).  ``--json`` writes the
per-board nets, so runs on separate seed ranges (one per core) can be joined with ``--join``.

    python bench/sim_bidding.py --boards 500 --first-seed 20000 --json /tmp/a.json
    python bench/sim_bidding.py --join /tmp/a.json /tmp/b.json
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

from fivehundred.actions import Action
from fivehundred.analysis.hints import SearchPlayer
from fivehundred.players import MatchResult, Player, RulesPlayer, duplicate_match
from fivehundred.round import Phase, View

#: the issue's aim for a level step (points a board)
TARGET = 20.0


class _Timed(SearchPlayer):
    """The simulation bidder, counting its calls, the calls that left the method and their CPU time."""

    calls = 0
    changed = 0
    seconds: list[float] = []

    def choose(self, view: View) -> Action:
        if view.phase is not Phase.AUCTION:
            return super().choose(view)
        start = time.process_time()
        call = super().choose(view)
        _Timed.seconds.append(time.process_time() - start)
        _Timed.calls += 1
        if call != self._rules.choose(view):
            _Timed.changed += 1
        return call


def report(nets: list[float], label: str, team: str = "simulation bidding") -> None:
    m = MatchResult(tuple(nets))
    lo, hi = m.interval
    print(f"{label}: {m.boards} duplicate boards: {m.mean:+.1f} points a board for {team} "
          f"(95% CI {lo:+.1f} to {hi:+.1f}); aim +{TARGET:.0f} a level step")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=1000)
    parser.add_argument("--first-seed", type=int, default=20_000, help="first board's deal seed (unseen by tests and tuning)")
    parser.add_argument("--samples", type=int, default=16, help="sampled deals a call")
    parser.add_argument("--budget", type=float, default=1.0, help="CPU-ish seconds a call may take (wall clock)")
    parser.add_argument("--json", type=Path, help="write the per-board nets here")
    parser.add_argument("--join", type=Path, nargs="+", help="join runs written with --json and print the figure")
    args = parser.parse_args(argv)
    if args.join:
        nets: list[float] = []
        for path in args.join:
            data = json.loads(path.read_text())
            nets += data["nets"]
            changed = f", {data['changed']} of {data['calls']} calls changed" if data.get("calls") else ""
            print(f"  {path}: {len(data['nets'])} boards from seed {data['first_seed']}{changed}")
        report(nets, "joined", "the first team (simulation bidding here; Expert for bench/levels.py's runs)")
        return 0

    def sim(board: int, seat: int) -> Player:
        return _Timed(bid_samples=args.samples, bid_budget=args.budget, max_tricks=0, seed=board * 10 + seat)

    def club(board: int, seat: int) -> Player:
        return RulesPlayer()

    start, cpu = time.monotonic(), time.process_time()
    every = max(1, args.boards // 10)

    def progress(m: MatchResult) -> None:
        if m.boards % every == 0:
            print(f"  ... {m.boards} boards: {m.mean:+.1f} ± {m.half_width:.1f} ({time.monotonic() - start:.0f} s)", flush=True)

    m = duplicate_match(sim, club, args.boards, first_seed=args.first_seed, on_board=progress)
    secs = sorted(_Timed.seconds)
    report(list(m.nets), f"seeds {args.first_seed}–{args.first_seed + args.boards - 1}, {args.samples} samples a call")
    print(f"  {_Timed.changed} of {_Timed.calls} calls left the method's ({100 * _Timed.changed / max(1, _Timed.calls):.1f}%); "
          f"a call's CPU median {1000 * statistics.median(secs):.0f} ms, p95 {1000 * secs[math.ceil(0.95 * len(secs)) - 1]:.0f} ms, "
          f"max {1000 * secs[-1]:.0f} ms; {time.monotonic() - start:.0f} s wall, {time.process_time() - cpu:.0f} s CPU")
    if args.json:
        args.json.write_text(json.dumps({"first_seed": args.first_seed, "samples": args.samples, "nets": list(m.nets),
                                         "calls": _Timed.calls, "changed": _Timed.changed, "seconds": secs}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
