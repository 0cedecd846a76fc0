"""The auction, driven through Round (RULES.md §4.1, §4.3, §10)."""

from __future__ import annotations

import pytest

from .engine_helpers import E, N, S, W, bids, mixed
from fivehundred import Bid, FiveHundredError, Game, IllegalBidError, Round, Rules
from fivehundred.round import Phase


def deal(rules: Rules | None = None, dealer: int = N) -> Round:
    return Round.deal(rules or Rules(), dealer=dealer, seed=11)


@pytest.mark.parametrize(("dealer", "first"), [(N, E), (E, S), (S, W), (W, N)])
def test_bidding_starts_at_dealers_left(dealer: int, first: int) -> None:
    assert deal(dealer=dealer).to_act == first


@pytest.mark.parametrize(("players", "dealer", "first"), [(3, 2, 0), (5, 4, 0), (6, 1, 2), (2, 0, 1)])
def test_dealers_left_other_player_counts(players: int, dealer: int, first: int) -> None:
    assert Round.deal(Rules(players=players), dealer=dealer, seed=1).to_act == first


def test_turn_goes_clockwise_and_skips_passed_players() -> None:
    r = deal()
    bids(r, "PASS 6S 7S")  # E passes, S 6S, W 7S
    assert r.to_act == N
    r.apply("PASS")  # N passes
    assert r.to_act == S  # E has passed and is skipped
    r.apply("7C")
    assert r.to_act == W


def test_pass_is_final_and_last_bidder_wins() -> None:
    r = deal()
    bids(r, "PASS 6S PASS PASS")
    assert r.phase is Phase.KITTY
    assert str(r.contract) == "6S" and r.contractor == S


def test_auction_continues_round_the_table() -> None:
    r = deal()
    bids(r, "6S 6C 6D 6H 7S 7C")  # two full circuits
    assert r.phase is Phase.AUCTION and r.to_act == W


@pytest.mark.parametrize(
    ("calls", "bad", "match"),
    [
        ("7H", "7H", "the same as the standing bid of 7♥"),
        ("7H", "7D", "lower than the standing bid of 7♥"),
        ("7H", "6NT", "lower than"),
        ("8S", "MIS", "lower than"),  # 8♠ outranks misère
        ("10H", "OMIS", "lower than"),
        ("10NT", "10NT", "the same as"),
    ],
)
def test_every_bid_must_be_strictly_higher(calls: str, bad: str, match: str) -> None:
    r = deal()
    bids(r, calls)
    before = r.record()
    with pytest.raises(IllegalBidError, match=match):
        r.apply(bad)
    assert r.record() == before


def test_legal_bids_are_pass_then_higher_rungs() -> None:
    r = deal()
    bids(r, "9NT")
    assert [str(b) for b in r.legal_bids()] == ["PASS", "10S", "10C", "10D", "OMIS", "10H", "10NT"]


def test_misere_only_after_a_seven() -> None:
    r = deal()
    with pytest.raises(IllegalBidError, match="only after someone has bid seven"):
        r.apply("MIS")
    assert Bid.parse("MIS") not in r.legal_bids()
    bids(r, "6NT")
    with pytest.raises(IllegalBidError, match="seven"):
        r.apply("MIS")
    bids(r, "7S")
    assert Bid.parse("MIS") in r.legal_bids()
    r.apply("MIS")
    assert r.to_act == N


def test_misere_any_time_when_flag_off() -> None:
    r = deal(Rules(misere_requires_seven=False))
    assert Bid.parse("MIS") in r.legal_bids()
    r.apply("MIS")
    bids(r, "PASS PASS PASS")
    assert str(r.contract) == "MIS" and r.contractor == E


def test_misere_not_allowed_at_all() -> None:
    r = deal(Rules(misere_allowed=False, misere_requires_seven=False))
    with pytest.raises(IllegalBidError, match="do not allow"):
        r.apply("MIS")


def test_misere_by_points_over_8s() -> None:
    r = deal(Rules(misere_rank="points"))
    bids(r, "7S 8S")
    r.apply("MIS")  # 250 beats 8♠ (240) on the points ladder, and a seven was bid
    with pytest.raises(IllegalBidError, match="lower than"):
        r.apply("8S")
    r.apply("8C")


def test_open_misere_any_time_even_first() -> None:
    r = deal()
    assert Bid.parse("OMIS") in r.legal_bids()
    r.apply("OMIS")
    bids(r, "PASS PASS PASS")
    assert str(r.contract) == "OMIS" and r.contractor == E


def test_open_misere_requires_eight_flag() -> None:
    r = deal(Rules(open_misere_requires_eight=True))
    with pytest.raises(IllegalBidError, match="only after someone has bid eight"):
        r.apply("OMIS")
    bids(r, "7NT")
    with pytest.raises(IllegalBidError, match="eight"):
        r.apply("OMIS")
    bids(r, "8S")
    r.apply("OMIS")


def test_blind_misere_needs_flag() -> None:
    r = deal()
    with pytest.raises(IllegalBidError, match="do not allow blind misère"):
        r.apply("BMIS")


def test_blind_misere_only_as_first_call() -> None:
    rules = Rules(blind_misere_allowed=True)
    r = deal(rules)
    r.apply("BMIS")  # E's first call
    assert r.to_act == S
    r2 = deal(rules)
    bids(r2, "6S 7S PASS PASS")  # back to E, who has already called
    assert r2.to_act == E
    before = r2.record()
    with pytest.raises(IllegalBidError, match="first call"):
        r2.apply("BMIS")
    assert r2.record() == before
    assert Bid.parse("BMIS") not in r2.legal_bids()


def test_no_self_raise_by_default() -> None:
    r = deal()
    bids(r, "7H PASS PASS PASS")
    assert r.phase is Phase.KITTY and str(r.contract) == "7H" and r.contractor == E


def test_self_raise_with_flag() -> None:
    r = deal(Rules(allow_self_raise=True))
    bids(r, "7H PASS PASS PASS")
    assert r.phase is Phase.AUCTION and r.to_act == E
    r.apply("8H")
    assert r.phase is Phase.AUCTION and r.to_act == E  # nobody else may come back in
    r.apply("PASS")
    assert str(r.contract) == "8H" and r.contractor == E


def test_self_raise_declined_keeps_bid() -> None:
    r = deal(Rules(allow_self_raise=True))
    bids(r, "7H PASS PASS PASS PASS")
    assert str(r.contract) == "7H" and r.contractor == E


def test_bid_after_pass_flag() -> None:
    default = deal()
    bids(default, "PASS 6S PASS PASS")
    assert str(default.contract) == "6S" and default.contractor == S
    r = deal(Rules(allow_bid_after_pass=True))
    bids(r, "PASS 6S PASS PASS")
    assert r.phase is Phase.AUCTION and r.to_act == E
    bids(r, "7S PASS PASS PASS")
    assert str(r.contract) == "7S" and r.contractor == E


@pytest.mark.parametrize(
    ("calls", "contract", "contractor"),
    [
        ("6S 7S PASS PASS", "7S", S),
        ("6S PASS PASS PASS", "6S", E),
        ("6S 7S 8S 9S", "9S", N),
        ("PASS PASS PASS 6H", "6H", N),
    ],
)
def test_single_bidding_round(calls: str, contract: str, contractor: int) -> None:
    r = deal(Rules(single_bidding_round=True))
    bids(r, calls)
    assert r.phase is Phase.KITTY
    assert str(r.contract) == contract and r.contractor == contractor
    assert len(r.auction) == 4


def test_american_preset_one_round_and_nullo_any_time() -> None:
    r = deal(Rules.preset("american"))
    r.apply("MIS")
    bids(r, "PASS PASS PASS")
    assert str(r.contract) == "MIS" and r.contractor == E


def test_all_pass_throws_in() -> None:
    r = deal()
    bids(r, "PASS PASS PASS PASS")
    assert r.phase is Phase.OVER and r.result is not None
    assert r.result.thrown_in and r.contract is None
    assert all(p == 0 for p in r.result.points_by_side)
    assert r.legal_actions() == ()
    with pytest.raises(FiveHundredError, match="hand is over"):
        r.apply("PASS")


def test_illegal_bids_leave_state_unchanged() -> None:
    r = mixed()
    bids(r, "7H PASS")
    before = r.record()
    for bad in ("6S", "7H", "7D", "7C", "6NT"):
        with pytest.raises(IllegalBidError):
            r.apply(bad)
        assert r.record() == before
    assert r.to_act == W


def _all_pass_game(rules: Rules) -> Game:
    g = Game(rules, seed=3)
    assert g.round.dealer == N
    for _ in range(4):
        g.round.apply("PASS")
    g.next_hand()
    return g


def test_game_all_pass_next_dealer() -> None:
    g = _all_pass_game(Rules())
    assert g.round.dealer == E
    assert g.scores == (0, 0)
    assert len(g.lines) == 1 and g.lines[0].result.thrown_in


def test_game_all_pass_same_dealer() -> None:
    g = _all_pass_game(Rules(all_pass="same_dealer"))
    assert g.round.dealer == N
    assert g.scores == (0, 0)
