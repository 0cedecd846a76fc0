"""The bidding advisor IS the method, table-driven: given this hand and auction, it counts this and bids that.

The cases use a fixed :class:`Method` (so the expectations are worked out by hand from the lesson's steps,
whatever numbers the fit chooses); the fitted :data:`METHOD` is checked by the learner test and bench/quiz.py.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from fivehundred import Bid, Round, Strain, pack, parse_cards
from fivehundred.seating import sides
from fivehundred.analysis.advisor import (
    METHOD,
    Method,
    advise,
    advise_hand,
    auction_context,
    count_hand,
    method_call,
    method_words,
    top_cards,
)
from fivehundred.analysis.simulation import BiddingProblem
from fivehundred.errors import FiveHundredError, IllegalBidError

# open +2, partner bid this suit +3, partner bid another suit +2, opponents bid +1; length beyond 4 trumps;
# no joker: at most 8; misère with at most 1 card above the 9; open misère never
M = Method(allowance={"open": 2, "support": 3, "partner": 2, "compete": 1}, length_from=4, no_joker_ceiling=8,
           misere_high=1, open_misere_high=-1, bid_full=True)


def _east_holds(hand: str) -> Round:
    mine = parse_cards(hand)
    rest = [c for c in pack(4) if c not in mine]
    hands = [rest[0:10], list(mine), rest[10:20], rest[20:30]]
    return Round.from_hands(hands, rest[30:33], dealer=3)  # North speaks first, then East


@dataclass(frozen=True)
class Case:
    hand: str
    dealer: int
    auction: tuple[str, ...]
    suggests: str
    because: tuple[str, ...]


CASES = [
    # hearts: 4 top trumps, 6 trumps = 2 for length, A♠ = 1: 7; an opponent bid 7NT: +1 = 8, so 8♥
    Case("JK JH JD AH 10H 9H AS 7C 6C 5S", 3, ("PASS", "7NT"), "8H",
         ("In hearts you count 4 top trumps (the joker, both bowers and the ace), 2 for length (6 trumps) and 1 side ace: 7. "
          "The opponents have bid, so partner and the kitty add about 1: 8 in all.",)),
    # a monster, nobody has bid: 4 tops + 3 length + A♠ A♣ = 9, +2 = 11: ten hearts
    Case("JK JH JD AH KH 10H 9H AS AC 5S", 1, (), "10H",
         ("4 top trumps (the joker, both bowers and the ace), 3 for length (7 trumps) and 2 side aces: 9.", "11 in all")),
    # both black bowers, A♠, K♠ and 9♠, no joker: 3 tops + 1 length (5 trumps) = 4, +2 = 6: six spades
    Case("JS JC AS KS 9S 7D 6D 5H 6H 7C", 1, (), "6S",
         ("In spades you count 3 top trumps (both bowers and the ace) and 1 for length (5 trumps): 4.", "6 in all",
          "Without the joker: no no-trump bids, and nothing above 8.")),
    # every card low, after a seven: misère
    Case("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", 0, ("7S",), "MIS",
         ("For misère: no joker, and 0 cards above the 9: few enough for misère.",)),
    # the same hand before anyone has bid seven: misère is not allowed, and nothing reaches six
    Case("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", 1, (), "PASS", ("Pass: no strain reaches a bid you may make now",)),
    # partner (North) bid 6♠: 2 tops (both bowers) + 1 length + A♦ = 4, +3 for partner's suit = 7: raise to 7♠
    Case("JS JC 10S 8S 7S AD 5H 6H 7C 8C", 3, ("6S", "PASS"), "7S",
         ("Partner has bid this suit, so partner and the kitty add about 3: 7 in all.",)),
    # an opponent bid 6♥; six diamonds to the right bower: 2 tops + 2 length = 4, +1 = 5: pass
    Case("JD AD KD QD 10D 9D 5C 6C 5S 6S", 1, ("6H",), "PASS",
         ("In diamonds you count 2 top trumps (the right bower and the ace) and 2 for length (6 trumps): 4.",)),
    # too many high cards for misère after a seven, and no suit near seven: pass
    Case("5S 9S 10C QD KH 5C 6C 7D 8H 9H", 0, ("7C",), "PASS", ("3 cards above the 9 (10♣, Q♦, K♥): too many for misère",)),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{c.hand}|{' '.join(c.auction)}" for c in CASES])
def test_the_method_counts_this_and_bids_that(case: Case) -> None:
    view = BiddingProblem.make(case.hand, dealer=case.dealer, auction=case.auction).view()
    a = advise(view, M)
    assert str(a.recommended) == case.suggests, a.reasons
    text = " ".join(a.reasons)
    for phrase in case.because:
        assert phrase in text, (phrase, a.reasons)
    assert a.recommended in a.acceptable or a.recommended.is_pass


def test_the_allowance_follows_the_auction() -> None:
    # seat 2 (South); partner is seat 0
    assert auction_context(2, []) == "open"
    assert auction_context(2, [(1, Bid.parse("6H"))]) == "compete"
    assert auction_context(2, [(0, Bid.parse("6S")), (1, Bid.parse("PASS"))], Strain.SPADES) == "support"
    assert auction_context(2, [(0, Bid.parse("6S")), (1, Bid.parse("7H"))], Strain.HEARTS) == "partner"
    hand = parse_cards("JS JC 10S 8S 7S AD 5H 6H 7C 8C")
    assert count_hand(hand, Strain.SPADES, "support", M).total - count_hand(hand, Strain.SPADES, "compete", M).total == 2
    with pytest.raises(FiveHundredError, match="no auction context 'bold'"):
        count_hand(hand, Strain.SPADES, "bold")


def test_without_the_joker_the_ceiling_holds_and_no_trumps_is_out() -> None:
    # 3 tops + 2 length + A♣ A♠ + K♣ with its ace = 8, +2 = 10, but no joker: 8♥
    view = BiddingProblem.make("JH JD AH KH QH 10H AC KC AS 8D", dealer=1).view()
    a = advise(view, M)
    assert a.count is not None and a.count.total == 10
    assert str(a.recommended) == "8H" and Bid.parse("9H") not in a.acceptable
    assert not any(b.strain is Strain.NO_TRUMPS for b in a.acceptable)


def test_cheapest_or_full_level() -> None:
    view = BiddingProblem.make("JK JH JD AH KH 10H 9H AS AC 5S", dealer=1).view()
    assert str(advise(view, M.with_(bid_full=False)).recommended) == "6H"
    assert str(advise(view, M).recommended) == "10H"


def test_the_advisor_uses_the_fitted_method_and_its_words() -> None:
    problem = BiddingProblem.make("JK JH JD AH 10H 9H AS 7C 6C 5S", dealer=3, auction=["PASS", "7NT"])
    a = advise(problem.view())
    call, count = method_call(problem.hand, problem.seat, problem.view().auction, problem.legal_bids())
    assert a.recommended == call and a.count == count
    assert count is not None and a.reasons[0] == method_words(count)
    assert count.allowance == METHOD.allowance["compete"]


def test_advise_hand_builds_the_view() -> None:
    a = advise_hand("JK JH JD AH 10H 9H AS 7C 6C 5S", dealer=3, auction=["7NT"])
    r = _east_holds("JK JH JD AH 10H 9H AS 7C 6C 5S")
    r.apply("7NT")  # North
    b = advise(r.view(1))
    assert a == b
    with pytest.raises(IllegalBidError):
        advise_hand("JK JH JD AH 10H 9H AS 7C 6C 5S", auction=["7NT", "6S"])


@pytest.mark.parametrize(
    ("hand", "strain", "words"),
    [
        ("JK JH JD AH 10H 9H AS 7C 6C 5S", Strain.HEARTS, "6 trumps: the joker, both bowers and the ace"),
        ("JK JH JD AH 10H 9H AS 7C 6C 5S", Strain.DIAMONDS, "3 trumps: the joker and both bowers"),
        ("JD AD KD 5C 6C 7C 8S 9S 10S 4H", Strain.HEARTS, "2 trumps: the left bower"),
        ("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", Strain.CLUBS, "3 trumps"),
        ("JK AS KS AC KC AD KD 6H 7H 8S", Strain.NO_TRUMPS, "the joker and 3 aces"),
        ("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", Strain.NO_TRUMPS, ""),
    ],
)
def test_top_cards_in_words(hand: str, strain: Strain, words: str) -> None:
    assert top_cards(parse_cards(hand), strain) == words


def test_advice_only_in_the_auction() -> None:
    r = _east_holds("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H")
    with pytest.raises(FiveHundredError, match="auction"):
        advise(r.view(1))  # North is to act, not East


@pytest.mark.parametrize(
    ("teams", "partners", "opponent"),
    [("two_threes", {1, 5}, 0), ("three_pairs", {0}, 1)],  # seat 3's side: alternate seats, or the opposite one
)
def test_at_six_players_partner_is_whoever_shares_the_side(teams: str, partners: set[int], opponent: int) -> None:
    from fivehundred.bidding_method import partners_of
    from fivehundred.rules import AUSTRALIAN

    rules = AUSTRALIAN.replace(players=6, six_player_teams=teams)
    mine = {s for side in sides(rules) for s in side if 3 in side} - {3}
    assert partners_of(3, rules=rules) == mine == partners
    for partner in partners:
        assert auction_context(3, [(partner, Bid.parse("6S"))], Strain.SPADES, rules=rules) == "support"
    assert auction_context(3, [(opponent, Bid.parse("6S"))], Strain.SPADES, rules=rules) == "compete"
    # without rules, six players means the default two teams of three
    assert partners_of(3, 6) == {1, 5} and auction_context(3, [(0, Bid.parse("6S"))], Strain.SPADES, 6) == "compete"
