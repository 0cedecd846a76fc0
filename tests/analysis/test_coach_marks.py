"""best_marks: which of the learner's cards the "Mark the best cards" overlay marks, and the shared ladder cache."""

from __future__ import annotations

import threading
import time
from typing import Callable

import pytest

from fivehundred.actions import Play
from fivehundred.analysis.coach import BestMarks, HintLadder, LadderHints, best_marks, coach_hint
from fivehundred.cards import Card, Suit
from fivehundred.errors import FiveHundredError
from fivehundred.players import RulesPlayer
from fivehundred.round import Phase, Round, View


def _find(want: Callable[[View], bool], seeds: range = range(300)) -> View:
    """The first view of the seat to act, over seeded hands played by the rules player, that ``want`` accepts."""
    rp = RulesPlayer()
    for seed in seeds:
        r = Round.deal(seed=seed)
        while not r.is_over:
            view = r.view(r.to_act)  # type: ignore[arg-type]
            if want(view):
                return view
            r.apply(rp.choose(view))
    raise AssertionError("no such position in the seeded hands")


def _plays(view: View) -> list[Play]:
    return [a for a in view.legal_actions if isinstance(a, Play)]


def _ladder(*best: Play) -> HintLadder:
    return HintLadder(nudge="n", card="c", evidence="e", action=best[0] if best else None, best=best)


def _many_choices(view: View) -> bool:
    return view.phase is Phase.PLAY and len({p.card for p in _plays(view)}) >= 3


def test_the_ladders_best_cards_are_marked_in_hand_order() -> None:
    view = _find(_many_choices)
    legal = sorted({p.card for p in _plays(view)}, key=view.hand.index)
    last, first = Play(legal[-1]), Play(legal[0])
    marks = best_marks(view, _ladder(last, first))  # the ladder's order is not the hand's
    assert marks.cards == (legal[0], legal[-1])
    assert marks.note.startswith("The 2 marked cards did equally well")
    one = best_marks(view, _ladder(Play(legal[1])))
    assert one.cards == (legal[1],) and one.note.startswith("The marked card kept the best result")
    every = best_marks(view, _ladder(*map(Play, legal)))
    assert every.cards == tuple(legal) and every.note.startswith("Every card you may play here did equally well")


def test_a_joker_lead_naming_suits_is_one_mark() -> None:
    joker = Card.parse("JK")
    view = _find(lambda v: v.phase is Phase.PLAY and joker in {p.card for p in _plays(v)} and len(v.hand) > 3)
    named = [Play(joker, Suit.HEARTS), Play(joker, Suit.SPADES)]  # a no-trump joker lead names a suit
    assert best_marks(view, _ladder(*named)).cards == (joker,)


@pytest.mark.parametrize(
    "want",
    [
        pytest.param(lambda v: v.phase is Phase.AUCTION, id="auction"),
        pytest.param(lambda v: v.phase is Phase.KITTY, id="kitty"),
    ],
)
def test_nothing_marked_outside_the_card_play(want: Callable[[View], bool]) -> None:
    view = _find(want)
    assert best_marks(view, coach_hint(view)) == BestMarks()


def test_nothing_marked_while_another_seat_plays_or_after_the_hand() -> None:
    view = _find(_many_choices)
    r = Round.deal(seed=0)
    rp = RulesPlayer()
    while not (r.phase is Phase.PLAY and r.to_act is not None):
        r.apply(rp.choose(r.view(r.to_act)))  # type: ignore[arg-type]
    other = r.view((r.to_act + 1) % 4)
    any_card = Play(other.hand[0])
    assert best_marks(other, _ladder(any_card)) == BestMarks()
    while not r.is_over:
        r.apply(rp.choose(r.view(r.to_act)))  # type: ignore[arg-type]
    assert best_marks(r.view(0), _ladder(any_card)) == BestMarks()
    assert best_marks(view, HintLadder(waiting="It is West's turn.")) == BestMarks()


def test_no_search_in_time_marks_nothing_and_says_so() -> None:
    view = _find(_many_choices)
    marks = best_marks(view, _ladder())
    assert marks.cards == () and "no time to search" in marks.note


def test_a_card_not_in_the_hand_is_never_marked() -> None:
    view = _find(_many_choices)
    stranger = next(c for c in view.unseen)
    assert best_marks(view, _ladder(Play(stranger))).cards == ()


def test_a_single_legal_card_is_marked_with_its_reason() -> None:
    view = _find(lambda v: v.phase is Phase.PLAY and len(_plays(v)) == 1 and len(v.hand) > 1)
    marks = best_marks(view, coach_hint(view))
    assert marks.cards == (_plays(view)[0].card,) and marks.note == "Only one card is legal here."


def test_bad_input_is_refused_by_name() -> None:
    view = _find(_many_choices)
    with pytest.raises(FiveHundredError, match="learner's view"):
        best_marks(Round.deal(seed=1), _ladder())  # type: ignore[arg-type]
    with pytest.raises(FiveHundredError, match="HintLadder"):
        best_marks(view, "JH")  # type: ignore[arg-type]


def test_two_threads_asking_one_decision_share_one_search() -> None:
    view = _find(_many_choices)
    calls: list[View] = []

    def slow(v: View) -> HintLadder:
        calls.append(v)
        time.sleep(0.3)
        return _ladder(*_plays(v)[:1])

    hints = LadderHints(slow)
    answers: list[HintLadder] = []
    threads = [threading.Thread(target=lambda: answers.append(hints.ladder(view))) for _ in range(3)]
    for th in threads:
        th.start()
    marks = hints.best_marks(view)
    for th in threads:
        th.join(5)
    assert len(calls) == 1 and hints.searches == 1
    assert len(answers) == 3 and all(a is answers[0] for a in answers)
    assert marks.cards == (_plays(view)[0].card,)
    assert hints(view).endswith("(Press Hint again for the card.)") and len(calls) == 1


def test_the_overlay_asks_no_search_outside_the_learners_card_play() -> None:
    calls: list[View] = []
    hints = LadderHints(lambda v: calls.append(v) or _ladder())  # type: ignore[func-returns-value]
    assert hints.best_marks(_find(lambda v: v.phase is Phase.AUCTION)) == BestMarks()
    assert calls == []


def test_a_failed_search_is_not_kept_and_the_next_asker_tries_again() -> None:
    view = _find(_many_choices)
    calls: list[int] = []

    def flaky(v: View) -> HintLadder:
        calls.append(1)
        if len(calls) == 1:
            raise FiveHundredError("search failed")
        return _ladder(*_plays(v)[:1])

    hints = LadderHints(flaky)
    with pytest.raises(FiveHundredError):
        hints.ladder(view)
    assert hints.cached(view) is None
    assert hints.ladder(view).ready and len(calls) == 2


def test_a_cancelled_search_is_returned_but_not_kept() -> None:
    view = _find(_many_choices)
    hints = LadderHints(samples=4, time_budget=None)  # no clock: on a loaded machine 1.5 s may end the full search too
    cut = hints.ladder(view, cancel=lambda: True)  # nobody wants it any more: the search stops at once
    assert cut.ready and "no time to search" in cut.evidence.lower()
    assert hints.cached(view) is None
    full = hints.ladder(view)
    assert full.best and hints.cached(view) is full and hints.searches == 2
