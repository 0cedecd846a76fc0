"""Argument checks shared by the public entry points.

Every public function turns its arguments into engine types with these, so
junk input (``None``, a number, the wrong kind of object) raises a
:class:`~fivehundred.errors.FiveHundredError` naming the argument, never a
``TypeError`` or ``AttributeError`` from deep inside.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, TypeVar

from fivehundred.cards import Card, Suit, parse_cards
from fivehundred.errors import FiveHundredError, NotationError, RulesError
from fivehundred.rules import AUSTRALIAN, Rules

__all__ = [
    "rules_arg",
    "suit_arg",
    "card_arg",
    "cards_arg",
    "int_arg",
    "suits_arg",
    "int_list_arg",
    "bool_arg",
    "budget_arg",
    "callback_arg",
    "count_arg",
    "node_budget_arg",
    "seed_arg",
    "text_arg",
    "number_arg",
    "items_arg",
    "instance_arg",
    "MAX_SAMPLES",
    "MAX_NODES",
]

T = TypeVar("T")

#: the most samples (deals, positions, draws) one call may ask for: the quiz bank uses 64 and a
#: learner's tool a few hundred at most, so a bigger number is a typo or junk, and would run for hours
MAX_SAMPLES = 100_000
#: the largest node budget one search may be given (a few seconds of solving is about a million
#: nodes; ``None`` is how to ask for no limit)
MAX_NODES = 10**9


def rules_arg(rules: Any) -> Rules:
    """``None`` means the Australian preset; anything but a :class:`Rules` is an error."""
    if rules.__class__ is Rules:  # the usual case, checked first
        return rules
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


def count_arg(value: Any, what: str, *, low: int = 1, high: int | None = MAX_SAMPLES) -> int:
    """A whole number from ``low`` to ``high`` (a count of samples, draws, quizzes...; ``bool`` is not accepted).

    The cap keeps a huge number from running for hours: it is refused with the limit named.
    """
    n = int_arg(value, what)
    if n < low:
        raise FiveHundredError(f"{what} must be at least {low}, not {n!r}")
    if high is not None and n > high:
        raise FiveHundredError(f"{what} is at most {high:,} (more would run for hours), not {n:,}")
    return n


def node_budget_arg(value: Any, what: str = "node_budget") -> int | None:
    """A search's node budget: a whole number from 1 to :data:`MAX_NODES`, or ``None`` for no limit."""
    if value is None:
        return None
    return count_arg(value, what, high=MAX_NODES)


def seed_arg(value: Any, what: str = "seed") -> int | str:
    """A random seed: a whole number or a text (``bool`` is not accepted)."""
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise NotationError(f"not a seed: {what}={value!r:.80} (use a whole number or a text)")


def text_arg(value: Any, what: str) -> str:
    """A text (a name, an id, a code)."""
    if isinstance(value, str):
        return value
    raise NotationError(f"not a text: {what}={value!r:.80}")


def number_arg(value: Any, what: str) -> float:
    """A finite number (``bool`` and NaN are not accepted)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    raise NotationError(f"not a finite number: {what}={value!r:.80}")


def items_arg(value: Any, what: str) -> tuple[Any, ...]:
    """The items of a list or other iterable (a text is split at spaces: ``"7H PASS"``).

    Each item is checked by the caller; this only refuses what is not a collection at all.
    """
    if isinstance(value, str):
        return tuple(value.split())
    if isinstance(value, Iterable) and not isinstance(value, (bytes, dict)):
        return tuple(value)
    raise NotationError(f"not a list of {what}: {value!r:.80}")


def instance_arg(value: Any, cls: type[T], what: str, how: str) -> T:
    """``value`` if it is a ``cls``; otherwise an error naming the argument and saying how to make one (``how``)."""
    if isinstance(value, cls):
        return value
    raise NotationError(f"not a {cls.__name__}: {what}={value!r:.80} ({how})")
