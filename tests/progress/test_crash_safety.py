"""Saved data survives a writer killed mid-save and a full disk.

* A writer process saving over and over is killed (``SIGKILL``) at a random
  moment, hundreds of times.  After every kill the file loads, and it holds the
  last save the writer finished or the one it was making, never anything else.
  This is run on the progress store and on free-play saves (both write through
  :func:`widgets.progress.atomic_write_text`).
* A full disk (``ENOSPC`` raised by the file write) leaves the previous save
  byte for byte, leaves no temporary file, and the learner is told in words.
"""

from __future__ import annotations

import errno
import json
import os
import random
import shutil
import signal
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from fivehundred import Game
from fivehundred.players import RandomPlayer
from widgets import progress
from widgets.freeplay import SAVE_FORMAT, FreePlay
from widgets.progress import ProgressStore, atomic_write_text

KILLS = 150  # per file kind: 300 in all
EXERCISE = "01-the-pack/count"


def _kill_loop(path: Path, kills: int, writer: Callable[[int], None], check: Callable[[int], None], seed: int) -> dict[str, int]:
    """Fork ``writer`` (which reports each finished save on fd 1 of a pipe) and kill it at random moments.

    ``check(finished)`` is called after each kill with the number of the last save the
    writer reported finished (-1 for none).  Returns counts for the report.
    """
    rng = random.Random(seed)
    stats = {"kills": 0, "mid_write": 0, "saves_finished": 0}
    for _ in range(kills):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the writer: save until killed
            os.close(read_end)
            code = 0
            try:
                writer(write_end)
            except BaseException:  # noqa: BLE001 - a child must never return into pytest
                code = 1
            os._exit(code)
        os.close(write_end)
        time.sleep(rng.uniform(0, 0.004))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL, "the writer stopped by itself"
        with os.fdopen(read_end, "rb") as pipe:
            reports = pipe.read().split()
        finished = int(reports[-1]) if reports else -1
        stats["kills"] += 1
        stats["saves_finished"] += len(reports)
        leftovers = [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
        if leftovers:
            stats["mid_write"] += 1
            for p in leftovers:  # a killed writer can't tidy up; its half-written temp file is harmless
                p.unlink()
        check(finished)
    return stats


@pytest.fixture
def kill_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder for the kill tests: in memory (/dev/shm) when there is one.

    A process killed by a signal loses nothing the kernel already holds, so the
    disk adds no realism here, only fsync time: a writer blocked in fsync can't
    die until it returns, which made each kill wait for a disk flush.
    """
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        folder = Path(tempfile.mkdtemp(prefix="fivehundred-kill-", dir=shm))
        try:
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path


def test_progress_survives_a_writer_killed_at_random_moments(kill_dir: Path) -> None:
    path = kill_dir / "progress.json"
    ProgressStore(path).record(EXERCISE, right=True)  # count 1 on disk

    def writer(report: int) -> None:
        store = ProgressStore(path)
        count = store.exercise(EXERCISE)["right"]
        while True:
            store.record(EXERCISE, right=True)
            count += 1
            os.write(report, f"{count} ".encode())

    on_disk = {"count": 1}

    def check(finished: int) -> None:
        store = ProgressStore(path)
        assert store.notice == "", store.notice  # never set aside as unreadable
        count = store.exercise(EXERCISE)["right"]
        last = finished if finished >= 0 else on_disk["count"]
        assert count in (last, last + 1), (count, last)  # the save finished, or the one being made
        assert count >= on_disk["count"]  # nothing already saved is lost
        on_disk["count"] = count

    stats = _kill_loop(path, KILLS, writer, check, seed=16)
    print(f"\nprogress store: {stats}")
    assert stats["kills"] == KILLS and stats["saves_finished"] > 0


def _game_saves(n: int) -> list[str]:
    """``n`` successive free-play save texts of one game, each one action further on."""
    game = Game(seed=16)
    bots = [RandomPlayer(seat) for seat in range(4)]
    texts = []
    while len(texts) < n:
        r = game.round
        if game.is_over:  # random bidders can go out backwards fast: start another game
            game = Game(seed=16 + len(texts))
            continue
        if r.is_over:
            game.next_hand()
            continue
        assert r.to_act is not None
        r.apply(bots[r.to_act].choose(r.view(r.to_act)))
        data = {"format": SAVE_FORMAT, "game": game.to_dict(), "opponents": {"W": "random", "E": "search"}}
        texts.append(json.dumps(data, ensure_ascii=False))
    return texts


def test_free_play_save_survives_a_writer_killed_at_random_moments(kill_dir: Path) -> None:
    path = kill_dir / "freeplay.json"
    texts = _game_saves(400)
    atomic_write_text(path, texts[0])
    position = {"next": 1}

    def writer(report: int) -> None:
        for i in range(position["next"], len(texts)):
            atomic_write_text(path, texts[i])
            os.write(report, f"{i} ".encode())
        while True:  # every save made: keep rewriting the last one until killed
            atomic_write_text(path, texts[-1])

    def check(finished: int) -> None:
        text = path.read_text(encoding="utf-8")
        start = position["next"]
        allowed = {texts[start - 1], texts[start]} if finished < 0 else {texts[finished], texts[min(finished + 1, len(texts) - 1)]}
        assert text in allowed, "the save is neither the last one finished nor the one being made"
        game, opponents, _, notice = FreePlay._load(path)
        assert game is not None and opponents is not None and "Welcome back" in notice
        assert json.dumps(game.to_dict(), ensure_ascii=False) in text  # loaded as saved
        position["next"] = min(texts.index(text) + 1, len(texts) - 1)

    stats = _kill_loop(path, KILLS, writer, check, seed=61)
    print(f"\nfree-play saves: {stats}")
    assert stats["kills"] == KILLS and stats["saves_finished"] > 0


# ---------------------------------------------------------------------- a full disk
class _FullFile:
    """A file whose every write fails as on a full disk (the rest goes to the real file)."""

    def __init__(self, f: Any) -> None:
        self._f = f

    def __enter__(self) -> _FullFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self._f.close()

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._f, name)


def _fill_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, the atomic save's temp file (opened with ``os.fdopen``) can't be written: ENOSPC."""
    real_fdopen = os.fdopen
    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: _FullFile(real_fdopen(fd, *a, **k)))


def _temp_files(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_full_disk_keeps_the_previous_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    store = ProgressStore(path)
    store.record(EXERCISE, right=True)
    before = path.read_bytes()
    _fill_disk(monkeypatch)
    with pytest.raises(OSError) as err:
        store.record(EXERCISE, right=False)
    assert err.value.errno == errno.ENOSPC
    assert path.read_bytes() == before and _temp_files(tmp_path) == []
    monkeypatch.undo()
    kept = ProgressStore(path).exercise(EXERCISE)
    assert (kept["right"], kept["wrong"], kept["solved"]) == (1, 0, True)


def test_full_disk_is_told_to_the_learner_under_the_exercise(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from widgets.exercises import MultipleChoice

    path = tmp_path / "progress.json"
    monkeypatch.setenv(progress.ENV_VAR, str(path))
    ex = MultipleChoice("Which suit is red?", ["spades", "hearts"], "hearts", exercise_id="01-the-pack/red-suit")
    click = ex._gesture(ex.answer)  # as the learner's click does (only gestures are saved)
    assert click("spades") is False  # saved normally
    before = path.read_bytes()
    _fill_disk(monkeypatch)
    assert click("hearts") is True  # the answer still counts on the page
    shown = ex._feedback.value
    assert "could not be saved just now (the disk is full)" in shown and "What was saved before is kept" in shown
    assert "Traceback" not in shown and "Errno" not in shown
    assert path.read_bytes() == before and _temp_files(tmp_path) == []
    assert "the disk is full" in progress.shared_store().notice  # type: ignore[union-attr]  # the contents page too


def test_full_disk_keeps_the_previous_free_play_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "freeplay.json"
    fp = FreePlay(seed=3, pace=0, path=path, opponents="random", review_budget=0.0)
    fp._save(force=True)
    before = path.read_bytes()
    r = fp.table.round
    assert r.to_act is not None
    r.apply(r.legal_actions()[0])  # the game moves on, so there is something new to save
    _fill_disk(monkeypatch)
    fp._save(force=True)
    notice = fp._notice_html.value
    assert "Your game could not be saved just now (the disk is full)" in notice and "Traceback" not in notice
    assert path.read_bytes() == before and _temp_files(tmp_path) == []
    monkeypatch.undo()
    game, _, _, welcome = FreePlay._load(path)
    assert game is not None and "Welcome back" in welcome
