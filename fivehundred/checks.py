"""Argument checks shared by the public entry points.

Every public function turns its arguments into engine types with these, so
junk input (``None``, a number, the wrong kind of object) raises a
:class:`~fivehundred.errors.FiveHundredError` naming the argument, never a
``TypeError`` or ``AttributeError`` from deep inside.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from fivehundred.cards import Card, Suit, parse_cards
from fivehundred.errors import NotationError, RulesError

if TYPE_CHECKING:
    from fivehundred.round import Round, View
    from fivehundred.rules import Rules

__all__ = [
    "rules_arg",
    "suit_arg",
    "card_arg",
    "cards_arg",
    "int_arg",
    "suits_arg",
    "int_list_arg",
    "bool_arg",
    "round_arg",
    "view_arg",
    "budget_arg",
    "callback_arg",
]


def rules_arg(rules: Any) -> Rules:
    """``None`` means the Australian preset; anything but a :class:`Rules` is an error."""
    from fivehundred.rules import AUSTRALIAN, Rules

    if rules is None:
        return AUSTRALIAN
    if isinstance(rules, Rules):
        return rules
    raise RulesError(f"not a rules object: {rules!r} (use Rules(...) or Rules.preset(name))")


def suit_arg(value: Any, what: str = "suit") -> Suit | None:
    """A suit from a :class:`Suit`, its text, or ``None``."""
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, str):
        return Suit.parse(value)
    raise NotationError(f"not a {what}: {value!r} (use S, C, D, H or None)")


def card_arg(value: Any) -> Card:
    """A card from a :class:`Card` or its text."""
    return Card.parse(value)


def cards_arg(value: Any, what: str = "cards") -> tuple[Card, ...]:
    """Cards from text (``"JH 10D"``) or an iterable of cards or card texts."""
    if isinstance(value, (str, list, tuple, set, frozenset)):
        return parse_cards(value)
    if isinstance(value, Iterable) and not isinstance(value, (bytes, dict)):
        return parse_cards(list(value))
    raise NotationError(f"not a list of {what}: {value!r} (write them like 'JH 10D JK')")


def suits_arg(value: Any, what: str = "suits") -> tuple[Suit, ...]:
    """Suits from an iterable of suits or suit texts (``"SH"`` or ``["S", "H"]``)."""
    if isinstance(value, str):
        items: list[Any] = list(value.replace(",", " ").split()) if " " in value or "," in value else list(value)
    elif isinstance(value, Iterable) and not isinstance(value, (bytes, dict)):
        items = list(value)
    else:
        raise NotationError(f"not a list of {what}: {value!r}")
    out = []
    for item in items:
        suit = suit_arg(item, what[:-1] if what.endswith("s") else what)
        if suit is None:
            raise NotationError(f"not a suit in {what}: None")
        out.append(suit)
    return tuple(out)


def int_arg(value: Any, what: str) -> int:
    """A whole number (``bool`` is not accepted)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise NotationError(f"not a whole number for {what}: {value!r}")


def bool_arg(value: Any, what: str) -> bool:
    """``True`` or ``False`` (not a truthy string such as ``"no"``)."""
    if value is True or value is False:
        return value
    raise NotationError(f"not True or False: {what}={value!r}")


def round_arg(value: Any, what: str = "round_") -> Round:
    """A :class:`~fivehundred.round.Round` (for the analysis entry points)."""
    from fivehundred.round import Round

    if isinstance(value, Round):
        return value
    raise NotationError(f"not a round: {what}={value!r:.80} (pass a Round, such as Round.deal(seed=1))")


def view_arg(value: Any, what: str = "view") -> View:
    """A :class:`~fivehundred.round.View` (what ``round.view(seat)`` gives)."""
    from fivehundred.round import View

    if isinstance(value, View):
        return value
    raise NotationError(f"not a view: {what}={value!r:.80} (pass round.view(seat))")


def budget_arg(value: Any, what: str) -> float | None:
    """A time budget or deadline in seconds: a number (not ``bool``, not NaN) or ``None``."""
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return float(value)
    raise NotationError(f"not a number of seconds: {what}={value!r}")


def callback_arg(value: Any, what: str) -> Any:
    """A function to call back (``cancel``, ``progress``), or ``None``."""
    if value is None or callable(value):
        return value
    raise NotationError(f"not a function: {what}={value!r:.80}")


def int_list_arg(value: Any, what: str) -> tuple[int, ...]:
    """A sequence of whole numbers (scores, trick counts)."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise NotationError(f"not a list of whole numbers for {what}: {value!r}")
    return tuple(int_arg(v, what) for v in value)
