"""A change to the rules player's card play, measured: today's rules player against the one at an older commit.

The older player's module is read from git (``git show COMMIT:fivehundred/players/rules_player.py``) and loaded
beside today's, so no frozen copy is kept.  Both bid by the same method (:mod:`fivehundred.bidding_method`),
so with a commit that differs only in card play the figure is card play only.  Each board is one seeded deal
played twice with the teams swapped (:func:`fivehundred.players.duplicate_match`); the figure is today's
player's mean net points a board with its 95% confidence interval.  ``--beginner`` compares the players
without card memory (the Beginner level) instead.

    python bench/rules_play_change.py --boards 20000              # against 94c759e, before issue #24's fixes
    python bench/rules_play_change.py --boards 20000 --beginner
    python bench/rules_play_change.py --against HEAD~1 --quick
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fivehundred.players import Player, RulesPlayer, duplicate_match

ROOT = Path(__file__).resolve().parents[1]
#: main just before issue #24's card-play fixes (not overtaking a partner nobody can beat, misère shedding)
BEFORE = "94c759e"


def old_rules_player(commit: str) -> type[Player]:
    """The ``RulesPlayer`` class of ``fivehundred/players/rules_player.py`` at ``commit``."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:fivehundred/players/rules_player.py"],
                            check=True, capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "old_rules_player.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("old_rules_player", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_rules_player"] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    cls: type[Player] = module.RulesPlayer
    return cls


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", default=BEFORE, help=f"the older commit (default {BEFORE}: before issue #24's card-play fixes)")
    parser.add_argument("--boards", type=int, default=2000)
    parser.add_argument("--quick", action="store_true", help="200 boards")
    parser.add_argument("--first-seed", type=int, default=10_000)
    parser.add_argument("--beginner", action="store_true", help="both players without card memory")
    args = parser.parse_args(argv)
    if args.quick:
        args.boards = 200
    old = old_rules_player(args.against)
    memory = not args.beginner
    start = time.monotonic()
    m = duplicate_match(lambda board, seat: RulesPlayer(memory=memory), lambda board, seat: old(memory=memory),  # type: ignore[call-arg]
                        args.boards, first_seed=args.first_seed)
    lo, hi = m.interval
    who = "Beginner (no memory)" if args.beginner else "Club"
    print(f"{who}: today's rules player against {args.against}'s, {m.boards} duplicate boards "
          f"(seeds {args.first_seed}–{args.first_seed + args.boards - 1}), {time.monotonic() - start:.0f} s")
    print(f"  {m.mean:+.2f} points a board for today's  (95% CI {lo:+.2f} to {hi:+.2f})")


if __name__ == "__main__":
    main()
