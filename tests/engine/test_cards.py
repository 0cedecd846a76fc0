"""Packs for 2–6 players (RULES.md §1), card parsing, formatting and repr."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivehundred import ALL_CARDS, JOKER, Card, NotationError, Rank, Suit, format_cards, pack, parse_cards
from fivehundred.errors import FiveHundredError

RED = ("H", "D")
BLACK = ("S", "C")
SUITS = ("S", "C", "D", "H")


def _cards(ranks: str, suits: tuple[str, ...]) -> set[str]:
    return {f"{r}{s}" for r in ranks.split() for s in suits}


# Expected contents written from RULES.md §1, as text, never from the engine.
EXPECTED_PACKS = {
    2: _cards("A K Q J 10 9 8 7", SUITS) | {"JK"},
    3: _cards("A K Q J 10 9 8 7", SUITS) | {"JK"},
    4: _cards("A K Q J 10 9 8 7 6 5 4", RED) | _cards("A K Q J 10 9 8 7 6 5", BLACK) | {"JK"},
    5: _cards("A K Q J 10 9 8 7 6 5 4 3 2", SUITS) | {"JK"},
    6: _cards("A K Q J 10 9 8 7 6 5 4 3 2 11 12", SUITS) | {"13H", "13D", "JK"},
}


@pytest.mark.parametrize(("players", "size"), [(2, 33), (3, 33), (4, 43), (5, 53), (6, 63)])
def test_pack_size(players: int, size: int) -> None:
    assert len(pack(players)) == size
    assert len(set(pack(players))) == size  # no card twice


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_pack_contents_exact(players: int) -> None:
    assert {str(c) for c in pack(players)} == EXPECTED_PACKS[players]
    assert len(EXPECTED_PACKS[players]) == len(pack(players))


def test_four_player_pack_details() -> None:
    four = {str(c) for c in pack(4)}
    assert {"4H", "4D"} <= four
    assert not {"4S", "4C", "3H", "2S"} & four
    assert sum(1 for c in pack(4) if c.suit is Suit.HEARTS) == 11
    assert sum(1 for c in pack(4) if c.suit is Suit.SPADES) == 10
    assert pack(4).count(JOKER) == 1


def test_six_player_pack_has_red_thirteens_only() -> None:
    six = {str(c) for c in pack(6)}
    assert {"13H", "13D", "11S", "12C"} <= six
    assert not {"13S", "13C"} & six


def test_six_player_extra_ranks_sit_between_jack_and_ten() -> None:
    # RULES.md §1: A K Q J 13 12 11 10 9 … in plain suits
    order = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.THIRTEEN, Rank.TWELVE, Rank.ELEVEN, Rank.TEN, Rank.NINE]
    assert order == sorted(order, reverse=True)


@pytest.mark.parametrize("players", [0, 1, 7, -4, None, "4", 4.5])
def test_pack_bad_player_count(players: object) -> None:
    with pytest.raises(NotationError, match="no pack for"):
        pack(players)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("JH", "JH"),
        ("jh", "JH"),
        ("Jh", "JH"),
        (" JH ", "JH"),
        ("10D", "10D"),
        ("TD", "10D"),
        ("td", "10D"),
        ("10♦", "10D"),
        ("10♢", "10D"),
        ("J♥", "JH"),
        ("A♠", "AS"),
        ("q♣", "QC"),
        ("JK", "JK"),
        ("jk", "JK"),
        ("JOKER", "JK"),
        ("joker", "JK"),
        ("5S", "5S"),
        ("13H", "13H"),
        ("11c", "11C"),
    ],
)
def test_parse_lenient_format_canonical(text: str, canonical: str) -> None:
    card = Card.parse(text)
    assert str(card) == canonical
    assert Card.parse(canonical) == card


def test_parse_fields() -> None:
    c = Card.parse("10♦")
    assert c.rank is Rank.TEN and c.suit is Suit.DIAMONDS
    j = Card.parse("JOKER")
    assert j.is_joker and j.suit is None and j == JOKER
    assert Card.parse("JH").label == "J♥"
    assert Card.parse("JH").name == "jack of hearts"


@pytest.mark.parametrize(
    "bad", ["", " ", "X", "1H", "10", "H", "JX", "ZZ", "10DD", "JKH", "11", "AH AS", "0S", "1 0 D x", "♥J"]
)
def test_parse_bad_input_names_the_input(bad: str) -> None:
    with pytest.raises(NotationError, match="not a card") as info:
        Card.parse(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, FiveHundredError)


@pytest.mark.parametrize("bad", [None, 12, 3.5, ["JH"], b"JH"])
def test_parse_non_text_raises_notation_error(bad: object) -> None:
    with pytest.raises(NotationError, match="not a card"):
        Card.parse(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_repr_round_trips_every_card(players: int) -> None:
    cards = pack(players)
    assert cards, "pack is empty"
    for card in cards:
        assert eval(repr(card)) == card
        assert Card.parse(str(card)) == card
        assert hash(Card.parse(str(card))) == hash(card)


def test_parse_cards_and_format_cards() -> None:
    cards = parse_cards("jh, td 10♦ JOKER")
    assert format_cards(cards) == "JH 10D 10D JK"
    assert parse_cards(["JH", Card.parse("AS")]) == (Card.parse("JH"), Card.parse("AS"))
    assert parse_cards("") == ()


def test_parse_cards_bad_card_names_it() -> None:
    with pytest.raises(NotationError, match="'XX'"):
        parse_cards("JH XX 10D")


def test_card_equality_and_hash() -> None:
    assert Card.parse("JH") == Card.parse("jh")
    assert Card.parse("JH") != Card.parse("JD")
    assert Card.parse("JH") != "JH"
    assert len({Card.parse("JH"), Card.parse("JH"), Card.parse("JD")}) == 2
    assert len(set(ALL_CARDS)) == len(ALL_CARDS)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=8))
def test_parse_never_raises_anything_but_notation_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except NotationError as err:
        assert repr(text) in str(err)
    else:
        assert Card.parse(str(card)) == card


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(ALL_CARDS), st.sampled_from(["lower", "upper", "symbol", "T"]))
def test_parse_spellings_of_every_card(card: Card, style: str) -> None:
    text = str(card)
    if style == "lower":
        text = text.lower()
    elif style == "symbol" and card.suit is not None:
        text = text[:-1] + card.suit.symbol
    elif style == "T" and card.rank is Rank.TEN:
        text = "T" + text[-1]
    assert Card.parse(text) == card
