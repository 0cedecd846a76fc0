"""Architecture: the engine imports no UI module, and junk input raises the engine's own errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import fivehundred
from fivehundred import FiveHundredError
from .fuzz_targets import SLOTS

ENGINE = Path(fivehundred.__file__).resolve().parent
UI_PACKAGES = {"ipywidgets", "IPython", "traitlets", "anywidget", "widgets", "voila", "ipykernel"}


def engine_modules() -> list[str]:
    files = sorted(p for p in ENGINE.glob("*.py"))
    assert files, f"no module files found in {ENGINE}"
    return ["fivehundred" if p.stem == "__init__" else f"fivehundred.{p.stem}" for p in files]


def test_engine_module_list_is_complete() -> None:
    mods = engine_modules()
    for expected in ("fivehundred.cards", "fivehundred.round", "fivehundred.play", "fivehundred.scoring"):
        assert expected in mods
    assert len(mods) >= 14


def test_engine_imports_no_ui_module() -> None:
    mods = engine_modules()
    code = (
        "import importlib, sys\n"
        f"mods = {mods!r}\n"
        "for m in mods: importlib.import_module(m)\n"
        f"ui = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(UI_PACKAGES)!r})\n"
        "assert not ui, ui\n"
        "print(len(mods))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ENGINE.parent, timeout=120, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(len(mods))


def test_every_public_function_has_a_fuzz_slot() -> None:
    import inspect

    public = [n for n in fivehundred.__all__ if inspect.isfunction(getattr(fivehundred, n))]
    assert public
    covered = {key.split("(")[0] for key in SLOTS}
    assert set(public) <= covered, set(public) - covered


# Slots where the engine is known to raise a Python error instead of a
# FiveHundredError on junk; each becomes a strict xfail with the observed error
# as its reason.  The 40 found when this test was written are fixed
# (fivehundred/checks.py); keep the mechanism for the next one.
KNOWN_BUGS: dict[str, str] = {}

JUNK = st.one_of(st.none(), st.integers(), st.text(max_size=12))


def _param(slot: str) -> object:
    if slot in KNOWN_BUGS:
        return pytest.param(
            slot, marks=pytest.mark.xfail(strict=True, reason=f"engine bug: {slot}: {KNOWN_BUGS[slot]}")
        )
    return slot


def test_known_bug_slots_exist() -> None:
    assert set(KNOWN_BUGS) <= set(SLOTS)


@pytest.mark.parametrize("slot", [_param(s) for s in SLOTS])
@settings(max_examples=25, deadline=None)
@given(junk=JUNK)
@example(junk=None)
@example(junk=0)
@example(junk=7)
@example(junk="")
@example(junk="zz")
@example(junk="H")
def test_junk_input_raises_engine_error(slot: str, junk: object) -> None:
    try:
        SLOTS[slot](junk)
    except FiveHundredError as err:
        assert isinstance(err, ValueError)
        assert str(err)
