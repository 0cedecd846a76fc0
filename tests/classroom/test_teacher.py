"""tools/teacher.py: the teacher's read-only list of learners' progress, from files the
real ProgressStore wrote, and from missing, corrupt and older or newer files."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from widgets.progress import ProgressStore

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import teacher  # noqa: E402


def progress_file(homes: Path, user: str) -> Path:
    path = homes / user / ".local" / "share" / "fivehundred" / "progress.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def test_figures_from_files_the_progress_store_wrote(tmp_path: Path) -> None:
    ann = ProgressStore(progress_file(tmp_path, "ann"))
    ann.register("01", ["01-the-pack/a", "01-the-pack/b"])
    ann.register("02", ["02-tricks/c"])
    ann.record("01-the-pack/a", right=False)
    ann.record("01-the-pack/a", right=True)
    ann.record("01-the-pack/b", right=True)
    ann.record("02-tricks/c", right=False)
    ann.record_stat("quiz:opening", right=True)
    ann.record_stat("quiz:opening", right=True)
    ann.record_stat("quiz:contract", right=False)
    ann.record_stat("quiz:contract", right=True)
    before = progress_file(tmp_path, "ann").read_bytes()

    rows = {r["learner"]: r for r in (teacher.read_learner(h) for h in sorted(tmp_path.iterdir()))}
    r = rows["ann"]
    assert r["status"] == "ok"
    assert r["lessons_done"] == ["01"]  # lesson 02's only exercise is unsolved
    assert (r["mastered"], r["solved"], r["exercises"]) == (2, 2, 3)
    assert (r["quiz_right"], r["quiz_answered"]) == (3, 4)
    assert progress_file(tmp_path, "ann").read_bytes() == before, "the teacher's view must not write"


@pytest.mark.parametrize(
    ("content", "status"),
    [
        (None, "not started"),
        ("{not json", "unreadable (it is damaged)"),
        ("[1, 2, 3]", "unreadable (not a progress file)"),
        ('{"version": 1}', "ok"),  # an empty but sane file: nothing done
    ],
)
def test_missing_or_broken_files_are_named_not_fatal(tmp_path: Path, content: str | None, status: str) -> None:
    (tmp_path / "ben").mkdir()
    if content is not None:
        progress_file(tmp_path, "ben").write_text(content)
    row = teacher.read_learner(tmp_path / "ben")
    assert row["status"] == status


def test_reveals_and_mastered_fields_are_honoured(tmp_path: Path) -> None:
    # a newer file: an exercise solved after its answer was shown is solved, not mastered;
    # an older entry without the fields counts solved as mastered
    data = {
        "version": 1,
        "lessons": {"03": ["x", "y", "z"]},
        "exercises": {
            "x": {"right": 1, "wrong": 3, "solved": True, "reveals": 1, "mastered": False},
            "y": {"right": 1, "wrong": 0, "solved": True},
            "z": {"right": 1, "wrong": 0, "solved": True, "reveals": 2},
        },
        "stats": {"bidding": {"right": 5, "wrong": 5}},
    }
    progress_file(tmp_path, "cat").write_text(json.dumps(data))
    row = teacher.read_learner(tmp_path / "cat")
    assert row["lessons_done"] == ["03"]
    assert (row["mastered"], row["solved"], row["exercises"]) == (1, 3, 3)
    assert row["quiz_answered"] == 0  # only quiz:* stats are quiz answers


def test_command_prints_one_line_per_learner(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dee = ProgressStore(progress_file(tmp_path, "dee"))
    dee.register("01", ["01-the-pack/a"])
    dee.record("01-the-pack/a", right=True)
    (tmp_path / "eve").mkdir()
    assert teacher.main(["--homes", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["Learner", "Lessons", "done", "Exercises", "mastered", "Quiz", "accuracy"]
    assert lines[2].split() == ["dee", "1", "(01)", "1", "of", "1", "no", "answers"]
    assert lines[3].split() == ["eve", "not", "started"]
    assert teacher.main(["--homes", str(tmp_path / "nowhere")]) == 1
