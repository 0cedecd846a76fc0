"""What a computer player's call shows (``promise_words``, free play's "What the bids show"), checked against
the hand that made it.

Every call of the rules players at every seat over seeded deals is read back by ``promise_words`` and the claim is
checked against the caller's own cards, counted by the method's own ``count_hand``: "about N tricks" must be the
hand's count exactly, "at least N" no more than it, a misère must hold no joker and few high cards, and a pass
must be a hand whose count reached no call.  A claim that the player's calls do not bear out fails here.
"""

from __future__ import annotations

import re

import pytest

from fivehundred import JOKER, Bid, Round
from fivehundred.bidding import BidKind, Strain
from fivehundred.bidding_method import (METHOD, auction_context, expert_note, count_hand, level_reached, misere_high_cards,
                                        promise_words)
from fivehundred.errors import FiveHundredError
from fivehundred.players import RandomPlayer, RulesPlayer
from fivehundred.rules import AUSTRALIAN

ABOUT = re.compile(r"counts (about|at least) (\d+) tricks? in ")


def _auctions(rules, seeds: range):
    """(round, calls so far, seat, call) for every call of rules players at every seat."""
    for seed in seeds:
        r = Round.deal(seed=seed, rules=rules)
        players = [RulesPlayer() for _ in range(rules.players)]
        while r.phase.value == "auction":
            seat = r.to_act
            call = players[seat].choose(r.view(seat))
            r.apply(call)
            yield r, tuple(r.auction), seat, call


@pytest.mark.parametrize("players", [4, 3, 6])
def test_every_computer_call_shows_what_its_hand_holds(players: int) -> None:
    rules = AUSTRALIAN.replace(players=players)
    seen = {"about": 0, "at least": 0, "misère": 0, "pass": 0, "one say": 0}
    for r, calls, seat, call in _auctions(rules, range(150)):
        words = promise_words(seat, calls, rules=rules)
        hand = r.hand(seat)
        before = calls[:-1]
        assert "{" not in words and "None" not in words, words
        if call.kind is BidKind.TRICKS:
            assert call.strain is not None
            found = ABOUT.search(words)
            assert found, words
            claimed = int(found.group(2))
            count = count_hand(hand, call.strain, auction_context(seat, before, call.strain, rules.players, rules))
            if found.group(1) == "about":
                assert count.in_hand == claimed, (words, hand, count)
            else:
                assert count.in_hand >= claimed, (words, hand, count)
            seen[found.group(1)] += 1
            if call.strain is Strain.NO_TRUMPS:
                assert JOKER in hand and "shows the joker" in words
        elif call.kind is BidKind.MISERE:
            assert JOKER not in hand and len(misere_high_cards(hand)) <= METHOD.misere_high, (words, hand)
            seen["misère"] += 1
        elif call.is_pass and "one say" in words:
            assert any(s == seat and not b.is_pass for s, b in before), words
            seen["one say"] += 1
        elif call.is_pass and "fewer than 6" in words:
            # nothing stood: the hand's count reached no bid in any strain it may bid, and it was no misère hand
            assert not any(b.kind is BidKind.TRICKS for _, b in before)
            for strain in Strain:
                if strain is Strain.NO_TRUMPS and JOKER not in hand:
                    continue
                c = count_hand(hand, strain, auction_context(seat, before, strain, rules.players, rules))
                assert level_reached(c, JOKER in hand, METHOD) < 6, (words, hand, strain)
            seen["pass"] += 1
    assert all(n > 0 for key, n in seen.items() if key != "misère"), seen


def test_a_random_player_s_calls_show_nothing_and_a_silent_seat_has_not_called() -> None:
    r = Round.deal(seed=3)
    player = RandomPlayer(seed=1)
    seat = r.to_act
    r.apply(player.choose(r.view(seat)))
    assert promise_words(seat, r.auction, rules=r.rules, by_method=False).endswith("its calls show nothing about its hand.")
    other = (seat + 1) % 4
    assert promise_words(other, r.auction, rules=r.rules).endswith("has not called yet.")


def test_an_expert_players_call_is_read_by_the_method_and_says_it_may_depart() -> None:
    r = Round.deal(seed=3)
    seat = r.to_act
    r.apply(RulesPlayer().choose(r.view(seat)))
    plain = promise_words(seat, r.auction, rules=r.rules)
    expert = promise_words(seat, r.auction, rules=r.rules, departs=True)
    assert expert.startswith(plain + " ") and expert != plain
    assert expert.endswith("is an Expert player: it bids this way, but now and then makes another call, when trying "
                           "the calls out on many possible deals shows that one clearly scores more.")
    # a seat that has not called has not called, whoever plays it
    other = (seat + 1) % 4
    assert promise_words(other, r.auction, rules=r.rules, departs=True).endswith("has not called yet.")


def test_the_expert_note_names_each_seat_once() -> None:
    assert expert_note([]) == ""
    assert expert_note([3]).startswith("West is an Expert player: it bids this way")
    assert expert_note([1, 3]).startswith("East and West are Expert players: they bid this way")
    assert expert_note([1, 2, 4], players=6).startswith("North-East, South-East and South-West are Expert players")
    with pytest.raises(FiveHundredError, match="no seat 4 at a 4-player table"):
        expert_note([1, 4])


@pytest.mark.parametrize("seat", [-1, 4, "North", None, True])
def test_a_seat_that_is_not_at_the_table_is_refused(seat: object) -> None:
    with pytest.raises(FiveHundredError, match="no seat"):
        promise_words(seat, [], rules=AUSTRALIAN)  # type: ignore[arg-type]


def test_the_issue_s_example_reads_as_lesson_14_counts() -> None:
    """North opens 7♣ (nobody has bid): about 5 tricks of North's own, with 2 for partner and the kitty."""
    words = promise_words(0, [(3, Bid.parse("PASS")), (0, Bid.parse("7C"))], rules=AUSTRALIAN)
    assert words.startswith("North's 7♣ counts at least 5 tricks in North's own hand with clubs as trumps")
    assert "partner and the kitty add about 2 when nobody has bid yet" in words
    assert "Without the joker the method stops at 7" in words
