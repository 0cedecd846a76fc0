"""A whole game: hands one after another, running scores, and the end at ±500.

>>> g = Game(seed=5)
>>> g.scores, g.round.seat_name(g.round.dealer)
((0, 0), 'N')
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from fivehundred.errors import IllegalActionError
from fivehundred.round import HandResult, Round
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import GameResult, apply_defence_limit, game_result
from fivehundred.seating import next_seat, side_name, side_of, sides

__all__ = ["Game", "ScoreLine"]


@dataclass(frozen=True)
class ScoreLine:
    """One hand on the score pad: what each side scored, the totals after it, and why."""

    hand: int
    dealer: int
    result: HandResult
    points: tuple[int, ...]
    totals: tuple[int, ...]
    reason: str


class Game:
    """Hands dealt in turn until a side wins.  Deals are seeded from ``seed``.

    The dealer passes clockwise after every hand (after an all-pass too,
    unless ``rules.all_pass == "same_dealer"``).
    """

    def __init__(self, rules: Rules = AUSTRALIAN, *, seed: int = 0, dealer: int = 0) -> None:
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        self.lines: list[ScoreLine] = []
        self.result: GameResult | None = None
        self.round = Round.deal(rules, dealer=dealer, seed=self._rng.randrange(2**32))

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple(side_name(i, self.rules) for i in range(len(sides(self.rules))))

    @property
    def scores(self) -> tuple[int, ...]:
        """The running totals, one per side (see :func:`fivehundred.seating.sides`)."""
        return self.lines[-1].totals if self.lines else tuple(0 for _ in sides(self.rules))

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def next_hand(self) -> Round:
        """Score the finished hand and deal the next one (unless the game is over).

        Raises:
            IllegalActionError: the current hand is not finished, or the game is over.
        """
        if self.result is not None:
            raise IllegalActionError("the game is over", explanation="The game is over.")
        r = self.round
        if r.result is None:
            raise IllegalActionError(
                "the hand is not over yet: finish it before dealing the next",
                explanation="Finish this hand before dealing the next one.",
            )
        self._score(r.result, r.dealer)
        if self.result is None:
            same = r.result.thrown_in and self.rules.all_pass == "same_dealer"
            dealer = r.dealer if same else next_seat(r.dealer, self.rules.players)
            self.round = Round.deal(self.rules, dealer=dealer, seed=self._rng.randrange(2**32))
        return self.round

    def _score(self, res: HandResult, dealer: int) -> None:
        before = self.scores
        after = list(before)
        contractor_side = side_of(res.contractor, self.rules) if res.contractor is not None else 0
        for i, p in enumerate(res.points_by_side):
            if res.contractor is not None and (
                i == contractor_side or any(side_of(s, self.rules) == i for s in res.partners)
            ):
                after[i] = before[i] + p
            else:
                after[i] = apply_defence_limit(before[i], p, self.rules)
        points = tuple(a - b for a, b in zip(after, before))
        self.lines.append(ScoreLine(len(self.lines) + 1, dealer, res, points, tuple(after), res.reason))
        if res.contract is not None and res.score is not None:
            self.result = game_result(
                before,
                after,
                contractor_side=contractor_side,
                made=res.score.made,
                rules=self.rules,
                side_names=self.side_names,
            )

    def __repr__(self) -> str:
        totals = ", ".join(f"{n} {s}" for n, s in zip(self.side_names, self.scores))
        return f"<Game {self.rules.to_text()} hand={len(self.lines) + 1} scores=({totals})>"
