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
from fivehundred.analysis.solver import Position, SearchCancelled, Solver, best_plays, card_values
from fivehundred.cards import Suit
from fivehundred.checks import budget_arg, count_arg, instance_arg, int_arg, items_arg
from fivehundred.i18n import gettext as _
from fivehundred.i18n import ngettext
from fivehundred.play import play_rules
from fivehundred.round import Phase, Round, round_arg
from fivehundred.scoring import NUM_TRICKS, score_hand
from fivehundred.text import seat as seat_text

__all__ = ["GRADES", "GradedPlay", "grade_hand", "review_cards", "best_line", "worst_moments"]

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
    #: for :func:`review_cards`: what the best card achieved and what this one cost, in learner words
    reason: str = ""


def _points(round_: Round, contractor_tricks: int) -> tuple[int, int, bool]:
    """(contracting side's points, defenders' points, made) for a final trick count."""
    assert round_.contract is not None
    s = score_hand(round_.contract, contractor_tricks, rules=round_.rules)
    return s.contractors, sum(s.defenders), s.made


def grade_play(round_: Round, seat: int, values: dict[Play, int], play: Play) -> tuple[int, int, str]:
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
        NotationError: an argument is of the wrong kind (not a round, not a number, not a list of seats).
    """
    round_ = round_arg(round_)
    max_tricks_left = int_arg(max_tricks_left, "max_tricks_left")
    time_budget = budget_arg(time_budget, "time_budget")
    if seats is not None:
        seats = tuple(int_arg(s, "seats") for s in items_arg(seats, "seats"))
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
        lost, points, grade = grade_play(position, seat, values, action)
        wants = [p for p in values if grade_play(position, seat, values, p)[2] == "best"]
        note = f"{action}: {grade}" + (f", {lost} trick{'s' if lost != 1 else ''} lost" if lost else "")
        if lost:
            note += f" ({', '.join(map(str, wants))} kept the best result)"
        out.append(GradedPlay(trick, seat, action, tuple(wants), lost, points, grade, note))
    out.reverse()
    return tuple(out)


def best_line(round_: Round, *, solver: Solver | None = None) -> Round:
    """``round_`` played out to the end with double-dummy best play from every seat (it is not changed).

    Among equally good cards each seat plays the first in its legal order, so
    the line is the same on every run.

    Raises:
        SolverError: the round is not in the play phase.
    """
    r = round_.copy()
    while not r.is_over:
        s = Solver.from_round(r, reuse=solver if solver is not None and solver.same_hand(Position.from_round(r)) else None)
        solver = s
        r.apply(best_plays(r, solver=s)[0])
    return r


def _wants_more(r: Round, seat: int) -> bool:
    assert r.contract is not None
    return (seat != r.contractor) if r.contract.is_misere else seat in r.contracting_seats()


def _side_of(round_: Round, seat: int) -> bool:
    """Whether ``seat`` is on the contracting side."""
    return seat in round_.contracting_seats()


def _first_difference(
    round_: Round, seat: int, best: Round, played: Round, shared: list[Solver], budget: _NodeBudget
) -> str:
    """The first trick the played card's best line loses that the best card's line wins, in words.

    Both lines are played out together a trick at a time, with double-dummy
    best play from every seat (the first of equally good cards), and stop at
    that trick.
    """
    assert round_.contract is not None
    mine = _side_of(round_, seat)
    trump, nominated = _trumps(round_)
    best, played = best.copy(), played.copy()
    for k in range(len(round_.tricks), NUM_TRICKS):
        for line in (best, played):
            while len(line.tricks) <= k and not line.is_over:
                values = card_values(line, solver=_solver(line, shared), cancel=budget)
                wants = _wants_more(line, line.to_act)  # type: ignore[arg-type]
                target = max(values.values()) if wants else min(values.values())
                line.apply(next(p for p, v in values.items() if v == target))
        wb = best.tricks[k].winner(trump, nominated)
        wp = played.tricks[k].winner(trump, nominated)
        if _side_of(round_, wb) == mine and _side_of(round_, wp) != mine:
            card = dict(played.tricks[k].plays)[wp].label
            if wp == seat:
                # Translators: a part of a sentence, after "…; 10♦ left 5 tricks for your side (1 trick)": where the line lost
                return _("in that line you take trick {n} with {card}").format(n=k + 1, card=card)
            return _("in that line {seat} takes trick {n} with {card}").format(seat=seat_text(wp, round_.rules.players), n=k + 1, card=card)
    return ""


def _trumps(r: Round) -> tuple[Suit | None, Suit | None]:
    assert r.contract is not None
    t = play_rules(r.contract, r.nominated, r.rules)
    return t.trump, t.nominated


class _NodeBudget:
    """A ``cancel`` callback that stops a search after about ``nodes`` positions (the solver asks every 1024)."""

    def __init__(self, nodes: int | None) -> None:
        self.nodes, self.calls = nodes, 0

    def __call__(self) -> bool:
        self.calls += 1
        return self.nodes is not None and self.calls * 1024 > self.nodes


def review_cards(
    round_: Round, seats: Collection[int], *, max_tricks_left: int = NUM_TRICKS, node_budget: int | None = None
) -> tuple[GradedPlay, ...]:
    """Grade every card ``seats`` played in ``round_`` with no time limit, each with a reason in words.

    ``node_budget`` (positions searched per card, counted, not timed) bounds the
    work on hard deals: a card whose search needs more is left ungraded, the same
    card on every run and every machine.

    The result depends only on the cards played (no time budget, no sampling),
    so a hand reviewed again after a save and reload reads the same.  Each
    reason comes from the double-dummy lines: what the best card kept for the
    side, what the played card left, and the first trick the played card's
    line loses that the best card's line wins.  One transposition table is
    shared by every search, from the last card back.  ``max_tricks_left``
    leaves out cards played earlier (a fixed rule, not a time limit).

    Raises:
        SolverError: the round never reached the play phase.
    """
    replay = Round(round_.rules, round_.dealer, round_.dealt_hands, round_.kitty, round_.dead_hand)
    moments: list[tuple[Round, Play]] = []
    for action in round_.history:
        if (replay.phase is Phase.PLAY and isinstance(action, Play) and replay.to_act in seats
                and NUM_TRICKS - len(replay.tricks) <= max_tricks_left):
            moments.append((replay.copy(), action))
        replay.apply(action)
    out: list[GradedPlay] = []
    shared: list[Solver] = []
    for pos, play in reversed(moments):
        budget = _NodeBudget(node_budget)
        try:
            out.append(_explained(pos, play, shared, budget))
        except SearchCancelled:
            assert pos.to_act is not None
            trick = len(pos.tricks) + 1
            out.append(GradedPlay(trick, pos.to_act, play, (), 0, 0, None, f"{play}: not graded (too long to check)",
                                  _("{card} took too long to check.").format(card=play.card.label)))
    out.reverse()
    return tuple(out)


def _solver(r: Round, shared: list[Solver]) -> Solver:
    s = Solver.from_round(r, reuse=shared[0] if shared and shared[0].same_hand(Position.from_round(r)) else None)
    if not shared:
        shared.append(s)
    return s


def _explained(pos: Round, play: Play, shared: list[Solver], budget: _NodeBudget) -> GradedPlay:
    assert pos.contract is not None and pos.to_act is not None
    seat = pos.to_act
    values = card_values(pos, solver=_solver(pos, shared), cancel=budget)
    lost, points, grade = grade_play(pos, seat, values, play)
    best = tuple(p for p in values if grade_play(pos, seat, values, p)[2] == "best")
    trick = len(pos.tricks) + 1
    note = f"{play}: {grade}" + (f", {lost} trick{'s' if lost != 1 else ''} lost" if lost else "")
    misere = pos.contract.is_misere
    contracting = _side_of(pos, seat)
    wants_more = (seat != pos.contractor) if misere else contracting
    best_total = max(values.values()) if wants_more else min(values.values())
    got = values[play]

    def kept(total: int) -> str:
        if misere:
            return ngettext("{n} trick for the contractor", "{n} tricks for the contractor", total).format(n=total)
        ours = total if contracting else NUM_TRICKS - total
        if contracting:
            return ngettext("{n} trick for your side", "{n} tricks for your side", ours).format(n=ours)
        return ngettext("{n} trick for the defence", "{n} tricks for the defence", ours).format(n=ours)

    label = play.card.label
    if grade == "best":
        reason = _("{card} kept the best result: with best play from there, {kept}.").format(card=label, kept=kept(best_total))
        return GradedPlay(trick, seat, play, best, 0, 0, grade, note, reason)
    best_cards = best[0].card.label if best else ""
    for p in best[1:]:
        best_cards = _("{cards} or {card}").format(cards=best_cards, card=p.card.label)
    cost = ngettext("{n} trick", "{n} tricks", lost).format(n=lost)
    if points:
        cost = _("{tricks}, {points} points").format(tricks=cost, points=points)
    reason = _("{best} kept {kept} with best play from there; {card} left {left} ({cost})").format(
        best=best_cards, kept=kept(best_total), card=label, left=kept(got), cost=cost)
    if grade == "blunder":
        # Translators: added to the sentence above when the card cost the contract ("…(2 tricks), and that decided…")
        reason += _(", and that decided whether the contract was made")
    after_best = pos.copy()
    after_best.apply(best[0])
    after_played = pos.copy()
    after_played.apply(play)
    try:
        where = _first_difference(pos, seat, after_best, after_played, shared, budget)
    except SearchCancelled:
        where = ""  # the lines took too long: the reason gives the counts only
    reason += f": {where}." if where else "."
    return GradedPlay(trick, seat, play, best, lost, points, grade, note, reason)


def worst_moments(graded: tuple[GradedPlay, ...], count: int = 3) -> tuple[str, ...]:
    """Sentences about the costliest plays, worst first (empty if every graded card was best).

    Raises:
        NotationError: ``graded`` is not a list of graded plays (what :func:`grade_hand` gives), or ``count`` not a whole number.
    """
    graded = tuple(instance_arg(g, GradedPlay, "graded", "use grade_hand(round_)") for g in items_arg(graded, "graded plays"))
    count = count_arg(count, "count", low=0, high=None)
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
