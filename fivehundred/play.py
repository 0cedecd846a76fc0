"""Which cards may be played, and why: following suit and the joker's special rules.

The rule lives in :class:`PlayRules.legal_mask` (on bitmasks, because computer
players call it millions of times); :func:`legal_cards` is the same rule on
cards, and :func:`explain_play` says in one sentence why a card is legal or not.

>>> legal_cards("JD 5D 9S", "AH", "H")          # J♦ is a heart when hearts are trumps
(Card.parse('JD'),)
>>> legal_cards("JK 5D 9S", "AS", None)           # no trumps: the joker only when void
(Card.parse('9S'),)
>>> legal_cards("JK 5D 9S", "AH", "MIS")          # misère: void, so the joker must go
(Card.parse('JK'),)
"""

from __future__ import annotations

import copyreg
import hashlib
import importlib
import importlib.util
import os
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Iterable

from fivehundred.bidding import Bid
from fivehundred.cards import ALL_CARDS, JOKER, Card, Suit, cards_from_mask, format_cards, mask_of
from fivehundred.checks import cards_arg, rules_arg, suit_arg, suits_arg
from fivehundred.errors import NotationError, shown
from fivehundred import reasons
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.text import suit as suit_words
from fivehundred.trick import as_trump
from fivehundred.trumps import effective_suit, is_left_bower, rank_table, suit_masks

__all__ = [
    "PlayRules", "PlayState", "play_rules", "legal_cards", "explain_play", "Verdict", "nameable_suits", "ALL_SUITS_LED",
    "JOKER_LEAD_ID", "play_of_id", "ids_of_mask", "play_core", "core_compiled", "PURE_ENV",
]

#: set to 1 (before ``fivehundred`` is imported) to run the play core's plain Python even where its compiled build is there
PURE_ENV = "FIVEHUNDRED_PURE_PLAY"
_CORE_NAME = "fivehundred._playcore"
_PURE_NAME = "fivehundred._playcore_pure"
_CORE_FILE = os.path.join(os.path.dirname(__file__), "_playcore.py")
_CORES: dict[bool, ModuleType] = {}


def play_core(pure: bool | None = None) -> ModuleType:
    """The play core module (``fivehundred/_playcore.py``): its compiled build, or the same file as plain Python.

    ``pure=None``: as :data:`PURE_ENV` says (the path this process uses).  The compiled build is used
    only when it is there, loads, and was built from the source as it is now (``setup.py`` records the
    source's sha256 beside it); otherwise the plain file runs.
    """
    if pure is None:
        pure = os.environ.get(PURE_ENV, "") not in ("", "0")
    mod = _CORES.get(pure)
    if mod is None:
        mod = _CORES[pure] = _load_core(pure)
    return mod


def _load_core(pure: bool) -> ModuleType:
    if not pure:
        spec = importlib.util.find_spec(_CORE_NAME)
        origin = spec.origin if spec is not None else None
        # a build of another version of the source would run old code: use the source instead
        if origin is not None and not origin.endswith(".py") and build_matches(origin, _CORE_FILE):
            try:
                built = importlib.import_module(_CORE_NAME)
                copyreg.pickle(built.PlayState, _reduce)
                return built
            except ImportError:  # pragma: no cover (a broken build: fall back to the source)
                pass
    mod = sys.modules.get(_PURE_NAME)
    if mod is None:
        spec = importlib.util.spec_from_file_location(_PURE_NAME, _CORE_FILE)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[_PURE_NAME] = mod
        spec.loader.exec_module(mod)
        copyreg.pickle(mod.PlayState, _reduce)
    return mod


def _reduce(state: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """How a play state copies and pickles (a round in its play phase holds one; a compiled native class
    can't be rebuilt without its arguments): rebuilt by :func:`_rebuild` from its fields."""
    return _rebuild, tuple(getattr(state, name) for name in play_core().FIELDS)


def _rebuild(
    table: PlayRules, rules: Rules, hands: list[int], order: tuple[int, ...], next_seat: dict[int, int], trick: list[tuple[int, Card]],
    led: Suit | None, suits_led: int, left: int, to_act: int, tricks: list[Any], won: list[int],
) -> PlayState:
    return PlayState(
        table, rules, hands, order, next_seat, to_act, trick=trick, led=led, suits_led=suits_led, left=left, tricks=tricks, won=won
    )


def build_matches(origin: str, source: str) -> bool:
    """Whether the build at ``origin`` was made from ``source`` as it is now (``setup.py`` records its hash
    in ``<module>.sha256`` beside it)."""
    stamp = os.path.join(os.path.dirname(origin), os.path.basename(source)[: -len(".py")] + ".sha256")
    try:
        with open(stamp, encoding="ascii") as f:
            recorded = f.read().strip()
        with open(source, "rb") as g:
            return recorded == hashlib.sha256(g.read()).hexdigest()
    except OSError:
        return False


def core_compiled() -> bool:
    """Whether :data:`PlayState` (the round's and the solver's play transition) is the compiled build."""
    return not (play_core().__file__ or "").endswith(".py")


if TYPE_CHECKING:
    from fivehundred._playcore import ALL_SUITS_LED, JOKER_LEAD_ID, NAMEABLE, PlayState, ids_of_mask
    from fivehundred._playcore import joker_leadable as _joker_leadable
    from fivehundred._playcore import legal_mask as _legal_mask
else:
    _core = play_core()
    PlayState = _core.PlayState
    ids_of_mask = _core.ids_of_mask
    ALL_SUITS_LED = _core.ALL_SUITS_LED
    JOKER_LEAD_ID = _core.JOKER_LEAD_ID
    NAMEABLE = _core.NAMEABLE
    _joker_leadable = _core.joker_leadable
    _legal_mask = _core.legal_mask

_SUIT_BITS = {suit: 1 << suit.order for suit in Suit}
_SUITS = tuple(Suit)


@dataclass(frozen=True)
class PlayRules:
    """Everything that decides legality for one hand's play, precomputed.

    ``trump`` is ``None`` for no trumps and misère.  ``nominated`` is the suit
    the contractor gave the joker (``None``: no nomination).
    """

    trump: Suit | None
    misere: bool
    nominated: Suit | None
    joker_lead: str
    misere_joker_compulsory: bool
    #: the cards of each suit (from :func:`fivehundred.trumps.suit_masks`)
    masks: dict[Suit, int] = field(init=False, compare=False, repr=False)
    #: each card index's effective suit (from :func:`fivehundred.trumps.effective_suit`)
    suit_of: tuple[Suit | None, ...] = field(init=False, compare=False, repr=False)
    #: for each suit led (``None``: the joker led to the last trick), :func:`fivehundred.trumps.rank_table`
    ranks: dict[Suit | None, tuple[int, ...]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "masks", suit_masks(self.trump, self.nominated))
        object.__setattr__(
            self, "suit_of", tuple(effective_suit(card, self.trump, self.nominated) for card in ALL_CARDS)
        )
        object.__setattr__(
            self, "ranks", {led: rank_table(self.trump, led, self.nominated) for led in (*Suit, None)}
        )

    @property
    def free_joker(self) -> bool:
        """True when the joker belongs to no suit (no trumps or misère, not nominated)."""
        return self.trump is None and self.nominated is None

    def joker_leadable(self, suits_led: int, last_trick: bool) -> bool:
        """Whether an un-nominated joker may be led now."""
        return _joker_leadable(self.joker_lead == "last_trick_only", suits_led, last_trick)

    def legal_mask(self, hand: int, led: Suit | None, leading: bool, suits_led: int, last_trick: bool) -> int:
        """The bitmask of the cards in ``hand`` that may be played now.

        ``led`` is the effective suit of the trick so far (``None`` when
        leading, or when the joker was led to the last trick); ``suits_led``
        is a bitset of the suits already led this hand (bit ``suit.order``).
        """
        free = self.trump is None and self.nominated is None
        if leading:
            barred = free and bool(hand & JOKER.bit) and not self.joker_leadable(suits_led, last_trick)
            return _legal_mask(hand, 0, True, barred, False)
        forced = self.misere and self.misere_joker_compulsory and self.nominated is None
        return _legal_mask(hand, 0 if led is None else self.masks[led], False, False, forced)


def play_of_id(play_id: int) -> tuple[Card, Suit | None]:
    """The card and the suit named (``None`` unless a joker lead names one) of a play id (see :data:`JOKER_LEAD_ID`)."""
    if play_id < JOKER_LEAD_ID:
        return ALL_CARDS[play_id], None
    return JOKER, _SUITS[play_id - JOKER_LEAD_ID]


@lru_cache(maxsize=None)
def _play_rules(
    trump: Suit | None, misere: bool, nominated: Suit | None, joker_lead: str, compulsory: bool
) -> PlayRules:
    return PlayRules(trump, misere, nominated, joker_lead, compulsory)


def play_rules(contract: Bid | Suit | str | None, nominated: Suit | None = None, rules: Rules = AUSTRALIAN) -> PlayRules:
    """The :class:`PlayRules` for a contract (cached).

    Raises:
        NotationError: the contract does not parse.
    """
    misere = isinstance(contract, (Bid, str)) and not isinstance(contract, Suit) and _is_misere(contract)
    trump = None if misere else as_trump(contract)
    if trump is not None:
        nominated = None
    return _play_rules(trump, misere, nominated, rules.joker_lead, rules.misere_joker_compulsory)


def _is_misere(contract: Bid | str) -> bool:
    if isinstance(contract, Bid):
        return contract.is_misere
    try:
        return Bid.parse(contract).is_misere
    except NotationError:
        return False


def nameable_suits(suits_led: Iterable[Suit] | int, last_trick: bool = False, rules: Rules = AUSTRALIAN) -> tuple[Suit, ...]:
    """The suits a player leading an un-nominated joker may name.

    Empty when the joker cannot be led with a name: on the last trick (where
    no name is needed) or under ``joker_lead="last_trick_only"``.

    Raises:
        NotationError: ``suits_led`` is neither suits nor a 4-bit set of them.
        RulesError: ``rules`` is not a :class:`Rules`.
    """
    rules = rules_arg(rules)
    if isinstance(suits_led, int):  # the engine's bitset (extra bits ignored)
        if isinstance(suits_led, bool):
            raise NotationError(f"not suits led: {shown(suits_led)} (a list of suits, or the 4-bit set of them)")
        led = suits_led
    else:
        led = _suits_led_bits(suits_led)
    if last_trick or rules.joker_lead == "last_trick_only":
        return ()
    return tuple(_SUITS[o] for o in NAMEABLE[led & ALL_SUITS_LED])


def _situation(
    trick: str | Iterable[Card | str],
    table: PlayRules,
    led: Suit | None,
) -> tuple[tuple[Card, ...], Suit | None]:
    played = cards_arg(trick, "cards in the trick")
    if played and led is None:
        led = effective_suit(played[0], table.trump, table.nominated)
    return played, led


def _read(
    hand: str | Iterable[Card | str],
    trick: str | Iterable[Card | str],
    contract: Bid | Suit | str | None,
    led: Suit | str | None,
    suits_led: Iterable[Suit | str],
    nominated: Suit | str | None,
    rules: Rules | None,
    last_trick: bool,
) -> tuple[PlayRules, tuple[Card, ...], tuple[Card, ...], Suit | None, int]:
    """Check and read the situation arguments shared by :func:`legal_cards` and :func:`explain_play`."""
    table = play_rules(contract, suit_arg(nominated, "nominated suit"), rules_arg(rules))
    cards = cards_arg(hand, "cards in the hand")
    played, led_suit = _situation(trick, table, suit_arg(led, "suit led"))
    if last_trick.__class__ is not bool:
        raise NotationError(f"not True or False: last_trick={shown(last_trick)}")
    if played and led_suit is None and not last_trick:
        raise NotationError(
            f"the joker was led to {shown(format_cards(played))} with no suit named: pass led= (the suit its leader "
            "named), or last_trick=True if this is the last trick"
        )
    return table, cards, played, led_suit, _suits_led_bits(suits_led)


def _suits_led_bits(suits_led: Iterable[Suit | str]) -> int:
    bits = 0
    for s in suits_arg(suits_led, "suits led"):
        bits |= _SUIT_BITS[s]
    return bits


def legal_cards(
    hand: str | Iterable[Card | str],
    trick: str | Iterable[Card | str] = (),
    contract: Bid | Suit | str | None = None,
    *,
    led: Suit | None = None,
    suits_led: Iterable[Suit | str] = (),
    nominated: Suit | None = None,
    last_trick: bool = False,
    rules: Rules = AUSTRALIAN,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played so far).

    ``contract`` is a :class:`Bid` (or its text), a trump suit, or ``None`` for
    no trumps.  ``led`` is needed only when an un-nominated joker was led (the
    suit its leader named).  ``suits_led`` lists the suits led earlier in the
    hand; ``last_trick`` says whether this is trick 10.

    Raises:
        NotationError: a card, suit or contract does not parse.
    """
    table, cards, played, led_suit, led_bits = _read(hand, trick, contract, led, suits_led, nominated, rules, last_trick)
    return cards_from_mask(table.legal_mask(mask_of(cards), led_suit, not played, led_bits, last_trick))


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a play is legal, and one plain sentence saying why."""

    legal: bool
    reason: str

    def __bool__(self) -> bool:
        return self.legal


def explain_play(
    card: Card | str,
    hand: str | Iterable[Card | str],
    trick: str | Iterable[Card | str] = (),
    contract: Bid | Suit | str | None = None,
    *,
    led: Suit | None = None,
    suits_led: Iterable[Suit | str] = (),
    nominated: Suit | None = None,
    last_trick: bool = False,
    rules: Rules = AUSTRALIAN,
) -> Verdict:
    """Say whether ``card`` may be played from ``hand`` now, and why, in one sentence.

    >>> explain_play("5D", "JD 5D 9S", "AH", "H").reason
    'J♦ counts as a heart while hearts are trumps, and you hold it, so you must follow with a heart.'

    Raises:
        NotationError: a card, suit or contract does not parse.
    """
    table, cards, played, led_suit, led_bits = _read(hand, trick, contract, led, suits_led, nominated, rules, last_trick)
    the_card = Card.parse(card)
    if the_card not in cards:
        return Verdict(False, reasons.joker_not_held() if the_card.is_joker else reasons.not_held(the_card.label))
    legal = bool(table.legal_mask(mask_of(cards), led_suit, not played, led_bits, last_trick) & the_card.bit)
    return Verdict(legal, _reason(the_card, cards, table, played, led_suit, led_bits, last_trick, legal))


def _reason(
    card: Card,
    hand: tuple[Card, ...],
    table: PlayRules,
    played: tuple[Card, ...],
    led: Suit | None,
    suits_led: int,
    last_trick: bool,
    legal: bool,
) -> str:
    trump = table.trump
    free_joker = card.is_joker and table.free_joker
    if not played:
        if free_joker:
            if last_trick:
                return reasons.joker_led_to_last_trick()
            if table.joker_lead == "last_trick_only":
                return reasons.joker_led_last_trick_only()
            if suits_led == ALL_SUITS_LED:
                return reasons.joker_lead_all_suits_led()
            return reasons.joker_lead_names_suit(", ".join(suit_words(s) for s in Suit if not suits_led & _SUIT_BITS[s]))
        if is_left_bower(card, trump):
            assert trump is not None
            return reasons.leads_left_bower(card.label, suit_words(trump, singular=True))
        return reasons.leads_any_card()
    if led is None:
        return reasons.after_joker_led_to_last_trick()
    follows = [c for c in hand if effective_suit(c, trump, table.nominated) is led]
    note = ""
    special = [c for c in follows + [card] if is_left_bower(c, trump) or (c.is_joker and trump is not None)]
    if special:
        assert trump is not None
        first = special[0]
        if first.is_joker:
            note = reasons.trump_note_joker(suit_words(trump))
        else:
            note = reasons.trump_note_left_bower(first.label, suit_words(trump, singular=True), suit_words(trump))
    if effective_suit(card, trump, table.nominated) is led:
        if note:
            return reasons.follows_suit_after_note(note, suit_words(led))
        if card.is_joker:
            return reasons.joker_follows_suit(suit_words(led, singular=True))
        return reasons.follows_suit(card.label, suit_words(led))
    if follows:
        if free_joker:
            return reasons.joker_only_when_void(suit_words(led), " ".join(c.label for c in follows))
        if note and len(follows) == 1 and follows[0] in special:
            return reasons.must_follow_with_it(note, suit_words(led, singular=True))
        return reasons.must_follow(note, suit_words(led), suit_words(led, singular=True))
    if not legal or (free_joker and table.misere and table.misere_joker_compulsory):
        return reasons.void_misere_must_play_joker(suit_words(led))
    if free_joker:
        return reasons.void_may_play_joker(suit_words(led))
    return reasons.void_may_play_any(suit_words(led))
