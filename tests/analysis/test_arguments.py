"""Junk into the analysis, library and quiz entry points: the fitting FiveHundredError, naming the argument.

The fuzz (tests/engine/test_fuzz_public.py) proves that nothing but a
FiveHundredError escapes; this table checks what the learner or caller is told:
each row is the call, the error class and words the message must contain (the
argument's name, the offending value, or the limit that was passed).  The caps
on counts (``samples``, ``count``, ``tries``, ``node_budget``, a session's
``n``) are here too: a huge count is refused at once, not searched for hours.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from fivehundred import FiveHundredError, NotationError, Round, RulesError
from fivehundred.analysis import Position, SearchPlayer, Solver, advise, card_values, grade_hand, hint, solve
from fivehundred.analysis.blunders import partner_blunders
from fivehundred.analysis.endings import random_ending
from fivehundred.analysis.grading import worst_moments
from fivehundred.analysis.hints import sample_positions
from fivehundred.analysis.simulation import BiddingProblem, simulate_bids, simulate_discards
from fivehundred.analysis.solver import SolverError
from fivehundred.checks import MAX_NODES, MAX_SAMPLES, count_arg, items_arg, node_budget_arg, seed_arg
from fivehundred.library import Guide, LibraryError, LinePlayer, guide_for, load_analysis, load_hand, parse_locator
from fivehundred.quiz import (
    ReviewQueue,
    answer_key,
    bank_codes,
    generate,
    grade,
    grade_bid,
    grade_discard,
    ladder_answer,
    load_bank,
    make_quiz,
    quiz_code,
    session_codes,
    simulate_quiz,
)
from fivehundred.quiz.review import MAX_SESSION

HAND = "JH JD AH KH QH 10H 9H AS KS QS"
KITTY_CODE = "K1-8"


def _problem() -> BiddingProblem:
    return BiddingProblem.make(HAND)


def _ending() -> Round:
    return random_ending(seed=3, tricks_left=2)


def _ending_view() -> Any:
    r = _ending()
    assert r.to_act is not None
    return r.view(r.to_act)


def _solver() -> Solver:
    return Solver.from_round(_ending())


def _kitty_args() -> tuple[Any, Any]:
    q = make_quiz(KITTY_CODE)
    return q, answer_key(q)


CASES: list[tuple[str, Callable[[], Any], type[FiveHundredError], str]] = [
    # the bidding simulation
    ("simulate_bids(None)", lambda: simulate_bids(None), NotationError, "problem=None"),  # type: ignore[arg-type]
    ("simulate_bids(samples=10**30)", lambda: simulate_bids(_problem(), samples=10**30), FiveHundredError, "at most 100,000"),
    ("simulate_bids(samples=100_001)", lambda: simulate_bids(_problem(), samples=MAX_SAMPLES + 1), FiveHundredError, "100,001"),
    ("simulate_bids(samples=0)", lambda: simulate_bids(_problem(), samples=0), FiveHundredError, "at least 1"),
    ("simulate_bids(samples=True)", lambda: simulate_bids(_problem(), samples=True), NotationError, "samples: True"),
    ("simulate_bids(seed=[])", lambda: simulate_bids(_problem(), seed=[]), NotationError, "seed=[]"),  # type: ignore[arg-type]
    ("simulate_bids(candidates=7)", lambda: simulate_bids(_problem(), candidates=7), NotationError, "candidate calls: 7"),  # type: ignore[arg-type]
    ("simulate_bids(node_budget='')", lambda: simulate_bids(_problem(), node_budget=""), NotationError, "node_budget: ''"),  # type: ignore[arg-type]
    ("simulate_bids(node_budget=10**10)", lambda: simulate_bids(_problem(), node_budget=10**10), FiveHundredError, "at most 1,000,000,000"),
    ("simulate_bids(time_budget='1')", lambda: simulate_bids(_problem(), time_budget="1"), NotationError, "time_budget='1'"),  # type: ignore[arg-type]
    ("simulate_bids(cancel=True)", lambda: simulate_bids(_problem(), cancel=True), NotationError, "cancel=True"),  # type: ignore[arg-type]
    ("simulate_bids(progress=1)", lambda: simulate_bids(_problem(), progress=1), NotationError, "progress=1"),  # type: ignore[arg-type]
    ("simulate_bids(extend='no')", lambda: simulate_bids(_problem(), extend="no"), NotationError, "extend='no'"),  # type: ignore[arg-type]
    ("simulate_discards(candidates=None)", lambda: simulate_discards(_problem(), "4D 5D 6D", "7H", None), NotationError, "candidate discards: None"),  # type: ignore[arg-type]
    ("simulate_discards(samples=-1)", lambda: simulate_discards(_problem(), "4D 5D 6D", "7H", ["4D 5D 6D"], samples=-1), FiveHundredError, "at least 1"),
    ("simulate_discards(kitty=None)", lambda: simulate_discards(_problem(), None, "7H", ["4D 5D 6D"]), NotationError, "kitty"),  # type: ignore[arg-type]
    ("simulate_discards(candidate=7)", lambda: simulate_discards(_problem(), "4D 5D 6D", "7H", [7]), NotationError, "discard"),  # type: ignore[list-item]
    ("BiddingProblem.make(auction=None)", lambda: BiddingProblem.make(HAND, auction=None), NotationError, "auction"),  # type: ignore[arg-type]
    ("BiddingProblem.make(rules='australian')", lambda: BiddingProblem.make(HAND, rules="australian"), RulesError, "'australian'"),  # type: ignore[arg-type]
    ("BiddingProblem.make(dealer=True)", lambda: BiddingProblem.make(HAND, dealer=True), NotationError, "dealer: True"),
    ("problem.deal(None, kitty)", lambda: _problem().deal(None, "4D 5D 6D"), NotationError, "other hands: None"),  # type: ignore[arg-type]
    ("problem.deal(one hand)", lambda: _problem().deal(["4D 5D 6D"], "7D 8D 9D"), NotationError, "3 hands, not 1"),  # type: ignore[list-item, arg-type]
    # search, hints and grading
    ("sample_positions(None, 1)", lambda: sample_positions(None, 1), NotationError, "view=None"),  # type: ignore[arg-type]
    ("sample_positions(count=10**30)", lambda: sample_positions(_ending_view(), 10**30), FiveHundredError, "count is at most 100,000"),
    ("sample_positions(tries=None)", lambda: sample_positions(_ending_view(), 1, tries=None), NotationError, "tries: None"),  # type: ignore[arg-type]
    ("sample_positions(seed={})", lambda: sample_positions(_ending_view(), 1, seed={}), NotationError, "seed={}"),  # type: ignore[arg-type]
    ("hint(None)", lambda: hint(None), NotationError, "source=None"),  # type: ignore[arg-type]
    ("hint(time_budget='5')", lambda: hint(_ending(), time_budget="5"), NotationError, "time_budget='5'"),  # type: ignore[arg-type]
    ("hint(progress=True)", lambda: hint(_ending(), progress=True), NotationError, "progress=True"),  # type: ignore[arg-type]
    ("hint(samples=10**30)", lambda: hint(_ending(), samples=10**30), FiveHundredError, "samples is at most"),
    ("SearchPlayer(samples=0)", lambda: SearchPlayer(samples=0), FiveHundredError, "samples must be at least 1"),
    ("SearchPlayer(time_budget=0)", lambda: SearchPlayer(time_budget=0), FiveHundredError, "time_budget"),
    ("SearchPlayer(objective='win')", lambda: SearchPlayer(objective="win"), FiveHundredError, "'win'"),
    ("SearchPlayer(bid_samples=-1)", lambda: SearchPlayer(bid_samples=-1), FiveHundredError, "bid_samples is 0"),
    ("SearchPlayer(bid_samples='8')", lambda: SearchPlayer(bid_samples="8"), NotationError, "bid_samples"),  # type: ignore[arg-type]
    ("SearchPlayer(bid_budget=0)", lambda: SearchPlayer(bid_budget=0), FiveHundredError, "bid_budget"),
    ("SearchPlayer().choose(None)", lambda: SearchPlayer().choose(None), NotationError, "view=None"),  # type: ignore[arg-type]
    ("grade_hand(None)", lambda: grade_hand(None), NotationError, "round_=None"),  # type: ignore[arg-type]
    ("grade_hand(seats=True)", lambda: grade_hand(_ending(), seats=True), NotationError, "seats: True"),  # type: ignore[arg-type]
    ("grade_hand(max_tricks_left='5')", lambda: grade_hand(_ending(), max_tricks_left="5"), NotationError, "max_tricks_left: '5'"),  # type: ignore[arg-type]
    ("worst_moments(None)", lambda: worst_moments(None), NotationError, "graded plays: None"),  # type: ignore[arg-type]
    ("worst_moments(['x'])", lambda: worst_moments(["x"]), NotationError, "graded='x'"),  # type: ignore[arg-type]
    ("worst_moments(count=4.0)", lambda: worst_moments((), count=4.0), NotationError, "count: 4.0"),  # type: ignore[arg-type]
    ("partner_blunders(None)", lambda: partner_blunders(None), NotationError, "round_=None"),  # type: ignore[arg-type]
    ("advise(None)", lambda: advise(None), NotationError, "view=None"),  # type: ignore[arg-type]
    ("solve(None)", lambda: solve(None), NotationError, "round_=None"),  # type: ignore[arg-type]
    ("card_values(solver=True)", lambda: card_values(_ending(), solver=True), SolverError, "solver"),  # type: ignore[arg-type]
    ("Solver.can_take(None)", lambda: _solver().can_take(None), NotationError, "k: None"),  # type: ignore[arg-type]
    ("Solver.same_hand(None)", lambda: _solver().same_hand(None), SolverError, "Position"),  # type: ignore[arg-type]
    ("Solver.play_values(progress=True)", lambda: _solver().play_values(progress=True), NotationError, "progress=True"),  # type: ignore[arg-type]
    ("Solver.value(deadline='x')", lambda: _solver().value(deadline="x"), NotationError, "deadline='x'"),  # type: ignore[arg-type]
    ("Position.from_round(None)", lambda: Position.from_round(None), NotationError, "round_=None"),  # type: ignore[arg-type]
    # the library
    ("load_hand([None])", lambda: load_hand([None]), LibraryError, "[None]"),  # type: ignore[arg-type]
    ("guide_for({})", lambda: guide_for({}), LibraryError, "{}"),  # type: ignore[arg-type]
    ("load_analysis([])", lambda: load_analysis([]), LibraryError, "[]"),  # type: ignore[arg-type]
    ("parse_locator('end', None)", lambda: parse_locator("end", None), NotationError, "final=None"),  # type: ignore[arg-type]
    ("Guide(None)", lambda: Guide(None), NotationError, "hand=None"),  # type: ignore[arg-type]
    ("guide.on_line(None)", lambda: guide_for("take-control").on_line(None), NotationError, "r=None"),  # type: ignore[arg-type]
    ("guide.review(7)", lambda: guide_for("take-control").review(7), NotationError, "r=7"),  # type: ignore[arg-type]
    ("LinePlayer(None)", lambda: LinePlayer(None), NotationError, "hand=None"),  # type: ignore[arg-type]
    ("LinePlayer.choose(None)", lambda: LinePlayer(load_hand("take-control")).choose(None), NotationError, "view=None"),  # type: ignore[arg-type]
    # quizzes
    ("answer_key(None)", lambda: answer_key(None), NotationError, "quiz=None"),  # type: ignore[arg-type]
    ("simulate_quiz(None)", lambda: simulate_quiz(None), NotationError, "quiz=None"),  # type: ignore[arg-type]
    ("simulate_quiz(samples=10**30)", lambda: simulate_quiz(make_quiz("O1-12"), samples=10**30), FiveHundredError, "at most 100,000"),
    ("simulate_quiz(time_budget=[])", lambda: simulate_quiz(make_quiz("O1-12"), time_budget=[]), NotationError, "time_budget=[]"),  # type: ignore[arg-type]
    ("grade_bid(key=None)", lambda: grade_bid(make_quiz("O1-12"), "7H", None), NotationError, "key=None"),  # type: ignore[arg-type]
    ("grade_bid(margin=None)", lambda: grade_bid(make_quiz("O1-12"), "7H", answer_key(make_quiz("O1-12")), None), NotationError, "margin=None"),  # type: ignore[arg-type]
    ("grade_bid(margin=nan)", lambda: grade_bid(make_quiz("O1-12"), "7H", answer_key(make_quiz("O1-12")), float("nan")), NotationError, "margin=nan"),  # type: ignore[arg-type]
    ("grade_discard(answer=None)", lambda: grade_discard(*_kitty_args()[:1], None, _kitty_args()[1]), NotationError, "discard"),  # type: ignore[arg-type]
    ("grade_discard(key=bid key)", lambda: grade_discard(_kitty_args()[0], "AD AC 6H", answer_key(make_quiz("O1-12"))), NotationError, "key="),  # type: ignore[arg-type]
    ("grade(None, '7H')", lambda: grade(None, "7H"), NotationError, "quiz=None"),  # type: ignore[arg-type]
    ("ladder_answer(None)", lambda: ladder_answer(None), NotationError, "quiz=None"),  # type: ignore[arg-type]
    ("ladder_answer(rules=3)", lambda: ladder_answer(make_quiz("L1-1"), rules=3), RulesError, "3"),  # type: ignore[arg-type]
    ("quiz_code([], 1, 1)", lambda: quiz_code([], 1, 1), FiveHundredError, "no quiz kind []"),  # type: ignore[arg-type]
    ("quiz_code(level=True)", lambda: quiz_code("opening", True, 1), FiveHundredError, "no quiz level True"),
    ("quiz_code(seed=False)", lambda: quiz_code("opening", 1, False), FiveHundredError, "not False"),
    ("generate(level={})", lambda: generate("opening", {}, 1), FiveHundredError, "no quiz level {}"),  # type: ignore[arg-type]
    ("ReviewQueue(None)", lambda: ReviewQueue(None), NotationError, "quiz codes: None"),  # type: ignore[arg-type]
    ("ReviewQueue(gap=True)", lambda: ReviewQueue(["O1-12"], gap=True), FiveHundredError, "not True"),
    ("ReviewQueue(max_reviews=-1)", lambda: ReviewQueue(["O1-12"], max_reviews=-1), FiveHundredError, "max_reviews must be at least 0"),
    ("queue.is_review([None])", lambda: ReviewQueue(["O1-12"]).is_review([None]), NotationError, "code=[None]"),  # type: ignore[arg-type]
    ("session_codes(n=10**30)", lambda: session_codes(10**30, 1, bank=bank_codes()), FiveHundredError, f"at most {MAX_SESSION:,}"),
    ("session_codes(bank=None)", lambda: session_codes(2, 1, bank=None), NotationError, "bank codes: None"),  # type: ignore[arg-type]
    ("session_codes(bank=[1])", lambda: session_codes(2, 1, bank=[1]), NotationError, "bank code=1"),  # type: ignore[list-item]
    ("session_codes(kinds=())", lambda: session_codes(2, 1, bank=bank_codes(), kinds=()), FiveHundredError, "at least one quiz kind"),
    ("session_codes(levels=[True])", lambda: session_codes(2, 1, bank=bank_codes(), levels=[True]), FiveHundredError, "no quiz level True"),
    ("load_bank(7)", lambda: load_bank(7), NotationError, "path=7"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "error", "words"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_raises_the_fitting_error(call: Callable[[], Any], error: type[FiveHundredError], words: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value), str(info.value)
    assert isinstance(info.value, ValueError)  # the whole family is ValueError


@pytest.mark.parametrize(("text", "expected"), [("", "Expecting value"), ('[1, 2]', "not a quiz bank"), ('{"version": 2}', "not a quiz bank")])
def test_a_file_that_is_not_a_bank_is_refused_in_words(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "bank.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FiveHundredError, match=expected):
        load_bank(path)
    with pytest.raises(FiveHundredError, match="cannot read a quiz bank"):
        load_bank(tmp_path)  # a folder


@pytest.mark.parametrize(
    ("value", "low", "high", "ok"),
    [
        (1, 1, MAX_SAMPLES, True),
        (MAX_SAMPLES, 1, MAX_SAMPLES, True),
        (MAX_SAMPLES + 1, 1, MAX_SAMPLES, False),
        (0, 1, MAX_SAMPLES, False),
        (0, 0, None, True),
        (10**30, 0, None, True),
        (-1, 0, None, False),
        (True, 0, None, False),
        (4.0, 0, None, False),
        ("3", 0, None, False),
    ],
)
def test_count_arg_bounds(value: Any, low: int, high: int | None, ok: bool) -> None:
    if ok:
        assert count_arg(value, "n", low=low, high=high) == value
    else:
        with pytest.raises(FiveHundredError, match="n"):
            count_arg(value, "n", low=low, high=high)


def test_node_budget_seed_and_items() -> None:
    assert node_budget_arg(None) is None
    assert node_budget_arg(MAX_NODES) == MAX_NODES
    with pytest.raises(FiveHundredError, match="at most"):
        node_budget_arg(MAX_NODES + 1)
    assert seed_arg("bench/1") == "bench/1" and seed_arg(0) == 0
    with pytest.raises(NotationError):
        seed_arg(True)
    assert items_arg("7H PASS", "calls") == ("7H", "PASS")  # a text is split at spaces
    assert items_arg({"7H"}, "calls") == ("7H",)
    for junk in (None, 7, b"7H", {"7H": 1}):
        with pytest.raises(NotationError):
            items_arg(junk, "calls")


def test_a_refused_answer_leaves_the_queue_as_it_was() -> None:
    q = ReviewQueue(["O1-12", "O1-2"], gap=1)
    code = q.next()
    assert code is not None
    with pytest.raises(NotationError, match="right='no'"):
        q.record(code, right="no")  # type: ignore[arg-type]  # a truthy text is not "right"
    assert (q.current, q.answered, q.right, q.streak, q.remaining) == (code, 0, 0, 0, 1)
    q.record(code, right=False)
    assert (q.answered, q.right) == (1, 0)


def test_simulations_deal_without_the_public_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks run once at the entry point: the sampled deals go through the unchecked ``_deal``."""

    def checked(*_: object) -> Round:
        raise AssertionError("a simulation dealt through the checked BiddingProblem.deal")

    p = _problem()
    monkeypatch.setattr(BiddingProblem, "deal", checked)
    sim = simulate_bids(p, samples=2, node_budget=200, candidates=["7H"])
    assert sim.outcome("7H") is not None and sim.outcome("7H").samples == 2  # type: ignore[union-attr]
    disc = simulate_discards(p, "4D 5D 6D", "7H", ["4D 5D 6D"], samples=2, node_budget=200)
    assert disc.best.samples == 2


def test_the_public_deal_still_deals() -> None:
    p = _problem()
    from fivehundred import pack

    rest = [c for c in pack(4) if c not in p.hand]
    r = p.deal([rest[0:10], rest[10:20], " ".join(str(c) for c in rest[20:30])], rest[30:33])  # type: ignore[list-item]
    assert set(r.hand(p.seat)) == set(p.hand) and set(r.kitty) == set(rest[30:33])
    assert set(r.hand((p.seat + 3) % 4)) == set(rest[20:30])  # the third hand, given as text
