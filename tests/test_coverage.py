"""The rule coverage map: every rule of RULES.md is taught by a lesson and exercised by an exercise that exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "docs" / "rule_coverage.json"
LESSONS = ROOT / "lessons"
RULE_SECTIONS = {"1", "2", "3", "4", "5", "6", "7", "10"}


def _rules() -> list[dict[str, object]]:
    rules = json.loads(MAP.read_text(encoding="utf-8"))["rules"]
    assert rules, "the coverage map lists no rules"
    return list(rules)


def _exercise_ids(lesson: Path) -> set[str]:
    """The exercise ids a lesson's code names: literal ``"NN-slug/name"`` strings, and
    ``f"{LESSON}/name"`` where the lesson sets ``LESSON = "NN-slug"``."""
    nb = nbformat.read(lesson, as_version=4)
    code = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "code")
    number = lesson.name[:2]
    ids = set(re.findall(rf"""["']({number}-[a-z0-9-]+/[a-z0-9-]+)["']""", code))
    for name, value in re.findall(rf"""^(\w+)\s*=\s*["']({number}-[a-z0-9-]+)["']""", code, re.MULTILINE):
        ids.update(f"{value}/{suffix}" for suffix in re.findall(rf"""f["']{{{name}}}/([a-z0-9-]+)["']""", code))
    return ids


def _lesson_file(number: str) -> Path:
    found = sorted(LESSONS.glob(f"{number}-*.ipynb"))
    assert len(found) == 1, f"lesson {number}: expected one notebook, found {[p.name for p in found]}"
    return found[0]


def test_the_map_covers_every_section_of_the_rules() -> None:
    sections = {str(rule["section"]) for rule in _rules()}
    assert RULE_SECTIONS <= sections, RULE_SECTIONS - sections
    ids = [rule["id"] for rule in _rules()]
    assert len(ids) == len(set(ids)), "a rule id appears twice"


@pytest.mark.parametrize("rule", _rules(), ids=lambda r: str(r["id"]))
def test_every_rule_has_a_lesson_and_an_existing_exercise(rule: dict[str, object]) -> None:
    lesson = rule.get("lesson")
    exercises = rule.get("exercises")
    assert isinstance(lesson, str) and lesson, f"rule {rule['id']!r} has no lesson"
    assert isinstance(exercises, list) and exercises, f"rule {rule['id']!r} has no exercise"
    known: set[str] = set()
    for exercise in exercises:
        number = str(exercise).split("-", 1)[0]
        known |= _exercise_ids(_lesson_file(number))
    missing = [e for e in exercises if e not in known]
    assert not missing, f"rule {rule['id']!r}: exercises not found in the lessons: {missing}"
    assert _lesson_file(lesson.split("-", 1)[0]).exists()
