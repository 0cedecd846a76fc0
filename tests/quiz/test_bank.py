"""The answer bank: every entry is consistent with its quiz and the scoring table, and a sample re-simulates exactly."""

from __future__ import annotations

import json

import pytest

from fivehundred import score_hand
from fivehundred.analysis.simulation import plausible_bids, simulate_bids
from fivehundred.quiz import BANK_SAMPLES, answer_key, bank_codes, load_bank, make_quiz, parse_code, simulate_quiz
from fivehundred.quiz.bank import bank_path

ITEMS: dict[str, dict] = load_bank()["items"]  # type: ignore[type-arg]


def test_the_bank_is_package_data_and_covers_every_simulated_kind_and_level() -> None:
    assert bank_path().name == "bank.json" and bank_path().exists()
    assert len(ITEMS) >= 84
    cells = {parse_code(c)[:2] for c in ITEMS}
    assert cells == {(k, lv) for k in ("opening", "competing", "misere", "kitty") for lv in (1, 2, 3)}
    assert bank_codes("kitty", 1) and all(c.startswith("K1-") for c in bank_codes("kitty", 1))


@pytest.mark.parametrize("code", sorted(ITEMS))
def test_entry_matches_its_quiz_and_the_score_table(code: str) -> None:
    entry = ITEMS[code]
    quiz = make_quiz(code)
    key = answer_key(quiz)
    assert key is not None
    for o in key.outcomes:
        assert o.samples == BANK_SAMPLES and 0 <= o.made <= o.samples
    if quiz.kind == "kitty":
        assert [o.discard for o in key.outcomes] == list(quiz.discard_candidates())  # type: ignore[union-attr]
        assert quiz.contract is not None
        win = score_hand(quiz.contract, quiz.contract.tricks).contractors
        for o in key.outcomes:
            assert o.expected == pytest.approx((o.made * win - (o.samples - o.made) * win) / o.samples, abs=1e-3)
        return
    assert quiz.problem is not None
    # the candidates are what plausible_bids gives today, plus any levels the simulation climbed to
    simulated = [o.bid for o in key.outcomes]  # type: ignore[union-attr]
    assert set(plausible_bids(quiz.problem)) <= set(simulated)
    for o in key.outcomes:  # type: ignore[union-attr]
        if o.bid.is_pass:
            assert o.expected == 0
            continue
        made_pts = score_hand(o.bid, 0 if o.bid.is_misere else o.bid.tricks).contractors
        assert o.expected == pytest.approx((o.made * made_pts - (o.samples - o.made) * made_pts) / o.samples, abs=1e-3)
    # a higher level in a strain never makes more often than a lower one
    by_strain: dict[str, list[tuple[int, int]]] = {}
    for o in key.outcomes:  # type: ignore[union-attr]
        if o.bid.strain is not None:
            by_strain.setdefault(o.bid.strain.value, []).append((o.bid.tricks, o.made))
    for rows in by_strain.values():
        made = [m for _, m in sorted(rows)]
        assert made == sorted(made, reverse=True)
    assert entry["complete"] is True


def _fast(kind_prefix: str, limit: float) -> str | None:
    fast = sorted((e.get("seconds", 999), c) for c, e in ITEMS.items() if c.startswith(kind_prefix) and e.get("timed_out") == 0)
    return fast[0][1] if fast and fast[0][0] <= limit else None


@pytest.mark.parametrize("prefix", ["M", "K"])
def test_a_whole_entry_re_simulates_to_the_same_key(prefix: str) -> None:
    code = _fast(prefix, 30.0)
    if code is None:
        pytest.fail(f"no bank entry of kind {prefix} cheap enough to re-simulate in a test")
    fresh = simulate_quiz(make_quiz(code)).to_dict()
    stored = {k: v for k, v in ITEMS[code].items() if k != "seconds"}
    assert json.loads(json.dumps(fresh)) == stored


@pytest.mark.parametrize("prefix", ["O", "C", "M"])
def test_the_first_deals_of_an_entry_re_simulate_to_the_same_tricks(prefix: str) -> None:
    # the deals are seeded one by one, so the first few samples can be re-run alone: each strain's tricks
    # at the candidate levels must match the bank's (which may have climbed higher on its own)
    code = _fast(prefix, 10_000.0)
    assert code is not None
    quiz = make_quiz(code)
    assert quiz.problem is not None
    base = plausible_bids(quiz.problem)
    fresh = simulate_bids(quiz.problem, samples=2, seed=code, candidates=base, extend=False, node_budget=None)
    stored = ITEMS[code]["tricks"]
    assert fresh.tricks
    for label, tricks in fresh.tricks.items():
        levels = [b.tricks for b in base if b.strain is not None and b.strain.value == label]
        for i, t in enumerate(tricks):
            want = stored[label][i] if not levels else min(stored[label][i], max(levels))
            assert t == want, (code, label, i)
