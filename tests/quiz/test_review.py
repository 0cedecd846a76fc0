"""Spaced review: missed quizzes come back later; streak, accuracy and per-kind counts."""

from __future__ import annotations

import pytest

from fivehundred.errors import FiveHundredError
from fivehundred.quiz import ReviewQueue, session_codes


def test_a_miss_comes_back_after_the_gap_then_after_twice_the_gap() -> None:
    q = ReviewQueue(["O1-1", "O1-2", "O1-3", "O1-4", "O1-5", "O1-6", "O1-7", "O1-8"], gap=2)
    order = []
    code = q.next()
    while code is not None:
        order.append(code)
        q.record(code, right=not (code == "O1-1"))  # always miss O1-1
        code = q.next()
    # served 1st; due at 1+2=3 (served 4th); missed again, due at 4+4=8 (served 9th); then retired (max 2 reviews)
    assert order == ["O1-1", "O1-2", "O1-3", "O1-1", "O1-4", "O1-5", "O1-6", "O1-7", "O1-1", "O1-8"]
    assert q.answered == 10 and q.right == 7
    assert q.by_kind["opening"].answered == 10


def test_a_right_review_retires_the_quiz() -> None:
    q = ReviewQueue(["O1-1", "C1-1", "M1-1"], gap=1)
    assert q.next() == "O1-1"
    q.record("O1-1", right=False)
    assert q.is_review("O1-1")
    assert q.next() == "C1-1"
    q.record("C1-1", right=True)
    assert q.next() == "O1-1"
    q.record("O1-1", right=True)
    assert q.next() == "M1-1"
    q.record("M1-1", right=True)
    assert q.next() is None
    assert (q.streak, q.best_streak, q.accuracy) == (3, 3, 0.75)


def test_record_checks_the_current_quiz() -> None:
    q = ReviewQueue(["O1-1", "C1-1"])
    q.next()
    with pytest.raises(FiveHundredError, match="not the current quiz"):
        q.record("C1-1", right=True)


def test_bad_queues() -> None:
    with pytest.raises(FiveHundredError, match="at least one quiz"):
        ReviewQueue([])
    with pytest.raises(FiveHundredError, match="gap"):
        ReviewQueue(["O1-1"], gap=0)


def test_session_codes_take_kinds_in_turn() -> None:
    bank = ["O1-1", "O1-2", "C1-1", "K2-1", "M3-1"]
    codes = session_codes(10, 7, bank=bank, kinds=["opening", "ladder", "kitty"])
    assert [c[0] for c in codes] == ["O", "L", "K"] * 3 + ["O"]
    assert all(c in bank for c in codes if c[0] != "L")
    assert session_codes(10, 7, bank=bank, kinds=["opening", "ladder", "kitty"]) == codes


def test_session_codes_take_each_kinds_levels_in_turn() -> None:
    # a bank with many close calls and few clear ones still serves the levels evenly
    bank = [f"O3-{i}" for i in range(1, 40)] + ["O1-1", "O1-2", "O2-1"]
    codes = session_codes(9, 3, bank=bank, kinds=["opening"])
    assert [c[1] for c in codes] == ["1", "2", "3"] * 3
    assert len(set(codes)) == 6  # level 3 gives three different quizzes; O2-1 comes back every third quiz; O1-1 and O1-2 alternate
    assert [c[1] for c in session_codes(4, 3, bank=bank, kinds=["opening"], levels=[3, 1])] == ["3", "1", "3", "1"]
    with pytest.raises(FiveHundredError, match="no competing quizzes"):
        session_codes(3, 1, bank=bank, kinds=["competing"], levels=[2])
