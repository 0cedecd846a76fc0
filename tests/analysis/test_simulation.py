"""The advisor's simulation mode: sampled deals, the kitty by the rules player, double-dummy probes."""

from __future__ import annotations

import pytest

from fivehundred import Bid, FiveHundredError, IllegalBidError, NotationError, pack, parse_cards, score_hand
from fivehundred.analysis import SearchCancelled
from fivehundred.analysis.simulation import (
    BiddingProblem,
    sample_deals,
    bid_score,
    fits_auction,
    plausible_bids,
    simulate_bids,
    simulate_discards,
)
from fivehundred.players import estimate_tricks

# every top heart, the joker and two side aces: ten tricks in hearts against any layout (the joker and
# five top trumps draw the five missing trumps, then three more trumps and two aces)
ROCK = "JK JH JD AH KH QH 10H 9H AS AC"
LOW = "5S 6S 7S 5C 6C 7C 4D 5D 4H 5H"


def test_problem_finds_the_seat_to_call() -> None:
    p = BiddingProblem.make(ROCK, dealer=3, auction=["PASS", "7S"])
    assert p.seat == 2  # North (after dealer West) passed, East bid, South (seat 2) is to call
    assert p.seat == (3 + 1 + 2) % 4
    assert [str(b) for b in p.legal_bids()[:3]] == ["PASS", "7C", "7D"]


@pytest.mark.parametrize(
    ("hand", "auction", "error", "message"),
    [
        ("JK JH JD AH", (), NotationError, "a hand is 10 different cards, not 4"),
        ("JK JK JD AH KH QH 10H 9H AS AC", (), NotationError, "listed twice"),
        (ROCK, ("7S", "6H"), IllegalBidError, "lower than the standing bid"),
        (ROCK, ("PASS", "PASS", "PASS", "PASS"), IllegalBidError, "the auction is already over|is over"),
        (ROCK, ("11H",), NotationError, "not a bid: '11H'"),
    ],
)
def test_problem_rejects_bad_input(hand: str, auction: tuple[str, ...], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        BiddingProblem.make(hand, dealer=0, auction=auction)


def test_bid_score_comes_from_the_scoring_table() -> None:
    assert bid_score(Bid.parse("7H"), True) == score_hand("7H", 7).contractors == 200
    assert bid_score(Bid.parse("7H"), False) == -200
    assert bid_score(Bid.parse("MIS"), True) == 250 and bid_score(Bid.parse("MIS"), False) == -250
    with pytest.raises(FiveHundredError, match="pass"):
        bid_score(Bid.parse("PASS"), True)


def test_samples_keep_the_pack_and_fit_the_auction() -> None:
    p = BiddingProblem.make(LOW, dealer=0, auction=["8H"])  # East is to call; North bid 8H
    deals, unfit = sample_deals(p, p.hand, 20, "t")
    assert unfit == 0 and len(deals) == 20
    for others, kitty in deals:
        cards = [*p.hand, *kitty, *(c for h in others for c in h)]
        assert sorted(c.index for c in cards) == sorted(c.index for c in pack(4))
        north = others[2]  # clockwise from East: South, West, North
        assert estimate_tricks(tuple(north), Bid.parse("8H").strain) + 1.5 >= 7  # type: ignore[arg-type]
        assert fits_auction(p, {0: north})
    # and the deals differ from one sample to the next
    assert len({tuple(d[1]) for d in deals}) > 15


def test_plausible_bids_centre_on_the_count() -> None:
    p = BiddingProblem.make(ROCK, dealer=3)
    bids = [str(b) for b in plausible_bids(p)]
    assert bids[0] == "PASS"
    assert "10H" in bids and "6S" not in bids
    low = BiddingProblem.make(LOW, dealer=3, auction=["7S"])
    assert {"MIS", "OMIS"} <= {str(b) for b in plausible_bids(low)}


def test_a_rock_makes_ten_hearts_every_time() -> None:
    p = BiddingProblem.make(ROCK, dealer=3)
    sim = simulate_bids(p, samples=3, seed=5, candidates=["10H"])
    out = sim.outcome("10H")
    assert out is not None and out.made == 3 and out.make_rate == 1.0
    assert out.expected == score_hand("10H", 10).contractors
    assert sim.best.bid == Bid.parse("10H")
    assert sim.timed_out == 0 and sim.complete


def test_a_hand_of_low_cards_fails_ten_spades_and_suits_misere() -> None:
    p = BiddingProblem.make(LOW, dealer=3, auction=["7S"])
    sim = simulate_bids(p, samples=4, seed=2, candidates=["10S", "MIS"])
    ten = sim.outcome("10S")
    mis = sim.outcome("MIS")
    assert ten is not None and ten.made == 0 and ten.expected == -score_hand("10S", 10).contractors
    assert mis is not None and mis.make_rate >= 0.75
    assert sim.best.bid == Bid.parse("MIS")


def test_the_same_seed_gives_the_same_answer() -> None:
    p = BiddingProblem.make("JK JD AD KD 10D 9D AS 7C 6C 5H", dealer=0)
    a = simulate_bids(p, samples=3, seed=11, candidates=["7D", "8D"])
    b = simulate_bids(p, samples=3, seed=11, candidates=["8D", "7D"])
    assert a.to_dict() == b.to_dict()
    # a lower level makes at least as often as a higher one in the same strain
    assert a.outcome("7D").made >= a.outcome("8D").made  # type: ignore[union-attr]


def test_progress_is_reported_and_cancel_stops() -> None:
    p = BiddingProblem.make(ROCK, dealer=3)
    seen: list[tuple[int, int]] = []
    simulate_bids(p, samples=2, seed=1, candidates=["10H", "10NT"], progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]
    with pytest.raises(SearchCancelled):
        simulate_bids(p, samples=2, seed=1, candidates=["10H"], cancel=lambda: True)


def test_a_tiny_node_budget_falls_back_and_says_so() -> None:
    # a weak, balanced hand in spades: each probe needs thousands of nodes, far over a budget of one poll
    p = BiddingProblem.make("7S 8S QS 5C KC 4D 7D 6H 8H 10H", dealer=0)
    sim = simulate_bids(p, samples=2, seed=3, candidates=["6S"], node_budget=1)
    assert sim.timed_out == 2
    assert sim.exact["S"] == (False, False)
    assert sim.outcome("6S").samples == 2  # type: ignore[union-attr]  # the playout stood in


def test_a_time_budget_stops_early_with_what_it_has() -> None:
    p = BiddingProblem.make(ROCK, dealer=3)
    sim = simulate_bids(p, samples=5, seed=1, candidates=["10H"], time_budget=0.0)
    assert not sim.complete and sim.outcome("10H").samples < 5  # type: ignore[union-attr]


def test_bad_candidates_are_refused() -> None:
    p = BiddingProblem.make(ROCK, dealer=3, auction=["8S"])
    with pytest.raises(IllegalBidError, match="lower than the standing bid"):
        simulate_bids(p, samples=1, candidates=["7H"])
    with pytest.raises(FiveHundredError, match="samples"):
        simulate_bids(p, samples=0)


def test_discards_keep_trumps_and_refuse_bad_candidates() -> None:
    hand = parse_cards("JK JH JD AH KH 10H 9H AS 5C 6C")
    kitty = parse_cards("6H 5S 7C")
    p = BiddingProblem.make(hand, dealer=3)
    sim = simulate_discards(p, kitty, "8H", ["5S 5C 6C", "JH JD AH"], samples=3, seed=1)
    keep, throw = sim.outcomes
    assert keep.made == 3 and keep.made >= throw.made
    assert sim.best.discard == keep.discard
    with pytest.raises(FiveHundredError, match="kitty is 3 cards"):
        simulate_discards(p, "6H 5S", "8H", ["5S 5C 6C"], samples=1)
    with pytest.raises(FiveHundredError, match="trick contract"):
        simulate_discards(BiddingProblem.make(hand, dealer=3, auction=["7S"]), kitty, "MIS", ["5S 5C 6C"], samples=1)


def test_the_key_climbs_while_the_top_level_still_makes() -> None:
    # the heuristic count centres on 6-7 spades, but the hand may make more: the default candidates climb
    p = BiddingProblem.make("JK JS JC AS KS 9S 7D 6D 5H 6H", dealer=0)
    sim = simulate_bids(p, samples=4, seed=1)
    spades = sorted((o for o in sim.outcomes if o.bid.strain is not None and o.bid.strain.value == "S"), key=lambda o: o.bid.tricks)
    assert spades, "spades must be simulated"
    top = spades[-1]
    assert top.bid.tricks == 10 or 4 * top.made < 3 * top.samples
    for lower, higher in zip(spades, spades[1:]):
        assert higher.bid.tricks == lower.bid.tricks + 1 and higher.made <= lower.made
    # explicit candidates are not extended
    fixed = simulate_bids(p, samples=2, seed=1, candidates=["6S"])
    assert [str(o.bid) for o in fixed.outcomes] == ["PASS", "6S"]


# --------------------------------------------------------------------------- the playout basis (the quiz keys')
def test_the_playout_basis_grades_every_legal_call_on_the_same_deals() -> None:
    p = BiddingProblem.make(ROCK, dealer=3)
    sim = simulate_bids(p, samples=8, seed="basis", basis="playout")
    assert sim.basis == "playout" and [o.bid for o in sim.outcomes] == list(p.legal_bids())
    assert str(sim.best.bid) == "10H" and sim.outcome("10H").made == 8  # type: ignore[union-attr]
    # the same deals for every call: the paired difference of 10H over 6H is exactly their score gap on each deal
    diff, se = sim.difference(Bid.parse("6H"))
    assert diff == 500 - 100 and se == 0.0  # 10H (500) and 6H (100) both make on every deal
    again = simulate_bids(p, samples=8, seed="basis", basis="playout")
    assert again.tricks == sim.tricks


def test_the_playout_basis_beats_misere_with_the_joker_and_refuses_an_unknown_basis() -> None:
    low_joker = BiddingProblem.make("JK 6S 7S 5C 6C 7C 4D 5D 4H 5H", dealer=0, auction=["7S"])
    sim = simulate_bids(low_joker, samples=4, seed=1, basis="playout", candidates=["PASS", "MIS"])
    assert sim.outcome("MIS").made == 0  # type: ignore[union-attr]
    with pytest.raises(FiveHundredError, match="no grading basis 'guess'"):
        simulate_bids(low_joker, samples=4, basis="guess")


def test_calls_and_discards_are_compared_by_one_paired_rule() -> None:
    """Simulation and DiscardSimulation share their comparison (``_Comparison``): the best candidate,
    the paired difference and its standard error, and "also fine".  Figures worked out by hand."""
    from fivehundred.actions import Discard
    from fivehundred.analysis.simulation import DiscardOutcome, DiscardSimulation, paired_difference

    # 7♠ is worth +140 made and −140 set (lesson 12's table)
    seven = Bid.parse("7S")
    a, b = Discard.parse("4H 5H 6H"), Discard.parse("4D 5D 6D")
    made_a = (True, True, True, False)   # +140 +140 +140 −140: mean +70
    made_b = (True, False, False, False)  # +140 −140 −140 −140: mean −70
    sim = DiscardSimulation(seven, (DiscardOutcome(a, 3, 4, 70.0), DiscardOutcome(b, 1, 4, -70.0)), 0, True,
                            (made_a, made_b))
    assert sim.best.discard == a
    diff, se = sim.difference(b)
    # per deal: 0, +280, +280, 0 → mean 140, sample sd √(78,400 / 3) = 161.66, se 161.66 / 2 = 80.83
    assert diff == 140 and abs(se - 80.83) < 0.01
    assert sim.within_noise(b) and sim.also_fine(margin=0) == (a, b)  # 140 ≤ NOISE_Z (2) × 80.83 = 161.7
    assert paired_difference([10, 10], [10, 10]) == (0.0, 0.0) and paired_difference([5], [2]) == (3.0, 0.0)
    kept = DiscardSimulation(seven, sim.outcomes, 0, True)  # per-deal results not kept: the margin alone decides
    assert kept.also_fine(margin=0) == (a,) and kept.also_fine(margin=140) == (a, b)
    with pytest.raises(FiveHundredError, match="no per-deal results"):
        kept.difference(b)
