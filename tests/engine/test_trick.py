"""Who wins a trick (RULES.md §2, §3, §5), and the explanation sentences."""

from __future__ import annotations

import pytest

from fivehundred import Bid, NotationError, Suit, explain_trick_winner, trick_winner
from fivehundred.trick import Trick

H, D, S, C = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS


@pytest.mark.parametrize(
    ("cards", "contract", "led", "nominated", "winner"),
    [
        # suit contracts: the highest trump wins, else the highest of the suit led
        ("10H JD AH 5S", "H", None, None, 1),  # left bower beats the ace of trumps
        ("JD JH AH KH", "H", None, None, 1),  # right bower beats left bower
        ("JH JD JK AH", "H", None, None, 2),  # joker beats both bowers
        ("AS KS QS 4H", "H", None, None, 3),  # the lowest trump beats an off-suit lead
        ("AS KS QS JS", "H", None, None, 0),  # no trump: the highest spade
        ("5S AD AC AH", "S", None, None, 0),  # off-suit discards can't win
        ("KD AD 6C 7C", "H", None, None, 1),
        ("KD JH 6C 7C", "D", None, None, 1),  # JH is the left bower in diamonds
        ("JS QC KC AC", "C", None, None, 0),  # JS is the left bower in clubs, led as trumps
        ("JS AS KS QS", "C", None, None, 0),  # JS led is a club: spades don't follow, don't win
        ("AS JS", "C", None, None, 1),  # JS (left bower) trumps the ace of spades
        ("QD JD 10D AD", "H", None, None, 1),
        ("JD AD KD QD", "H", None, None, 0),  # JD led is a trump lead: diamonds are off-suit
        ("AD JD", "H", None, None, 1),  # JD is a trump when hearts are trumps
        ("QD JD 10D AD", "S", None, None, 3),  # ... but a plain diamond under spades
        ("KH JK", "S", None, None, 1),  # joker is a trump in every suit contract
        ("JK AS", "S", None, None, 0),
        ("7C 8C", Bid.parse("7NT"), None, None, 1),
        # NT: no bowers
        ("QD JD 10D JH", None, None, None, 0),
        ("10H JH AD AH", None, None, None, 3),
        # NT, un-nominated joker: wins any trick it is played to
        ("AS KS JK", None, None, None, 2),
        ("AH JK KH QH", None, None, None, 1),
        # the joker led, naming spades: the others follow spades and the joker wins
        ("JK AS KS QS", None, S, None, 0),
        ("JK AS KH 10S", None, S, None, 0),
        # joker nominated as hearts: wins a heart trick ...
        ("AH JK KH", None, None, H, 1),
        # ... and loses when thrown on another suit
        ("5S JK AH", None, None, H, 0),
        ("5S 6S JK", None, None, H, 1),
        # a nominated joker led counts as its suit, and wins
        ("JK AH KH", None, None, H, 0),
        # misère: same rules as NT
        ("4D 5D JK", "MIS", None, None, 2),
        ("4D 5D 6D", "OMIS", None, None, 2),
    ],
)
def test_trick_winner(cards: str, contract: object, led: Suit | None, nominated: Suit | None, winner: int) -> None:
    assert trick_winner(cards, contract, led=led, nominated=nominated) == winner  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("cards", "contract", "kwargs", "words"),
    [
        ("10H JD AH 5S", "H", {}, ["J♦ wins", "left bower"]),
        ("JD JH AH KH", "H", {}, ["J♥ wins", "right bower", "left bower"]),
        ("JH JK", "H", {}, ["Joker wins", "joker"]),
        ("AS KS QS 4H", "H", {}, ["4♥ wins", "only trump"]),
        ("AS KS QS JS", "H", {}, ["A♠ wins", "no trump was played", "highest spade"]),
        ("AS KS JK", None, {}, ["Joker wins", "no suit"]),
        ("5S JK", None, {"nominated": H}, ["5♠ wins", "only spade"]),
        ("AH JK", None, {"nominated": H}, ["Joker wins"]),
    ],
)
def test_explanation_mentions_reason(cards: str, contract: str | None, kwargs: dict[str, Suit], words: list[str]) -> None:
    text = explain_trick_winner(cards, contract, **kwargs)  # type: ignore[arg-type]
    for word in words:
        assert word in text, (word, text)


def test_explanation_names_the_winning_card_consistently() -> None:
    cases = [("10H JD AH 5S", "H"), ("AS KS QS JS", "D"), ("KD AD 6C 7C", "S")]
    for cards, trump in cases:
        winner = cards.split()[trick_winner(cards, trump)]
        from fivehundred import Card

        assert explain_trick_winner(cards, trump).startswith(Card.parse(winner).label + " wins")


@pytest.mark.parametrize(
    ("cards", "match"),
    [("", "at least one card"), ("AS AS", "twice"), ("AS XX", "not a card")],
)
def test_bad_tricks(cards: str, match: str) -> None:
    with pytest.raises(NotationError, match=match):
        trick_winner(cards, "H")


def test_bad_contract() -> None:
    with pytest.raises(NotationError):
        trick_winner("AS KS", "ZZ")


def test_trick_object_winner_is_a_seat() -> None:
    from fivehundred import Card

    t = Trick(2, ((2, Card.parse("AS")), (3, Card.parse("JC")), (0, Card.parse("KS"))), S)
    assert t.winner(C) == 3  # JC is the right bower when clubs are trumps
    assert t.winner(H) == 2
    assert t.cards == (Card.parse("AS"), Card.parse("JC"), Card.parse("KS"))
    assert t.seats == (2, 3, 0)
