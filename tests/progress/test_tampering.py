"""Saved data survives anything: every damaged or tampered progress.json and freeplay.json is set
aside under a new numbered name (kept byte for byte, never over an earlier one), the learner sees a
plain notice, and loading then works; the teacher's tool reports such a file and lists the others.

The same table of damaged files is thrown at all three readers.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from fivehundred import Game
from fivehundred.limits import MAX_GAME_HANDS, MAX_SAVE_BYTES
from widgets import freeplay
from widgets.freeplay import FreePlay
from widgets.progress import ProgressStore
from widgets.progress_panel import ProgressPanel

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import teacher  # noqa: E402

GOOD_PROGRESS = {"version": 1, "exercises": {}, "lessons": {}, "stats": {}}


def _progress(**changes: object) -> bytes:
    return json.dumps({**GOOD_PROGRESS, **changes}).encode()


#: files that any reader could be handed: (id, bytes)
DAMAGED: list[tuple[str, bytes]] = [
    ("empty", b""),
    ("not-json", b"{not json"),
    ("non-utf8-byte", b'{"version": 1, "exercises": {}, "lessons": {}, "stats": {}, "x": "\xff"}'),
    ("utf16", json.dumps(GOOD_PROGRESS).encode("utf-16")),
    ("nul-bytes", b"\x00" * 64),
    ("100k-nested-lists", b"[" * 100_000),
    ("100k-nested-lists-closed", b"[" * 100_000 + b"]" * 100_000),
    ("100k-nested-objects", b'{"a": ' * 100_000 + b"1" + b"}" * 100_000),
    ("over-5MB", b'{"version": 1, "exercises": {}, "lessons": {}, "stats": {}, "pad": "'
     + b"x" * MAX_SAVE_BYTES + b'"}'),
    ("huge-number", b'{"version": ' + b"9" * 100_000 + b"}"),
    ("a-list", b"[1, 2, 3]"),
]

#: progress files that parse but have a field of the wrong kind
MISTYPED_PROGRESS: list[tuple[str, bytes]] = [
    ("stats-a-number", _progress(stats={"quiz:ladder": 5})),
    ("stats-a-text-count", _progress(stats={"quiz:ladder": {"right": "1", "wrong": 0}})),
    ("stats-missing-wrong", _progress(stats={"quiz:ladder": {"right": 1}})),
    ("stats-not-an-object", _progress(stats=[1])),
    ("exercise-a-number", _progress(exercises={"01-the-pack/a": 3})),
    ("exercise-negative-count", _progress(exercises={"x": {"right": -1, "wrong": 0, "solved": False}})),
    ("exercise-bool-count", _progress(exercises={"x": {"right": True, "wrong": 0, "solved": True}})),
    ("exercise-solved-a-text", _progress(exercises={"x": {"right": 1, "wrong": 0, "solved": "yes"}})),
    ("exercise-reveals-a-float", _progress(exercises={"x": {"right": 1, "wrong": 0, "solved": True, "reveals": 1.5}})),
    ("lesson-not-a-list", _progress(lessons={"01": "01-the-pack/a"})),
    ("lesson-ids-not-texts", _progress(lessons={"01": [1, 2]})),
    ("long-id", _progress(lessons={"01": ["x" * 10_000]})),
    ("version-99", _progress(version=99)),
    ("unknown-field", _progress(secret="x")),
]


def _store_in(tmp_path: Path, raw: bytes) -> tuple[Path, ProgressStore, float]:
    path = tmp_path / "progress.json"
    path.write_bytes(raw)
    (tmp_path / "progress.json.unreadable-1").write_bytes(b"an earlier bad file")
    start = time.perf_counter()
    store = ProgressStore(path)
    return path, store, time.perf_counter() - start


@pytest.mark.parametrize("raw", [r for _, r in DAMAGED + MISTYPED_PROGRESS],
                         ids=[i for i, _ in DAMAGED + MISTYPED_PROGRESS])
def test_a_tampered_progress_file_is_set_aside_and_progress_carries_on(tmp_path: Path, raw: bytes) -> None:
    path, store, seconds = _store_in(tmp_path, raw)
    # the notice, in plain words, names where the old file went
    assert store.notice.startswith("Your saved progress could not be read (")
    assert "so it starts fresh" in store.notice and "progress.json.unreadable-2" in store.notice
    assert "Error" not in store.notice and "Traceback" not in store.notice
    # kept byte for byte under a new number; the earlier one untouched
    assert (tmp_path / "progress.json.unreadable-2").read_bytes() == raw
    assert (tmp_path / "progress.json.unreadable-1").read_bytes() == b"an earlier bad file"
    assert not path.exists()
    assert seconds < 2, seconds
    # loading then works: answers and quiz stats save again
    store.register("01", ["01-the-pack/a"])
    store.record("01-the-pack/a", right=True)
    store.record_stat("quiz:ladder", right=False)
    again = ProgressStore(path)
    assert again.notice == ""
    assert again.exercise("01-the-pack/a")["mastered"] is True
    assert again.stats("quiz:") == {"quiz:ladder": {"right": 0, "wrong": 1}}


@pytest.mark.parametrize("raw", [r for _, r in DAMAGED[:8] + MISTYPED_PROGRESS[:1]],
                         ids=[i for i, _ in DAMAGED[:8] + MISTYPED_PROGRESS[:1]])
def test_the_contents_page_renders_and_start_again_works_on_a_tampered_file(tmp_path: Path, raw: bytes) -> None:
    path, store, _ = _store_in(tmp_path, raw)
    panel = ProgressPanel(lessons_dir=ROOT / "lessons", store=store)
    assert "could not be read" in panel._notice.value and "unreadable-2" in panel._notice.value
    assert panel.summary(), "the contents list is drawn"
    panel.reset()
    assert json.loads(path.read_text()) == GOOD_PROGRESS
    assert store.notice == ""


def test_each_new_bad_file_gets_the_next_number(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    for n, raw in enumerate((b"[" * 100_000, b"\xff\xfe", _progress(stats={"quiz:ladder": 5})), 1):
        path.write_bytes(raw)
        store = ProgressStore(path)
        assert f"unreadable-{n}" in store.notice
    kept = sorted(p.name for p in tmp_path.glob("progress.json.unreadable-*"))
    assert kept == ["progress.json.unreadable-1", "progress.json.unreadable-2", "progress.json.unreadable-3"]
    assert (tmp_path / "progress.json.unreadable-1").read_bytes() == b"[" * 100_000


def test_a_good_file_and_older_entries_still_load(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    raw = _progress(exercises={"01-the-pack/a": {"right": 1, "wrong": 0, "solved": True}},
                    lessons={"01": ["01-the-pack/a"]}, stats={"quiz:opening": {"right": 2, "wrong": 1}})
    path.write_bytes(raw)
    store = ProgressStore(path)
    assert store.notice == ""
    assert store.lesson_summary("01") == (1, 1)
    assert not list(tmp_path.glob("*.unreadable-*"))


# ---------------------------------------------------------------------- free play
def _game_dict() -> dict[str, object]:
    return Game(seed=3).to_dict()


def _save(**changes: object) -> bytes:
    return json.dumps({"format": freeplay.SAVE_FORMAT, "game": _game_dict(), **changes}).encode()


MISTYPED_FREEPLAY: list[tuple[str, bytes]] = [
    ("other-format", json.dumps({"format": "something else"}).encode()),
    ("game-deeply-nested", b'{"format": "' + freeplay.SAVE_FORMAT.encode() + b'", "game": '
     + b"[" * 50_000 + b"]" * 50_000 + b"}"),
    ("game-hands-nested", _save(game={**_game_dict(), "hands": [[[[["x"]]]]]})),
    ("game-a-text", _save(game="hello")),
    ("mark-best-a-text", _save(mark_best="yes")),
    ("opponents-a-list", _save(opponents=["rules"])),
    ("partners-a-list", _save(partners=["club"])),
    ("partner-expert", _save(partners={"N": "expert"})),  # Expert may not sit as your partner
    ("opponent-unknown-level", _save(opponents={"W": "grandmaster"})),
    ("too-many-hands", _save(game={**_game_dict(), "hands": ["x"] * (MAX_GAME_HANDS + 1), "draws": 5000})),
    ("unknown-field", _save(secret=1)),
]


@pytest.mark.parametrize("raw", [r for _, r in DAMAGED + MISTYPED_FREEPLAY],
                         ids=[i for i, _ in DAMAGED + MISTYPED_FREEPLAY])
def test_a_tampered_free_play_save_is_set_aside_and_a_new_game_starts(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "freeplay.json"
    path.write_bytes(raw)
    (tmp_path / "freeplay.json.unreadable-1").write_bytes(b"an earlier bad save")
    start = time.perf_counter()
    fp = FreePlay(seed=2, pace=0, path=path)
    assert time.perf_counter() - start < 5
    assert "A new game has started" in fp.notice and "freeplay.json.unreadable-2" in fp.notice
    assert "Error" not in fp.notice and "Traceback" not in fp.notice
    assert "A new game has started" in fp._notice_html.value
    assert (tmp_path / "freeplay.json.unreadable-2").read_bytes() == raw
    assert (tmp_path / "freeplay.json.unreadable-1").read_bytes() == b"an earlier bad save"
    # loading then works: the fresh game is saved and resumes
    assert fp.game.scores == (0, 0) and not fp.game.hands
    assert json.loads(path.read_text())["format"] == freeplay.SAVE_FORMAT
    back = FreePlay(seed=2, pace=0, path=path)
    assert back.notice.startswith("Welcome back") and back.game.to_dict() == fp.game.to_dict()


def test_a_good_save_keeps_its_mark_best_setting(tmp_path: Path) -> None:
    path = tmp_path / "freeplay.json"
    path.write_bytes(_save(mark_best=True, opponents={"E": "random", "W": "rules"}))
    fp = FreePlay(pace=0, path=path)
    assert fp.notice.startswith("Welcome back") and fp.table.mark_best is True
    assert fp.opponents == {"E": "random", "W": "club"}  # the old name "rules" is the Club level


# ---------------------------------------------------------------------- the teacher's tool
def _home(homes: Path, name: str, raw: bytes | None) -> Path:
    folder = homes / name / ".local" / "share" / "fivehundred"
    folder.mkdir(parents=True)
    if raw is not None:
        (folder / "progress.json").write_bytes(raw)
    return folder / "progress.json"


@pytest.mark.parametrize("raw", [r for _, r in DAMAGED], ids=[i for i, _ in DAMAGED])
def test_the_teacher_reports_a_bad_file_and_lists_the_others(
    tmp_path: Path, raw: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    good = ProgressStore(_home(tmp_path, "ann", None))
    good.register("01", ["01-the-pack/a"])
    good.record("01-the-pack/a", right=True)
    bad = _home(tmp_path, "bob", raw)
    _home(tmp_path, "cat", None)
    rows = {r["learner"]: r for r in (teacher.read_learner(h) for h in sorted(tmp_path.iterdir()))}
    assert rows["bob"]["status"].startswith("unreadable (")
    assert rows["ann"]["status"] == "ok" and rows["ann"]["lessons_done"] == ["01"]
    assert rows["cat"]["status"] == "not started"
    assert bad.read_bytes() == raw, "the teacher's tool never changes a learner's file"
    assert not list(bad.parent.glob("*.unreadable-*")), "nor moves it"
    assert teacher.main(["--homes", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out[2:]] == ["ann", "bob", "cat"]
    assert out[3].split()[1] == "unreadable"


def test_the_teacher_is_linear_in_the_number_of_lesson_ids() -> None:
    # 100,000 registered ids across 100 lessons and 100,000 more answered (a file of about 10 MB, so
    # summarised directly: the reader refuses files over 5 MB): the old list look-ups made about
    # n^2/2 = 2 * 10^10 comparisons (hours); an ordered set of ids takes well under a second
    n = 100_000
    ids = [f"{i // 1000:02d}-lesson/ex-{i}" for i in range(n)]
    lessons = {f"{k:02d}": ids[k * 1000:(k + 1) * 1000] for k in range(100)}
    exercises = {i: {"right": 1, "wrong": 0, "solved": True} for i in ids}
    exercises.update({f"other/{i}": {"right": 0, "wrong": 1, "solved": False} for i in range(n)})
    start = time.process_time()
    figures = teacher.summarise({"version": 1, "lessons": lessons, "exercises": exercises, "stats": {}})
    seconds = time.process_time() - start
    assert figures is not None
    assert (figures["exercises"], figures["solved"], len(figures["lessons_done"])) == (2 * n, n, 100)
    assert seconds < 5, f"{seconds:.2f} s CPU for {2 * n:,} ids"


def test_the_teacher_reads_a_big_real_file(tmp_path: Path) -> None:
    n = 20_000
    exercises = {f"e{i}": {"right": 1, "wrong": 0, "solved": True} for i in range(n)}
    raw = json.dumps({"version": 1, "lessons": {"01": list(exercises)}, "exercises": exercises, "stats": {}}).encode()
    assert len(raw) < MAX_SAVE_BYTES
    _home(tmp_path, "dan", raw)
    start = time.process_time()
    row = teacher.read_learner(tmp_path / "dan")
    assert row["status"] == "ok" and row["mastered"] == n
    assert time.process_time() - start < 5


def test_the_store_never_writes_a_file_it_would_refuse_to_read(tmp_path: Path) -> None:
    from fivehundred.limits import MAX_LINE_CHARS

    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    long_id = "pick-cards/" + "x" * MAX_LINE_CHARS
    store.register("01", ["01-the-pack/a", long_id])
    store.record(long_id, right=True)
    store.record_reveal(long_id)
    store.record_stat("quiz:" + "y" * MAX_LINE_CHARS, right=True)
    store.record("01-the-pack/a", right=True)
    auto_id = "pick-cards/which-cards-follow-suit/" + "-".join(["10h"] * 60)  # an id the kit makes: kept
    store.record(auto_id, right=True)
    again = ProgressStore(path)
    assert again.notice == "" and not list(tmp_path.glob("*.unreadable-*"))
    assert again.data()["lessons"] == {"01": ["01-the-pack/a"]}
    assert set(again.data()["exercises"]) == {"01-the-pack/a", auto_id} and again.stats() == {}
