"""The precomputed main-line analysis (fivehundred/library/analysis.json) agrees with the solver.

Every position with 6 or fewer tricks left is re-solved, and so is a stated sample of the earlier ones
(the first and last early decision of every hand), so a stale or hand-edited file fails here.
"""

from __future__ import annotations

import time

import pytest

from fivehundred.analysis.solver import Solver, card_values
from fivehundred.library import HAND_IDS, guide_for, load_analysis, load_hand
from fivehundred.scoring import NUM_TRICKS


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_analysis_covers_every_learner_card_on_the_line(hand_id: str) -> None:
    hand = load_hand(hand_id)
    values, par = load_analysis(hand_id)
    assert par is not None
    assert set(values) == set(hand.learner_decisions())
    for index in hand.learner_decisions():
        legal = {str(p) for p in hand.round_at(index).legal_plays()}
        assert set(values[index]) == legal, f"{hand_id} #{index}: analysed cards differ from the legal ones"
        assert str(hand.line[index]) in values[index]


def _sample(hand_id: str) -> list[int]:
    hand = load_hand(hand_id)
    late = [i for i in hand.learner_decisions() if NUM_TRICKS - len(hand.round_at(i).tricks) <= 6]
    early = [i for i in hand.learner_decisions() if i not in late]
    return late + sorted({early[0], early[-1]} if early else set())


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_stored_values_match_the_solver(hand_id: str) -> None:
    hand = load_hand(hand_id)
    values, _ = load_analysis(hand_id)
    checked = _sample(hand_id)
    assert checked
    for index in checked:
        live = card_values(hand.round_at(index), deadline=time.monotonic() + 120)
        assert {str(p): v for p, v in live.items()} == values[index], f"{hand_id} #{index}"


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_par_is_the_best_play_result_at_the_start_of_play(hand_id: str) -> None:
    """Par: the contracting side's tricks with best play by everyone, checked with two null-window tests."""
    hand = load_hand(hand_id)
    _, par = load_analysis(hand_id)
    assert par is not None
    r = hand.round_at(hand.play_start)
    solver = Solver.from_round(r)
    assert solver.can_take(par, deadline=time.monotonic() + 120)
    assert not solver.can_take(par + 1, deadline=time.monotonic() + 120)


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_main_line_hints_name_a_best_card(hand_id: str) -> None:
    guide = guide_for(hand_id)
    for index in guide.hand.learner_decisions():
        r = guide.hand.round_at(index)
        stored = guide.values(r)
        assert stored is not None
        ladder = guide.ladder(r)
        assert guide.hint(r) == ladder.upto(3)
        assert r.contract is not None and r.to_act is not None
        wants_more = (r.to_act != r.contractor) if r.contract.is_misere else r.to_act in r.contracting_seats()
        best = max(stored.values()) if wants_more else min(stored.values())
        assert stored[str(ladder.action)] == best
        ours = best if r.contract.is_misere or r.to_act in r.contracting_seats() else 10 - best
        assert ladder.evidence.startswith("With best play from here and every hand in view")
        assert f"ends with {ours} trick" in ladder.evidence or f"end with {ours} trick" in ladder.evidence
