"""Saved progress: atomic writes, a corrupt or missing file, and two writers at once."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from widgets.progress import ProgressStore, default_path


def test_missing_file_starts_fresh(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "sub" / "progress.json")
    assert store.notice == ""
    assert store.exercise("01-the-pack/count") == {"right": 0, "wrong": 0, "solved": False, "reveals": 0, "mastered": False}
    assert store.lesson_summary("01-the-pack") == (0, 0)
    assert not (tmp_path / "sub" / "progress.json").exists()  # nothing written until something happens


def test_record_register_and_summary(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    store.register("01-the-pack", ["01-the-pack/a", "01-the-pack/b"])
    store.register("01-the-pack", ["01-the-pack/b", "01-the-pack/c"])
    store.record("01-the-pack/a", right=False)
    store.record("01-the-pack/a", right=True)
    store.record("01-the-pack/c", right=False)
    assert store.lesson_summary("01-the-pack") == (1, 3)
    on_disk = json.loads(path.read_text())
    assert on_disk["exercises"]["01-the-pack/a"] == {"right": 1, "wrong": 1, "solved": True, "reveals": 0, "mastered": True}
    assert on_disk["lessons"]["01-the-pack"] == ["01-the-pack/a", "01-the-pack/b", "01-the-pack/c"]
    # a second store (another tab) sees the same
    assert ProgressStore(path).exercise("01-the-pack/c") == {"right": 0, "wrong": 1, "solved": False, "reveals": 0, "mastered": False}


@pytest.mark.parametrize("junk", ["{not json", "[]", '{"version": 99}', '{"version": 1, "exercises": {"x": 3}, "lessons": {}, "stats": {}}'])
def test_corrupt_file_is_kept_aside_with_a_notice(tmp_path: Path, junk: str) -> None:
    path = tmp_path / "progress.json"
    path.write_text(junk)
    store = ProgressStore(path)
    assert "could not be read" in store.notice and "progress.json.unreadable-1" in store.notice
    assert (tmp_path / "progress.json.unreadable-1").read_text() == junk
    assert store.lesson_summary("anything") == (0, 0)
    store.record("01-the-pack/a", right=True)
    assert json.loads(path.read_text())["exercises"]["01-the-pack/a"]["solved"] is True


def test_a_second_corrupt_file_does_not_overwrite_the_first(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("first junk")
    ProgressStore(path)
    path.write_text("second junk")
    store = ProgressStore(path)
    assert (tmp_path / "progress.json.unreadable-1").read_text() == "first junk"
    assert (tmp_path / "progress.json.unreadable-2").read_text() == "second junk"
    assert "unreadable-2" in store.notice


def test_reset_clears_everything(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.json")
    store.record("x", right=True)
    store.record_stat("opening", right=False)
    store.reset()
    assert store.data() == {"version": 1, "exercises": {}, "lessons": {}, "stats": {}}


def test_no_temporary_files_left_behind(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.json")
    for i in range(5):
        store.record(f"e{i}", right=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.json", "p.json.lock"]


def _hammer(path: str, worker: int, count: int) -> None:
    store = ProgressStore(path)
    for i in range(count):
        store.record("shared", right=bool(i % 2))
        store.record(f"own-{worker}", right=True)
        store.register("lesson", [f"w{worker}-{i}"])


def test_two_writers_at_once_lose_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "progress.json")
    count = 150
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_hammer, args=(path, w, count)) for w in range(2)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    data = json.loads(Path(path).read_text())
    shared = data["exercises"]["shared"]
    assert shared["right"] + shared["wrong"] == 2 * count
    assert shared["right"] == shared["wrong"] == count
    assert data["exercises"]["own-0"]["right"] == data["exercises"]["own-1"]["right"] == count
    assert len(data["lessons"]["lesson"]) == 2 * count


def test_default_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("FIVEHUNDRED_PROGRESS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "fivehundred" / "progress.json"
    monkeypatch.setenv("FIVEHUNDRED_PROGRESS", str(tmp_path / "mine.json"))
    assert default_path() == tmp_path / "mine.json"


def test_exercises_save_their_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from widgets import WhichCardWins
    from widgets import progress

    monkeypatch.setenv("FIVEHUNDRED_PROGRESS", str(tmp_path / "p.json"))
    quiz = WhichCardWins("10H JD AH 5S", "H", leader="W", exercise_id="04-the-bowers/left-wins")
    quiz._picker.click("AH")  # the learner's clicks are saved
    quiz._picker.click("JD")
    store = progress.shared_store()
    assert store is not None
    assert store.exercise("04-the-bowers/left-wins") == {
        "right": 1, "wrong": 1, "solved": True, "reveals": 0, "mastered": True,
    }
    assert store.lesson_summary("04") == (1, 1)


def test_self_checks_never_write_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers given through the Python API (hidden self-check cells) never reach the store."""
    from widgets import NumberAnswer, WhichCardWins
    from widgets import progress

    monkeypatch.setenv("FIVEHUNDRED_PROGRESS", str(tmp_path / "p.json"))
    quiz = WhichCardWins("10H JD AH 5S", "H", leader="W", exercise_id="04-the-bowers/api")
    assert quiz.answer("AH") is False and quiz.answer("AH") is False
    quiz.reveal()
    assert quiz.answer("JD") is True
    count = NumberAnswer("How many?", 43, exercise_id="01-the-pack/api")
    assert count.answer(43) is True
    store = progress.shared_store()
    assert store is not None
    for ex in ("04-the-bowers/api", "01-the-pack/api"):
        assert store.exercise(ex) == {"right": 0, "wrong": 0, "solved": False, "reveals": 0, "mastered": False}


def test_an_answer_after_a_reveal_solves_but_does_not_master(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from widgets import NumberAnswer
    from widgets import progress

    monkeypatch.setenv("FIVEHUNDRED_PROGRESS", str(tmp_path / "p.json"))
    quiz = NumberAnswer("How many cards in the pack?", 43, exercise_id="01-the-pack/revealed")
    box = quiz._text
    box.value = "52"
    box.value = "40"  # two misses: the reveal button appears
    assert quiz._reveal_button.layout.display == ""
    quiz._reveal_button.click()
    box.value = "43"
    assert quiz.solved and not quiz.mastered
    store = progress.shared_store()
    assert store is not None
    assert store.exercise("01-the-pack/revealed") == {
        "right": 1, "wrong": 2, "solved": True, "reveals": 1, "mastered": False,
    }
    assert store.lesson_summary("01") == (0, 1)


def test_old_entries_without_reveals_still_read(tmp_path: Path) -> None:
    import json

    path = tmp_path / "old.json"
    path.write_text(json.dumps({
        "version": 1, "lessons": {"02": ["02-x/a"]}, "stats": {},
        "exercises": {"02-x/a": {"right": 1, "wrong": 0, "solved": True}},
    }))
    store = ProgressStore(path)
    assert store.notice == ""
    assert store.exercise("02-x/a") == {"right": 1, "wrong": 0, "solved": True, "reveals": 0, "mastered": True}
    store.record_reveal("02-x/a")
    assert store.exercise("02-x/a")["mastered"] is True  # mastered before the reveal stays mastered


def test_progress_can_be_switched_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from widgets import NumberAnswer

    monkeypatch.setenv("FIVEHUNDRED_PROGRESS", "off")
    quiz = NumberAnswer("How many?", 43, exercise_id="01-the-pack/n")
    assert quiz.answer(43) is True
    assert list(tmp_path.iterdir()) == []


def test_progress_panel_shows_lessons_and_resets(tmp_path: Path) -> None:
    import nbformat

    from widgets.progress_panel import ProgressPanel

    lessons = tmp_path / "lessons"
    lessons.mkdir()
    for name, title in [("00-welcome.ipynb", "Welcome"), ("01-the-pack.ipynb", "The pack"), ("02-tricks.ipynb", "Tricks")]:
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(f"# {title}\n\nIn this lesson you will...")])
        nbformat.write(nb, lessons / name)
    store = ProgressStore(tmp_path / "p.json")
    store.register("01", ["01-the-pack/a", "01-the-pack/b"])
    store.record("01-the-pack/a", right=True)
    store.record("01-the-pack/b", right=True)
    store.register("02", ["02-tricks/a", "02-tricks/b"])
    store.record("02-tricks/a", right=True)
    panel = ProgressPanel(lessons, store=store)
    assert panel.summary() == [("01", "The pack", 2, 2), ("02", "Tricks", 1, 2)]
    table = panel._table.value
    assert "✓ done" in table and "1 of 2 exercises" in table and "Welcome" not in table
    assert "1 of 2 lessons done; 3 of the 4 exercises you have met mastered" in table
    panel._reset.click()
    assert panel._confirm.layout.display is None  # asks first
    panel._confirm.click()
    assert panel.summary() == [("01", "The pack", 0, 0), ("02", "Tricks", 0, 0)]
    assert "not started" in panel._table.value
    assert repr(panel) == "ProgressPanel(lessons=2)"
