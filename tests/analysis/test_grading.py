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


# ---------------------------------------------------------------------- the per-card review with reasons
def _played_out(seed: int, contract: str, tricks_left: int) -> Round:
    r = random_ending(RULES, seed=seed, tricks_left=tricks_left, contract=contract)
    _finish_randomly(r, seed)
    return r


def _replay_to(r: Round, count: int) -> Round:
    """``r``'s position before its ``count``-th action."""
    replay = Round(r.rules, r.dealer, r.dealt_hands, r.kitty, r.dead_hand)
    for action in r.history[:count]:
        replay.apply(action)
    return replay


def test_review_reasons_state_what_the_double_dummy_lines_show() -> None:
    """Each reason's trick counts are re-solved independently, and the named card is the winner's."""
    import re

    from fivehundred.analysis.grading import review_cards
    from fivehundred.analysis.solver import solve
    from fivehundred.seating import seat_name

    explained = lines = 0
    for seed, contract in enumerate(["7H", "8NT", "MIS", "6S", "7D", "9C"]):
        r = _played_out(seed, contract, 5)
        for seat in range(4):
            if seat in r.sitting_out:
                continue
            reviewed = review_cards(r, {seat}, max_tricks_left=5)
            plain = [g for g in grade_hand(r, seats={seat}, max_tricks_left=5) if g.grade is not None]
            assert [(g.trick, g.play, g.grade, g.best) for g in reviewed] == [(g.trick, g.play, g.grade, g.best) for g in plain]
            starts = range(len(r.history))
            for g in reviewed:
                assert g.reason.startswith(g.play.card.label) or g.grade != "best", g.reason
                numbers = [int(n) for n in re.findall(r"(\d+) tricks? for", g.reason)]
                # find the position of this card: replay until this seat plays it
                pos = next(p for p in (_replay_to(r, i) for i in starts)
                           if p.to_act == seat and len(p.tricks) + 1 == g.trick and r.history[len(p.history)] == g.play)
                after = pos.copy()
                after.apply(g.play)
                misere = "MIS" in contract

                def total(x: Round) -> int:
                    if not x.is_over:
                        return solve(x)
                    assert pos.contractor is not None
                    side = (pos.contractor,) if misere else pos.contracting_seats()
                    return sum(x.tricks_won[s] for s in side)

                got = total(after)
                mine = seat in pos.contracting_seats()

                def say(t: int) -> int:
                    return t if misere or mine else 10 - t
                if g.grade == "best":
                    assert numbers == [say(got)], g.reason
                    continue
                explained += 1
                after_best = pos.copy()
                after_best.apply(g.best[0])
                assert numbers[0] == say(total(after_best)), g.reason
                assert numbers[1] == say(got), g.reason
                m = re.search(r"in that line (\w+) takes? trick (\d+) with (\S+)\.$", g.reason)
                if m:
                    lines += 1
                    who, k, card = m.group(1), int(m.group(2)), m.group(3)
                    owner = seat if who == "you" else next(s for s in range(4) if seat_name(s, 4, long=True) == who)
                    assert card in {c.label for c in pos.hand(owner)} | {c.label for _, c in (pos.current_trick.plays if pos.current_trick else ())}
                    assert k >= g.trick
    assert explained >= 3 and lines >= 2, (explained, lines)


def test_the_review_is_the_same_after_a_save_and_reload() -> None:
    """The review depends only on the cards: a reloaded record reviews identically (no time budget)."""
    from fivehundred.analysis.grading import review_cards

    for seed, contract in enumerate(["7S", "8H", "MIS"]):
        r = _played_out(seed + 20, contract, 6)
        again = Round.from_record(r.record())
        assert review_cards(again, {2}, max_tricks_left=6) == review_cards(r, {2}, max_tricks_left=6)
        assert len(review_cards(r, {2}, max_tricks_left=6)) == 6


def test_a_time_budget_is_what_made_reviews_differ() -> None:
    """Graded with a tiny per-card budget, early cards drop out ("9 checked" becomes "8 checked");
    the review without a budget grades every card."""
    from fivehundred.analysis.grading import review_cards

    r = _played_out(3, "7NT", 6)
    rushed = grade_hand(r, seats={2}, time_budget=1e-6, max_tricks_left=6)
    assert any(g.grade is None for g in rushed)
    assert len(review_cards(r, {2}, max_tricks_left=6)) == 6


def test_a_node_budget_leaves_the_same_cards_ungraded_on_every_run() -> None:
    """A counted budget (not a timed one) bounds the review and still reads the same after a reload."""
    from fivehundred.analysis.grading import review_cards

    r = _played_out(3, "7NT", 10)
    tight = review_cards(r, {2}, node_budget=2_000)
    again = review_cards(Round.from_record(r.record()), {2}, node_budget=2_000)
    assert tight == again
    assert any(g.grade is None for g in tight) and any(g.grade is not None for g in tight)
