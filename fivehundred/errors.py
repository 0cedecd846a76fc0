"""The engine's exceptions.

Every error the engine raises on bad input is a :class:`FiveHundredError`, and
also a :class:`ValueError`, so ``except ValueError`` works too.  Text that does
not parse raises :class:`NotationError`; a well-formed action that the rules
forbid right now raises :class:`IllegalBidError`, :class:`IllegalPlayError` or
another :class:`IllegalActionError`.  Messages are lower-case, name the rule
that was broken and quote the offending input.  The engine never changes state
before it raises.  Messages quote input through :func:`shown`, so they are short
(at most :data:`~fivehundred.limits.MAX_ECHO` characters of it) and never recurse into
deeply nested junk.
"""

from __future__ import annotations

import enum
import reprlib
from typing import Any

from fivehundred.limits import MAX_ECHO

__all__ = [
    "shown",
    "CheckedEnumType",
    "FiveHundredError",
    "NotationError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "RulesError",
    "LanguageError",
    "AnswerError",
]


class FiveHundredError(ValueError):
    """Base class for every error the engine raises on bad input."""

    #: the plain-words sentence a learner is shown (no notation, no record)
    explanation: str

    def __init__(self, message: str, *, explanation: str | None = None) -> None:
        super().__init__(message)
        self.explanation = explanation if explanation is not None else message


class NotationError(FiveHundredError):
    """Text is not a valid card, bid, seat, suit or record."""


class RulesError(FiveHundredError):
    """A rules flag or preset name is not valid."""


class LanguageError(FiveHundredError):
    """A language the course is not written in (``fivehundred.i18n.use``), or its unreadable catalogue."""


class AnswerError(FiveHundredError):
    """An answer an exercise cannot take: not one of its options, cards or bids, or text that is not a number
    (``fivehundred.exercises``); its ``explanation`` says so in plain words, and it is not an attempt."""


class IllegalActionError(FiveHundredError):
    """A well-formed action that the rules do not allow now."""


class IllegalBidError(IllegalActionError):
    """A bid (or pass) that the auction rules do not allow now."""


class IllegalPlayError(IllegalActionError):
    """A card play, discard or joker nomination that the rules do not allow now."""


class _ShortRepr(reprlib.Repr):
    """reprlib with a few items a level and a few levels: bounded and recursion-free on any container."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxdict = self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = self.maxdeque = 8
        self.maxarray = 8
        self.maxstring = self.maxother = self.maxlong = limit


_REPRS: dict[int, _ShortRepr] = {}
_CONTAINERS = (list, tuple, dict, set, frozenset)


def shown(value: Any, limit: int = MAX_ECHO) -> str:
    """``repr(value)`` for an error message, at most ``limit`` characters however long or deep the value.

    >>> shown("JH"), shown("x" * 1000)[-3:], len(shown("x" * 1000))
    ("'JH'", 'xx…', 200)
    >>> deep = []
    >>> for _ in range(100_000): deep = [deep]
    >>> shown(deep)
    '[[[[...]]]]'
    """
    if value.__class__ is str:
        text = repr(value if len(value) <= limit else value[:limit])
    elif isinstance(value, _CONTAINERS):
        short = _REPRS.get(limit)
        if short is None:
            short = _REPRS[limit] = _ShortRepr(limit)
        try:
            text = short.repr(value)
        except Exception:  # noqa: BLE001 - an item whose repr fails
            text = f"<{type(value).__name__} of {len(value)}>"
    else:
        try:
            text = repr(value)
        except Exception:  # noqa: BLE001 - a huge int, a broken __repr__, deep nesting inside an object
            text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class CheckedEnumType(enum.EnumMeta):
    """The engine's enums' metaclass: ``Suit([...])`` with a list, dict, set or tuple goes straight to the
    enum's ``_missing_`` (which raises a :class:`FiveHundredError` quoting it through :func:`shown`),
    because :class:`enum.Enum` itself formats ``repr(value)`` first, which recurses into deep junk."""

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs and isinstance(value, _CONTAINERS) and cls._member_map_:
            result = getattr(cls, "_missing_")(value)
            if isinstance(result, cls):
                return result
            raise NotationError(f"not a {cls.__name__}: {shown(value, 80)}")
        return super().__call__(value, *args, **kwargs)
