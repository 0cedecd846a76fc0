"""The quiz generator: every constraint holds over many seeds, share codes round-trip, deals are whole packs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fivehundred import JOKER, Bid, NotationError, pack, parse_cards
from fivehundred.analysis.simulation import fits_auction
from fivehundred.errors import FiveHundredError
from fivehundred.quiz import CONSTRAINTS, KINDS, LEVELS, generate, make_quiz, parse_code, quiz_code
from fivehundred.quiz.constraints import best_suit, bowers_held, trumps_held
from fivehundred.quiz.quiz import LEVEL_CONSTRAINTS

DEALT_KINDS = ("opening", "competing", "misere", "kitty")


@settings(max_examples=120, deadline=None)
@given(kind=st.sampled_from(DEALT_KINDS), level=st.sampled_from(sorted(LEVELS)), seed=st.integers(0, 10**6))
def test_every_dealt_quiz_meets_its_constraint_and_auction(kind: str, level: int, seed: int) -> None:
    q = generate(kind, level, seed)
    assert q.problem is not None and q.constraint is not None
    assert q.constraint.name in LEVEL_CONSTRAINTS[kind][level]
    assert q.constraint.holds(q.problem.hand)
    # the quiz's own deal is the whole pack, each card once
    cards = [*q.problem.hand, *(c for h in q.others for c in h), *q.kitty] if q.kind == "kitty" else [
        *q.problem.hand, *(c for h in q.others for c in h)
    ]
    if q.kind == "kitty":
        assert sorted(c.index for c in cards) == sorted(c.index for c in pack(4))
        assert q.contract is not None and q.contract.strain is not None and q.contract.trump == best_suit(q.problem.hand)
        assert q.problem.auction == ()
        assert len(q.discard_candidates()) >= 2
    else:
        assert len(set(cards)) == 40
        seat = q.problem.seat
        assert fits_auction(q.problem, {(seat + 1 + k) % 4: q.others[k] for k in range(3)})
    if kind == "competing":
        assert any(not b.is_pass for b in q.problem.auction)
    if kind == "misere":
        assert any(b.tricks == 7 for b in q.problem.auction)
        assert Bid.parse("MIS") in q.problem.legal_bids()
    if kind == "opening":
        assert all(b.is_pass for b in q.problem.auction)
    assert make_quiz(q.code).problem == q.problem


@pytest.mark.parametrize(
    ("name", "hand", "holds"),
    [
        ("joker_and_five", "JK JH JD AH 10H 9H 6S 7C 8C 9C", True),
        ("joker_and_five", "JK 5H 6H 7H 8H 9H 6S 7C 8C 9C", False),  # five hearts but no bower
        ("joker_and_four", "JK JH AH 10H 9H 6S 7S 7C 8C 9D", True),
        ("two_bowers_no_joker", "JS JC AS 10S 5H 6H 7H 8D 9D 10D", True),
        ("two_bowers_no_joker", "JK JS JC AS 10S 5H 6H 7H 8D 9D", False),
        ("misere_clear", "5S 6S 7S 5C 6C 7C 4D 5D 4H KH", True),
        ("misere_clear", "5S 6S 7S 5C 6C 7C 4D QD 4H KH", False),
        ("misere_doubtful", "5S 6S 7S 5C 6C 7C 4D QD 4H KH", True),
        ("weak", "5S 6S 9S 5C 6C 10C 4D QD JS KH", True),
        ("weak", "5S 6S 9S 5C 6C 10C 4D QD 4H KH", False),  # only three cards above the nine: misère-ish
    ],
)
def test_constraints_by_hand(name: str, hand: str, holds: bool) -> None:
    assert CONSTRAINTS[name].holds(parse_cards(hand)) is holds


def test_bowers_and_trumps_count_the_left_bower_and_joker() -> None:
    h = parse_cards("JK JH JD AH 10H 9H 6S 7C 8C 9C")
    from fivehundred import Suit

    assert trumps_held(h, Suit.HEARTS) == 6 and bowers_held(h, Suit.HEARTS) == 2
    assert trumps_held(h, Suit.DIAMONDS) == 3  # the joker, JD (right) and JH (left)
    assert JOKER in h


def test_share_codes_round_trip() -> None:
    for kind in KINDS:
        for level in LEVELS:
            code = quiz_code(kind, level, 4321)
            assert parse_code(code) == (kind, level, 4321)
            assert parse_code(code.lower()) == (kind, level, 4321)
    assert quiz_code("opening", 2, 17) == "O2-17"
    assert repr(make_quiz("O2-17")) == "make_quiz('O2-17')"


@pytest.mark.parametrize("code", ["", "X1-3", "O4-3", "O1", "O1-", "O1-abc", "O1-1234567890", 17])
def test_bad_share_codes(code: object) -> None:
    with pytest.raises(NotationError, match="not a quiz code"):
        parse_code(code)  # type: ignore[arg-type]


def test_bad_kind_level_seed() -> None:
    with pytest.raises(FiveHundredError, match="no quiz kind 'bridge'"):
        generate("bridge", 1, 1)
    with pytest.raises(FiveHundredError, match="no quiz level 0"):
        generate("opening", 0, 1)
    with pytest.raises(FiveHundredError, match="seed"):
        generate("opening", 1, -1)
