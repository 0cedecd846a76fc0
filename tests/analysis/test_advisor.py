"""The bidding advisor, table-driven: given this hand and auction, the advisor suggests X because Y."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from fivehundred import Bid, Round, Strain, pack, parse_cards
from fivehundred.analysis.advisor import advise, advise_hand, top_cards
from fivehundred.errors import FiveHundredError, IllegalBidError


def _east_holds(hand: str) -> Round:
    mine = parse_cards(hand)
    rest = [c for c in pack(4) if c not in mine]
    hands = [rest[0:10], list(mine), rest[10:20], rest[20:30]]
    return Round.from_hands(hands, rest[30:33], dealer=3)  # North speaks first, then East


@dataclass(frozen=True)
class Case:
    hand: str
    auction: tuple[str, ...]
    suggests: str  # the recommended call
    because: tuple[str, ...]  # phrases the reasons must contain
    acceptable: tuple[str, ...] = ()  # calls that must be acceptable
    not_acceptable: tuple[str, ...] = ()  # calls that must not be
    worth: str | None = None


CASES = [
    # seven hearts with the joker, both bowers and the ace: the count (7.1 + 1.5) reaches 8 but not 9 over 7NT
    Case(
        "JK JH JD AH 10H 9H AS 7C 6C 5S", ("PASS", "7NT"), "8H",
        ("Hearts: about 7.1 tricks in hand (6 trumps: the joker, both bowers and the ace), 8.6 with partner and kitty.",
         "so 8♥ is the cheapest bid the hand supports"),
        ("8H",), ("9H", "8NT"), "8H",
    ),
    # a monster opens cheaply but is worth ten: 9.6 in hearts + 1.5
    Case(
        "JK JH JD AH KH 10H 9H AS AC 5S", (), "6H",
        ("Hearts: about 9.6 tricks in hand (7 trumps: the joker, both bowers and the ace), 11.1 with partner and kitty.",
         "Worth up to 10♥", "Acceptable: from 6♠ up to 10♥."),
        ("6H", "10H"), (), "10H",
    ),
    # both black bowers and the ace, no joker: 3.9 + 1.5 is short of six
    Case(
        "JS JC AS KS 9S 7D 6D 5H 6H 7C", (), "PASS",
        ("Spades: about 3.9 tricks in hand (5 trumps: both bowers and the ace)", "not enough to bid higher",
         "Without the joker, no-trump bids and bids of 9 or more are ruled out."),
        (), ("6S", "6NT"),
    ),
    # every card low, no joker, after a seven: misère
    Case(
        "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", ("7S",), "MIS",
        ("Misère: no joker", "Without the joker"),
        ("MIS",), ("8S",),
    ),
    # the same low hand before anyone has bid seven: misère is not a legal call, so pass
    Case(
        "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", (), "PASS",
        ("not enough to bid higher",),
        (), ("MIS",),
    ),
    # the joker and three aces: hearts (7.4) edges no trumps (6.7); the reasons name the top cards
    Case(
        "JK AS KS AC KC AD KD 6H 7H 8S", (), "6H",
        ("Hearts: about 7.4 tricks in hand (3 trumps: the joker)", "No trumps: about 6.7 tricks in hand (the joker and 3 aces)",
         "Acceptable: from 6♠ up to 8NT."),
        ("8NT", "8H"), ("9H",), "8H",
    ),
    # six diamonds to the right bower over an opponent's 6H: diamonds need 7 and the count is 6.4
    Case(
        "JD AD KD QD 10D 9D 5C 6C 5S 6S", ("6H",), "PASS",
        ("Diamonds: about 4.9 tricks in hand (6 trumps: the right bower and the ace), 6.4 with partner and kitty.",),
        (), ("7D",),
    ),
    # a weak hand with a few high cards: nothing in any strain, and too many high cards for misère
    Case(
        "5S 9S 10C QD KH 5C 6C 7D 8H 9H", ("7C",), "PASS",
        ("Clubs: about 1.5 tricks in hand (3 trumps)", "not enough to bid higher"),
        (), ("MIS",),
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c.hand}|{' '.join(c.auction)}" for c in CASES])
def test_advisor_suggests_because(case: Case) -> None:
    a = advise_hand(case.hand, dealer=0, auction=case.auction)  # the seat is whoever calls next
    assert str(a.recommended) == case.suggests, a.reasons
    text = " ".join(a.reasons)
    for phrase in case.because:
        assert phrase in text, (phrase, a.reasons)
    for bid in case.acceptable:
        assert Bid.parse(bid) in a.acceptable
    for bid in case.not_acceptable:
        assert Bid.parse(bid) not in a.acceptable
    if case.worth is not None:
        assert a.worth == Bid.parse(case.worth)
    # the reasons list every strain, best count first
    counts = [a.estimates[s] for s in sorted(Strain, key=lambda s: -a.estimates[s])]
    assert counts == sorted(a.estimates.values(), reverse=True)
    assert sum(1 for r in a.reasons if " tricks in hand" in r) == len(Strain)


def test_advise_hand_builds_the_view() -> None:
    a = advise_hand("JK JH JD AH 10H 9H AS 7C 6C 5S", dealer=3, auction=["7NT"])
    r = _east_holds("JK JH JD AH 10H 9H AS 7C 6C 5S")
    r.apply("7NT")  # North
    b = advise(r.view(1))
    assert a == b
    assert a.range == (Bid.parse("8H"), Bid.parse("8H"))
    with pytest.raises(IllegalBidError):
        advise_hand("JK JH JD AH 10H 9H AS 7C 6C 5S", auction=["7NT", "6S"])


@pytest.mark.parametrize(
    ("hand", "strain", "words"),
    [
        ("JK JH JD AH 10H 9H AS 7C 6C 5S", Strain.HEARTS, "6 trumps: the joker, both bowers and the ace"),
        ("JK JH JD AH 10H 9H AS 7C 6C 5S", Strain.DIAMONDS, "3 trumps: the joker and both bowers"),
        ("JD AD KD 5C 6C 7C 8S 9S 10S 4H", Strain.HEARTS, "2 trumps: the left bower"),
        ("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", Strain.CLUBS, "3 trumps"),
        ("JK AS KS AC KC AD KD 6H 7H 8S", Strain.NO_TRUMPS, "the joker and 3 aces"),
        ("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", Strain.NO_TRUMPS, ""),
    ],
)
def test_top_cards_in_words(hand: str, strain: Strain, words: str) -> None:
    assert top_cards(parse_cards(hand), strain) == words


def test_advice_only_in_the_auction() -> None:
    r = _east_holds("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H")
    with pytest.raises(FiveHundredError, match="auction"):
        advise(r.view(1))  # North is to act, not East
