"""The actions a player can take in a round, besides bids (see :mod:`fivehundred.bidding`).

* :class:`Discard` — the contractor's three discards after taking the kitty.
* :class:`CallPartner` — in the 5-player game, the partner(s) the contractor names.
* :class:`CallCard` — in the 5-player game played by card, the card whose holder is partner.
* :class:`Nominate` — the contractor's choice of suit for the joker in no trumps or misère.
* :class:`Play` — a card played to a trick (with the suit named when the joker is led).

Each has a canonical text form that its ``parse`` reads back.

>>> str(Play.parse("jk:h")), str(Discard.parse("discard 5s 4d 6s")), str(Nominate.parse("none"))
('JK:H', 'discard 5S 6S 4D', 'nominate none')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Union

from fivehundred.bidding import Bid
from fivehundred.cards import ALL_CARDS, Card, Suit, format_cards, parse_cards
from fivehundred.errors import NotationError, shown
from fivehundred.bounds import bounded_text
from fivehundred.i18n import N_
from fivehundred.limits import MAX_LINE_CHARS, MAX_WORD_CHARS

__all__ = ["Discard", "CallPartner", "CallCard", "Nominate", "Play", "Action", "action_text"]


@dataclass(frozen=True, slots=True)
class Discard:
    """Three cards put face down after taking the kitty (kept sorted)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = self.cards
        if cards.__class__ is not tuple or any(c.__class__ is not Card for c in cards):
            raise NotationError(
                f"not a discard: cards={shown(cards)} (a tuple of Card; use Discard.of('4D 5S 6S') for text)"
            )

    @classmethod
    def of(cls, cards: str | Iterable[Card | str]) -> Discard:
        """Build from cards in any order.

        Raises:
            NotationError: a card does not parse.
        """
        return cls(tuple(sorted(parse_cards(cards), key=lambda c: c.index)))

    @classmethod
    def parse(cls, text: str) -> Discard:
        """Read ``"discard 4D 5S 6S"`` (the word is optional).

        Raises:
            NotationError: a card does not parse.
        """
        if not isinstance(text, str):
            raise NotationError(f"not a discard: {shown(text)} (write 'discard 4D 5S 6S')")
        words = bounded_text(text, N_("a discard"), MAX_LINE_CHARS).split()
        if words and words[0].lower() == "discard":
            words = words[1:]
        return cls.of(words)

    def __str__(self) -> str:
        return "discard " + format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Discard.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class CallPartner:
    """In the 5-player game: the seat(s) the contractor names as partner."""

    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        seats = self.seats
        if seats.__class__ is not tuple or not seats or any(s.__class__ is not int or s < 0 for s in seats):
            raise NotationError(f"not a partner call: seats={shown(seats)} (a tuple of seat numbers, such as (1,))")

    def __str__(self) -> str:
        return "partner " + " ".join(str(s) for s in self.seats)

    def __repr__(self) -> str:
        return f"CallPartner({self.seats!r})"


@dataclass(frozen=True, slots=True)
class CallCard:
    """In the 5-player game played by card: whoever holds this card is the contractor's partner."""

    card: Card

    def __post_init__(self) -> None:
        if self.card.__class__ is not Card:
            raise NotationError(f"not a called card: card={shown(self.card)} (a Card; use CallCard.parse('call AH') for text)")

    @classmethod
    def parse(cls, text: str) -> CallCard:
        """Read ``"call AH"``.

        Raises:
            NotationError: not a card.
        """
        if not isinstance(text, str):
            raise NotationError(f"not a called card: {shown(text)} (write 'call AH')")
        words = bounded_text(text, N_("a called card"), MAX_WORD_CHARS).split()
        if words and words[0].lower() == "call":
            words = words[1:]
        if len(words) != 1:
            raise NotationError(f"not a called card: {shown(text)} (write 'call AH')")
        return cls(Card.parse(words[0]))

    def __str__(self) -> str:
        return f"call {self.card}"

    def __repr__(self) -> str:
        return f"CallCard.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Nominate:
    """The contractor's nomination of the joker's suit (``None``: no nomination)."""

    suit: Suit | None

    def __post_init__(self) -> None:
        if self.suit is not None and self.suit.__class__ is not Suit:
            raise NotationError(
                f"not a nomination: suit={shown(self.suit)} (a Suit or None; use Nominate.parse('H') for text)"
            )

    @classmethod
    def parse(cls, text: str) -> Nominate:
        """Read ``"nominate H"``, ``"H"`` or ``"none"``.

        Raises:
            NotationError: not a suit or ``none``.
        """
        if not isinstance(text, str):
            raise NotationError(f"not a nomination: {shown(text)} (write 'nominate H' or 'nominate none')")
        words = bounded_text(text, N_("a nomination"), MAX_WORD_CHARS).split()
        if words and words[0].lower() == "nominate":
            words = words[1:]
        if len(words) != 1:
            raise NotationError(f"not a nomination: {shown(text)} (write 'nominate H' or 'nominate none')")
        if words[0].lower() == "none":
            return cls(None)
        return cls(Suit.parse(words[0]))

    def __str__(self) -> str:
        return f"nominate {self.suit.value if self.suit else 'none'}"

    def __repr__(self) -> str:
        return f"Nominate.parse({str(self)!r})"


@dataclass(frozen=True, slots=True, eq=False)
class Play:
    """A card played to a trick.  ``named`` is the suit named when leading an un-nominated joker."""

    card: Card
    named: Suit | None = None

    def __post_init__(self) -> None:
        if self.card.__class__ is not Card:
            raise NotationError(f"not a card play: card={shown(self.card)} (a Card; use Play.parse('JH') for text)")
        named = self.named
        if named is not None and named.__class__ is not Suit:
            raise NotationError(f"not a card play: named={shown(named)} is not a Suit (use Play.parse('JK:H') for text)")

    @classmethod
    def parse(cls, text: str | Card) -> Play:
        """Read ``"JH"`` or ``"JK:H"`` (the joker led, naming hearts).

        Raises:
            NotationError: not a card (or the suit after ``:`` is not a suit).
        """
        if isinstance(text, Card):
            return _PLAIN[text.index]
        if not isinstance(text, str):
            raise NotationError(f"not a card play: {shown(text)}")
        if len(text) > MAX_WORD_CHARS:
            bounded_text(text, N_("a card play"), MAX_WORD_CHARS)
        card_text, sep, suit_text = text.partition(":")
        card = Card.parse(card_text)
        if not sep:
            return _PLAIN[card.index]
        if card.is_joker:
            return JOKER_LEADS[Suit.parse(suit_text)]
        return cls(card, Suit.parse(suit_text))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Play:
            return NotImplemented
        return self.card == other.card and self.named is other.named

    def __hash__(self) -> int:
        return self.card.index * 5 + (0 if self.named is None else 1 + self.named.order)

    def __str__(self) -> str:
        return f"{self.card}:{self.named.value}" if self.named else str(self.card)

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"


_PLAIN = tuple(Play(card) for card in ALL_CARDS)
#: one shared Play per card (no suit named), indexed by card index
PLAIN_PLAYS: tuple[Play, ...] = _PLAIN
#: one shared Play per suit for leading the un-nominated joker and naming that suit
JOKER_LEADS: dict[Suit, Play] = {suit: Play(ALL_CARDS[64], suit) for suit in Suit}

#: Anything that can be applied to a round.
Action = Union[Bid, Discard, CallPartner, CallCard, Nominate, Play]


def action_text(action: Action) -> str:
    """The canonical text of any action."""
    return str(action)
