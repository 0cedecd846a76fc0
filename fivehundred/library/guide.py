"""Guided play of a sample hand: which moves the guide accepts, hints, and the review.

The guide follows the learner along a :class:`~fivehundred.library.hand.SampleHand`'s
intended line.  While the hand stays on the line:

* at a narrated learner decision (a note with ``accept``) any other action is
  refused with the note's explanation (:meth:`Guide.vet`);
* other learner cards are accepted, and the hand may leave the line;
* the learner's bids, discard and nomination follow the line (the hands are
  about the play, so the contract is given);
* hints come from the precomputed double-dummy values (instant).

Off the line, hints come from live search (:func:`fivehundred.analysis.hints.hint`),
and the computer seats play as :class:`~fivehundred.players.RulesPlayer`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from fivehundred.actions import Action, Discard, Nominate, Play, action_text
from fivehundred.analysis.grading import _grade
from fivehundred.analysis.solver import SearchCancelled, Solver, card_values
from fivehundred.bidding import Bid
from fivehundred.library.hand import Note, SampleHand
from fivehundred.players.base import Player
from fivehundred.players.rules_player import RulesPlayer
from fivehundred.round import Phase, Round, View
from fivehundred.scoring import NUM_TRICKS, score_hand
from fivehundred.seating import seat_name

__all__ = ["Guide", "LinePlayer", "GradedMove", "Review", "Analysis"]

#: hand id -> history index -> action text -> the contracting side's final tricks with best play
Analysis = dict[str, dict[int, dict[str, int]]]


@dataclass(frozen=True)
class GradedMove:
    """One of the learner's cards with its grade (``None``: not analysed)."""

    index: int
    trick: int
    play: Play
    grade: str | None
    best: tuple[str, ...]
    tricks_lost: int
    on_line: bool
    note: str


@dataclass(frozen=True)
class Review:
    """The end-of-hand review: par, the learner's graded moves, the result."""

    par: int | None
    par_text: str
    result: str
    moves: tuple[GradedMove, ...]
    on_line: bool


def _history_matches(r: Round, hand: SampleHand) -> bool:
    f = hand.final
    if r.dealt_hands != f.dealt_hands or r.kitty != f.kitty or r.dealer != f.dealer or r.rules != f.rules:
        return False
    n = len(r.history)
    return n <= len(hand.line) and tuple(r.history) == hand.line[:n]


class Guide:
    """The rules of guided play for one sample hand (pure engine logic; the widget calls it)."""

    def __init__(self, hand: SampleHand, analysis: dict[int, dict[str, int]] | None = None, par: int | None = None) -> None:
        self.hand = hand
        self.analysis = analysis or {}
        self.par = par

    # ------------------------------------------------------------------ the line
    def on_line(self, r: Round) -> bool:
        """Whether ``r`` is this hand's deal and its history is a prefix of the intended line."""
        return _history_matches(r, self.hand)

    def next_action(self, r: Round) -> Action | None:
        """The line's next action, while ``r`` is on the line."""
        if not self.on_line(r) or len(r.history) >= len(self.hand.line):
            return None
        return self.hand.line[len(r.history)]

    def note(self, r: Round) -> Note | None:
        """The note for the current position, while on the line."""
        return self.hand.note_at(len(r.history)) if self.on_line(r) else None

    def notes_so_far(self, r: Round) -> tuple[Note, ...]:
        """The line's notes up to the current position (all of them on the line; up to where it was left off it)."""
        n = len(r.history)
        if not self.on_line(r):
            line = self.hand.line
            n = next((i for i, a in enumerate(r.history) if i >= len(line) or a != line[i]), n)
        return tuple(note for note in self.hand.notes if note.at <= n)

    def left_line_at(self, r: Round) -> int | None:
        """The history index where ``r`` left the line (``None`` while on it)."""
        if self.on_line(r):
            return None
        line = self.hand.line
        return next((i for i, a in enumerate(r.history) if i >= len(line) or a != line[i]), len(r.history))

    # ------------------------------------------------------------------ vetting
    def vet(self, r: Round, action: Action) -> str | None:
        """A message refusing the learner's ``action`` here, or ``None`` to accept it.

        On the line, a narrated decision accepts only its listed actions; the
        learner's bids, discard and nomination must follow the line.
        """
        expected = self.next_action(r)
        if expected is None:
            return None
        note = self.note(r)
        if note is not None and note.accept:
            if action in note.accept:
                return None
            if isinstance(action, Play) and action.card.is_joker and action.named is None:
                if any(isinstance(a, Play) and a.card.is_joker and a.named is not None for a in note.accept):
                    return None  # a click on the joker before its suit is named: the table asks for the suit
            return note.wrong
        if isinstance(action, Play):
            return None
        if action == expected:
            return None
        if isinstance(expected, Bid):
            return f"This hand is about the play, so the auction is set: {expected.words if hasattr(expected, 'words') else expected}."
        if isinstance(expected, Discard):
            return f"This hand is about the play, so the discard is set: discard {' '.join(c.label for c in expected.cards)}."
        if isinstance(expected, Nominate):
            return f"This hand is about the play, so the nomination is set: {action_text(expected)}."
        return f"Follow the intended line here: {action_text(expected)}."

    # ------------------------------------------------------------------ values and hints
    def values(self, r: Round) -> dict[str, int] | None:
        """The precomputed value of each legal play (contracting side's final tricks), on the line."""
        if not self.on_line(r):
            return None
        return self.analysis.get(len(r.history))

    def _best(self, r: Round, values: dict[str, int]) -> tuple[list[str], int]:
        seat = r.to_act
        assert r.contract is not None and seat is not None
        misere = r.contract.is_misere
        wants_more = (seat != r.contractor) if misere else seat in r.contracting_seats()
        target = max(values.values()) if wants_more else min(values.values())
        return [p for p, v in values.items() if v == target], target

    def hint(self, r: Round, *, time_budget: float = 0.9) -> str:
        """The best move for the seat to act and why: precomputed on the line, live search off it."""
        seat = r.to_act
        if seat is None:
            return "The hand is over."
        note = self.note(r)
        expected = self.next_action(r)
        if r.phase is not Phase.PLAY:
            if expected is not None:
                why = f" {note.text}" if note is not None else ""
                return f"The intended line: {_say(expected)}.{why}"
            from fivehundred.analysis.hints import hint as live_hint

            h = live_hint(r.view(seat))
            return f"{_say(h.action)}: {h.reason}"
        values = self.values(r)
        if values is not None:
            best, target = self._best(r, values)
            who = "the contractor" if r.contract is not None and r.contract.is_misere else "the contracting side"
            if note is not None and note.accept:
                cards = " or ".join(_say_text(a) for a in map(action_text, note.accept))
                lead = f"Play {cards}."
            else:
                lead = f"Best: {' or '.join(_say_text(b) for b in best)}."
                decision = RulesPlayer().decide(r.view(seat))
                if str(decision.action) in best:
                    lead += f" {decision.reason}"
            return f"{lead} With best play from here {who} ends with {target} trick{'s' if target != 1 else ''}."
        return self._live_hint(r, seat, time_budget)

    def _live_hint(self, r: Round, seat: int, time_budget: float) -> str:
        from fivehundred.analysis.hints import hint as live_hint

        left = NUM_TRICKS - len(r.tricks)
        if left <= 6:
            h = live_hint(r, seat, time_budget=time_budget)
        else:
            h = live_hint(r.view(seat), samples=6, time_budget=time_budget)
        return f"{_say(h.action)}: {h.reason} ({h.evidence})"

    # ------------------------------------------------------------------ review
    def review(self, r: Round, *, time_budget: float = 1.0, max_tricks_left: int = 5) -> Review:
        """Par for the deal, the learner's graded cards (precomputed on the line, live late off it), the result."""
        seat = self.hand.seat
        replay = self.hand.fresh()
        moves: list[GradedMove] = []
        for i, action in enumerate(r.history):
            if replay.phase is Phase.PLAY and replay.to_act == seat and isinstance(action, Play):
                on = self.on_line(replay)
                values = self.analysis.get(i) if on else None
                left = NUM_TRICKS - len(replay.tricks)
                if values is None and left <= max_tricks_left:
                    try:
                        live = card_values(replay, solver=Solver.from_round(replay), deadline=time.monotonic() + time_budget)
                        values = {str(p): v for p, v in live.items()}
                    except SearchCancelled:
                        values = None
                trick = len(replay.tricks) + 1
                if values is not None and str(action) in values:
                    plays = {Play.parse(k): v for k, v in values.items()}
                    lost, _points, grade = _grade(replay, seat, plays, action)
                    best = tuple(k for k, p in zip(values, plays) if _grade(replay, seat, plays, p)[2] == "best")
                    text = ""
                    if lost:
                        text = f"{lost} trick{'s' if lost != 1 else ''} lost: {' or '.join(_say_text(b) for b in best)} kept the best result."
                    moves.append(GradedMove(i, trick, action, grade, best, lost, on, text))
                else:
                    why = "Off the planned line and too early in the hand to search quickly." if not on else "Not analysed."
                    moves.append(GradedMove(i, trick, action, None, (), 0, on, why))
            replay.apply(action)
        par_text = ""
        f = self.hand.final
        if self.par is not None and f.contract is not None and f.contractor is not None:
            s = score_hand(f.contract, self.par, rules=f.rules)
            who = seat_name(f.contractor, f.players, long=True)
            verdict = "made" if s.made else ("lost" if f.contract.is_misere else "set")
            par_text = (
                f"Double-dummy par: with every hand in view and perfect play on both sides, {f.contract.label} by "
                f"{who} ends with {self.par} trick{'s' if self.par != 1 else ''} ({verdict})."
            )
        result = r.result.reason if r.result is not None else ""
        return Review(self.par, par_text, result, tuple(moves), self.on_line(r))


def _say_text(text: str) -> str:
    """``"JK:H"`` → ``"the joker (naming hearts)"``; ``"10D"`` → its label."""
    return _say(Play.parse(text))


def _say(action: Action) -> str:
    if isinstance(action, Play):
        if action.named is not None:
            return f"the joker, naming {action.named.plural}"
        return action.card.label
    if isinstance(action, Bid):
        return "pass" if action.is_pass else f"bid {action.label}"
    if isinstance(action, Discard):
        return "discard " + " ".join(c.label for c in action.cards)
    if isinstance(action, Nominate):
        return f"nominate {action.suit.plural}" if action.suit is not None else "leave the joker without a suit"
    return action_text(action)


class LinePlayer(Player):
    """A computer seat that follows the intended line while the hand is on it, else :class:`RulesPlayer`.

    It sees only its view: the public actions so far (calls, nomination, cards
    played) are compared with the line's.
    """

    name = "guided"

    def __init__(self, hand: SampleHand) -> None:
        self.hand = hand
        self._rules = RulesPlayer()
        line = hand.line
        self._calls = [a for a in line if isinstance(a, Bid)]
        self._discard = next((a for a in line if isinstance(a, Discard)), None)
        self._nominate = next((a for a in line if isinstance(a, Nominate)), None)
        self._plays = [a for a in line if isinstance(a, Play)]

    def _scripted(self, view: View) -> Action | None:
        calls = [b for _, b in view.auction]
        if calls != self._calls[: len(calls)]:
            return None
        if view.phase is Phase.AUCTION:
            return self._calls[len(calls)] if len(calls) < len(self._calls) else None
        if len(calls) != len(self._calls):
            return None
        if view.phase is Phase.KITTY:
            return self._discard
        if view.phase is Phase.NOMINATION:
            return self._nominate
        if view.nominated != (self._nominate.suit if self._nominate is not None else None):
            return None
        tricks = list(view.tricks) + ([view.current] if view.current is not None else [])
        played = [(t, i, card) for t in tricks for i, (_, card) in enumerate(t.plays)]
        if len(played) > len(self._plays):
            return None
        for (trick, i, card), line_play in zip(played, self._plays):
            if card != line_play.card:
                return None
            if i == 0 and line_play.named is not None and trick.led is not line_play.named:
                return None
        return self._plays[len(played)] if len(played) < len(self._plays) else None

    def choose(self, view: View) -> Action:
        """The line's next action when the hand is on the line and it is legal; the rules player's otherwise."""
        act = self._scripted(view)
        if act is not None and act in view.legal_actions:
            return act
        return self._rules.choose(view)

    def explain(self, view: View, action: Action) -> str:
        return self._rules.explain(view, action)

