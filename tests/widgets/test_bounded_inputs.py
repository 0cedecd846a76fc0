"""Bounded inputs at the widgets: a huge paste into the quiz-code box is refused at once, in plain words,
without echoing it (free play's import box: tests/widgets/test_freeplay.py)."""

from __future__ import annotations

import time

import pytest

from fivehundred.limits import MAX_WORD_CHARS
from widgets.quiz import QuizByCode


@pytest.mark.parametrize("pasted", ["O1-" + "1" * 10_000_000, "O1-1 " * 2_000_000, "[" * 100_000])
def test_a_huge_quiz_code_is_refused_at_once_in_plain_words(pasted: str) -> None:
    box = QuizByCode()
    start = time.process_time()
    assert not box.open_code(pasted)
    assert time.process_time() - start < 0.5  # CPU; the 50 ms target is bench/input_bounds.py's
    status = box._status.value
    assert f"at most {MAX_WORD_CHARS} characters" in status
    assert len(status) < 1_000 and pasted[:30] not in status
    assert box.current is None


def test_a_code_at_the_limit_is_read_as_a_code() -> None:
    box = QuizByCode()
    assert box.open_code("O1-1" + " " * (MAX_WORD_CHARS - 4)) or "too long" not in box._status.value
