"""Hand constraints for the quiz deal generator: each a named, described test on ten cards.

Membership of a suit and the bowers come from :mod:`fivehundred.trumps`, so a
"five hearts" hand counts the jack of diamonds (the left bower) as a heart.

>>> from fivehundred import parse_cards
>>> CONSTRAINTS["joker_and_five"].holds(parse_cards("JK JH JD AH 10H 9H 6S 7C 8C 9C"))
True
>>> CONSTRAINTS["joker_and_five"].holds(parse_cards("JK JH JD AH 10H 5S 6S 7C 8C 9C"))   # four hearts besides the joker
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from fivehundred.cards import JOKER, Card, Rank, Suit
from fivehundred.players.rules_player import misere_danger
from fivehundred.trumps import is_left_bower, is_right_bower, is_trump

__all__ = ["Constraint", "CONSTRAINTS", "trumps_held", "bowers_held", "best_suit"]

Hand = Sequence[Card]


def trumps_held(hand: Hand, suit: Suit) -> int:
    """Cards of ``hand`` that would be trumps with ``suit`` trumps (the joker and both bowers included)."""
    return sum(1 for c in hand if is_trump(c, suit))


def bowers_held(hand: Hand, suit: Suit) -> int:
    """How many of the two bowers for ``suit`` the hand holds."""
    return sum(1 for c in hand if is_right_bower(c, suit) or is_left_bower(c, suit))


def best_suit(hand: Hand) -> Suit:
    """The suit with the most trumps for this hand (bowers breaking ties, then the higher suit)."""
    return max(Suit, key=lambda s: (trumps_held(hand, s), bowers_held(hand, s), s.order))


def _high_cards(hand: Hand) -> int:
    return sum(1 for c in hand if not c.is_joker and c.rank >= Rank.ACE)


@dataclass(frozen=True)
class Constraint:
    """A named condition on a hand, in words for the learner, with its test."""

    name: str
    words: str
    test: Callable[[Hand], bool]

    def holds(self, hand: Hand) -> bool:
        return self.test(hand)


def _joker_and(n_min: int, n_max: int) -> Callable[[Hand], bool]:
    return lambda h: JOKER in h and n_min <= trumps_held(h, best_suit(h)) - 1 <= n_max


CONSTRAINTS: dict[str, Constraint] = {
    c.name: c
    for c in (
        Constraint(
            "joker_and_five",
            "holds the joker and at least five trumps in one suit (bowers count), one of them a bower",
            lambda h: JOKER in h and trumps_held(h, best_suit(h)) - 1 >= 5 and bowers_held(h, best_suit(h)) >= 1,
        ),
        Constraint(
            "joker_and_four",
            "holds the joker and exactly four cards of its best trump suit",
            _joker_and(4, 4),
        ),
        Constraint(
            "two_bowers_no_joker",
            "both bowers of one suit and four or five trumps there, but no joker",
            lambda h: JOKER not in h and any(bowers_held(h, s) == 2 and 4 <= trumps_held(h, s) <= 5 for s in Suit),
        ),
        Constraint(
            "joker_short_trumps",
            "the joker but no more than three cards in any trump suit",
            lambda h: JOKER in h and all(trumps_held(h, s) - 1 <= 3 for s in Suit),
        ),
        Constraint(
            "weak",
            "no joker, no pair of bowers, at most one ace and four or more cards above the nine: little to bid on",
            lambda h: JOKER not in h and all(bowers_held(h, s) < 2 for s in Suit) and _high_cards(h) <= 1
            and misere_danger(tuple(h)) >= 4,
        ),
        Constraint(
            "misere_clear",
            "a misère-looking hand: no joker and at most one card above the nine",
            lambda h: JOKER not in h and misere_danger(tuple(h)) <= 1,
        ),
        Constraint(
            "misere_doubtful",
            "a doubtful misère hand: no joker and exactly two cards above the nine",
            lambda h: JOKER not in h and misere_danger(tuple(h)) == 2,
        ),
        Constraint(
            "misere_risky",
            "a risky misère hand: no joker and exactly three cards above the nine",
            lambda h: JOKER not in h and misere_danger(tuple(h)) == 3,
        ),
        Constraint(
            "strong_for_kitty",
            "the joker and five or more trumps: a hand that wins the bid and takes the kitty",
            lambda h: JOKER in h and trumps_held(h, best_suit(h)) - 1 >= 4,
        ),
        Constraint(
            "medium_for_kitty",
            "four or five trumps with a bower, no joker",
            lambda h: JOKER not in h and 4 <= trumps_held(h, best_suit(h)) <= 5 and bowers_held(h, best_suit(h)) >= 1,
        ),
    )
}
