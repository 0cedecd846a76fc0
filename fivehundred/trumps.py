"""Trumps, bowers and the joker: which suit a card belongs to and how high it ranks.

Two pure functions carry every trump rule, and the rest of the engine calls
them: :func:`effective_suit` and :func:`trick_rank`.

* With a trump suit, the order is joker, right bower (jack of trumps), left
  bower (the other jack of the same colour), then A K Q 10 9 … .  The left
  bower *is* a trump for every purpose, and its own suit has no jack.
* With no trump suit (no trumps and every misère) there are no bowers.  The
  joker belongs to no suit and beats everything, unless the contractor has
  nominated a suit for it; then it is the highest card of that suit only.

>>> from fivehundred.cards import Card, Suit
>>> effective_suit(Card.parse("JD"), Suit.HEARTS)
<Suit.HEARTS: 'H'>
>>> [str(c) for c in trump_order(Suit.HEARTS)[:5]]
['JK', 'JH', 'JD', 'AH', 'KH']
"""

from __future__ import annotations

from functools import lru_cache

from fivehundred.cards import ALL_CARDS, JOKER, Card, Rank, Suit, pack
from fivehundred.checks import suit_arg
from fivehundred.errors import NotationError

__all__ = [
    "effective_suit",
    "is_trump",
    "is_right_bower",
    "is_left_bower",
    "trick_rank",
    "trump_order",
    "explain_trump_order",
    "suit_order",
    "suit_masks",
    "rank_table",
    "CANNOT_WIN",
]

#: trick_rank of a card that can't win the trick (off-suit and not a trump)
CANNOT_WIN = 0
# Rank bands.  Within a band, a card's own Rank value orders it.
_FOLLOWING = 0  # cards of the suit led: 2..17 (and 18 for a nominated joker)
_TRUMPS = 100  # trumps: 100 + rank; the bowers sit just above the ace
_LEFT_BOWER = _TRUMPS + Rank.ACE + 1
_RIGHT_BOWER = _TRUMPS + Rank.ACE + 2
_TOP = 200  # the joker in a suit contract, or an un-nominated joker


def effective_suit(card: Card, trump: Suit | None, nominated: Suit | None = None) -> Suit | None:
    """The suit ``card`` belongs to for following and leading.

    * The joker is a trump when there is a trump suit.  With no trump suit it
      belongs to the ``nominated`` suit, or to no suit at all (``None``).
    * The left bower (the jack of the suit the same colour as trumps) is a trump.
    * Every other card keeps its printed suit.

    >>> effective_suit(Card.parse("JK"), None) is None
    True

    Raises:
        NotationError: not a card or not a suit.
    """
    card, trump, nominated = _args(card, trump, nominated)
    if card.suit is None:
        return trump if trump is not None else nominated
    if trump is not None and card.rank is Rank.JACK and card.suit is trump.sibling:
        return trump
    return card.suit


def _args(card: Card | str, trump: Suit | str | None, other: Suit | str | None = None) -> tuple[Card, Suit | None, Suit | None]:
    """Check (and read) the card and suit arguments of the public functions here."""
    if card.__class__ is not Card:
        card = Card.parse(card)
    if trump is not None and trump.__class__ is not Suit:
        trump = suit_arg(trump, "trump suit")
    if other is not None and other.__class__ is not Suit:
        other = suit_arg(other)
    return card, trump, other


def is_trump(card: Card, trump: Suit | None) -> bool:
    """Whether ``card`` is a trump (always ``False`` with no trump suit).

    Raises:
        NotationError: not a card or not a suit.
    """
    card, trump, _ = _args(card, trump)
    return trump is not None and effective_suit(card, trump) is trump


def is_right_bower(card: Card, trump: Suit | None) -> bool:
    """The jack of the trump suit.

    Raises:
        NotationError: not a card or not a suit.
    """
    card, trump, _ = _args(card, trump)
    return trump is not None and card.rank is Rank.JACK and card.suit is trump


def is_left_bower(card: Card, trump: Suit | None) -> bool:
    """The jack of the other suit of the trump colour.

    Raises:
        NotationError: not a card or not a suit.
    """
    card, trump, _ = _args(card, trump)
    return trump is not None and card.rank is Rank.JACK and card.suit is trump.sibling


def trick_rank(card: Card, trump: Suit | None, led: Suit | None, nominated: Suit | None = None) -> int:
    """How strongly ``card`` competes for a trick led in ``led``: higher wins.

    ``led`` is the effective suit of the trick (the suit the leader named, if
    the joker was led).  A card that neither follows suit nor is a trump gets
    :data:`CANNOT_WIN`.  Comparisons are all that matter; the numbers are not
    points.

    >>> h = Suit.HEARTS
    >>> trick_rank(Card.parse("JD"), h, h) > trick_rank(Card.parse("AH"), h, h)
    True
    >>> trick_rank(Card.parse("JK"), None, Suit.SPADES) > trick_rank(Card.parse("AS"), None, Suit.SPADES)
    True

    Raises:
        NotationError: not a card or not a suit.
    """
    card, trump, led = _args(card, trump, led)
    if nominated is not None and nominated.__class__ is not Suit:
        nominated = suit_arg(nominated)
    if card.suit is None:
        if trump is not None or nominated is None:
            return _TOP
        return _FOLLOWING + Rank.JOKER if nominated is led else CANNOT_WIN
    suit = effective_suit(card, trump)
    if trump is not None and suit is trump:
        if card.rank is Rank.JACK:
            return _RIGHT_BOWER if card.suit is trump else _LEFT_BOWER
        return _TRUMPS + card.rank
    if suit is led:
        return _FOLLOWING + card.rank
    return CANNOT_WIN


def trump_order(trump: Suit, players: int = 4) -> tuple[Card, ...]:
    """Every trump in the pack for ``players``, highest first.

    Raises:
        NotationError: ``players`` is not 2 to 6, or ``trump`` is not a suit.
    """
    checked = suit_arg(trump, "trump suit")
    if checked is None:
        raise NotationError("trump_order needs a trump suit, not None")
    trump = checked
    trumps = [c for c in pack(players) if is_trump(c, trump)]
    trumps.sort(key=lambda c: trick_rank(c, trump, trump), reverse=True)
    return tuple(trumps)


def suit_order(suit: Suit, trump: Suit | None = None, players: int = 4) -> tuple[Card, ...]:
    """The cards that belong to ``suit`` when ``trump`` is trumps, highest first.

    Raises:
        NotationError: ``players`` is not 2 to 6.
    """
    cards = [c for c in pack(players) if c is not JOKER and effective_suit(c, trump) is suit]
    if trump is not None and suit is trump:
        cards.append(JOKER)
    cards.sort(key=lambda c: trick_rank(c, trump, suit), reverse=True)
    return tuple(cards)


def explain_trump_order(trump: Suit, players: int = 4) -> str:
    """The trump order in one sentence.

    >>> explain_trump_order(Suit.SPADES)
    'With spades as trumps there are 12 trumps, from the top: the joker, J♠ (right bower), J♣ (left bower), A♠, K♠, Q♠, 10♠, 9♠, 8♠, 7♠, 6♠, 5♠.'

    Raises:
        NotationError: ``players`` is not 2 to 6.
    """
    names = []
    for card in trump_order(trump, players):
        if card.is_joker:
            names.append("the joker")
        elif is_right_bower(card, trump):
            names.append(f"{card.label} (right bower)")
        elif is_left_bower(card, trump):
            names.append(f"{card.label} (left bower)")
        else:
            names.append(card.label)
    return f"With {trump.plural} as trumps there are {len(names)} trumps, from the top: {', '.join(names)}."


@lru_cache(maxsize=None)
def suit_masks(trump: Suit | None, nominated: Suit | None = None) -> dict[Suit, int]:
    """For each suit, the bitmask of every card that belongs to it (see :func:`effective_suit`)."""
    masks = {suit: 0 for suit in Suit}
    for card in ALL_CARDS:
        suit = effective_suit(card, trump, nominated)
        if suit is not None:
            masks[suit] |= 1 << card.index
    return masks


@lru_cache(maxsize=None)
def rank_table(trump: Suit | None, led: Suit | None, nominated: Suit | None = None) -> tuple[int, ...]:
    """:func:`trick_rank` for every card index, for fast trick winners."""
    return tuple(trick_rank(card, trump, led, nominated) for card in ALL_CARDS)
