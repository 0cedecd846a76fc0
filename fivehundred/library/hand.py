"""A curated sample hand: a deal, its intended line, narration at the moments that matter, and claims.

A hand is stored as a JSON file in ``fivehundred/library/hands/``::

    {
      "id": "take-control",
      "title": "Take control of the trumps",
      "point": "Once the defenders ...",         <- the teaching point, one or two sentences
      "seat": "S",                                <- the learner's seat
      "record": ["rules: australian", ...],       <- the intended line: a complete hand record
      "notes": [                                  <- narration, in the order of the line
        {"at": "trick 1 S", "text": "...",
         "accept": ["JS", "AS"],                  <- a learner decision: the actions accepted here
         "wrong": "...",                          <- shown when another legal action is tried
         "claims": [{"text": "...", "tricks": ">= 8"},
                    {"text": "...", "then": ["AC"], "tricks": "<= 7"},
                    {"text": "...", "best": ["JS", "AS"]}]}
      ]
    }

``at`` names the action a note comes before: ``"bid S 1"`` (South's first
call), ``"discard"``, ``"nominate"``, ``"trick 3 S"`` (South's card to trick
3), or ``"end"`` (after the last card).  The record is read with
:func:`fivehundred.notation.read_record`, so its ``result`` line is checked
against the replay.

A **claim** is a sentence of the narration in a form the double-dummy solver
can check (:meth:`Claim.check`): after the actions in ``then`` (if any),
``tricks`` bounds the contracting side's final trick count with best play by
everyone (``">= 8"``, ``"<= 7"``, ``"== 9"``; in misère the contractor's own
tricks), and ``best`` is the exact set of plays that keep the best result.

The learner text (``title``, ``point``, and each note's ``text`` and ``wrong``)
is written in English; :meth:`SampleHand.from_json` gives it in the kernel's
language (:func:`fivehundred.i18n.hand_text`), from the hands' catalogue
``locale/<lang>/hands.po``, whose messages :func:`learner_texts` names (the
hand's id, the note's ``at`` and the field are the context).  A claim's text
is not shown to the learner and stays English; so does everything the engine
reads (``at``, ``accept``, the record).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from fivehundred.actions import Action, Play, action_text
from fivehundred.errors import FiveHundredError, shown
from fivehundred.i18n import hand_text
from fivehundred.notation import read_record
from fivehundred.round import Phase, Round, round_arg
from fivehundred.scoring import NUM_TRICKS
from fivehundred.seating import parse_seat

__all__ = ["Claim", "Note", "SampleHand", "LibraryError", "parse_locator", "learner_texts", "text_context"]


class LibraryError(FiveHundredError, ValueError):
    """A sample hand's file is malformed: a missing field, a bad locator, or an action off its line."""


_OPS = {">=", "<=", "=="}


@dataclass(frozen=True)
class Claim:
    """One checkable sentence: at history index ``at`` (after ``then``), the best-play result.

    ``op``/``tricks`` bound the contracting side's final tricks (``op`` is
    ``""`` when the claim is only about ``best``); ``best`` (if not empty) is
    the exact set of plays keeping the best result for the seat to act.
    """

    text: str
    at: int
    then: tuple[Action, ...] = ()
    op: str = ""
    tricks: int = 0
    best: tuple[Action, ...] = ()

    def position(self, hand: SampleHand) -> Round:
        """The round at the claim's position (the line up to ``at``, then ``then``)."""
        r = hand.round_at(self.at)
        for act in self.then:
            r.apply(act)
        return r

    def check(self, hand: SampleHand, *, deadline: float | None = None) -> bool:
        """Whether the solver agrees with the claim.

        Raises:
            SolverError: the claim's position is not in the play phase.
            SearchCancelled: ``deadline`` passed.
        """
        from fivehundred.analysis.solver import Solver

        r = self.position(hand)
        solver = Solver.from_round(r)
        done = solver.position.contractor_tricks
        ok = True
        if self.op:
            if self.op in (">=", "=="):
                ok = ok and solver.can_take(self.tricks - done, deadline=deadline)
            if self.op in ("<=", "=="):
                ok = ok and not solver.can_take(self.tricks - done + 1, deadline=deadline)
        if self.best and ok:
            values = solver.play_values(deadline=deadline)
            maximising = bool(solver.position.maximisers >> solver.position.to_act & 1)
            target = max(values.values()) if maximising else min(values.values())
            best = {p for p, v in values.items() if v == target}
            ok = best == set(self.best)
        return ok


@dataclass(frozen=True)
class Note:
    """Narration shown before the action at history index ``at`` (by ``seat``).

    ``accept`` (learner decisions only) lists the actions the guide accepts
    there; another legal action is refused with ``wrong``.
    """

    at: int
    seat: int | None
    text: str
    accept: tuple[Action, ...] = ()
    wrong: str = ""
    claims: tuple[Claim, ...] = ()


@dataclass(frozen=True)
class SampleHand:
    """A curated hand: the deal, the intended line, the learner's seat and the narration."""

    id: str
    title: str
    point: str
    seat: int
    record: str
    line: tuple[Action, ...]
    notes: tuple[Note, ...]
    final: Round = field(repr=False, compare=False)

    @classmethod
    def from_json(cls, text: str) -> SampleHand:
        """Read a hand file's JSON text (see the module docstring).

        Raises:
            LibraryError: a field is missing or malformed, or a note's action is not legal there.
            NotationError: the record does not parse or its result line is wrong.
            IllegalActionError: the record's line is not legal.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise LibraryError(f"a sample hand file is not JSON: {err}") from None
        if not isinstance(data, dict):
            raise LibraryError("a sample hand file holds one JSON object")
        for key in ("id", "title", "point", "seat", "record", "notes"):
            if key not in data:
                raise LibraryError(f"sample hand {shown(data.get('id', '?'))} has no {shown(key)}")
        record = "\n".join(data["record"]) + "\n" if isinstance(data["record"], list) else str(data["record"])
        final = read_record(record)
        if not final.is_over:
            raise LibraryError(f"sample hand {shown(data['id'])}: the intended line does not finish the hand")
        seat = parse_seat(str(data["seat"]), final.players)
        line = tuple(final.history)
        seats = _actors(final)
        hand_id = str(data["id"])
        notes = tuple(_note(raw, final, line, seats, seat, hand_id) for raw in data["notes"])
        if [n.at for n in notes] != sorted(n.at for n in notes):
            raise LibraryError(f"sample hand {shown(data['id'])}: notes are not in the order of the line")
        title = hand_text(text_context(hand_id, "title"), str(data["title"]))
        point = hand_text(text_context(hand_id, "point"), str(data["point"]))
        return cls(hand_id, title, point, seat, record, line, notes, final)

    # ------------------------------------------------------------------ positions
    def fresh(self) -> Round:
        """The deal, before the first call."""
        return self.final.from_deal()

    def round_at(self, index: int) -> Round:
        """The round after the first ``index`` actions of the intended line.

        Raises:
            LibraryError: ``index`` is outside the line.
        """
        if not 0 <= index <= len(self.line):
            raise LibraryError(f"sample hand {shown(self.id)} has no position {shown(index)} (0 to {len(self.line)})")
        r = self.fresh()
        for act in self.line[:index]:
            r.apply(act)
        return r

    @property
    def play_start(self) -> int:
        """The history index of the first card played."""
        return next(i for i, a in enumerate(self.line) if isinstance(a, Play))

    def note_at(self, index: int) -> Note | None:
        """The note shown before action ``index`` of the line, if any."""
        return next((n for n in self.notes if n.at == index), None)

    def learner_decisions(self) -> tuple[int, ...]:
        """History indices of the learner's card plays on the line."""
        seats = _actors(self.final)
        return tuple(i for i, a in enumerate(self.line) if seats[i] == self.seat and isinstance(a, Play))

    @property
    def claims(self) -> tuple[Claim, ...]:
        return tuple(c for n in self.notes for c in n.claims)

    def __repr__(self) -> str:
        return f"SampleHand(id={self.id!r}, contract={str(self.final.contract)!r}, result={self.final.record().splitlines()[-1]!r})"


def _actors(final: Round) -> list[int]:
    """The seat that took each action of ``final``'s history."""
    return list(final.actors())


_LOCATOR = re.compile(r"^(?:(bid) ([NESW]) (\d+)|(discard)|(nominate)|(trick) (\d+) ([NESW])|(end))$")


def parse_locator(text: str, final: Round) -> int:
    """The history index ``text`` names in ``final``'s line (see the module docstring).

    Raises:
        LibraryError: the locator does not parse or names no action of the line.
        NotationError: ``final`` is not a round.
    """
    final = round_arg(final, "final")
    m = _LOCATOR.match(text.strip()) if isinstance(text, str) else None
    if m is None:
        raise LibraryError(f"not a note position: {shown(text)} (write 'bid S 1', 'discard', 'nominate', 'trick 3 S' or 'end')")
    seats = _actors(final)
    history = final.history
    if m.group(9):
        return len(history)
    if m.group(1):
        seat = parse_seat(m.group(2), final.players)
        calls = [i for i, a in enumerate(history) if seats[i] == seat and not isinstance(a, Play) and i < _first_kitty(final)]
        n = int(m.group(3))
        if not 1 <= n <= len(calls):
            raise LibraryError(f"{shown(text)}: seat {m.group(2)} makes {len(calls)} calls")
        return calls[n - 1]
    if m.group(4) or m.group(5):
        kind = "discard" if m.group(4) else "nominate"
        for i, a in enumerate(history):
            if action_text(a).startswith(kind):
                return i
        raise LibraryError(f"{shown(text)}: the line has no {kind}")
    trick, seat = int(m.group(7)), parse_seat(m.group(8), final.players)
    plays = [i for i, a in enumerate(history) if isinstance(a, Play)]
    per = final.players - len(final.sitting_out)
    chunk = plays[(trick - 1) * per : trick * per]
    for i in chunk:
        if seats[i] == seat:
            return i
    raise LibraryError(f"{shown(text)}: no card by that seat in trick {trick}")


def _first_kitty(final: Round) -> int:
    from fivehundred.bidding import Bid

    return next((i for i, a in enumerate(final.history) if not isinstance(a, Bid)), len(final.history))


def _parse_claim(raw: Any, at: int, final: Round, hand_id: str) -> Claim:
    if not isinstance(raw, dict) or "text" not in raw:
        raise LibraryError(f"sample hand {shown(hand_id)}: a claim needs a 'text'")
    r = final.from_deal()
    for act in final.history[:at]:
        r.apply(act)
    then: list[Action] = []
    for token in raw.get("then", []):
        act = r.parse_action(token)
        r.apply(act)
        then.append(act)
    if r.phase is not Phase.PLAY:
        raise LibraryError(f"sample hand {shown(hand_id)}: claim {shown(raw['text'])} is not at a card-play position")
    op, tricks = "", 0
    if "tricks" in raw:
        words = str(raw["tricks"]).split()
        if len(words) != 2 or words[0] not in _OPS or not words[1].isdigit() or int(words[1]) > NUM_TRICKS:
            raise LibraryError(f"sample hand {shown(hand_id)}: claim tricks {shown(raw['tricks'])} is not like '>= 8'")
        op, tricks = words[0], int(words[1])
    best = tuple(r.parse_action(t) for t in raw.get("best", []))
    legal = set(r.legal_actions())
    for b in best:
        if b not in legal:
            raise LibraryError(f"sample hand {shown(hand_id)}: claim best play {b} is not legal there")
    if not op and not best:
        raise LibraryError(f"sample hand {shown(hand_id)}: claim {shown(raw['text'])} says nothing checkable")
    return Claim(str(raw["text"]), at, tuple(then), op, tricks, best)


def _note(raw: Any, final: Round, line: tuple[Action, ...], seats: list[int], learner: int, hand_id: str) -> Note:
    if not isinstance(raw, dict) or "at" not in raw or "text" not in raw:
        raise LibraryError(f"sample hand {shown(hand_id)}: each note needs 'at' and 'text'")
    at = parse_locator(str(raw["at"]), final)
    seat = seats[at] if at < len(line) else None
    accept: tuple[Action, ...] = ()
    if "accept" in raw:
        if seat != learner:
            raise LibraryError(f"sample hand {shown(hand_id)}: note at {shown(raw['at'])} accepts actions but is not the learner's turn")
        r = final.from_deal()
        for act in line[:at]:
            r.apply(act)
        accept = tuple(r.parse_action(t) for t in raw["accept"])
        legal = set(r.legal_actions())
        bad = [a for a in accept if a not in legal and r.phase is not Phase.KITTY]
        if bad or line[at] not in accept:
            raise LibraryError(
                f"sample hand {shown(hand_id)}: note at {shown(raw['at'])} accepts {', '.join(map(str, accept))}, "
                f"which must be legal and include the line's {line[at]}"
            )
        if not raw.get("wrong"):
            raise LibraryError(f"sample hand {shown(hand_id)}: note at {shown(raw['at'])} accepts actions but has no 'wrong' explanation")
    claims = tuple(_parse_claim(c, at, final, hand_id) for c in raw.get("claims", []))
    text = hand_text(text_context(hand_id, "text", raw["at"]), str(raw["text"]))
    wrong = str(raw.get("wrong", ""))
    if wrong:
        wrong = hand_text(text_context(hand_id, "wrong", raw["at"]), wrong)
    return Note(at, seat, text, accept, wrong, claims)


def text_context(hand_id: str, field: str, at: object = None) -> str:
    """The catalogue context of one learner string of a hand: ``"take-control: title"``,
    ``"take-control: trick 6 S: wrong"`` (a note is named by its ``at``, which stays put when notes are added)."""
    return f"{hand_id}: {field}" if at is None else f"{hand_id}: {at}: {field}"


def learner_texts(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(context, English) of every learner string of a hand file's JSON object, in the order a learner meets them:
    the messages of the hands' catalogue (``tools/i18n.py extract``).

    >>> learner_texts({"id": "h", "title": "T", "point": "P", "notes": [{"at": "end", "text": "Done."}]})
    [('h: title', 'T'), ('h: point', 'P'), ('h: end: text', 'Done.')]
    """
    hand_id = str(data["id"])
    out = [(text_context(hand_id, "title"), str(data["title"])), (text_context(hand_id, "point"), str(data["point"]))]
    for raw in data["notes"]:
        for key in ("text", "wrong"):
            if raw.get(key):
                out.append((text_context(hand_id, key, raw["at"]), str(raw[key])))
    return out


def load_text(name: str) -> str:
    """The text of a packaged library file (``hands/<id>.json`` or ``analysis.json``).

    Raises:
        LibraryError: no such file.
    """
    try:
        return resources.files("fivehundred.library").joinpath(name).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        raise LibraryError(f"no library file {shown(name)}") from None

