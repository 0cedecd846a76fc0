"""A pass over a standing bid is scored by what follows: the standing contract played out (issue #23, item 1)."""

from __future__ import annotations

from fivehundred.analysis.simulation import (
    BiddingProblem,
    _sample_deals,
    simulate_bids,
    standing_contract_value,
    truthful_pass,
)
from fivehundred.bidding import PASS
from fivehundred.players import RulesPlayer
from fivehundred.round import Phase
from fivehundred.scoring import NUM_TRICKS, score_hand

# South (seat 2) after West (dealer's left... dealer 0 = North: East calls first) has bid 7♠
PROBLEM = BiddingProblem.make("JH JD AH 10H 9H 7C 6C 5S 8D 9D", dealer=0, auction=["7S"])


def _by_hand(others: list[list[object]], kitty: list[object]) -> int:
    """The standing 7♠ played out step by step, scored from the scoring table: South's side minus East–West."""
    r = PROBLEM.deal(others, kitty)  # type: ignore[arg-type]
    r.apply(PASS)
    while r.phase is Phase.AUCTION:
        r.apply(PASS)
    player = RulesPlayer()
    while not r.is_over:
        r.apply(player.choose(r.view(r.to_act)))  # type: ignore[arg-type]
    assert r.contractor == 1 and str(r.contract) == "7S"  # East's 7♠ stands
    east_west = r.tricks_won[1] + r.tricks_won[3]
    score = score_hand("7S", east_west, defender_tricks=[NUM_TRICKS - east_west])
    return score.defenders[0] - score.contractors  # South defends: its side's tricks minus East–West's contract


def test_on_a_seeded_deal_the_pass_is_the_standing_contract_played_out() -> None:
    deals, _ = _sample_deals(PROBLEM, PROBLEM.hand, 3, 7)
    for others, kitty in deals:
        got = standing_contract_value(PROBLEM, others, kitty)
        assert got is not None
        value, made = got
        assert value == _by_hand(others, kitty)  # type: ignore[arg-type]
        assert made == (value < 0)  # East made it: South's side loses the contract's points (less its tricks)


def test_the_truthful_key_scores_the_pass_on_the_keys_own_deals() -> None:
    key = simulate_bids(PROBLEM, samples=4, seed=7, candidates=["PASS", "7H", "8H"], basis="playout")
    assert key.outcome("PASS").expected == 0  # the bank's keys: a pass scores 0 by fiat
    truthful = truthful_pass(key)
    deals, _ = _sample_deals(PROBLEM, PROBLEM.hand, 4, 7)
    values = [_by_hand(o, k) for o, k in deals]  # type: ignore[arg-type]
    assert truthful.scores("PASS") == tuple(values)
    assert truthful.outcome("PASS").expected == sum(values) / 4 != 0
    # the other calls are untouched, and the paired difference now uses the pass's real points
    assert [o for o in truthful.outcomes if not o.bid.is_pass] == [o for o in key.outcomes if not o.bid.is_pass]
    diff, _ = truthful.difference("PASS")
    assert diff == truthful.best.expected - sum(values) / 4


def test_with_no_bid_standing_a_pass_stays_zero() -> None:
    opening = BiddingProblem.make("JH JD AH 10H 9H 7C 6C 5S 8D 9D", dealer=0)
    deals, _ = _sample_deals(opening, opening.hand, 1, 1)
    assert standing_contract_value(opening, *deals[0]) is None
    key = simulate_bids(opening, samples=2, seed=1, candidates=["PASS", "7H"], basis="playout")
    assert truthful_pass(key) is key
