"""Duplicate matches, and the CI smoke matches between the player tiers (the long runs are in bench/bots.py)."""

from __future__ import annotations

import random

import pytest

from fivehundred import PRESETS, Round
from fivehundred.analysis.hints import SearchPlayer
from fivehundred.errors import FiveHundredError
from fivehundred.players import RandomPlayer, RulesPlayer, duplicate_match
from fivehundred.round import Phase
from fivehundred.scoring import NUM_TRICKS


def test_duplicate_boards_cancel_the_cards() -> None:
    # identical players on both teams: every board's two plays mirror each other exactly
    m = duplicate_match(lambda b, s: RulesPlayer(), lambda b, s: RulesPlayer(), boards=6)
    assert m.nets == (0.0,) * 6


def test_rules_player_beats_random_smoke() -> None:
    m = duplicate_match(lambda b, s: RulesPlayer(), lambda b, s: RandomPlayer(b * 10 + s), boards=10)
    assert m.mean > 150, m  # the bench measures about +540 over 200 boards


def test_search_player_is_not_worse_than_rules_smoke() -> None:
    m = duplicate_match(
        lambda b, s: SearchPlayer(samples=4, max_tricks=3, time_budget=30.0, seed=b * 10 + s),
        lambda b, s: RulesPlayer(),
        boards=6,
    )
    assert m.mean > -40, m  # a conservative floor: search only changes late cards


@pytest.mark.parametrize("boards", [0, -1, 2.5])
def test_bad_board_counts(boards: object) -> None:
    with pytest.raises(FiveHundredError, match="at least one board"):
        duplicate_match(lambda b, s: RulesPlayer(), lambda b, s: RulesPlayer(), boards=boards)  # type: ignore[arg-type]


def test_three_player_rules_are_refused() -> None:
    with pytest.raises(FiveHundredError, match="4-player"):
        duplicate_match(lambda b, s: RulesPlayer(), lambda b, s: RulesPlayer(), 1, rules=PRESETS["australian"].replace(players=3))


def test_search_player_ignores_cards_it_cannot_see() -> None:
    """Permutation test: reshuffling the hidden cards never changes the search player's card (fixed seed)."""
    from tests.players.test_rules_player import _hidden_shuffle

    rng = random.Random(3)
    compared = 0
    for seed in range(150):
        r = Round.deal(PRESETS["australian"], dealer=seed % 4, seed=seed)
        drivers = [RulesPlayer() for _ in range(4)]
        while not r.is_over and not (r.phase is Phase.PLAY and NUM_TRICKS - len(r.tricks) <= 3 and rng.random() < 0.5):
            r.apply(drivers[r.to_act].choose(r.view(r.to_act)))  # type: ignore[index, arg-type]
        if r.is_over:
            continue
        seat = r.to_act
        assert seat is not None
        other = _hidden_shuffle(r, seat, rng)
        if other is None:
            continue
        assert other.view(seat) == r.view(seat)
        a = SearchPlayer(samples=5, max_tricks=3, time_budget=60.0, seed=9).choose(r.view(seat))
        b = SearchPlayer(samples=5, max_tricks=3, time_budget=60.0, seed=9).choose(other.view(seat))
        assert a == b, (seed, r.record())
        compared += 1
    assert compared >= 15
