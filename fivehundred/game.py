"""A whole game: hands one after another, running scores, and the end at ±500.

>>> g = Game(seed=5)
>>> g.scores, g.round.seat_name(g.round.dealer)
((0, 0), 'N')

A game saves as a plain dict (JSON-ready) and loads back exactly, the hand in
progress included:

>>> g.round.apply("PASS")
>>> back = Game.from_dict(g.to_dict())
>>> back.round.record() == g.round.record() and back.scores == g.scores
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Callable

from fivehundred import reasons
from fivehundred.checks import parse_json, rules_arg
from fivehundred.limits import MAX_GAME_CHARS, MAX_GAME_HANDS
from fivehundred.errors import FiveHundredError, IllegalActionError, NotationError, shown
from fivehundred.bounds import bounded_text
from fivehundred.i18n import N_
from fivehundred.round import HandResult, Round
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import GameResult, apply_defence_limit, game_result
from fivehundred.seating import next_seat, side_name, side_of, sides
from fivehundred.text import side_names as learner_side_names

__all__ = ["Game", "ScoreLine", "GAME_FORMAT"]

#: the ``format`` tag of a saved game (see :meth:`Game.to_dict`)
GAME_FORMAT = "fivehundred-game/1"


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
        """Deal the first hand.

        Raises:
            RulesError: ``rules`` is not a :class:`Rules`.
            NotationError: ``seed`` is not a whole number, or ``dealer`` is not a seat.
        """
        rules = rules_arg(rules)
        if seed.__class__ is not int:
            raise NotationError(f"not a seed: {shown(seed)} (a game's seed is a whole number, so that it can be saved)")
        if dealer.__class__ is not int or not 0 <= dealer < rules.players:
            raise NotationError(f"no dealer seat {shown(dealer)} at a {rules.players}-player table")
        self.rules = rules
        self.seed = seed
        self.first_dealer = dealer
        self._rng = random.Random(seed)
        self._draws = 0
        self.lines: list[ScoreLine] = []
        #: the finished hands, one per score line
        self.hands: list[Round] = []
        self.result: GameResult | None = None
        self.round = Round.deal(rules, dealer=dealer, seed=self._draw())

    @property
    def round(self) -> Round:
        """The hand being played (or the last one, once the game is over).  A hand set here is told the
        game's scores before it (:attr:`Round.game_scores`), so its players' views carry them."""
        return self._round

    @round.setter
    def round(self, value: Round) -> None:
        if not any(h is value for h in self.hands):  # a finished hand keeps the scores it was played at
            value.game_scores = self.scores
        self._round = value

    def _draw(self) -> int:
        """The next deal's shuffle seed (counted, so a saved game can carry on the same sequence)."""
        self._draws += 1
        return self._rng.randrange(2**32)

    def redeal(self) -> Round:
        """Throw in the unfinished hand unscored: the same dealer deals a fresh one.

        Raises:
            IllegalActionError: the game is over, or the hand is already finished (use :meth:`next_hand`).
        """
        if self.result is not None:
            raise IllegalActionError("the game is over", explanation=reasons.game_over())
        if self.round.result is not None:
            raise IllegalActionError(
                "the hand is over: score it with next_hand instead of dealing it again",
                explanation=reasons.hand_finished_not_redealt(),
            )
        self.round = Round.deal(self.rules, dealer=self.round.dealer, seed=self._draw())
        return self.round

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
            raise IllegalActionError("the game is over", explanation=reasons.game_over())
        r = self.round
        if r.result is None:
            raise IllegalActionError(
                "the hand is not over yet: finish it before dealing the next",
                explanation=reasons.finish_hand_first(),
            )
        self._score(r.result, r.dealer)
        self.hands.append(r)
        if self.result is None:
            self.round = Round.deal(self.rules, dealer=self._next_dealer(r), seed=self._draw())
        return self.round

    def _next_dealer(self, r: Round) -> int:
        assert r.result is not None
        same = r.result.thrown_in and self.rules.all_pass == "same_dealer"
        return r.dealer if same else next_seat(r.dealer, self.rules.players)

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """The whole game as plain data (JSON-ready): rules, seed, every finished hand's record,
        the hand in progress, and the totals (checked on load).

        >>> d = Game(seed=2).to_dict()
        >>> d["format"], d["hands"], d["totals"]
        ('fivehundred-game/1', [], [0, 0])
        """
        return {
            "format": GAME_FORMAT,
            "rules": self.rules.to_text(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "draws": self._draws,
            "hands": [h.record() for h in self.hands],
            "current": self.round.record(),
            "totals": list(self.scores),
        }

    def to_text(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    @classmethod
    def from_text(cls, text: str) -> Game:
        """Load a game saved with :meth:`to_text`.

        Raises:
            NotationError: the text is not JSON, or is not a saved game (see :meth:`from_dict`).
        """
        if not isinstance(text, str):
            raise NotationError(f"a saved game is text, not {type(text).__name__}")
        bounded_text(text, N_("a saved game"), MAX_GAME_CHARS)
        try:
            data = parse_json(text, "a saved game", max_chars=MAX_GAME_CHARS)
        except NotationError as err:
            raise NotationError(
                f"a saved game must be JSON: {err}",
                explanation=reasons.saved_game_not_readable(),
            ) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game from :meth:`to_dict` data, replaying every hand.

        Each finished hand must replay to its recorded result, follow on from the
        one before (the right dealer), and the totals must match the score lines.

        Raises:
            NotationError: a field is missing or of the wrong kind, a hand does not
                replay, the dealers are out of turn, or the totals disagree.
        """

        def bad(problem: str, plain: str) -> NotationError:
            # plain: what is wrong, already in the learner's language
            return NotationError(f"saved game: {problem}", explanation=reasons.saved_game_unusable(plain))

        if not isinstance(data, dict):
            raise bad(f"expected a JSON object, got {type(data).__name__}", reasons.not_a_saved_game())
        if data.get("format") != GAME_FORMAT:
            raise bad(f"format {shown(data.get('format'))} is not {shown(GAME_FORMAT)}", reasons.saved_game_of_another_kind())
        kinds = {"rules": str, "seed": int, "first_dealer": int, "draws": int, "hands": list, "current": str,
                 "totals": list}
        for key, kind in kinds.items():
            value = data.get(key)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise bad(f"field {shown(key)} must be {kind.__name__}, got {shown(value)}"[:200], reasons.saved_field_damaged(key))
        try:
            rules = Rules.from_text(data["rules"])
        except FiveHundredError as err:
            raise bad(f"rules: {err}", reasons.saved_rules_damaged()) from None
        if len(data["hands"]) > MAX_GAME_HANDS:
            raise bad(f"{len(data['hands']):,} hands (at most {MAX_GAME_HANDS:,})", reasons.too_many_saved_hands())
        seed, first, draws = data["seed"], data["first_dealer"], data["draws"]
        if not 0 <= first < rules.players:
            raise bad(f"no first dealer seat {first}", reasons.saved_dealer_not_a_seat())
        if not 1 <= draws <= 100_000 or draws < len(data["hands"]):
            raise bad(f"draws={draws} is impossible with {len(data['hands'])} hands", reasons.saved_deal_counter_damaged())
        game = cls(rules, seed=seed, dealer=first)
        game._rng = random.Random(seed)
        for _draw in range(draws):
            game._rng.randrange(2**32)
        game._draws = draws
        dealer = first
        for number, text in enumerate(data["hands"], 1):
            if game.result is not None:
                raise bad(f"hand {number} follows the end of the game", reasons.saved_hands_after_the_end())
            r = cls._replay(text, rules, f"hand {number}", bad, reasons.saved_hand(number))
            r.game_scores = game.scores
            if r.result is None:
                raise bad(f"hand {number} is not finished", reasons.saved_hand_unfinished(number))
            if r.dealer != dealer:
                raise bad(
                    f"hand {number} is dealt by seat {r.dealer}, expected seat {dealer}",
                    reasons.saved_hand_wrong_dealer(number),
                )
            game._score(r.result, r.dealer)
            game.hands.append(r)
            dealer = game._next_dealer(r)
        current = cls._replay(data["current"], rules, "the hand in progress", bad, reasons.saved_hand_in_progress())
        if game.result is not None:
            if data["current"] != data["hands"][-1]:
                raise bad("the game is over but a hand is in progress", reasons.saved_hand_in_progress_after_the_end())
            current = game.hands[-1]
        elif current.dealer != dealer:
            raise bad(
                f"the hand in progress is dealt by seat {current.dealer}, expected seat {dealer}",
                reasons.saved_hand_in_progress_wrong_dealer(),
            )
        game.round = current
        totals = data["totals"]
        if [t for t in totals] != list(game.scores):
            raise bad(
                f"totals {shown(totals)} do not match the replayed hands {shown(list(game.scores))}"[:200],
                reasons.saved_scores_do_not_add_up(),
            )
        return game

    @staticmethod
    def _replay(text: str, rules: Rules, what: str, bad: Callable[[str, str], NotationError], shown_what: str) -> Round:
        try:
            r = Round.from_record(text)
        except FiveHundredError as err:
            raise bad(f"{what}: {err}", reasons.saved_hand_does_not_replay(shown_what, err.explanation)) from None
        if r.rules != rules:
            raise bad(f"{what} is played under other rules ({r.rules.to_text()})", reasons.saved_hand_other_rules(shown_what))
        return r

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
                side_names=learner_side_names(self.rules),
            )

    def __repr__(self) -> str:
        totals = ", ".join(f"{n} {s}" for n, s in zip(self.side_names, self.scores))
        return f"<Game {self.rules.to_text()} hand={len(self.lines) + 1} scores=({totals})>"
