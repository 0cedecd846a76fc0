"""Bad input at the public surface: each case raises the fitting FiveHundredError naming the argument.

The first rows are the examples from issue #16; the rest were found by the fuzz
(tests/engine/test_fuzz_public.py).  Each row: the call, the error class, and
words the message must contain (the argument's name or the offending value).
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

import fivehundred as fh
from fivehundred import (
    JOKER,
    Bid,
    BidKind,
    Card,
    FiveHundredError,
    Game,
    IllegalPlayError,
    NotationError,
    Rank,
    Round,
    Rules,
    RulesError,
    Strain,
    Suit,
)
from fivehundred.actions import CallCard, CallPartner, Discard, Nominate, Play
from fivehundred.play import nameable_suits
from fivehundred.players import PlayerError, RandomPlayer, RulesPlayer

CASES: list[tuple[str, Callable[[], Any], type[FiveHundredError], str]] = [
    # the examples
    ("Nominate('H')", lambda: Nominate("H"), NotationError, "suit='H'"),
    ("Play('AH')", lambda: Play("AH"), NotationError, "card='AH'"),  # type: ignore[arg-type]
    ("Discard(texts)", lambda: Discard(("AH", "KH", "QH")), NotationError, "cards=('AH', 'KH', 'QH')"),  # type: ignore[arg-type]
    ("Play(JOKER, 'H')", lambda: Play(JOKER, "H"), NotationError, "named='H'"),  # type: ignore[arg-type]
    ("nameable_suits(['S','H'])", lambda: nameable_suits(["S", "H"]), None, ""),  # type: ignore[list-item]  # now works
    ("Card.from_index(99)", lambda: Card.from_index(99), NotationError, "99"),
    ("Card.from_index(-1)", lambda: Card.from_index(-1), NotationError, "-1"),
    ("Card.from_index(True)", lambda: Card.from_index(True), NotationError, "True"),
    ("Round.deal('australian')", lambda: Round.deal("australian"), RulesError, "'australian'"),  # type: ignore[arg-type]
    ("Game(rules='american')", lambda: Game(rules="american"), RulesError, "'american'"),  # type: ignore[arg-type]
    ("Bid(TRICKS, 7, 'H')", lambda: Bid(BidKind.TRICKS, 7, "H"), NotationError, "strain 'H'"),  # type: ignore[arg-type]
    ("Rules(players=4.0)", lambda: Rules(players=4.0), RulesError, "players=4.0"),  # type: ignore[arg-type]
    ("Rules(target=True)", lambda: Rules(target=True), RulesError, "target=True"),
    ("Round.deal(dealer=True)", lambda: Round.deal(dealer=True), NotationError, "True"),
    ("score_hand('7H', True)", lambda: fh.score_hand("7H", True), NotationError, "contractor_tricks=True"),
    ("game_result(made='no')", lambda: fh.game_result((0, 0), (500, 0), contractor_side=0, made="no"), NotationError, "made='no'"),  # type: ignore[arg-type]
    ("score_hand(defender_tricks=[1])", lambda: fh.score_hand("7H", 7, defender_tricks=[1]), NotationError, "defender_tricks=[1]"),
    ("legal_cards(joker led, no suit)", lambda: fh.legal_cards("AS KH", "JK", "NT"), NotationError, "no suit named"),
    ("Game(seed='x')", lambda: Game(seed="x"), NotationError, "'x'"),  # type: ignore[arg-type]
    # found by the fuzz
    ("Suit('X')", lambda: Suit("X"), NotationError, "'X'"),
    ("Rank(1)", lambda: Rank(1), NotationError, "1"),
    ("Strain(None)", lambda: Strain(None), NotationError, "None"),
    ("BidKind('x')", lambda: BidKind("x"), NotationError, "'x'"),
    ("Strain.from_suit('H')", lambda: Strain.from_suit("H"), NotationError, "'H'"),  # type: ignore[arg-type]
    ("Card('J', 'H')", lambda: Card("J", "H"), NotationError, "rank 'J'"),  # type: ignore[arg-type]
    ("Card(JOKER rank, H)", lambda: Card(Rank.JOKER, Suit.HEARTS), NotationError, "only the joker"),
    ("Bid(TRICKS, '7', HEARTS)", lambda: Bid(BidKind.TRICKS, "7", Strain.HEARTS), NotationError, "tricks '7'"),  # type: ignore[arg-type]
    ("Bid(TRICKS, True, HEARTS)", lambda: Bid(BidKind.TRICKS, True, Strain.HEARTS), NotationError, "tricks True"),
    ("CallPartner('1')", lambda: CallPartner("1"), NotationError, "seats='1'"),  # type: ignore[arg-type]
    ("CallCard('AH')", lambda: CallCard("AH"), NotationError, "card='AH'"),  # type: ignore[arg-type]
    ("pack(4.0)", lambda: fh.pack(4.0), NotationError, "4.0"),  # type: ignore[arg-type]
    ("seat_names([])", lambda: fh.seat_names([]), NotationError, "[]"),  # type: ignore[arg-type]
    ("seat_name(True, 4)", lambda: fh.seat_name(True, 4), NotationError, "True"),
    ("Rules.preset([])", lambda: Rules.preset([]), RulesError, "[]"),  # type: ignore[arg-type]
    ("Rules.differences(3)", lambda: Rules().differences(3), RulesError, "3"),  # type: ignore[arg-type]
    ("Rules(defence_points_limit=True)", lambda: Rules(defence_points_limit=True), RulesError, "defence_points_limit=True"),
    ("Round(3, ...)", lambda: Round(3, 0, [], []), RulesError, "3"),  # type: ignore[arg-type]
    ("Round(hands=None)", lambda: Round(Rules(), 0, None, []), NotationError, "None"),  # type: ignore[arg-type]
    ("Round(short hands)", lambda: Round(Rules(), 0, ["AS KS"] * 4, "QS JS 10S"), NotationError, "10 cards"),  # type: ignore[list-item]
    ("Round(dealer=7)", lambda: Round(Rules(), 7, [], []), NotationError, "7"),
    ("Round.deal(seed=[])", lambda: Round.deal(seed=[]), NotationError, "seed: []"),  # type: ignore[arg-type]
    ("Round.from_hands(rules=3)", lambda: Round.from_hands([], "", rules=3), RulesError, "3"),  # type: ignore[arg-type]
    ("Game(seed=None)", lambda: Game(seed=None), NotationError, "None"),  # type: ignore[arg-type]
    ("Game(dealer=True)", lambda: Game(dealer=True), NotationError, "True"),
    ("game_result(side_names=3)", lambda: fh.game_result((0, 0), (0, 0), contractor_side=0, made=True, side_names=3), NotationError, "side_names=3"),  # type: ignore[arg-type]
    ("legal_cards(last_trick='no')", lambda: fh.legal_cards("AS", last_trick="no"), NotationError, "last_trick='no'"),  # type: ignore[arg-type]
    ("RandomPlayer(seed=[])", lambda: RandomPlayer([]), PlayerError, "[]"),  # type: ignore[arg-type]
    ("RulesPlayer().choose(None)", lambda: RulesPlayer().choose(None), PlayerError, "None"),  # type: ignore[arg-type]
    ("RandomPlayer().choose(round)", lambda: RandomPlayer(1).choose(Round.deal(seed=1)), PlayerError, "round.view"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "error", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_raises_the_fitting_error(call: Callable[[], Any], error: type[FiveHundredError] | None, words: str) -> None:
    if error is None:
        call()
        return
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)  # the whole family is ValueError


def test_nameable_suits_reads_suits_and_their_text() -> None:
    assert nameable_suits(["S", "H"]) == (Suit.CLUBS, Suit.DIAMONDS)  # type: ignore[list-item]
    assert nameable_suits([Suit.SPADES]) == (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
    with pytest.raises(NotationError):
        nameable_suits(["X"])  # type: ignore[list-item]


def test_nominating_with_text_goes_through_the_parser() -> None:
    """The issue's first example: Nominate('H') was accepted, and the round could then not be saved."""
    with pytest.raises(NotationError, match="Nominate.parse"):
        Nominate("H")  # type: ignore[arg-type]
    assert Nominate.parse("H") == Nominate(Suit.HEARTS)
    r = Round.deal(seed=3)
    r.nominate("H") if r.phase.value == "nomination" else None
    assert Round.from_record(r.record()).record() == r.record()


def test_duplicate_discard_says_which_card() -> None:
    r = Round.deal(seed=1)
    while r.phase.value == "auction":
        r.apply("7NT" if not r.auction else "PASS")
    hand = r.hand(r.contractor)  # type: ignore[arg-type]
    before = r.record()
    with pytest.raises(IllegalPlayError) as info:
        r.discard([hand[0], hand[0], hand[1]])
    assert f"You chose {hand[0].label} twice" in info.value.explanation
    assert "not 3" not in info.value.explanation
    with pytest.raises(IllegalPlayError, match="exactly 3 cards, not 2"):
        r.discard(hand[:2])
    assert r.record() == before
