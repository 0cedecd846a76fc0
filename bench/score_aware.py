"""Players that know the score: whole games to 500, the score-aware rules player against one that
is not told the score.

Each game seed is played twice, the score-aware team North–South then East–West (the same
sequence of deals; the games part once a decision differs).  The score-blind player is the same
:class:`~fivehundred.players.RulesPlayer` handed each view with its ``scores`` removed.  Printed: the
share of games the score-aware team wins, with a 95% interval, and the number of bids the score
changed.

    python bench/score_aware.py                 # 1,000 game seeds (2,000 games)
    python bench/score_aware.py --games 5000
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import time

from fivehundred.actions import Action
from fivehundred.game import Game
from fivehundred.players import Player, RulesPlayer
from fivehundred.round import View


class Blind(Player):
    """The rules player, never told the game's score."""

    name = "rules, score-blind"

    def __init__(self) -> None:
        self.inner = RulesPlayer()

    def choose(self, view: View) -> Action:
        return self.inner.choose(dataclasses.replace(view, scores=None) if view.scores is not None else view)


class Counting(RulesPlayer):
    """The rules player, counting the bids where the score changed its call."""

    changed = 0

    def choose(self, view: View) -> Action:
        action = super().choose(view)
        if view.scores is not None and view.phase.value == "auction":
            if action != RulesPlayer.choose(self, dataclasses.replace(view, scores=None)):
                Counting.changed += 1
        return action


def play_game(seed: int, aware_side: int, max_hands: int = 200) -> int:
    """The winning side (0: North–South) of game ``seed`` with the score-aware players on ``aware_side``."""
    g = Game(seed=seed, dealer=seed % 4)
    players: list[Player] = [Counting() if s % 2 == aware_side else Blind() for s in range(4)]
    for _ in range(max_hands):
        r = g.round
        while not r.is_over:
            seat = r.to_act
            assert seat is not None
            r.apply(players[seat].choose(r.view(seat)))
        g.next_hand()
        if g.result is not None:
            return g.result.winner
    raise RuntimeError(f"game {seed} did not end in {max_hands} hands")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="game seeds, each played twice (default 1,000)")
    parser.add_argument("--first-seed", type=int, default=10_000)
    args = parser.parse_args(argv)
    start = time.monotonic()
    wins = 0
    n = 0
    for seed in range(args.first_seed, args.first_seed + args.games):
        for side in (0, 1):
            wins += play_game(seed, side) == side
            n += 1
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    print(f"score-aware rules player vs score-blind: {n} games ({args.games} seeds, each side once), "
          f"{time.monotonic() - start:.0f} s")
    print(f"  score-aware team won {wins} ({100 * p:.1f}%, 95% CI {100 * (p - half):.1f}% to {100 * (p + half):.1f}%); "
          f"{Counting.changed} bids changed by the score")


if __name__ == "__main__":
    main()
