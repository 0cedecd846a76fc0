"""Seats, their names, and the sides that score together.

Seats are numbers 0 to ``players - 1``, clockwise.  Their names depend on the
player count: ``N E S W`` for four players (North–South against East–West).

>>> seat_names(4)
('N', 'E', 'S', 'W')
>>> sides(Rules())
((0, 2), (1, 3))
>>> parse_seat("w", 4)
3
"""

from __future__ import annotations

from fivehundred.checks import rules_arg
from fivehundred.errors import NotationError, shown
from fivehundred.bounds import bounded_text
from fivehundred.i18n import N_
from fivehundred.limits import MAX_WORD_CHARS
from fivehundred.rules import Rules

__all__ = ["seat_names", "seat_name", "parse_seat", "sides", "side_of", "side_name", "next_seat", "fixed_partnerships"]

_NAMES = {
    2: ("N", "S"),
    3: ("N", "E", "W"),
    4: ("N", "E", "S", "W"),
    5: ("N", "NE", "SE", "SW", "NW"),
    6: ("N", "NE", "SE", "S", "SW", "NW"),
}
_WORDS = {
    "N": "North",
    "E": "East",
    "S": "South",
    "W": "West",
    "NE": "North-East",
    "SE": "South-East",
    "SW": "South-West",
    "NW": "North-West",
}


def seat_names(players: int) -> tuple[str, ...]:
    """The seat names clockwise for ``players`` players.

    Raises:
        NotationError: ``players`` is not 2 to 6.
    """
    names = _NAMES.get(players) if players.__class__ is int else None
    if names is None:
        raise NotationError(f"no seats for {shown(players)} players (2 to 6)")
    return names


def seat_name(seat: int, players: int, *, long: bool = False) -> str:
    """``"N"`` (or ``"North"`` with ``long=True``).

    Raises:
        NotationError: no such seat.
    """
    names = seat_names(players)
    if seat.__class__ is not int or not 0 <= seat < players:
        raise NotationError(f"no seat {shown(seat)} at a {players}-player table")
    return _WORDS[names[seat]] if long else names[seat]


def parse_seat(text: str | int, players: int) -> int:
    """A seat number from ``"N"``, ``"north"`` or a number.

    Raises:
        NotationError: no such seat.
    """
    names = seat_names(players)
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < players:
            return text
    elif isinstance(text, str):
        key = bounded_text(text, N_("a seat"), MAX_WORD_CHARS).strip().upper().replace("-", "")
        for i, name in enumerate(names):
            if key in (name, _WORDS[name].upper().replace("-", "")):
                return i
    raise NotationError(f"no seat {shown(text)} at a {players}-player table (seats: {' '.join(names)})")


def next_seat(seat: int, players: int) -> int:
    """The seat to the left (clockwise)."""
    return (seat + 1) % players


def fixed_partnerships(rules: Rules) -> bool:
    """Whether partners are fixed for the whole game (4 and 6 players)."""
    return rules.players in (4, 6)


def sides(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """The groups of seats that share a score for the whole game.

    Four players: North–South and East–West.  Six players: two teams of three
    (alternate seats) or three pairs (opposite seats), by ``six_player_teams``.
    Two, three and five players each score alone (in the 5-player game the
    contractor's partners change from hand to hand).

    Raises:
        RulesError: ``rules`` is not a :class:`Rules`.
    """
    rules = rules_arg(rules)
    n = rules.players
    if n == 4:
        return ((0, 2), (1, 3))
    if n == 6:
        if rules.six_player_teams == "two_threes":
            return ((0, 2, 4), (1, 3, 5))
        return ((0, 3), (1, 4), (2, 5))
    return tuple((seat,) for seat in range(n))


def side_of(seat: int, rules: Rules) -> int:
    """The index in :func:`sides` of the side that ``seat`` belongs to.

    Raises:
        NotationError: no such seat.
    """
    for i, side in enumerate(sides(rules)):
        if seat in side:
            return i
    raise NotationError(f"no seat {shown(seat)} at a {rules.players}-player table")


def side_name(side: int, rules: Rules) -> str:
    """``"N–S"``, ``"E–W"`` or a seat name for a player on their own."""
    return "–".join(seat_name(s, rules.players) for s in sides(rules)[side])
