"""JokerNomination: the contractor holding the joker in no trumps or misère chooses its suit."""

from __future__ import annotations

import pytest

from fivehundred import Round
from fivehundred.cards import JOKER, Suit
from fivehundred.round import Phase
from widgets import JokerNomination


def _nt_round(contract: str = "6NT") -> Round:
    """A deal where East (first to bid) holds the joker after the kitty, with East's contract."""
    for seed in range(300):
        r = Round.deal(seed=seed)
        if JOKER in r.hand(1) + r.kitty:
            for call in (contract, "PASS", "PASS", "PASS"):
                r.apply(call)
            keep = [c for c in r.hand(1) if c != JOKER][:3]
            r.discard(keep)
            assert r.phase is Phase.NOMINATION
            return r
    raise AssertionError("no deal found")


def _misere_round() -> Round:
    """East 7♠, South misère, everyone else passes; South holds the joker."""
    for seed in range(300):
        r = Round.deal(seed=seed)
        if JOKER in r.hand(2) + r.kitty:
            for call in ("7S", "MIS", "PASS", "PASS", "PASS"):
                r.apply(call)
            if r.phase is not Phase.KITTY or r.contractor != 2:
                continue
            r.discard([c for c in r.hand(2) if c != JOKER][:3])
            assert r.phase is Phase.NOMINATION
            return r
    raise AssertionError("no deal found")


def test_nominate_a_suit() -> None:
    r = _nt_round()
    nom = JokerNomination(r)
    assert "East holds the joker in 6NT" in nom._prompt.value
    assert "highest heart" in nom._meanings[Suit.HEARTS].value
    assert nom.nominate("H")
    assert r.nominated is Suit.HEARTS and r.phase is Phase.PLAY
    assert nom.nominated == "H"
    assert nom._buttons[Suit.HEARTS].button_style == "info"
    assert repr(nom) == "JokerNomination(contract='6NT', nominated='H')"


def test_no_nomination_by_button() -> None:
    r = _nt_round()
    nom = JokerNomination(r)
    nom._buttons[None].click()
    assert r.phase is Phase.PLAY and r.nominated is None
    assert nom.nominated == "none"


def test_nominating_twice_is_refused_with_the_engines_reason() -> None:
    r = _nt_round()
    nom = JokerNomination(r)
    assert nom.nominate(None)
    assert not nom.nominate("S")
    assert "before the first lead" in nom.status
    assert "before the first lead" in nom._status.value


def test_bad_suit_is_a_message() -> None:
    nom = JokerNomination(_nt_round())
    assert not nom.nominate("X")
    assert nom.status


def test_misere_meaning_warns_about_keeping_the_joker() -> None:
    r = _misere_round()
    nom = JokerNomination(r)
    assert "lose the misère" in nom._meanings[None].value
    assert nom.nominate("S")
    assert r.nominated is Suit.SPADES


@pytest.mark.parametrize("suit", ["S", "C", "D", "H"])
def test_each_suit_button(suit: str) -> None:
    r = _nt_round()
    nom = JokerNomination(r)
    nom._buttons[Suit.parse(suit)].click()
    assert r.nominated is Suit.parse(suit)
