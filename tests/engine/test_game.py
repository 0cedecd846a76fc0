"""Whole games: the deal passes on, running totals, and the end of the game (RULES.md §1, §7)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .engine_helpers import play_out
from fivehundred import PRESETS, Game, IllegalActionError, NotationError, Rules
from fivehundred.players import RulesPlayer, play_hand
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


# --- saving and loading a game ------------------------------------------------------------------


def _game_with_hands(seed: int, finished: int, moves_into_current: int) -> Game:
    g = Game(seed=seed)
    rng = random.Random(seed)
    for _ in range(finished):
        play_hand(g.round, [RulesPlayer() for _ in range(4)])
        g.next_hand()
        if g.is_over:
            return g
    for _ in range(moves_into_current):
        if g.round.is_over:
            break
        g.round.apply(rng.choice(g.round.legal_actions()))
    return g


@pytest.mark.parametrize("finished, moves", [(0, 0), (0, 7), (3, 0), (3, 15), (5, 30)])
def test_a_saved_game_loads_back_exactly_and_carries_on_with_the_same_deals(finished: int, moves: int) -> None:
    g = _game_with_hands(11, finished, moves)
    text = g.to_text()
    back = Game.from_text(text)
    assert back.scores == g.scores and back.rules == g.rules
    assert [line.totals for line in back.lines] == [line.totals for line in g.lines]
    assert [line.reason for line in back.lines] == [line.reason for line in g.lines]
    assert [h.record() for h in back.hands] == [h.record() for h in g.hands]
    assert back.round.record() == g.round.record()
    assert back.round.history == g.round.history and back.round.to_act == g.round.to_act
    assert back.to_dict() == g.to_dict()
    # both games deal the same next hands after the same play
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(3):
        if g.is_over:
            break
        play_out(g.round, rng_a)
        play_out(back.round, rng_b)
        g.next_hand()
        back.next_hand()
        assert back.round.dealt_hands == g.round.dealt_hands and back.round.dealer == g.round.dealer


def test_a_redeal_is_counted_so_the_loaded_game_deals_the_same_next_hand() -> None:
    g = Game(seed=4)
    g.round.apply("PASS")
    first = g.round.dealt_hands
    fresh = g.redeal()
    assert fresh.dealer == 0 and fresh.dealt_hands != first and not fresh.history
    back = Game.from_dict(g.to_dict())
    assert back.round.dealt_hands == fresh.dealt_hands
    assert back.redeal().dealt_hands == g.redeal().dealt_hands


def test_redeal_refuses_a_finished_hand() -> None:
    g = Game(seed=4)
    play_out(g.round, random.Random(1))
    with pytest.raises(IllegalActionError, match="next_hand"):
        g.redeal()


def test_a_finished_game_saves_and_loads_with_its_result() -> None:
    g = _play_game(Rules.preset("american"), 2)
    back = Game.from_text(g.to_text())
    assert back.is_over and back.result == g.result and back.scores == g.scores
    assert len(back.hands) == len(g.lines)


def _mutated(data: dict, **changes: object) -> dict:
    out = dict(data)
    out.update(changes)
    return out


@pytest.mark.parametrize(
    "change, words",
    [
        ({"format": "something-else"}, "format"),
        ({"seed": "7"}, "'seed' must be int"),
        ({"hands": "nope"}, "'hands' must be list"),
        ({"rules": "players=9"}, "rules"),
        ({"totals": [999, 0]}, "totals"),
        ({"first_dealer": 7}, "first dealer"),
        ({"draws": 0}, "draws"),
    ],
)
def test_a_damaged_save_names_its_problem(change: dict, words: str) -> None:
    data = _game_with_hands(3, 2, 5).to_dict()
    with pytest.raises(NotationError, match=words) as info:
        Game.from_dict(_mutated(data, **change))
    assert info.value.explanation.startswith("The saved game can't be used")


def test_a_hand_that_does_not_replay_or_is_out_of_turn_is_refused() -> None:
    data = _game_with_hands(3, 2, 5).to_dict()
    # a card swapped between two hands makes an illegal play or a different result
    first = data["hands"][0]
    broken = first.replace("play:", "play: JK", 1) if "play:" in first else first.replace("auction:", "auction: 9NT 9NT")
    with pytest.raises(NotationError, match="hand 1"):
        Game.from_dict(_mutated(data, hands=[broken, data["hands"][1]]))
    # hands in the wrong order: the second hand's dealer is not the first hand's
    with pytest.raises(NotationError, match="hand 1 is dealt by seat 1, expected seat 0") as info:
        Game.from_dict(_mutated(data, hands=[data["hands"][1], data["hands"][0]]))
    assert "wrong dealer" in info.value.explanation
    # an unfinished hand among the finished ones
    with pytest.raises(NotationError, match="not finished"):
        Game.from_dict(_mutated(data, hands=[data["current"], data["hands"][1]]))


def test_not_json_is_a_clear_error() -> None:
    with pytest.raises(NotationError, match="JSON") as info:
        Game.from_text("{not json")
    assert "not JSON" in info.value.explanation
    with pytest.raises(NotationError, match="JSON object"):
        Game.from_text("[1, 2]")


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(sorted(PRESETS)), steps=st.integers(0, 400))
def test_any_game_state_round_trips_through_its_saved_text(seed: int, preset: str, steps: int) -> None:
    """Whatever point a game has reached (random legal play, any preset), saving and loading it gives the
    same game: the same hands, lines, totals, result and hand in progress."""
    g = Game(PRESETS[preset], seed=seed, dealer=seed % 4)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        if g.round.is_over:
            g.next_hand()
        else:
            g.round.apply(rng.choice(g.round.legal_actions()))
    back = Game.from_text(g.to_text())
    assert back.to_dict() == g.to_dict()
    assert back.result == g.result and back.lines == g.lines
    assert back.round.history == g.round.history and back.round.phase == g.round.phase
