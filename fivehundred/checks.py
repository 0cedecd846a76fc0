"""Argument checks shared by the public entry points.

Every public function turns its arguments into engine types with these, so
junk input (``None``, a number, the wrong kind of object) raises a
:class:`~fivehundred.errors.FiveHundredError` naming the argument, never a
``TypeError`` or ``AttributeError`` from deep inside.
"""

from __future__ import annotations

import json
import math
from typing import Any, Iterable, TypeVar

from fivehundred.cards import Card, Suit, parse_cards
from fivehundred.errors import FiveHundredError, NotationError, RulesError, shown
from fivehundred import reasons
from fivehundred.bounds import bounded_text
from fivehundred.limits import (
    MAX_CARDS,
    MAX_COUNT,
    MAX_ECHO,
    MAX_GAME_CHARS,
    MAX_GAME_HANDS,
    MAX_JSON_DEPTH,
    MAX_LINE_CHARS,
    MAX_NODES,
    MAX_RECORD_CHARS,
    MAX_SAMPLES,
    MAX_SAVE_BYTES,
    MAX_WORD_CHARS,
)
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
    "hand_arg",
    "bounded_text",
    "parse_json",
    "json_depth",
    "MAX_SAMPLES",
    "MAX_NODES",
    "MAX_ECHO",
    "MAX_WORD_CHARS",
    "MAX_LINE_CHARS",
    "MAX_CARDS",
    "MAX_RECORD_CHARS",
    "MAX_GAME_CHARS",
    "MAX_GAME_HANDS",
    "MAX_JSON_DEPTH",
    "MAX_SAVE_BYTES",
    "MAX_COUNT",
]

T = TypeVar("T")



def rules_arg(rules: Any) -> Rules:
    """``None`` means the Australian preset; anything but a :class:`Rules` is an error."""
    if rules.__class__ is Rules:  # the usual case, checked first
        return rules
    if rules is None:
        return AUSTRALIAN
    if isinstance(rules, Rules):
        return rules
    raise RulesError(f"not a rules object: {shown(rules)} (use Rules(...) or Rules.preset(name))")


def suit_arg(value: Any, what: str = "suit") -> Suit | None:
    """A suit from a :class:`Suit`, its text, or ``None``."""
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, str):
        return Suit.parse(value)
    raise NotationError(f"not a {what}: {shown(value)} (use S, C, D, H or None)")


def card_arg(value: Any) -> Card:
    """A card from a :class:`Card` or its text."""
    return Card.parse(value)


def cards_arg(value: Any, what: str = "cards") -> tuple[Card, ...]:
    """Cards from text (``"JH 10D"``) or an iterable of cards or card texts, each card at most once.

    Used wherever a hand, a trick, a kitty or a discard is meant: a card listed twice is refused.
    """
    if isinstance(value, (str, list, tuple, set, frozenset)):
        cards = parse_cards(value)
    elif isinstance(value, Iterable) and not isinstance(value, (bytes, dict)):
        cards = parse_cards(_first(value, MAX_CARDS + 1))
    else:
        raise NotationError(f"not a list of {what}: {shown(value)} (write them like 'JH 10D JK')")
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        twice = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        raise NotationError(
            f"a card is listed twice in the {what}: {twice} (each card is in the pack once)",
            explanation=reasons.card_listed_twice(twice.label),
        )
    return cards


def hand_arg(value: Any, what: str = "hand") -> tuple[Card, ...]:
    """The cards of a hand: :func:`cards_arg` (no card twice)."""
    return cards_arg(value, what)


def _first(items: Iterable[Any], n: int) -> list[Any]:
    """At most ``n`` items of an iterable (so that an endless or huge one is not read to its end)."""
    out = []
    for item in items:
        out.append(item)
        if len(out) >= n:
            break
    return out


def json_depth(data: Any, limit: int = MAX_JSON_DEPTH) -> int:
    """How deeply the lists and objects of parsed JSON ``data`` nest, counted up to ``limit + 1``.

    An explicit stack, not recursion, so it is safe on any depth; it stops as soon as ``limit`` is passed.

    >>> json_depth({"a": [1, [2, "[[["]]}), json_depth(3), json_depth([[], {}])
    (3, 0, 2)
    """
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            items: Iterable[Any] = value.values()
        elif isinstance(value, list):
            items = value
        else:
            continue
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return limit + 1
        stack.extend((item, depth + 1) for item in items if isinstance(item, (dict, list)))
    return deepest


def parse_json(text: Any, what: str, *, max_chars: int, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads(text)`` for input from outside: at most ``max_chars`` long and ``max_depth`` deep.

    The length is checked before parsing; nesting deeper than the interpreter allows (100,000 ``[``)
    stops the parser within its first thousand levels, and is refused like any nesting past ``max_depth``.

    Raises:
        NotationError: not a text, too long, nested too deeply, or not JSON (never a ``RecursionError``).
    """
    text = bounded_text(text, what, max_chars)
    too_deep = NotationError(
        f"{what} nests lists or objects more than {max_depth} deep",
        explanation=reasons.too_deeply_nested(what),
    )
    try:
        data = json.loads(text)
    except RecursionError:
        raise too_deep from None
    except ValueError as err:
        raise NotationError(f"{what} is not JSON: {shown(str(err), 120)}",
                            explanation=reasons.not_json(what)) from None
    if json_depth(data, max_depth) > max_depth:
        raise too_deep
    return data


def suits_arg(value: Any, what: str = "suits") -> tuple[Suit, ...]:
    """Suits from an iterable of suits or suit texts (``"SH"`` or ``["S", "H"]``)."""
    if isinstance(value, str):
        bounded_text(value, f"a list of {what}", MAX_WORD_CHARS)
        items: list[Any] = list(value.replace(",", " ").split()) if " " in value or "," in value else list(value)
    elif isinstance(value, Iterable) and not isinstance(value, (bytes, dict)):
        items = _first(value, MAX_WORD_CHARS + 1)
        if len(items) > MAX_WORD_CHARS:
            raise NotationError(f"too many {what}: more than {MAX_WORD_CHARS}")
    else:
        raise NotationError(f"not a list of {what}: {shown(value)}")
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
    raise NotationError(f"not a whole number for {what}: {shown(value)}")


def bool_arg(value: Any, what: str) -> bool:
    """``True`` or ``False`` (not a truthy string such as ``"no"``)."""
    if value is True or value is False:
        return value
    raise NotationError(f"not True or False: {what}={shown(value)}")


def budget_arg(value: Any, what: str) -> float | None:
    """A time budget or deadline in seconds: a number (not ``bool``, not NaN) or ``None``."""
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return float(value)
    raise NotationError(f"not a number of seconds: {what}={shown(value)}")


def callback_arg(value: Any, what: str) -> Any:
    """A function to call back (``cancel``, ``progress``), or ``None``."""
    if value is None or callable(value):
        return value
    raise NotationError(f"not a function: {what}={shown(value, 80)}")


def int_list_arg(value: Any, what: str) -> tuple[int, ...]:
    """A sequence of whole numbers (scores, trick counts)."""
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise NotationError(f"not a list of whole numbers for {what}: {shown(value)}")
    return tuple(int_arg(v, what) for v in value)


def count_arg(value: Any, what: str, *, low: int = 1, high: int | None = MAX_SAMPLES) -> int:
    """A whole number from ``low`` to ``high`` (a count of samples, draws, quizzes...; ``bool`` is not accepted).

    The cap keeps a huge number from running for hours: it is refused with the limit named.
    """
    n = int_arg(value, what)
    if n < low:
        raise FiveHundredError(f"{what} must be at least {low}, not {shown(n)}")
    if high is not None and n > high:
        raise FiveHundredError(f"{what} is at most {high:,} (more would run for hours), not {n:,}")
    return n


def node_budget_arg(value: Any, what: str = "node_budget") -> int | None:
    """A search's node budget: a whole number from 1 to :data:`MAX_NODES`, or ``None`` for no limit."""
    if value is None:
        return None
    return count_arg(value, what, high=MAX_NODES)


def seed_arg(value: Any, what: str = "seed") -> int | str:
    """A random seed: a whole number or a text of at most :data:`MAX_WORD_CHARS` (``bool`` is not accepted)."""
    if isinstance(value, str):
        return bounded_text(value, what, MAX_WORD_CHARS)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise NotationError(f"not a seed: {what}={shown(value, 80)} (use a whole number or a text)")


def text_arg(value: Any, what: str, limit: int = MAX_WORD_CHARS) -> str:
    """A text (a name, an id, a code) of at most ``limit`` characters."""
    if isinstance(value, str):
        return bounded_text(value, what, limit)
    raise NotationError(f"not a text: {what}={shown(value, 80)}")


def number_arg(value: Any, what: str) -> float:
    """A finite number (``bool`` and NaN are not accepted)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    raise NotationError(f"not a finite number: {what}={shown(value, 80)}")


def items_arg(value: Any, what: str) -> tuple[Any, ...]:
    """The items of a list or other iterable (a text is split at spaces: ``"7H PASS"``).

    Each item is checked by the caller; this only refuses what is not a collection at all.
    """
    if isinstance(value, str):
        return tuple(bounded_text(value, what, MAX_LINE_CHARS).split())
    if isinstance(value, Iterable) and not isinstance(value, (bytes, dict)):
        items = _first(value, MAX_LINE_CHARS + 1)
        if len(items) > MAX_LINE_CHARS:
            raise NotationError(f"too many {what}: more than {MAX_LINE_CHARS:,}")
        return tuple(items)
    raise NotationError(f"not a list of {what}: {shown(value, 80)}")


def instance_arg(value: Any, cls: type[T], what: str, how: str) -> T:
    """``value`` if it is a ``cls``; otherwise an error naming the argument and saying how to make one (``how``)."""
    if isinstance(value, cls):
        return value
    raise NotationError(f"not a {cls.__name__}: {what}={shown(value, 80)} ({how})")
