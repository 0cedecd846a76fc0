"""The engine's exceptions.

Every error the engine raises on bad input is a :class:`FiveHundredError`, and
also a :class:`ValueError`, so ``except ValueError`` works too.  Text that does
not parse raises :class:`NotationError`; a well-formed action that the rules
forbid right now raises :class:`IllegalBidError`, :class:`IllegalPlayError` or
another :class:`IllegalActionError`.  Messages are lower-case, name the rule
that was broken and quote the offending input.  The engine never changes state
before it raises.
"""

from __future__ import annotations

__all__ = [
    "FiveHundredError",
    "NotationError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "RulesError",
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


class IllegalActionError(FiveHundredError):
    """A well-formed action that the rules do not allow now."""


class IllegalBidError(IllegalActionError):
    """A bid (or pass) that the auction rules do not allow now."""


class IllegalPlayError(IllegalActionError):
    """A card play, discard or joker nomination that the rules do not allow now."""
