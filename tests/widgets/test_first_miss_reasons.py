"""Every exercise in every lesson answers a likely wrong answer with a reason about that answer (issue 27).

Each lesson's shown code cells are run (the hidden self-check cells are not), and every exercise on the page is
answered with the likely wrong answers the kit knows for it (``widgets.gallery.wrong_answers``: for a number, the
engine's list of likely slips; for cards, a card that breaks the rule and a right but incomplete pick).  The first
feedback must say something about *that* answer, never only "is not right" or "does not fit", and the second miss
must add a hint that is not a bound on the number ("the answer is more than 12").
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from fivehundred.bidding import Bid
from fivehundred.cards import Card
from fivehundred.text import points
from widgets.exercises import Exercise, MultipleChoice, NumberAnswer, WhichBidHigher
from widgets.gallery import wrong_answers

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p for p in (ROOT / "lessons").glob("[01][0-9]-*.ipynb") if p.name[:2] not in {"00", "18", "19", "20"})
GENERIC = re.compile(r"^(✘ )?(Not quite\. )?(\S+ is not right\.|.* (does|do) not fit\.|.* is not the answer\.)$")
BOUND = re.compile(r"answer is (more|less) than", re.I)


def lesson_exercises(path: Path) -> list[Exercise]:
    """Run the cells a learner's page runs (not the hidden self-checks) and collect the exercises they make."""
    nb = json.loads(path.read_text())
    ns: dict[str, Any] = {}
    for cell in nb["cells"]:
        if cell["cell_type"] != "code" or "remove-cell" in cell.get("metadata", {}).get("tags", []):
            continue
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile("".join(cell["source"]), str(path), "exec"), ns)
    return list({id(v): v for v in ns.values() if isinstance(v, Exercise)}.values())


def _named(answer: object) -> list[str]:
    """How feedback names this answer: a number with its sign, a card's or bid's label."""
    if isinstance(answer, int):
        return [points(answer)]
    if isinstance(answer, Card):
        return [answer.label]
    if isinstance(answer, Bid):
        return [answer.label, answer.label.capitalize()]
    if isinstance(answer, list):
        return [Card.parse(c).label for c in answer]
    return []


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_first_miss_says_why_that_answer_is_wrong(path: Path) -> None:
    problems = []
    exercises = lesson_exercises(path)
    assert exercises, f"{path.name} shows no exercises"
    for ex in exercises:
        where = f"{type(ex).__name__}[{ex.exercise_id}]"
        wrong = list(wrong_answers(ex))
        if isinstance(ex, NumberAnswer):
            if len(ex.likely_wrong) < 2:
                problems.append(f"{where}: fewer than two likely wrong numbers with reasons")
        for answer in wrong:
            ex.reset()
            if ex.answer(answer) is not False:
                problems.append(f"{where}: {answer!r} was not marked wrong")
                continue
            text = ex.feedback
            if not text or GENERIC.match(text):
                problems.append(f"{where}: {answer!r} got a generic first miss: {text!r}")
            names = _named(answer if not isinstance(ex, MultipleChoice) else None)
            if names and not any(n.lower() in text.lower() for n in names):
                problems.append(f"{where}: the first miss does not name the answer {names[0]}: {text!r}")
        ex.reset()
        if len(wrong) >= 2 and not isinstance(ex, WhichBidHigher):
            ex.answer(wrong[0])
            ex.answer(wrong[1])
            if "Hint:" not in ex.feedback or BOUND.search(ex.feedback):
                problems.append(f"{where}: the second miss gives no hint that moves on: {ex.feedback!r}")
        ex.reset()
    assert problems == [], "\n".join(problems)


def test_a_number_without_reasons_is_caught() -> None:
    # the check above must fail on the old kit's text
    bare = NumberAnswer("How many hearts are in the four-player pack?", 11)
    bare.answer(13)
    assert GENERIC.match(bare.feedback)
    bare.answer(12)
    assert "Hint:" not in bare.feedback  # no bound ("more than 12") any more, and no made-up hint
