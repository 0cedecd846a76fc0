from __future__ import annotations

import pytest

from fivehundred import Bid, Round, Strain, pack, parse_cards
from fivehundred.analysis.advisor import advise
from fivehundred.errors import FiveHundredError


def _east_holds(hand: str) -> Round:
    mine = parse_cards(hand)
    rest = [c for c in pack(4) if c not in mine]
    hands = [rest[0:10], list(mine), rest[10:20], rest[20:30]]
    return Round.from_hands(hands, rest[30:33], dealer=3)  # North speaks first, then East


def test_strong_hearts_over_seven_no_trumps() -> None:
    # JK JH JD AH: the four top trumps in hearts; with 10H 9H, six trumps, and AS the hand counts
    # about 6.7 tricks in hearts, 8 with partner and kitty.  Over North's 7NT the advisor suggests
    # 8H (the cheapest hearts bid over 7NT) because the count reaches 8 but not 9.
    r = _east_holds("JK JH JD AH 10H 9H AS 7C 6C 5S")
    r.apply("7NT")
    a = advise(r.view(1))
    assert a.recommended == Bid.parse("8H")
    assert Bid.parse("8H") in a.acceptable and Bid.parse("9H") not in a.acceptable
    assert max(a.estimates, key=lambda s: a.estimates[s]) is Strain.HEARTS
    assert a.reasons[0].startswith("Hearts")
    assert any("8♥" in line for line in a.reasons)


def test_low_hand_without_joker_is_advised_to_bid_misere_after_a_seven() -> None:
    # Every card 7 or lower and no joker: misère is acceptable and recommended; NT is ruled out.
    r = _east_holds("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H")
    r.apply("7S")
    a = advise(r.view(1))
    assert a.recommended == Bid.parse("MIS")
    assert Bid.parse("MIS") in a.acceptable
    assert any("Without the joker" in line for line in a.reasons)


def test_advice_only_in_the_auction() -> None:
    r = _east_holds("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H")
    with pytest.raises(FiveHundredError, match="auction"):
        advise(r.view(1))  # North is to act, not East
