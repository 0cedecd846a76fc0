"""The generated lesson navigation (tools/nav.py) is up to date and idempotent."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NAV_SCRIPT = ROOT / "tools" / "nav.py"


def _load_nav() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fivehundred_tools_nav", NAV_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


nav = _load_nav()


def _roles(path: Path) -> list[str | None]:
    nb = nbformat.read(path, as_version=4)
    return [c.metadata.get("fivehundred", {}).get("nav") for c in nb.cells]


def test_there_are_lessons_and_a_welcome_page() -> None:
    paths = nav.lesson_paths()
    assert paths, "no lesson notebooks found in lessons/"
    assert paths[0].name == "00-welcome.ipynb"
    assert len(paths) >= 2, "expected the welcome page and at least one lesson"


def test_navigation_is_up_to_date() -> None:
    changes = nav.plan()
    assert not changes, f"run `make nav`: out of date: {sorted(p.name for p in changes)}"


def test_every_lesson_has_one_nav_cell_at_top_and_bottom() -> None:
    paths = nav.lesson_paths()
    assert paths
    for path in paths:
        roles = _roles(path)
        assert roles[0] == "top" and roles[-1] == "bottom", path.name
        assert roles.count("top") == 1 and roles.count("bottom") == 1, path.name


def test_contents_lists_every_lesson_with_a_relative_link() -> None:
    paths = nav.lesson_paths()
    welcome = nbformat.read(paths[0], as_version=4)
    contents = [c.source for c in welcome.cells if c.metadata.get("fivehundred", {}).get("nav") == "contents"]
    assert len(contents) == 1
    for path in paths[1:]:
        lesson = nav.read_lesson(path)
        assert f"[{lesson.title}]({path.name})" in contents[0]


def test_check_mode_passes_on_the_repository() -> None:
    result = subprocess.run([sys.executable, str(NAV_SCRIPT), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def _copy_lessons(tmp_path: Path) -> Path:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    for path in nav.lesson_paths():
        shutil.copy(path, lessons / path.name)
    return lessons


def _write_lesson(path: Path, title: str, summary_line: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(f"# {title}\n\n{summary_line}"), nbformat.v4.new_code_cell("x = 1")]
    nbformat.write(nb, path)


def test_a_new_lesson_is_linked_and_a_rerun_changes_nothing(tmp_path: Path) -> None:
    lessons = _copy_lessons(tmp_path)
    # sub-lesson numbers that sort after every real lesson (even a 99-...)
    new_name, last_name = "99.98-a-new-lesson.ipynb", "99.99-the-last-one.ipynb"
    _write_lesson(lessons / new_name, "A new lesson", "In this lesson you will test the tool.")
    _write_lesson(lessons / last_name, "The last one", "Nothing after this.")
    assert nav.lesson_paths(lessons)[-2:] == [lessons / new_name, lessons / last_name]

    changed = nav.plan(lessons)
    assert {p.name for p in changed} >= {"00-welcome.ipynb", new_name, last_name}
    for path, text in changed.items():
        path.write_text(text, encoding="utf-8")
    assert nav.plan(lessons) == {}, "a second run must change nothing"

    new = nbformat.read(lessons / new_name, as_version=4)
    assert [c.metadata.get("fivehundred", {}).get("nav") for c in new.cells] == ["top", "languages", None, None, "bottom"]
    assert f"[Next: The last one »]({last_name})" in new.cells[0].source
    assert "[Contents](00-welcome.ipynb)" in new.cells[0].source
    last = nbformat.read(lessons / last_name, as_version=4)
    assert f"[« Previous: A new lesson]({new_name})" in last.cells[-1].source
    assert "Next" not in last.cells[-1].source
    welcome = (lessons / "00-welcome.ipynb").read_text(encoding="utf-8")
    assert f"Lesson 99.98: [A new lesson]({new_name})" in welcome
    assert "In this lesson you will test the tool." in welcome


def test_a_misnamed_or_untitled_notebook_is_an_error(tmp_path: Path) -> None:
    lessons = _copy_lessons(tmp_path)
    _write_lesson(lessons / "02_Bad_Name.ipynb", "Bad", "x")
    with pytest.raises(nav.NavError, match="NN-title-with-hyphens"):
        nav.plan(lessons)
    (lessons / "02_Bad_Name.ipynb").unlink()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("no title here")]
    nbformat.write(nb, lessons / "02-untitled.ipynb")
    with pytest.raises(nav.NavError, match="no '# Title'"):
        nav.plan(lessons)
