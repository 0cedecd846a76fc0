"""Helpers for the engine tests: fixed deals written out by hand, and drivers.

The fixed deals are written card by card from the 43-card pack of RULES.md §1
(red suits A–4, black suits A–5, and the joker) so that tests know exactly who
holds what, independently of the engine's shuffler.
"""

from __future__ import annotations

import random



from fivehundred import Round, Rules
from fivehundred.round import Phase

# Seats at a 4-player table: 0 N, 1 E, 2 S, 3 W (clockwise); N-S against E-W.
N, E, S, W = 0, 1, 2, 3

#: A mixed 4-player deal (dealer N, so E calls first).  N holds the joker.
MIXED_HANDS = (
    "JK JH AH KH AS KS AC KC AD KD",  # N
    "QH 10H 9H QS JS 10S QC JC 10C QD",  # E
    "8H 7H 6H 9S 8S 7S 9C 8C 7C JD",  # S
    "5H 4H 10D 6S 5S 6C 5C 9D 8D 7D",  # W
)
MIXED_KITTY = "6D 5D 4D"

#: Each seat holds one whole suit; the kitty is the two red 4s and the joker.
SUITED_HANDS = (
    "AS KS QS JS 10S 9S 8S 7S 6S 5S",  # N
    "AC KC QC JC 10C 9C 8C 7C 6C 5C",  # E
    "AD KD QD JD 10D 9D 8D 7D 6D 5D",  # S
    "AH KH QH JH 10H 9H 8H 7H 6H 5H",  # W
)
SUITED_KITTY = "4D 4H JK"


def mixed(rules: Rules | None = None, dealer: int = N) -> Round:
    return Round.from_hands(MIXED_HANDS, MIXED_KITTY, rules=rules or Rules(), dealer=dealer)


def suited(rules: Rules | None = None, dealer: int = N) -> Round:
    return Round.from_hands(SUITED_HANDS, SUITED_KITTY, rules=rules or Rules(), dealer=dealer)


def bids(r: Round, calls: str) -> None:
    """Apply space-separated calls in order."""
    for call in calls.split():
        r.apply(call)


def random_action(r: Round, rng: random.Random) -> object:
    acts = r.legal_actions()
    assert acts, f"no legal action in phase {r.phase}"
    return acts[rng.randrange(len(acts))]


def play_out(r: Round, rng: random.Random, *, max_steps: int = 500) -> None:
    """Apply random legal actions until the hand is over."""
    for _ in range(max_steps):
        if r.phase is Phase.OVER:
            return
        r.apply(random_action(r, rng))
    raise AssertionError("hand did not finish")


