"""Table-driven tests for the rules player.  Each expected action is worked out by hand in the comment."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivehundred import PRESETS, Bid, Discard, IllegalActionError, Phase, Play, Round, Rules, pack, parse_cards
from fivehundred.actions import Action
from fivehundred.bidding import Strain
from fivehundred.cards import mask_of
from fivehundred.players import Player, RandomPlayer, RulesPlayer, play_hand
from fivehundred.players.rules_player import _estimate_mask, _estimates, estimate_tricks
from fivehundred.round import View

AUS = PRESETS["australian"]
MIS_ANY = AUS.replace(misere_requires_seven=False)


def _deal_with(seat: int, hand: str, dealer: int = 0, rules: Rules = AUS) -> Round:
    """``seat`` holds ``hand``; the other cards fill the other seats in pack order, the last three are the kitty."""
    mine = parse_cards(hand)
    rest = [c for c in pack(rules.players) if c not in mine]
    hands: list[tuple[object, ...]] = []
    for s in range(rules.players):
        if s == seat:
            hands.append(mine)
        else:
            hands.append(tuple(rest[:10]))
            rest = rest[10:]
    return Round.from_hands(hands, rest, rules=rules, dealer=dealer)  # type: ignore[arg-type]


STRONG_HEARTS = "JK JH JD AH 10H 9H AS 7C 6C 5S"


@pytest.mark.parametrize(
    "hand, before, expected, reason_word",
    [
        # The method of lesson 14.  Hearts: JK JH JD AH are four top trumps, six trumps are three beyond the
        # third (3 for length), AS a side ace: 8; first to speak partner and the kitty add 2: 10, so 10H.
        (STRONG_HEARTS, [], "10H", "hearts"),
        # Over an opponent's 7NT: 8 + 3 for competing = 11; compete just enough, the cheapest hearts bid: 8H.
        (STRONG_HEARTS, ["7NT"], "8H", "hearts"),
        # Over 8H the count (11, at most 10) still reaches 9H, the cheapest bid over it.
        (STRONG_HEARTS, ["8H"], "9H", "hearts"),
        # No aces, no bowers, no joker: nothing to bid on.
        ("5S 6S 7C 8C 9D 10D 4H 5H 6H 7D", [], "PASS", "no bid"),
        # After a seven bid: no joker and every card 7 or lower, so misère.
        ("5S 6S 7S 5C 6C 7C 4D 5D 4H 5H", ["7S"], "MIS", "misère"),
        # Four ace-king suits but no joker, over 8D: each suit counts 7 (+3 competing), but without the joker
        # the method stops at seven, which does not outrank 8D: pass.
        ("AS KS QS AC KC AD KD AH KH QC", ["8D"], "PASS", "no bid"),
    ],
)
def test_bidding_table(hand: str, before: list[str], expected: str, reason_word: str) -> None:
    # dealer W (3): North (0) speaks first; our hand sits East (1), after North's call.
    seat = 1 if before else 0
    r = _deal_with(seat, hand, dealer=3)
    for call in before:
        r.apply(call)
    decision = RulesPlayer().decide(r.view(seat))
    assert decision.action == Bid.parse(expected)
    assert reason_word in decision.reason.lower()


def test_never_bids_no_trumps_or_nine_without_the_joker() -> None:
    player = RulesPlayer()
    checked = 0
    for seed in range(300):
        r = Round.deal(AUS, seed=seed)
        view = r.view(r.to_act)  # type: ignore[arg-type]
        bid = player.choose(view)
        assert isinstance(bid, Bid)
        if any(c.is_joker for c in view.hand) or bid.is_pass:
            continue
        checked += 1
        assert bid.strain is None or bid.strain.suit is not None, f"NT without the joker: {bid} on {view.hand}"
        assert bid.tricks < 9
    assert checked > 20


HEARTS_DEAL = [
    "10C JC QC KC AC 9D 10D QD KD AD",  # N
    "JK JH JD AH KH QH 10H AS 5S 7C",  # E, the contractor
    "4H 5H 6H 7H 8H KS QS JS 10S 9S",  # S
    "6S 7S 8S 5C 8C 9C 4D 5D 6D 7D",  # W, East's partner, with no trumps
]
HEARTS_KITTY = "9H 6C 8D"


def _hearts_round() -> Round:
    r = Round.from_hands(HEARTS_DEAL, HEARTS_KITTY, dealer=0)
    for call in ("7H", "PASS", "PASS", "PASS"):
        r.apply(call)
    return r


def test_kitty_discards_build_voids() -> None:
    # East holds 13 cards: eight trumps, AS 5S, 7C 6C and 8D.  Throwing the whole club and diamond
    # suits (no ace in either) leaves voids to trump in; spades keep the ace.
    r = _hearts_round()
    decision = RulesPlayer().decide(r.view(1))
    assert decision.action == Discard.of("6C 7C 8D")
    assert "void in clubs and diamonds" in decision.reason


def test_draws_trumps_from_the_top_then_partner_does_not_overtake() -> None:
    r = _hearts_round()
    r.apply("discard 6C 7C 8D")
    # South still holds five trumps, so East leads the joker, the highest trump.
    lead = RulesPlayer().decide(r.view(1))
    assert lead.action == Play.parse("JK") and "draw" in lead.reason
    r.apply("JK")
    r.apply("4H")
    # West has no hearts; partner's joker is a sure winner, so West throws its lowest card, 4D.
    follow = RulesPlayer().decide(r.view(3))
    assert follow.action == Play.parse("4D")
    assert "Partner" in follow.reason


NT_DEAL = [
    "JS AC AD 9H 10H JH QH KH AH JK",  # N
    "5S 6S 7S 8S 9S 5C 6C 7C 8C 9C",  # E
    "10S KS 10C JC 7D 8D 9D 10D 4H 5H",  # S
    "AS QS QC KC JD QD KD 6H 7H 8H",  # W
]


def test_second_hand_low_and_third_hand_wins_cheaply() -> None:
    r = Round.from_hands(NT_DEAL, "4D 5D 6D", dealer=0)
    for call in ("6NT", "PASS", "PASS", "PASS"):
        r.apply(call)
    r.apply("discard 4D 5D 6D")
    r.apply("5S")
    # South holds KS 10S, but AS is still out: second hand low, 10S.
    second = RulesPlayer().decide(r.view(2))
    assert second.action == Play.parse("10S") and "Second hand low" in second.reason
    r.apply("10S")
    # West (East's partner) holds AS QS over South's 10S: QS wins as cheaply as possible.
    third = RulesPlayer().decide(r.view(3))
    assert third.action == Play.parse("QS") and "cheaply" in third.reason


def test_misere_contractor_ducks_under_the_winning_card() -> None:
    r = Round.from_hands(NT_DEAL, "4D 5D 6D", dealer=0, rules=MIS_ANY)
    for call in ("MIS", "PASS", "PASS", "PASS"):
        r.apply(call)
    r.apply("discard 4D 5D 6D")
    # West sits out; the order is N, E, S.  South wins trick 1 with KS and leads 10S; North,
    # out of spades, must play the joker (misère), which wins.
    for card in ("5S", "KS", "JS", "10S", "JK"):
        r.apply(card)
    # East must follow with 6S-9S; all lose, and ducking keeps the highest, 9S, out of harm's way.
    decision = RulesPlayer().decide(r.view(1))
    assert decision.action == Play.parse("9S") and "duck" in decision.reason


class _Checking(Player):
    def __init__(self, inner: Player) -> None:
        self.inner = inner

    def choose(self, view: View) -> Action:
        action = self.inner.choose(view)
        if view.phase is Phase.KITTY:
            assert isinstance(action, Discard) and set(action.cards) <= set(view.hand)
        else:
            assert action in view.legal_actions, (action, view.phase)
        assert self.inner.explain(view, action)
        return action


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bots_only_make_legal_moves(preset: str, players: int) -> None:
    """Rules, random and (in two hands) search players in every preset and player count: 1,600+ hands."""
    from fivehundred.analysis.hints import SearchPlayer

    rules = PRESETS[preset].replace(players=players)
    for seed in range(52):
        r = Round.deal(rules, dealer=seed % players, seed=seed)
        seats: list[Player] = [
            _Checking(RulesPlayer()) if (s + seed) % 2 else _Checking(RandomPlayer(seed * 7 + s)) for s in range(players)
        ]
        if seed < 2:
            seats[seed % players] = _Checking(SearchPlayer(samples=3, max_tricks=3, time_budget=30.0, seed=seed))
        play_hand(r, seats)
        assert r.is_over


def _hidden_shuffle(r: Round, seat: int, rng: random.Random) -> Round | None:
    """The same history, with the cards ``seat`` cannot see dealt differently among the others."""
    view = r.view(seat)
    visible = set(r.dealt_hands[seat]) | set(view.kitty)
    played_by = {c: s for t in r.tricks for s, c in t.plays}
    if r.current_trick is not None:
        played_by.update({c: s for s, c in r.current_trick.plays})
    hidden = [c for h in r.dealt_hands for c in h if c not in visible and c not in played_by]
    hidden += [c for c in r.kitty if c not in visible]
    rng.shuffle(hidden)
    hands: list[list[object]] = []
    for s, dealt in enumerate(r.dealt_hands):
        if s == seat:
            hands.append(list(dealt))
            continue
        keep = [c for c in dealt if played_by.get(c) == s]
        need = len(dealt) - len(keep)
        hands.append(keep + hidden[:need])
        hidden = hidden[need:]
    kitty = list(r.kitty) if view.kitty else hidden
    other = Round.from_hands(hands, kitty, rules=r.rules, dealer=r.dealer)  # type: ignore[arg-type]
    try:
        for action in r.history:
            other.apply(action)
    except IllegalActionError:
        return None
    return other


@pytest.mark.parametrize("make", [RulesPlayer, lambda: RandomPlayer(3)])
def test_permuting_unseen_cards_never_changes_a_decision(make: object) -> None:
    rng = random.Random(1)
    compared = 0
    for seed in range(80):
        r = Round.deal(AUS, seed=seed)
        driver = [RulesPlayer() for _ in range(4)]
        steps = rng.randrange(0, 30)
        for _ in range(steps):
            if r.is_over:
                break
            r.apply(driver[r.to_act].choose(r.view(r.to_act)))  # type: ignore[index, arg-type]
        if r.is_over:
            continue
        seat = r.to_act
        assert seat is not None
        for _ in range(3):
            other = _hidden_shuffle(r, seat, rng)
            if other is None:
                continue
            assert other.view(seat) == r.view(seat) or other.phase is not r.phase
            a = make().choose(r.view(seat))  # type: ignore[operator]
            b = make().choose(other.view(seat))  # type: ignore[operator]
            assert a == b, (seed, r.record())
            compared += 1
    assert compared >= 40


@settings(max_examples=300, deadline=None)
@given(players=st.sampled_from([2, 3, 4, 5, 6]), data=st.data())
def test_bitmask_estimate_equals_estimate_tricks_exactly(players: int, data: st.DataObject) -> None:
    """The bidder's bitmask twin of ``estimate_tricks`` gives the same float, to the last bit, in every strain.

    Hands of 10 to 13 cards (13: holding the kitty), drawn from the pack for that many players.
    """
    cards = pack(players)
    size = data.draw(st.integers(10, 13))
    hand = data.draw(st.lists(st.sampled_from(cards), min_size=size, max_size=size, unique=True))
    mask = mask_of(hand)
    for strain in Strain:
        assert _estimate_mask(mask, strain.suit, players) == estimate_tricks(hand, strain, players), (strain, hand)
    assert _estimates(mask, players) == tuple(estimate_tricks(hand, strain, players) for strain in Strain)
