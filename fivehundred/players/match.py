"""Duplicate matches: the fair way to compare two kinds of player.

Each board is one seeded deal (the same hands and the same kitty), played
twice: once with team A as North–South, once as East–West.  The luck of the
cards cancels out, so the difference in points measures the players.  The
dealer moves round from board to board.

>>> from fivehundred.players import RandomPlayer, RulesPlayer
>>> m = duplicate_match(lambda board, seat: RulesPlayer(), lambda board, seat: RandomPlayer(seat), boards=3)
>>> m.boards, m.mean > 0
(3, True)
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Callable

from fivehundred.checks import int_arg, rules_arg
from fivehundred.errors import FiveHundredError, shown
from fivehundred.players.base import Player, play_hand
from fivehundred.round import Round
from fivehundred.rules import AUSTRALIAN, Rules

__all__ = ["MatchResult", "duplicate_match"]

#: the most boards one match plays (a guard against a typo's million-board match)
MAX_BOARDS = 100_000

#: ``make(board, seat) -> Player``
PlayerFactory = Callable[[int, int], Player]


@dataclass(frozen=True)
class MatchResult:
    """Team A's net points per board (its points minus the other team's, halved over the two plays)."""

    nets: tuple[float, ...]

    @property
    def boards(self) -> int:
        return len(self.nets)

    @property
    def mean(self) -> float:
        return statistics.mean(self.nets)

    @property
    def half_width(self) -> float:
        """Half the width of the 95% confidence interval of :attr:`mean` (normal approximation)."""
        if len(self.nets) < 2:
            return math.inf
        return 1.96 * statistics.stdev(self.nets) / math.sqrt(len(self.nets))

    @property
    def interval(self) -> tuple[float, float]:
        return self.mean - self.half_width, self.mean + self.half_width


def duplicate_match(
    make_a: PlayerFactory,
    make_b: PlayerFactory,
    boards: int,
    *,
    rules: Rules = AUSTRALIAN,
    first_seed: int = 0,
    on_board: Callable[[MatchResult], None] | None = None,
) -> MatchResult:
    """Play ``boards`` duplicate boards of team A (``make_a``) against team B (``make_b``).

    Board ``b`` is deal seed ``first_seed + b`` with dealer ``b % 4``.
    ``on_board(result so far)`` is called after each board.

    Raises:
        FiveHundredError: ``boards`` is not positive, or the rules are not for 4 players.
    """
    if boards.__class__ is not int or not 1 <= boards <= MAX_BOARDS:
        raise FiveHundredError(f"a duplicate match needs at least one board (at most {MAX_BOARDS}), not boards={shown(boards)}")
    for name, value in (("make_a", make_a), ("make_b", make_b), ("on_board", on_board)):
        if not callable(value) and not (name == "on_board" and value is None):
            raise FiveHundredError(f"not a function: {name}={shown(value, 80)}")
    rules = rules_arg(rules)
    first_seed = int_arg(first_seed, "first_seed")
    if rules.players != 4:
        raise FiveHundredError(f"duplicate matches are for the 4-player partnership game, not {rules.players} players")
    nets: list[float] = []
    for board in range(boards):
        net = 0.0
        for a_side in (0, 1):
            r = Round.deal(rules, dealer=board % 4, seed=first_seed + board)
            seats = [make_a(board, s) if s % 2 == a_side else make_b(board, s) for s in range(4)]
            pts = play_hand(r, seats).points_by_side
            net += (pts[a_side] - pts[1 - a_side]) / 2
        nets.append(net)
        if on_board is not None:
            on_board(MatchResult(tuple(nets)))
    return MatchResult(tuple(nets))
