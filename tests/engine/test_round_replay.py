"""Round.from_deal() and Round.actors(): the one way to replay a hand from its deal."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivehundred.round import Round
from fivehundred.rules import AUSTRALIAN, Rules


def _played(seed: int, steps: int, players: int = 4) -> Round:
    rules = AUSTRALIAN if players == 4 else Rules.preset("australian", players=players)
    r = Round.deal(rules, dealer=seed % players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if r.is_over:
            break
        r.apply(rng.choice(r.legal_actions()))
    return r


def test_from_deal_is_the_deal_with_no_action() -> None:
    r = _played(3, 25)
    fresh = r.from_deal()
    assert fresh is not r and fresh.history == [] and fresh.phase.value == "auction"
    assert (fresh.dealer, fresh.dealt_hands, fresh.kitty, fresh.dead_hand) == (r.dealer, r.dealt_hands, r.kitty, r.dead_hand)
    assert fresh.to_act == (r.dealer + 1) % 4
    fresh.apply(fresh.legal_actions()[0])
    assert len(r.history) == 25  # independent of the original


def test_actors_of_an_auction_by_hand() -> None:
    r = Round.deal(dealer=3, seed=1)  # West deals: North speaks first
    for call in ("PASS", "6S", "PASS", "7S"):
        r.apply(call)
    assert r.actors() == (0, 1, 2, 3)
    r.apply("PASS")  # North has passed and may not call again, so East speaks
    assert r.actors()[-1] == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.sampled_from([3, 4, 5, 6]))
def test_actors_name_the_seat_to_act_before_each_action(seed: int, steps: int, players: int) -> None:
    r = _played(seed, steps, players)
    seats = r.actors()
    assert len(seats) == len(r.history)
    # walking forward by hand: each action is taken by the seat to act at that moment
    walk = Round(r.rules, r.dealer, r.dealt_hands, r.kitty, r.dead_hand)
    for seat, act in zip(seats, r.history):
        assert walk.to_act == seat
        walk.apply(act)
    assert walk.record() == r.record()


def test_actors_of_a_fresh_round_is_empty() -> None:
    assert Round.deal(seed=2).actors() == ()


@pytest.mark.parametrize("players", [3, 5, 6])
def test_from_deal_keeps_the_dead_hand(players: int) -> None:
    r = _played(players, 10, players)
    assert r.from_deal().dead_hand == r.dead_hand
