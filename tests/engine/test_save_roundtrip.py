"""Saves always load: whatever accepted actions led to a round or a game, its save reads back the same.

Hypothesis picks a preset, a player count (2 to 6), a few rule flags, a deal and
a sequence of legal actions (by index into :meth:`Round.legal_actions`, so
every action is one the engine accepted), then checks that

* ``Round.from_record(r.record())`` gives the same record, phase, player to
  act, history, result and every seat's view, and can carry on identically;
* ``Game.from_dict(g.to_dict())`` (and ``Game.from_text(g.to_text())``) gives
  the same saved data, scores, score pad and hand in progress.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fivehundred import PRESETS, Game, Round, Rules
from fivehundred.rules import SELF_RAISE_READINGS

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def tables(draw: st.DrawFn) -> Rules:
    preset = draw(st.sampled_from(sorted(PRESETS)))
    players = draw(st.integers(2, 6))
    changes: dict[str, object] = {"players": players}
    changes["allow_self_raise"] = draw(st.sampled_from((False, *SELF_RAISE_READINGS)))
    changes["allow_bid_after_pass"] = draw(st.booleans())
    changes["misere_six_handed"] = draw(st.booleans())
    changes["blind_misere_allowed"] = draw(st.booleans())
    changes["stop_when_misere_lost"] = draw(st.booleans())
    if players == 5:
        changes["five_player_partner"] = draw(st.sampled_from(("name_player", "call_card")))
    if players == 6:
        changes["six_player_teams"] = draw(st.sampled_from(("two_threes", "three_pairs")))
    return Rules.preset(preset, **changes)


def _play(r: Round, choices: list[int]) -> None:
    for choice in choices:
        legal = r.legal_actions()
        if not legal:
            return
        r.apply(legal[choice % len(legal)])


def _same_round(a: Round, b: Round) -> None:
    assert b.record() == a.record()
    assert (b.phase, b.to_act, b.history, b.result) == (a.phase, a.to_act, a.history, a.result)
    assert b.rules == a.rules and b.dealer == a.dealer
    for seat in range(a.players):
        assert b.view(seat) == a.view(seat)
    assert b.legal_actions() == a.legal_actions()


@SETTINGS
@given(rules=tables(), seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 5), choices=st.lists(st.integers(0, 300), max_size=70))
def test_a_round_saved_after_any_accepted_actions_loads_the_same(
    rules: Rules, seed: int, dealer: int, choices: list[int]
) -> None:
    r = Round.deal(rules, dealer=dealer % rules.players, seed=seed)
    _play(r, choices)
    back = Round.from_record(r.record())
    _same_round(r, back)
    # and the loaded round carries on exactly as the original does
    more = [7, 3, 11, 0, 5]
    _play(r, more)
    _play(back, more)
    _same_round(r, back)


@SETTINGS
@given(rules=tables(), seed=st.integers(-(2**40), 2**40), dealer=st.integers(0, 5), choices=st.lists(st.integers(0, 300), max_size=160))
def test_a_game_saved_after_any_accepted_actions_loads_the_same(
    rules: Rules, seed: int, dealer: int, choices: list[int]
) -> None:
    g = Game(rules, seed=seed, dealer=dealer % rules.players)
    for choice in choices:
        if g.is_over:
            break
        if g.round.is_over:
            g.next_hand()
            continue
        legal = g.round.legal_actions()
        g.round.apply(legal[choice % len(legal)])
    saved = g.to_dict()
    json.dumps(saved)  # plain JSON data
    for back in (Game.from_dict(saved), Game.from_text(g.to_text())):
        assert back.to_dict() == saved
        assert back.scores == g.scores and back.is_over == g.is_over and back.result == g.result
        assert [line.totals for line in back.lines] == [line.totals for line in g.lines]
        _same_round(g.round, back.round)
