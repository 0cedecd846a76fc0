"""Who wins a trick, and why.

>>> trick_winner("10H JD AH 5S", "H")
1
>>> explain_trick_winner("10H JD AH 5S", "H")
'J♦ wins: the left bower (J♦ counts as a heart while hearts are trumps) beats the ace of trumps.'
>>> trick_winner("KS JK AS", None, led=Suit.SPADES)
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from fivehundred.bidding import Bid
from fivehundred.cards import Card, Suit
from fivehundred.checks import cards_arg, suit_arg
from fivehundred.errors import NotationError, shown
from fivehundred.i18n import gettext as _
from fivehundred.text import rank as rank_words
from fivehundred.text import suit as suit_words
from fivehundred.trumps import CANNOT_WIN, effective_suit, is_left_bower, is_right_bower, is_trump, trick_rank

__all__ = ["Trick", "trick_winner", "explain_trick_winner", "describe_card", "as_trump"]


def as_trump(contract: Bid | Suit | str | None) -> Suit | None:
    """The trump suit of a contract, a suit, a suit letter, a bid's text, or ``None`` (no trumps).

    Raises:
        NotationError: the text is neither a suit nor a bid.
    """
    if contract is None or isinstance(contract, Suit):
        return contract
    if isinstance(contract, Bid):
        return contract.trump
    if isinstance(contract, str):
        text = contract.strip().upper()
        if text in ("NT", "NONE", "NO TRUMPS", "NOTRUMPS", ""):
            return None
        try:
            return Suit.parse(text)
        except NotationError:
            return Bid.parse(text).trump
    raise NotationError(f"not a contract or trump suit: {shown(contract)}")


def _cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    out = cards_arg(cards)
    if not out:
        raise NotationError("a trick needs at least one card", explanation=_("A trick needs at least one card."))
    if len(set(out)) != len(out):
        raise NotationError(
            f"a card appears twice in the trick: {shown(' '.join(map(str, out)))}",
            explanation=_("A card can't appear twice in one trick: there is only one of each card in the pack."),
        )
    return out


def _led(cards: Sequence[Card], trump: Suit | None, led: Suit | None, nominated: Suit | None) -> Suit | None:
    if led is not None:
        return led
    return effective_suit(cards[0], trump, nominated)


def trick_winner(
    cards: str | Iterable[Card | str],
    contract: Bid | Suit | str | None = None,
    *,
    led: Suit | None = None,
    nominated: Suit | None = None,
) -> int:
    """The position (0 = the lead) of the card that wins the trick.

    ``contract`` gives the trump suit (a :class:`Bid`, a :class:`Suit`, ``"H"``,
    or ``None`` for no trumps and misère).  ``led`` is needed only when an
    un-nominated joker was led: it is the suit the leader named.
    ``nominated`` is the suit the contractor nominated for the joker.

    Raises:
        NotationError: a card does not parse, or appears twice, or the trick is empty.
    """
    played = _cards(cards)
    trump = as_trump(contract)
    led, nominated = suit_arg(led), suit_arg(nominated, "nominated suit")
    table_led = _led(played, trump, led, nominated)
    ranks = [trick_rank(card, trump, table_led, nominated) for card in played]
    return max(range(len(played)), key=ranks.__getitem__)


def describe_card(card: Card, trump: Suit | None, nominated: Suit | None = None) -> str:
    """A card's role in words: ``"the left bower (J♦ counts as a heart …)"``, ``"the ace of trumps"``."""
    if card.is_joker:
        if trump is not None:
            return _("the joker (the highest trump)")
        if nominated is not None:
            # Translators: {suit_one} is one card's suit ("heart")
            return _("the joker (nominated as the highest {suit_one})").format(suit_one=suit_words(nominated, singular=True))
        return _("the joker (it belongs to no suit and beats every card)")
    if is_right_bower(card, trump):
        return _("the right bower ({card}, the highest trump after the joker)").format(card=card.label)
    if is_left_bower(card, trump):
        assert trump is not None
        # Translators: {card} is the left bower ("J♦"), {suit_one} one card's suit ("heart"), {suit} the trumps ("hearts")
        return _("the left bower ({card} counts as a {suit_one} while {suit} are trumps)").format(
            card=card.label, suit_one=suit_words(trump, singular=True), suit=suit_words(trump))
    assert card.suit is not None
    if is_trump(card, trump):
        # Translators: {rank} is a rank in words ("ace", "seven")
        return _("the {rank} of trumps").format(rank=rank_words(card.rank))
    # Translators: {rank} is a rank in words ("seven"), {suit} a suit ("hearts"): "the seven of hearts"
    return _("the {rank} of {suit}").format(rank=rank_words(card.rank), suit=suit_words(card.suit))


def explain_trick_winner(
    cards: str | Iterable[Card | str],
    contract: Bid | Suit | str | None = None,
    *,
    led: Suit | None = None,
    nominated: Suit | None = None,
) -> str:
    """One plain sentence saying which card wins and why.

    Raises:
        NotationError: as for :func:`trick_winner`.
    """
    played = _cards(cards)
    trump = as_trump(contract)
    led, nominated = suit_arg(led), suit_arg(nominated, "nominated suit")
    table_led = _led(played, trump, led, nominated)
    ranks = [trick_rank(card, trump, table_led, nominated) for card in played]
    order = sorted(range(len(played)), key=ranks.__getitem__, reverse=True)
    winner = played[order[0]]
    # Translators: {card} is the card that wins the trick ("J♦") in this and the following sentences
    if len(played) == 1:
        return _("{card} wins: it is the only card in the trick.").format(card=winner.label)
    runner = played[order[1]]
    if winner.is_joker and trump is None and nominated is None:
        return _("{card} wins: in no trumps and misère the joker belongs to no suit and beats every other card.").format(
            card=winner.label)
    if is_trump(winner, trump) or (winner.is_joker and trump is not None):
        if ranks[order[1]] > CANNOT_WIN and is_trump(runner, trump):
            # Translators: {winner} and {runner} are the two cards' roles ("the left bower (…)", "the ace of trumps")
            return _("{card} wins: {winner} beats {runner}.").format(
                card=winner.label, winner=describe_card(winner, trump), runner=describe_card(runner, trump))
        return _("{card} wins: {winner} is the only trump, and any trump beats the other suits.").format(
            card=winner.label, winner=describe_card(winner, trump))
    assert table_led is not None
    beaten = [played[i] for i in order[1:] if ranks[i] > CANNOT_WIN]
    led_one = suit_words(table_led, singular=True)
    if beaten:
        # Translators: {suit_one} is the suit led, as one card's suit ("heart")
        why = (_("{card} wins: no trump was played, and it is the highest {suit_one}, the suit led.") if trump is not None
               else _("{card} wins: it is the highest {suit_one}, the suit led."))
    else:
        why = (_("{card} wins: no trump was played, and it is the only {suit_one}, and only the suit led can win.")
               if trump is not None else _("{card} wins: it is the only {suit_one}, and only the suit led can win."))
    return why.format(card=winner.label, suit_one=led_one)


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick as played: who led, the cards in order, and the suit led.

    ``plays`` pairs each seat with its card, in play order.  ``led`` is the
    effective suit of the trick (for an un-nominated joker lead, the suit the
    leader named; ``None`` only when the joker was led to the last trick).
    """

    leader: int
    plays: tuple[tuple[int, Card], ...]
    led: Suit | None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, _ in self.plays)

    def winner(self, trump: Suit | None, nominated: Suit | None = None) -> int:
        """The seat that wins this trick.

        Raises:
            NotationError: the trick is empty.
        """
        return self.plays[trick_winner(self.cards, trump, led=self.led, nominated=nominated)][0]
