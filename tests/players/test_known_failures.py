"""Known failures of other 500 apps' computer players, and of ours (issue #24, item 7), as seeded or
hand-built scenarios, for every level that should pass them.

Bidding is the method at every level (Beginner, Club and Expert bid alike), so the bidding scenarios run the
three levels.  The card-play scenarios say in each test which levels they run and why: Beginner is the rules
player without card memory (it sees its hand, the trick on the table and an open misère hand, nothing played
before), Club the rules player, and Expert the search player, which plays Club's card in the first three
tricks and searches sampled deals from the fourth on (run here where a search is cheap: three tricks or fewer).
"""

from __future__ import annotations

import random

import pytest

from fivehundred import JOKER, Bid, Card, Round, pack, parse_cards
from fivehundred.actions import Discard, Play
from fivehundred.analysis.hints import MISERE_HIGH_CARDS, sample_positions
from fivehundred.analysis.levels import make_player
from fivehundred.bidding import BidKind, Strain
from fivehundred.cards import ALL_CARDS, Rank
from fivehundred.players import RulesPlayer
from fivehundred.round import View
from fivehundred.trumps import suit_masks

LEVELS = ("beginner", "club", "expert")
SOUTH = 2


def _deal_with(south: list, seed: int, dealer: int = SOUTH) -> Round:
    rest = [c for c in pack(4) if c not in south]
    random.Random(seed).shuffle(rest)
    hands = [tuple(rest[0:10]), tuple(rest[10:20]), tuple(south), tuple(rest[20:30])]
    return Round.from_hands(hands, rest[30:33], dealer=dealer)


def _calls_until_south(r: Round, level: str) -> None:
    """Let the other seats call (by ``level``) until it is South's turn or the auction ends."""
    players = {s: make_player(level, seed=s) for s in range(4)}
    while r.phase.value == "auction" and r.to_act != SOUTH:
        r.apply(players[r.to_act].choose(r.view(r.to_act)))


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_bids_above_seven_without_the_joker(level: str) -> None:
    """"Bidding 10 without the joker": over 300 seeded deals, every call of every seat without the joker.

    Expert bids by simulation, about 0.4 s a deal here, so it plays the first 60 of the deals; the test below
    checks every call it may choose among on all 300."""
    checked = 0
    for seed in range(60 if level == "expert" else 300):
        r = Round.deal(seed=seed)
        players = [make_player(level, seed=seed * 4 + s) for s in range(4)]
        while r.phase.value == "auction":
            seat = r.to_act
            call = players[seat].choose(r.view(seat))
            if isinstance(call, Bid) and call.kind is BidKind.TRICKS and JOKER not in r.hand(seat):
                assert call.tricks <= 7, (seed, seat, call)
                checked += 1
            r.apply(call)
    assert checked > (20 if level == "expert" else 100)


def test_bidding_by_simulation_never_weighs_a_call_above_the_methods_limits() -> None:
    """Expert's candidate calls (the plausible calls within the method's limits, and the method's own) on the
    300 deals above: without the joker, none is a no-trump bid or a bid above seven."""
    from fivehundred.analysis.hints import _within_method_limits
    from fivehundred.analysis.simulation import BiddingProblem, plausible_bids

    club = make_player("club")
    weighed = dropped = 0
    for seed in range(300):
        r = Round.deal(seed=seed)
        while r.phase.value == "auction":
            seat = r.to_act
            assert seat is not None
            view = r.view(seat)
            call = club.choose(view)
            problem = BiddingProblem(tuple(view.hand), view.dealer, tuple(b for _, b in view.auction), view.rules, seat)
            for b in plausible_bids(problem):
                if _within_method_limits(b, view.hand):
                    if JOKER not in view.hand and b.kind is BidKind.TRICKS:
                        assert b.tricks <= 7 and b.strain is not Strain.NO_TRUMPS, (seed, seat, b)
                        weighed += 1
                else:
                    assert JOKER not in view.hand and (b.tricks > 7 or b.strain is Strain.NO_TRUMPS), (seed, seat, b)
                    dropped += 1
            r.apply(call)
    assert weighed > 300 and dropped > 10, (weighed, dropped)


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_bids_no_trumps_on_the_joker_alone(level: str) -> None:
    """"Bidding no trumps on the joker alone": the joker and nothing else of use (no ace, no king)."""
    low = [c for c in pack(4) if not c.is_joker and c.rank.value <= 9]
    for seed in range(40):
        hand = [JOKER, *random.Random(seed).sample(low, 9)]
        r = _deal_with(hand, seed, dealer=1)  # East deals, so South calls first
        _calls_until_south(r, level)
        if r.phase.value != "auction":
            continue
        call = make_player(level, seed=seed).choose(r.view(SOUTH))
        assert not (isinstance(call, Bid) and call.strain is Strain.NO_TRUMPS), (seed, call)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_raises_partner_on_support(level: str) -> None:
    """"The rules player never raises partner on support": the joker, A♠ J♠ 7♠ and four diamonds to the
    K♦ Q♦ over partner's 7♦ (worth about +210 as 8♦ on simulation, the issue says); ours passed."""
    south = parse_cards("JK AS JS 7S KD QD 9D 8D 6C 5H")
    r = _deal_with(south, seed=1, dealer=SOUTH)  # West calls first, then North, East, South
    for call in ("PASS", "7D", "PASS"):
        r.apply(call)
    call = make_player(level, seed=1).choose(r.view(SOUTH))
    assert isinstance(call, Bid) and call.strain is Strain.DIAMONDS and call.tricks >= 8, call


# ---------------------------------------------------------------------------------------------- card play


def _play_to(r: Round, cards: str) -> None:
    for card in cards.split():
        r.apply(card)


@pytest.mark.parametrize("level", ("beginner", "club"))
def test_no_trump_lead_into_the_joker(level: str) -> None:
    """"Leading low trumps while the joker is out".  The behaviour: on lead in a trump contract, while the joker
    may still be out (not in my hand, not played, not among my own discards), lead a trump only when I hold
    nothing else.  Trumps are drawn from the top, and the joker is the top trump, so with it out a low trump
    would only feed it (or a bower) a cheap trick; side suits are led instead.

    Beginner and Club (every lead of every seat on 200 seeded deals): Club knows what has been played, Beginner
    counts the joker as out unless it holds it, so both must pass.  Not Expert: from the fourth trick its leads
    are whatever scores best on its sampled deals, and a trump lead can be right there (its first three
    tricks are Club's, covered here)."""
    checked = 0
    for seed in range(200):
        r = Round.deal(seed=seed)
        player = make_player(level)
        while not r.is_over:
            seat = r.to_act
            assert seat is not None
            view = r.view(seat)
            action = player.choose(view)
            trump = r.contract.trump if r.contract is not None else None
            if r.phase.value == "play" and trump is not None and (view.current is None or not view.current.plays):
                trumps = suit_masks(trump, None)[trump]
                joker_out = JOKER not in view.hand and JOKER not in view.played and JOKER not in view.discards
                if joker_out and any(not c.bit & trumps for c in view.hand):
                    assert isinstance(action, Play) and not action.card.bit & trumps, (seed, seat, action)
                    checked += 1
            r.apply(action)
    assert checked > 300


def _seeded_play(seed: int, tricks: int, seat: int) -> Round:
    """Seed ``seed`` played by Club players until ``seat`` is to play in trick ``tricks + 1``."""
    r = Round.deal(seed=seed)
    player = RulesPlayer()
    while not (r.phase.value == "play" and len(r.tricks) == tricks and r.to_act == seat):
        r.apply(player.choose(r.view(r.to_act if r.to_act is not None else 0)))
    return r


@pytest.mark.parametrize("level", ("club", "expert"))
def test_no_overtaking_partners_winner_that_nobody_can_beat(level: str) -> None:
    """"Overtaking partner's winner", as ours did: seed 54, 7♣ by North.  North leads A♣ to the ninth trick, East
    throws 9♠, and West, last to play, showed out of clubs (trumps) in the seventh trick, so nobody can beat
    partner's A♣.  South holds J♣ (the right bower) and 6♣: the old player won "as cheaply as it can" with J♣
    (the left bower was still out, in North's hand); it must play 6♣ and keep J♣.

    Club and Expert (two tricks left: a cheap search).  Not Beginner: it forgets West's void, so to it the
    left bower may still be with West, and overtaking is its defensible play."""
    r = _seeded_play(54, 8, 2)
    view = r.view(2)
    assert view.current is not None and [str(c) for _, c in view.current.plays] == ["AC", "9S"]
    assert sorted(str(c) for c in view.hand) == ["6C", "JC"] and r.contract is not None and r.contract.label == "7♣"
    assert "JS" in [str(c) for c in r.hand(0)]  # a trump above the A♣ is out, in partner's hand
    action = make_player(level, seed=1, time_budget=2.0).choose(view)
    assert action == Play(parse_cards("6C")[0]), action


@pytest.mark.parametrize("level", ("beginner", "club"))
def test_no_trumping_partners_ace(level: str) -> None:
    """Overtaking partner's winner, the plainest case: partner leads the ace of a side suit (the top card of the
    whole pack there), the next opponent follows, and I, out of the suit with trumps, must not trump it.

    Beginner and Club on seeded deals (every such trick of 300 played by Club players, where I hold a card
    other than trumps to throw): nothing in the pack beats the ace in its suit, so no memory is needed.  Left
    out: the trick where the opponent still to play has shown out of the suit before, where Club trumps on
    purpose (that opponent could trump partner's ace) and Beginner, not remembering, does not."""
    player = make_player(level)
    checked = 0
    for seed in range(300):
        r = Round.deal(seed=seed)
        club = RulesPlayer()
        while not r.is_over:
            seat = r.to_act
            assert seat is not None
            view = r.view(seat)
            cur = view.current
            contract = r.contract
            if (r.phase.value == "play" and contract is not None and contract.trump is not None and cur is not None
                    and len(cur.plays) == 2 and not r.sitting_out and r.rules.players == 4):
                trump = contract.trump
                masks = suit_masks(trump, None)
                (lead_seat, lead), (_, second) = cur.plays
                led = cur.led
                fourth = (seat + 1) % 4
                fourth_void = any(t.led is led and any(s == fourth and not masks[led] & c.bit for s, c in t.plays)
                                  for t in view.tricks)
                if (led is not None and led is not trump and lead.rank is Rank.ACE and (lead_seat + 2) % 4 == seat
                        and masks[led] & second.bit and not fourth_void
                        and not any(masks[led] & c.bit for c in view.hand)
                        and any(masks[trump] & c.bit for c in view.hand)
                        and any(not masks[trump] & c.bit for c in view.hand)):
                    action = player.choose(view)
                    assert isinstance(action, Play) and not masks[trump] & action.card.bit, (seed, action)
                    checked += 1
            r.apply(club.choose(view))
    assert checked >= 5


def _open_misere_defence() -> Round:
    """East's open misère (West sits out), played by hand to the eighth trick: North leads 6♣, East, out of
    clubs as its open hand shows, throws J♠, and South holds 9♣ 5♣ 9♠ (East keeps 10♠ 4♥)."""
    north = "9D 8S 10D AC 10H JD JH 6C QH 6D"
    east = "5S 6S 7S 10S JS 4H 5H 6H 4D 5D"
    south = "9C 5C 9S KS AS 8C 7D 8H 7H QD"
    west = "QS 10C JC QC KC 8D 9H KH AH JK"
    kitty = "7C KD AD"
    r = Round.from_hands([north, east, south, west], kitty, dealer=0)
    _play_to(r, "OPEN_MISERE PASS PASS PASS")
    r.apply(Discard.of(parse_cards(kitty)))
    # tricks 1-7 (E leads the first; each trick's winner the next): East ducks every one
    _play_to(r, "4D 7D 9D  8S 7S AS  KS 10D 6S  8C AC 5S  10H 6H 8H  JD 5D QD  7H JH 5H  6C JS")
    return r


def _beats_misere(view: View, play: Play, samples: int) -> float:
    """How often ``play`` makes the misère contractor win a trick, double dummy over sampled deals."""
    from fivehundred.analysis.solver import Solver

    positions = sample_positions(view, samples, seed=1)
    return sum(Solver(p).play_values()[play] >= 1 for p in positions) / len(positions)


@pytest.mark.parametrize("level", ("beginner", "club", "expert"))
def test_open_misere_defence_uses_the_open_hands_void(level: str) -> None:
    """"Open misère defence ignores the exposed hand's voids": partner's 6♣ led, East (open misère, out of clubs)
    has thrown J♠, South holds 9♣ 5♣ 9♠.  East can't win a club, so South plays 9♣: it wins the trick and leads
    9♠ under East's 10♠.  Ours played 5♣, leaving partner on lead without a spade.

    Every level: East's open hand and the trick are on the table (no memory needed), and with three tricks left
    Expert's search is cheap.  The issue's figures (92% against 15%) came from another deal; on this one the
    search says 9♣ beats the misère on most sampled deals (all but those where partner holds the joker, which
    takes the 9♠) and 5♣ on none, checked below."""
    r = _open_misere_defence()
    view = r.view(2)
    assert r.contract is not None and r.contract.kind is BidKind.OPEN_MISERE and r.sitting_out == (3,)
    assert sorted(str(c) for c in view.hand) == ["5C", "9C", "9S"] and len(view.tricks) == 7
    assert view.exposed and not any(c.suit.value == "C" for c in view.exposed if not c.is_joker)
    nine, five = Play(parse_cards("9C")[0]), Play(parse_cards("5C")[0])
    assert make_player(level, seed=1, time_budget=2.0).choose(view) == nine
    high, low = _beats_misere(view, nine, 200), _beats_misere(view, five, 200)
    assert high > 0.75 and low < 0.1, (high, low)


def _closed_misere_defence() -> Round:
    """East's misère over North's 7♠; East leads 5♠ (North wins with K♠), North leads 10♦, East plays 8♦ under
    it, and South holds K♦ 4♦."""
    north = "10D KS QS 10S 5H 7H 9D 6C 8C AD"
    east = "5S 6S 8S 4H 6H 8H 6D 8D 5C JC"
    south = "KD 4D AS 7S 9H QH 7C 10C QC 10H"
    west = "9S JS 5D 7D QD JD JH KH AH JK"
    kitty = "9C KC AC"
    r = Round.from_hands([north, east, south, west], kitty, dealer=3)
    _play_to(r, "7S MISERE PASS PASS PASS")
    r.apply(Discard.of(parse_cards(kitty)))
    _play_to(r, "5S 7S KS  10D 8D")
    return r


@pytest.mark.parametrize("level", ("beginner", "club", "expert"))
def test_closed_misere_third_hand_sheds_the_king(level: str) -> None:
    """"Closed misère, third hand after the bidder played under": partner's 10♦, East's 8♦ under it, South holds
    K♦ 4♦.  The trick is lost for East already, so South plays K♦ (a card that could later only win a diamond
    East would otherwise take) and keeps 4♦ to play under East later.  Ours played 4♦.

    Every level: the trick on the table shows it (no memory), and in the second trick Expert plays Club's
    card.  The issue's figures are K♦ 97%, 4♦ 84%.  A slower check (not run here: the solver on 2,000 deals
    sampled from South's view) measured K♦ 94%, 4♦ 71% with the sampler's misère constraint on East; 97.6% and
    86.7% with the sampler before it (North's 7♠ checked, East's misère not), 98.5% and 94% ignoring the
    auction."""
    r = _closed_misere_defence()
    view = r.view(2)
    assert r.contract is not None and r.contract.kind is BidKind.MISERE and r.contractor == 1
    assert {str(c) for c in view.hand if c.suit.value == "D"} == {"KD", "4D"}
    assert make_player(level, seed=1).choose(view) == Play(parse_cards("KD")[0])


def _misere_high(cards: list[Card]) -> int:
    return sum(1 for c in cards if c.is_joker or c.rank > Rank.NINE)


def test_sampled_misere_bidder_hands_look_like_misere_hands() -> None:
    """The search player's sampler applies the misère bidder's constraint: every sampled hand of the (closed)
    misère contractor, with the cards it has played, has no joker and at most MISERE_HIGH_CARDS cards above
    the 9.  Without the auction (use_bids=False) about one in ten does (10 of these 100), as the sampler had it
    before: it checked misère bids only of seats that were outbid."""
    view = _closed_misere_defence().view(2)
    played = [c for t in (*view.tricks, view.current) if t is not None for s, c in t.plays if s == 1]

    def east(p: object) -> list[Card]:
        hands = getattr(p, "hands")
        return [c for c in ALL_CARDS if hands[1] & c.bit] + played

    fitted = sample_positions(view, 100, seed=3)
    assert len(fitted) == 100
    for p in fitted:
        cards = east(p)
        assert len(cards) == 10 and JOKER not in cards and _misere_high(cards) <= MISERE_HIGH_CARDS, cards
    loose = sample_positions(view, 100, seed=3, use_bids=False)
    assert sum(JOKER not in east(p) and _misere_high(east(p)) <= MISERE_HIGH_CARDS for p in loose) < 25
