"""Legal plays (RULES.md §3 and §5): following the effective suit and the joker rules."""

from __future__ import annotations

import pytest

from fivehundred import Card, NotationError, Rules, Suit, explain_play, legal_cards

H, D, S, C = Suit.HEARTS, Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS
ALL = (S, C, D, H)
LAST_ONLY = Rules(joker_lead="last_trick_only")


@pytest.mark.parametrize(
    ("hand", "trick", "contract", "kwargs", "legal"),
    [
        # must follow the effective suit; the left bower is a trump
        ("JD 5D 9S", "AH", "H", {}, "JD"),  # only trump held is the left bower: it must be played
        ("JD 5D 9S", "AD", "H", {}, "5D"),  # diamonds led: JD is not a diamond
        ("JD 9S", "AD", "H", {}, "JD 9S"),  # only 'diamond' is the left bower: void in diamonds
        ("JC 9S 4H", "KS", "S", {}, "JC 9S"),  # JC is a spade when spades are trumps
        ("JC 9C 4H", "KC", "S", {}, "9C"),
        ("AH 9S", "AD", "H", {}, "AH 9S"),  # no obligation to trump
        ("AH 5D", "JD", "H", {}, "AH"),  # the left bower led is a trump lead
        ("5D KD", "JD", "H", {}, "5D KD"),  # ... so diamonds need not follow it
        ("AH 9S 6D", "AD", "H", {}, "6D"),
        ("JK 5D 9S", "AH", "H", {}, "JK"),  # the joker is a trump: it follows a trump lead
        ("JK 5D 9S", "AD", "H", {}, "5D"),
        ("JK 9S", "AD", "H", {}, "JK 9S"),
        ("JH 5D", "AH", None, {}, "JH"),  # NT: no bowers, JH is a heart
        ("JD 5C", "AH", None, {}, "JD 5C"),  # NT: JD is a diamond, so void in hearts
        # NT joker: to another's lead only when void
        ("JK 5D 9S", "AS", None, {}, "9S"),
        ("JK 5D", "AS", None, {}, "JK 5D"),  # optional in plain NT
        ("JK 5D", "AS", None, {"suits_led": "S C D H"}, "JK 5D"),  # pagat: only *leading* it is restricted
        # misère: the joker must be played when void
        ("JK 5D", "AS", "MIS", {}, "JK"),
        ("JK 5D", "AS", "OMIS", {}, "JK"),
        ("JK 5D 9S", "AS", "MIS", {}, "9S"),
        ("JK 5D", "AS", "MIS", {"rules": Rules(misere_joker_compulsory=False)}, "JK 5D"),
        # nominated joker: it is the top card of its suit
        ("JK 5D", "AH", None, {"nominated": H}, "JK"),
        ("JK 9S", "AS", None, {"nominated": H}, "9S"),
        ("JK 5D", "AS", None, {"nominated": H}, "JK 5D"),
        # the joker led naming spades: the others must follow spades
        ("AS 5D", "JK", None, {"led": S}, "AS"),
        ("AH 5D", "JK", None, {"led": S}, "AH 5D"),
        # leading: anything, but the un-nominated joker is restricted
        ("JK 5D 9S", "", None, {}, "JK 5D 9S"),
        ("JK 5D 9S", "", None, {"suits_led": "S C D"}, "JK 5D 9S"),
        ("JK 5D 9S", "", None, {"suits_led": "S C D H"}, "5D 9S"),  # all four suits led
        ("JK", "", None, {"suits_led": "S C D H", "last_trick": True}, "JK"),
        ("JK 5D", "", "MIS", {"suits_led": "S C D H"}, "5D"),
        ("JK 5D", "", None, {"rules": LAST_ONLY}, "5D"),
        ("JK", "", None, {"rules": LAST_ONLY, "last_trick": True}, "JK"),
        ("JK 5D", "", None, {"nominated": H, "suits_led": "S C D H"}, "JK 5D"),  # nominated: an ordinary heart
        ("JK 5D", "", "H", {"suits_led": "S C D H"}, "JK 5D"),  # trump contract: the top trump
        ("JK 5D", "", "H", {"rules": LAST_ONLY}, "JK 5D"),
    ],
)
def test_legal_cards(hand: str, trick: str, contract: str | None, kwargs: dict[str, object], legal: str) -> None:
    if isinstance(kwargs.get("suits_led"), str):
        kwargs = {**kwargs, "suits_led": [Suit.parse(x) for x in str(kwargs["suits_led"]).split()]}
    got = legal_cards(hand, trick, contract, **kwargs)  # type: ignore[arg-type]
    assert sorted(map(str, got)) == sorted(legal.split())


def test_legal_cards_is_subset_of_hand_and_never_empty() -> None:
    hand = "JK JD 5D 9S AH"
    for trick in ("", "AS", "AH", "AD", "AC"):
        for contract in ("H", "D", "S", "C", None, "MIS"):
            got = legal_cards(hand, trick, contract)
            assert got
            assert set(map(str, got)) <= set(hand.split())


@pytest.mark.parametrize(
    ("card", "hand", "trick", "contract", "kwargs", "legal", "words"),
    [
        ("JD", "JD 5D 9S", "AH", "H", {}, True, ["J♦ counts as a heart", "follows suit"]),
        ("5D", "JD 5D 9S", "AH", "H", {}, False, ["J♦ counts as a heart", "must follow with a heart"]),
        ("9S", "AH 9S", "AD", "H", {}, True, ["no diamonds", "any card"]),
        ("9S", "9S 5D", "AS", "H", {}, True, ["follows suit"]),
        ("5D", "9S 5D", "AS", "H", {}, False, ["must follow with a spade"]),
        ("JK", "JK 5D 9S", "AS", None, {}, False, ["only when you have no spades"]),
        ("JK", "JK 5D", "AS", None, {}, True, ["no spades", "joker"]),
        ("5D", "JK 5D", "AS", "MIS", {}, False, ["misère", "must play the joker"]),
        ("JK", "JK 5D", "", None, {"suits_led": [S, C, D, H]}, False, ["only to the last trick"]),
        ("JK", "JK 5D", "", None, {}, True, ["name a suit"]),
        ("JK", "JK 5D", "", None, {"rules": LAST_ONLY}, False, ["only to the last trick"]),
        ("AH", "JK 5D", "", None, {}, False, ["don't hold"]),
        ("JD", "JD 5D", "", "H", {}, True, ["leading", "counts as a heart"]),
    ],
)
def test_explain_play(
    card: str, hand: str, trick: str, contract: str | None, kwargs: dict[str, object], legal: bool, words: list[str]
) -> None:
    verdict = explain_play(card, hand, trick, contract, **kwargs)  # type: ignore[arg-type]
    assert verdict.legal is legal
    assert bool(verdict) is legal
    for word in words:
        assert word in verdict.reason, (word, verdict.reason)


def test_explain_play_agrees_with_legal_cards() -> None:
    hands = ["JK JD 5D 9S AH", "JH 4H 10S QC", "JK 5C 6C", "JS JC 5H KD"]
    count = 0
    for hand in hands:
        for trick in ("", "AS", "AH", "AD", "KC"):
            for contract in ("H", "D", "S", "C", None, "MIS"):
                legal = set(legal_cards(hand, trick, contract))
                for text in hand.split():
                    card = Card.parse(text)
                    if trick and Card.parse(trick) == card:
                        continue
                    assert explain_play(card, hand, trick, contract).legal is (card in legal)
                    count += 1
    assert count > 100


@pytest.mark.parametrize(("hand", "trick", "contract"), [("XX", "", "H"), ("AS", "QQ", "H"), ("AS", "KS", "ZZ")])
def test_bad_notation(hand: str, trick: str, contract: str) -> None:
    with pytest.raises(NotationError):
        legal_cards(hand, trick, contract)
