"""Guided mode: the coach refuses the wrong card at a narrated moment and accepts the right one; hints, undo, review."""

from __future__ import annotations

from html import escape
from pathlib import Path

import pytest

from fivehundred.actions import Action, Discard, Nominate, Play
from fivehundred.bidding import Bid
from fivehundred.library import HAND_IDS, load_hand
from widgets import GuidedHandView
from widgets.guided import EXERCISE_PREFIX
from widgets.progress import ProgressStore, lesson_of
from widgets.table import LEARNER


def _do(g: GuidedHandView, act: Action) -> bool:
    t = g.table
    if isinstance(act, Bid):
        return t.bid(act)
    if isinstance(act, Discard):
        return t.discard([str(c) for c in act.cards])
    if isinstance(act, Nominate):
        return t.nominate(act.suit)
    assert isinstance(act, Play)
    return g.play(str(act))


def _follow_line_to(g: GuidedHandView, index: int) -> None:
    """Make the learner's moves of the line until the round reaches history index ``index``."""
    line = g.guide.hand.line
    for _ in range(60):
        r = g.table.round
        if len(r.history) >= index or r.is_over:
            break
        assert g.table.my_turn, g.table.status
        assert _do(g, line[len(r.history)]), g.table.feedback
    assert len(g.table.round.history) == index


def _first_narrated_card(hand_id: str) -> int:
    hand = load_hand(hand_id)
    return next(n.at for n in hand.notes if n.accept and isinstance(hand.line[n.at], Play))


@pytest.mark.parametrize("hand_id", ["take-control", "joker-lead", "misere-defence"])
def test_a_wrong_card_at_a_narrated_moment_is_refused_with_its_explanation(hand_id: str) -> None:
    g = GuidedHandView(hand_id, pace=0, store=None)
    at = _first_narrated_card(hand_id)
    _follow_line_to(g, at)
    note = g.guide.hand.note_at(at)
    assert note is not None
    r = g.table.round
    wrong = next(p for p in r.legal_plays() if p not in note.accept)
    before = r.record()
    assert not g.play(str(wrong))
    assert g.table.feedback == note.wrong
    assert r.record() == before and g.refusals == 1
    assert note.text in g.narration
    assert g.play(str(note.accept[0])), g.table.feedback
    assert g.on_line
    assert g.table.round.history[at] == note.accept[0]


def test_a_wrong_bid_is_refused_with_the_notes_explanation() -> None:
    g = GuidedHandView("take-control", pace=0, store=None)
    assert g.table.to_act == "S"
    assert not g.table.bid("6D")
    assert g.table.feedback == "In this hand you are the contractor in diamonds: bid 7♦."
    assert g.table.bid("7D"), g.table.feedback


def test_elsewhere_any_legal_card_is_accepted_and_the_hand_can_leave_the_line() -> None:
    g = GuidedHandView("take-control", pace=0, store=None)
    hand = g.guide.hand
    first = hand.learner_decisions()[0]
    assert hand.note_at(first) is None or not hand.note_at(first).accept
    _follow_line_to(g, first)
    other = next(p for p in g.table.round.legal_plays() if p != hand.line[first])
    assert g.play(str(other)), g.table.feedback
    assert not g.on_line
    assert "left the intended line" in g._coach.value
    assert g.undo()
    assert g.on_line and len(g.table.round.history) == first


def test_following_the_hint_off_the_line_the_panel_tells_the_planned_line_and_keeps_it_in_view() -> None:
    """take-control: the Hint's J♦ at trick 2 leaves the line (it plays K♠). The panel shows the guide's remark on
    what the planned line would have shown, keeps it in view while later tricks are told, and shows them too."""
    g = GuidedHandView("take-control", pace=0, store=None)
    hand = g.guide.hand
    at = hand.learner_decisions()[1]
    _follow_line_to(g, at)
    g.hint()
    card = g.hint()
    assert "Play J♦." in card and str(hand.line[at]) == "KS"
    assert g.play("JD"), g.table.feedback
    planned = next(m for m in g.guide.remarks(g.table.round) if m.kind == "planned")
    assert "the planned K♠" in planned.text
    html = g._coach.value
    assert 'class="fh-guided-note fh-guided-planned' in html and escape(planned.text) in html
    assert "fh-guided-off" in html  # the live coach still follows the learner
    while not g.table.round.is_over:  # on to the end by the hint's card
        assert g.table.my_turn, g.table.status
        g.hint(), g.hint()
        ladder = g.guide.ladder(g.table.round)
        assert ladder.action is not None and g.play(str(ladder.action)), g.table.feedback
    remarks = g.guide.remarks(g.table.round)
    html = g._coach.value
    assert "fh-guided-planned" in html and "fh-guided-trick" in html  # the planned line stays, the tricks are told
    assert remarks[-1].kind == "end" and escape(remarks[-1].text) in html
    assert "with a trump" in planned.text  # during the hand West's trump was hidden; after it, it is named
    final = next(m for m in remarks if m.kind == "planned").text
    assert "with the 4♦" in final and final in g.narration


def test_hint_on_the_main_line_comes_from_the_precomputed_values() -> None:
    g = GuidedHandView("joker-lead", pace=0, store=None)
    at = _first_narrated_card("joker-lead")
    _follow_line_to(g, at)
    assert g.guide.values(g.table.round) is not None, "the main line's analysis is built"
    g.hint(), g.hint()  # the ladder: nudge, then the card, then the evidence
    text = g.hint()
    assert "the joker, naming diamonds" in text and "ends with 10 tricks" in text


def test_finishing_a_hand_gives_a_review_and_counts_toward_progress(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "progress.json")
    g = GuidedHandView("left-bower", pace=0, store=store)
    _follow_line_to(g, len(g.guide.hand.line))
    assert g.table.round.is_over
    review = g.review
    assert review is not None and review.on_line
    assert review.par is not None and "Double-dummy par" in review.par_text
    learner_cards = [m for m in review.moves]
    assert len(learner_cards) == 10 and all(m.grade == "best" for m in learner_cards if m.grade is not None)
    assert any(m.grade is not None for m in learner_cards)
    assert "Review" in g._review_html.value and g._review_box.layout.display == ""
    assert "pick another hand" in g.table.status  # not free play's "Press New hand", which is hidden here
    exercise = EXERCISE_PREFIX + "left-bower"
    assert lesson_of(exercise) == "19"
    assert store.exercise(exercise)["solved"]
    assert exercise in store.data()["lessons"]["19"]


def test_replay_of_the_intended_line_follows_the_record_with_narration() -> None:
    g = GuidedHandView("slam", pace=0, store=None)
    assert g.replay_line()
    hand = g.guide.hand
    assert g.table.round.record() == hand.record
    assert hand.notes[-1].text in g.narration
    assert g.review is None  # a replay is not the learner's play


def test_picker_lists_every_hand_and_switches() -> None:
    g = GuidedHandView(pace=0, store=None)
    assert [v for _, v in g._picker.options] == list(HAND_IDS)
    assert g.choose_hand("second-hand-low")
    assert g.hand_id == "second-hand-low" and g.table.round.dealt_hands == load_hand("second-hand-low").final.dealt_hands
    assert not g.choose_hand("nope")


def test_show_all_hands_turns_the_other_hands_face_up() -> None:
    g = GuidedHandView("joker-suit", pace=0, store=None)
    assert "face down" in g.table._seat_html[3].value
    g.table.show_all = True
    assert "face down" not in g.table._seat_html[3].value
    assert g.table.round.to_act == LEARNER


def test_clicking_the_joker_at_a_joker_lead_moment_asks_for_the_suit_instead_of_refusing() -> None:
    from fivehundred import Card
    from fivehundred.errors import IllegalPlayError

    g = GuidedHandView("joker-lead", pace=0, store=None)
    _follow_line_to(g, _first_narrated_card("joker-lead"))
    with pytest.raises(IllegalPlayError):
        g.table._hand_chose(Card.parse("JK"))  # the card click, before a suit button
    assert "name a suit" in g.table.feedback and g.refusals == 0
    assert not g.play("JK:C") and g.refusals == 1  # naming the wrong suit is the coach's refusal
    assert g.play("JK:D"), g.table.feedback


def test_off_the_line_the_hint_comes_from_a_live_search() -> None:
    g = GuidedHandView("take-control", pace=0, store=None)
    hand = g.guide.hand
    at = next(n.at for n in hand.notes if len(n.accept) > 1 and len(hand.round_at(n.at).tricks) >= 4)
    _follow_line_to(g, at)
    note = hand.note_at(at)
    assert note is not None
    other = next(a for a in note.accept if a != hand.line[at])  # accepted by the coach, but not the line's card
    assert g.play(str(other)), g.table.feedback
    assert not g.on_line and g.table.my_turn
    assert g.guide.values(g.table.round) is None
    g.hint(), g.hint()  # the ladder: nudge, then the card, then the evidence
    text = g.hint()
    assert "With best play from here and every hand in view" in text  # the guide's live double-dummy solve off the line


def test_at_a_paced_table_the_review_is_worked_out_off_the_main_thread_and_then_shown() -> None:
    """Checking every card double dummy takes seconds on some hands: the page says so and stays alive meanwhile."""
    import time

    from widgets.guided import REVIEWING

    g = GuidedHandView("left-bower", pace=0, store=None)
    hand = g.guide.hand
    replay, last = hand.fresh(), None
    for i, act in enumerate(hand.line):  # the learner's last move on the line
        if replay.to_act == hand.seat:
            last = i
        replay.apply(act)
    assert last is not None
    _follow_line_to(g, last)
    g.table.pace = 0.01  # computer moves are paced from here on: the hand ends on the table's loop
    shown = []
    g.table.on_change(lambda _t: shown.append(g._review_html.value))
    assert _do(g, hand.line[last])
    deadline = time.monotonic() + 60
    while g.review is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert g.table.round.is_over and g.review is not None and g.review.on_line
    assert any(REVIEWING in v for v in shown), "the page said the review was being worked out"
    assert "Review" in g._review_html.value and g._replay_btn.layout.display == ""


def test_a_set_auction_offers_only_its_calls_not_the_whole_ladder() -> None:
    """slam: South's 7NT is set (the hand is about the play): the panel shows one button for it and hides the ladder."""
    g = GuidedHandView("slam", pace=0, store=None)
    hand = g.guide.hand
    at = next(i for i, a in enumerate(hand.line) if isinstance(a, Bid) and hand.round_at(i).to_act == hand.seat)
    _follow_line_to(g, at)
    panel = g.table.auction
    assert g.guide.set_calls(g.table.round) == (Bid.parse("7NT"),)
    assert panel._controls.layout.display == "none"  # no ladder, no Pass
    buttons = [b for b in panel._set_box.children if type(b).__name__ == "Button"]
    assert [b.description for b in buttons] == ["Bid 7NT"]
    assert "auction is set: seven no trumps" in panel._set_box.children[-1].value
    buttons[0].click()
    assert len(g.table.round.history) > at and str(g.table.round.history[at]) == "7NT"
    assert g.table.round.phase.value != "auction"  # West passed: the auction is over and the panel gives way
