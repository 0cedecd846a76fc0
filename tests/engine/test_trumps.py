"""Trumps, bowers and the joker (RULES.md §1–§3)."""

from __future__ import annotations

import pytest

from fivehundred import Card, JOKER, Suit, effective_suit, is_left_bower, is_right_bower, is_trump, pack, trump_order
from fivehundred.trumps import suit_order, trick_rank

H, D, S, C = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS


def c(text: str) -> Card:
    return Card.parse(text)


@pytest.mark.parametrize(
    ("card", "trump", "nominated", "expected"),
    [
        # the left bower belongs to trumps
        ("JD", H, None, H),
        ("JH", D, None, D),
        ("JC", S, None, S),
        ("JS", C, None, C),
        # the right bower is just a trump of its own suit
        ("JH", H, None, H),
        # jacks of the other colour keep their suit
        ("JS", H, None, S),
        ("JD", S, None, D),
        # the joker is a trump in every suit contract
        ("JK", H, None, H),
        ("JK", S, None, S),
        # NT / misère: no bowers; the joker is suitless unless nominated
        ("JD", None, None, D),
        ("JH", None, None, H),
        ("JK", None, None, None),
        ("JK", None, C, C),
        ("JK", None, H, H),
        # plain cards
        ("AS", H, None, S),
        ("4D", None, None, D),
    ],
)
def test_effective_suit(card: str, trump: Suit | None, nominated: Suit | None, expected: Suit | None) -> None:
    assert effective_suit(c(card), trump, nominated) is expected


def test_nomination_ignored_with_trumps() -> None:
    # a nomination exists only in NT/misère; with a trump suit the joker is a trump
    assert effective_suit(JOKER, S, H) is S


@pytest.mark.parametrize(
    ("card", "trump", "left", "right", "trump_"),
    [
        ("JD", H, True, False, True),
        ("JH", H, False, True, True),
        ("JH", D, True, False, True),
        ("JS", C, True, False, True),
        ("JC", C, False, True, True),
        ("JS", H, False, False, False),
        ("JD", None, False, False, False),
        ("JK", H, False, False, True),
        ("JK", None, False, False, False),
        ("AH", H, False, False, True),
        ("AD", H, False, False, False),
    ],
)
def test_bower_predicates(card: str, trump: Suit | None, left: bool, right: bool, trump_: bool) -> None:
    assert is_left_bower(c(card), trump) is left
    assert is_right_bower(c(card), trump) is right
    assert is_trump(c(card), trump) is trump_


# RULES.md §2: Joker > right bower > left bower > A > K > Q > 10 > 9 > … > 5 (> 4 in red suits)
TRUMP_ORDERS = {
    H: "JK JH JD AH KH QH 10H 9H 8H 7H 6H 5H 4H",
    D: "JK JD JH AD KD QD 10D 9D 8D 7D 6D 5D 4D",
    S: "JK JS JC AS KS QS 10S 9S 8S 7S 6S 5S",
    C: "JK JC JS AC KC QC 10C 9C 8C 7C 6C 5C",
}


@pytest.mark.parametrize("trump", [H, D, S, C])
def test_trump_order_four_players(trump: Suit) -> None:
    expected = TRUMP_ORDERS[trump].split()
    assert [str(x) for x in trump_order(trump)] == expected
    # RULES.md §1: red trumps 13 cards, black trumps 12
    assert len(expected) == (13 if trump in (H, D) else 12)


@pytest.mark.parametrize("trump", [H, D, S, C])
def test_trump_order_ranks_strictly_decrease(trump: Suit) -> None:
    order = trump_order(trump)
    ranks = [trick_rank(x, trump, trump) for x in order]
    assert ranks == sorted(ranks, reverse=True)
    assert len(set(ranks)) == len(ranks)


@pytest.mark.parametrize(
    ("trump", "sibling", "size"),
    [(H, D, 10), (D, H, 10), (S, C, 9), (C, S, 9)],
)
def test_sibling_suit_has_no_jack(trump: Suit, sibling: Suit, size: int) -> None:
    # RULES.md §1: with red trumps the other red suit has 10 cards; black: 9
    cards = [x for x in pack(4) if effective_suit(x, trump) is sibling]
    assert len(cards) == size
    assert all(x.rank.symbol != "J" for x in cards)
    assert [str(x) for x in suit_order(sibling, trump)][:4] == [f"A{sibling}", f"K{sibling}", f"Q{sibling}", f"10{sibling}"]


def test_plain_suit_of_other_colour_keeps_jack_between_queen_and_ten() -> None:
    assert [str(x) for x in suit_order(S, H)][:5] == ["AS", "KS", "QS", "JS", "10S"]


def test_no_bowers_in_no_trumps() -> None:
    # NT: jacks rank between Q and 10 of their own suit; the joker is not in any suit
    assert [str(x) for x in suit_order(H, None)] == "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H".split()
    assert [str(x) for x in suit_order(D, None)][:5] == ["AD", "KD", "QD", "JD", "10D"]
    for jack in ("JH", "JD", "JS", "JC"):
        assert not is_left_bower(c(jack), None) and not is_right_bower(c(jack), None)
        assert trick_rank(c(jack), None, c(jack).suit) < trick_rank(c("Q" + jack[1]), None, c(jack).suit)


def test_every_card_in_exactly_one_suit_under_trumps() -> None:
    for trump in (H, D, S, C):
        for card in pack(4):
            suits = [s for s in Suit if effective_suit(card, trump) is s]
            assert len(suits) == 1


def test_trump_order_six_players_has_extra_ranks() -> None:
    # A K Q J 13 12 11 10: with trumps the jacks move up, so A K Q 13 12 11 10 …
    order = [str(x) for x in trump_order(H, players=6)]
    assert order[:9] == ["JK", "JH", "JD", "AH", "KH", "QH", "13H", "12H", "11H"]
    assert order[9] == "10H"
