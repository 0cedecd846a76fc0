"""Practice sessions: which quiz comes next, with missed quizzes coming back later (spaced review).

A :class:`ReviewQueue` hands out share codes in order.  A quiz answered
wrongly is scheduled again ``gap`` quizzes later; each further miss doubles
the gap's growth (``gap``, then ``2 * gap``, ...), and a right answer on review
retires it.  A quiz comes back at most ``max_reviews`` times.  The queue also
keeps the streak, accuracy and per-kind counts.

>>> q = ReviewQueue(["O1-1", "C1-1", "M1-1", "L1-1"], gap=2)
>>> q.next()
'O1-1'
>>> q.record("O1-1", right=False)
>>> [q.next() for _ in range(2)]
['C1-1', 'M1-1']
>>> q.next()   # the missed quiz is back two quizzes later
'O1-1'
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable

from fivehundred.errors import FiveHundredError, shown
from fivehundred.checks import bool_arg, count_arg, items_arg, seed_arg, text_arg
from fivehundred.quiz.quiz import KINDS, parse_code, quiz_code

#: the most quizzes one practice session may hold (an hour's practice is about a hundred)
MAX_SESSION = 10_000

__all__ = ["ReviewQueue", "KindStats", "session_codes"]


@dataclass
class KindStats:
    """Answers per quiz kind."""

    answered: int = 0
    right: int = 0

    @property
    def accuracy(self) -> float:
        return self.right / self.answered if self.answered else 0.0


@dataclass
class ReviewQueue:
    """The order of a practice session, with spaced review of misses.

    Raises (constructor):
        FiveHundredError: no codes, a bad code, or a gap below 1.
    """

    codes: list[str]
    gap: int = 3
    max_reviews: int = 2
    _pending: list[str] = field(default_factory=list, init=False, repr=False)
    _due: list[tuple[int, str]] = field(default_factory=list, init=False, repr=False)
    _misses: dict[str, int] = field(default_factory=dict, init=False, repr=False)
    _current: str | None = field(default=None, init=False, repr=False)
    served: int = field(default=0, init=False)
    streak: int = field(default=0, init=False)
    best_streak: int = field(default=0, init=False)
    answered: int = field(default=0, init=False)
    right: int = field(default=0, init=False)
    by_kind: dict[str, KindStats] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.codes = list(items_arg(self.codes, "quiz codes"))
        if not self.codes:
            raise FiveHundredError("a practice session needs at least one quiz")
        for c in self.codes:
            parse_code(c)
        if isinstance(self.gap, bool) or not isinstance(self.gap, int) or self.gap < 1:
            raise FiveHundredError(f"the review gap is a whole number of quizzes, at least 1, not {shown(self.gap)}")
        count_arg(self.max_reviews, "max_reviews", low=0, high=None)
        self._pending = list(self.codes)

    @property
    def current(self) -> str | None:
        return self._current

    @property
    def remaining(self) -> int:
        """Quizzes still to come (new ones and reviews)."""
        return len(self._pending) + len(self._due)

    @property
    def accuracy(self) -> float:
        return self.right / self.answered if self.answered else 0.0

    def is_review(self, code: str) -> bool:
        """Whether ``code`` has been missed before in this session.

        Raises:
            NotationError: ``code`` is not a text.
        """
        return text_arg(code, "code") in self._misses

    def _choice(self) -> tuple[str, tuple[int, str] | None] | None:
        due = [d for d in self._due if d[0] <= self.served]
        if due:
            item = min(due)
            return item[1], item
        if self._pending:
            return self._pending[0], None
        if self._due:
            item = min(self._due)
            return item[1], item
        return None

    def peek(self) -> str | None:
        """What :meth:`next` would hand out now, without handing it out."""
        choice = self._choice()
        return None if choice is None else choice[0]

    def next(self) -> str | None:
        """The next quiz: a review that is due, else the next new one, else a review not yet due; ``None`` when done."""
        choice = self._choice()
        if choice is None:
            self._current = None
            return None
        code, item = choice
        if item is not None:
            self._due.remove(item)
        else:
            self._pending.pop(0)
        self.served += 1
        self._current = code
        return code

    def record(self, code: str, *, right: bool) -> None:
        """Record an answer to the current quiz; a miss schedules it again.

        Raises:
            FiveHundredError: ``code`` is not the quiz being asked.
        """
        right = bool_arg(right, "right")
        if code != self._current:
            raise FiveHundredError(f"{shown(code)} is not the current quiz ({shown(self._current)})")
        kind = parse_code(code)[0]
        stats = self.by_kind.setdefault(kind, KindStats())
        stats.answered += 1
        self.answered += 1
        if right:
            stats.right += 1
            self.right += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
            misses = self._misses.get(code, 0) + 1
            self._misses[code] = misses
            if misses <= self.max_reviews:
                self._due.append((self.served + self.gap * (2 ** (misses - 1)), code))
        self._current = None


def session_codes(
    n: int,
    seed: int,
    *,
    bank: Iterable[str],
    kinds: Iterable[str] = tuple(KINDS),
    levels: Iterable[int] = (1, 2, 3),
) -> list[str]:
    """``n`` quiz codes for a session, kinds in turn (and each kind's levels in turn): simulated kinds from ``bank``, ladder drills generated.

    Raises:
        FiveHundredError: ``n`` not from 1 to :data:`MAX_SESSION`, an unknown kind, or a simulated kind with nothing in the bank.
        NotationError: ``bank``, ``kinds`` or ``levels`` is not a list, or ``seed`` not a seed.
    """
    n = count_arg(n, "the quizzes in a session (n)", high=MAX_SESSION)
    seed_arg(seed)
    kinds = list(items_arg(kinds, "quiz kinds"))
    levels = list(items_arg(levels, "quiz levels"))
    if not kinds or not levels:
        raise FiveHundredError(f"a session needs at least one quiz kind and one level, not kinds={kinds}, levels={levels}")
    for lv in levels:
        quiz_code("ladder", lv, 0)  # each level is checked as a share code's level is
    for k in kinds:
        quiz_code(k, 1, 0)
    rng = random.Random(f"fivehundred-session/{seed}")
    pools: dict[str, list[list[str]]] = {}
    bank_list = [text_arg(c, "bank code") for c in items_arg(bank, "bank codes")]
    cells: dict[tuple[str, int], list[str]] = {}  # (kind, level) -> codes, in the bank's order
    for c in bank_list:
        kind, level, _ = parse_code(c)
        cells.setdefault((kind, level), []).append(c)
    for k in kinds:
        if k == "ladder":
            continue
        by_level = [list(cells.get((k, lv), ())) for lv in levels]
        by_level = [pool for pool in by_level if pool]
        if not by_level:
            raise FiveHundredError(f"no {k} quizzes in the bank at levels {levels}")
        for pool in by_level:
            rng.shuffle(pool)
        pools[k] = by_level
    out: list[str] = []
    i = 0
    while len(out) < n:
        k = kinds[i % len(kinds)]
        if k == "ladder":
            out.append(quiz_code("ladder", rng.choice(levels), rng.randrange(10**6)))
        else:
            j = i // len(kinds)  # this kind's j-th quiz: the levels take turns
            pool = pools[k][j % len(pools[k])]
            out.append(pool[(j // len(pools[k])) % len(pool)])
        i += 1
    return out
