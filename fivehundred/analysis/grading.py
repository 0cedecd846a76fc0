"""Move grading: how much each card played cost against double-dummy best play.

Each card is graded by what it changed for the player's own side, with the
score from :func:`fivehundred.scoring.score_hand`:

* **best** — no trick lost;
* **good** — a trick lost that costs no points (an overtrick the contract did not need);
* **inaccuracy** — up to 20 points lost (one or two defence tricks);
* **mistake** — more than 20 points lost, the contract's fate unchanged;
* **blunder** — the card turns a made contract into a failed one (or the reverse).

Full deals take about a second to solve in pure Python, so callers with a
time limit pass ``max_tricks_left`` (only later cards are graded; the rest are
listed as not graded) or ``time_budget`` (a card whose search runs long is
left ungraded).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Collection

from fivehundred.actions import Play
from fivehundred.analysis.solver import Position, SearchCancelled, Solver, card_values
from fivehundred.round import Phase, Round
from fivehundred.scoring import NUM_TRICKS, score_hand

__all__ = ["GRADES", "GradedPlay", "grade_hand", "worst_moments"]

#: grade names, best first
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")


@dataclass(frozen=True)
class GradedPlay:
    """One card and its grade; ``grade`` is ``None`` when it was not analysed."""

    trick: int
    seat: int
    play: Play
    best: tuple[Play, ...]
    tricks_lost: int
    points_lost: int
    grade: str | None
    note: str


def _points(round_: Round, contractor_tricks: int) -> tuple[int, int, bool]:
    """(contracting side's points, defenders' points, made) for a final trick count."""
    assert round_.contract is not None
    s = score_hand(round_.contract, contractor_tricks, rules=round_.rules)
    return s.contractors, sum(s.defenders), s.made


def _grade(round_: Round, seat: int, values: dict[Play, int], play: Play) -> tuple[int, int, str]:
    assert round_.contract is not None
    contracting = seat in round_.contracting_seats()
    misere = round_.contract.is_misere
    wants_more = (seat != round_.contractor) if misere else contracting
    best_total = max(values.values()) if wants_more else min(values.values())
    got = values[play]
    lost = abs(best_total - got)
    if lost == 0:
        return 0, 0, "best"
    b_con, b_def, b_made = _points(round_, best_total)
    g_con, g_def, g_made = _points(round_, got)
    if contracting:
        points = (b_con - b_def) - (g_con - g_def)
    else:
        points = (b_def - b_con) - (g_def - g_con)
    if b_made != g_made:
        return lost, points, "blunder"
    if points <= 0:
        return lost, 0, "good"
    if points <= 20:
        return lost, points, "inaccuracy"
    return lost, points, "mistake"


def grade_hand(
    round_: Round,
    *,
    max_tricks_left: int = NUM_TRICKS,
    time_budget: float | None = None,
    seats: Collection[int] | None = None,
) -> tuple[GradedPlay, ...]:
    """Grade the cards played so far in ``round_`` (it is not changed), in the order they were played.

    Only cards played with ``max_tricks_left`` tricks or fewer to go are
    analysed; ``seats`` limits the grading to those seats' cards (the others are
    left out of the result).  ``time_budget`` (seconds per card) leaves a card
    ungraded if its search runs long.  The cards are solved from the last one
    back, with one transposition table, so each search reuses the endings the
    later ones worked out.

    Raises:
        SolverError: the round never reached the play phase.
    """
    replay = round_.from_deal()
    moments: list[tuple[Round, int, int, int, Play]] = []
    for action in round_.history:
        if replay.phase is Phase.PLAY and isinstance(action, Play):
            seat = replay.to_act
            assert seat is not None
            if seats is None or seat in seats:
                moments.append((replay.copy(), seat, NUM_TRICKS - len(replay.tricks), len(replay.tricks) + 1, action))
        replay.apply(action)
    out: list[GradedPlay] = []
    shared: Solver | None = None
    for position, seat, left, trick, action in reversed(moments):
        if left > max_tricks_left:
            out.append(GradedPlay(trick, seat, action, (), 0, 0, None, f"{action}: not graded ({left} tricks left)"))
            continue
        deadline = time.monotonic() + time_budget if time_budget is not None else None
        solver = Solver.from_round(position, reuse=shared if shared is not None and shared.same_hand(
            Position.from_round(position)) else None)
        shared = solver
        try:
            values = card_values(position, solver=solver, deadline=deadline)
        except SearchCancelled:
            out.append(GradedPlay(trick, seat, action, (), 0, 0, None, f"{action}: search ran out of time"))
            continue
        lost, points, grade = _grade(position, seat, values, action)
        wants = [p for p in values if _grade(position, seat, values, p)[2] == "best"]
        note = f"{action}: {grade}" + (f", {lost} trick{'s' if lost != 1 else ''} lost" if lost else "")
        if lost:
            note += f" ({', '.join(map(str, wants))} kept the best result)"
        out.append(GradedPlay(trick, seat, action, tuple(wants), lost, points, grade, note))
    out.reverse()
    return tuple(out)


def worst_moments(graded: tuple[GradedPlay, ...], count: int = 3) -> tuple[str, ...]:
    """Sentences about the costliest plays, worst first (empty if every graded card was best)."""
    bad = [g for g in graded if g.grade is not None and g.grade != "best"]
    bad.sort(key=lambda g: (-GRADES.index(g.grade or "best"), -g.points_lost, -g.tricks_lost, g.trick))
    out = []
    for g in bad[:count]:
        better = " or ".join(map(str, g.best)) or "another card"
        out.append(
            f"Trick {g.trick}: seat {g.seat} played {g.play}, a {g.grade}: it lost {g.tricks_lost} "
            f"trick{'s' if g.tricks_lost != 1 else ''} ({g.points_lost} points); {better} was better."
        )
    return tuple(out)
