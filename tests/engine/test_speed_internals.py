"""The shortcuts behind simulation-speed hands give the same answers as the plain definitions.

* the deal by precomputed slices against a dealer written out here, card by card;
* views: the bitmask fields and the fields worked out on first use (the hand, the
  contractor's discards) against their definitions, and views still copy and pickle;
* the remembered legal ids and plays stay right when their bounded memory is emptied;
* the round's own scoring (unchecked) against the public, checked ``score_hand``;
* ``Rules`` hashes once and leaves the hash out of a pickle.

The full fast-path differential (legal sets, states, views and scores against the
checked ``apply()``) is ``test_fast_path.py``.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from fivehundred import PRESETS, Round, Rules, pack
from fivehundred import round as round_module
from fivehundred import play as play_module
from fivehundred.cards import Card, mask_of
from fivehundred.round import Phase
from fivehundred.scoring import score_hand
from fivehundred.seating import sides

TABLES = [rules.replace(players=n) for rules in (PRESETS["australian"], PRESETS["american"]) for n in (2, 3, 4, 5, 6)]


def reference_deal(rules: Rules, dealer: int, order: list[Card]) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Deal one card pile by hand: rounds of 3, 4, 3 cards to each player from the dealer's left, one card
    to the kitty after each round (australian) or three after the first round only (american); with two
    players the dead hand takes its packet after both players in each round."""
    n = rules.players
    hands: list[list[Card]] = [[] for _ in range(n)]
    dead: list[Card] = []
    kitty: list[Card] = []
    packets = [3, 4, 3]
    to_kitty = [3, 0, 0] if rules.deal_pattern == "american" else [1, 1, 1]
    pile = list(order)
    for each, extra in zip(packets, to_kitty):
        for k in range(n):
            seat = (dealer + 1 + k) % n
            hands[seat] += [pile.pop(0) for _ in range(each)]
        if n == 2:
            dead += [pile.pop(0) for _ in range(each)]
        kitty += [pile.pop(0) for _ in range(extra)]
    assert not pile
    return hands, kitty, dead


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.deal_pattern}-{r.players}")
def test_deal_by_slices_matches_a_hand_dealer(rules: Rules) -> None:
    rng = random.Random(rules.players)
    for dealer in range(rules.players):
        for _ in range(5):
            order = list(pack(rules.players))
            rng.shuffle(order)
            hands, kitty, dead = reference_deal(rules, dealer, order)
            r = Round.deal(rules, dealer=dealer, order=order)
            assert [list(h) for h in r.dealt_hands] == hands
            assert list(r.kitty) == kitty and list(r.dead_hand) == dead


def _random_rounds(rules: Rules, hands: int, seed: int) -> list[Round]:
    """Rounds stopped at every decision of ``hands`` random hands (copies), to look at their views."""
    rng = random.Random(seed)
    out = []
    for s in range(hands):
        r = Round.deal(rules, dealer=s % rules.players, seed=seed * 100 + s)
        while not r.is_over:
            out.append(r.copy())
            ids = r.legal_action_ids()
            r.apply_legal_id(ids[rng.randrange(len(ids))])
        out.append(r)
    return out


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.deal_pattern}-{r.players}")
def test_view_masks_and_late_fields_match_their_definitions(rules: Rules) -> None:
    kitty_views = 0
    for r in _random_rounds(rules, 6, rules.players):
        for seat in range(rules.players):
            v = r.view(seat)
            assert v.hand == r.hand(seat)  # worked out from the mask on first use
            assert v.hand_mask == mask_of(v.hand)
            assert v.played_mask == mask_of(v.played)
            expected_legal = r.legal_actions() if seat == r.to_act else ()
            if r.phase is Phase.KITTY and seat == r.to_act:
                kitty_views += 1
                fresh = r.view(seat)  # the discards before anything else was asked of the view
                assert fresh.legal_actions == expected_legal and len(expected_legal) > 100
            assert v.legal_actions == expected_legal
    assert kitty_views >= 3


def test_views_copy_and_pickle_before_and_after_the_late_fields_are_asked() -> None:
    r = Round.deal(seed=3)
    while r.phase is not Phase.KITTY:
        r.apply(r.legal_actions()[-1] if not r.history else r.legal_actions()[0])
    seat = r.to_act
    assert seat is not None
    untouched = r.view(seat)
    for twin in (copy.copy(untouched), copy.deepcopy(untouched), pickle.loads(pickle.dumps(untouched))):
        assert twin == r.view(seat)
        assert twin.legal_actions == r.legal_actions() and twin.hand == r.hand(seat)
    assert pickle.loads(pickle.dumps(untouched)) == untouched  # after its fields were worked out
    assert not hasattr(untouched, "no_such_field")
    with pytest.raises(AttributeError):
        getattr(r.view((seat + 1) % 4), "hand_cards")


def test_remembered_ids_stay_right_when_their_memory_is_emptied(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_module.play_core(), "IDS_OF_MASK_LIMIT", 5)
    monkeypatch.setattr(play_module.play_core(), "IDS_OF_MASK", {})
    monkeypatch.setattr(round_module, "_PLAYS_OF_IDS_LIMIT", 5)
    monkeypatch.setattr(round_module, "_PLAYS_OF_IDS", {})
    rng = random.Random(9)
    plays = 0
    for seed in range(30):
        r = Round.deal(seed=seed, dealer=seed % 4)
        while not r.is_over:
            ids = r.legal_action_ids()
            assert [r.action_of_id(i) for i in ids] == list(r.legal_actions())
            assert len(play_module.play_core().IDS_OF_MASK) <= 5 and len(round_module._PLAYS_OF_IDS) <= 5
            plays += r.phase is Phase.PLAY
            r.apply_legal_id(ids[rng.randrange(len(ids))])
    assert plays > 500


@pytest.mark.parametrize("rules", [rules.replace(players=n) for rules in PRESETS.values() for n in (3, 4, 5, 6)])
def test_the_rounds_own_score_matches_the_checked_score_hand(rules: Rules) -> None:
    scored = 0
    for r in [x for x in _random_rounds(rules, 16, 7) if x.is_over]:
        result = r.result
        assert result is not None
        if result.contract is None:
            continue
        team = r.contracting_seats()
        won = r.tricks_won[r.contractor] if result.contract.is_misere else sum(r.tricks_won[s] for s in team)  # type: ignore[index]
        defending = [side for side in sides(rules) if not set(side) & set(team)]
        defence = [0 if result.contract.is_misere else sum(r.tricks_won[s] for s in side) for side in defending]
        assert result.score == score_hand(result.contract, won, defender_tricks=defence, rules=rules)
        scored += 1
    assert scored >= 3


def test_rules_hash_once_and_pickle_without_it() -> None:
    a, b = Rules(players=5, five_player_partner="call_card"), Rules(players=5, five_player_partner="call_card")
    assert a == b and hash(a) == hash(b) and a is not b
    assert hash(a) == hash(a.replace())
    assert a != a.replace(players=4) and {a: 1}[b] == 1
    assert "_hash" in a.__dict__  # kept after the first hash
    state = a.__getstate__()
    assert "_hash" not in state  # string hashes differ between processes: never carried over
    again = pickle.loads(pickle.dumps(a))
    assert again == a and hash(again) == hash(a) and copy.copy(a) == a


def test_a_view_is_read_only_and_compares_by_its_fields() -> None:
    """The view has no back door: its two late fields are descriptors of its own class, it refuses
    to be changed, and two views of the same seat compare (and hash) equal whether or not their late
    fields have been read."""
    r = Round.deal(seed=4)
    v, w = r.view(r.to_act), r.view(r.to_act)
    assert "hand" not in v.__dict__  # not worked out yet
    assert v == w and hash(v) == hash(w)
    assert v.hand == r.hand(r.to_act) and "hand" in v.__dict__
    assert v == w and hash(v) == hash(w)
    for name, value in (("seat", 3), ("hand", ()), ("anything", 1)):
        with pytest.raises(AttributeError, match="read-only"):
            setattr(v, name, value)
    with pytest.raises(AttributeError, match="read-only"):
        del v.seat
    assert v != r.view((r.to_act + 1) % 4)
    assert repr(v).startswith(f"View(seat={r.to_act}, rules=")
    assert not hasattr(type(v), "__getattr__")
