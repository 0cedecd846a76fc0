"""Cards, suits, ranks and the packs for 2 to 6 players.

Notation: a card is its rank then its suit, ``"JH"`` (jack of hearts),
``"10D"``, ``"AS"``; the joker is ``"JK"``.  Parsing is lenient (``"TD"``,
``"10♦"``, ``"jh"``, ``"JOKER"`` are accepted) and formatting is canonical.

>>> Card.parse("10♦")
Card.parse('10D')
>>> str(Card.parse("td")), Card.parse("joker").label
('10D', 'Joker')
>>> len(pack(4)), len(pack(6))
(43, 63)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Iterable

from fivehundred.errors import CheckedEnumType, NotationError, shown
from fivehundred.bounds import bounded_text
from fivehundred import reasons
from fivehundred.i18n import N_
from fivehundred.limits import MAX_CARDS, MAX_LINE_CHARS, MAX_WORD_CHARS

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "JOKER",
    "ALL_CARDS",
    "PLAYER_COUNTS",
    "pack",
    "parse_cards",
    "format_cards",
    "cards_from_mask",
    "mask_of",
]


class Suit(enum.Enum, metaclass=CheckedEnumType):
    """The four suits, in bidding order from lowest (spades) to highest (hearts)."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"

    # Identity hashing (members are singletons and compare by identity): Enum's own __hash__ is a
    # Python-level call, and suits key the engine's tables and caches on every play.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """The suit sign: ♠ ♣ ♦ ♥."""
        return _SYMBOLS[self]

    @property
    def colour(self) -> str:
        """``"black"`` for spades and clubs, ``"red"`` for diamonds and hearts."""
        return "black" if self in (Suit.SPADES, Suit.CLUBS) else "red"

    @property
    def sibling(self) -> Suit:
        """The other suit of the same colour (whose jack is the left bower)."""
        return _SIBLINGS[self]

    @property
    def plural(self) -> str:
        """The suit's name in words: ``"hearts"``."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        """One card's suit in words: ``"heart"``."""
        return self.name.lower()[:-1]

    @property
    def order(self) -> int:
        """0 for spades up to 3 for hearts: the bidding order."""
        return _SUIT_ORDER[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from ``"H"``, ``"♥"``, ``"hearts"`` and similar.

        Raises:
            NotationError: the text names no suit.
        """
        if isinstance(text, str) and len(text) > MAX_WORD_CHARS:
            bounded_text(text, N_("a suit"), MAX_WORD_CHARS)
        key = text.strip().upper() if isinstance(text, str) else ""
        suit = _SUIT_WORDS.get(key)
        if suit is None:
            raise NotationError(
                f"not a suit: {shown(text)} (use S, C, D or H)",
                explanation=reasons.not_a_suit(shown(text)),
            )
        return suit

    def __str__(self) -> str:
        return self.value

    @classmethod
    def _missing_(cls, value: object) -> Suit:
        raise NotationError(
            f"not a suit: {shown(value)} (use Suit.HEARTS or Suit.parse('H'); suits are S, C, D and H)",
            explanation=reasons.not_a_suit(shown(value)),
        )


_SYMBOLS = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥"}
_SIBLINGS = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}
_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)}
_SUIT_WORDS: dict[str, Suit] = {}
for _suit in Suit:
    for _word in (_suit.value, _suit.name, _suit.name[:-1], _SYMBOLS[_suit]):
        _SUIT_WORDS[_word.upper()] = _suit
for _word, _suit in (("♤", Suit.SPADES), ("♧", Suit.CLUBS), ("♢", Suit.DIAMONDS), ("♡", Suit.HEARTS)):
    _SUIT_WORDS[_word] = _suit


class Rank(enum.IntEnum, metaclass=CheckedEnumType):
    """Card ranks in plain-suit order (the 6-player pack adds 11, 12 and 13).

    In a plain suit the order is A K Q J 13 12 11 10 9 … 4, which is the
    numeric order of these values.  Trumps re-order the jacks: see
    :mod:`fivehundred.trumps`.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    ELEVEN = 11
    TWELVE = 12
    THIRTEEN = 13
    JACK = 14
    QUEEN = 15
    KING = 16
    ACE = 17
    JOKER = 18

    @property
    def symbol(self) -> str:
        """How the rank is written on a card: ``"10"``, ``"J"``, ``"JK"``."""
        return _RANK_SYMBOLS[self]

    @property
    def word(self) -> str:
        """The rank in words: ``"ten"``, ``"jack"``."""
        return _RANK_WORDS[self]

    @classmethod
    def _missing_(cls, value: object) -> Rank:
        raise NotationError(f"not a rank: {shown(value)} (ranks run from Rank.TWO = 2 to Rank.JOKER = 18)")


_RANK_SYMBOLS = {
    **{r: str(r.value) for r in Rank if r.value <= 13},
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "JK",
}
_RANK_WORDS = {
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.ELEVEN: "eleven",
    Rank.TWELVE: "twelve",
    Rank.THIRTEEN: "thirteen",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
    Rank.JOKER: "joker",
}
_RANK_TEXT = {sym: r for r, sym in _RANK_SYMBOLS.items() if r is not Rank.JOKER}
_RANK_TEXT["T"] = Rank.TEN

_RANKS_PER_SUIT = 16  # 2..10, 11, 12, 13, J, Q, K, A


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card.  Use :meth:`Card.parse` or the constants; there are only 65.

    ``suit`` is ``None`` for the joker.  ``index`` is a small stable number
    (0–64) used for bitmasks: bit ``index`` of a hand mask is this card.
    """

    rank: Rank
    suit: Suit | None
    index: int = field(default=-1, compare=False, repr=False)
    bit: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        # only 65 cards are ever built (ALL_CARDS, at import): the checks cost nothing at play time
        if self.rank.__class__ is not Rank:
            raise NotationError(f"not a card: rank {shown(self.rank)} is not a Rank (use Card.parse('JH'))")
        if self.suit is not None and self.suit.__class__ is not Suit:
            raise NotationError(f"not a card: suit {shown(self.suit)} is not a Suit (use Card.parse('JH'))")
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise NotationError(
                f"not a card: rank {self.rank.name} with suit {shown(self.suit)} (the joker, and only the joker, "
                "has no suit)"
            )
        # index: the card's bit position in a hand mask (0–63 suited, 64 the joker); bit = 1 << index
        index = 64 if self.suit is None else self.suit.order * _RANKS_PER_SUIT + (self.rank - Rank.TWO)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "bit", 1 << index)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is not Card:
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return self.index

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def colour(self) -> str:
        """``"red"``, ``"black"``, or ``"joker"``."""
        return "joker" if self.suit is None else self.suit.colour

    @property
    def label(self) -> str:
        """A short label with the suit sign: ``"J♥"``, ``"10♦"``, ``"Joker"``."""
        if self.suit is None:
            return "Joker"
        return self.rank.symbol + self.suit.symbol

    @property
    def name(self) -> str:
        """The card in words: ``"jack of hearts"``, ``"the joker"`` → ``"joker"``."""
        if self.suit is None:
            return "joker"
        return f"{self.rank.word} of {self.suit.plural}"

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card from text such as ``"JH"``, ``"10D"``, ``"TD"``, ``"10♦"`` or ``"JK"``.

        Raises:
            NotationError: the text is not a card.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise NotationError(
                f"not a card: {shown(text)} (expected text such as 'JH')",
                explanation=reasons.not_a_card(),
            )
        if len(text) > MAX_WORD_CHARS:
            bounded_text(text, N_("a card"), MAX_WORD_CHARS)
        key = text.strip().upper().replace(" ", "")
        if key in ("JK", "JOKER", "BIRD", "🃏"):
            return JOKER
        if len(key) >= 2:
            suit = _SUIT_WORDS.get(key[-1])
            rank = _RANK_TEXT.get(key[:-1])
            if suit is not None and rank is not None:
                return ALL_CARDS[suit.order * _RANKS_PER_SUIT + (rank - Rank.TWO)]
        raise NotationError(
            f"not a card: {shown(text)} (write the rank then the suit, such as 'JH', '10D' or 'JK')",
            explanation=reasons.not_a_card(shown(text)),
        )

    from_str = parse

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose bit position is ``index`` (0 to 64; 64 is the joker).

        Raises:
            NotationError: ``index`` is not a whole number from 0 to 64.
        """
        if index.__class__ is not int or not 0 <= index < len(ALL_CARDS):
            raise NotationError(f"no card has index {shown(index)} (card indexes run from 0 to 64)")
        return ALL_CARDS[index]

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_html_(self) -> str:
        from fivehundred import svg

        return svg.card_svg(self)

    def sort_key(self) -> tuple[int, int]:
        """Sort by suit (spades, clubs, diamonds, hearts) then rank; joker last."""
        return (4 if self.suit is None else self.suit.order, self.rank)


def _make_all_cards() -> tuple[Card, ...]:
    cards = [Card(rank, suit) for suit in Suit for rank in Rank if rank is not Rank.JOKER]
    cards.append(Card(Rank.JOKER, None))
    return tuple(cards)


#: Every card that exists in any pack, indexed by :attr:`Card.index`.
ALL_CARDS: tuple[Card, ...] = _make_all_cards()
#: The joker (in Australia, "the bird").
JOKER: Card = ALL_CARDS[64]

#: The player counts the engine supports.
PLAYER_COUNTS = (2, 3, 4, 5, 6)


def _suit_cards(suit: Suit, ranks: Iterable[Rank]) -> list[Card]:
    return [ALL_CARDS[suit.order * _RANKS_PER_SUIT + (r - Rank.TWO)] for r in ranks]


_STANDARD = [r for r in Rank if r.value <= 10 or r >= Rank.JACK]
_STANDARD.remove(Rank.JOKER)


def _pack_cards(players: int) -> tuple[Card, ...]:
    cards: list[Card] = []
    for suit in Suit:
        if players in (2, 3):
            ranks = [r for r in _STANDARD if r >= Rank.SEVEN]
        elif players == 4:
            low = Rank.FOUR if suit.colour == "red" else Rank.FIVE
            ranks = [r for r in _STANDARD if r >= low]
        elif players == 5:
            ranks = list(_STANDARD)
        else:
            ranks = list(_STANDARD) + [Rank.ELEVEN, Rank.TWELVE]
            if suit.colour == "red":
                ranks.append(Rank.THIRTEEN)
        cards.extend(_suit_cards(suit, sorted(ranks)))
    cards.append(JOKER)
    return tuple(cards)


_PACKS: dict[int, tuple[Card, ...]] = {n: _pack_cards(n) for n in PLAYER_COUNTS}


def pack(players: int = 4) -> tuple[Card, ...]:
    """The cards used for ``players`` players, sorted by suit then rank, joker last.

    * 2 or 3 players: A K Q J 10 9 8 7 in each suit and the joker (33 cards).
    * 4 players: red suits down to the 4, black suits down to the 5, and the joker (43).
    * 5 players: the whole 52-card pack and the joker (53).
    * 6 players: the 52 cards, 11 and 12 in every suit, 13 in hearts and diamonds,
      and the joker (63).

    Raises:
        NotationError: ``players`` is not 2 to 6.
    """
    if players.__class__ is not int or players not in PLAYER_COUNTS:
        raise NotationError(
            f"no pack for {shown(players)} players (Five Hundred is for 2 to 6 players)",
            explanation=reasons.no_pack_for_players(),
        )
    return _PACKS[players]


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read several cards: ``"JH 10D JK"`` or ``["JH", "10D"]``.

    Raises:
        NotationError: one of them is not a card.
    """
    if isinstance(text, str):
        items: list[str | Card] = list(bounded_text(text, N_("a list of cards"), MAX_LINE_CHARS).replace(",", " ").split())
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, dict)):
        items = []
        for item in text:  # a huge or endless iterable is not read to its end
            items.append(item)
            if len(items) > MAX_CARDS:
                break
    else:
        raise NotationError(
            f"not a list of cards: {shown(text)} (write them like 'JH 10D JK')",
            explanation=reasons.not_a_list_of_cards(),
        )
    if len(items) > MAX_CARDS:
        raise NotationError(
            f"too many cards in one list: more than {MAX_CARDS} (the biggest pack has 63)",
            explanation=reasons.too_many_cards(MAX_CARDS),
        )
    return tuple(Card.parse(item) for item in items)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in canonical notation separated by spaces.

    Raises:
        NotationError: ``cards`` is not a list of cards.
    """
    return " ".join(str(c) for c in parse_cards(cards))


def mask_of(cards: Iterable[Card]) -> int:
    """The bitmask with one bit per card."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def cards_from_mask(mask: int) -> tuple[Card, ...]:
    """The cards whose bits are set, in index order (suit, then rank, joker last)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)
