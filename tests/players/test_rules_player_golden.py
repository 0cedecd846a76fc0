"""The rules player's judgement is unchanged by speed work.

``tests/data/rules_player_golden.json`` holds every action (and reason) the
rules player chose on 40 seeded hands at 14 tables, written by
``tests/data/make_rules_player_golden.py`` (first at main's commit accdb8b,
before the player moved to the integer-action fast path; re-recorded when its
bidding became the method of lesson 14, issue #23: see that script).  Today's
player must choose the same actions for the same reasons.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.data.make_rules_player_golden import OPENINGS, RECORDED, SEEDS, TABLES, play

GOLDEN = json.loads((Path(__file__).parents[1] / "data" / "rules_player_golden.json").read_text(encoding="utf-8"))


def test_golden_file_covers_every_table_and_seed() -> None:
    assert GOLDEN["commit"] == RECORDED
    assert set(GOLDEN["hands"]) == {name for name, _ in TABLES}
    assert all(set(h) == {str(s) for s in SEEDS} for h in GOLDEN["hands"].values())
    # the hands reach every phase: some were bid and played out, some were misère
    texts = [d for h in GOLDEN["hands"].values() for hand in h.values() for d in hand]
    assert len(texts) > 10_000
    assert any("|discard " in t for t in texts) and any("|nominate " in t for t in texts)
    assert any("|partner " in t for t in texts) and any("|call " in t for t in texts)


@pytest.mark.parametrize("name, rules", TABLES, ids=[name for name, _ in TABLES])
def test_rules_player_chooses_as_recorded(name, rules) -> None:  # noqa: ANN001
    reasons = GOLDEN["reasons"]
    for seed in SEEDS:
        expected = GOLDEN["hands"][name][str(seed)]
        got = [f"{seat}|{action}|{reason}" for seat, action, reason in play(rules, seed, OPENINGS.get(name))]
        want = [f"{seat}|{action}|{reasons[int(i)]}" for seat, action, i in (e.split("|") for e in expected)]
        assert got == want, f"{name}, seed {seed}"
