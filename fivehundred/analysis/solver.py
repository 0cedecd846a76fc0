"""Double-dummy analysis: the best play when every hand is visible.

:func:`solve` gives the number of tricks the contracting side ends the hand
with if everyone plays perfectly from the current position (in misère the
contractor tries to take as few as possible, the defenders as many).
:func:`card_values` gives that number after each legal play, which answers
"which cards keep the best result?".  :func:`brute_force` is a plain minimax
with no pruning, kept for tests.

The search never restates a rule: legal cards come from
:meth:`fivehundred.play.PlayRules.legal_mask` (and :func:`~fivehundred.play.nameable_suits`
for the suit named with a joker lead), trick winners from
:func:`fivehundred.trumps.rank_table`, and suit membership from
:func:`fivehundred.trumps.suit_masks`.

How the search is made fast:

* hands are bitmasks; the search is a boolean null-window test, "can the
  side take at least k of the remaining tricks?", and :meth:`Solver.value`
  finds the exact number with a few of them (a binary search);
* alpha-beta cut-offs inside each test, with quick "already made" and
  "can no longer make" exits;
* a transposition table at trick boundaries keyed on the hands, the leader and
  (only when the joker could still be led) the suits led so far, holding
  lower and upper bounds; it lives on the :class:`Solver`, so sibling solves
  (each card in :func:`card_values`) share it;
* only one card of each run of touching cards is searched (cards of one suit
  with no live card between them are equivalent);
* move ordering: the lowest card that wins when the side is not already
  winning the trick, otherwise low cards first; leads try top cards first.

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

import time
from dataclasses import dataclass
from typing import Callable

from fivehundred.actions import JOKER_LEADS, PLAIN_PLAYS, Play
from fivehundred.cards import ALL_CARDS, JOKER, Suit
from fivehundred.errors import FiveHundredError
from fivehundred.play import PlayRules, nameable_suits, play_rules
from fivehundred.round import Phase, Round
from fivehundred.rules import Rules
from fivehundred.scoring import NUM_TRICKS
from fivehundred.trumps import rank_table, suit_masks

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
        """
        if round_.phase is not Phase.PLAY or round_.to_act is None:
            raise SolverError(f"the solver needs a round in the play phase, not {round_.phase.value} ({round_!r})")
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


def _moves_of(table: PlayRules, rules: Rules, mask: int, leading: bool, suits_led: int, last: bool) -> list[tuple[int, Suit | None]]:
    """The plays in ``mask``, with a free joker lead split by the suit named (as the round does)."""
    out: list[tuple[int, Suit | None]] = []
    while mask:
        low = mask & -mask
        index = low.bit_length() - 1
        mask ^= low
        if index == _JOKER_INDEX and leading and table.free_joker and not last:
            out.extend((index, s) for s in nameable_suits(suits_led, False, rules))
        else:
            out.append((index, None))
    return out


class Solver:
    """A double-dummy solver for one position, with a transposition table kept between calls.

    Build it from a round (:meth:`from_round`); :meth:`value` is the exact
    number of the remaining tricks side A takes, :meth:`can_take` the
    null-window test.  :meth:`play_values` scores every legal move.
    ``nodes`` counts the positions visited.

    Searches accept ``deadline`` (a :func:`time.monotonic` time) and
    ``cancel`` (a callable returning ``True`` to stop); either raises
    :class:`SearchCancelled`.
    """

    def __init__(self, position: Position, *, equivalence: bool = True, table_size: int = 2_000_000) -> None:
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
        masks = suit_masks(trump, nominated)
        # each suit's cards, highest first (for touching-card equivalence and move ordering)
        self._suit_order: dict[Suit, tuple[int, ...]] = {}
        for suit in _SUITS:
            ranks = self._ranks[suit]
            members = [c.index for c in ALL_CARDS if masks[suit] & c.bit]
            self._suit_order[suit] = tuple(sorted(members, key=lambda i: -ranks[i]))
        self._suit_bits = {suit: tuple(1 << i for i in order) for suit, order in self._suit_order.items()}
        self._suit_mask = dict(masks)
        self._joker_matters = self.table.free_joker and position.rules.joker_lead == "unled_suit"
        self._tt: dict[tuple[int, ...], tuple[int, int]] = {}
        self._table_size = table_size
        self.nodes = 0
        self._deadline: float | None = None
        self._cancel: Callable[[], bool] | None = None
        self._load(position)

    @classmethod
    def from_round(cls, round_: Round, *, equivalence: bool = True, table_size: int = 2_000_000) -> Solver:
        """A solver for ``round_``'s current position.

        Raises:
            SolverError: the round is not in the play phase.
        """
        return cls(Position.from_round(round_), equivalence=equivalence, table_size=table_size)

    # ------------------------------------------------------------------ state
    def _load(self, p: Position) -> None:
        self._hands = list(p.hands)
        self._trick = list(p.trick)
        self._led = p.led
        self._suits_led = p.suits_led
        self._left = p.tricks_left
        self._to_act = p.to_act

    def _push(self, index: int, named: Suit | None) -> tuple[object, ...]:
        """Play a card for the seat to act; returns what :meth:`_pop` needs and side A's gain."""
        seat = self._to_act
        undo = (seat, index, self._led, self._suits_led, self._left, tuple(self._trick))
        self._hands[seat] ^= 1 << index
        if not self._trick:
            led = named if named is not None else self._eff[index]
            if index == _JOKER_INDEX and self.table.free_joker:
                led = named
            self._led = led
            if led is not None:
                self._suits_led |= 1 << led.order
        self._trick.append((seat, index))
        if len(self._trick) < len(self._order):
            self._to_act = self._next[seat]
            return undo + (0,)
        ranks = self._ranks[self._led]
        winner = max(self._trick, key=lambda sc: ranks[sc[1]])[0]
        self._trick = []
        self._left -= 1
        self._to_act = winner
        return undo + (1 if self._side_a >> winner & 1 else 0,)

    def _pop(self, undo: tuple[object, ...]) -> None:
        seat, index, led, suits_led, left, trick, _ = undo
        assert isinstance(seat, int) and isinstance(index, int) and isinstance(trick, tuple)
        self._hands[seat] |= 1 << index
        self._led = led  # type: ignore[assignment]
        self._suits_led = suits_led  # type: ignore[assignment]
        self._left = left  # type: ignore[assignment]
        self._trick = list(trick)
        self._to_act = seat

    def legal_moves(self) -> list[tuple[int, Suit | None]]:
        """Every legal play for the seat to act: (card index, suit named for a joker lead)."""
        seat = self._to_act
        leading = not self._trick
        mask = self.table.legal_mask(self._hands[seat], self._led if not leading else None, leading, self._suits_led, self._left == 1)
        return _moves_of(self.table, self._rules, mask, leading, self._suits_led, self._left == 1)

    # ------------------------------------------------------------------ move generation
    def _moves(self) -> list[tuple[int, Suit | None]]:
        moves = self.legal_moves()
        if len(moves) <= 1:
            return moves
        seat = self._to_act
        mine = self._hands[seat]
        if self._equivalence:
            legal = 0
            for index, _ in moves:
                legal |= 1 << index
            alive = -1
            for suit in _SUITS:
                group = legal & self._suit_mask[suit]
                if not group & (group - 1):
                    continue  # fewer than two cards of this suit: nothing to merge
                if alive == -1:
                    alive = 0
                    for h in self._hands:
                        alive |= h
                    for _, c in self._trick:
                        alive |= 1 << c
                prev_mine = False
                for bit in self._suit_bits[suit]:
                    if not alive & bit:
                        continue
                    if mine & bit:
                        if prev_mine:
                            legal &= ~bit  # touches the higher card already kept
                        prev_mine = True
                    else:
                        prev_mine = False
            moves = [m for m in moves if self._eff[m[0]] is None or legal >> m[0] & 1]
        # ordering
        side = self._max >> seat & 1
        if self._trick:
            ranks = self._ranks[self._led]
            best_seat, best_card = max(self._trick, key=lambda sc: ranks[sc[1]])
            best = ranks[best_card]
            partner_winning = (self._max >> best_seat & 1) == side
            if partner_winning:
                moves.sort(key=lambda m: ranks[m[0]])
            else:
                moves.sort(key=lambda m: (ranks[m[0]] <= best, ranks[m[0]]))
        else:
            def lead_key(m: tuple[int, Suit | None]) -> int:
                suit = self._eff[m[0]] if m[1] is None else m[1]
                return -self._ranks[suit][m[0]] if suit is not None else -1000
            moves.sort(key=lead_key)
        return moves

    # ------------------------------------------------------------------ search
    def _key(self) -> tuple[int, ...]:
        if self._joker_matters and any(h >> _JOKER_INDEX & 1 for h in self._hands):
            return (*self._hands, self._to_act, self._suits_led)
        return (*self._hands, self._to_act)

    def _ge(self, need: int) -> bool:
        """Can the maximisers hold side A to at least ``need`` of the remaining tricks?"""
        if need <= 0:
            return True
        if need > self._left:
            return False
        self.nodes += 1
        if self.nodes & 1023 == 0:
            self._check_stop()
        key: tuple[int, ...] | None = None
        if not self._trick:
            key = self._key()
            entry = self._tt.get(key)
            if entry is not None:
                if entry[0] >= need:
                    return True
                if entry[1] < need:
                    return False
        maximising = bool(self._max >> self._to_act & 1)
        result = not maximising
        for index, named in self._moves():
            undo = self._push(index, named)
            gain = undo[-1]
            assert isinstance(gain, int)
            r = self._ge(need - gain)
            self._pop(undo)
            if r is maximising:
                result = r
                break
        if key is not None:
            lo, hi = self._tt.get(key, (0, self._left))
            if result:
                lo = max(lo, need)
            else:
                hi = min(hi, need - 1)
            if len(self._tt) >= self._table_size:
                self._tt.clear()
            self._tt[key] = (lo, hi)
        return result

    def _check_stop(self) -> None:
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise SearchCancelled("search stopped: out of time")
        if self._cancel is not None and self._cancel():
            raise SearchCancelled("search stopped: cancelled")

    def _run(self, fn: Callable[[], int], deadline: float | None, cancel: Callable[[], bool] | None) -> int:
        self._deadline, self._cancel = deadline, cancel
        try:
            return fn()
        finally:
            self._deadline, self._cancel = None, None
            self._load(self.position)

    def can_take(self, k: int, *, deadline: float | None = None, cancel: Callable[[], bool] | None = None) -> bool:
        """Whether side A can take at least ``k`` of the remaining tricks (a null-window search).

        Raises:
            SearchCancelled: the deadline passed or ``cancel()`` returned true.
        """
        return bool(self._run(lambda: int(self._ge(k)), deadline, cancel))

    def _value_here(self) -> int:
        lo, hi = 0, self._left
        if not self._trick:
            entry = self._tt.get(self._key())
            if entry is not None:
                lo, hi = entry
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
        moves = self.legal_moves()
        out: dict[Play, int] = {}

        def run() -> int:
            for n, (index, named) in enumerate(moves):
                undo = self._push(index, named)
                gain = undo[-1]
                assert isinstance(gain, int)
                value = gain + self._value_here()
                self._pop(undo)
                out[_as_play(index, named)] = value
                if progress is not None:
                    progress(n + 1, len(moves))
            return 0

        self._run(run, deadline, cancel)
        return out


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
    s = solver if solver is not None else Solver.from_round(round_)
    values = s.play_values(deadline=deadline, cancel=cancel, progress=progress)
    return {play: s.position.contractor_total(v) for play, v in values.items()}


def best_plays(round_: Round, *, solver: Solver | None = None) -> tuple[Play, ...]:
    """The plays that keep the best double-dummy result for the player to act.

    Raises:
        SolverError: the round is not in the play phase.
    """
    s = solver if solver is not None else Solver.from_round(round_)
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
    table = p.table
    trump, nominated = table.trump, table.nominated
    masks = suit_masks(trump, nominated)
    memo: dict[tuple[object, ...], int] = {}

    def suit_of(index: int) -> Suit | None:
        for suit, mask in masks.items():
            if mask >> index & 1:
                return suit
        return None

    def best(hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], led: Suit | None, suits_led: int, left: int, seat: int) -> int:
        if left == 0:
            return 0
        state = (hands, trick, led, suits_led, seat)
        if state in memo:
            return memo[state]
        leading = not trick
        mask = table.legal_mask(hands[seat], None if leading else led, leading, suits_led, left == 1)
        results = []
        for index, named in _moves_of(table, p.rules, mask, leading, suits_led, left == 1):
            h = list(hands)
            h[seat] &= ~(1 << index)
            new_led, new_suits = led, suits_led
            if leading:
                new_led = named if index == _JOKER_INDEX and table.free_joker else suit_of(index)
                if new_led is not None:
                    new_suits |= 1 << new_led.order
            t = trick + ((seat, index),)
            if len(t) == len(order):
                ranks = rank_table(trump, new_led, nominated)
                winner = max(t, key=lambda sc: ranks[sc[1]])[0]
                gain = p.side_a >> winner & 1
                results.append(gain + best(tuple(h), (), None, new_suits, left - 1, winner))
            else:
                results.append(best(tuple(h), t, new_led, new_suits, left, nxt[seat]))
        value = max(results) if p.maximisers >> seat & 1 else min(results)
        memo[state] = value
        return value

    value = best(p.hands, p.trick, p.led, p.suits_led, p.tricks_left, p.to_act)
    return p.contractor_total(value)
