"""The computer players bid by the method lesson 14 teaches (issue #23, item 5)."""

from __future__ import annotations

from fivehundred import PRESETS, Round
from fivehundred.analysis.advisor import advise, advise_hand
from fivehundred.bidding import PASS, Bid
from fivehundred.bidding_method import has_bid, opponents_can_bid
from fivehundred.players import RulesPlayer
from fivehundred.round import Phase

RULES = PRESETS["australian"]


def test_every_computer_call_is_the_methods_on_seeded_deals() -> None:
    player = RulesPlayer()
    calls = same = bids = 0
    for seed in range(60):
        r = Round.deal(RULES, dealer=seed % 4, seed=seed)
        while r.phase is Phase.AUCTION:
            view = r.view(r.to_act or 0)
            call = player.choose(view)
            calls += 1
            bids += not call.is_pass  # type: ignore[union-attr]
            same += call == advise(view).recommended
            r.apply(call)
    assert calls > 200 and bids > 40  # the deals reach real auctions, not only passes
    assert same / calls >= 0.95, (same, calls)


def test_a_partner_bid_promises_what_lesson_14_counts() -> None:
    from fivehundred.analysis.simulation import BiddingProblem

    # the example: the old bidder opened 6♥ on Q♥ 7♥ 4♥ and no ace; lesson 14 counts 0 + 2: pass
    weak = BiddingProblem.make("QH 7H 4H 9S 8S 6C 5C 8D 6D 5D", dealer=3).view()
    assert RulesPlayer().choose(weak) == PASS
    # the joker, J♥, A♥ (3 top trumps) and 6 trumps (3 for length): 6, and 2 for partner and the kitty: it opens 8♥
    # (the old bidder opened the cheapest level its estimate supported)
    strong = BiddingProblem.make("JK JH AH KH 9H 7H 8S 8C 6C 5D", dealer=3).view()
    d = RulesPlayer().decide(strong)
    assert d.action == advise(strong).recommended == Bid.parse("8H"), d
    assert "I count 6 in hearts" in d.reason and "I bid 8♥" in d.reason


def test_compete_just_enough_only_while_an_opponent_can_outbid() -> None:
    hand = "JK JH JD AH 10H 9H AS 7C 6C 5S"  # counts 8 in hearts; +3 when competing: 11, so up to 10♥
    one_round = RULES.replace(single_bidding_round=True)
    # East (dealer 0's left) opened 7♠ and West has still to call: the cheapest bid over 7♠
    live = advise_hand(hand, dealer=0, auction=["7S"], rules=one_round)
    assert live.recommended == Bid.parse("7H") and "compete just enough" in live.reasons[-1]
    # South calls last in a one-round auction: West bid 7♠, North and East passed, nobody can bid again
    auction = [(0, Bid.parse("7S")), (1, PASS), (2, PASS)]
    assert opponents_can_bid(3, auction, one_round) is False and opponents_can_bid(3, auction, RULES) is True
    dead = advise_hand(hand, dealer=3, auction=["7S", "PASS", "PASS"], rules=one_round)
    assert dead.recommended == Bid.parse("10H") and "bid what you count" in dead.reasons[-1]
    # a pass is final but West still holds the bid and may raise over South: compete just enough
    assert advise_hand(hand, dealer=3, auction=["7S", "PASS", "PASS"]).recommended == Bid.parse("7H")


def test_one_say_after_the_seat_has_bid() -> None:
    player = RulesPlayer()
    rebids = 0
    for seed in range(80):
        r = Round.deal(RULES, dealer=seed % 4, seed=seed)
        while r.phase is Phase.AUCTION:
            seat = r.to_act or 0
            view = r.view(seat)
            d = player.decide(view)
            if has_bid(seat, view.auction):
                rebids += 1
                assert d.action == PASS and "one say" in d.reason
            r.apply(d.action)
    assert rebids > 0
