"""Move grading: how much each card played cost against double-dummy best play.

Each card is graded by what it changed for the player's own side, with the
score from :func:`fivehundred.scoring.score_hand`:

* **best** — no trick lost;
* **good** — a trick lost that costs no points (an overtrick the contract did not need);
* **inaccuracy** — up to 20 points lost (one or two defence tricks);
* **mistake** — more than 20 points lost, the contract's fate unchanged;
* **blunder** — the card turns a made contract into a failed one (or the reverse).

Full deals are slow to solve in pure Python, so by default only cards played
with ``max_tricks_left`` tricks or fewer to go are graded; the rest are listed
as not graded.
"""

from __future__ import annotations

from dataclasses import dataclass

from fivehundred.actions import Play
from fivehundred.analysis.solver import SearchCancelled, Solver, card_values
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


def grade_hand(round_: Round, *, max_tricks_left: int = 5, time_budget: float | None = None) -> tuple[GradedPlay, ...]:
    """Grade every card played so far in ``round_`` (it is not changed).

    ``time_budget`` (seconds per card) leaves a card ungraded if its search runs long.

    Raises:
        SolverError: the round never reached the play phase.
    """
    import time

    replay = Round(round_.rules, round_.dealer, round_.dealt_hands, round_.kitty, round_.dead_hand)
    out: list[GradedPlay] = []
    for action in round_.history:
        if replay.phase is Phase.PLAY and isinstance(action, Play):
            seat = replay.to_act
            assert seat is not None
            left = NUM_TRICKS - len(replay.tricks)
            trick = len(replay.tricks) + 1
            if left <= max_tricks_left:
                deadline = time.monotonic() + time_budget if time_budget is not None else None
                try:
                    solver = Solver.from_round(replay)
                    values = card_values(replay, solver=solver, deadline=deadline)
                except SearchCancelled:
                    values = {}
                if values:
                    lost, points, grade = _grade(replay, seat, values, action)
                    wants = [p for p in values if _grade(replay, seat, values, p)[2] == "best"]
                    note = f"{action}: {grade}" + (f", {lost} trick{'s' if lost != 1 else ''} lost" if lost else "")
                    if lost:
                        note += f" ({', '.join(map(str, wants))} kept the best result)"
                    out.append(GradedPlay(trick, seat, action, tuple(wants), lost, points, grade, note))
                else:
                    out.append(GradedPlay(trick, seat, action, (), 0, 0, None, f"{action}: search ran out of time"))
            else:
                out.append(GradedPlay(trick, seat, action, (), 0, 0, None, f"{action}: not graded ({left} tricks left)"))
        replay.apply(action)
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
