"""The answer bank: every entry is consistent with its quiz and the scoring table, and a sample re-simulates exactly."""

from __future__ import annotations

import pytest

from fivehundred import score_hand
from fivehundred.bidding import PASS, ladder_index
from fivehundred.seating import side_of
from fivehundred.analysis.simulation import Simulation
from fivehundred.quiz import BANK_SAMPLES, answer_key, bank_codes, load_bank, make_quiz, parse_code, simulate_quiz
from fivehundred.analysis.simulation import NOISE_Z
from fivehundred.quiz.bank import BANK_BASIS, CLEAR_LEAD, PASS_SHARE, RANDOM_SHARE, bank_path, key_from_entry, lead, measured_level
from fivehundred.quiz.grade import lead_words

ITEMS: dict[str, dict] = load_bank()["items"]  # type: ignore[type-arg]
#: at least 30 quizzes in every kind and level and 100 kitty quizzes; at least 450 bidding quizzes (the playout bank
#: served 1,021, but with a pass scored truthfully a close call usually has a pass among its right answers and
#: several other right calls, and issue #23 caps both per cell, so the what-follows bank serves fewer close calls)
SERVED_BIDDING, SERVED_PER_CELL, SERVED_KITTY = 450, 30, 100
#: issue #23: in each bidding kind and level, a pass is the best call on at most 30% of the served quizzes
PASS_BEST_SHARE = 0.30
CELLS = {(k, lv) for k in ("opening", "competing", "misere", "kitty") for lv in (1, 2, 3)}


def test_the_bank_is_small_package_data_and_covers_every_simulated_kind_and_level() -> None:
    assert bank_path().name == "bank.json" and bank_path().exists()
    assert bank_path().stat().st_size <= 5_000_000
    data = load_bank()
    assert data["samples"] == BANK_SAMPLES >= 48 and data["basis"] == BANK_BASIS == "what-follows"
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


@pytest.mark.parametrize("cell", sorted(c for c in CELLS if c[0] != "kitty"))
def test_a_learner_who_always_passes_is_right_on_at_most_a_quarter_of_each_kind_and_level(cell: tuple[str, int]) -> None:
    codes = bank_codes(*cell)
    keys = [answer_key(c) for c in codes]
    right = sum(PASS in k.also_fine() for k in keys)  # type: ignore[union-attr]
    best = sum(k.best.bid.is_pass for k in keys)  # type: ignore[union-attr]
    assert right <= PASS_SHARE * len(codes), (cell, right, len(codes))
    assert best <= PASS_BEST_SHARE * len(codes), (cell, best, len(codes))


@pytest.mark.parametrize("cell", sorted(c for c in CELLS if c[0] != "kitty"))
def test_a_learner_who_makes_a_random_legal_call_is_right_on_at_most_a_tenth_of_each_kind_and_level(cell: tuple[str, int]) -> None:
    codes = bank_codes(*cell)
    chances = []
    for code in codes:
        key = answer_key(code)
        legal = make_quiz(code).problem.legal_bids()  # type: ignore[union-attr]
        fine = set(key.also_fine())  # type: ignore[union-attr]
        chances.append(sum(b in fine for b in legal) / len(legal))
    assert sum(chances) <= RANDOM_SHARE * len(codes), (cell, sum(chances) / len(codes))


def test_every_stored_level_is_what_its_key_measures_and_only_matching_codes_are_served() -> None:
    data = load_bank()
    measured, held = data["measured"], set(data.get("held", ()))
    # the builder records the level of every code it simulated; the bank keeps only the keys it serves (slim)
    assert set(ITEMS) < set(measured)
    for code, entry in ITEMS.items():
        quiz = make_quiz(code)
        assert measured[code] == measured_level(key_from_entry(quiz, entry)), code
    served = set(bank_codes())
    assert served == {c for c in ITEMS if measured[c] == parse_code(c)[1] and c not in held} == set(ITEMS)


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


def _swing(rules, seat: int, contractor: int | None, contract, tricks: int) -> int:
    """The hand's points for ``seat``'s side minus the other side's, straight from the scoring table."""
    if contract is None:
        return 0
    score = score_hand(contract, tricks, rules=rules)
    mine = side_of(seat, rules) == side_of(contractor, rules)
    return (score.contractors - sum(score.defenders)) * (1 if mine else -1)


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
    problem = quiz.problem
    assert problem is not None and isinstance(key, Simulation) and key.follows is not None
    # every legal call is graded, each on the same number of deals
    assert [o.bid for o in key.outcomes] == list(problem.legal_bids())
    for o in key.outcomes:
        fs = key.follows[o.bid]
        assert len(fs) == o.samples
        # the call's value is the mean, over its deals, of the side's points minus the opponents' for the hand the
        # auction led to, scored by the table (contract points, set penalties, the defenders' tricks): a pass too
        values = [_swing(problem.rules, problem.seat, f.contractor, f.contract, f.tricks) for f in fs]
        assert o.expected == pytest.approx(sum(values) / len(values), abs=1e-3), o.bid
        if o.bid.is_pass:
            assert o.made == sum(f.made for f in fs)
        else:
            assert o.made == sum(f.made and f.contractor == problem.seat and f.contract == o.bid for f in fs)
            # after a bid the hand is played in that bid or a higher one: the auction only climbs
            assert all(f.contract is not None and ladder_index(f.contract, problem.rules) >= ladder_index(o.bid, problem.rules)
                       for f in fs), o.bid
    assert ITEMS[code]["complete"] is True


def test_a_pass_over_a_standing_bid_is_scored_by_the_opponents_contract_not_0() -> None:
    """Over an opponent's standing bid, a pass hands them a contract: the key scores what it gives, never 0 by fiat."""
    seen = 0
    for code in bank_codes("competing"):
        quiz = make_quiz(code)
        key = answer_key(quiz)
        assert isinstance(key, Simulation) and key.follows is not None and quiz.problem is not None
        fs = key.follows[PASS]
        played = [f for f in fs if f.contract is not None]
        assert played, code  # someone had bid: the hand is never thrown in after the learner's pass
        if any(f.value != 0 for f in fs):
            seen += 1
        pass_outcome = key.outcome(PASS)
        assert pass_outcome is not None and pass_outcome.expected == pytest.approx(sum(f.value for f in fs) / len(fs))
    assert seen == len(bank_codes("competing"))


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
