"""The contents page's progress panel and the bidding advisor's reasons in the kernel's language (issue #28):
the browser tour found both still English on every translated page."""

from __future__ import annotations

import errno
import re
from pathlib import Path

import pytest

from fivehundred import Round
from fivehundred.analysis.advisor import advise
from widgets.progress import ProgressStore, save_failure_text
from widgets.progress_panel import ProgressPanel


pytestmark = pytest.mark.usefixtures("slovak")  # tests/conftest.py: Slovak for each test, English after

LESSONS = Path(__file__).resolve().parents[2] / "lessons"

#: English words that would show text bypassing the catalogue (none is also a Slovak word)
ENGLISH = {"the", "and", "with", "of", "lesson", "lessons", "done", "exercises", "started", "your", "progress",
           "bid", "pass", "count", "counts", "reaches", "highest", "level", "without", "joker", "nothing"}


def english_words(text: str) -> set[str]:
    words = re.findall(r"[^\W\d_]+", re.sub(r"<[^>]*>", " ", text))
    return {w for w in words if w.lower() in ENGLISH}


def test_the_progress_panel_speaks_slovak_before_and_after_an_exercise(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "progress.json")
    pages = tmp_path / "sk"
    pages.mkdir()
    for lesson in sorted(LESSONS.glob("[0-9][0-9]-*.ipynb")):  # a translated page's folder: its lessons' titles in Slovak
        (pages / lesson.name).write_text('{"cells": [{"cell_type": "markdown", "source": ["# Štychy"]}]}', encoding="utf-8")
    panel = ProgressPanel(pages, store=store)
    assert "Zatiaľ nič" in panel._table.value
    assert panel._reset.description == "Začať odznova (zabudnúť môj postup)"
    store.register("02", ["02-tricks-and-following-suit/wins-discard", "02-tricks-and-following-suit/may-follow"])
    store.record("02-tricks-and-following-suit/wins-discard", right=False)
    store.record("02-tricks-and-following-suit/wins-discard", right=True)
    store.record("02-tricks-and-following-suit/may-follow", right=False)
    panel.refresh()
    shown = panel._table.value
    assert "z 19 lekcií hotových" in shown or "z 20 lekcií hotových" in shown  # Slovak's "many" form
    assert "1 z 2 cvičení" in shown  # the "few" form for 2
    assert not english_words(shown + panel._confirm.description), english_words(shown)


def test_a_save_failure_and_an_unreadable_progress_file_are_told_in_slovak(tmp_path: Path) -> None:
    said = save_failure_text(OSError(errno.ENOSPC, "No space left on device"))
    assert said.startswith("Váš postup sa práve nepodarilo uložiť (disk je plný)"), said
    (tmp_path / "progress.json").write_text("[", encoding="utf-8")
    notice = ProgressStore(tmp_path / "progress.json").notice
    assert notice.startswith("Uložený postup sa nepodarilo prečítať"), notice


@pytest.mark.parametrize("seed", range(12))
def test_the_advisors_reasons_are_slovak(seed: int) -> None:
    r = Round.deal(seed=seed)
    advice = advise(r.view(r.to_act))
    text = " ".join(advice.reasons)
    assert text and not english_words(text), (text, english_words(text))
