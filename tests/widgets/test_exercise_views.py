"""Each exercise widget draws exactly its engine model's Feedback (fivehundred/exercises.py) and nothing else.

For every kind the widget is walked through answers (right, wrong, bad input) while the same answers are
judged by its model at the same rung of the ladder: the text shown, the tone, the reveal button and the
revealed answer must be the model's.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

from fivehundred.errors import FiveHundredError
from fivehundred.exercises import Feedback
from widgets import (
    MultipleChoice,
    NumberAnswer,
    OrderTrumps,
    PickCards,
    ScoreThisHand,
    WhichBidHigher,
    WhichCardWins,
    WhichMayYouPlay,
)
from widgets.exercises import Exercise

CASES: list[tuple[str, Callable[[], Exercise], list[Any]]] = [
    ("number", lambda: NumberAnswer("How many cards?", 43, reasons={52: "52 is the ordinary pack."}, hint="Count the joker."),
     ["abc", 52, 41, 43]),
    ("score", lambda: ScoreThisHand("7H", 5), [200, "", -100, "-200"]),
    ("choice", lambda: MultipleChoice("Who deals next?", ["North", "East", "South"], "East"), ["West", 0, "South", 1]),
    ("pick", lambda: PickCards("Pick the trumps.", "JD 5H AS JK", "JD 5H JK"), ["QH", "AS", [], "JD", "JD 5H JK"]),
    ("playable", lambda: WhichMayYouPlay("JD 7H AS KC", "9H", "7H"), ["AS", "7H", "QS", "7H JD"]),
    ("winner", lambda: WhichCardWins("10H JD AH 5S", "H", leader="W"), ["AH", "KH", "10H", "JD"]),
    ("order", lambda: OrderTrumps("H", "AH JH JK JD"), ["JH JK JD AH", "JK JH", "JK JH AH JD", "JK JH JD AH"]),
    ("bid", lambda: WhichBidHigher("7D", "7H"), ["7D", "8H", "7D", "7H"]),
]


def _expected(ex: Exercise, answer: Any) -> Feedback:
    model: Any = getattr(ex, "model")
    extra = {"ruled_out": tuple(getattr(ex, "_tried"))} if isinstance(ex, MultipleChoice) else {}
    try:
        return model.judge(answer, attempt=ex.misses + 1, **extra)  # type: ignore[no-any-return]
    except FiveHundredError as err:
        return Feedback.invalid(err.explanation)


@pytest.mark.parametrize("name, make, answers", CASES, ids=[c[0] for c in CASES])
def test_the_widget_draws_exactly_its_models_feedback(name: str, make: Callable[[], Exercise], answers: list[Any]) -> None:
    ex = make()
    saw = set()
    for answer in answers:
        fb = _expected(ex, answer)
        saw.add(fb.verdict)
        result = ex.answer(answer)
        assert ex.last_feedback == fb
        assert result is {"right": True, "wrong": False, "invalid": None}[fb.verdict]
        assert ex.feedback == fb.text
        tone = {"right": "fh-right", "wrong": "fh-wrong", "invalid": "fh-info"}[fb.verdict]
        assert tone in ex._feedback._dom_classes
        if fb.verdict == "wrong":
            # the answer is offered (the button) from the model's rung, and never shown unasked
            assert (ex._reveal_button.layout.display != "none") == bool(fb.answer)
            assert ex.model.answer_text() not in ex.feedback
    assert saw == {"right", "wrong", "invalid"}, f"{name}: the walk must see every verdict"
    shown = ex.reveal()
    assert shown == ex.model.answer_text() == ex.feedback


def test_a_second_miss_offers_the_answer_only_through_the_button() -> None:
    ex = WhichCardWins("10H JD AH 5S", "H", leader="W")
    ex.answer("AH")
    assert ex._reveal_button.layout.display == "none" and ex.last_feedback is not None and not ex.last_feedback.answer
    ex.answer("5S")
    assert ex.last_feedback is not None and ex.last_feedback.answer == ex.model.answer_text()
    assert ex._reveal_button.layout.display != "none"
    assert ex.last_feedback.answer not in ex.feedback
    ex._reveal_button.click()
    assert ex.revealed and ex.feedback == ex.model.answer_text()
