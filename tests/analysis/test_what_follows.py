"""Every call scored by what follows (issue #23, item 1): the rest of the auction bid by the method at every
seat, the final contract played out, the call worth its side's points minus the opponents' for the hand."""

from __future__ import annotations

from typing import Any

import pytest

from fivehundred.analysis.simulation import (
    BiddingProblem,
    Follow,
    Simulation,
    follow_value,
    sample_deals,
    simulate_bids,
    simulate_follows,
)
from fivehundred.bidding import PASS, Bid
from fivehundred.errors import FiveHundredError
from fivehundred.analysis.solver import Solver
from fivehundred.players import RulesPlayer
from fivehundred.round import Phase
from fivehundred.rules import AUSTRALIAN

# South (seat 2, dealer North: East calls first) after East's 7♠
COMPETING = BiddingProblem.make("JH JD AH 10H 9H 7C 6C 5S 8D 9D", dealer=0, auction=["7S"])
# North (seat 0) is the dealer and calls last: after East's 7♠ and two passes, a pass ends the auction
LAST_TO_CALL = BiddingProblem.make("JH JD AH 10H 9H 7C 6C 5S 8D 9D", dealer=0, auction=["7S", "PASS", "PASS"])
OPENING = BiddingProblem.make("JK JH JD AH KH QH 10H AS KS AC", dealer=3)
# North calls first with a modest hand: the opponents often outbid a low opening bid
MODEST = BiddingProblem.make("JH AH 10H 9H 7C 6C 5S 8D 9D 6S", dealer=3)


def _by_hand(problem: BiddingProblem, others: Any, kitty: Any, call: Bid) -> tuple[int | None, str | None, int]:
    """``call``, then every seat calls and plays as the computer players do, step by step on the table itself;
    the value is the round's own score: the seat's side's points minus the other side's."""
    r = problem.deal(others, kitty)
    r.apply(call)
    player = RulesPlayer()
    start = None
    while not r.is_over:
        if r.phase is Phase.PLAY and start is None:
            start = r.copy()
        r.apply(player.choose(r.view(r.to_act)))  # type: ignore[arg-type]
    result = r.result
    assert result is not None
    if result.thrown_in:
        return None, None, 0
    mine = 0 if problem.seat % 2 == 0 else 1  # North–South, East–West
    pts = result.points_by_side
    value = pts[mine] - pts[1 - mine]
    if str(r.contract) == "OMIS" and result.score is not None and result.score.made:
        # the open hand's defenders see it: they beat it whenever they can force it to take a trick
        assert start is not None
        if Solver.from_round(start).can_take(1):
            value = -value
    return r.contractor, str(r.contract), value


@pytest.mark.parametrize("problem", [COMPETING, LAST_TO_CALL, OPENING, MODEST], ids=["competing", "last-to-call", "opening", "modest"])
def test_each_call_is_worth_what_the_table_scores_after_it(problem: BiddingProblem) -> None:
    key = simulate_follows(problem, samples=3, seed=11)
    deals, _ = sample_deals(problem, problem.hand, 3, 11)
    assert {o.bid for o in key.outcomes} == set(problem.legal_bids())  # every legal call is graded
    overcalled = 0
    for o in key.outcomes:
        for i, (others, kitty) in enumerate(deals):
            f = key.follows[o.bid][i]  # type: ignore[index]
            assert (f.contractor, None if f.contract is None else str(f.contract), f.value) == _by_hand(problem, others, kitty, o.bid)
            overcalled += not o.bid.is_pass and f.contractor is not None and f.contractor % 2 != problem.seat % 2
        assert o.expected == sum(key.scores(o.bid)) / 3
    # calls that end in the same hand on a deal share one play-out (simulation._follow's ``played``): the
    # step-by-step check above covers them too
    shared = 0
    for i in range(3):
        finals = [(fs[i].contractor, fs[i].contract) for fs in key.follows.values() if fs[i].contract is not None]  # type: ignore[union-attr]
        shared += len(finals) - len(set(finals))
    if problem is MODEST:
        assert overcalled > 0  # some low bids are outbid by the opponents and scored by their contract
        assert shared > 0


def test_a_pass_over_the_last_standing_bid_hands_the_opponents_their_contract() -> None:
    key = simulate_follows(LAST_TO_CALL, samples=6, seed=3)
    passes = key.follows[PASS]  # type: ignore[index]
    assert all(f.contractor == 1 and str(f.contract) == "7S" for f in passes)  # East's 7♠ is played every time
    for f in passes:
        east_west = f.tricks
        swing = (140 if east_west >= 7 else -140) - 10 * (10 - east_west)  # East–West's contract less North–South's tricks
        assert f.value == -swing != 0  # defence tricks included, never 0 by fiat
    assert key.outcome(PASS).made == sum(f.tricks >= 7 for f in passes)  # type: ignore[union-attr]


def test_a_pass_with_nothing_standing_lets_the_others_bid() -> None:
    key = simulate_follows(OPENING, samples=4, seed=5, candidates=["PASS", "8H"])
    passes = key.follows[PASS]  # type: ignore[index]
    assert any(f.contract is not None for f in passes)  # the other seats bid on after the pass
    assert key.scores("PASS") == tuple(f.value for f in passes)


def test_the_same_deals_for_every_call() -> None:
    narrow = simulate_follows(COMPETING, samples=4, seed=9, candidates=["PASS", "8H"])
    wide = simulate_follows(COMPETING, samples=4, seed=9)
    assert narrow.follows[PASS] == wide.follows[PASS]  # type: ignore[index]
    assert narrow.follows[Bid.parse("8H")] == wide.follows[Bid.parse("8H")]  # type: ignore[index]
    assert simulate_bids(COMPETING, samples=4, seed=9, candidates=["PASS", "8H"], basis="what-follows").follows == narrow.follows


@pytest.mark.parametrize(
    ("seat", "contractor", "contract", "tricks", "value"),
    [
        (0, None, None, 0, 0),            # everyone passed: nobody scores
        (0, 0, "7H", 7, 200 - 30),        # my 7♥ made exactly: 200, the defenders' 3 tricks 30
        (0, 2, "7H", 6, -200 - 40),       # partner's 7♥ set by one: -200 and the defenders' 4 tricks
        (1, 0, "7H", 6, 200 + 40),        # the same from the defenders' seat
        (0, 0, "6S", 10, 250),            # a slam scores 250 at least; the defenders took nothing
        (0, 0, "MIS", 0, 250),            # misère made: the defenders' tricks score nothing
        (3, 0, "MIS", 1, 250),            # misère beaten, seen by a defender
        (0, 2, "OMIS", 1, -500),          # partner's open misère beaten
        (0, 0, "10NT", 9, -520 - 10),     # ten no trumps set by one
    ],
)
def test_follow_value_scores_by_the_rules(seat: int, contractor: int | None, contract: str | None, tricks: int, value: int) -> None:
    bid = None if contract is None else Bid.parse(contract)
    assert follow_value(AUSTRALIAN, seat, contractor, bid, tricks) == value


def test_the_compact_form_reads_back_exactly() -> None:
    key = simulate_follows(COMPETING, samples=5, seed=2)
    entry = key.to_compact()
    assert entry["basis"] == "what-follows" and "tricks" not in entry
    back = Simulation.from_compact(COMPETING, entry)
    assert back.follows == key.follows and back.outcomes == key.outcomes and back.best == key.best
    assert back.also_fine() == key.also_fine() and back.difference(PASS) == key.difference(PASS)


@pytest.mark.parametrize("damage", [
    lambda e: e["follows"].pop("PASS"),
    lambda e: e["follows"].__setitem__("PASS", "1:7S|7.1"),  # half a deal
    lambda e: e["follows"].__setitem__("PASS", "1:7Q|77"),  # not a bid
    lambda e: e["follows"].__setitem__("PASS", "|77"),      # a deal naming no final contract
    lambda e: e["follows"].__setitem__("PASS", "1:7S|7b"),  # eleven tricks
    lambda e: e["follows"].__setitem__("PASS", e["follows"]["PASS"][:-1]),  # one deal fewer than the other calls
])
def test_a_damaged_compact_form_is_refused(damage: Any) -> None:
    entry = simulate_follows(COMPETING, samples=2, seed=2).to_compact()
    damage(entry)
    with pytest.raises(FiveHundredError):
        Simulation.from_compact(COMPETING, entry)


def test_the_calls_are_checked() -> None:
    with pytest.raises(FiveHundredError):
        simulate_follows(COMPETING, samples=2, seed=1, candidates=["6S"])  # below the standing 7♠
    with pytest.raises(FiveHundredError):
        simulate_follows(COMPETING, samples=0)


def test_follow_made() -> None:
    assert Follow(0, Bid.parse("7H"), 7, 170).made and not Follow(0, Bid.parse("7H"), 6, -240).made
    assert Follow(0, Bid.parse("MIS"), 0, 250).made and not Follow(None, None, 0, 0).made


def test_a_bids_made_count_is_its_own_contract_made() -> None:
    key = simulate_follows(MODEST, samples=6, seed=1)
    for o in key.outcomes:
        fs = key.follows[o.bid]  # type: ignore[index]
        if o.bid.is_pass:
            assert o.made == sum(f.contract is not None and f.made for f in fs)
            continue
        own = [f for f in fs if f.contractor == MODEST.seat and f.contract == o.bid]
        assert o.made == sum(f.tricks >= o.bid.tricks if not o.bid.is_misere else f.tricks == 0 for f in own)
    outbid = [o for o in key.outcomes if any(f.contract != o.bid for f in key.follows[o.bid])]  # type: ignore[index]
    assert outbid  # the count leaves out the deals where someone bid on


def test_a_call_that_leads_to_many_contracts_reads_back() -> None:
    """A pass can lead to dozens of different final contracts over a key's deals: each is written and read back."""
    from fivehundred.analysis.simulation import _follows_read, _follows_text
    from fivehundred.bidding import ladder

    trick_bids = [b for b in ladder() if b.tricks and not b.is_misere][:25]
    fs = [Follow(None, None, 0, 0)] + [
        Follow(seat, bid, 7, follow_value(AUSTRALIAN, COMPETING.seat, seat, bid, 7)) for seat in range(4) for bid in trick_bids
    ]
    assert len({(f.contractor, f.contract) for f in fs}) == 101
    assert _follows_read(COMPETING, _follows_text(fs), "") == tuple(fs)
