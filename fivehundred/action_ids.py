"""Actions as integers: the one codec between :class:`~fivehundred.actions.Action` objects and the ids
that computer players and simulations use (:meth:`fivehundred.round.Round.legal_action_ids`).

An :data:`ActionId` is an ``int``:

* 0–64: play the card with that :attr:`Card.index` (64 is the joker);
* 65–68: lead the un-nominated joker naming the suit with order 0–3 (♠ ♣ ♦ ♥)
  (the play ids: :data:`fivehundred.play.JOKER_LEAD_ID`);
* 70: nominate no suit for the joker; 71–74: nominate the suit with order 0–3;
* 80 + card index: call that card (five players, partner by card);
* 160 + a bitmask of seats: name those seats as partners (five players);
* 256: pass; 257 + ladder position: that bid (position 0 is 6♠);
* ``DISCARD_ID | mask``: discard the cards whose bits are set in ``mask``.

A bid's id depends on the table's ladder (:func:`fivehundred.bidding.ladder`), so the codec is made
for one :class:`Rules` (:func:`codec_for` keeps one per rules).  The phase tells a play from a bid
when an id is decoded.

>>> from fivehundred.rules import AUSTRALIAN
>>> codec = codec_for(AUSTRALIAN)
>>> codec.encode(Bid.parse("7H")), codec.decode("auction", 265), codec.decode("play", 64)
(265, Bid.parse('7H'), Play.parse('JK'))
"""

from __future__ import annotations

from functools import lru_cache

from fivehundred.actions import JOKER_LEADS, PLAIN_PLAYS, Action, CallCard, CallPartner, Discard, Nominate, Play
from fivehundred.bidding import PASS, Bid, BidKind, ladder, ladder_positions
from fivehundred.cards import ALL_CARDS, Suit, cards_from_mask, mask_of
from fivehundred.errors import NotationError, shown
from fivehundred.play import JOKER_LEAD_ID
from fivehundred.rules import Rules

__all__ = ["ActionId", "ActionCodec", "codec_for", "NOMINATE_ID", "CALL_CARD_ID", "CALL_PARTNER_ID", "PASS_ID",
           "BID_ID", "DISCARD_ID", "play_of_id"]

#: an action as an integer (see the module docstring)
ActionId = int
NOMINATE_ID = 70
CALL_CARD_ID = 80
CALL_PARTNER_ID = 160
PASS_ID = 256
BID_ID = 257
DISCARD_ID = 1 << 66
_SUITS = tuple(Suit)


def play_of_id(action_id: ActionId) -> Play:
    """The :class:`Play` with this play id (see :data:`~fivehundred.play.JOKER_LEAD_ID`); shared objects."""
    return PLAIN_PLAYS[action_id] if action_id < JOKER_LEAD_ID else JOKER_LEADS[_SUITS[action_id - JOKER_LEAD_ID]]


class ActionCodec:
    """Encodes and decodes the actions of one table (its rules' bidding ladder and player count).

    :attr:`rungs` is the ladder (a bid's id is :data:`BID_ID` plus its place on it), :attr:`positions`
    each bid's place, :attr:`special` the places of the calls that are not trick bids (the misères).
    """

    __slots__ = ("rules", "players", "rungs", "positions", "special")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.rungs: tuple[Bid, ...] = ladder(rules)
        self.positions: dict[Bid, int] = ladder_positions(rules)
        self.special: tuple[int, ...] = tuple(i for i, b in enumerate(self.rungs) if b.kind is not BidKind.TRICKS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ActionCodec) and other.rules == self.rules

    def __hash__(self) -> int:
        return hash(self.rules)

    def __reduce__(self) -> tuple[object, tuple[Rules]]:
        return (codec_for, (self.rules,))  # a pickled round gets the one codec of its rules back

    def encode(self, action: Action) -> ActionId:
        """The id of ``action`` (not checked for legality).

        Raises:
            NotationError: a bid these rules do not allow, or not an action.
        """
        cls = action.__class__
        if cls is Play:
            named = action.named  # type: ignore[union-attr]
            return action.card.index if named is None else JOKER_LEAD_ID + named.order  # type: ignore[union-attr]
        if cls is Bid:
            if action.is_pass:  # type: ignore[union-attr]
                return PASS_ID
            position = self.positions.get(action)  # type: ignore[arg-type]
            if position is None:
                raise NotationError(f"{shown(str(action))} is not a bid at this table")
            return BID_ID + position
        if cls is Discard:
            return DISCARD_ID | mask_of(action.cards)  # type: ignore[union-attr]
        if cls is Nominate:
            suit = action.suit  # type: ignore[union-attr]
            return NOMINATE_ID if suit is None else NOMINATE_ID + 1 + suit.order
        if cls is CallCard:
            return CALL_CARD_ID + action.card.index  # type: ignore[union-attr]
        if cls is CallPartner:
            seats: tuple[int, ...] = action.seats  # type: ignore[union-attr]
            return CALL_PARTNER_ID + sum(1 << s for s in seats)
        raise NotationError(f"not an action: {shown(action)}")

    def decode(self, phase: str, action_id: ActionId) -> Action:
        """The action with this id in ``phase`` (a :class:`~fivehundred.round.Phase` value: ``"play"``,
        ``"auction"``, ``"kitty"``, ``"nomination"``, ``"partner"``).

        Raises:
            NotationError: not an id of an action in this phase.
        """
        i = action_id
        try:
            if phase == "play" and 0 <= i < JOKER_LEAD_ID + 4:
                return play_of_id(i)
            if phase == "auction":
                if i == PASS_ID:
                    return PASS
                if i > PASS_ID:
                    return self.rungs[i - BID_ID]
            elif phase == "kitty" and i > DISCARD_ID:
                return Discard(cards_from_mask(i ^ DISCARD_ID))
            elif phase == "nomination" and NOMINATE_ID <= i <= NOMINATE_ID + 4:
                return Nominate(None if i == NOMINATE_ID else _SUITS[i - NOMINATE_ID - 1])
            elif phase == "partner" and CALL_CARD_ID <= i < CALL_PARTNER_ID:
                return CallCard(ALL_CARDS[i - CALL_CARD_ID])
            elif phase == "partner" and CALL_PARTNER_ID < i < PASS_ID:
                return CallPartner(tuple(s for s in range(self.players) if (i - CALL_PARTNER_ID) >> s & 1))
        except (IndexError, TypeError):
            pass
        raise NotationError(f"no action with id {shown(action_id)} in the {phase}")


@lru_cache(maxsize=None)
def codec_for(rules: Rules) -> ActionCodec:
    """The codec of a table with these rules (one per rules, shared: it is never changed)."""
    return ActionCodec(rules)
