from __future__ import annotations

import json
from pathlib import Path

from fivehundred import Round
from fivehundred.analysis.solver import solve

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "solver_golden.json"


def test_golden_solver_values() -> None:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    positions = data["positions"]
    assert len(positions) >= 6
    for entry in positions:
        assert entry["checked"]
        r = Round.from_record(entry["record"])
        assert 10 - len(r.tricks) == entry["tricks_left"]
        assert str(r.contract) == entry["contract"]
        assert solve(r) == entry["contractor_tricks"], entry["record"]
