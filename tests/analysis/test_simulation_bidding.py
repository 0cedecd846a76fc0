"""Bidding by simulation (#24 item 4): the search player's calls with ``bid_samples`` set.

The rule: the method's call, unless a call near the count beats it on the sampled deals by more than
``BID_MARGIN`` points a hand and ``BID_Z`` standard errors.  These tests check the rule against the
simulation itself (run again with the same seed), that the player reads only its own view, and that it
keeps to the method where it should.
"""

from __future__ import annotations

import random

import pytest

from fivehundred import PRESETS, Round
from fivehundred.analysis import hints
from fivehundred.analysis.hints import BID_MARGIN, BID_Z, SearchPlayer, _could_decide_game, _within_method_limits
from fivehundred.analysis.simulation import BiddingProblem, plausible_bids, simulate_follows
from fivehundred.bidding import Bid
from fivehundred.cards import pack
from fivehundred.players import RulesPlayer
from fivehundred.round import Phase, View
from fivehundred.rules import AUSTRALIAN

SAMPLES = 8


def _views(seeds: range, scores: tuple[int, int] | None = None) -> list[View]:
    """Every bidding view of the auctions the rules player bids on these seeded deals (in a game at ``scores``)."""
    out = []
    rp = RulesPlayer()
    for seed in seeds:
        cards = list(pack(4))
        random.Random(seed).shuffle(cards)
        r = Round(AUSTRALIAN, seed % 4, [cards[i * 10:(i + 1) * 10] for i in range(4)], cards[40:43])
        r.game_scores = scores
        while r.phase is Phase.AUCTION:
            v = r.view(r.to_act)  # type: ignore[arg-type]
            out.append(v)
            r.apply(rp.choose(v))
    return out


def _player(seed: int = 0) -> SearchPlayer:
    # a generous budget: every sample is scored, so the call does not depend on the machine's speed
    return SearchPlayer(bid_samples=SAMPLES, bid_budget=60.0, max_tricks=0, seed=seed)


def test_off_by_default_it_bids_by_the_method() -> None:
    plain, rules = SearchPlayer(max_tricks=0), RulesPlayer()
    assert plain.bids_by_method and not _player().bids_by_method
    for v in _views(range(12)):
        assert plain.choose(v) == rules.choose(v)


def test_a_call_leaves_the_method_only_when_the_simulation_says_it_is_clearly_better() -> None:
    """Each call is checked against the same simulation run again (the player's seed for that call)."""
    views = _views(range(24))
    player = _player()
    method = RulesPlayer()
    changed = kept = 0
    for v in views:
        seed_before = player._seed
        call = player.choose(v)
        assert call in v.legal_actions
        mine = method.choose(v)
        assert isinstance(mine, Bid)
        problem = BiddingProblem(tuple(v.hand), v.dealer, tuple(b for _, b in v.auction), v.rules, v.seat)
        candidates = {b for b in plausible_bids(problem) if _within_method_limits(b, v.hand)} | {mine}
        if len(candidates) < 2:
            assert call == mine
            continue
        assert player._seed == seed_before + 1
        sim = simulate_follows(problem, samples=SAMPLES, seed=f"bid/{player._seed}", candidates=candidates)
        gain, se = sim.difference(mine)
        clear = sim.best.bid != mine and gain > BID_MARGIN and gain > BID_Z * se
        assert call == (sim.best.bid if clear else mine), (problem.code, call, mine, gain, se)
        if clear:
            changed += 1
            why = player.explain(v, call)
            assert f"{gain:.0f} points a hand more than {mine.label}, the method's call" in why, why
        else:
            kept += 1
    # the rule is exercised both ways on these deals
    assert changed >= 1 and kept >= 20


def test_it_reads_only_its_own_view() -> None:
    """Shuffling the other players' hands and the kitty (the same view) never changes the call."""
    for seed in range(6):
        cards = list(pack(4))
        random.Random(seed).shuffle(cards)
        r = Round(AUSTRALIAN, 0, [cards[i * 10:(i + 1) * 10] for i in range(4)], cards[40:43])
        r.apply(RulesPlayer().choose(r.view(r.to_act)))  # type: ignore[arg-type]
        seat = r.to_act
        assert seat is not None
        mine = cards[seat * 10:(seat + 1) * 10]
        rest = [c for c in cards if c not in set(mine)]
        calls = set()
        for shuffle in range(3):
            random.Random(100 + shuffle).shuffle(rest)
            hands: list[list] = []  # type: ignore[type-arg]
            k = 0
            for s in range(4):
                if s == seat:
                    hands.append(mine)
                else:
                    hands.append(rest[k:k + 10])
                    k += 10
            r2 = Round(AUSTRALIAN, 0, hands, rest[30:33])
            for _, b in r.auction:
                r2.apply(b)
            calls.add(_player(seed=7).choose(r2.view(seat)))
        assert len(calls) == 1


def test_a_huge_margin_keeps_every_call_the_methods(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hints, "BID_MARGIN", float("inf"))
    player, method = _player(), RulesPlayer()
    for v in _views(range(8)):
        assert player.choose(v) == method.choose(v)


def test_other_player_counts_bid_by_the_method() -> None:
    """The simulation covers the four-player game; at three players the search player bids as the rules player."""
    rules = PRESETS["australian"].replace(players=3)
    player, method = _player(), RulesPlayer()
    for seed in range(6):
        r = Round.deal(rules, seed=seed)
        while r.phase is Phase.AUCTION:
            v = r.view(r.to_act)  # type: ignore[arg-type]
            call = player.choose(v)
            assert call == method.choose(v)
            r.apply(call)


@pytest.mark.parametrize(("ours", "calls", "decides"), [
    (None, ["7S", "8S"], False),          # a hand outside a game: nothing to decide
    (0, ["7S", "8S", "PASS"], False),     # 8♠ (340) made does not reach 500, nor set fall to −500
    (0, ["10H"], True),                   # 10♥ made is 500: the game
    (370, ["6NT"], False),                # 6NT is 120, and 130 are needed
    (380, ["6NT"], True),                 # at 380, 120 wins it
    (380, ["6S", "PASS"], False),         # 6♠ is 40; a pass is no contract of this side's
    (-360, ["7S"], True),                 # 7♠ set takes −360 to −500: out backwards
    (-350, ["7S"], False),                # −490: still in
])
def test_which_calls_could_decide_the_game(ours: int | None, calls: list[str], decides: bool) -> None:
    view = _views(range(1), scores=None if ours is None else (ours, ours))[0]
    assert view.our_score == ours
    assert _could_decide_game(view, [Bid.parse(c) for c in calls]) is decides


def test_where_a_call_could_decide_the_game_it_bids_by_the_method() -> None:
    """One hand's points are not what is at stake when a call could win or lose the game: the calls the
    simulation changed outside a game are the method's (which knows the score) in a game where any bid
    made wins it (460: 6♠ is 40) or any bid set loses it (−460)."""
    player = _player()
    deviations = [(i, v) for i, v in enumerate(_views(range(24))) if player.choose(v) != RulesPlayer().choose(v)]
    assert deviations, "no call left the method's on these deals: the test shows nothing"
    for score in (460, -460):
        in_game = _views(range(24), scores=(score, score))
        for i, v in deviations:
            w = in_game[i]
            assert (w.seat, w.auction, w.hand) == (v.seat, v.auction, v.hand)
            before = player._seed
            assert player.choose(w) == RulesPlayer().choose(w), (score, w.hand, w.auction)
            assert player._seed == before  # no simulation was run
