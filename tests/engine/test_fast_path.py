"""The integer-action path (``legal_action_ids``/``apply_legal_id``) against the checked ``apply()``.

Two copies of each hand are driven side by side: one through the public,
checking ``Round.apply()`` (with the action written as text half the time, so
parsing runs too), the other through ``apply_legal_id``.  After every action the two
must agree on everything: the legal actions, every field of the state, every
seat's view, the record and the result.  Undo is mixed in at random on both,
and after each undo the state must equal a fresh replay of the remaining
history from the deal (so the constant-time undo is checked against the
definition of undo, not against itself).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivehundred import PRESETS, Round, Rules
from fivehundred.actions import Discard, Play
from fivehundred.bidding import Bid
from fivehundred.errors import IllegalActionError, IllegalPlayError, NotationError
from fivehundred.round import DISCARD_ID

#: every preset at every table size, and five players calling a card
TABLES: list[tuple[str, Rules]] = [
    (f"{name} players={n}", rules.replace(players=n)) for name, rules in PRESETS.items() for n in (2, 3, 4, 5, 6)
] + [("australian players=5 call_card", PRESETS["australian"].replace(players=5, five_player_partner="call_card"))]

#: internal fields that legitimately differ (the undo log and a cache)
_SKIP = {"_log", "_legal_cache"}


def state(r: Round, full: bool = True) -> dict[str, object]:
    """Every internal field of a round, its legal actions and, if ``full``, every seat's view and the record."""
    fields = {name: getattr(r, name) for name in Round.__slots__ if name not in _SKIP}
    fields["legal"] = r.legal_actions()
    fields["history"] = list(r.history)
    if full:
        fields["views"] = [r.view(s) for s in range(r.players)]
        fields["record"] = r.record()
    return fields


def replay(r: Round) -> Round:
    """A fresh round on the same deal with ``r``'s history applied through the checked path."""
    other = Round(r.rules, r.dealer, r.dealt_hands, r.kitty, r.dead_hand)
    for action in r.history:
        other.apply(action)
    return other


def check_ids(fast: Round, checked: Round) -> list[int]:
    legal = checked.legal_actions()
    ids = fast.legal_action_ids()
    assert [fast.action_of_id(i) for i in ids] == list(legal)
    assert [fast.action_id(a) for a in legal] == ids
    assert len(set(ids)) == len(ids)
    return ids


def drive(rules: Rules, seed: int, rng: random.Random, undo_rate: float = 0.08) -> tuple[Round, int]:
    """Play one hand on both paths, comparing after every step; returns the fast round and the undos done."""
    dealer = seed % rules.players
    checked = Round.deal(rules, dealer=dealer, seed=seed)
    fast = Round.deal(rules, dealer=dealer, seed=seed)
    undos = 0
    for _ in range(400):
        undo = rng.random() < undo_rate
        if checked.is_over and not undo:
            break
        if checked.history and undo:
            assert checked.undo() == fast.undo()
            undos += 1
            assert state(fast) == state(checked) == state(replay(checked))
            continue
        ids = check_ids(fast, checked)
        choice = rng.randrange(len(ids))
        action = checked.legal_actions()[choice]
        as_text = rng.random() < 0.5
        checked.apply(str(action) if as_text else action)
        fast.apply_legal_id(ids[choice])
        full = rng.random() < 0.2  # views and records are slow to build: every fifth step
        assert state(fast, full) == state(checked, full)
    assert fast.is_over and checked.is_over
    assert state(fast) == state(checked)
    assert fast.result == checked.result
    return fast, undos


@pytest.mark.parametrize("name, rules", TABLES, ids=[name for name, _ in TABLES])
def test_fast_path_matches_checked_apply(name: str, rules: Rules) -> None:
    """A seeded loop: 50 hands at each of 41 tables (8 presets × 2–6 players, and 5 players calling a card: 2,050 hands), with undo mixed in."""
    rng = random.Random(name)
    undos = 0
    played_out = 0
    for seed in range(50):
        r, u = drive(rules, seed, rng)
        undos += u
        played_out += len(r.tricks) > 0
    # the loop really exercised the play and undo, not only thrown-in hands
    assert played_out >= 25 and undos >= 50


@settings(max_examples=60, deadline=None)
@given(
    table=st.sampled_from(TABLES),
    seed=st.integers(0, 10**6),
    choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=120),
    undo_at=st.sets(st.integers(0, 120), max_size=12),
)
def test_fast_path_matches_checked_apply_hypothesis(table, seed, choices, undo_at) -> None:
    _, rules = table
    checked = Round.deal(rules, dealer=seed % rules.players, seed=seed)
    fast = Round.deal(rules, dealer=seed % rules.players, seed=seed)
    for step, pick in enumerate(choices):
        if step in undo_at and checked.history:
            assert checked.undo() == fast.undo()
        elif not checked.is_over:
            ids = check_ids(fast, checked)
            checked.apply(checked.legal_actions()[pick % len(ids)])
            fast.apply_legal_id(ids[pick % len(ids)])
        assert state(fast) == state(checked)
    assert state(fast) == state(replay(fast))


def test_undo_all_the_way_back_is_the_deal() -> None:
    r = Round.deal(seed=11)
    fresh = state(Round.deal(seed=11))
    rng = random.Random(3)
    while not r.is_over:
        ids = r.legal_action_ids()
        r.apply_legal_id(ids[rng.randrange(len(ids))])
    assert len(r.history) > 40
    while r.history:
        r.undo()
    assert state(r) == fresh


def test_ids_are_the_documented_numbers() -> None:
    r = Round.deal(seed=7)  # E to act in the auction
    assert r.action_id(Bid.parse("PASS")) == 256
    assert r.action_id(Bid.parse("6S")) == 257
    assert r.action_of_id(257 + 4) == Bid.parse("6NT")
    assert r.action_id(Play.parse("JK:H")) == 65 + 3
    assert r.action_id(Play.parse("2S")) == 0
    assert r.action_id(Discard.parse("discard 2S 3S 4S")) == DISCARD_ID | 0b111
    with pytest.raises(NotationError):
        r.action_of_id(12)  # a play id in the auction


def test_checked_apply_and_undo_still_refuse() -> None:
    """The fast path lives beside the checks, not instead of them."""
    r = Round.deal(seed=7)
    before = state(r)
    with pytest.raises(IllegalPlayError):
        r.apply(Play.parse("AH"))  # a card in the auction
    with pytest.raises(IllegalActionError):
        r.undo()  # nothing to undo
    assert state(r) == before


def test_under_test_the_fast_path_refuses_an_illegal_id_and_changes_nothing() -> None:
    from fivehundred import round as round_module

    assert round_module.CHECK_LEGAL_IDS  # tests/conftest.py turns the check on for the whole suite
    r = Round.deal(seed=4)
    before = state(r)
    legal = r.legal_action_ids()
    illegal = next(i for i in range(256, 300) if i not in legal)
    with pytest.raises(IllegalActionError):
        r.apply_legal_id(illegal)
    assert state(r) == before
    expected = r.action_of_id(legal[-1])
    r.apply_legal_id(legal[-1])
    assert r.history == [expected]


def test_apply_legal_refuses_an_action_not_legal_now_and_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """play_hand's path for a choice found among the view's legal actions (Round.apply_legal): checked
    outside the test suite too (CHECK_LEGAL_IDS off, as in the course)."""
    from fivehundred import round as round_module

    monkeypatch.setattr(round_module, "CHECK_LEGAL_IDS", False)
    r = Round.deal(seed=4)
    before = state(r)
    for wrong in (Play.parse("AH"), Play.parse("JK")):  # plays in the auction
        with pytest.raises(IllegalActionError):
            r.apply_legal(wrong)
        assert state(r) == before
    chosen = r.legal_actions()[-1]
    r.apply_legal(chosen)
    assert r.history == [chosen]
    passing = Bid.parse("PASS")  # an equal object, not necessarily the listed one, is legal too
    r.apply_legal(passing)
    assert r.history == [chosen, passing] and passing.is_pass
    after = state(r)
    with pytest.raises(IllegalActionError):
        r.apply_legal(chosen)  # the same bid again is not legal now
    assert state(r) == after


def test_the_checked_discard_accepts_exactly_the_listed_discards() -> None:
    """check() tests a discard's membership directly (listing hundreds per check was slow): the same set."""
    rng = random.Random(8)
    tried = accepted = 0
    for seed in range(12):
        r = Round.deal(seed=seed)
        while r.phase is not r.phase.KITTY and not r.is_over:
            r.apply(r.legal_actions()[-1] if not r.auction else "PASS")
        if r.is_over:
            continue
        listed = set(r.legal_action_ids())
        everything = [c for h in r.dealt_hands for c in h] + list(r.kitty)
        for _ in range(60):
            cards = tuple(sorted(rng.sample(everything, rng.choice((2, 3, 3, 4))), key=lambda c: c.index))
            if rng.random() < 0.2:
                cards = (cards[0],) + cards[:-1]  # a card twice
            discard = Discard(cards)
            tried += 1
            try:
                r.check(discard)
            except IllegalPlayError:
                assert DISCARD_ID | sum(c.bit for c in cards) not in listed or len(set(cards)) != len(cards)
            else:
                accepted += 1
                assert len(cards) == 3 and DISCARD_ID | sum(c.bit for c in cards) in listed
        for action_id in list(listed)[:40]:
            assert r.check(r.action_of_id(action_id)) == r.action_of_id(action_id)
    assert tried > 300 and accepted > 0
