"""Shared by the widget tests: bench/widget_messages.py loaded as a module (its recorder counts what every widget
comm would send the browser)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def widget_messages() -> ModuleType:
    spec = importlib.util.spec_from_file_location("widget_messages", ROOT / "bench" / "widget_messages.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
