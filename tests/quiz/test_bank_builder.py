"""tools/build_quiz_bank.py: the screen that skips quizzes which cannot serve, and the slim, resumable bank."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from fivehundred.bidding import Bid
from fivehundred.quiz.bank import CLEAR_LEAD, key_from_entry, measured_level, simulate_quiz
from fivehundred.quiz.quiz import make_quiz, parse_code

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import build_quiz_bank as builder  # tools/ is not a package: importable only once it is on sys.path


def _first(best: str) -> Any:
    return SimpleNamespace(best=SimpleNamespace(bid=Bid.parse(best)))


@pytest.mark.parametrize(
    ("best", "z", "level", "quota_full", "promising"),
    [
        ("PASS", 5.0, 1, True, False),   # a pass is best and the cell has its share of quizzes a pass answers
        ("PASS", 5.0, 1, False, True),   # ... the share is not reached yet: a pass may still serve
        ("7S", 0.2, 1, False, False),    # a would-be clear quiz leading by nothing on the first deals
        ("7S", builder.SCREEN_CLEAR_MIN, 1, False, True),
        ("7S", 0.2, 2, False, True),     # moderate: the first deals' lead says too little to drop it
        ("7S", 9.0, 2, True, True),
        ("7S", CLEAR_LEAD, 3, False, False),  # a would-be close call already clear on a quarter of its deals
        ("7S", 1.0, 3, False, True),
        ("PASS", 1.0, 3, True, False),
    ],
)
def test_the_screen_drops_only_what_the_first_deals_can_tell(
    monkeypatch: pytest.MonkeyPatch, best: str, z: float, level: int, quota_full: bool, promising: bool
) -> None:
    monkeypatch.setattr(builder, "lead", lambda _key: (10.0, z))
    assert builder.promising(_first(best), level, quota_full) is promising


def test_a_slim_build_keeps_only_served_keys_and_resumes_without_simulating_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight deals a key instead of 128 (the bookkeeping is what is tested; the keys are real simulations)."""
    calls: list[tuple[str, int]] = []

    def small(quiz: Any, *, basis: str, samples: int) -> Any:
        calls.append((quiz.code, samples))
        return simulate_quiz(quiz, basis=basis, samples=min(samples, 8))

    monkeypatch.setattr(builder, "simulate_quiz", small)
    out = tmp_path / "bank.json"
    args = ["--basis", "what-follows", "--kinds", "misere", "--clear", "1", "--moderate", "1", "--close", "1",
            "--max-seed", "3", "--screen", "4", "--out", str(out)]
    assert builder.main(args) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    drawn = {code for code, _ in calls}
    assert drawn and drawn == set(data["measured"]) | set(data["screened"])
    assert all(n in (4, 128) for _, n in calls)
    held = set(data["held"])
    served = {c for c, lv in data["measured"].items() if lv == parse_code(c)[1] and c not in held}
    assert set(data["items"]) == served  # slim: nothing else keeps its (large) key
    for code in data["screened"]:
        assert code not in data["measured"] and [n for c, n in calls if c == code] == [4]
    for code, entry in data["items"].items():  # a stored entry is the whole key, at its measured level
        key = key_from_entry(make_quiz(code), entry)
        assert key.best.samples == 8 and measured_level(key) == data["measured"][code] == parse_code(code)[1]
    calls.clear()
    assert builder.main(args) == 0
    assert calls == []  # everything drawn before is skipped, served or not
    assert json.loads(out.read_text(encoding="utf-8"))["items"] == data["items"]



def _two_cells() -> dict[str, Any]:
    """The served bank cut down to two bidding cells and one kitty cell (decoding every key is slow)."""
    import copy

    from fivehundred.quiz.bank import load_bank

    data = copy.deepcopy(load_bank())
    data["items"] = {c: e for c, e in data["items"].items() if parse_code(c)[:2] in (("opening", 3), ("misere", 3), ("kitty", 1))}
    return data


@pytest.mark.parametrize(("pass_share", "random_share"), [(0.20, 0.09), (1.0, 0.08), (0.0, 1.0)])
def test_trimming_holds_back_served_quizzes_until_both_shares_hold_and_nothing_else(pass_share: float, random_share: float) -> None:
    """trim_shares, on the served bank's own keys with stricter shares: afterwards every bidding cell meets both
    shares, only served bidding quizzes were held, and a slim bank drops exactly the held keys."""
    from fivehundred.quiz.bank import pass_is_right, random_right_share

    data = _two_cells()
    before = set(data["items"])
    held_before = set(data.get("held", ()))
    trimmed = builder.trim_shares(data, pass_share, random_share, slim=True)
    newly = set(data["held"]) - held_before
    assert newly and newly == before - set(data["items"]) and sum(trimmed.values()) == len(newly)
    assert all(parse_code(c)[0] != "kitty" for c in newly)
    cells: dict[tuple[str, int], list[Any]] = {}
    for code, entry in data["items"].items():
        kind, level, _ = parse_code(code)
        if kind != "kitty":
            cells.setdefault((kind, level), []).append(key_from_entry(make_quiz(code), entry))
    assert set(cells) <= {("opening", 3), ("misere", 3)} and cells  # stricter, but not so strict that nothing is left
    for cell, keys in cells.items():
        assert sum(pass_is_right(k) for k in keys) <= pass_share * len(keys), cell
        assert sum(random_right_share(k) for k in keys) <= random_share * len(keys) + 1e-9, cell


def test_the_served_bank_already_meets_the_shares_in_force() -> None:
    from fivehundred.quiz.bank import PASS_SHARE, RANDOM_SHARE

    assert builder.trim_shares(_two_cells(), PASS_SHARE, RANDOM_SHARE, slim=True) == {}
