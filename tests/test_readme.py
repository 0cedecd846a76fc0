"""The README's engine examples are doctests: they must run and print what the README says."""

from __future__ import annotations

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20, f"expected the README's engine API examples, found {result.attempted}"
    assert result.failed == 0
