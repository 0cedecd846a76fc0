"""Seats, sides and partner choices for 2–6 players (RULES.md §1)."""

from __future__ import annotations

import pytest

from .engine_helpers import bids
from fivehundred import JOKER, NotationError, Round, Rules, parse_seat, seat_name, seat_names, sides
from fivehundred.actions import CallCard, CallPartner
from fivehundred.round import Phase


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        (Rules(players=4), ((0, 2), (1, 3))),  # partners opposite: N-S against E-W
        (Rules(players=6), ((0, 2, 4), (1, 3, 5))),  # two teams of three, alternate seats
        (Rules(players=6, six_player_teams="three_pairs"), ((0, 3), (1, 4), (2, 5))),  # pairs opposite
        (Rules(players=3), ((0,), (1,), (2,))),  # everyone for themselves
        (Rules(players=5), ((0,), (1,), (2,), (3,), (4,))),
        (Rules(players=2), ((0,), (1,))),
    ],
)
def test_sides(rules: Rules, expected: tuple[tuple[int, ...], ...]) -> None:
    assert sides(rules) == expected


def test_seat_names_and_parsing() -> None:
    assert seat_names(4) == ("N", "E", "S", "W")
    assert seat_name(3, 4, long=True) == "West"
    assert parse_seat("w", 4) == 3 and parse_seat("north", 4) == 0 and parse_seat(2, 4) == 2
    for bad in ("Q", 4, -1, "", None):
        with pytest.raises(NotationError, match="no seat"):
            parse_seat(bad, 4)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="no seats"):
        seat_names(7)


def _five(rules: Rules, calls: str) -> Round:
    r = Round.deal(rules, seed=5)
    bids(r, calls)
    r.apply(r.legal_actions()[0])  # discard
    return r


def test_five_players_name_one_partner_below_eight() -> None:
    r = _five(Rules(players=5), "7S PASS PASS PASS PASS")
    assert r.phase is Phase.PARTNER
    choices = set(r.legal_actions())
    others = [s for s in range(5) if s != r.contractor]
    assert choices == {CallPartner((s,)) for s in others}


def test_five_players_two_partners_from_eight() -> None:
    r = _five(Rules(players=5), "8S PASS PASS PASS PASS")
    choices = set(r.legal_actions())
    assert all(isinstance(c, CallPartner) for c in choices)
    assert {len(c.seats) for c in choices} == {1, 2}  # type: ignore[union-attr]
    assert len(choices) == 4 + 6
    assert all(r.contractor not in c.seats for c in choices)  # type: ignore[union-attr]


def test_five_players_call_card_never_the_joker_or_own_card() -> None:
    r = _five(Rules(players=5, five_player_partner="call_card"), "7S PASS PASS PASS PASS")
    assert r.contractor is not None
    called = {c.card for c in r.legal_actions() if isinstance(c, CallCard)}
    assert called and JOKER not in called
    assert not called & set(r.hand(r.contractor))


def test_five_players_misere_alone_no_partner() -> None:
    r = _five(Rules(players=5), "7S MIS PASS PASS PASS PASS")
    assert str(r.contract) == "MIS"
    assert r.phase in (Phase.PLAY, Phase.NOMINATION)
    assert r.partners == () and r.sitting_out == ()


def test_a_partner_calls_text_parses_back_to_the_same_call() -> None:
    r = _five(Rules(players=5), "8S PASS PASS PASS PASS")
    for call in r.legal_actions():
        assert isinstance(call, CallPartner)
        assert r.parse_action(str(call)) == call  # "partner 1 3": the seat numbers str() writes
    contractor = r.contractor
    assert contractor is not None
    pair = tuple(s for s in range(5) if s != contractor)[:2]
    r.apply(f"partner {pair[1]} {pair[0]}")  # either order; the call keeps its seats sorted
    assert r.partners == pair
