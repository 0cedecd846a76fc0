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
from fivehundred import reasons
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
        raise NotationError("a trick needs at least one card", explanation=reasons.trick_needs_a_card())
    if len(set(out)) != len(out):
        raise NotationError(
            f"a card appears twice in the trick: {shown(' '.join(map(str, out)))}",
            explanation=reasons.card_twice_in_trick(),
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
            return reasons.role_joker_highest_trump()
        if nominated is not None:
            return reasons.role_joker_nominated(suit_words(nominated, singular=True))
        return reasons.role_joker_no_suit()
    if is_right_bower(card, trump):
        return reasons.role_right_bower(card.label)
    if is_left_bower(card, trump):
        assert trump is not None
        return reasons.role_left_bower(card.label, suit_words(trump, singular=True), suit_words(trump))
    assert card.suit is not None
    if is_trump(card, trump):
        return reasons.role_trump(rank_words(card.rank))
    return reasons.role_plain(rank_words(card.rank), suit_words(card.suit))


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
    if len(played) == 1:
        return reasons.trick_won_alone(winner.label)
    runner = played[order[1]]
    if winner.is_joker and trump is None and nominated is None:
        return reasons.trick_won_by_free_joker(winner.label)
    if is_trump(winner, trump) or (winner.is_joker and trump is not None):
        if ranks[order[1]] > CANNOT_WIN and is_trump(runner, trump):
            return reasons.trick_won_higher_trump(winner.label, describe_card(winner, trump), describe_card(runner, trump))
        return reasons.trick_won_only_trump(winner.label, describe_card(winner, trump))
    assert table_led is not None
    beaten = [played[i] for i in order[1:] if ranks[i] > CANNOT_WIN]
    led_one = suit_words(table_led, singular=True)
    if beaten:
        return reasons.trick_won_highest_of_led(winner.label, led_one, trump is not None)
    return reasons.trick_won_only_of_led(winner.label, led_one, trump is not None)


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
