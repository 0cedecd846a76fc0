from __future__ import annotations

import pytest

from fivehundred import PRESETS, Discard, Phase, Round
from fivehundred.players import Player, PlayerError, RandomPlayer, play_hand
from fivehundred.round import View
from fivehundred.actions import Action


class _Checking(Player):
    """Wraps a player and checks each choice against the view's legal actions."""

    def __init__(self, inner: Player, log: list[str]) -> None:
        self.inner = inner
        self.log = log

    def choose(self, view: View) -> Action:
        action = self.inner.choose(view)
        if view.phase is Phase.KITTY:
            assert isinstance(action, Discard)
            assert set(action.cards) <= set(view.hand) and len(set(action.cards)) == 3
        else:
            assert action in view.legal_actions
        self.log.append(str(action))
        return action


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_players_finish_hands_legally(preset: str, players: int) -> None:
    rules = PRESETS[preset].replace(players=players)
    finished = 0
    for seed in range(6):
        r = Round.deal(rules, dealer=seed % players, seed=seed)
        log: list[str] = []
        result = play_hand(r, [_Checking(RandomPlayer(seed * 10 + s), log) for s in range(players)])
        assert r.is_over and result is r.result
        assert log, "no action was taken"
        finished += 1
    assert finished == 6


def test_random_player_is_repeatable() -> None:
    def run() -> str:
        r = Round.deal(seed=11)
        play_hand(r, [RandomPlayer(seed=s) for s in range(4)])
        return r.record()

    assert run() == run()


def test_random_player_refuses_to_act_out_of_turn() -> None:
    r = Round.deal(seed=2)
    seat = (r.to_act + 1) % 4 if r.to_act is not None else 0
    with pytest.raises(PlayerError, match="not seat"):
        RandomPlayer(0).choose(r.view(seat))


def test_play_hand_needs_a_player_for_each_seat() -> None:
    r = Round.deal(seed=2)
    with pytest.raises(PlayerError, match="no player for seat"):
        play_hand(r, [RandomPlayer(0)])


def test_player_sees_only_a_view() -> None:
    seen: list[object] = []

    class Spy(Player):
        def choose(self, view: View) -> Action:
            seen.append(view)
            return RandomPlayer(0).choose(view)

    play_hand(Round.deal(seed=5), [Spy(), Spy(), Spy(), Spy()])
    assert seen and all(isinstance(v, View) for v in seen)
