"""Players that know the score: a hand in a game shows every seat the game's scores, and the rules player
bids the cheapest call that wins the game once no opponent can outbid (issue #24, item 6)."""

from __future__ import annotations

import pytest

from fivehundred import Bid, Round, pack, parse_cards
from fivehundred.cards import Suit
from fivehundred.bidding_method import game_winning_call
from fivehundred.game import Game
from fivehundred.players import RulesPlayer, play_hand
from fivehundred.session import Session

SOUTH = 2
#: the joker, both bowers and seven diamonds: ten tricks in diamonds on its own
LAYDOWN = "JK JD JH AD KD QD 10D 9D 8D 7D"


def _south_holds(hand: str, dealer: int) -> Round:
    mine = parse_cards(hand)
    rest = [c for c in pack(4) if c not in mine]
    hands = []
    for seat in range(4):
        if seat == SOUTH:
            hands.append(tuple(mine))
        else:
            hands.append(tuple(rest[:10]))
            rest = rest[10:]
    return Round.from_hands(hands, rest, dealer=dealer)


def test_a_hand_in_a_game_shows_every_seat_the_scores_before_it() -> None:
    g = Game(seed=4)
    assert all(g.round.view(s).scores == (0, 0) for s in range(4))
    for _ in range(3):
        assert g.round.game_scores == g.scores  # the totals before this hand
        play_hand(g.round, [RulesPlayer() for _ in range(4)])
        g.next_hand()
    assert g.scores != (0, 0)
    ns, ew = g.scores
    v = g.round.view(SOUTH)
    assert v.scores == (ns, ew) and v.our_score == ns and v.their_score == ew and v.points_to_win == 500 - ns
    assert g.round.view(1).our_score == ew and g.round.view(1).points_to_win == 500 - ew
    # a copy, the deal replayed, a saved game reloaded and the table's undo keep the scores
    assert g.round.copy().game_scores == g.scores and g.round.from_deal().game_scores == g.scores
    back = Game.from_dict(g.to_dict())
    assert back.round.view(SOUTH).scores == g.scores
    assert [h.game_scores for h in back.hands] == [h.game_scores for h in g.hands]
    assert g.hands[0].game_scores == (0, 0)
    # outside a game nobody knows a score
    lone = Round.deal(seed=4).view(SOUTH)
    assert lone.scores is None and lone.our_score is None and lone.points_to_win is None


def test_a_session_in_a_game_seats_players_who_see_the_score() -> None:
    s = Session(game=Game(seed=2))
    assert s.round.view(SOUTH).scores == (0, 0)


@pytest.mark.parametrize("scores", [None, (0, 0), (100, 450)])
def test_with_the_game_far_off_the_rules_player_bids_its_full_count(scores: tuple[int, int] | None) -> None:
    """The issue's hand: partner bid 7♦ and both opponents passed for good; the count reaches 10♦."""
    r = _south_holds(LAYDOWN, dealer=SOUTH)  # West calls first
    r.game_scores = scores
    for call in ("PASS", "7D", "PASS"):  # West, North, East
        r.apply(call)
    assert RulesPlayer().decide(r.view(SOUTH)).action == Bid.parse("10D")


def test_when_a_made_contract_wins_the_game_it_bids_the_cheapest_one_once_no_opponent_can_bid() -> None:
    r = _south_holds(LAYDOWN, dealer=SOUTH)
    r.game_scores = (380, 100)  # North–South need 120: any diamond bid above partner's 7♦ does it
    for call in ("PASS", "7D", "PASS"):
        r.apply(call)
    view = r.view(SOUTH)
    legal = [a for a in view.legal_actions if isinstance(a, Bid) and a.strain is not None and a.strain.suit is Suit.DIAMONDS]
    cheapest = min((b for b in legal if b.points >= 120), key=lambda b: b.points)
    d = RulesPlayer().decide(view)
    assert d.action == cheapest == Bid.parse("8D")
    assert "need only 120 to win the game" in d.reason and "8♦" in d.reason
    # with West still to call, West could bid over it: the full count again
    r = _south_holds(LAYDOWN, dealer=3)  # North calls first, West last
    r.game_scores = (380, 100)
    for call in ("7D", "PASS"):  # North, East
        r.apply(call)
    assert RulesPlayer().decide(r.view(SOUTH)).action == Bid.parse("10D")


def test_the_cheapest_game_winning_call() -> None:
    options = [Bid.parse(x) for x in ("6S", "7S", "8S", "9S")]
    assert game_winning_call(options, 140) == Bid.parse("7S")  # 7♠ is worth 140
    assert game_winning_call(options, 141) == Bid.parse("8S")
    assert game_winning_call(options, 600) is None and game_winning_call(options, None) is None


def test_the_advisor_gives_the_same_score_aware_call_and_says_why() -> None:
    """One method everywhere: lesson 14's advisor and the computer players make the same call with the score in."""
    from fivehundred.analysis.advisor import advise

    r = _south_holds(LAYDOWN, dealer=SOUTH)
    r.game_scores = (380, 100)
    for call in ("PASS", "7D", "PASS"):
        r.apply(call)
    advice = advise(r.view(SOUTH))
    assert advice.recommended == RulesPlayer().decide(r.view(SOUTH)).action == Bid.parse("8D")
    assert any("needs only 120 points to win the game" in line and "reaches 10♦" in line for line in advice.reasons)
    r.game_scores = (0, 0)  # far from the target: the full count, and no word about the score
    assert advise(r.view(SOUTH)).recommended == Bid.parse("10D")
    assert not any("win the game" in line for line in advise(r.view(SOUTH)).reasons)
