"""Benchmark the computer players' bidding against the method (issue #23, item 5).

* **Agreement**: on seeded deals (seed ``s``, dealer ``s % 4``, the Australian
  rules) four computer players bid the auction; at every call the computer's
  call is compared with :func:`fivehundred.analysis.advisor.advise` from the
  same seat (what lesson 14 teaches).  Target: at least 95% equal.
* **Throw-in rate**: the share of those deals on which all four pass.
* **Strength**: the new rules player (the method's bidding) against the old one
  (``bench/old_rules_bidder.py``, frozen) on duplicate boards: mean net points a
  board for the new player, with a 95% confidence interval.  Target: the lower
  bound at least -5.

Both players are shown on the same deals, so the old figures are the baseline.

    python bench/rules_bidding.py                   # 300 deals, 10,000 boards (a minute or two)
    python bench/rules_bidding.py --deals 60 --boards 100
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from old_rules_bidder import OldRulesPlayer  # noqa: E402

from fivehundred import PRESETS, Round  # noqa: E402
from fivehundred.analysis.advisor import advise  # noqa: E402
from fivehundred.bidding import Bid  # noqa: E402
from fivehundred.players import Player, RulesPlayer, duplicate_match  # noqa: E402
from fivehundred.round import Phase  # noqa: E402

RULES = PRESETS["australian"]


def agreement(player: Player, deals: int, first_seed: int = 0) -> tuple[int, int, int, dict[str, int]]:
    """(calls equal to advise(), calls, thrown-in deals, how the others differ) over ``deals`` seeded auctions.

    The differences also count ``"bids"`` and ``"bids equal"``: the computer's calls that are not passes.
    """
    same = calls = thrown = 0
    diffs: dict[str, int] = {}
    for seed in range(first_seed, first_seed + deals):
        r = Round.deal(RULES, dealer=seed % 4, seed=seed)
        while r.phase is Phase.AUCTION:
            seat = r.to_act
            assert seat is not None
            view = r.view(seat)
            mine = player.choose(view)
            assert isinstance(mine, Bid)
            method = advise(view).recommended
            calls += 1
            if not mine.is_pass:
                diffs["bids"] = diffs.get("bids", 0) + 1
                diffs["bids equal"] = diffs.get("bids equal", 0) + (mine == method)
            if mine == method:
                same += 1
            else:
                kind = (
                    "passes where the method bids" if mine.is_pass
                    else "bids where the method passes" if method.is_pass
                    else "same strain, lower" if mine.strain is method.strain and mine.tricks < method.tricks
                    else "other"
                )
                diffs[kind] = diffs.get(kind, 0) + 1
            r.apply(mine)
        if r.phase is Phase.OVER and r.contract is None:
            thrown += 1
    return same, calls, thrown, diffs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--boards", type=int, default=10000)
    ap.add_argument("--first-seed", type=int, default=0)
    args = ap.parse_args()
    print("(figures loaded: the machine is shared)")
    for name, player in (("new rules player (the method)", RulesPlayer()), ("old rules player (frozen)", OldRulesPlayer())):
        same, calls, thrown, diffs = agreement(player, args.deals, args.first_seed)
        print(
            f"{name}: {same}/{calls} calls = {100 * same / calls:.1f}% equal advise() on {args.deals} seeded deals; "
            f"thrown in {thrown}/{args.deals} = {100 * thrown / args.deals:.1f}%"
            + (f"; differences: {diffs}" if diffs else "")
        )
    if args.boards:
        start = time.perf_counter()
        m = duplicate_match(lambda b, s: RulesPlayer(), lambda b, s: OldRulesPlayer(), args.boards, rules=RULES,
                            first_seed=100_000)
        lo, hi = m.interval
        verdict = "met" if lo >= -5 else "MISSED"
        print(
            f"new vs old rules player, {m.boards} duplicate boards (seeds 100000 on): {m.mean:+.1f} a board "
            f"(95% CI {lo:+.1f} to {hi:+.1f}); target lower bound >= -5: {verdict} ({time.perf_counter() - start:.0f} s)"
        )


if __name__ == "__main__":
    main()
