"""Double-dummy analysis: the best play when every hand is visible.

:func:`solve` gives the number of tricks the contracting side ends the hand
with if everyone plays perfectly from the current position (in misère the
contractor tries to take as few as possible, the defenders as many).
:func:`card_values` gives that number after each legal play, which answers
"which cards keep the best result?".  :func:`brute_force` is a plain minimax
with no pruning, kept for tests.

The moves at the root, :meth:`Solver.play_values` and :func:`brute_force` run on
:class:`fivehundred.play.PlayState`, the round's own play transition (its legal play ids,
apply and undo).  The search itself runs in the compiled core (``_search.py``), the one
declared twin of that transition: it has its own card layout for speed, but takes its
suits from :func:`fivehundred.trumps.suit_masks` and its trick winners from
:func:`fivehundred.trumps.rank_table`, and the solver tests check it against
:func:`brute_force` and the round.

How the search is made fast (pure Python; each step was measured on seeded full deals):

* the search has its own card layout: each effective suit (the left bower
  among the trumps, a nominated joker on top of its suit) is one block of
  bits, lowest rank at the bottom, and an un-nominated joker has a block of its
  own, so following suit is one mask, the cards that beat the winning card
  are one precomputed mask, and touching cards are neighbouring bits;
* relative ranks: at every trick boundary the cards of the trick just played
  are taken out and the cards above them move down, so positions that differ
  only in which small cards are gone are the same position;
* the search is a boolean null-window test, "can side A take at least k of
  the remaining tricks?", with alpha-beta cut-offs; :meth:`Solver.value`
  finds the exact number with a few of them (a binary search, or steps out
  from the last value when :meth:`Solver.play_values` scores sibling plays);
* a transposition table at trick boundaries keyed on those relative-rank
  hands, the leader and (only while an un-nominated joker that may name a
  suit is still out) the suits led so far, holding lower and upper bounds and
  the lead that last cut off; it lives on the :class:`Solver`, so the tests
  of one solve and sibling solves (each card in :func:`card_values`) share it;
* sure-trick bounds when a boundary is first seen: a side's run of top trumps
  (each wins the trick it falls on; an un-nominated joker likewise), and the
  leader's cashing tricks (top trumps, and top cards in suits that no one
  who could still ruff is short in), or a partner's, reached by a small lead
  to the partner's top card in a suit where no one who could trump it (or
  play the free joker on it) is void; they often answer the test at once;
* only the highest of each run of touching cards is searched;
* move ordering: leads try the stored best lead (or, in a new position, the
  last lead that cut off with as many tricks left and the same leader), then cards that are top of
  their suit, then a low card to a partner's top card (with trumps: the low
  card to a partner first, then the top cards), then high cards first, a
  named-joker lead last; followers try the cheapest winning card when the
  other side is winning the trick, otherwise their lowest cards (in misère,
  where no one wants tricks, the highest card that ducks);
* the search runs as one object's methods over precomputed tables, the last trick is
  played out directly, and followers walk their cards in order with bit operations (no tuple or
  cache lookup a node).

>>> from fivehundred import Round
>>> r = Round.from_hands(
...     ["AC KC QC JC 10C 9C 8C 7C 6C 5C", "AS KS QS JS 10S 9S 8S 7S 6S 5S",
...      "AD KD QD JD 10D 9D 8D 7D 6D 5D", "AH KH QH JH 10H 9H 8H 7H 6H 5H"],
...     "4D 4H JK")
>>> for bid in ("6S", "PASS", "PASS", "PASS"): r.apply(bid)   # East bids
>>> r.apply("discard 4D 4H 5S")   # East keeps the joker: 9 trumps, missing only J♣
>>> solve(r)   # the joker, then J♠ draws J♣, and East takes every trick
10
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import time
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Callable

from fivehundred.actions import JOKER_LEADS, PLAIN_PLAYS, Play
from fivehundred.cards import ALL_CARDS, JOKER, Suit, mask_of, pack
from fivehundred.checks import budget_arg, callback_arg, int_arg
from fivehundred.errors import FiveHundredError, shown
from fivehundred.play import JOKER_LEAD_ID, PlayRules, PlayState, build_matches, play_rules
from fivehundred.round import Phase, Round, round_arg
from fivehundred.rules import Rules
from fivehundred.scoring import NUM_TRICKS
from fivehundred.trumps import rank_table, suit_masks

if TYPE_CHECKING:
    from fivehundred.analysis._search import Boundary, Follow, Table

__all__ = [
    "Position",
    "Solver",
    "SolverError",
    "SearchCancelled",
    "solve",
    "card_values",
    "brute_force",
    "best_plays",
]

_JOKER_INDEX = JOKER.index
_SUITS = tuple(Suit)


#: the transposition table's bound in entries (it is emptied when full): about 350 bytes an entry,
#: so at most about 210 MB, which keeps the solver's peak RSS under 300 MB
TABLE_SIZE = 600_000

#: set to 1 to run the search's uncompiled Python even where the compiled core is built
PURE_ENV = "FIVEHUNDRED_PURE_SOLVER"
_CORE_NAME = "fivehundred.analysis._search"
_PURE_NAME = "fivehundred.analysis._search_pure"


def _core() -> ModuleType:
    """The search core, loaded on first use (so importing the solver stays cheap).

    The compiled build of ``_search.py`` when one is installed beside it,
    unless :data:`PURE_ENV` is set; then (or when there is no build, or it
    fails to load) the same file run as plain Python.
    """
    pure = os.environ.get(PURE_ENV, "") not in ("", "0")
    mod = _CORES.get(pure)
    if mod is None:
        mod = _CORES[pure] = _load_core(pure)
    return mod


_CORES: dict[bool, ModuleType] = {}


def _load_core(pure: bool) -> ModuleType:
    path = os.path.join(os.path.dirname(__file__), "_search.py")
    if not pure:
        spec = importlib.util.find_spec(_CORE_NAME)
        origin = spec.origin if spec is not None else None
        # a build of another version of the source would run old code: use the source instead
        if origin is not None and (origin.endswith(".py") or build_matches(origin, path)):
            try:
                return importlib.import_module(_CORE_NAME)
            except ImportError:  # pragma: no cover (a broken build: fall back to the source)
                pass
    spec = importlib.util.spec_from_file_location(_PURE_NAME, path)
    assert spec is not None and spec.loader is not None
    mod = sys.modules.get(_PURE_NAME)
    if mod is None:
        mod = importlib.util.module_from_spec(spec)
        sys.modules[_PURE_NAME] = mod
        spec.loader.exec_module(mod)
    return mod


def core_compiled() -> bool:
    """Whether searches run on the compiled core (``False``: plain Python)."""
    return not (_core().__file__ or "").endswith(".py")


class SolverError(FiveHundredError, ValueError):
    """The round is not in a position the solver can analyse (not in the play phase)."""


class SearchCancelled(FiveHundredError):
    """A search was stopped by its cancel flag or its time budget."""


@dataclass(frozen=True)
class Position:
    """Everything the play from here depends on, taken from a round in the play phase.

    ``hands`` is indexed by seat (0 for a seat that sits out); ``trick`` holds
    the (seat, card index) pairs of the trick in progress.  ``side_a`` is the
    bitset of seats whose tricks are counted (the contracting side; in misère
    the contractor alone); ``maximisers`` the seats that want that count high
    (the contracting side; in misère the defenders, since the contractor wants
    it low).
    """

    table: PlayRules
    rules: Rules
    order: tuple[int, ...]
    hands: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]
    led: Suit | None
    suits_led: int
    tricks_left: int
    to_act: int
    side_a: int
    maximisers: int
    misere: bool
    contractor: int
    contractor_tricks: int

    @classmethod
    def from_round(cls, round_: Round) -> Position:
        """Read the position from ``round_`` (full information: every hand).

        Raises:
            SolverError: the round is not in the play phase.
            NotationError: ``round_`` is not a round.
        """
        round_arg(round_)
        if round_.phase is not Phase.PLAY or round_.to_act is None:
            raise SolverError(f"the solver needs a round in the play phase, not {round_.phase.value} ({shown(round_)})")
        contract = round_.contract
        contractor = round_.contractor
        assert contract is not None and contractor is not None
        table = play_rules(contract, round_.nominated, round_.rules)
        order = tuple(s for s in range(round_.players) if s not in round_.sitting_out)
        hands = tuple(sum(c.bit for c in round_.hand(s)) if s in order else 0 for s in range(round_.players))
        team = set(round_.contracting_seats())
        called = round_.called_card
        if called is not None and not round_.partners:
            for s in range(round_.players):
                if s != contractor and hands[s] & called.bit:
                    team.add(s)
            for t in round_.tricks:
                for s, c in t.plays:
                    if c == called and s != contractor:
                        team.add(s)
        misere = contract.is_misere
        if misere:
            side = [contractor]
            maximisers = [s for s in order if s != contractor]
            done = round_.tricks_won[contractor]
        else:
            side = maximisers = [s for s in order if s in team]
            done = sum(round_.tricks_won[s] for s in team)
        current = round_.current_trick
        trick = tuple((s, c.index) for s, c in current.plays) if current is not None else ()
        return cls(
            table=table,
            rules=round_.rules,
            order=order,
            hands=hands,
            trick=trick,
            led=current.led if current is not None else None,
            suits_led=sum(1 << s.order for s in round_.suits_led),
            tricks_left=NUM_TRICKS - len(round_.tricks),
            to_act=round_.to_act,
            side_a=sum(1 << s for s in side),
            maximisers=sum(1 << s for s in maximisers),
            misere=misere,
            contractor=contractor,
            contractor_tricks=done,
        )

    def contractor_total(self, side_a_future: int) -> int:
        """The contracting side's final tricks when it takes ``side_a_future`` of the rest."""
        return self.contractor_tricks + side_a_future


def _effective_suits(table: PlayRules) -> tuple[Suit | None, ...]:
    """Each card index's suit for following, from :func:`suit_masks` (``None``: a free joker)."""
    masks = suit_masks(table.trump, table.nominated)
    out: list[Suit | None] = [None] * len(ALL_CARDS)
    for suit, mask in masks.items():
        for card in ALL_CARDS:
            if mask & card.bit:
                out[card.index] = suit
    return tuple(out)


# ---------------------------------------------------------------------- the search's card layout
# The search's own card layout: each (effective) suit's cards sit in one block of B bits, lowest rank
# at the bottom, so "higher card" is "higher bit" and a suit is one mask; an un-nominated joker (no
# trumps, misère) belongs to no suit and has the bit above the four blocks.  B is the most cards one
# effective suit has in the pack in use (12 with four players), so a four-player hand fits in 49 bits:
# small enough for the compiled core's unboxed integers (63 bits).
#: per block size B: (a block's live cards << B | one hand's cards in that block) -> that hand's cards as relative ranks
_PEXT: dict[int, dict[int, int]] = {}


def _pext(key: int, B: int) -> int:
    """The held cards of a block renumbered by their rank among the live cards (a parallel bit extract)."""
    alive, held = key >> B, key & ((1 << B) - 1)
    out = k = 0
    while alive:
        low = alive & -alive
        if held & low:
            out |= 1 << k
        k += 1
        alive ^= low
    cache = _PEXT.setdefault(B, {})
    if len(cache) >= 1 << 18:
        cache.clear()
    cache[key] = out
    return out


def _compress(masks: list[int], alive: int, B: int) -> list[int]:
    """``masks`` (subsets of ``alive``) with each suit's live cards renumbered from the bottom: relative ranks."""
    out = list(masks)
    block = (1 << B) - 1
    cache = _PEXT.setdefault(B, {})
    for sh in (0, B, 2 * B, 3 * B):
        ab = alive >> sh & block
        if ab & (ab + 1):  # holes below the top live card
            cut = ~(block << sh)
            top = ab << B
            for i, h in enumerate(out):
                hb = h >> sh & block
                if hb:
                    c = cache.get(top | hb)
                    out[i] = h & cut | (c if c is not None else _pext(top | hb, B)) << sh
    return out


class _Stop:
    """A search's deadline and cancel flag, checked by the search every 1024 nodes."""

    __slots__ = ("deadline", "cancel")

    def __init__(self) -> None:
        self.deadline: float | None = None
        self.cancel: Callable[[], bool] | None = None

    def __call__(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchCancelled("search stopped: out of time")
        if self.cancel is not None and self.cancel():
            raise SearchCancelled("search stopped: cancelled")


class Solver:
    """A double-dummy solver for one position, with a transposition table kept between calls.

    Build it from a round (:meth:`from_round`); :meth:`value` is the exact
    number of the remaining tricks side A takes, :meth:`can_take` the
    null-window test.  :meth:`play_values` scores every legal move.
    ``nodes`` counts the positions visited.

    Searches accept ``deadline`` (a :func:`time.monotonic` time) and
    ``cancel`` (a callable returning ``True`` to stop); either raises
    :class:`SearchCancelled`.  Both are checked at the first trick boundary
    after every 1024 further nodes, so counting ``cancel`` calls measures
    the work done, the same on every run.
    """

    def __init__(
        self, position: Position, *, equivalence: bool = True, table_size: int = TABLE_SIZE, reuse: Solver | None = None
    ) -> None:
        if not isinstance(position, Position):
            raise SolverError(f"a solver needs a Position (Position.from_round), not {type(position).__name__}")
        if equivalence is not True and equivalence is not False:
            raise SolverError(f"equivalence is True or False, not {shown(equivalence)}")
        if isinstance(table_size, bool) or not isinstance(table_size, int) or table_size < 1:
            raise SolverError(f"table_size is a whole number of entries, at least 1, not {shown(table_size)}")
        if reuse is not None and not isinstance(reuse, Solver):
            raise SolverError(f"reuse is another Solver (or None), not {type(reuse).__name__}")
        if reuse is not None and not reuse.same_hand(position):
            raise SolverError("a solver can reuse the transposition table only of a position with the same contract and sides")
        self.position = position
        self.table = position.table
        self._rules = position.rules
        self._order = position.order
        self._next = {s: position.order[(i + 1) % len(position.order)] for i, s in enumerate(position.order)}
        self._side_a = position.side_a
        self._max = position.maximisers
        self._equivalence = equivalence
        self._eff = _effective_suits(self.table)
        trump, nominated = self.table.trump, self.table.nominated
        self._ranks: dict[Suit | None, tuple[int, ...]] = {s: rank_table(trump, s, nominated) for s in (*_SUITS, None)}
        self._table_size = table_size
        # keys are relative-rank hands and the leader, so positions later in the same hand share entries
        # the table's users (solvers sharing it through ``reuse``): the last one dropped empties it
        self._tt: Table = _core().Table()
        self._tt_users: list[int] = [1]
        if reuse is not None and equivalence == reuse._equivalence:
            self._tt, self._tt_users = reuse._tt, reuse._tt_users
            self._tt_users[0] += 1
        self._reuse_B = reuse._B if reuse is not None else None
        self.nodes = 0
        # the search's stop check lives apart from the solver, so the search object holds no reference back
        # to it: a solver (and its transposition table) is freed as soon as it is dropped, not at the next
        # cyclic garbage collection (which let a run of solves hold several tables at once)
        self._stop = _Stop()
        self._build()
        self._load(position)

    @classmethod
    def from_round(
        cls, round_: Round, *, equivalence: bool = True, table_size: int = TABLE_SIZE, reuse: Solver | None = None
    ) -> Solver:
        """A solver for ``round_``'s current position.

        ``reuse``: a solver of an earlier position of the same hand, whose
        transposition table this one shares (grading a hand card by card).

        Raises:
            SolverError: the round is not in the play phase, or ``reuse`` is for another hand.
        """
        return cls(Position.from_round(round_), equivalence=equivalence, table_size=table_size, reuse=reuse)

    def __del__(self) -> None:
        # empty the transposition table once no solver uses it (solvers share one through ``reuse``), so its
        # memory goes back at once, whatever else still holds a reference to the search
        users = getattr(self, "_tt_users", None)
        if users is not None:
            users[0] -= 1
            if users[0] <= 0:
                self._tt.clear()

    def same_hand(self, position: Position) -> bool:
        """Whether ``position`` is played under the same contract, seating and sides as this solver's.

        Then the two can share a transposition table: its keys (relative-rank
        hands, the leader, the suits led while the joker matters) say everything
        else the result depends on.

        Raises:
            SolverError: ``position`` is not a :class:`Position`.
        """
        if not isinstance(position, Position):
            raise SolverError(f"same_hand compares with a Position (Position.from_round), not {shown(position, 80)}")
        p = self.position
        return (
            p.table == position.table
            and p.rules == position.rules
            and p.order == position.order
            and p.side_a == position.side_a
            and p.maximisers == position.maximisers
        )

    # ------------------------------------------------------------------ state (the root, in card indices)
    def _load(self, p: Position) -> None:
        self._state = PlayState(
            self.table, self._rules, list(p.hands), self._order, self._next, p.to_act,
            trick=[(s, ALL_CARDS[c]) for s, c in p.trick], led=p.led, suits_led=p.suits_led, left=p.tricks_left,
        )

    def _push(self, index: int, named: Suit | None) -> tuple[object, ...]:
        """Play a card for the seat to act; returns what :meth:`_pop` needs and side A's gain."""
        state = self._state
        seat, suits_led, card = state.to_act, state.suits_led, ALL_CARDS[index]
        winner = state.play(card, named)
        return (seat, card, suits_led, winner, 1 if winner >= 0 and self._side_a >> winner & 1 else 0)

    def _pop(self, undo: tuple[object, ...]) -> None:
        seat, card, suits_led, winner, _ = undo
        assert isinstance(seat, int) and isinstance(suits_led, int) and isinstance(winner, int)
        self._state.undo(seat, card, suits_led, winner)  # type: ignore[arg-type]

    def legal_moves(self) -> list[tuple[int, Suit | None]]:
        """Every legal play for the seat to act: (card index, suit named for a joker lead)."""
        return [_move_of_id(i) for i in self._state.legal_ids()]

    # ------------------------------------------------------------------ the search
    def _build(self) -> None:
        """Make the search functions (methods of one search object over this position's constants, for speed)."""
        p = self.position
        table = self.table
        trump = table.trump
        order = p.order
        n = len(order)
        # the search's card layout (see _PEXT): each card of the pack -> one bit
        in_play = mask_of(pack(self._rules.players))
        for h in p.hands:
            in_play |= h
        for _, c in p.trick:
            in_play |= 1 << c
        blocks = {
            suit: sorted((c.index for c in ALL_CARDS if self._eff[c.index] is suit and in_play >> c.index & 1), key=self._ranks[suit].__getitem__)
            for suit in _SUITS
        }
        _B = max(1, *(len(m) for m in blocks.values()))
        _BLOCK = (1 << _B) - 1
        _SHIFTS = (0, _B, 2 * _B, 3 * _B)
        self._B = _B
        if self._reuse_B is not None and self._reuse_B != _B:  # pragma: no cover (same rules: same pack, same layout)
            self._tt_users[0] -= 1
            self._tt, self._tt_users = _core().Table(), [1]
        bit_of = [0] * len(ALL_CARDS)
        for suit, members in blocks.items():
            for rank, index in enumerate(members):
                bit_of[index] = 1 << (suit.order * _B + rank)
        JB = 1 << (4 * _B) if table.free_joker else 0
        if JB:
            bit_of[_JOKER_INDEX] = JB
        self._bit_of = bit_of
        self._index_of = {b: i for i, b in enumerate(bit_of) if b}
        tcls = trump.order if trump is not None else 4  # with no trumps the free joker is the only "trump"
        CM = [_BLOCK << sh for sh in _SHIFTS] + [JB]
        TB = CM[tcls] if trump is not None else 0
        # BEAT[b]: the cards that beat card b when b is winning a trick (in any relative-rank renumbering)
        BEAT: dict[int, int] = {}
        LEAD: dict[int, tuple[int, int, int]] = {}
        for cls in range(5):
            for r in range(_B if cls < 4 else 1):
                b = 1 << (cls * _B + r)
                above = CM[cls] & ~((b << 1) - 1)
                if cls != tcls:
                    above |= CM[tcls]
                BEAT[b] = above
                if cls < 4:
                    LEAD[b] = (CM[cls], 1 << cls, above)
        BEAT[JB] = 0
        # CLOSE[b]: masks that take card b out of the relative ranks (the cards above it in its suit move down one)
        CLOSE: dict[int, tuple[int, int]] = {}
        for cls in range(4):
            for r in range(_B):
                b = 1 << (cls * _B + r)
                above = CM[cls] & ~((b << 1) - 1)
                CLOSE[b] = (~(above | b), above)
        LEAD[JB] = (0, 0, 0)  # the joker led to the last trick: no suit, nothing beats it
        pos_of = {s: i for i, s in enumerate(order)}
        self._pos_of = pos_of
        A = sum(1 << i for i, s in enumerate(order) if p.side_a >> s & 1)
        MAXB = [bool(p.maximisers >> s & 1) for s in order]
        WANTS = [bool(A >> i & 1) == MAXB[i] for i in range(n)]  # this seat wants its own side's tricks
        NXT = [(i + 1) % n for i in range(n)]
        MATES = [[j for j in range(n) if j != i and (A >> j & 1) == (A >> i & 1)] for i in range(n)]
        misere = p.misere
        joker_named = bool(JB) and p.rules.joker_lead == "unled_suit"
        mis_comp = bool(JB) and table.misere and table.misere_joker_compulsory
        side_shifts = tuple(sh for s, sh in enumerate(_SHIFTS) if s != tcls)
        core = _core()
        boundary, follow, nodes = core.make_search(
            n, A, MAXB, WANTS, NXT, MATES, BEAT, LEAD, CLOSE, JB, TB, CM, side_shifts,
            misere, joker_named, mis_comp, self._equivalence, self._tt, self._table_size, self._stop, _B,
        )
        self._boundary: Boundary = boundary
        self._follow: Follow = follow
        self._count: Callable[[], int] = nodes
        self._BEAT = BEAT
        self._CM = CM

    def _ge(self, need: int) -> bool:
        """From the root state: can the maximisers hold side A to at least ``need`` of the remaining tricks?"""
        if need <= 0:
            return True
        state = self._state
        left = state.left
        if need > left:
            return False
        bit_of = self._bit_of
        pos_of = self._pos_of
        hands = [0] * len(self._order)
        for seat, i in pos_of.items():
            h = state.hands[seat]
            m = 0
            while h:
                low = h & -h
                m |= bit_of[low.bit_length() - 1]
                h ^= low
            hands[i] = m
        try:
            trick = [(s, c.index) for s, c in state.trick]
            if not trick:
                return self._boundary(tuple(_compress(hands, sum(hands), self._B)), pos_of[state.to_act], left, state.suits_led, need, 0)
            played = [bit_of[c] for _, c in trick]
            alive = 0
            for m in hands + played:
                alive |= m
            squeezed = _compress(hands + played, alive, self._B)
            hands, played = squeezed[: len(hands)], squeezed[len(hands) :]
            BEAT = self._BEAT
            first = played[0]
            bt = BEAT[first]
            wp = pos_of[trick[0][0]]
            for (seat, _), b in zip(trick[1:], played[1:]):
                if b & bt:
                    bt = BEAT[b]
                    wp = pos_of[seat]
            fm = self._CM[state.led.order] if state.led is not None else 0
            tbl = 0
            for b in played:
                tbl |= b
            return self._follow(tuple(hands), pos_of[state.to_act], len(played), fm, bt, wp, left, state.suits_led, need, tbl)
        finally:
            self.nodes = self._count()

    def _run(self, fn: Callable[[], int], deadline: float | None, cancel: Callable[[], bool] | None) -> int:
        """Run one public search (every public search method comes through here, so it checks their common arguments)."""
        deadline = budget_arg(deadline, "deadline")
        cancel = callback_arg(cancel, "cancel")
        stop = self._stop
        stop.deadline, stop.cancel = deadline, cancel
        try:
            return fn()
        finally:
            stop.deadline, stop.cancel = None, None
            self._load(self.position)

    def can_take(self, k: int, *, deadline: float | None = None, cancel: Callable[[], bool] | None = None) -> bool:
        """Whether side A can take at least ``k`` of the remaining tricks (a null-window search).

        Raises:
            SearchCancelled: the deadline passed or ``cancel()`` returned true.
            NotationError: ``k`` is not a whole number.
        """
        k = int_arg(k, "k")
        return bool(self._run(lambda: int(self._ge(k)), deadline, cancel))

    def _value_here(self, guess: int | None = None) -> int:
        """The exact value by null-window tests: a binary search, or steps out from ``guess`` when one is given.

        In misère, with no guess, it steps up from 0: tests the contractor passes are cheap (few lines to
        refute) and fill the table for the next one, so climbing to the value and one failed test cost
        less than the binary search's failed tests above it (60 table deals: x1.36 fewer nodes).  With
        trumps or no trumps the binary search is as good as any fixed start (within 5%).
        """
        lo, hi = 0, self._state.left
        if guess is None and self.position.misere:
            guess = 0
        if guess is not None:
            guess = min(max(guess, 0), hi)
            if self._ge(guess):
                lo = guess
                while lo < hi and self._ge(lo + 1):
                    lo += 1
                return lo
            hi = guess - 1
            while hi > lo and not self._ge(hi):
                hi -= 1
            return hi
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._ge(mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def value(self, *, deadline: float | None = None, cancel: Callable[[], bool] | None = None) -> int:
        """How many of the remaining tricks side A takes with best play on both sides.

        Raises:
            SearchCancelled: the deadline passed or ``cancel()`` returned true.
        """
        return self._run(self._value_here, deadline, cancel)

    def play_values(
        self,
        *,
        deadline: float | None = None,
        cancel: Callable[[], bool] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> dict[Play, int]:
        """Each legal play mapped to the side-A tricks that remain possible after it.

        ``progress(done, total)`` is called after each play is scored.

        Raises:
            SearchCancelled: the deadline passed or ``cancel()`` returned true.
        """
        progress = callback_arg(progress, "progress")
        moves = self.legal_moves()
        out: dict[Play, int] = {}

        def run() -> int:
            guess: int | None = None
            for n, (index, named) in enumerate(moves):
                undo = self._push(index, named)
                gain = undo[-1]
                assert isinstance(gain, int)
                # sibling plays usually score alike: start from the last one's value
                future = self._value_here(None if guess is None else guess - gain)
                value = gain + future
                guess = value
                self._pop(undo)
                out[_as_play(index, named)] = value
                if progress is not None:
                    progress(n + 1, len(moves))
            return 0

        self._run(run, deadline, cancel)
        return out


def _solver_for(round_: Round, solver: Solver | None) -> Solver:
    """``solver`` (checked: a :class:`Solver`), or a new one for ``round_``."""
    if solver is None:
        return Solver.from_round(round_)
    if not isinstance(solver, Solver):
        raise SolverError(f"solver is a Solver built for this position (or None), not {shown(solver, 80)}")
    round_arg(round_)
    return solver


def _move_of_id(play_id: int) -> tuple[int, Suit | None]:
    """A play id (see :data:`fivehundred.play.JOKER_LEAD_ID`) as (card index, suit named)."""
    return (play_id, None) if play_id < JOKER_LEAD_ID else (_JOKER_INDEX, _SUITS[play_id - JOKER_LEAD_ID])


def _as_play(index: int, named: Suit | None) -> Play:
    return JOKER_LEADS[named] if named is not None else PLAIN_PLAYS[index]


def solve(round_: Round, *, deadline: float | None = None, cancel: Callable[[], bool] | None = None) -> int:
    """The contracting side's tricks at the end of the hand with best play from here.

    In misère that is the contractor's own tricks, which the contractor tries
    to keep at 0 and the defenders try to raise.

    Raises:
        SolverError: the round is not in the play phase.
        SearchCancelled: the deadline passed or ``cancel()`` returned true.
    """
    solver = Solver.from_round(round_)
    return solver.position.contractor_total(solver.value(deadline=deadline, cancel=cancel))


def card_values(
    round_: Round,
    *,
    solver: Solver | None = None,
    deadline: float | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[Play, int]:
    """Each legal play mapped to the contracting side's final tricks after it, with best play.

    Pass ``solver`` (built for this same position) to reuse its transposition table.

    Raises:
        SolverError: the round is not in the play phase.
        SearchCancelled: the deadline passed or ``cancel()`` returned true.
    """
    s = _solver_for(round_, solver)
    values = s.play_values(deadline=deadline, cancel=cancel, progress=progress)
    return {play: s.position.contractor_total(v) for play, v in values.items()}


def best_plays(round_: Round, *, solver: Solver | None = None) -> tuple[Play, ...]:
    """The plays that keep the best double-dummy result for the player to act.

    Raises:
        SolverError: the round is not in the play phase.
    """
    s = _solver_for(round_, solver)
    values = s.play_values()
    maximising = bool(s.position.maximisers >> s.position.to_act & 1)
    target = max(values.values()) if maximising else min(values.values())
    return tuple(p for p, v in values.items() if v == target)


# ---------------------------------------------------------------------- brute force
def brute_force(round_: Round) -> int:
    """:func:`solve` by exhaustive minimax: every legal play is tried, with no pruning,
    no move ordering and no card equivalence.  Whole states (hands, trick so far,
    suits led, seat to act) are memoised, which changes the speed but not the answer.

    Exponential: use it only for endings of a few tricks.

    Raises:
        SolverError: the round is not in the play phase.
    """
    p = Position.from_round(round_)
    order = p.order
    nxt = {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
    state = PlayState(
        p.table, p.rules, list(p.hands), order, nxt, p.to_act,
        trick=[(s, ALL_CARDS[c]) for s, c in p.trick], led=p.led, suits_led=p.suits_led, left=p.tricks_left,
    )
    memo: dict[tuple[object, ...], int] = {}

    def best() -> int:
        if state.left == 0:
            return 0
        seat = state.to_act
        key = (tuple(state.hands), tuple(state.trick), state.led, state.suits_led, seat)
        if key in memo:
            return memo[key]
        results = []
        for play_id in state.legal_ids():
            index, named = _move_of_id(play_id)
            card, suits_led = ALL_CARDS[index], state.suits_led
            winner = state.play(card, named)
            gain = 1 if winner >= 0 and p.side_a >> winner & 1 else 0
            results.append(gain + best())
            state.undo(seat, card, suits_led, winner)
        value = max(results) if p.maximisers >> seat & 1 else min(results)
        memo[key] = value
        return value

    return p.contractor_total(best())
