from __future__ import annotations

import json
from pathlib import Path

import pytest

from fivehundred import Round
from fivehundred.analysis.solver import brute_force, solve

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "solver_golden.json"


@pytest.fixture(autouse=True, params=["compiled", "pure"])
def core_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test here runs on the compiled search core (when built) and on the same source as plain Python."""
    from fivehundred.analysis.solver import PURE_ENV

    if request.param == "pure":
        monkeypatch.setenv(PURE_ENV, "1")
    else:
        monkeypatch.delenv(PURE_ENV, raising=False)
    return str(request.param)


def _positions() -> list[dict[str, object]]:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    positions: list[dict[str, object]] = data["positions"]
    return positions


def test_golden_solver_values() -> None:
    positions = _positions()
    assert len(positions) >= 18
    for entry in positions:
        assert entry["checked"]
        r = Round.from_record(str(entry["record"]))
        assert 10 - len(r.tricks) == entry["tricks_left"]
        assert str(r.contract) == entry["contract"]
        assert solve(r) == entry["contractor_tricks"], entry["record"]


def _final_tricks(r: Round) -> int:
    assert r.result is not None and r.result.score is not None
    return r.result.score.contractor_tricks


def _alpha_beta(r: Round, alpha: int, beta: int) -> int:
    """A plain alpha-beta on the round itself (its own legal plays and trick winners; no solver code):
    the contracting side's final tricks (misère: the contractor's, which the defenders push up)."""
    if r.is_over:
        return _final_tricks(r)
    seat = r.to_act
    assert r.contract is not None and r.contractor is not None
    if r.contract.is_misere:
        maximising = seat != r.contractor
    else:
        maximising = seat in r.contracting_seats()
    best = -1 if maximising else 99
    for action in r.legal_actions():
        child = r.copy()
        child.apply(action)
        value = _alpha_beta(child, alpha, beta)
        if maximising:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


def test_golden_full_deals_keep_their_value_along_the_best_line() -> None:
    """Each full random deal stores a best line (24 cards, 18 in misère); at its end, with 4 tricks
    left, an exhaustive search independent of the solver must find the same final tricks."""
    deals = [e for e in _positions() if e["tricks_left"] == 10 and "line" in e]
    assert len(deals) >= 12
    strains = {str(e["contract"])[-2:] for e in deals}
    assert {"NT", "IS"} <= strains and strains - {"NT", "IS"}  # suit, no trumps and misère
    for entry in deals:
        r = Round.from_record(str(entry["record"]))
        line = entry["line"]
        assert isinstance(line, list)
        for play in line:
            r.apply(str(play))
        assert 10 - len(r.tricks) == 4 and r.current_trick is None
        expected = entry["contractor_tricks"]
        assert _alpha_beta(r, -1, 99) == expected, entry["record"]
        assert brute_force(r) == expected
