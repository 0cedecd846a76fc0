"""Bounds on typed input: a text longer than its limit (see :mod:`fivehundred.limits`) is refused at once, before
any parsing, in the learner's language.

It sits just above :mod:`fivehundred.reasons` (which words the refusal in the page's language), so that every
parser may use it without an import that climbs a layer.
"""

from __future__ import annotations

from typing import Any

from fivehundred import i18n, reasons
from fivehundred.errors import NotationError, shown

__all__ = ["bounded_text"]


def bounded_text(value: Any, what: str, limit: int) -> str:
    """``value`` if it is a text of at most ``limit`` characters; otherwise a :class:`NotationError`
    naming the limit (see :mod:`fivehundred.limits`).

    The check comes first, before any parsing, so that a huge paste is refused at once.

    >>> bounded_text("JH 10D", "a list of cards", 2000)
    'JH 10D'
    >>> bounded_text("JH " * 1_000_000, "a list of cards", 2000)
    Traceback (most recent call last):
    fivehundred.errors.NotationError: a list of cards is too long: 3,000,000 characters (at most 2,000): 'JH JH JH JH JH JH JH JH JH JH JH JH JH JH JH JH JH JH JH J…
    """
    if not isinstance(value, str):
        raise NotationError(f"not a text: {what}={shown(value, 80)}")
    if len(value) > limit:
        raise NotationError(
            f"{what} is too long: {len(value):,} characters (at most {limit:,}): {shown(value, 60)}",
            explanation=reasons.too_long(what, _thousands(limit, i18n.language())),
        )
    return value


def _thousands(n: int, lang: str) -> str:
    """A whole number with its thousands marked as ``lang`` writes them: ``2,000`` (en, tl), ``2.000`` (id, vi), ``2 000``."""
    text = f"{n:,}"
    if lang in ("en", "tl", "qps"):
        return text
    return text.replace(",", "." if lang in ("id", "vi") else "\u00a0")
