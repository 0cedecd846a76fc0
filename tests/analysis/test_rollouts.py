"""Rollouts (fivehundred.analysis.rollouts): sampled deals replayed as whole rounds, equivalent cards, and a
search player that decides its early cards by playing the hand out with each seat seeing only its own cards."""

from __future__ import annotations

import random

import pytest

from fivehundred import PRESETS, Phase, Play, Round
from fivehundred.analysis.hints import SearchPlayer, sample_positions
from fivehundred.analysis.rollouts import distinct_plays, rollout_values, sampled_round
from fivehundred.analysis.solver import card_values
from fivehundred.players import RulesPlayer
from fivehundred.round import View

from tests.players.test_rules_player import _hidden_shuffle


def _moments(rules: object, seeds: range, rng: random.Random, latest: int = 36) -> list[tuple[Round, View]]:
    """Rounds played by the rules player to a random point of the play (about ``latest`` cards in at most), each
    with the view of the seat to act."""
    out = []
    player = RulesPlayer()
    for seed in seeds:
        r = Round.deal(rules, dealer=seed % rules.players, seed=seed)  # type: ignore[attr-defined]
        stop = rng.randrange(0, latest)
        while not r.is_over:
            view = r.view(r.to_act)  # type: ignore[arg-type]
            if r.phase is Phase.PLAY and (len(r.tricks) * rules.players >= stop or len(r.tricks) >= 8):  # type: ignore[attr-defined]
                out.append((r, view))
                break
            r.apply(player.choose(view))
    return out


@pytest.mark.parametrize("preset", ["australian", "american", "seed", "seed_joker_last_trick"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_sampled_deal_replays_to_the_same_moment_and_the_seat_sees_exactly_its_view(preset: str, players: int) -> None:
    """Every sampled deal becomes a round whose view for the seat is the seat's view, field for field (the kitty
    and the discards included when the seat is the contractor), and whose other hands are the sampled ones."""
    rules = PRESETS[preset].replace(players=players)
    rng = random.Random(players)
    checked = contractor_views = 0
    for r, view in _moments(rules, range(100 * players, 100 * players + 14), rng):
        for pos in sample_positions(view, 3, seed=checked):
            replay = sampled_round(view, pos)
            assert replay.view(view.seat) == view, (preset, players, r.record())
            for seat in range(players):
                if seat not in view.sitting_out:
                    assert replay.view(seat).hand_mask == pos.hands[seat]
            checked += 1
            contractor_views += view.seat == view.contractor
    assert checked >= 30
    assert contractor_views >= 1


def test_a_sampled_deal_that_does_not_fit_the_view_is_refused() -> None:
    """A deal whose cards contradict what was played (a card played from a hand that never held it) raises."""
    from dataclasses import replace

    from fivehundred.errors import FiveHundredError

    rules = PRESETS["australian"]
    r, view = _moments(rules, range(7, 8), random.Random(0))[0]
    assert view.tricks
    pos = sample_positions(view, 1, seed=0)[0]
    other = next(s for s in range(4) if s != view.seat)
    mine = view.hand_mask
    broken = replace(pos, hands=tuple(h | mine if s == other else h for s, h in enumerate(pos.hands)))
    with pytest.raises(FiveHundredError):
        sampled_round(view, broken)


def test_cards_kept_once_are_equivalent_double_dummy() -> None:
    """A card left out of distinct_plays is worth exactly what the card standing for its run is worth, solved
    double dummy on the whole deal; and the list is never empty and holds only legal plays."""
    rules = PRESETS["australian"].replace(misere_requires_seven=False)
    rng = random.Random(5)
    dropped = 0
    for r, view in _moments(rules, range(40, 80), rng):
        if 10 - len(r.tricks) > 5:
            continue
        kept = distinct_plays(view)
        legal = [a for a in view.legal_actions if isinstance(a, Play)]
        assert kept and set(kept) <= set(legal)
        if len(kept) == len(legal):
            continue
        values = card_values(r)
        table = {p: values[p] for p in legal}
        for p in legal:
            if p in kept:
                continue
            dropped += 1
            same_run = [k for k in kept if table[k] == table[p]]
            assert same_run, (p, kept, r.record())
    assert dropped >= 5


def test_the_preferred_card_stands_for_its_run() -> None:
    rules = PRESETS["australian"]
    for r, view in _moments(rules, range(0, 30), random.Random(2)):
        for p in (a for a in view.legal_actions if isinstance(a, Play)):
            assert p in distinct_plays(view, prefer=p)


def test_rollouts_judge_every_card_on_the_same_deals_and_stop_at_the_deadline() -> None:
    rules = PRESETS["australian"]
    r, view = next((r, v) for r, v in _moments(rules, range(20, 60), random.Random(3)) if len(distinct_plays(v)) > 1)
    positions = sample_positions(view, 6, seed=1)
    result = rollout_values(view, positions)
    assert result.deals == len(positions) == 6
    assert {len(xs) for xs in result.nets.values()} == {6}
    assert result.best() in distinct_plays(view)
    gain, se = result.difference(result.best(), result.best())
    assert gain == 0 and se == 0
    assert rollout_values(view, positions, deadline=0.0).deals == 0  # the deadline has passed: no deal is played


def test_a_rollout_player_sees_only_its_view() -> None:
    """Dealing the cards the seat cannot see differently never changes its card (same seed, same sampled deals),
    including where the rollouts overrule the rules player."""
    rng = random.Random(11)
    compared = overruled = 0
    for r, view in _moments(PRESETS["australian"], range(200, 260), rng, latest=12):
        if len(distinct_plays(view)) < 2:
            continue
        other = _hidden_shuffle(r, view.seat, rng)
        if other is None:
            continue
        assert other.view(view.seat) == view
        a = SearchPlayer(rollout_samples=16, time_budget=60.0, seed=4).choose(view)
        b = SearchPlayer(rollout_samples=16, time_budget=60.0, seed=4).choose(other.view(view.seat))
        assert a == b, r.record()
        compared += 1
        overruled += a != RulesPlayer().choose(view)
    assert compared >= 20
    assert overruled >= 1


def test_a_rollout_player_refuses_a_bad_sample_count() -> None:
    from fivehundred.errors import FiveHundredError

    with pytest.raises(FiveHundredError, match="rollout_samples"):
        SearchPlayer(rollout_samples=-1)


def test_rollouts_refuse_bad_input_in_plain_words() -> None:
    from fivehundred.errors import FiveHundredError, NotationError

    rules = PRESETS["australian"]
    r, view = _moments(rules, range(3, 4), random.Random(0))[0]
    pos = sample_positions(view, 1, seed=0)[0]
    auction_view = Round.deal(rules, seed=1).view(1)
    with pytest.raises(NotationError):
        distinct_plays("not a view")  # type: ignore[arg-type]
    with pytest.raises(FiveHundredError, match="play phase"):
        distinct_plays(auction_view)
    with pytest.raises(FiveHundredError, match="play phase"):
        sampled_round(auction_view, pos)
    with pytest.raises(NotationError, match="sampled position"):
        sampled_round(view, "AS KS")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="sampled positions"):
        rollout_values(view, [pos, 7])  # type: ignore[list-item]
    not_legal = next(Play(c) for c in rules_pack(rules) if Play(c) not in view.legal_actions)
    with pytest.raises(FiveHundredError, match="legal plays"):
        rollout_values(view, [pos], plays=[not_legal])
    with pytest.raises(NotationError):
        rollout_values(view, [pos], deadline="soon")  # type: ignore[arg-type]


def rules_pack(rules: object) -> tuple[object, ...]:
    from fivehundred import pack

    return tuple(pack(rules.players))  # type: ignore[attr-defined]
