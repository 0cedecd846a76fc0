"""Each learner's course language: recorded with their progress, and where their server opens."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from classroom.accounts import AccountError
from classroom.languages import PROGRESS, load_defaults, set_defaults, start_page
from fivehundred import i18n
from fivehundred.errors import FiveHundredError
from fivehundred.saves import check_progress, empty_progress
from widgets import NumberAnswer
from widgets.progress import ProgressStore, attach

ROOT = Path(__file__).resolve().parents[2]


def test_a_page_opened_in_a_language_records_it_with_the_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    monkeypatch.setenv("FIVEHUNDRED_PROGRESS", str(path))
    assert ProgressStore(path).language() == "en"  # nothing opened yet
    try:
        i18n.use("sk")
        attach(NumberAnswer("How many?", 3, exercise_id="03-trumps/how-many"))
        assert ProgressStore(path).language() == "sk"
        assert json.loads(path.read_text())["language"] == "sk"
        i18n.use("en")  # back to English: an English page records that too
        attach(NumberAnswer("How many?", 4, exercise_id="04-the-bowers/how-many"))
        assert ProgressStore(path).language() == "en"
    finally:
        i18n.use("en")


def test_a_progress_file_names_only_a_course_language() -> None:
    data = empty_progress()
    assert check_progress({**data, "language": "vi"})["language"] == "vi"
    for bad in ("fr", "qps", 7, None):
        with pytest.raises(FiveHundredError, match="language"):
            check_progress({**data, "language": bad})


def _home(tmp_path: Path, name: str, language: str | None) -> Path:
    home = tmp_path / "homes" / name
    if language is not None:
        (home / PROGRESS).parent.mkdir(parents=True)
        (home / PROGRESS).write_text(json.dumps({**empty_progress(), "language": language}), encoding="utf-8")
    return home


def test_a_learners_server_opens_in_their_language_else_the_teachers_default_else_english(tmp_path: Path) -> None:
    assert start_page(_home(tmp_path, "ann", None)) == "/voila/render/00-welcome.ipynb"
    assert start_page(_home(tmp_path, "ben", None), "sk") == "/voila/render/sk/00-welcome.ipynb"
    assert start_page(_home(tmp_path, "cat", "eo"), "sk") == "/voila/render/eo/00-welcome.ipynb"  # the learner's own choice
    assert start_page(_home(tmp_path, "dan", "en"), "sk") == "/voila/render/00-welcome.ipynb"  # chose English
    broken = _home(tmp_path, "eve", "vi")
    (broken / PROGRESS).write_bytes(b"\xff{")  # unreadable: as if none
    assert start_page(broken, "tl") == "/voila/render/tl/00-welcome.ipynb"


def test_the_teachers_defaults_are_kept_private_and_checked(tmp_path: Path) -> None:
    state = tmp_path / "state"
    assert set_defaults(state, ["ann", "ben"], "sk") == {"ann": "sk", "ben": "sk"}
    assert set_defaults(state, ["ben"], "en") == {"ann": "sk"}  # English clears it
    assert load_defaults(state) == {"ann": "sk"}
    assert (state / "hub" / "languages.json").stat().st_mode & 0o077 == 0
    with pytest.raises(AccountError, match="no language 'fr'"):
        set_defaults(state, ["ann"], "fr")
    with pytest.raises(AccountError, match="cannot be a learner's name"):
        set_defaults(state, ["Ann Smith"], "sk")
    assert load_defaults(state) == {"ann": "sk"}  # a refused change changes nothing


def test_the_teachers_command_sets_a_default(tmp_path: Path) -> None:
    state = tmp_path / "state"
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "teacher.py"), "set-language", "ann", "--lang", "vi",
                          "--state", str(state)], capture_output=True, text=True, check=True)
    assert "ann: vi" in out.stdout and load_defaults(state) == {"ann": "vi"}
    bad = subprocess.run([sys.executable, str(ROOT / "tools" / "teacher.py"), "set-language", "ann", "--lang", "xx",
                          "--state", str(state)], capture_output=True, text=True)
    assert bad.returncode != 0 and "invalid choice" in bad.stderr


def test_the_contents_page_offers_the_language_the_learner_last_studied_in(tmp_path: Path) -> None:
    import re

    from widgets.progress_panel import ProgressPanel, contents_in

    store = ProgressStore(tmp_path / "progress.json")
    panel = ProgressPanel(ROOT / "lessons", store=store)
    assert panel._language.value == ""  # nothing studied yet
    store.register("03", ["03-trumps/a"], language="sk")
    panel.refresh()
    text = re.sub(r"<[^>]+>", "", panel._language.value)
    assert "You last studied in Slovenčina." in text and "Continue in Slovenčina" in text
    assert 'href="sk/00-welcome.ipynb"' in panel._language.value
    try:
        i18n.use("sk")  # the Slovak contents page: nothing to offer
        panel.refresh()
        assert panel._language.value == ""
        i18n.use("vi")  # the Vietnamese one links back up and across, in Vietnamese
        panel.refresh()
        assert 'href="../sk/00-welcome.ipynb"' in panel._language.value and "Slovenčina" in panel._language.value
        assert "Lần trước bạn học" in panel._language.value
    finally:
        i18n.use("en")
    assert contents_in("en", "sk") == "../00-welcome.ipynb" and contents_in("en", "en") == "00-welcome.ipynb"
