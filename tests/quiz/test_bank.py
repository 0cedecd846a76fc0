"""The answer bank: every entry is consistent with its quiz and the scoring table, and a sample re-simulates exactly."""

from __future__ import annotations

import pytest

from fivehundred import score_hand
from fivehundred.analysis.simulation import Simulation
from fivehundred.quiz import BANK_SAMPLES, answer_key, bank_codes, load_bank, make_quiz, parse_code, simulate_quiz
from fivehundred.analysis.simulation import NOISE_Z
from fivehundred.quiz.bank import BANK_BASIS, CLEAR_LEAD, bank_path, key_from_entry, lead, measured_level
from fivehundred.quiz.grade import lead_words

ITEMS: dict[str, dict] = load_bank()["items"]  # type: ignore[type-arg]
#: the issue's numbers: at least 1,000 bidding quizzes served, 30 in every kind and level, and 100 kitty quizzes
SERVED_BIDDING, SERVED_PER_CELL, SERVED_KITTY = 1000, 30, 100
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


def test_the_bank_serves_the_issues_numbers_of_quizzes_per_kind_and_level() -> None:
    served = {cell: len(bank_codes(*cell)) for cell in CELLS}
    bidding = sum(n for (kind, _), n in served.items() if kind != "kitty")
    kitty = sum(n for (kind, _), n in served.items() if kind == "kitty")
    assert bidding >= SERVED_BIDDING and kitty >= SERVED_KITTY, served
    assert all(n >= SERVED_PER_CELL for (kind, _), n in served.items() if kind != "kitty"), served


def test_every_stored_level_is_what_its_key_measures_and_only_matching_codes_are_served() -> None:
    measured = load_bank()["measured"]
    assert set(measured) == set(ITEMS)
    for code, entry in ITEMS.items():
        quiz = make_quiz(code)
        assert measured[code] == measured_level(key_from_entry(quiz, entry)), code
    served = set(bank_codes())
    assert served == {c for c in ITEMS if measured[c] == parse_code(c)[1]}


def _leads(level: int) -> list[float]:
    return [lead(answer_key(c))[1] for c in bank_codes(level=level)]  # type: ignore[arg-type]


def test_levels_mean_what_they_say() -> None:
    """Clear: the best answer leads the next well outside the noise; close call: within it."""
    clear, moderate, close = _leads(1), _leads(2), _leads(3)
    assert clear and moderate and close
    assert min(clear) >= CLEAR_LEAD
    assert all(NOISE_Z <= z < CLEAR_LEAD for z in moderate)
    assert max(close) < NOISE_Z


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_feedback_names_the_measured_level_and_the_lead(level: int) -> None:
    code = bank_codes("opening", level)[0]
    key = answer_key(code)
    assert key is not None
    points, z = lead(key)
    words = lead_words(key)
    assert words.startswith(f"Level {level} (") and f"by {round(points)} points" in words
    assert (f"{z:.1f} standard errors" in words) if z != float("inf") else "on every deal" in words
    assert {1: "well outside", 2: "outside the sampling noise", 3: "within the sampling noise"}[level] in words
    quiz = make_quiz(code)
    from fivehundred.quiz import grade

    fb = grade(quiz, key.best.bid, key)  # type: ignore[arg-type]
    # the grader's terms wait behind "How was this graded?"; the feedback says the level in plain words
    assert words in fb.details and words not in fb.text
    assert {1: "Clear: ", 2: "Moderate: ", 3: "A close call: "}[level] in fb.text and "standard error" not in fb.text


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


def test_a_held_code_is_not_served(monkeypatch: pytest.MonkeyPatch) -> None:
    """The builder holds back quizzes with a pass among their right answers beyond a quarter of a cell ("held")."""
    import fivehundred.quiz.bank as bank

    data = dict(load_bank())
    before = bank_codes("competing", 3)
    code = before[0]
    monkeypatch.setattr(bank, "load_bank", lambda: {**data, "held": [code]})
    served = bank.bank_codes("competing", 3)
    assert code not in served and len(served) == len(before) - 1
    assert answer_key(code) is not None  # still graded at once when typed


def test_pass_is_right_reads_the_also_fine_calls() -> None:
    from fivehundred.quiz.bank import pass_is_right

    for code in bank_codes("misere", 3)[:20]:
        key = answer_key(code)
        assert pass_is_right(key) == any(b.is_pass for b in key.also_fine())  # type: ignore[union-attr]
    kitty = answer_key(bank_codes("kitty", 1)[0])
    assert pass_is_right(kitty) is False  # type: ignore[arg-type]
