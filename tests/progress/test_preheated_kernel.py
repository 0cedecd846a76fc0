"""In a kernel Voilà preheated (``VOILA_PREHEAT=True``) the learner's files are touched only once the
page's request has arrived (``voila.utils.wait_for_request`` returns); elsewhere nothing waits.

Voilà's wait is replaced by one that returns when the test says the learner has arrived.
"""

from __future__ import annotations

import sys
import threading
import types
from pathlib import Path

import pytest

from widgets import progress
from widgets.exercises import NumberAnswer
from widgets.progress import ProgressStore


@pytest.fixture()
def preheated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> threading.Event:
    """A fresh preheated kernel; set the returned event to let the learner's request arrive."""
    arrives = threading.Event()
    fake = types.ModuleType("voila.utils")
    fake.wait_for_request = lambda url=None: arrives.wait(20)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "voila.utils", fake)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv(progress.ENV_VAR, str(tmp_path / "progress.json"))
    monkeypatch.setattr(progress, "_arrived", threading.Event())
    monkeypatch.setattr(progress, "_pending", [])
    monkeypatch.setattr(progress, "_waiter", [])
    monkeypatch.setattr(progress, "_SHARED", {})
    return arrives


def _lessons(tmp_path: Path) -> dict[str, list[str]]:
    return ProgressStore(tmp_path / "progress.json").data()["lessons"]


def test_an_exercise_registers_with_its_lesson_only_once_the_learner_arrives(preheated: threading.Event,
                                                                              tmp_path: Path) -> None:
    NumberAnswer("How many?", 3, exercise_id="01-the-pack/count")
    NumberAnswer("How many more?", 4, exercise_id="01-the-pack/count-more")
    assert _lessons(tmp_path) == {}  # built in the preheated kernel: nothing written yet
    preheated.set()
    progress._waiter[0].join(10)
    assert _lessons(tmp_path) == {"01": ["01-the-pack/count", "01-the-pack/count-more"]}
    NumberAnswer("And now?", 5, exercise_id="01-the-pack/after")  # after the arrival: at once
    assert _lessons(tmp_path)["01"][-1] == "01-the-pack/after"


def test_reading_where_the_progress_is_waits_for_the_learner(preheated: threading.Event, tmp_path: Path) -> None:
    found: list[Path] = []
    reader = threading.Thread(target=lambda: found.append(progress.default_path()))
    reader.start()
    reader.join(0.5)
    assert reader.is_alive() and found == []  # blocked: the page has not been asked for
    preheated.set()
    reader.join(10)
    assert found == [tmp_path / "progress.json"]


def test_outside_a_preheated_kernel_nothing_waits(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # a kernel Voilà started for a request
    monkeypatch.setenv(progress.ENV_VAR, str(tmp_path / "progress.json"))
    monkeypatch.setattr(progress, "_arrived", threading.Event())
    monkeypatch.setattr(progress, "_waiter", [])
    monkeypatch.setattr(progress, "_SHARED", {})
    NumberAnswer("How many?", 3, exercise_id="02-tricks/count")
    assert _lessons(tmp_path) == {"02": ["02-tricks/count"]} and progress._waiter == []
    assert progress.default_path() == tmp_path / "progress.json"
