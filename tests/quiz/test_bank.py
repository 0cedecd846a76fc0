"""The answer bank: every entry is consistent with its quiz and the scoring table, and a sample re-simulates exactly."""

from __future__ import annotations

import pytest

from fivehundred import score_hand
from fivehundred.analysis.simulation import Simulation
from fivehundred.quiz import BANK_SAMPLES, answer_key, bank_codes, load_bank, make_quiz, parse_code, simulate_quiz
from fivehundred.quiz.bank import BANK_BASIS, bank_path

ITEMS: dict[str, dict] = load_bank()["items"]  # type: ignore[type-arg]
CELLS = {(k, lv) for k in ("opening", "competing", "misere", "kitty") for lv in (1, 2, 3)}


def test_the_bank_is_small_package_data_and_covers_every_simulated_kind_and_level() -> None:
    assert bank_path().name == "bank.json" and bank_path().exists()
    assert bank_path().stat().st_size <= 5_000_000
    data = load_bank()
    assert data["samples"] == BANK_SAMPLES >= 48 and data["basis"] == BANK_BASIS == "playout"
    assert len(ITEMS) >= 84
    cells = {parse_code(c)[:2] for c in ITEMS}
    assert cells == CELLS
    assert bank_codes("kitty", 1) and all(c.startswith("K1-") for c in bank_codes("kitty", 1))


def test_every_quiz_in_the_bank_puts_the_learner_south() -> None:
    for code in list(ITEMS)[:60]:
        q = make_quiz(code)
        assert q.problem is not None and q.problem.seat == 2, code


# a sample of entries, spread over the cells (every entry is checked by bench/quiz.py --bank-check)
SAMPLE = sorted({next((c for c in ITEMS if parse_code(c)[:2] == cell), "") for cell in CELLS} - {""})


@pytest.mark.parametrize("code", SAMPLE)
def test_entry_matches_its_quiz_and_the_score_table(code: str) -> None:
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
    assert quiz.problem is not None and isinstance(key, Simulation)
    # every legal call is graded
    assert [o.bid for o in key.outcomes] == list(quiz.problem.legal_bids())
    for o in key.outcomes:
        if o.bid.is_pass:
            assert o.expected == 0
            continue
        made_pts = score_hand(o.bid, 0 if o.bid.is_misere else o.bid.tricks).contractors
        assert o.expected == pytest.approx((o.made * made_pts - (o.samples - o.made) * made_pts) / o.samples, abs=1e-3)
    # a higher level in a strain never makes more often than a lower one
    by_strain: dict[str, list[tuple[int, int]]] = {}
    for o in key.outcomes:
        if o.bid.strain is not None:
            by_strain.setdefault(o.bid.strain.value, []).append((o.bid.tricks, o.made))
    for rows in by_strain.values():
        made = [m for _, m in sorted(rows)]
        assert made == sorted(made, reverse=True)
    assert ITEMS[code]["complete"] is True


@pytest.mark.parametrize("prefix", ["O", "C", "K"])
def test_a_whole_entry_re_simulates_to_the_same_key(prefix: str) -> None:
    code = next(c for c in ITEMS if c.startswith(prefix))
    fresh = simulate_quiz(make_quiz(code)).to_compact()
    assert fresh == ITEMS[code]
