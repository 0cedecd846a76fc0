"""Fixtures for the engine tests (the fixed deals and drivers live in engine_helpers.py)."""

from __future__ import annotations

import random

import pytest


@pytest.fixture
def rng() -> random.Random:
    return random.Random(500)
