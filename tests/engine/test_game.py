"""Whole games: the deal passes on, running totals, and the end of the game (RULES.md §1, §7)."""

from __future__ import annotations

import random

import pytest

from .engine_helpers import play_out
from fivehundred import Game, IllegalActionError, Rules
from fivehundred.seating import side_of


def test_dealer_passes_clockwise_after_a_played_hand() -> None:
    g = Game(seed=1)
    dealers = [g.round.dealer]
    rng = random.Random(1)
    for _ in range(5):
        play_out(g.round, rng)
        g.next_hand()
        if g.is_over:
            break
        dealers.append(g.round.dealer)
    assert dealers == [i % 4 for i in range(len(dealers))]


def test_next_hand_before_the_hand_is_over() -> None:
    g = Game(seed=2)
    with pytest.raises(IllegalActionError, match="not over"):
        g.next_hand()


def _play_game(rules: Rules, seed: int) -> Game:
    g = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(200):
        play_out(g.round, rng)
        before = g.scores
        g.next_hand()
        line = g.lines[-1]
        assert line.totals == tuple(b + p for b, p in zip(before, line.points))
        if g.is_over:
            return g
        # the game goes on: nobody made a contract to 500, nobody is out backwards
        res = line.result
        if res.contractor is not None and res.score is not None and res.score.made:
            assert line.totals[side_of(res.contractor, rules)] < 500
        assert all(t > -500 for t in line.totals)
    raise AssertionError("game did not end")


@pytest.mark.parametrize("preset", ["australian", "american", "seed_490"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_end_by_the_rules(preset: str, seed: int) -> None:
    rules = Rules.preset(preset)
    g = _play_game(rules, seed)
    assert g.result is not None
    last = g.lines[-1]
    res = last.result
    winner, loser = g.result.winner, g.result.loser
    if loser is not None:
        assert last.totals[loser] <= -500
        assert winner != loser
    else:
        assert last.totals[winner] >= 500
        assert res.contractor is not None and res.score is not None
        contractor_side = side_of(res.contractor, rules)
        if not rules.defence_points_can_win:
            assert winner == contractor_side and res.score.made
    if rules.defence_points_limit is not None:
        for prev, line in zip(((0, 0), *(x.totals for x in g.lines)), g.lines):
            if line.result.contractor is None:
                continue
            cs = side_of(line.result.contractor, rules)
            for side, (b, a) in enumerate(zip(prev, line.totals)):
                if side != cs and a > b:
                    assert a <= 490  # defence points never take a side past 490
    with pytest.raises(IllegalActionError, match="game is over"):
        g.next_hand()
