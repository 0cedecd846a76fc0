from __future__ import annotations

import time


from fivehundred import PRESETS, Play, Round
from fivehundred.analysis.endings import random_ending
from fivehundred.analysis.hints import SearchPlayer, hint, sample_positions
from fivehundred.analysis.solver import brute_force, card_values
from fivehundred.players import play_hand
from fivehundred.players.base import Player

RULES = PRESETS["australian"].replace(misere_requires_seven=False)
CONTRACTS = ("7S", "8H", "7NT", "MIS", "OMIS", "6D")


def _solo_result(r: Round) -> int:
    assert r.result is not None and r.result.score is not None
    return r.result.score.contractor_tricks


def test_hint_is_double_dummy_optimal_in_short_endings() -> None:
    """Checked against the exhaustive brute force: the hinted card keeps the best result."""
    checked = 0
    for seed in range(36):
        contract = CONTRACTS[seed % len(CONTRACTS)]
        r = random_ending(RULES, seed=seed, tricks_left=1 + seed % 3, contract=contract, mid_trick=seed % 2)
        h = hint(r)
        best = brute_force(r)
        child = r.copy()
        child.apply(h.action)
        got = _solo_result(child) if child.is_over else brute_force(child)
        assert got == best, (h, r.record())
        checked += 1
    assert checked == 36


def test_hint_is_double_dummy_optimal_with_six_tricks_left() -> None:
    for seed in range(4):
        r = random_ending(RULES, seed=seed, tricks_left=6, contract=CONTRACTS[seed])
        h = hint(r)
        values = card_values(r)
        assert h.action in values
        seat = r.to_act
        assert seat is not None
        misere = r.contract is not None and r.contract.is_misere
        # values are the contractor's tricks: the contracting side wants more, except in misère,
        # where the contractor wants fewer and the defenders more
        wants_more = seat != r.contractor if misere else seat in r.contracting_seats()
        target = max(values.values()) if wants_more else min(values.values())
        assert values[h.action] == target  # type: ignore[index]
        assert "Double-dummy" in h.evidence


def test_hint_flags_disagreement_with_the_rules_player() -> None:
    seen = 0
    for seed in range(40):
        r = random_ending(RULES, seed=seed, tricks_left=3, contract=CONTRACTS[seed % len(CONTRACTS)])
        h = hint(r)
        if h.disagrees:
            assert "Search prefers" in h.reason
            seen += 1
    assert seen >= 1


def test_sampled_hint_respects_the_view() -> None:
    r = random_ending(RULES, seed=7, tricks_left=4, contract="7H", mid_trick=1)
    view = r.view(r.to_act)  # type: ignore[arg-type]
    positions = sample_positions(view, 8, seed=1)
    assert len(positions) == 8
    for pos in positions:
        assert pos.hands[view.seat] == sum(c.bit for c in view.hand)
        for s in pos.order:
            assert bin(pos.hands[s]).count("1") == view.hand_sizes[s]
        played = sum(c.bit for c in view.played)
        assert not any(h & played for h in pos.hands)
    h = hint(view, samples=8, time_budget=None)
    assert h.action in view.legal_actions
    assert "sampled deals" in h.evidence
    # the support counts match the evidence, and the hinted card is among the best supported
    assert h.searched == 8
    counts = dict(h.support)
    assert set(counts) == {a for a in view.legal_actions if isinstance(a, Play)}
    assert all(0 <= n <= 8 for n in counts.values()) and max(counts.values()) >= 1
    assert h.action in h.best_supported()
    assert f"in {counts[h.action]} of 8 sampled deals" in h.evidence


def test_hint_outside_play_uses_the_rules_player() -> None:
    r = Round.deal(seed=3)
    h = hint(r)
    # a bid: the bidding method's call (the advisor, as lesson 14 teaches), in the method's words
    from fivehundred.analysis.advisor import advise

    assert h.action == advise(r.view(r.to_act)).recommended
    assert h.action in r.legal_actions() and "you count" in h.evidence and "partner and the kitty add about" in h.evidence
    for call in ("6H", "PASS", "PASS", "PASS"):
        r.apply(call)
    k = hint(r)
    assert k.action in r.legal_actions() and "only for card play" in k.evidence


def test_hint_respects_cancel_and_progress() -> None:
    r = random_ending(RULES, seed=1, tricks_left=5, contract="7NT")
    calls: list[tuple[int, int]] = []
    h = hint(r.view(r.to_act), samples=3, progress=lambda d, t: calls.append((d, t)))  # type: ignore[arg-type]
    assert calls and calls[-1][0] == calls[-1][1]
    stopped = hint(r.view(r.to_act), samples=3, cancel=lambda: True)  # type: ignore[arg-type]
    assert stopped.action in r.legal_actions() and ("ran out of time" in stopped.evidence or "sampled" in stopped.evidence)
    late = hint(r, deadline=time.monotonic() - 1)
    assert late.action in r.legal_actions()
    del h


def test_search_player_plays_legal_hands() -> None:
    for seed in range(2):
        r = Round.deal(RULES, seed=seed)
        players: list[Player] = [SearchPlayer(samples=2, time_budget=0.3, max_tricks=3, seed=s) for s in range(4)]
        play_hand(r, players)
        assert r.is_over


def test_points_objective_picks_the_best_average_score() -> None:
    from fivehundred.analysis.solver import Solver
    from fivehundred.scoring import score_hand

    r = random_ending(RULES, seed=11, tricks_left=4, contract="7S", mid_trick=2)
    view = r.view(r.to_act)  # type: ignore[arg-type]
    h = hint(view, samples=6, seed=2, time_budget=None, objective="points")
    assert h.action in view.legal_actions and "points for your side" in h.evidence
    # recompute every card's average score for the seat's side from the same samples
    contracting = view.seat == view.contractor or view.seat in view.partners
    totals: dict[object, int] = {}
    for pos in sample_positions(view, 6, seed=2):
        for play, v in Solver(pos).play_values().items():
            s = score_hand(view.contract, pos.contractor_total(v), rules=view.rules)  # type: ignore[arg-type]
            net = s.contractors - sum(s.defenders)
            totals[play] = totals.get(play, 0) + (net if contracting else -net)
    assert totals[h.action] == max(totals.values())


def test_bad_objective_is_refused() -> None:
    import pytest

    from fivehundred.errors import FiveHundredError

    r = random_ending(RULES, seed=11, tricks_left=4, contract="7S")
    with pytest.raises(FiveHundredError, match="objective"):
        hint(r.view(r.to_act), objective="style")  # type: ignore[arg-type]


def test_sampled_deals_fit_the_bids() -> None:
    """Hidden hands are redrawn until each bidder's cards could have made its bids (the method's count, which the
    computer players bid by: a bid never goes above the count with partner and the kitty)."""
    from fivehundred.bidding_method import auction_context, count_hand
    from fivehundred.cards import ALL_CARDS
    from fivehundred.players import RulesPlayer

    def misfit(view: object, pos: object, seat: int) -> bool:
        cards = [c for c in ALL_CARDS if pos.hands[seat] & c.bit]  # type: ignore[attr-defined]
        cards += [c for t in (*view.tricks, *([view.current] if view.current else [])) for s, c in t.plays if s == seat]  # type: ignore[attr-defined]
        calls = tuple(view.auction)  # type: ignore[attr-defined]
        return any(
            b.strain is not None and count_hand(cards, b.strain, auction_context(s, calls[:i], b.strain, 4)).total < b.tricks - 1
            for i, (s, b) in enumerate(calls)
            if s == seat and not b.is_pass and not b.is_misere
        )

    checked = filtered_misfits = plain_misfits = 0
    for seed in range(60):
        r = Round.deal(RULES, dealer=seed % 4, seed=seed)
        drivers = [RulesPlayer() for _ in range(4)]
        while not r.is_over and not (r.phase.value == "play" and len(r.tricks) == 2):
            r.apply(drivers[r.to_act].choose(r.view(r.to_act)))  # type: ignore[index, arg-type]
        if r.is_over or r.contract is None or r.contract.is_misere or r.to_act in r.contracting_seats():
            continue
        view = r.view(r.to_act)  # type: ignore[arg-type]
        contractor = r.contractor
        assert contractor is not None
        filtered_misfits += sum(misfit(view, p, contractor) for p in sample_positions(view, 10, seed=seed))
        plain_misfits += sum(misfit(view, p, contractor) for p in sample_positions(view, 10, seed=seed, use_bids=False))
        checked += 1
    assert checked >= 10
    assert plain_misfits > 0  # without the bids, some deals give the contractor too little to have bid
    assert filtered_misfits <= plain_misfits // 10, (filtered_misfits, plain_misfits)


def test_a_sampled_position_knows_the_suits_led_as_the_round_does() -> None:
    """A suit led twice is one suit led (the sampler once added the bits, so spades twice read as clubs)."""
    from fivehundred import Round
    from fivehundred.analysis.hints import sample_positions
    from fivehundred.players import RandomPlayer

    checked = twice = 0
    for seed in range(60):
        r = Round.deal(seed=seed)
        players = [RandomPlayer(seed=seed * 10 + s) for s in range(4)]
        while not r.is_over and (r.phase.value != "play" or len(r.tricks) < 6):
            r.apply(players[r.to_act].choose(r.view(r.to_act)))
        if r.is_over or r.phase.value != "play":
            continue
        leds = [t.led for t in r.tricks if t.led is not None]
        twice += len(leds) != len(set(leds))
        for position in sample_positions(r.view(r.to_act), 2, seed=seed):
            assert position.suits_led == r._suits_led_bits(), seed
            checked += 1
    assert checked > 20 and twice > 5  # many hands led a suit twice by trick 7
