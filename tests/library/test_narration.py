"""The sample hands' narration: no note names a card the learner has not seen, and narrated bids follow the method."""

from __future__ import annotations

import pytest

from fivehundred.analysis.advisor import advise
from fivehundred.analysis.coach import bids_in_words, cards_named, visible_cards
from fivehundred.bidding import Bid
from fivehundred.library import HAND_IDS, load_hand


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_no_note_names_a_card_before_the_learner_has_seen_it(hand_id: str) -> None:
    """A note (and its refusal text) may name the learner's cards, the cards played and the kitty the
    learner took; a card still hidden in another hand is described in words ("the ace of diamonds")
    and never placed in a seat's hand."""
    hand = load_hand(hand_id)
    checked = 0
    for note in hand.notes:
        r = hand.round_at(note.at) if note.at < len(hand.line) else hand.final
        view = r.view(hand.seat)
        for text in (note.text, note.wrong or ""):
            named = cards_named(bids_in_words(text, view))
            assert not named - visible_cards(view), (note.at, sorted(map(str, named - visible_cards(view))), text)
            checked += len(named)
    assert checked > 0


def test_the_scanner_would_catch_the_old_notes() -> None:
    """The issue's example: take-control's old note at trick 4 W named West's 5♦ before West played it."""
    hand = load_hand("take-control")
    r = hand.round_at(18)  # trick 4, West to play
    assert r.to_act == 3
    old = "West ruffs your 10♠ too, with the 5♦."
    assert cards_named(old) - visible_cards(r.view(hand.seat))


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_each_narrated_bid_is_the_advisors_call_or_says_why_not(hand_id: str) -> None:
    """The bidding method is :func:`advise`: a learner's bid in the line equals its recommendation,
    or the note at that bid names the method's call and says why this hand departs from it.
    (If the advisor changes, these notes must be re-checked: the test says which.)"""
    hand = load_hand(hand_id)
    bids = 0
    for i, action in enumerate(hand.line):
        if not isinstance(action, Bid):
            continue
        r = hand.round_at(i)
        if r.to_act != hand.seat:
            continue
        bids += 1
        advice = advise(r.view(hand.seat))
        if advice.recommended == action:
            continue
        note = hand.note_at(i)
        call = "pass" if advice.recommended.is_pass else f"bid {advice.recommended.words}"
        assert note is not None and f"The bidding method would {call} here" in note.text, (
            f"{hand_id}: the line bids {action.label} but the advisor says {advice.recommended.label} "
            f"({advice.reasons[-1]}), and the note does not say why"
        )
    assert bids >= 1, f"{hand_id}: the line has no bid by the learner, so nothing was checked"
