"""One hand of Five Hundred as a state machine: deal, auction, kitty, nomination, play, score.

The phases are :class:`Phase` members.  In each phase :meth:`Round.legal_actions`
lists what the player to act may do, :meth:`Round.apply` does one action
(checking it first, and leaving the round unchanged if it is illegal), and
:meth:`Round.undo` takes the last action back (in constant time: each action
logs what it changed).  :meth:`Round.view` gives one
seat exactly what that seat may know, and :meth:`Round.record` writes the
whole hand as text that :meth:`Round.from_record` reads back.

Simulations and computer players use the integer-action path instead, in the
style of OpenSpiel's ``legal_actions()``/``apply_action(int)``:
:meth:`Round.legal_action_ids` lists the legal actions as small integers (the one
generator of legal moves: :meth:`legal_actions` decodes it, and :meth:`apply` refuses what
it does not list) and :meth:`Round.apply_legal_id` does one without parsing it, and
:meth:`Round.action_id`/:meth:`Round.action_of_id` convert between ids and
actions.  Both paths run the same state changes, so they give identical
states (``tests/engine/test_fast_path.py`` proves it on thousands of hands).
The play phase runs on a :class:`fivehundred.play.PlayState`, which the solver uses too.

>>> r = Round.deal(seed=7)
>>> r.phase, r.seat_name(r.to_act)
(<Phase.AUCTION: 'auction'>, 'E')
>>> r.apply("PASS"); r.apply("7H"); r.apply("PASS"); r.apply("PASS")
>>> r.phase, str(r.contract), r.seat_name(r.contractor)
(<Phase.KITTY: 'kitty'>, '7H', 'S')
"""

from __future__ import annotations

import enum
import itertools
import random
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Callable, Generic, Iterable, Sequence, TypeVar, overload

from fivehundred.action_ids import (BID_ID, CALL_CARD_ID, CALL_PARTNER_ID, DISCARD_ID, NOMINATE_ID, PASS_ID, ActionId,
                                    codec_for, play_of_id)
from fivehundred.actions import JOKER_LEADS, PLAIN_PLAYS, Action, CallCard, CallPartner, Discard, Nominate, Play
from fivehundred.bidding import PASS, Bid, BidKind
from fivehundred.cards import JOKER, Card, Suit, cards_from_mask, mask_of, pack, parse_cards
from fivehundred.checks import cards_arg, items_arg, rules_arg
from fivehundred.errors import CheckedEnumType, IllegalActionError, IllegalBidError, IllegalPlayError, NotationError, shown
from fivehundred import reasons
from fivehundred.play import JOKER_LEAD_ID, PlayState, Verdict, explain_play, nameable_suits, play_rules
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import HandScore, NUM_TRICKS, score_hand_unchecked
from fivehundred.seating import next_seat, parse_seat, seat_name, side_of, sides
from fivehundred.text import bid_label, bid as bid_words, seat as seat_words, suit as suit_words
from fivehundred.trick import Trick

__all__ = ["Phase", "Round", "View", "HandResult", "deal_cards", "ActionId"]

_SUITS = tuple(Suit)
#: when true, :meth:`Round.apply_legal_id` checks each id (the test suite sets it: ``tests/conftest.py``)
CHECK_LEGAL_IDS = False
#: the suits led, by bitset (bit ``suit.order``), in suit order
_SUITS_LED = tuple(tuple(s for s in _SUITS if bits & (1 << s.order)) for bits in range(16))


class Phase(enum.Enum, metaclass=CheckedEnumType):
    """The stages of a hand, in order."""

    AUCTION = "auction"
    KITTY = "kitty"
    PARTNER = "partner"
    NOMINATION = "nomination"
    PLAY = "play"
    OVER = "over"

    @classmethod
    def _missing_(cls, value: object) -> Phase:
        raise NotationError(f"not a phase: {shown(value)} (phases are {', '.join(p.value for p in Phase)})")


_PLAY = Phase.PLAY
_AUCTION = Phase.AUCTION


def _pattern(rules: Rules) -> tuple[tuple[int, int], ...]:
    """(cards to each hand, cards to the kitty) for each round of dealing."""
    if rules.deal_pattern == "american":
        return ((3, 3), (4, 0), (3, 0))
    return ((3, 1), (4, 1), (3, 1))


def deal_cards(
    rules: Rules, dealer: int, order: Sequence[Card]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """Deal ``order`` (the whole pack, top card first) by the rules' pattern.

    Returns the hands by seat, the kitty, and (for two players) the dead hand.
    Dealing starts at the dealer's left; with two players the dead hand is dealt
    after both players in each round.

    Raises:
        NotationError: ``order`` is not exactly the pack for this many players.
    """
    full = pack(rules.players)
    if len(order) != len(full) or set(order) != set(full):
        raise NotationError(f"a deal needs exactly the {len(full)}-card pack for {rules.players} players")
    return _deal_unchecked(rules, dealer, order)


def _deal_unchecked(
    rules: Rules, dealer: int, order: Sequence[Card]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """:func:`deal_cards` for an order known to be the pack (a shuffle of it)."""
    cards = tuple(order)
    out: list[tuple[Card, ...]] = []
    for slices in _deal_plan(_pattern(rules), rules.players, dealer):
        part: tuple[Card, ...] = ()
        for a, b in slices:
            part += cards[a:b]
        out.append(part)
    return tuple(out[:-2]), out[-2], out[-1]


#: the plays of a tuple of legal play ids (see :meth:`PlayState.legal_ids`), remembered (bounded: cleared when full)
_PLAYS_OF_IDS: dict[tuple[int, ...], tuple[Play, ...]] = {}
_PLAYS_OF_IDS_LIMIT = 1 << 15


@lru_cache(maxsize=None)
def _play_order(players: int, sitting_out: tuple[int, ...]) -> tuple[tuple[int, ...], dict[int, int]]:
    """The seats that play, in order, and each one's next seat (shared by rounds: never changed in place)."""
    order = tuple(s for s in range(players) if s not in sitting_out)
    return order, {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}


@lru_cache(maxsize=None)
def _deal_plan(pattern: tuple[tuple[int, int], ...], n: int, dealer: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Where each hand, then the kitty, then the dead hand come from in the dealt order, as
    (start, stop) slices: dealing starts at the dealer's left, and with two players the dead hand
    is dealt after both players in each round of ``pattern`` (see :func:`_pattern`)."""
    receivers = [(dealer + 1 + i) % n for i in range(n)] + ([n + 1] if n == 2 else [])
    slices: list[list[tuple[int, int]]] = [[] for _ in range(n + 2)]  # the hands, the kitty, the dead hand
    at = 0
    for each, to_kitty in pattern:
        for seat in receivers:
            slices[seat].append((at, at + each))
            at += each
        slices[n].append((at, at + to_kitty))
        at += to_kitty
    return tuple(tuple(part) for part in slices)


def _check_dealer(dealer: Any, rules: Rules) -> None:
    if dealer.__class__ is not int or not 0 <= dealer < rules.players:
        raise NotationError(f"no dealer seat {shown(dealer)} at a {rules.players}-player table (seats 0 to {rules.players - 1})")


def _checked_deal(
    rules: Any, dealer: Any, hands: Any, kitty: Any, dead: Any
) -> tuple[Rules, int, tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
    """The arguments of :class:`Round` and :meth:`Round.from_hands`, checked and parsed."""
    rules = rules_arg(rules)
    _check_dealer(dealer, rules)
    if isinstance(hands, (str, bytes, dict)) or not isinstance(hands, Iterable):
        raise NotationError(f"hands must be a list with one hand per seat, not {shown(hands)}")
    listed = items_arg(hands, "hands")
    if len(listed) != rules.players:  # before parsing them: a million "hands" are refused at once
        raise NotationError(f"need {rules.players} hands, got {len(listed):,}")
    parsed = tuple(cards_arg(h, "cards in a hand") for h in listed)
    kitty_cards = cards_arg(kitty, "kitty cards")
    dead_cards = cards_arg(dead, "dead-hand cards")
    if len(parsed) != rules.players:
        raise NotationError(f"need {rules.players} hands, got {len(parsed)}")
    if any(len(h) != rules.hand_size for h in parsed) or len(kitty_cards) != rules.kitty_size:
        raise NotationError(
            f"each hand needs {rules.hand_size} cards and the kitty {rules.kitty_size}, got "
            f"{[len(h) for h in parsed]} and {len(kitty_cards)}"
        )
    everything = [c for h in parsed for c in h] + list(kitty_cards) + list(dead_cards)
    full = pack(rules.players)
    if len(everything) != len(full) or set(everything) != set(full):
        raise NotationError(f"the hands and kitty must hold exactly the {len(full)}-card pack, each card once")
    if rules.players == 2 and len(dead_cards) != rules.hand_size:
        raise NotationError(f"the 2-player dead hand needs {rules.hand_size} cards, got {len(dead_cards)}")
    return rules, dealer, parsed, kitty_cards, dead_cards


@dataclass(frozen=True)
class HandResult:
    """How a finished hand came out."""

    contract: Bid | None
    contractor: int | None
    partners: tuple[int, ...]
    tricks_by_seat: tuple[int, ...]
    score: HandScore | None
    points_by_side: tuple[int, ...]
    reason: str

    @property
    def thrown_in(self) -> bool:
        """Everyone passed: nobody scores."""
        return self.contract is None


def _discard_masks(held: int, size: int) -> list[int]:
    """The discards open to a contractor holding ``held`` (a bitmask, with the kitty): any ``size`` of those
    cards, as bitmasks, in the order of ``itertools.combinations`` over the cards lowest first.  The one
    home of the discard rule: :meth:`Round.legal_action_ids` and every list of discards come from it."""
    bits = [b for b in (1 << i for i in range(held.bit_length())) if held & b]
    return [sum(c) for c in itertools.combinations(bits, size)]


def _discards(held: int, size: int) -> tuple[Action, ...]:
    """:func:`_discard_masks` as :class:`Discard` actions."""
    return tuple([Discard(cards_from_mask(m)) for m in _discard_masks(held, size)])


_V = TypeVar("_V")


class _FirstRead(Generic[_V]):
    """A view field worked out from the others when first read, then kept in the view's ``__dict__``:
    :func:`functools.cached_property` without the lock that Python 3.11 takes on every first read
    (a third of a view's cost; computer players ask for a view at every decision)."""

    def __init__(self, fn: Callable[[Any], _V]) -> None:
        self.fn = fn
        self.name = fn.__name__
        self.__doc__ = fn.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _FirstRead[_V]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> _V: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> _V | _FirstRead[_V]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


#: a view's fields, in order: what its equality, hash and ``repr`` compare and show
_VIEW_FIELDS = (
    "seat", "rules", "phase", "dealer", "to_act", "hand", "hand_sizes", "auction", "contract", "contractor",
    "partners", "called_card", "kitty", "discards", "nominated", "tricks", "current", "tricks_won",
    "sitting_out", "exposed", "legal_actions", "suits_led", "scores",
)


class View:
    """What one seat may know.  Computer players and widgets get this, never the round.

    Read-only.  :meth:`Round.view` builds it (computer players ask for one at every decision); two
    fields are worked out only when first read, then kept (:class:`_FirstRead`): :attr:`hand`, from the hand's
    bitmask, and :attr:`legal_actions`, which for a contractor about to discard is hundreds of
    discards that no computer player reads.
    """

    seat: int
    rules: Rules
    phase: Phase
    dealer: int
    to_act: int | None
    hand_sizes: tuple[int, ...]
    auction: tuple[tuple[int, Bid], ...]
    contract: Bid | None
    contractor: int | None
    partners: tuple[int, ...]
    called_card: Card | None
    kitty: tuple[Card, ...]
    discards: tuple[Card, ...]
    nominated: Suit | None
    tricks: tuple[Trick, ...]
    current: Trick | None
    tricks_won: tuple[int, ...]
    sitting_out: tuple[int, ...]
    exposed: tuple[Card, ...]
    suits_led: tuple[Suit, ...]
    #: the game's running totals by side (:func:`fivehundred.seating.sides`) before this hand; ``None``
    #: for a hand outside a game.  The target and the defence limit are the rules' (``rules.target``,
    #: ``rules.defence_points_limit``).
    scores: tuple[int, ...] | None
    #: the hand as a bitmask (bit :attr:`Card.index` of each card held)
    hand_mask: int
    #: every card played so far as a bitmask (the cards of :attr:`played`)
    played_mask: int
    #: the number of cards to discard, while :attr:`legal_actions` has not been listed
    _legal: int

    def __init__(self, fields: dict[str, Any]) -> None:
        """A view holding ``fields`` (the dict itself, not a copy: :meth:`Round.view` builds it): every name of
        :data:`_VIEW_FIELDS` but ``hand``, with ``hand_mask`` and ``played_mask``; for a contractor about to
        discard, ``_legal`` (the number of cards) in place of ``legal_actions``."""
        object.__setattr__(self, "__dict__", fields)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a view is read-only: cannot set {shown(name)}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a view is read-only: cannot delete {shown(name)}")

    @_FirstRead
    def hand(self) -> tuple[Card, ...]:
        """The seat's cards, lowest index first (from :attr:`hand_mask`, when first read)."""
        return cards_from_mask(self.hand_mask)

    @_FirstRead
    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat may do now (nothing when it is not its turn); a contractor's discards are
        listed when first read."""
        return _discards(self.hand_mask, self._legal)

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in _VIEW_FIELDS])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not View:
            return NotImplemented
        assert isinstance(other, View)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return "View(" + ", ".join(f"{name}={getattr(self, name)!r}" for name in _VIEW_FIELDS) + ")"

    @property
    def our_score(self) -> int | None:
        """This seat's side's game score before this hand (``None`` outside a game)."""
        scores = self.scores
        return None if scores is None else scores[side_of(self.seat, self.rules)]

    @property
    def their_score(self) -> int | None:
        """The best game score of the other sides before this hand (``None`` outside a game)."""
        scores = self.scores
        if scores is None:
            return None
        mine = side_of(self.seat, self.rules)
        return max(score for side, score in enumerate(scores) if side != mine)

    @property
    def points_to_win(self) -> int | None:
        """The points a made contract must bring this seat's side to win the game (``rules.target`` less
        :attr:`our_score`; ``None`` outside a game)."""
        ours = self.our_score
        return None if ours is None else self.rules.target - ours

    @cached_property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, trick by trick (worked out once per view)."""
        cards = [c for t in self.tricks for _, c in t.plays]
        if self.current is not None:
            cards.extend(self.current.cards)
        return tuple(cards)

    @cached_property
    def unseen(self) -> tuple[Card, ...]:
        """Cards this seat has not seen: not in its hand, not played, not exposed, not its discards."""
        seen = set(self.hand) | set(self.played) | set(self.exposed) | set(self.discards)
        return tuple(c for c in pack(self.rules.players) if c not in seen)


def _phase_words(phase: Phase) -> str:
    """A phase of the hand as a learner reads it ("this is the auction")."""
    return reasons.phase_name(phase.value)


class Round:
    """One hand.  Build it with :meth:`deal`, :meth:`from_hands` or :meth:`from_record`."""

    __slots__ = (
        "rules",
        "dealer",
        "players",
        "_deal_hands",
        "_deal_kitty",
        "_dead",
        "_hands",
        "_kitty",
        "_played",
        "phase",
        "to_act",
        "auction",
        "_passed",
        "_high",
        "_high_seat",
        "_offer",
        "_passes_since_bid",
        "contract",
        "contractor",
        "partners",
        "called_card",
        "discards",
        "nominated",
        "tricks",
        "tricks_won",
        "_sitting_out",
        "_ps",
        "_exposed",
        "history",
        "result",
        "_codec",
        "_rungs",
        "_positions",
        "_special",
        "_legal_cache",
        "_log",
        "game_scores",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        kitty: Sequence[Card],
        dead: Sequence[Card] = (),
    ) -> None:
        """A round from dealt hands (one per seat), the kitty and the 2-player dead hand.

        Raises:
            RulesError: ``rules`` is not a :class:`Rules`.
            NotationError: a bad dealer, or the cards are not exactly the pack (10 per hand, 3 in the kitty).
        """
        rules, dealer, parsed, kitty_cards, dead_cards = _checked_deal(rules, dealer, hands, kitty, dead)
        self._init(rules, dealer, parsed, kitty_cards, dead_cards)

    def _init(
        self,
        rules: Rules,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        kitty: Sequence[Card],
        dead: Sequence[Card],
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.players = rules.players
        self._deal_hands = tuple(tuple(h) for h in hands)
        self._deal_kitty = tuple(kitty)
        self._dead = tuple(dead)
        self._codec = codec = codec_for(rules)  # the action ids (fivehundred.action_ids)
        self._rungs, self._positions, self._special = codec.rungs, codec.positions, codec.special
        #: the game's running totals by side before this hand (set by :class:`~fivehundred.game.Game`;
        #: ``None`` outside a game): what :attr:`View.scores` shows every seat
        self.game_scores: tuple[int, ...] | None = None
        self._reset()

    @classmethod
    def _unchecked(
        cls,
        rules: Rules,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        kitty: Sequence[Card],
        dead: Sequence[Card] = (),
    ) -> Round:
        """A round from a deal already known to be good (a copy, a deal): no checks."""
        r = cls.__new__(cls)
        r._init(rules, dealer, hands, kitty, dead)
        return r

    # ------------------------------------------------------------------ set-up
    @classmethod
    def deal(
        cls,
        rules: Rules = AUSTRALIAN,
        *,
        dealer: int = 0,
        seed: int | None = None,
        order: Sequence[Card | str] | str | None = None,
    ) -> Round:
        """Shuffle (with ``seed``) or take ``order`` (the pack top first), and deal.

        Raises:
            NotationError: a bad dealer, or an ``order`` that isn't the pack.
        """
        rules = rules_arg(rules)
        _check_dealer(dealer, rules)
        if order is not None:
            cards = list(parse_cards(order))
        else:
            if seed is not None and seed.__class__ is not int:
                raise NotationError(f"not a seed: {shown(seed)} (a deal's seed is a whole number, or None)")
            cards = list(pack(rules.players))
            random.Random(seed).shuffle(cards)
            return cls._unchecked(rules, dealer, *_deal_unchecked(rules, dealer, cards))
        hands, kitty, dead = deal_cards(rules, dealer, cards)
        return cls._unchecked(rules, dealer, hands, kitty, dead)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str | Iterable[Card | str]],
        kitty: str | Iterable[Card | str],
        *,
        rules: Rules = AUSTRALIAN,
        dealer: int = 0,
        dead: str | Iterable[Card | str] = (),
    ) -> Round:
        """A round from hands written out by seat (for lessons and sample deals).

        Raises:
            NotationError: the cards are not exactly the pack, or a hand is not 10 cards.
        """
        return cls._unchecked(*_checked_deal(rules, dealer, hands, kitty, dead))

    def _reset(self) -> None:
        n = self.players
        self._hands = [mask_of(h) for h in self._deal_hands]
        self._kitty = mask_of(self._deal_kitty)
        self._played = 0  # every card played so far, as a bitmask
        self.phase = Phase.AUCTION
        self.to_act: int | None = next_seat(self.dealer, n)
        self.auction: list[tuple[int, Bid]] = []
        self._passed: set[int] = set()
        self._high: Bid | None = None
        self._high_seat: int | None = None
        self._offer = False
        self._passes_since_bid = 0
        self.contract: Bid | None = None
        self.contractor: int | None = None
        self.partners: tuple[int, ...] = ()
        self.called_card: Card | None = None
        self.discards: tuple[Card, ...] = ()
        self.nominated: Suit | None = None
        self.tricks: list[Trick] = []
        self.tricks_won = [0] * n
        self._sitting_out: tuple[int, ...] = ()
        #: the play phase's state (from the start of the play on; it shares the hands, tricks and tricks won)
        self._ps: PlayState | None = None
        self._exposed = False
        self.history: list[Action] = []
        self.result: HandResult | None = None
        self._legal_cache: tuple[Action, ...] | None = None
        #: one entry per action in :attr:`history`: what :meth:`_undo_last` needs to take it back
        self._log: list[tuple[Any, ...]] = []

    def from_deal(self) -> Round:
        """A fresh round at this round's deal: the same dealer, hands, kitty and dead hand, no action yet.

        >>> r = Round.deal(seed=1)
        >>> r.apply(r.legal_actions()[0])
        >>> fresh = r.from_deal()
        >>> fresh.history, fresh.dealt_hands == r.dealt_hands
        ([], True)
        """
        fresh = Round._unchecked(self.rules, self.dealer, self._deal_hands, self._deal_kitty, self._dead)
        fresh.game_scores = self.game_scores  # the same hand of the same game
        return fresh

    def actors(self) -> tuple[int, ...]:
        """The seat that took each action of :attr:`history`, in order (replayed from the deal).

        >>> r = Round.deal(seed=1, dealer=0)
        >>> r.apply("PASS"); r.apply("PASS")
        >>> r.actors()
        (1, 2)
        """
        replay = self.from_deal()
        seats: list[int] = []
        for act in self.history:
            seat = replay.to_act
            assert seat is not None
            seats.append(seat)
            replay._apply(act)
        return tuple(seats)

    def copy(self) -> Round:
        """An independent copy (replays the history on the same deal)."""
        other = self.from_deal()
        for action in self.history:
            other._apply(action)
        return other

    # ------------------------------------------------------------------ facts
    def seat_name(self, seat: int | None, *, long: bool = False) -> str:
        """The name of ``seat`` (``"N"``), or ``"-"`` for none."""
        return "-" if seat is None else seat_name(seat, self.players, long=long)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (the full state: for views use :meth:`view`).

        Raises:
            NotationError: no such seat.
        """
        self._check_seat(seat)
        return cards_from_mask(self._hands[seat])

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The kitty as dealt."""
        return self._deal_kitty

    @property
    def dead_hand(self) -> tuple[Card, ...]:
        """The two-player game's dead hand (empty otherwise)."""
        return self._dead

    @property
    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        return self._deal_hands

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played (``None`` between tricks and outside play)."""
        ps = self._ps
        if ps is None or not ps.trick:
            return None
        return Trick(ps.trick[0][0], tuple(ps.trick), ps.led)

    @property
    def suits_led(self) -> tuple[Suit, ...]:
        """The suits led so far this hand (including a suit named for a joker lead)."""
        return _SUITS_LED[self._suits_led_bits()]

    def _suits_led_bits(self) -> int:
        ps = self._ps
        return 0 if ps is None else ps.suits_led

    @property
    def passed(self) -> tuple[int, ...]:
        """Seats that have passed and (a pass being final) may not bid again this hand."""
        return tuple(sorted(self._passed))

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """Seats that take no part in the play (a misère contractor's partners)."""
        return self._sitting_out

    @property
    def exposed(self) -> tuple[Card, ...]:
        """The open-misère contractor's cards once they are spread face up."""
        if self._exposed and self.contractor is not None:
            return cards_from_mask(self._hands[self.contractor])
        return ()

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise NotationError(f"no seat {shown(seat)} at a {self.players}-player table")

    def contracting_seats(self) -> tuple[int, ...]:
        """The contractor and their partners for this hand."""
        if self.contractor is None:
            return ()
        return tuple(sorted((self.contractor, *self.partners)))

    # ------------------------------------------------------------------ auction
    def _bid_problem(self, seat: int, bid: Bid) -> str | None:
        """Why ``seat`` may not make ``bid`` now (``None`` if it may).  The one home of the auction rules."""
        rules = self.rules
        if bid.is_pass:
            return None
        positions = self._positions
        position = positions.get(bid)
        if position is None:
            return reasons.bid_not_in_rules(bid_words(bid))
        if seat in self._passed:
            return reasons.pass_is_final()
        if seat == self._high_seat and not self._offer:
            return reasons.already_highest()
        if self._high is not None and position <= positions[self._high]:
            if bid == self._high:
                return reasons.same_as_standing(bid_label(bid), bid_label(self._high))
            return reasons.lower_than_standing(bid_label(bid), bid_label(self._high))
        kind = bid.kind
        if kind is BidKind.TRICKS:
            return None
        earlier = [b for _, b in self.auction if b.kind is BidKind.TRICKS]
        if kind is BidKind.MISERE and rules.misere_requires_seven and not any(b.tricks == 7 for b in earlier):
            return reasons.misere_needs_seven()
        if kind is BidKind.OPEN_MISERE and rules.open_misere_requires_eight and not any(b.tricks >= 8 for b in earlier):
            return reasons.open_misere_needs_eight()
        if kind is BidKind.BLIND_MISERE and any(s == seat for s, _b in self.auction):
            return reasons.blind_misere_first()
        return None

    def _open_rungs(self, seat: int) -> tuple[int, list[int]] | None:
        """The auction's legal calls for ``seat``, the one generator of them: ``None`` when it may only pass,
        else the lowest ladder position it may bid and the positions above that it may not (misères whose
        conditions fail: the only rungs with conditions).  Pass is always legal."""
        if seat in self._passed or (seat == self._high_seat and not self._offer):
            return None
        rungs = self._rungs
        start = 0 if self._high is None else self._positions[self._high] + 1
        return start, [p for p in self._special if p >= start and self._bid_problem(seat, rungs[p]) is not None]

    def legal_bids(self) -> tuple[Bid, ...]:
        """The calls the player to act may make (pass first, then the ladder upwards): :meth:`_open_rungs`."""
        if self.phase is not Phase.AUCTION or self.to_act is None:
            return ()
        open_rungs = self._open_rungs(self.to_act)
        if open_rungs is None:
            return (PASS,)
        start, barred = open_rungs
        rungs = self._rungs
        if not barred:  # the usual case: every rung above the standing bid
            return (PASS,) + rungs[start:]
        return (PASS,) + tuple(b for i, b in enumerate(rungs[start:], start) if i not in barred)

    def _apply_bid(self, seat: int, bid: Bid) -> None:
        n = self.players
        rules = self.rules
        self._log.append((seat, self._high, self._high_seat, self._offer, self._passes_since_bid, seat in self._passed))
        self.auction.append((seat, bid))
        if rules.single_bidding_round:
            if not bid.is_pass:
                self._high, self._high_seat = bid, seat
            if len(self.auction) == n:
                self._end_auction()
            else:
                self.to_act = next_seat(seat, n)
            return
        if bid.is_pass:
            if self._offer and seat == self._high_seat:
                self._end_auction()
                return
            self._passes_since_bid += 1
            if not rules.allow_bid_after_pass:
                self._passed.add(seat)
        else:
            raised_own = self._offer
            self._high, self._high_seat = bid, seat
            self._passes_since_bid = 0
            self._offer = False
            if raised_own and rules.allow_self_raise == "one_last_chance":
                self._end_auction()  # Web500: one chance to raise, then the auction is over
                return
        if self._high is None:
            if len(self._passed) == n or self._passes_since_bid >= n:
                self._end_auction()
                return
        else:
            if rules.allow_bid_after_pass:
                others_done = self._passes_since_bid >= n - 1
            else:
                others_done = all(s in self._passed for s in range(n) if s != self._high_seat)
            if others_done:
                if rules.allow_self_raise and self._high is not self._rungs[-1]:
                    self._offer = True
                    self.to_act = self._high_seat
                    return
                self._end_auction()
                return
        nxt = next_seat(seat, n)
        while nxt in self._passed:
            nxt = next_seat(nxt, n)
        self.to_act = nxt

    def _end_auction(self) -> None:
        if self._high is None or self._high_seat is None:
            self.phase = Phase.OVER
            self.to_act = None
            self.result = HandResult(
                None, None, (), tuple(self.tricks_won), None, tuple(0 for _ in sides(self.rules)),
                reasons.all_passed(),
            )
            return
        self.contract = self._high
        self.contractor = self._high_seat
        self._offer = False
        if self.players in (4, 6):
            team = sides(self.rules)[side_of(self.contractor, self.rules)]
            self.partners = tuple(s for s in team if s != self.contractor)
        self.phase = Phase.KITTY
        self.to_act = self.contractor
        self._hands[self.contractor] |= self._kitty

    # ------------------------------------------------------------------ kitty, partner, nomination
    def _discard_problem(self, seat: int, discard: Discard) -> str | None:
        hand = self._hands[seat]
        size = self.rules.kitty_size
        if len(set(discard.cards)) != len(discard.cards):
            twice = next(c for c in discard.cards if discard.cards.count(c) > 1)
            return reasons.discard_chosen_twice(twice.label, size)
        if len(discard.cards) != size:
            return reasons.discard_wrong_count(size, len(discard.cards))
        missing = [c for c in discard.cards if not hand & c.bit]
        if missing:
            return reasons.not_held(missing[0].label)
        return None

    def _after_kitty(self) -> None:
        assert self.contract is not None and self.contractor is not None
        if self.contract.is_misere:
            self._sitting_out = self.partners
        if self.players == 5 and not self.contract.is_misere:
            self.phase = Phase.PARTNER
            return
        self._to_nomination()

    def _partner_ids(self) -> list[ActionId]:
        """The five-player contractor's legal partner calls, as ids (the one generator of them): a card it
        does not hold (partner by card), else one other seat, or two for a contract of eight or more."""
        assert self.contract is not None and self.contractor is not None
        others = [s for s in range(self.players) if s != self.contractor]
        if self.rules.five_player_partner == "call_card":
            own = self._hands[self.contractor]
            return [CALL_CARD_ID + c.index for c in pack(5) if c is not JOKER and not own & c.bit]
        ids = [CALL_PARTNER_ID + (1 << s) for s in others]
        if self.contract.tricks >= 8:
            ids += [CALL_PARTNER_ID + (1 << a) + (1 << b) for a, b in itertools.combinations(others, 2)]
        return ids

    def _to_nomination(self) -> None:
        assert self.contract is not None and self.contractor is not None
        holds_joker = bool(self._hands[self.contractor] & JOKER.bit)
        if self.contract.trump is None and holds_joker and self.rules.joker_nomination_allowed:
            self.phase = Phase.NOMINATION
            self.to_act = self.contractor
            return
        self._start_play()

    def _start_play(self) -> None:
        assert self.contract is not None and self.contractor is not None
        self.phase = Phase.PLAY
        order, nxt = _play_order(self.players, self._sitting_out)
        self.to_act = self.contractor
        self._ps = PlayState(
            play_rules(self.contract, self.nominated, self.rules), self.rules, self._hands, order, nxt, self.contractor,
            left=NUM_TRICKS, tricks=self.tricks, won=self.tricks_won,
        )
        if self.contract.kind is BidKind.OPEN_MISERE and self.rules.open_misere_exposure == "before_lead":
            self._exposed = True

    # ------------------------------------------------------------------ play
    def legal_plays(self) -> tuple[Play, ...]:
        """The plays open to the player to act (a joker lead once per suit it may name): :meth:`PlayState.legal_ids`, decoded."""
        ps = self._ps
        if self.phase is not Phase.PLAY or ps is None:
            return ()
        ids = ps.legal_ids()
        plays = _PLAYS_OF_IDS.get(ids)
        if plays is None:
            if len(_PLAYS_OF_IDS) >= _PLAYS_OF_IDS_LIMIT:
                _PLAYS_OF_IDS.clear()
            plays = _PLAYS_OF_IDS[ids] = tuple([play_of_id(i) for i in ids])
        return plays

    def _play_problem(self, seat: int, play: Play) -> str | None:
        """Why ``seat`` may not make ``play`` now, in words (for a refusal: :meth:`legal_plays` is the rule)."""
        card = play.card
        if not self._hands[seat] & card.bit:
            return reasons.not_held(card.label)
        ps = self._ps
        assert ps is not None
        if not ps.legal_mask() & card.bit:
            return self.explain_card(card, seat).reason
        if card.is_joker and not ps.trick and ps.table.free_joker and ps.left != 1:
            options = nameable_suits(ps.suits_led, False, self.rules)
            if play.named is None:
                return reasons.joker_lead_must_name(", ".join(suit_words(s) for s in options))
            if play.named not in options:
                return reasons.joker_named_led_suit(suit_words(play.named))
        elif play.named is not None:
            return reasons.naming_not_allowed()
        return None

    def _apply_play(self, seat: int, play: Play) -> None:
        """Do a play (through :meth:`PlayState.play`) and what follows a trick in a round: exposure, partner, end."""
        ps = self._ps
        assert ps is not None
        card = play.card
        self._played |= card.bit
        suits_led = ps.suits_led
        winner_seat = ps.play(card, play.named)
        if winner_seat < 0:
            self._log.append((seat, suits_led, None, False, -1))
            self.to_act = ps.to_act
            return
        self._log.append((seat, suits_led, self.partners, self._exposed, winner_seat))
        tricks = self.tricks
        contract = self.contract
        assert contract is not None
        kind = contract.kind
        if kind is BidKind.OPEN_MISERE and len(tricks) == 1:
            self._exposed = True
        rules = self.rules
        if self.called_card is not None and rules.five_player_partner == "call_card" and not self.partners:
            for s, c in tricks[-1].plays:
                if c == self.called_card and s != self.contractor:
                    self.partners = (s,)
        if len(tricks) == NUM_TRICKS or (
            kind is not BidKind.TRICKS and contract.is_misere and winner_seat == self.contractor and rules.stop_when_misere_lost
        ):
            self._finish()
        else:
            self.to_act = winner_seat

    def _finish(self) -> None:
        assert self.contract is not None and self.contractor is not None
        self.phase = Phase.OVER
        self.to_act = None
        if self.players == 5 and self.rules.five_player_partner == "call_card" and self.called_card is not None:
            holder = [s for s, h in enumerate(self._deal_hands) if self.called_card in h]
            if holder and holder[0] != self.contractor and not self.partners:
                self.partners = (holder[0],)
        team = self.contracting_seats()
        won = sum(self.tricks_won[s] for s in team)
        if self.contract.is_misere:
            won = self.tricks_won[self.contractor]
        game_sides = sides(self.rules)
        defending = [i for i, side in enumerate(game_sides) if not set(side) & set(team)]
        defender_tricks = [sum(self.tricks_won[s] for s in game_sides[i]) for i in defending]
        if self.contract.is_misere:
            defender_tricks = [0 for _ in defending]
        score = score_hand_unchecked(self.contract, won, tuple(defender_tricks), self.rules)  # counted here: no checks needed
        points = [0] * len(game_sides)
        for i, side in enumerate(game_sides):
            if set(side) & set(team):
                points[i] = score.contractors
        for i, p in zip(defending, score.defenders):
            points[i] = p
        self.result = HandResult(
            self.contract, self.contractor, self.partners, tuple(self.tricks_won), score, tuple(points), score.reason
        )

    # ------------------------------------------------------------------ the public action API
    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the player to act may take now (empty when the hand is over)."""
        cached = self._legal_cache
        if cached is None:
            cached = self._legal_cache = self._legal_actions()
        return cached

    def _legal_actions(self) -> tuple[Action, ...]:
        """:meth:`legal_action_ids` decoded (the play and the auction through their own decoders, which are
        cached or slice the ladder: they run at every decision)."""
        phase = self.phase
        if phase is Phase.PLAY:
            return self.legal_plays()
        if phase is Phase.AUCTION:
            return self.legal_bids()
        if phase is Phase.KITTY:
            assert self.contractor is not None
            return _discards(self._hands[self.contractor], self.rules.kitty_size)
        return tuple([self.action_of_id(i) for i in self.legal_action_ids()])

    def _is_legal(self, act: Action) -> bool:
        """Whether ``act`` is one of the legal actions now (the membership test behind :meth:`check`)."""
        phase = self.phase
        if phase is Phase.PLAY or phase is Phase.AUCTION:
            return act in self.legal_actions()
        if phase is Phase.OVER:
            return False
        if phase is Phase.KITTY and act.__class__ is Discard:
            # membership in _discard_masks without listing its hundreds of discards: a set of exactly
            # kitty_size different cards, all held
            assert self.contractor is not None
            cards = act.cards
            mask = mask_of(cards)
            size = self.rules.kitty_size
            return len(cards) == size and mask.bit_count() == size and not mask & ~self._hands[self.contractor]
        try:
            action_id = self.action_id(act)
        except NotationError:
            return False
        # the same id may be written two ways (partners in another order): only the legal action's own form is legal
        return action_id in self.legal_action_ids() and self.action_of_id(action_id) == act

    def parse_action(self, text: str | Action | Card) -> Action:
        """Read an action written as text, according to the phase.

        Raises:
            NotationError: the text is not an action of this phase.
            IllegalActionError: the hand is over.
        """
        if not isinstance(text, (str, Card)):
            return text
        phase = self.phase
        if phase is Phase.AUCTION:
            if isinstance(text, Card):
                raise NotationError(f"not a bid: {shown(str(text))}")
            return Bid.parse(text)
        if phase is Phase.PLAY:
            return Play.parse(text)
        if isinstance(text, Card):
            raise NotationError(f"a single card is not a {phase.value} action: {shown(str(text))}")
        if phase is Phase.KITTY:
            return Discard.parse(text)
        if phase is Phase.NOMINATION:
            return Nominate.parse(text)
        if phase is Phase.PARTNER:
            if self.rules.five_player_partner == "call_card":
                return CallCard.parse(text)
            words = text.split()
            if words and words[0].lower() == "partner":
                words = words[1:]
            # seat names ("partner SE") or the seat numbers that str(CallPartner) writes ("partner 2")
            return CallPartner(tuple(sorted(parse_seat(int(w) if w.isdigit() else w, self.players) for w in words)))
        raise IllegalActionError(f"illegal action: {shown(text)}: the hand is over", explanation=reasons.hand_over())

    def check(self, action: str | Action | Card) -> Action:
        """Parse and check an action without applying it; returns the parsed action.

        Raises:
            NotationError: the text does not parse.
            IllegalBidError, IllegalPlayError, IllegalActionError: the action is not allowed now.
        """
        act = self.parse_action(action)
        if self._is_legal(act):
            return act
        # not legal: the rest only words the refusal (the ``_problem`` functions say why)
        seat = self.to_act
        where = f"({self.phase.value}, {self.seat_name(seat)} to act)"
        if self.phase is Phase.OVER or seat is None:
            raise IllegalActionError(f"illegal action: {shown(str(act))}: the hand is over", explanation=reasons.hand_over())
        if isinstance(act, Bid):
            if self.phase is not Phase.AUCTION:
                raise IllegalBidError(
                    f"illegal bid: {shown(str(act))}: the auction is over {where}", explanation=reasons.auction_over()
                )
            problem = self._bid_problem(seat, act)
            problem = problem or reasons.not_allowed_now()
            raise IllegalBidError(f"illegal bid: {shown(str(act))} by {self.seat_name(seat)}: {problem}", explanation=problem)
        if isinstance(act, Play):
            if self.phase is not Phase.PLAY:
                msg = f"It is not time to play cards yet: this is the {self.phase.value}."
                raise IllegalPlayError(f"illegal play: {shown(str(act))}: {msg} {where}", explanation=reasons.not_time_to_play_yet(
                    _phase_words(self.phase)))
            problem = self._play_problem(seat, act)
            problem = problem or reasons.not_allowed_now()
            raise IllegalPlayError(f"illegal play: {shown(str(act))} by {self.seat_name(seat)}: {problem}", explanation=problem)
        if isinstance(act, Discard):
            if self.phase is not Phase.KITTY:
                msg = "Discards are made only by the contractor, straight after taking the kitty."
                raise IllegalPlayError(f"illegal discard: {shown(str(act))}: {msg} {where}", explanation=reasons.discard_not_now())
            problem = self._discard_problem(seat, act)
            problem = problem or reasons.not_allowed_now()
            raise IllegalPlayError(f"illegal discard: {shown(str(act))}: {problem}", explanation=problem)
        if isinstance(act, Nominate):
            if self.phase is not Phase.NOMINATION:
                msg = "Only the contractor in no trumps or misère, holding the joker, nominates its suit, before the first lead."
                raise IllegalPlayError(f"illegal nomination: {shown(str(act))}: {msg} {where}", explanation=reasons.nomination_not_now())
            raise IllegalPlayError(f"illegal nomination: {shown(str(act))}: That is not allowed now. {where}",
                                   explanation=reasons.not_allowed_now())
        if isinstance(act, (CallPartner, CallCard)):
            msg = "That is not a partner the contractor may name now."
            raise IllegalActionError(f"illegal partner call: {shown(str(act))}: {msg} {where}", explanation=reasons.partner_not_allowed())
        raise NotationError(f"not an action: {shown(act)}")

    def apply(self, action: str | Action | Card) -> None:
        """Check an action and do it.  On error nothing changes.

        Raises:
            NotationError: the text does not parse.
            IllegalBidError, IllegalPlayError, IllegalActionError: the action is not allowed now.
        """
        if action.__class__ is Play and self.phase is Phase.PLAY and action in self.legal_actions():
            self._apply(action)  # the fast path for computer players: already one of the legal plays
        else:
            self._apply(self.check(action))

    def _apply(self, act: Action) -> None:
        """Do an action already checked (or replayed from a checked history)."""
        seat = self.to_act
        assert seat is not None
        self._legal_cache = None
        self.history.append(act)
        if act.__class__ is Play:
            self._apply_play(seat, act)
            return
        if isinstance(act, Bid):
            self._apply_bid(seat, act)
            return
        self._log.append(self._snapshot(seat))
        if isinstance(act, Discard):
            self._hands[seat] &= ~mask_of(act.cards)
            self.discards = act.cards
            self._after_kitty()
        elif isinstance(act, Nominate):
            self.nominated = act.suit
            self._start_play()
        elif isinstance(act, CallPartner):
            self.partners = act.seats
            self._to_nomination()
        elif isinstance(act, CallCard):
            self.called_card = act.card
            self._to_nomination()

    # gesture-named helpers
    def bid(self, bid: str | Bid) -> None:
        """Make a bid or pass (see :meth:`apply`)."""
        self.apply(Bid.parse(bid) if isinstance(bid, str) else bid)

    def play(self, card: str | Card | Play, named: Suit | str | None = None) -> None:
        """Play a card; ``named`` is the suit named when leading the joker (see :meth:`apply`)."""
        play = card if isinstance(card, Play) else Play.parse(card)
        if named is not None:
            play = Play(play.card, named if isinstance(named, Suit) else Suit.parse(named))
        self.apply(play)

    def discard(self, cards: str | Iterable[Card | str]) -> None:
        """Discard three cards after taking the kitty (see :meth:`apply`)."""
        self.apply(Discard.of(cards))

    def nominate(self, suit: Suit | str | None) -> None:
        """Nominate the joker's suit, or ``None`` to leave it suitless (see :meth:`apply`)."""
        self.apply(Nominate(suit if suit is None or isinstance(suit, Suit) else Suit.parse(suit)))

    def undo(self) -> Action:
        """Take back the last action and return it.

        Raises:
            IllegalActionError: nothing to undo.
        """
        if not self.history:
            raise IllegalActionError("nothing to undo: no action has been taken this hand",
                                     explanation=reasons.nothing_to_undo_yet())
        return self._undo_last()

    # ------------------------------------------------------------------ the integer-action path and undo
    def legal_action_ids(self) -> list[ActionId]:
        """The legal actions as ids (see :data:`ActionId`), in the order of :meth:`legal_actions`.

        The one list of legal moves, a generator per phase (:meth:`PlayState.legal_ids`,
        :meth:`_open_rungs`, :func:`_discard_masks`, :meth:`_partner_ids`, the five nominations);
        :meth:`legal_actions` is this list decoded.  For simulations and computer players: no
        :class:`Action` objects are built, and :meth:`apply_legal_id` takes any of these ids.
        """
        phase = self.phase
        seat = self.to_act
        if phase is _PLAY:
            ps = self._ps
            assert ps is not None
            return list(ps.legal_ids())
        if phase is _AUCTION:
            assert seat is not None
            open_rungs = self._open_rungs(seat)
            if open_rungs is None:
                return [PASS_ID]
            start, barred = open_rungs
            ids = [PASS_ID, *range(BID_ID + start, BID_ID + len(self._rungs))]
            for position in barred:
                ids.remove(BID_ID + position)
            return ids
        if phase is Phase.KITTY:
            assert self.contractor is not None
            return [DISCARD_ID | m for m in _discard_masks(self._hands[self.contractor], self.rules.kitty_size)]
        if phase is Phase.PARTNER:
            return self._partner_ids()
        if phase is Phase.NOMINATION:
            return [NOMINATE_ID, *(NOMINATE_ID + 1 + s.order for s in _SUITS)]
        return []

    def apply_legal_id(self, action_id: ActionId) -> None:
        """Do the action with this id, which must be one of :meth:`legal_action_ids` now: the fast path of
        computer players and simulations (no parsing, no :class:`Action` objects).

        For speed the id is trusted, not checked: an id that is not legal now leaves the round in an
        undefined state.  The test suite sets :data:`CHECK_LEGAL_IDS` (``tests/conftest.py``), and then
        an id that is not legal raises :class:`IllegalActionError` and changes nothing.  Learners' and
        tests' actions go through :meth:`apply`.
        """
        if CHECK_LEGAL_IDS and action_id not in self.legal_action_ids():
            raise IllegalActionError(
                f"illegal action id {action_id!r} in the {self.phase.value} (legal: {self.legal_action_ids()})",
                explanation=reasons.not_allowed_now(),
            )
        self._apply_id(action_id)

    def apply_legal(self, action: Action) -> None:
        """Do ``action`` if it is one of :meth:`legal_actions` now (that object or an equal one): the fast path of
        :func:`fivehundred.players.play_hand` for a player's choice, with no parsing, no encoding to an id and no
        reason worked out.  :meth:`apply` is the path for learners: its refusals say why.

        Raises:
            IllegalActionError: ``action`` is not one of the legal actions now (nothing changes).
        """
        legal = self.legal_actions()
        for known in legal:  # computer players return one of the listed actions: found by identity first
            if known is action:
                break
        else:
            if action in legal:
                self._apply(action)
                return
            raise IllegalActionError(f"not a legal action now: {shown(action, 80)} in the {self.phase.value}",
                                     explanation=reasons.not_allowed_now())
        self._apply(action)

    def _apply_id(self, action_id: ActionId) -> None:
        """:meth:`apply_legal_id` without the test suite's check."""
        phase = self.phase
        seat = self.to_act
        assert seat is not None
        if phase is _PLAY:
            play = PLAIN_PLAYS[action_id] if action_id < JOKER_LEAD_ID else JOKER_LEADS[_SUITS[action_id - JOKER_LEAD_ID]]
            self._legal_cache = None
            self.history.append(play)
            self._apply_play(seat, play)
        elif phase is _AUCTION:
            bid = PASS if action_id == PASS_ID else self._rungs[action_id - BID_ID]
            self._legal_cache = None
            self.history.append(bid)
            self._apply_bid(seat, bid)
        else:
            self._apply(self.action_of_id(action_id))

    def action_id(self, action: Action) -> ActionId:
        """The id of ``action`` (not checked for legality; see :mod:`fivehundred.action_ids`).

        Raises:
            NotationError: a bid these rules do not allow, or not an action.
        """
        return self._codec.encode(action)

    def action_of_id(self, action_id: ActionId) -> Action:
        """The action with this id (see :mod:`fivehundred.action_ids`); the phase tells plays from bids.

        Raises:
            NotationError: not an id of an action in this phase.
        """
        return self._codec.decode(self.phase.value, action_id)

    def _snapshot(self, seat: int) -> tuple[Any, ...]:
        """What a discard, partner call or nomination may change (the undo log's entry for it)."""
        return (
            seat, self._hands[seat], self.phase, self.to_act, self.discards, self.partners, self.called_card,
            self.nominated, self._sitting_out, self._ps, self._exposed,
        )

    def _undo_last(self) -> Action:
        """Take back the last action from its undo-log entry (constant time, no replay)."""
        act = self.history.pop()
        entry = self._log.pop()
        self._legal_cache = None
        cls = act.__class__
        if cls is Play:
            seat, suits_led, partners, exposed, winner = entry
            ps = self._ps
            assert ps is not None
            if winner >= 0:
                self.partners = partners
                self._exposed = exposed
                self.phase = Phase.PLAY
                self.result = None
            card = act.card  # type: ignore[union-attr]
            ps.undo(seat, card, suits_led, winner)
            self._played &= ~card.bit
            self.to_act = seat
        elif cls is Bid:
            seat, self._high, self._high_seat, self._offer, self._passes_since_bid, was_passed = entry
            self.auction.pop()
            if not was_passed:
                self._passed.discard(seat)
            if self.phase is not Phase.AUCTION:
                if self.contractor is not None:
                    self._hands[self.contractor] &= ~self._kitty
                self.phase = Phase.AUCTION
                self.contract = self.contractor = None
                self.partners = ()
                self.result = None
            self.to_act = seat
        else:
            (
                seat, self._hands[seat], self.phase, self.to_act, self.discards, self.partners, self.called_card,
                self.nominated, self._sitting_out, self._ps, self._exposed,
            ) = entry
        return act

    # ------------------------------------------------------------------ explanations
    def explain_card(self, card: Card | str, seat: int | None = None) -> Verdict:
        """Whether ``seat`` (default: the player to act) may play ``card`` now, and why.

        Raises:
            NotationError: not a card or not a seat.
        """
        the_card = Card.parse(card)
        who = self.to_act if seat is None else seat
        if who is None:
            return Verdict(False, reasons.hand_over())
        self._check_seat(who)
        if self.phase is not Phase.PLAY:
            return Verdict(False, reasons.not_time_to_play(_phase_words(self.phase)))
        if who != self.to_act:
            return Verdict(False, reasons.not_your_turn_to_play(seat_words(self.to_act, self.players)))
        ps = self._ps
        assert ps is not None and self.contract is not None
        played = [c for _, c in ps.trick]
        return explain_play(
            the_card,
            cards_from_mask(self._hands[who]),
            played,
            self.contract,
            led=ps.led if played else None,
            suits_led=self.suits_led,
            nominated=self.nominated,
            last_trick=len(self.tricks) == NUM_TRICKS - 1,
            rules=self.rules,
        )

    def explain(self, action: str | Action | Card) -> str:
        """One plain sentence: why this action is or isn't allowed now.

        Raises:
            NotationError: the text does not parse.
        """
        try:
            act = self.check(action)
        except IllegalActionError as err:
            return err.explanation
        if isinstance(act, Play):
            return self.explain_card(act.card).reason
        if isinstance(act, Bid):
            if act.is_pass:
                return reasons.may_pass()
            if self._high is None:
                return reasons.legal_opening(bid_label(act))
            return reasons.higher_than_standing(bid_label(act), bid_label(self._high))
        if isinstance(act, Discard):
            kept = self.rules.kitty_size
            return reasons.may_discard(" ".join(c.label for c in act.cards), kept)
        if isinstance(act, Nominate):
            if act.suit is None:
                return reasons.may_leave_joker_unnamed()
            return reasons.may_nominate(suit_words(act.suit), suit_words(act.suit, singular=True))
        return reasons.may_call_partner()

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> View:
        """What ``seat`` may know: its own hand, the bidding, the tricks, the kitty only
        if it took it, and the open-misère hand once spread.

        Raises:
            NotationError: no such seat.
        """
        self._check_seat(seat)
        phase = self.phase
        contractor = self.contractor
        own_kitty = contractor == seat and phase is not Phase.AUCTION
        hands = self._hands
        fields = {
            "seat": seat,
            "rules": self.rules,
            "phase": phase,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "hand_mask": hands[seat],
            "played_mask": self._played,
            "hand_sizes": tuple(map(int.bit_count, hands)),
            "auction": tuple(self.auction),
            "contract": self.contract,
            "contractor": contractor,
            "partners": self.partners,
            "called_card": self.called_card,
            "kitty": self._deal_kitty if own_kitty else (),
            "discards": self.discards if own_kitty else (),
            "nominated": self.nominated,
            "tricks": tuple(self.tricks),
            "current": self.current_trick,
            "tricks_won": tuple(self.tricks_won),
            "sitting_out": self._sitting_out,
            "exposed": self.exposed if seat != contractor else (),
            "suits_led": _SUITS_LED[self._suits_led_bits()],
            "scores": self.game_scores,
        }
        if seat != self.to_act:
            fields["legal_actions"] = ()
        elif phase is Phase.KITTY:
            fields["_legal"] = self.rules.kitty_size  # the discards are listed when legal_actions is first read
        else:
            fields["legal_actions"] = self.legal_actions()
        view = View(fields)
        return view

    # ------------------------------------------------------------------ records
    def record(self) -> str:
        """The whole hand as text (see :mod:`fivehundred.notation`)."""
        from fivehundred.notation import write_record

        return write_record(self)

    @classmethod
    def from_record(cls, text: str) -> Round:
        """Rebuild a round from :meth:`record` text, replaying every action.

        Raises:
            NotationError: the record does not parse.
            IllegalActionError: an action in it is not legal.
        """
        from fivehundred.notation import read_record

        return read_record(text)

    def __repr__(self) -> str:
        contract = str(self.contract) if self.contract else "-"
        return (
            f"<Round {self.rules.to_text()} dealer={self.seat_name(self.dealer)} phase={self.phase.value} "
            f"contract={contract} to_act={self.seat_name(self.to_act)} tricks={len(self.tricks)}>"
        )


def round_arg(value: Any, what: str = "round_") -> Round:
    """A :class:`Round` (for the analysis entry points).

    Raises:
        NotationError: ``value`` is not a round.
    """
    if isinstance(value, Round):
        return value
    raise NotationError(f"not a round: {what}={shown(value, 80)} (pass a Round, such as Round.deal(seed=1))")


def view_arg(value: Any, what: str = "view") -> View:
    """A :class:`View` (what ``round.view(seat)`` gives).

    Raises:
        NotationError: ``value`` is not a view.
    """
    if isinstance(value, View):
        return value
    raise NotationError(f"not a view: {what}={shown(value, 80)} (pass round.view(seat))")
