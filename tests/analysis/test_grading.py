from __future__ import annotations

from fivehundred import PRESETS, Round
from fivehundred.analysis.endings import random_ending, random_play_start
from fivehundred.analysis.grading import GRADES, grade_hand, worst_moments
from fivehundred.analysis.solver import brute_force
from fivehundred.players import RandomPlayer, play_hand

RULES = PRESETS["australian"].replace(misere_requires_seven=False)


def _finish_randomly(r: Round, seed: int) -> None:
    play_hand(r, [RandomPlayer(seed + s) for s in range(r.players)])


def test_grades_match_brute_force_losses() -> None:
    graded_cards = 0
    for seed, contract in enumerate(["7H", "8NT", "MIS", "6S", "7D", "OMIS"]):
        r = random_ending(RULES, seed=seed, tricks_left=3, contract=contract)
        _finish_randomly(r, seed)
        graded = grade_hand(r, max_tricks_left=3)
        late = [g for g in graded if g.grade is not None]
        assert late, "nothing was graded"
        # replay and check each graded card's trick loss with the exhaustive brute force
        replay = Round(r.rules, r.dealer, r.dealt_hands, r.kitty)
        i = 0
        for action in r.history:
            if i < len(graded) and replay.phase.value == "play" and graded[i].play == action:
                g = graded[i]
                i += 1
                if g.grade is not None:
                    before = brute_force(replay)
                    child = replay.copy()
                    child.apply(action)
                    after = child.result.score.contractor_tricks if child.is_over else brute_force(child)  # type: ignore[union-attr]
                    assert g.tricks_lost == abs(before - after), (g, r.record())
                    assert (g.grade == "best") == (before == after)
                    graded_cards += 1
            replay.apply(action)
    assert graded_cards > 10


def test_early_cards_are_not_graded_and_summary_is_sorted() -> None:
    r = random_play_start(RULES, seed=4, contract="7C")
    _finish_randomly(r, 4)
    graded = grade_hand(r, max_tricks_left=2)
    assert len(graded) == 40
    assert any(g.grade is None and "not graded" in g.note for g in graded)
    assert all(g.grade in GRADES for g in graded if g.grade is not None)
    moments = worst_moments(graded)
    assert len(moments) <= 3
    for text in moments:
        assert text.startswith("Trick ")


def test_a_perfect_ending_has_no_worst_moments() -> None:
    from fivehundred.analysis.solver import best_plays

    r = random_ending(RULES, seed=11, tricks_left=3, contract="7S")
    while not r.is_over:
        r.apply(best_plays(r)[0])
    graded = grade_hand(r, max_tricks_left=3)
    assert [g.grade for g in graded if g.grade is not None] and all(g.grade == "best" for g in graded if g.grade)
    assert worst_moments(graded) == ()


def test_whole_hand_grading_with_a_shared_table_matches_fresh_solves() -> None:
    """Every card of two whole hands: the shared-table grades equal grades from a fresh solver per card."""
    from fivehundred.actions import Play
    from fivehundred.analysis.solver import card_values
    from fivehundred.players import RulesPlayer, play_hand
    from fivehundred.round import Phase

    for seed in (0, 3):
        r = Round.deal(PRESETS["australian"], seed=seed)
        play_hand(r, [RulesPlayer() for _ in range(4)])
        assert r.contract is not None
        graded = grade_hand(r, seats={0, 2})
        assert [g.seat for g in graded] == [s for t in r.tricks for s, _ in t.plays if s in (0, 2)]
        replay = Round(r.rules, r.dealer, r.dealt_hands, r.kitty, r.dead_hand)
        fresh = []
        for action in r.history:
            if replay.phase is Phase.PLAY and isinstance(action, Play) and replay.to_act in (0, 2):
                values = card_values(replay)  # a new solver every time
                best = max(values.values()) if replay.to_act in r.contracting_seats() else min(values.values())
                fresh.append((action, abs(values[action] - best), tuple(p for p, v in values.items() if v == best)))
            replay.apply(action)
        assert [(g.play, g.tricks_lost, g.best) for g in graded] == fresh


def test_a_solver_shares_its_table_only_within_one_contract() -> None:
    import pytest

    from fivehundred.analysis.endings import random_ending
    from fivehundred.analysis.solver import Solver, SolverError

    r = random_ending(PRESETS["australian"], seed=1, tricks_left=4, contract="7S")
    a = Solver.from_round(r)
    a.value()
    later = r.copy()
    later.apply(later.legal_plays()[-1])
    shared = Solver.from_round(later, reuse=a)
    assert shared.value() == Solver.from_round(later).value()
    with pytest.raises(SolverError, match="same contract"):
        Solver.from_round(random_ending(PRESETS["australian"], seed=1, tricks_left=4, contract="7H"), reuse=a)
