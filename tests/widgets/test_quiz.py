"""Quiz widgets: built directly, driven through their Python API and buttons, feedback and chart asserted."""

from __future__ import annotations

import re


from fivehundred.quiz import BANK_SAMPLES, answer_key, grade, ladder_answer, make_quiz
from widgets import BidQuiz, KittyQuiz, LadderDrill, PracticeSession, quiz_widget
from widgets.progress import shared_store
from widgets.quiz import rate_chart_html


def _best(code: str) -> str:
    key = answer_key(code)
    assert key is not None, f"{code} must be in the bank"
    return str(key.best.bid) if hasattr(key.best, "bid") else " ".join(str(c) for c in key.best.discard.cards)  # type: ignore[union-attr]


def test_factory_picks_the_widget_per_kind() -> None:
    assert isinstance(quiz_widget("O1-12"), BidQuiz)
    assert isinstance(quiz_widget("C1-16"), BidQuiz)
    assert isinstance(quiz_widget("M1-1"), BidQuiz)
    assert isinstance(quiz_widget("K1-8"), KittyQuiz)
    assert isinstance(quiz_widget("L1-11"), LadderDrill)
    assert repr(quiz_widget("O1-12")) == "BidQuiz(code='O1-12')"


def test_a_ladder_drill_is_titled_by_its_level_alone_a_bid_quiz_by_how_clear_its_answer_is() -> None:
    """A drill's level is how far up the ladder it asks: it has a right answer, never a "close call"."""
    drill = quiz_widget("L3-390414")  # the cheapest bid that outranks 9NT
    assert "Ladder drill · level 3 · quiz code L3-390414" in drill._title.value
    for name in ("clear", "moderate", "close call"):
        assert name not in drill._title.value
    assert "level 1 (clear)" in quiz_widget("O1-12")._title.value


def test_bid_quiz_right_and_wrong() -> None:
    view = quiz_widget("O1-12")
    best = _best("O1-12")
    assert best != "PASS"
    assert view.answer("PASS") is False
    assert view.verdict == "too low"
    assert "fh-wrong" in view._feedback._dom_classes
    assert view.feedback.startswith("Too low:")
    assert view.answer(best) is True
    assert view.verdict == "best" and view.solved
    assert "fh-right" in view._feedback._dom_classes
    # the feedback is the engine's
    assert view.feedback == grade(make_quiz("O1-12"), best, answer_key("O1-12")).text
    chart = view._chart.value
    assert "fh-rate-chart" in chart and "(best, you)" in chart
    assert view.attempts.right == 1 and view.attempts.wrong == 1


def test_bad_input_is_explained_not_counted() -> None:
    view = quiz_widget("O1-12")
    assert view.answer("11H") is None
    assert "'11H' is not a bid" in view.feedback
    assert view.answer("MIS") is None
    assert view.feedback == "Misère may be bid only after someone has bid seven."
    assert view.attempts.total == 0


def test_pass_button_and_ladder_buttons_answer() -> None:
    view = quiz_widget("C1-16")
    view._pass.click()
    assert view.result is not None and view.result.answer == "pass"
    best = make_quiz("C1-16")
    assert best.problem is not None
    view2 = quiz_widget("M1-1")
    view2._ladder.bid("MIS")
    assert view2.result is not None and view2.result.answer == "misère"


def test_kitty_quiz_by_picker() -> None:
    view = quiz_widget("K1-8")
    assert isinstance(view, KittyQuiz)
    best = _best("K1-8")
    two = " ".join(best.split()[:2])
    view.choose(two)
    assert view.confirm() is None
    assert view.status == "You must discard exactly 3 cards, not 2."
    assert view._picker.chosen_text == two  # the choice is kept
    assert view.answer(two) is None and "exactly 3 cards, not 2" in view.feedback
    view.choose(best)
    assert view.confirm() is True
    assert view.verdict == "best"
    assert "fh-rate-chart" in view._chart.value


def test_ladder_drill_widgets() -> None:
    outrank = quiz_widget("L1-11")
    outrank._ladder.bid("7H")
    assert outrank.verdict == "best"
    worth = quiz_widget("L1-5")  # How many points is 7♦ worth?
    worth._number.value = "170"
    worth.children[2].children[1].click()
    assert worth.verdict == "too low" and "worth 180" in worth.feedback
    mis = next(quiz_widget(f"L1-{s}") for s in range(40) if make_quiz(f"L1-{s}").drill == "misere_now")
    assert mis.answer("maybe") is None and mis.feedback == "Answer yes or no."


def test_chart_is_deterministic() -> None:
    fb = grade(make_quiz("M1-1"), "MIS", answer_key("M1-1"))
    a, b = rate_chart_html(fb), rate_chart_html(fb)
    assert a == b
    assert len(re.findall("fh-rate-row", a)) == len(fb.rates)


def test_stats_per_kind_are_saved_once_per_quiz() -> None:
    store = shared_store()
    assert store is not None
    before = store.stats("quiz:").get("quiz:competing", {"right": 0, "wrong": 0})
    view = quiz_widget("C1-16")
    view.answer("8H")
    view.answer("PASS")
    after = store.stats("quiz:")["quiz:competing"]
    assert after["right"] + after["wrong"] == before["right"] + before["wrong"] + 1


def test_practice_session_reviews_a_miss() -> None:
    s = PracticeSession(4, seed=3, kinds=["opening", "ladder"], gap=1)
    first = s.current
    assert first is not None and first.quiz.kind == "opening"  # kinds are taken in turn
    assert s.next() is False  # answer first
    assert s._next.disabled
    assert s.answer("10NT") is False  # far too high for any bank hand at level 1-3
    assert s.answer("PASS") is None  # one answer per quiz in a session
    assert s.queue.streak == 0 and "accuracy 0% of 1" in s._header.value
    assert not s._next.disabled
    s._next.click()
    second = s.current
    assert second is not None and second.quiz.kind == "ladder"
    right = ladder_answer(second.quiz)
    assert s.answer(right if not isinstance(right, bool) else ("yes" if right else "no")) is True
    assert s.queue.streak == 1 and "accuracy 50% of 2" in s._header.value
    assert s.next() is True
    assert s.current is not None and s.current.code == first.code  # back after one quiz
    assert "review: you missed this one earlier" in s._header.value
    assert "Opening bid" in s._summary.value and "Ladder drill" in s._summary.value


def test_practice_session_ends() -> None:
    s = PracticeSession(1, seed=1, kinds=["ladder"])
    assert s.current is not None
    right = ladder_answer(s.current.quiz)
    s.answer(right if not isinstance(right, bool) else ("yes" if right else "no"))
    assert s.next() is False
    assert s.current is None and "Session complete" in s._slot.children[0].value


def test_quiz_by_code() -> None:
    from widgets.quiz import QuizByCode

    box = QuizByCode()
    assert box.open_code("X9-1") is False and "is not a quiz code" in box._status.value
    assert box.current is None
    box._text.value = "o1-12"
    box._open.click()
    assert box.current is not None and box.current.code == "O1-12"
    assert box.current.answer(str(answer_key("O1-12").best.bid)) is True  # type: ignore[union-attr]
    assert box.open_code("L1-11") is True and isinstance(box.current, LadderDrill)


def test_a_code_not_in_the_bank_is_graded_live_with_progress_and_cancel() -> None:
    from fivehundred.quiz import simulate_quiz
    from widgets.quiz import QuizByCode

    code = "C1-900001"
    assert answer_key(code) is None
    box = QuizByCode()
    assert box.open_code(code) is True and "not in the answer bank" in box._status.value
    view = box.current
    assert view is not None
    assert view._live.children and view._bar in view._live.children and view._cancel in view._live.children
    assert view.wait(60) is True  # the key is worked out in the background
    assert view._bar.value == 100 and view._live.children == (view._bar_text,)
    assert f"worked out just now, over {BANK_SAMPLES} sampled deals" in view._bar_text.value
    key = simulate_quiz(make_quiz(code))
    best = str(key.best.bid)  # type: ignore[union-attr]
    assert view.answer(best) is True and view.verdict == "best"
    assert view.feedback == grade(make_quiz(code), best, key).text
    # an answer before the key is ready is held and graded when it arrives; Cancel stops the work
    later = quiz_widget("O2-900002")
    assert later.answer("PASS") is None and "being worked out" in later.feedback
    later._cancel.click()
    later.wait(60)
    if later._key is None:  # cancelled in time
        assert "Cancelled" in later._bar_text.value and later.result is None
        assert later.answer("PASS") is None  # answering again restarts it
        assert later.wait(60) is True
    assert later.result is not None and later.result.answer == "pass"


def test_the_title_names_the_measured_level_when_a_typed_code_measured_another() -> None:
    from fivehundred.quiz import bank_codes, load_bank, parse_code
    from fivehundred.quiz.quiz import LEVELS

    measured = load_bank()["measured"]
    served = next(c for c in bank_codes("opening", 1))
    other = next(c for c, lv in measured.items() if c.startswith("O1-") and lv != 1)
    title = quiz_widget(served)._title.value
    assert "level 1 (clear)" in title and "measured" not in title
    lv = measured[other]
    assert parse_code(other)[1] == 1 and answer_key(other) is None  # measured by the builder, not kept: graded live
    assert f"drawn as level 1 (clear), measured level {lv} ({LEVELS[lv]})" in quiz_widget(other)._title.value
