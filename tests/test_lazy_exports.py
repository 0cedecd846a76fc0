"""``fivehundred`` and ``widgets`` import their public names on first use (a module ``__getattr__``).

The TYPE_CHECKING imports (what mypy and a reader see), ``_EXPORTS`` (what runs) and ``__all__``
must name the same things, every name must be the object its module defines, and importing a
package, or the few names a lesson page uses, must not drag in the analysis, the quiz bank or the
sample-hand library.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import fivehundred
import widgets

PACKAGES = [fivehundred, widgets]


def _type_checking_imports(package: ModuleType) -> dict[str, str]:
    tree = ast.parse(Path(str(package.__file__)).read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom) and stmt.module
                found.update({alias.name: stmt.module for alias in stmt.names})
    return found


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_the_lazy_table_the_type_checking_imports_and_all_agree(package: ModuleType) -> None:
    declared = _type_checking_imports(package)
    assert len(declared) >= 20
    assert package._EXPORTS == declared
    assert sorted(package.__all__) == sorted(declared)


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_every_public_name_is_its_modules_object(package: ModuleType) -> None:
    for name, module in package._EXPORTS.items():
        assert getattr(package, name) is getattr(importlib.import_module(module), name), name
    assert set(package.__all__) <= set(dir(package))


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_an_unknown_name_is_an_attribute_error_and_submodules_still_import(package: ModuleType) -> None:
    with pytest.raises(AttributeError, match="no attribute 'NoSuchThing'"):
        package.NoSuchThing
    with pytest.raises(ImportError):
        exec(f"from {package.__name__} import NoSuchThing", {})
    namespace: dict[str, object] = {}
    exec(f"from {package.__name__} import errors" if package is fivehundred else "from widgets import progress", namespace)
    assert isinstance(next(iter(v for k, v in namespace.items() if not k.startswith("__"))), ModuleType)


def _loaded_after(code: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``code``."""
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys\nprint(' '.join(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True).stdout
    return set(out.split())


HEAVY = ("fivehundred.analysis", "fivehundred.quiz", "fivehundred.library", "fivehundred.players")


def test_importing_either_package_imports_none_of_its_modules() -> None:
    loaded = _loaded_after("import fivehundred, widgets")
    assert {m for m in loaded if m.startswith(("fivehundred.", "widgets."))} == set()
    assert "ipywidgets" not in loaded


def test_a_rules_lessons_names_leave_out_the_analysis_the_quizzes_and_the_library() -> None:
    # what lesson 01 imports (its first cell and its page check)
    loaded = _loaded_after(
        "from fivehundred import JOKER, Card, Round, pack\n"
        "from widgets import CardRow, MultipleChoice, NumberAnswer, PickCards, TrickView, WhichCardWins\n"
        "from widgets.gallery import record_page, giveaway_report, notation_report, page_shown\n"
    )
    assert "widgets.exercises" in loaded and "fivehundred.round" in loaded  # the check sees real imports
    assert sorted(m for m in loaded if m.startswith(HEAVY)) == []
