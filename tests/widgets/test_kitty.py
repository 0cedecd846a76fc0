"""KittyPicker: choose three of the contractor's 13 cards, confirm, and the engine decides."""

from __future__ import annotations

from fivehundred import Round
from fivehundred.round import Phase
from widgets import KittyPicker
from widgets.kitty import KITTY_CAPTION


def _kitty_round(seed: int = 7) -> Round:
    r = Round.deal(seed=seed)
    for call in ("PASS", "7H", "PASS", "PASS"):
        r.apply(call)
    assert r.phase is Phase.KITTY and r.contractor == 2
    return r


def test_shows_13_cards_with_the_kitty_marked() -> None:
    r = _kitty_round()
    k = KittyPicker(r)
    assert len(k.cards) == 13
    assert set(k.kitty) == set(r.kitty)
    assert sorted(k._cards.marked) == sorted(str(c) for c in r.kitty)
    assert k._cards.captions.count(KITTY_CAPTION) == 3
    assert "0 of 3 chosen" in k._count.description


def test_toggle_and_confirm_discards() -> None:
    r = _kitty_round()
    k = KittyPicker(r)
    three = k.cards[:3]
    for c in three:
        assert k.toggle(str(c))
    assert k.chosen == three
    assert k._cards.selected == [str(c) for c in three]
    assert k._confirm.button_style == "success"
    k._confirm.click()
    assert r.phase is Phase.PLAY
    assert set(r.discards) == set(three)
    assert k.done and "Discarded" in k._prompt.value
    assert len(k.cards) == 10


def test_toggle_again_puts_a_card_back() -> None:
    k = KittyPicker(_kitty_round())
    c = str(k.cards[0])
    k.toggle(c)
    k.toggle(c)
    assert k.chosen == ()


def test_discarding_two_cards_is_refused_by_the_engine() -> None:
    r = _kitty_round()
    k = KittyPicker(r)
    k.toggle(str(k.cards[0]))
    k.toggle(str(k.cards[1]))
    assert not k.confirm()
    assert "exactly 3" in k.status and "not 2" in k.status
    assert "exactly 3" in k._status.value
    assert r.phase is Phase.KITTY


def test_four_cards_also_refused() -> None:
    r = _kitty_round()
    k = KittyPicker(r)
    k.choose(" ".join(str(c) for c in k.cards[:4]))
    assert len(k.chosen) == 4
    assert not k.confirm()
    assert "not 4" in k.status


def test_a_card_not_held_is_a_message() -> None:
    r = _kitty_round()
    k = KittyPicker(r)
    missing = next(c for c in r.hand(0))
    assert not k.toggle(str(missing))
    assert "not one of the contractor's cards" in k.status
    assert not k.toggle("ZZ")
    assert "not a card" in k.status


def test_not_kitty_time() -> None:
    r = Round.deal(seed=7)
    k = KittyPicker(r)
    assert not k.toggle("AS")
    assert k.status == "There is no kitty to take now: this is the auction."
    assert k._confirm.disabled


def test_no_kitty_once_the_hand_is_over() -> None:
    r = _kitty_round()
    k = KittyPicker(r)
    while not r.is_over:
        r.apply(r.legal_actions()[0])
    assert k.cards == ()  # the contractor has played every card
    assert not k.toggle("AS")
    assert k.status == "The hand is over."


def test_clear_and_card_click() -> None:
    k = KittyPicker(_kitty_round())
    code = str(k.cards[2])
    k._cards.click(code)
    assert k.chosen_text == code
    k._clear.click()
    assert k.chosen == ()


def test_repr_is_deterministic() -> None:
    k = KittyPicker(_kitty_round())
    k.toggle(str(k.cards[0]))
    assert repr(k) == repr(KittyPicker(_kitty_round())).replace("chosen=''", f"chosen={str(k.cards[0])!r}")
