"""The play transition, compiled: :class:`PlayState` and the legality rule on bitmasks.

Plain, fully typed Python.  ``setup.py`` compiles this file with mypyc (a native class), and
:mod:`fivehundred.play` uses the build when it matches this source (its recorded sha256), else this
same file run as plain Python (see docs/fast-core.md, "The play core").  Import it through
:mod:`fivehundred.play`, never directly: ``play.PlayState`` is the class in use, ``play.play_core()``
either path.

Everything here is the play rule itself or its bookkeeping; the rule's words (``explain_play``),
the contract's tables (:class:`fivehundred.play.PlayRules`) and the trump order
(:mod:`fivehundred.trumps`) stay in their own modules and are passed in.
"""

from __future__ import annotations

from typing import Final, Protocol

from fivehundred.cards import JOKER, Card, Suit
from fivehundred.rules import Rules
from fivehundred.scoring import NUM_TRICKS
from fivehundred.trick import Trick


class PlayRules(Protocol):
    """What the transition reads of a contract's tables: :class:`fivehundred.play.PlayRules` (which imports this module)."""

    @property
    def trump(self) -> Suit | None: ...
    @property
    def misere(self) -> bool: ...
    @property
    def nominated(self) -> Suit | None: ...
    @property
    def joker_lead(self) -> str: ...
    @property
    def misere_joker_compulsory(self) -> bool: ...
    @property
    def masks(self) -> dict[Suit, int]: ...
    @property
    def suit_of(self) -> tuple[Suit | None, ...]: ...
    @property
    def ranks(self) -> dict[Suit | None, tuple[int, ...]]: ...
    @property
    def free_joker(self) -> bool: ...

JOKER_BIT: Final = JOKER.bit
#: the bit of each suit in a ``suits_led`` bitset (bit ``suit.order``)
SUIT_BITS: Final[dict[Suit, int]] = {suit: 1 << suit.order for suit in Suit}
#: the value of a ``suits_led`` bitset once every suit has been led
ALL_SUITS_LED: Final = 0b1111
#: a play's id: 0–64 plays the card with that :attr:`Card.index` (64 is the joker); 65–68 lead the
#: un-nominated joker naming the suit with order 0–3 (♠ ♣ ♦ ♥).  The ids of :meth:`PlayState.legal_ids`.
JOKER_LEAD_ID: Final = 65
#: for each ``suits_led`` bitset, the orders of the suits a free joker's leader may name: those not led yet
NAMEABLE: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(o for o in range(4) if not led >> o & 1) for led in range(16))
#: for each ``suits_led`` bitset, the play ids of a free joker lead naming each suit not led yet
_NAMED_IDS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(JOKER_LEAD_ID + o for o in orders) for orders in NAMEABLE)


def joker_leadable(last_trick_only: bool, suits_led: int, last_trick: bool) -> bool:
    """Whether an un-nominated joker may be led now (``last_trick_only``: the table's ``joker_lead`` rule)."""
    if last_trick:
        return True
    if last_trick_only:
        return False
    return suits_led != ALL_SUITS_LED


def legal_mask(hand: int, follow: int, leading: bool, joker_barred: bool, joker_forced: bool) -> int:
    """The one legality rule: the cards of ``hand`` that may be played now, as a bitmask.

    ``follow`` is the bitmask of the suit led (0 when leading, or after the joker was led to the
    last trick: then any card goes); ``joker_barred``: the joker is free and may not be led now;
    ``joker_forced``: misère with the compulsory-joker rule and an un-nominated joker.
    """
    if leading:
        if joker_barred:
            return hand & ~JOKER_BIT
        return hand
    if not follow:
        return hand
    followers = hand & follow
    if followers:
        return followers
    if joker_forced and hand & JOKER_BIT:
        return JOKER_BIT
    return hand


# (module constants are Final, so the compiled code reads them as C statics, not by name from the
# module's dict; the two caches below are not, so that a test can swap them)
#: the card indexes of a bitmask, lowest first, remembered for masks seen (bounded: cleared when full)
IDS_OF_MASK: dict[int, tuple[int, ...]] = {}
IDS_OF_MASK_LIMIT = 1 << 15
#: the card indexes of one suit's 16 bits (key: the bits, and the suit's first index shifted up 16)
_IDS_OF_CHUNK: dict[int, tuple[int, ...]] = {}


def ids_of_mask(mask: int) -> tuple[int, ...]:
    """The indexes of the bits set in ``mask``, lowest first (and remember them in :data:`IDS_OF_MASK`).

    Built suit by suit (16 bits each, then the joker) from remembered pieces: a whole hand is new
    at every lead, but its suits' holdings repeat.
    """
    ids: tuple[int, ...] = ()
    base = 0
    rest = mask
    while rest:
        chunk = rest & 0xFFFF
        if chunk:
            key = chunk | base << 16
            part = _IDS_OF_CHUNK.get(key)
            if part is None:
                found: list[int] = []
                bits = chunk
                while bits:
                    low = bits & -bits
                    found.append(base + low.bit_length() - 1)
                    bits ^= low
                part = tuple(found)
                _IDS_OF_CHUNK[key] = part
            ids += part
        rest >>= 16
        base += 16
    if len(IDS_OF_MASK) >= IDS_OF_MASK_LIMIT:
        IDS_OF_MASK.clear()
    IDS_OF_MASK[mask] = ids
    return ids


#: the fields that make a play state (what ``==`` compares)
FIELDS: Final = ("table", "rules", "hands", "order", "next", "trick", "led", "suits_led", "left", "to_act", "tricks", "won")


class PlayState:
    """The trick play of one hand: the one home of the play transition.

    It holds the hands (bitmasks by seat, 0 for a seat that sits out; the list is the caller's, changed
    in place), the trick so far (``(seat, card)`` pairs), the suit led, the bitset of suits led this hand,
    the tricks left, the seat to act, the finished tricks and each seat's tricks won.
    :meth:`legal_ids` lists the legal plays as ids (see :data:`JOKER_LEAD_ID`), :meth:`play` makes one
    (unchecked: it must be one of them) and :meth:`undo` takes it back.  :class:`~fivehundred.round.Round`
    runs its play phase on one, and the double-dummy solver its root moves and its brute-force
    reference; the compiled search core (``fivehundred/analysis/_search.py``) is the one declared twin
    of this transition, in its own card layout, checked against it by the solver tests.
    """

    def __init__(
        self,
        table: PlayRules,
        rules: Rules,
        hands: list[int],
        order: tuple[int, ...],
        next_seat: dict[int, int],
        to_act: int,
        *,
        trick: list[tuple[int, Card]] | None = None,
        led: Suit | None = None,
        suits_led: int = 0,
        left: int = NUM_TRICKS,
        tricks: list[Trick] | None = None,
        won: list[int] | None = None,
    ) -> None:
        self.table = table
        self.rules = rules
        self.hands = hands
        self.order = order
        self.next = next_seat
        self.to_act = to_act
        self.trick: list[tuple[int, Card]] = [] if trick is None else trick
        self.led = led
        self.suits_led = suits_led
        self.left = left
        self.tricks: list[Trick] = [] if tricks is None else tricks
        self.won: list[int] = [0] * len(hands) if won is None else won
        # the contract's facts the transition reads, taken from the table once
        self._free = table.trump is None and table.nominated is None
        self._forced = table.misere and table.misere_joker_compulsory and table.nominated is None
        self._last_only = table.joker_lead == "last_trick_only"
        self._masks: dict[Suit, int] = table.masks
        self._suit_of: tuple[Suit | None, ...] = table.suit_of
        self._ranks: dict[Suit | None, tuple[int, ...]] = table.ranks
        self._seats = len(order)
        after = [0] * (max(order) + 1)
        for seat, following in next_seat.items():
            after[seat] = following
        self._after: list[int] = after  # next_seat as a list by seat (the compiled code indexes it unboxed)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayState):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in FIELDS)

    def __repr__(self) -> str:
        return f"<PlayState to_act={self.to_act} trick={[(s, str(c)) for s, c in self.trick]} left={self.left}>"

    def legal_mask(self) -> int:
        """The cards the seat to act may play, as a bitmask (the rule: :func:`legal_mask`)."""
        hand = self.hands[self.to_act]
        if self.trick:
            led = self.led
            return legal_mask(hand, 0 if led is None else self._masks[led], False, False, self._forced)
        barred = self._free and bool(hand & JOKER_BIT) and not joker_leadable(self._last_only, self.suits_led, self.left == 1)
        return legal_mask(hand, 0, True, barred, self._forced)

    def legal_ids(self) -> tuple[int, ...]:
        """The one generator of legal plays: their ids (see :data:`JOKER_LEAD_ID`), lowest card first,
        a free joker led before the last trick once per suit it may name (:data:`NAMEABLE`).

        :meth:`fivehundred.round.Round.legal_plays` is this list decoded.
        """
        mask = self.legal_mask()
        ids = IDS_OF_MASK.get(mask)
        if ids is None:
            ids = ids_of_mask(mask)
        if mask & JOKER_BIT and not self.trick and self.left != 1 and self._free:
            ids = ids[:-1] + _NAMED_IDS[self.suits_led & ALL_SUITS_LED]  # other bits are not suits (see nameable_suits)
        return ids

    def play(self, card: Card, named: Suit | None) -> int:
        """The seat to act plays ``card`` (naming ``named`` if it leads a free joker); unchecked.

        Returns the trick's winner when the card ends a trick, else -1.  To undo it, keep the seat and
        :attr:`suits_led` from before and pass them to :meth:`undo` with this result.
        """
        seat = self.to_act
        hands = self.hands
        hands[seat] = hands[seat] & ~card.bit
        trick = self.trick
        if not trick:
            led = named if card.suit is None and self._free else self._suit_of[card.index]
            self.led = led
            if led is not None:
                self.suits_led |= SUIT_BITS[led]
        trick.append((seat, card))
        if len(trick) < self._seats:
            self.to_act = self._after[seat]
            return -1
        led = self.led
        ranks = self._ranks[led]
        winner = -1
        top = -1
        for s, c in trick:  # the first highest card wins (as max() would pick)
            rank = ranks[c.index]
            if rank > top:
                top = rank
                winner = s
        self.tricks.append(Trick(trick[0][0], tuple(trick), led))
        self.trick = []
        self.led = None
        self.won[winner] += 1
        self.left -= 1
        self.to_act = winner
        return winner

    def undo(self, seat: int, card: Card, suits_led: int, winner: int) -> None:
        """Take back :meth:`play` of ``card`` by ``seat`` (``suits_led`` as it was before; ``winner`` what it returned)."""
        if winner >= 0:
            done = self.tricks.pop()
            self.won[winner] -= 1
            self.left += 1
            self.trick = list(done.plays)
            self.led = done.led
        self.trick.pop()
        if not self.trick:
            self.led = None
        self.hands[seat] |= card.bit
        self.suits_led = suits_led
        self.to_act = seat

