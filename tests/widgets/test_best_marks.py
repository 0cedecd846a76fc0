""""Mark the best cards": off by default; when on, the hint ladder's best cards are marked at the learner's
card play only; marks for an old decision are dropped; the Hint button and the marks share one search."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Callable

from fivehundred.actions import Play
from fivehundred.analysis.coach import BestMarks, LadderHints, cards_named
from fivehundred.cards import Card
from fivehundred.players import RulesPlayer
from fivehundred.round import Phase, View
from widgets.best_marks import BADGE, WORKING
from widgets.freeplay import FreePlay
from widgets.hand import HandView
from widgets.table import LEARNER, TableView


def _to_my_play(t: TableView, *, step: bool = False) -> None:
    """Make South's decisions (rules player) until it is South's turn to play a card."""
    me = RulesPlayer()
    for _ in range(200):
        r = t.round
        if r.phase is Phase.PLAY and t.my_turn:
            return
        assert not r.is_over, "the hand ended before South played a card"
        if t.my_turn:
            assert t.act(me.choose(r.view(LEARNER))), t.feedback
        elif step:
            assert t.step(), t.feedback
        else:
            raise AssertionError(f"the computer did not move: {t.status}")
    raise AssertionError("South never came to play a card")


def _play_one(t: TableView) -> None:
    assert t.act(RulesPlayer().choose(t.round.view(LEARNER))), t.feedback


def _wait(cond: Callable[[], bool], timeout: float = 10.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def _legal_cards(t: TableView) -> set[Card]:
    return {p.card for p in t.round.legal_plays()}


def test_off_by_default_and_no_search_while_off() -> None:
    fp = FreePlay(seed=4, pace=0, path=None)
    t = fp.table
    hints = t.session.hint_fn
    assert isinstance(hints, LadderHints)
    assert t.mark_best is False and t.best_overlay is not None and t.best_overlay.toggle.value is False
    assert t.best_overlay.toggle.description == "Mark the best cards"
    _to_my_play(t)
    assert t.hand.marked == () and t.best_overlay.text == ""
    assert hints.searches == 0  # nothing was worked out behind the learner's back


def test_on_marks_exactly_the_ladders_best_cards_and_hint_reuses_the_search() -> None:
    fp = FreePlay(seed=4, pace=0, path=None, mark_best=True)
    t = fp.table
    hints = t.session.hint_fn
    assert isinstance(hints, LadderHints)
    checked = 0
    while checked < 3 and not t.round.is_over:
        _to_my_play(t)
        view = t.round.view(LEARNER)
        ladder = hints.cached(view)
        assert ladder is not None and ladder.ready  # worked out when the turn began
        best = {p.card for p in ladder.best}
        assert best and best <= _legal_cards(t) and best <= set(view.hand)
        assert set(t.hand.marked) == best
        assert t.hand._buttons.mark_class == "fh-best" and t.hand._buttons.badge == BADGE
        assert t.best_overlay is not None and t.best_overlay.state == "shown"
        assert t.best_overlay.text and WORKING not in t.best_overlay.text
        # pressing Hint three times costs no second search, and names a marked card
        searches = hints.searches
        texts = [t.hint() for _ in range(3)]
        assert hints.searches == searches
        card = texts[1].split("Play ")[-1]
        named = cards_named(card)
        assert len(named) == 1 and named <= set(t.hand.marked), (texts[1], t.hand.marked)
        _play_one(t)
        checked += 1
    assert checked == 3


def test_the_overlay_after_a_hint_reuses_the_hints_search() -> None:
    fp = FreePlay(seed=4, pace=0, path=None)
    t = fp.table
    hints = t.session.hint_fn
    assert isinstance(hints, LadderHints)
    _to_my_play(t)
    t.hint()
    searches = hints.searches
    assert searches == 1
    t.mark_best = True  # on in the middle of the decision: worked out then, from the hint's ladder
    assert hints.searches == searches
    ladder = hints.cached(t.round.view(LEARNER))
    assert ladder is not None and set(t.hand.marked) == {p.card for p in ladder.best} != set()


def _first_two(view: View) -> tuple[Card, ...]:
    return tuple(dict.fromkeys(p.card for p in view.legal_actions if isinstance(p, Play)))[:2]


def test_nothing_marked_in_the_auction_or_while_waiting_and_turning_off_clears() -> None:
    asked: list[View] = []

    def best(view: View, *, cancel: Callable[[], bool] | None = None) -> BestMarks:
        asked.append(view)
        return BestMarks(_first_two(view), "marked for the test")

    def shown() -> bool:
        return overlay.state == "shown" and t.hand.marked == _first_two(t.round.view(LEARNER)) != ()

    t = TableView.deal(seed=3, dealer="E", pace=None, best=best, mark_best=True)
    overlay = t.best_overlay
    assert overlay is not None
    assert t.phase == "auction" and t.my_turn and t.mark_best
    assert t.hand.marked == () and overlay.text == ""
    _to_my_play(t, step=True)
    assert _wait(shown)  # the background search's answer arrives through the pacer loop
    assert overlay.text == "marked for the test"
    assert all(v.phase is Phase.PLAY and v.to_act == LEARNER for v in asked)  # asked only at South's card play
    _play_one(t)
    assert not t.my_turn
    assert t.hand.marked == () and overlay.text == ""  # West is to play: no marks
    _to_my_play(t, step=True)
    assert _wait(shown)
    t.mark_best = False
    assert t.hand.marked == () and overlay.text == "" and overlay.state == "off"
    t.mark_best = True  # on again mid-decision: worked out again (this fake has no cache)
    assert overlay.text == WORKING
    assert _wait(shown)
    while not t.round.is_over:  # to the end of the hand: no marks after it
        if t.my_turn:
            _play_one(t)
        else:
            t.step()
    assert t.hand.marked == () and overlay.text == "" and overlay.state == "idle"


def test_marks_for_an_old_decision_are_dropped() -> None:
    release = threading.Event()
    asked: list[View] = []

    cancelled: list[View] = []

    def slow_best(view: View, *, cancel: Callable[[], bool] | None = None) -> BestMarks:
        asked.append(view)
        if len(asked) == 1:  # the first decision's search is still running when the learner plays
            while not release.wait(0.01):
                if cancel is not None and cancel() and not cancelled:
                    cancelled.append(view)  # told to stop: the learner moved on (this fake answers anyway)
        return BestMarks(tuple(c for c in view.hand if Play(c) in view.legal_actions), "all legal cards")

    t = TableView.deal(seed=3, dealer="E", pace=None, best=slow_best, mark_best=True)
    overlay = t.best_overlay
    assert overlay is not None
    _to_my_play(t, step=True)
    assert _wait(lambda: len(asked) == 1)
    assert overlay.text == WORKING and t.hand.marked == ()
    first = asked[0]
    assert cancelled == []
    _play_one(t)  # the learner plays before the marks arrive
    assert _wait(lambda: cancelled == [first])  # the old search is told to stop
    while not t.my_turn and not t.round.is_over:
        assert t.step()
    assert t.round.phase is Phase.PLAY and t.my_turn
    now = t.round.view(LEARNER)
    assert now != first
    assert _wait(lambda: len(asked) == 2)
    assert _wait(lambda: overlay.state == "shown")
    marked_now = set(t.hand.marked)
    assert marked_now == {c for c in now.hand if Play(c) in now.legal_actions}
    shown = len(overlay.timings)
    delivered = t.pacer.counts.get("best cards", 0)
    release.set()  # the old answer arrives now ...
    assert _wait(lambda: t.pacer.counts.get("best cards", 0) == delivered + 1)  # ... is handed to the pacer loop ...
    assert len(overlay.timings) == shown  # ... and dropped there
    assert set(t.hand.marked) == marked_now and overlay.text == "all legal cards"


def test_a_failing_search_says_so_in_plain_words() -> None:
    def broken(view: View, *, cancel: Callable[[], bool] | None = None) -> BestMarks:
        raise RuntimeError("solver exploded")

    t = TableView.deal(seed=3, dealer="E", pace=0, best=broken, mark_best=True)
    _to_my_play(t)
    overlay = t.best_overlay
    assert overlay is not None and overlay.state == "error" and t.hand.marked == ()
    assert "could not be worked out" in overlay.text
    assert "Traceback" not in overlay.status.value and "exploded" not in overlay.status.value


def test_no_toggle_without_a_best_callback() -> None:
    t = TableView.deal(seed=3, pace=0)
    assert t.best_overlay is None and t.mark_best is False
    t.mark_best = True
    assert t.mark_best is False
    assert "Mark the best cards" not in [getattr(c, "description", "") for c in t._controls.children]


def test_the_setting_is_saved_with_free_play(tmp_path: Path) -> None:
    path = tmp_path / "freeplay.json"
    fp = FreePlay(seed=4, pace=0, path=path)
    assert json.loads(path.read_text())["mark_best"] is False
    fp.table.mark_best = True
    assert json.loads(path.read_text())["mark_best"] is True
    again = FreePlay(pace=0, path=path)
    assert again.table.mark_best is True
    assert FreePlay(pace=0, path=path, mark_best=False).table.mark_best is False


def test_hand_view_marks_only_held_cards_and_drops_a_mark_with_its_card() -> None:
    h = HandView("AH KH 9S")
    h.mark(["KH", "QS"], badge="best", title="kept the best result", css_class="fh-best")
    assert h.marked == (Card.parse("KH"),)
    assert h._buttons.badge == "best" and h._buttons.mark_class == "fh-best"
    h.cards = "AH 9S"
    assert h.marked == () and h._buttons.marked == []
    h.cards = "AH KH 9S"  # the card back in a later hand is not marked again
    assert h.marked == ()
