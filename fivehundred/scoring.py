"""Scoring a hand, and deciding when the game is won or lost.

>>> s = score_hand("7H", 8)
>>> s.contractors, s.defenders, s.made
(200, (20,), True)
>>> score_hand("8S", 10).contractors        # a slam on a contract worth less than 250
250
>>> score_hand("MIS", 1).contractors, score_hand("MIS", 1).defenders
(-250, (0,))
>>> game_result([450, 120], [650, 140], contractor_side=0, made=True).winner
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from fivehundred.bidding import Bid
from fivehundred.checks import int_arg, int_list_arg, rules_arg
from fivehundred.errors import NotationError, shown
from fivehundred import reasons
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.text import bid_label as _bid_label
from fivehundred.text import points as _num
from fivehundred.text import signed as _signed

__all__ = ["HandScore", "score_hand", "apply_defence_limit", "GameResult", "game_result", "NUM_TRICKS", "SLAM_VALUE"]

#: tricks in a hand
NUM_TRICKS = 10
#: what a slam scores when the contract is worth less
SLAM_VALUE = 250
#: points per trick for the defenders
DEFENCE_TRICK_VALUE = 10


@dataclass(frozen=True, slots=True)
class HandScore:
    """What one hand scores.

    ``contractors`` is the contracting side's points (each of them, when they
    score alone); ``defenders`` holds one entry per defending side (or player),
    in the order their tricks were given.
    """

    contract: Bid
    contractor_tricks: int
    made: bool
    slam: bool
    contractors: int
    defenders: tuple[int, ...]
    reason: str




def score_hand(
    contract: Bid | str,
    contractor_tricks: int,
    *,
    defender_tricks: Sequence[int] | None = None,
    rules: Rules = AUSTRALIAN,
) -> HandScore:
    """Score a hand from the contract and the tricks won.

    ``defender_tricks`` gives each defending side's (or player's) tricks; by
    default one side took all the rest.  Defence points here ignore the 490
    rule, which needs the scores before the hand: see :func:`apply_defence_limit`.

    Raises:
        NotationError: the contract is not a bid, is a pass, or the trick counts don't add up to 10.
    """
    bid = Bid.parse(contract)
    rules = rules_arg(rules)
    if bid.is_pass:
        raise NotationError("a pass is not a contract: nobody scores when everyone passes")
    if contractor_tricks.__class__ is not int or not 0 <= contractor_tricks <= NUM_TRICKS:
        raise NotationError(f"not a trick count: contractor_tricks={shown(contractor_tricks)} (0 to 10)")
    rest = NUM_TRICKS - contractor_tricks
    defence = int_list_arg(defender_tricks, "defender_tricks") if defender_tricks is not None else (rest,)
    # a trick contract's ten tricks are all counted; in misère the defenders' tricks score nothing
    # (and play may stop early), so there they need only not exceed the rest
    short = sum(defence) != rest if not bid.is_misere else sum(defence) > rest
    if not defence or any(t < 0 for t in defence) or short:
        raise NotationError(
            f"trick counts don't add up to 10: contractor_tricks={contractor_tricks}, defender_tricks={shown(list(defence))}"
        )
    return score_hand_unchecked(bid, contractor_tricks, defence, rules)


def score_hand_unchecked(bid: Bid, contractor_tricks: int, defence: Sequence[int], rules: Rules) -> HandScore:
    """:func:`score_hand` for arguments already checked (the round's own count at the end of a hand)."""
    value = bid.points
    if bid.is_misere:
        made = contractor_tricks == 0
        points = value if made else -value
        label = _bid_label(bid).capitalize()
        if made:
            reason = reasons.misere_made(label, _signed(points))
        else:
            reason = reasons.misere_lost(label, contractor_tricks, _signed(points))
        return HandScore(bid, contractor_tricks, made, False, points, tuple(0 for _d in defence), reason)
    made = contractor_tricks >= bid.tricks
    slam = made and contractor_tricks == NUM_TRICKS and rules.slam_bonus and value < SLAM_VALUE
    points = SLAM_VALUE if slam else (value if made else -value)
    defence_points = tuple(DEFENCE_TRICK_VALUE * t if rules.defence_trick_points else 0 for t in defence)
    label = _bid_label(bid)
    n = contractor_tricks
    if slam:
        head = reasons.slam_scored(label, value, SLAM_VALUE)
    elif made:
        head = reasons.contract_made(label, n, _signed(points))
    else:
        head = reasons.contract_set(label, n, bid.tricks, _signed(points))
    if not rules.defence_trick_points:
        tail = reasons.defence_scores_nothing()
    elif sum(defence) == 0:
        tail = ""
    elif len(defence) == 1:
        tail = reasons.defenders_took(defence[0], _signed(defence_points[0]))
    else:
        tail = reasons.each_defender_scores()
    return HandScore(bid, contractor_tricks, made, slam, points, defence_points, reasons.hand_scored(head, tail))


def apply_defence_limit(before: int, points: int, rules: Rules = AUSTRALIAN) -> int:
    """A defending side's score after adding trick ``points``, under the 490 rule.

    With ``defence_points_limit`` set (say 490), defence points cannot take a
    side above the limit, and a side already there scores nothing on defence.
    """
    before = int_arg(before, "before")
    points = int_arg(points, "points")
    limit = rules_arg(rules).defence_points_limit
    if limit is None or points <= 0:
        return before + points
    if before >= limit:
        return before
    return min(before + points, limit)


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: who won (an index into the sides), who lost if anyone went out backwards, and why."""

    winner: int
    loser: int | None
    reason: str


def game_result(
    before: Sequence[int],
    after: Sequence[int],
    *,
    contractor_side: int,
    made: bool,
    rules: Rules = AUSTRALIAN,
    side_names: Sequence[str] | None = None,
) -> GameResult | None:
    """Decide whether the hand just scored ended the game (``None`` if play goes on).

    * A side wins by reaching the target (500) with a contract it made.
    * Points won on defence never win, unless ``defence_points_can_win``
      (the American game); if the contractors also reach 500, they win.
    * A side on −500 or worse loses ("out backwards"); the highest other side wins.

    Raises:
        NotationError: the score lists differ in length, or the contractor side is not one of them.
    """
    before, after = int_list_arg(before, "scores before"), int_list_arg(after, "scores after")
    contractor_side = int_arg(contractor_side, "the contractor's side")
    if made.__class__ is not bool:
        raise NotationError(f"not True or False: made={shown(made)} (whether the contract was made)")
    rules = rules_arg(rules)
    if len(before) != len(after) or not 0 <= contractor_side < len(after):
        raise NotationError(f"scores don't match: {shown(list(before))} → {shown(list(after))}, contractor side {shown(contractor_side)}")
    names = [reasons.side_name(i + 1) for i in range(len(after))]
    if side_names is not None:
        given = list(side_names) if isinstance(side_names, (list, tuple)) and len(side_names) == len(after) else None
        if given is None or len(given) != len(after) or any(not isinstance(n, str) for n in given):
            raise NotationError(f"not one name per side: side_names={shown(side_names)} ({len(after)} sides)"[:200])
        names = given
    target = rules.target
    if made and after[contractor_side] >= target:
        return GameResult(
            contractor_side, None,
            reasons.game_won_by_contract(names[contractor_side], _num(after[contractor_side]))
        )
    if rules.defence_points_can_win:
        over = [i for i in range(len(after)) if i != contractor_side and after[i] >= target]
        if over:
            best = max(over, key=lambda i: after[i])
            return GameResult(best, None, reasons.game_won_on_defence(names[best], _num(after[best])))
    out = [i for i in range(len(after)) if after[i] <= rules.lose_at]
    if out:
        loser = min(out, key=lambda i: after[i])
        others = [i for i in range(len(after)) if i != loser]
        winner = max(others, key=lambda i: after[i])
        return GameResult(
            winner, loser, reasons.game_lost_backwards(names[loser], _num(after[loser]), names[winner])
        )
    return None
