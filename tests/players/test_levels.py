"""Difficulty levels: the Beginner (the rules player without card memory) really forgets, the levels'
table is ordered and reads old names, and a small seeded match puts Club above Beginner.

The positions come from seeded deals played by the rules player; what each level should do there is
worked out from the position itself (which cards are gone, which are still in the pack), not copied from
the players' own output.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fivehundred import Round, pack
from fivehundred.actions import Play
from fivehundred.analysis.hints import SearchPlayer
from fivehundred.analysis.levels import (EXPERT_BID_SAMPLES, LEVELS, OLD_NAMES, level_arg, level_keys, make_player, partner_levels,
                                         stronger, strongest_partner)
from fivehundred.cards import Card
from fivehundred.errors import FiveHundredError
from fivehundred.players import PlayerError, RandomPlayer, RulesPlayer, duplicate_match
from fivehundred.round import Phase, View
from fivehundred.trumps import effective_suit, trick_rank

CLUB, BEGINNER = RulesPlayer(), RulesPlayer(memory=False)


def _views(seeds: range) -> Iterator[View]:
    """Every play decision of the seeded deals, all four seats played by the rules player."""
    for seed in seeds:
        r = Round.deal(seed=seed, dealer=seed % 4)
        while not r.is_over:
            assert r.to_act is not None
            view = r.view(r.to_act)
            if view.phase is Phase.PLAY:
                yield view
            r.apply(CLUB.choose(view))


def _earlier(view: View) -> set[Card]:
    """The cards played to the tricks before the one on the table."""
    return {c for t in view.tricks for c in t.cards}


def _higher(view: View, card: Card) -> list[Card]:
    """The cards of the pack that beat ``card`` in the suit it follows as (the joker too, unless nominated elsewhere)."""
    assert view.contract is not None
    trump, nom = view.contract.trump, view.nominated
    suit = effective_suit(card, trump, nom)
    return [c for c in pack(view.rules.players) if effective_suit(c, trump, nom) == suit
            and trick_rank(c, trump, suit, nom) > trick_rank(card, trump, suit, nom)]


def _contracting(view: View) -> bool:
    return view.seat == view.contractor or view.seat in view.partners


def test_memory_is_an_option_of_the_rules_player_on_by_default() -> None:
    assert RulesPlayer().memory is True and RulesPlayer(memory=False).memory is False
    with pytest.raises(FiveHundredError, match="memory"):
        RulesPlayer(memory="no")  # type: ignore[arg-type]


def test_with_nothing_played_yet_the_beginner_plays_as_club() -> None:
    """Memory can only matter once a card has gone: the first lead by a seat with no discards is the same."""
    compared = 0
    for view in _views(range(60)):
        if not view.tricks and not view.discards:
            assert BEGINNER.decide(view) == CLUB.decide(view)
            compared += 1
    assert compared >= 60


def test_club_cashes_a_card_made_top_by_the_cards_gone_and_the_beginner_does_not() -> None:
    """A defender on lead holding a side card whose only betters went in earlier tricks: Club knows it is the
    top one left and cashes a card of that kind; the Beginner, which sees no side card that is the top of the
    whole pack in its hand, has no sure winner to cash."""
    found = 0
    for view in _views(range(200)):
        if view.current is not None and view.current.plays or _contracting(view) or view.contract is None \
                or view.contract.is_misere:
            continue
        trump = view.contract.trump
        side = [c for c in view.hand if not c.is_joker and effective_suit(c, trump, view.nominated) not in (trump, None)]
        gone = _earlier(view) | set(view.discards)
        made_top = [c for c in side if _higher(view, c) and set(_higher(view, c)) <= gone]
        top_of_pack = [c for c in side if not _higher(view, c)]
        if not made_top or top_of_pack:
            continue
        club, beginner = CLUB.decide(view), BEGINNER.decide(view)
        assert isinstance(club.action, Play) and isinstance(beginner.action, Play)
        assert club.action.card in made_top, (view.hand, club)  # Club cashes a top card left
        assert not beginner.reason.startswith("I cash"), beginner  # nothing it holds is sure to win
        found += 1
    assert found >= 10


def test_club_leaves_partners_winner_that_the_cards_gone_make_sure_and_the_beginner_overtakes_it() -> None:
    """Third to play, partner winning with a side card whose betters all went in earlier tricks, the last player
    (an opponent) not yet shown out of the suit: Club plays under partner's card; the Beginner, for which a
    better card may still be out, wins the trick itself when it can."""
    found = 0
    for view in _views(range(300)):
        t = view.current
        if t is None or len(t.plays) != 2 or view.contract is None or view.contract.is_misere:
            continue
        trump, nom = view.contract.trump, view.nominated
        led = t.led
        partner_seat = (view.seat + 2) % 4
        if led is None or led is trump:
            continue
        win_seat, win_card = max(t.plays, key=lambda sc: trick_rank(sc[1], trump, led, nom))
        if win_seat != partner_seat or win_card.is_joker or effective_suit(win_card, trump, nom) != led:
            continue
        gone = _earlier(view) | set(view.discards)
        betters = [c for c in _higher(view, win_card) if c not in view.hand]
        if not betters or not set(betters) <= gone:
            continue
        last = (view.seat + 1) % 4
        if any(s == last and effective_suit(c, trump, nom) != tr.led for tr in view.tricks for s, c in tr.plays):
            continue  # the last player has shown out of a suit: Club may fear a ruff
        mine = [p for p in view.legal_actions if isinstance(p, Play)]
        beats = [p for p in mine if trick_rank(p.card, trump, led, nom) > trick_rank(win_card, trump, led, nom)]
        if not beats or len(beats) == len(mine):
            continue
        club, beginner = CLUB.decide(view), BEGINNER.decide(view)
        assert club.action not in beats, (view.hand, t, club)  # Club leaves partner's sure winner alone
        assert beginner.action in beats, (view.hand, t, beginner)  # the Beginner can't tell it is sure
        found += 1
    assert found >= 5


def test_against_misere_club_remembers_the_contractors_voids_and_the_beginner_forgets_them() -> None:
    """A defender on lead against misère whose lowest cards are all in suits the contractor showed out of in
    earlier tricks, holding another suit too: Club leads a suit the contractor may still hold; the Beginner,
    which knows no void from earlier tricks, leads its lowest card."""
    found = 0
    for view in _views(range(1100)):
        t = view.current
        if view.contract is None or not view.contract.is_misere or t is not None and t.plays or view.seat == view.contractor:
            continue
        nom = view.nominated
        void = {tr.led for tr in view.tricks for s, c in tr.plays
                if s == view.contractor and tr.led is not None and effective_suit(c, None, nom) != tr.led}
        cards = [c for c in view.hand if not c.is_joker]
        rank = {c: trick_rank(c, None, effective_suit(c, None, nom), nom) for c in cards}
        lowest = [c for c in cards if rank[c] == min(rank.values())] if cards else []
        held = {effective_suit(c, None, nom) for c in cards}
        if not lowest or not all(effective_suit(c, None, nom) in void for c in lowest) or held <= void:
            continue
        club, beginner = CLUB.decide(view), BEGINNER.decide(view)
        assert isinstance(club.action, Play) and isinstance(beginner.action, Play)
        assert effective_suit(club.action.card, None, nom) not in void, (view.hand, void, club)
        assert beginner.action.card in lowest, (view.hand, void, beginner)
        found += 1
    assert found >= 2


# ---------------------------------------------------------------------- the table of levels
def test_the_levels_are_ordered_weakest_first() -> None:
    assert level_keys() == ("random", "beginner", "club", "expert")
    assert [level.strength for level in LEVELS] == [0, 1, 2, 3]
    assert stronger("club", "beginner") and stronger("expert", "club") and stronger("beginner", "random")
    assert not stronger("club", "expert") and not stronger("club", "club")
    assert all(level.label and level.about for level in LEVELS)


def test_each_level_makes_its_player() -> None:
    assert type(make_player("random", 3)) is RandomPlayer
    beginner, club = make_player("beginner"), make_player("club")
    assert type(beginner) is RulesPlayer and not beginner.memory
    assert type(club) is RulesPlayer and club.memory
    expert = make_player("expert", 4, time_budget=0.2)
    assert type(expert) is SearchPlayer and expert.time_budget == 0.2
    # Expert bids by simulation, within the same budget a call as a card
    assert expert.bid_samples == EXPERT_BID_SAMPLES > 0 and expert.bid_budget == 0.2
    assert expert.departs_from_method and not expert.bids_by_method
    assert club.bids_by_method and not club.departs_from_method
    assert make_player(level_arg("club")).name == "rules"


@pytest.mark.parametrize("old, level", [("rules", "club"), ("search", "expert"), ("random", "random")])
def test_old_names_read_as_their_levels(old: str, level: str) -> None:
    assert level_arg(old).key == level
    assert type(make_player(old)) is type(make_player(level))
    assert set(OLD_NAMES) == {"rules", "search"}


def test_partners_are_beginner_or_club_and_default_to_club() -> None:
    assert [level.key for level in partner_levels()] == ["beginner", "club"]
    assert strongest_partner().key == "club"
    for level in LEVELS:
        assert level.partner == (level.not_partner == "")
    assert "half a second" in level_arg("expert").not_partner


@pytest.mark.parametrize("junk", ["grandmaster", "", None, 3, "Club"])
def test_an_unknown_level_is_refused_in_plain_words(junk: object) -> None:
    with pytest.raises(PlayerError, match="no player level") as err:
        make_player(junk)
    assert err.value.explanation == "Choose a level: Random, Beginner, Club, Expert."
    with pytest.raises(ValueError):
        make_player("club", seed="x")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        make_player("expert", time_budget=0)


def test_a_small_seeded_match_puts_club_above_beginner() -> None:
    """The smoke test of the order (the strength itself is measured by bench/levels.py)."""
    m = duplicate_match(lambda b, s: make_player("club"), lambda b, s: make_player("beginner"), 200)
    assert sum(m.nets) > 0, m.mean
    m = duplicate_match(lambda b, s: make_player("beginner"), lambda b, s: make_player("random", b * 10 + s), 20)
    assert sum(m.nets) > 0, m.mean
