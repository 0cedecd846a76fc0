"""FreePlay: whole games to 500 against computer players, saved as you go.

The table is a :class:`~widgets.table.TableView` playing a
:class:`fivehundred.game.Game`; around it this widget adds

* a strength menu for each opponent (Random, Rules-based, Search) — your
  partner North is always the rules-based player, which (judging from the cards
  it has seen) never overtakes your sure winner, trumps your winning trick or
  throws away a boss card; the Search player is not offered for North, as it
  can throw a boss card away in the late play when the cards come to the same;
* a review of your card play after each hand, graded against double-dummy
  play by :func:`fivehundred.analysis.grading.grade_hand` (computed after the
  hand ends, off the click path, with a time budget per card);
* the list of the game's hands, each exportable as a hand record, and an
  import box that replays a record on a separate table;
* saving: the whole game (:meth:`fivehundred.game.Game.to_dict`) is written
  after every move to ``freeplay.json`` next to the course progress file
  (``FIVEHUNDRED_PROGRESS``; ``off`` turns saving off) and resumed when the
  lesson opens.  A save that can't be read is set aside with a message and a
  new game starts.

>>> fp = FreePlay(seed=4, pace=0, path=None)
>>> fp.table.phase, fp.opponents
('auction', {'W': 'rules', 'E': 'rules'})
"""

from __future__ import annotations

import json
import os
import threading
from html import escape
from pathlib import Path
from typing import Any, Callable, Mapping

import ipywidgets as w

from fivehundred.analysis.grading import GRADES, GradedPlay, grade_hand
from fivehundred.analysis.hints import SearchPlayer
from fivehundred.errors import FiveHundredError, NotationError, RulesError
from fivehundred.game import Game
from fivehundred.players import Player, RandomPlayer, RulesPlayer
from fivehundred.round import Round
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.seating import seat_name
from widgets._common import FONT, INK, message_html, small_html
from widgets.progress import ENV_VAR, default_path
from widgets.scorepad import ScorePad
from widgets.table import LEARNER, TableView

__all__ = ["FreePlay", "STRENGTHS", "make_player", "save_path", "SAVE_FORMAT", "review_hand", "Review"]

#: the strength menu: key -> label
STRENGTHS: dict[str, str] = {"random": "Random", "rules": "Rules-based", "search": "Search"}

#: the ``format`` tag of the free-play save file
SAVE_FORMAT = "fivehundred-freeplay/1"

#: seconds a Search player may think about one card (its p95 is measured by bench/freeplay.py)
SEARCH_BUDGET = 0.5

#: seconds the review may spend on one card's double-dummy search (a whole hand's review:
#: median 0.2 s, max 0.42 s over 30 hands, with about 9 cards in 10 graded; /tmp figures in the closing note)
REVIEW_BUDGET = 0.1

#: the review grades cards played with this many tricks or fewer to go (10: every card)
REVIEW_TRICKS = 10

_OPPONENTS = (3, 1)  # West, East
_PARTNER = 0


def make_player(strength: str, seed: int = 0) -> Player:
    """A computer player of the given strength (``"random"``, ``"rules"`` or ``"search"``).

    Raises:
        RulesError: an unknown strength.
    """
    if strength == "random":
        return RandomPlayer(seed=seed)
    if strength == "rules":
        return RulesPlayer()
    if strength == "search":
        return SearchPlayer(time_budget=SEARCH_BUDGET, seed=seed)
    raise RulesError(
        f"no player strength {strength!r} (choose one of {', '.join(STRENGTHS)})",
        explanation=f"Choose a strength: {', '.join(STRENGTHS.values())}.",
    )


def save_path() -> Path | None:
    """Where free play is saved: ``freeplay.json`` beside the progress file (``None`` when saving is off)."""
    if os.environ.get(ENV_VAR, "").lower() == "off":
        return None
    return default_path().with_name("freeplay.json")


class Review:
    """The graded review of one finished hand: your graded cards and the sentences to show."""

    def __init__(self, hand_number: int, graded: tuple[GradedPlay, ...], note: str = "") -> None:
        self.hand_number = hand_number
        self.graded = graded
        self.note = note

    @property
    def counts(self) -> dict[str, int]:
        """How many of your graded cards got each grade."""
        out = {g: 0 for g in GRADES}
        for g in self.graded:
            if g.grade is not None:
                out[g.grade] += 1
        return out

    @property
    def worst(self) -> tuple[GradedPlay, ...]:
        """Your costliest cards, worst first (as :func:`~fivehundred.analysis.grading.worst_moments` orders them)."""
        bad = [g for g in self.graded if g.grade is not None and g.grade != "best"]
        bad.sort(key=lambda g: (-GRADES.index(g.grade or "best"), -g.points_lost, -g.tricks_lost, g.trick))
        return tuple(bad[:3])

    def moments(self) -> tuple[str, ...]:
        """One sentence for each of your worst moments, in plain words."""
        out = []
        for g in self.worst:
            better = " or ".join(p.card.label for p in g.best) or "another card"
            tricks = f"{g.tricks_lost} trick{'s' if g.tricks_lost != 1 else ''}"
            cost = f"{tricks}, {g.points_lost} points" if g.points_lost else tricks
            out.append(f"Trick {g.trick}: you played {g.play.card.label}, {_article(g.grade)}: it cost {cost}. "
                       f"{better} kept the best result.")
        return tuple(out)

    def summary(self) -> str:
        """A sentence on the whole hand."""
        if self.note:
            return self.note
        graded = [g for g in self.graded if g.grade is not None]
        if not graded:
            return "None of your cards could be graded this time (the search ran out of time)."
        counts = self.counts
        parts = [f"{n} {name}" for name, n in counts.items() if n]
        head = (f"{len(graded)} of your cards were checked against perfect play "
                f"with all hands in view: {', '.join(parts)}.")
        missed = len(self.graded) - len(graded)
        if missed:
            head += f" {missed} early card{'s' if missed != 1 else ''} took too long to check."
        if counts["best"] == len(graded):
            head += " Every one kept the best result your side could get."
        return head

    def text(self) -> str:
        """The whole review as plain text (summary, then the worst moments)."""
        return " ".join((self.summary(), *self.moments()))


def _article(grade: str | None) -> str:
    return {"good": "a good card", "inaccuracy": "an inaccuracy", "mistake": "a mistake",
            "blunder": "a blunder"}.get(grade or "", grade or "")


def review_hand(r: Round, hand_number: int, *, time_budget: float = REVIEW_BUDGET) -> Review:
    """Grade your (South's) cards in the finished hand ``r`` (double dummy, within the time budget)."""
    if r.contract is None:
        return Review(hand_number, (), "Everyone passed, so the hand was thrown in: nothing to review.")
    if LEARNER in r.sitting_out:
        return Review(hand_number, (), "You sat out this hand while your partner played misère alone.")
    graded = grade_hand(r, max_tricks_left=REVIEW_TRICKS, time_budget=time_budget, seats={LEARNER})
    mine = tuple(g for g in graded if g.grade is not None or "time" in g.note)
    rev = Review(hand_number, mine)
    if not mine:
        rev.note = "Your cards were all played early in the hand, before the review starts checking."
    return rev


def _default_opponents(opponents: str | Mapping[str, str] | None) -> dict[str, str]:
    chosen = {"W": "rules", "E": "rules"}
    if isinstance(opponents, str):
        chosen = {"W": opponents, "E": opponents}
    elif opponents is not None:
        for seat, strength in opponents.items():
            if seat not in chosen:
                raise RulesError(f"no opponent seat {seat!r} (the opponents sit W and E)",
                                 explanation="Your opponents sit West and East.")
            chosen[seat] = strength
    for strength in chosen.values():
        make_player(strength)  # check the name
    return chosen


class FreePlay(w.VBox):
    """A whole game of Five Hundred to 500: you (South) and North against West and East.

    * ``seed``: the deals of a new game (a resumed game keeps its own).
    * ``rules``: the rules of a new game (4 players; a resumed game keeps its own).
    * ``opponents``: ``"random"``, ``"rules"`` or ``"search"`` for both, or
      ``{"W": ..., "E": ...}``.
    * ``pace``: seconds between computer moves (``0``: at once, for tests).
    * ``path``: the save file; by default :func:`save_path`; ``None`` never saves.
    * ``resume``: carry on the game saved in ``path`` if there is one.
    * ``review_budget``: seconds of search per card for the review.
    """

    _DEFAULT = object()

    def __init__(
        self,
        *,
        seed: int | None = 0,
        rules: Rules = AUSTRALIAN,
        opponents: str | Mapping[str, str] | None = None,
        pace: float | None = 0.35,
        path: str | Path | None | object = _DEFAULT,
        resume: bool = True,
        review_budget: float = REVIEW_BUDGET,
    ) -> None:
        super().__init__()
        self.add_class("fh-freeplay")
        self._seed = seed if seed is not None else 0
        self._path: Path | None = save_path() if path is FreePlay._DEFAULT else (Path(path) if path is not None else None)  # type: ignore[arg-type]
        self._review_budget = review_budget
        self._lock = threading.RLock()
        self._last_saved = ""
        self._reviewed: Round | None = None
        self._review: Review | None = None
        self._review_gen = 0
        self._hands_shown: tuple[int, bool] = (-1, False)
        self._game_shown: Game | None = None
        self.notice = ""
        self.replay: TableView | None = None
        self._exported = ""

        game: Game | None = None
        chosen = _default_opponents(opponents)
        if resume and self._path is not None and self._path.exists():
            game, saved_opponents, self.notice = self._load(self._path)
            if saved_opponents is not None and opponents is None:
                chosen = saved_opponents
        if game is None:
            if rules.players != 4:
                raise RulesError(f"free play seats 4 players, not {rules.players}",
                                 explanation="Free play is the 4-player game.")
            game = Game(rules, seed=self._seed, dealer=1)
        self._opponents = chosen

        players: dict[int, Player] = {_PARTNER: RulesPlayer()}
        for s in _OPPONENTS:
            players[s] = make_player(chosen[seat_name(s, 4)], seed=self._seed + s)
        self._table = TableView(game=game, seed=self._seed, players=players, pace=pace, record_box=False)

        # --- the bar above the table: opponents, partner, new game, saving --------------------------
        self._menus: dict[str, w.Dropdown] = {}
        for seat in ("W", "E"):
            menu = w.Dropdown(
                options=[(label, key) for key, label in STRENGTHS.items()],
                value=chosen[seat],
                description=f"{seat_name(seat_index(seat), 4, long=True)}",
                layout=w.Layout(width="220px"),
            )
            menu.style.description_width = "50px"
            menu.add_class(f"fh-strength-{seat}")
            menu.observe(self._strength_chosen(seat), names=["value"])
            self._menus[seat] = menu
        partner = w.HTML(small_html("North (your partner) plays by the rules-based player: it never overtakes or "
                                    "trumps a card of yours it can see is sure to win, and never throws away a "
                                    "card it knows is the top one left in its suit."))
        partner.layout = w.Layout(width="100%")
        self._new_game_btn = w.Button(description="New game", tooltip="Start a new game at 0–0",
                                      layout=w.Layout(width="auto", min_width="96px", height="34px"))
        self._new_game_btn.add_class("fh-new-game")
        self._new_game_btn.on_click(lambda _b: self._ask_new_game())
        self._confirm_yes = w.Button(description="Yes, start again", button_style="warning",
                                     layout=w.Layout(width="auto", height="32px"))
        self._confirm_yes.add_class("fh-new-game-yes")
        self._confirm_no = w.Button(description="Keep playing", layout=w.Layout(width="auto", height="32px"))
        self._confirm_no.add_class("fh-new-game-no")
        self._confirm_yes.on_click(lambda _b: self.new_game())
        self._confirm_no.on_click(lambda _b: self._hide_confirm())
        self._confirm = w.HBox(
            (w.HTML(small_html("Start a new game at 0–0? The game in progress will be lost.")),
             self._confirm_yes, self._confirm_no),
            layout=w.Layout(align_items="center", grid_gap="8px", display="none"),
        )
        self._confirm.add_class("fh-new-game-confirm")
        menus = w.HBox((self._menus["W"], self._menus["E"], self._new_game_btn),
                       layout=w.Layout(flex_flow="row wrap", grid_gap="6px 10px", align_items="center"))
        heading = w.HTML(f'<div style="font-family:{FONT};font-size:14px;font-weight:bold;color:{INK}">'
                         "Your opponents</div>")
        bar = w.VBox((heading, menus, self._confirm, partner), layout=w.Layout(margin="0 0 6px 0"))
        bar.add_class("fh-freeplay-bar")
        self._notice_html = w.HTML()
        self._notice_html.add_class("fh-freeplay-notice")
        self._game_over_html = w.HTML()
        self._game_over_html.add_class("fh-game-over")

        # --- the review panel ------------------------------------------------------------------
        self._review_html = w.HTML()
        self._review_html.add_class("fh-review")

        # --- hands: export and import ----------------------------------------------------------
        self._hands_box = w.VBox()
        self._hands_box.add_class("fh-hand-list")
        self._export_text = w.Textarea(layout=w.Layout(width="100%", height="170px"))
        self._export_text.add_class("fh-export-text")
        self._export_status = w.HTML()
        self._import_text = w.Textarea(
            placeholder="Paste a hand record here (rules:, dealer:, N:, E:, S:, W:, kitty:, auction:, play: …)",
            layout=w.Layout(width="100%", height="140px"),
        )
        self._import_text.add_class("fh-import-text")
        self._import_btn = w.Button(description="Replay this record", layout=w.Layout(width="auto"))
        self._import_btn.add_class("fh-import")
        self._import_btn.on_click(lambda _b: self.import_record(self._import_text.value))
        self._import_status = w.HTML()
        self._replay_box = w.VBox()
        self._replay_box.add_class("fh-replay")
        # the game's score pad, open at any moment (the table shows its own at the end of each hand)
        self._scores = ScorePad(game, title="")
        self._scores.add_class("fh-freeplay-scores")
        self._records = w.Accordion(
            (
                self._scores,
                w.VBox((self._hands_box, self._export_text, self._export_status)),
                w.VBox((self._import_text, self._import_btn, self._import_status, self._replay_box)),
            ),
            titles=("Score pad: the game so far", "Hands this game: export a record", "Import a record and replay it"),
            selected_index=None,
        )
        self._records.add_class("fh-records")
        self.children = (bar, self._notice_html, self._table, self._game_over_html, self._review_html, self._records)
        self.layout = w.Layout(width="890px", max_width="100%")
        self._notice_html.value = message_html(self.notice, "info", lead="") if self.notice else ""
        self._table.on_change(self._changed)
        self._changed(self._table)
        last = game.hands[-1] if game.hands else None
        if last is not None and self._reviewed is None:
            # a resumed game: the review of the last hand played, as it was shown before
            self._reviewed = last
            self._schedule_review(last, len(game.hands))

    # ------------------------------------------------------------------ state
    @property
    def table(self) -> TableView:
        """The table the game is played on (bid, play, undo… through it)."""
        return self._table

    @property
    def game(self) -> Game:
        return self._table.game

    @property
    def opponents(self) -> dict[str, str]:
        """The opponents' strengths by seat (``{"W": "rules", "E": "search"}``)."""
        return dict(self._opponents)

    @property
    def path(self) -> Path | None:
        return self._path

    @property
    def review(self) -> Review | None:
        """The review of the last finished hand (``None`` until one is ready)."""
        return self._review

    @property
    def review_text(self) -> str:
        return self._review.text() if self._review is not None else ""

    # ------------------------------------------------------------------ gestures
    def set_opponent(self, seat: str, strength: str) -> bool:
        """Choose an opponent's strength (``"W"`` or ``"E"``; ``"random"``, ``"rules"``, ``"search"``)."""
        try:
            if seat not in self._menus:
                raise RulesError(f"no opponent seat {seat!r}", explanation="Your opponents sit West and East.")
            player = make_player(strength, seed=self._seed + seat_index(seat))
        except FiveHundredError as err:
            self._notice_html.value = message_html(err.explanation, "info")
            return False
        self._opponents[seat] = strength
        self._table.set_player(seat, player)
        if self._menus[seat].value != strength:
            self._menus[seat].value = strength
        self._save(force=True)
        return True

    def _strength_chosen(self, seat: str) -> Callable[[Any], None]:
        def handler(change: Any) -> None:
            if change["new"] != self._opponents.get(seat):
                self.set_opponent(seat, str(change["new"]))

        return handler

    def _ask_new_game(self) -> None:
        """The New game button: at once if nothing is lost, else ask first."""
        game = self.game
        if game.is_over or (not game.hands and LEARNER not in self._table._actors()):
            self.new_game()
        else:
            self._confirm.layout.display = ""

    def _hide_confirm(self) -> None:
        self._confirm.layout.display = "none"

    def new_game(self) -> bool:
        """Start a new game at 0–0 (the game in progress is dropped)."""
        self._hide_confirm()
        self._notice_html.value = ""
        self._review = None
        self._reviewed = None
        self._review_html.value = ""
        self._table.new_game()
        return True

    def export_hand(self, number: int) -> str:
        """Hand ``number``'s record (1 = the first hand of this game; the hand in progress is the next number).

        Raises:
            NotationError: no such hand.
        """
        hands = list(self.game.hands)
        current = self._in_progress()
        if current is not None:
            hands.append(current)
        if not isinstance(number, int) or not 1 <= number <= len(hands):
            raise NotationError(f"no hand {number!r} in this game (hands 1 to {len(hands)})",
                                explanation=f"This game has hands 1 to {len(hands)}.")
        text = hands[number - 1].record()
        self._exported = text
        self._export_text.value = text
        self._export_status.value = small_html(
            f"Hand {number}'s record: copy it to keep it, or paste it into the import box to replay it.")
        return text

    def _in_progress(self) -> Round | None:
        """The hand being played at the table (``None`` while a finished hand is still on show)."""
        game, r = self.game, self._table.round
        return r if r is game.round and not r.is_over else None

    def import_record(self, text: str) -> bool:
        """Replay the hand in ``text`` on a separate table below (the game is left as it is)."""
        try:
            replay = TableView(record=text, pace=self._table.pace, record_box=False, seed=self._seed)
        except FiveHundredError as err:
            self._import_status.value = message_html(err.explanation, "info")
            return False
        self.replay = replay
        self._replay_box.children = (replay,)
        self._import_status.value = message_html(
            "Replaying the record on the table below (your game is left as it was).", "info", lead="")
        return True

    # ------------------------------------------------------------------ following the table
    def _changed(self, table: TableView) -> None:
        game = table.game
        shown = (len(game.hands), self._in_progress() is not None)
        if game is not self._game_shown or shown != self._hands_shown:
            self._game_shown = game
            self._hands_shown = shown
            self._draw_hands()
            self._scores.update(game)
        r = table.round
        if r.is_over and r is not self._reviewed and r in game.hands:
            self._reviewed = r
            self._schedule_review(r, game.hands.index(r) + 1)
        elif not r.is_over and self._reviewed is not None and self._review is not None:
            self._review_html.value = self._review_html_for(self._review, stale=True)
        if game.result is not None:
            self._game_over_html.value = message_html(
                f"{game.result.reason} Press New game to play again.", "right", lead="Game over.")
        else:
            self._game_over_html.value = ""
        self._save()

    def _schedule_review(self, r: Round, number: int) -> None:
        with self._lock:
            self._review_gen += 1
            gen = self._review_gen
        self._review_html.value = message_html(f"Reviewing hand {number}…", "info", lead="")

        def run() -> None:
            with self._lock:
                if gen != self._review_gen:
                    return
            rev = review_hand(r, number, time_budget=self._review_budget)
            with self._lock:
                if gen != self._review_gen:
                    return
                self._review = rev
                self._review_html.value = self._review_html_for(rev, stale=self._table.round is not r)

        pace = self._table.pace
        # the kernel's main loop, as the table took it when it was built (a browser event may be handled
        # on another thread, whose loop would never run this)
        loop = self._table._loop
        if pace == 0 or (loop is None and pace is None):
            run()  # computer moves at once (tests, self-checks): the review too
        elif loop is not None:
            # after the click's own update has gone out, on the kernel's loop (its budget keeps it short)
            loop.call_soon_threadsafe(lambda: loop.call_later(0.3, run))
        else:
            timer = threading.Timer(0.05, run)
            timer.daemon = True
            timer.start()

    def _review_html_for(self, rev: Review, *, stale: bool = False) -> str:
        items = "".join(f"<li>{escape(m)}</li>" for m in rev.moments())
        rows = ""
        if rev.graded:
            cells = "".join(
                f'<span class="fh-graded fh-grade-{g.grade}" style="display:inline-block;margin:2px 6px 2px 0;'
                f'padding:1px 7px;border-radius:8px;background:{_GRADE_BG.get(g.grade or "", "#eee")}">'
                f"trick {g.trick}: {escape(g.play.card.label)} {escape(g.grade or 'not checked')}</span>"
                for g in sorted(rev.graded, key=lambda g: g.trick)
            )
            rows = f'<div style="margin-top:4px;font-size:13px">{cells}</div>'
        worst = f'<ul style="margin:6px 0 0 18px;padding:0">{items}</ul>' if items else ""
        head = f"Review of hand {rev.hand_number}" + (" (the hand before this one)" if stale else "")
        return (
            f'<div role="region" aria-label="{escape(head)}" style="font-family:{FONT};color:{INK};font-size:14px;'
            'line-height:1.45;border:1px solid #c7d2c9;border-left:5px solid #2e7d32;border-radius:10px;'
            f'background:#fbfdfb;padding:8px 14px;margin-top:8px;max-width:860px"><b>{escape(head)}</b>'
            f"<div>{escape(rev.summary())}</div>{worst}{rows}</div>"
        )

    def _draw_hands(self) -> None:
        game = self.game
        rows: list[w.Widget] = []
        for i, (r, line) in enumerate(zip(game.hands, game.lines), 1):
            pts = ", ".join(f"{n} {'+' if p >= 0 else '−'}{abs(p)}" for n, p in zip(game.side_names, line.points))
            label = w.HTML(small_html(f"Hand {i}, dealt by {seat_name(r.dealer, 4, long=True)}: "
                                      f"{line.reason} ({pts})"))
            label.layout = w.Layout(flex="1 1 auto")
            btn = w.Button(description="Export", layout=w.Layout(width="auto", min_width="80px"))
            btn.add_class("fh-export")
            btn.add_class(f"fh-export-{i}")
            btn.on_click(self._exporter(i))
            rows.append(w.HBox((btn, label), layout=w.Layout(align_items="center", grid_gap="8px")))
        now = len(game.hands) + 1
        if self._in_progress() is not None:
            btn = w.Button(description="Export", layout=w.Layout(width="auto", min_width="80px"))
            btn.add_class("fh-export")
            btn.add_class(f"fh-export-{now}")
            btn.on_click(self._exporter(now))
            rows.append(w.HBox((btn, w.HTML(small_html(f"Hand {now}: the hand in progress, so far."))),
                               layout=w.Layout(align_items="center", grid_gap="8px")))
        self._hands_box.children = tuple(rows)

    def _exporter(self, number: int) -> Callable[[w.Button], None]:
        def handler(_b: w.Button) -> None:
            try:
                self.export_hand(number)
            except FiveHundredError as err:
                self._export_status.value = message_html(err.explanation, "info")

        return handler

    # ------------------------------------------------------------------ saving
    def save_data(self) -> dict[str, Any]:
        """What is saved: the game (:meth:`Game.to_dict`) and the opponents' strengths."""
        return {"format": SAVE_FORMAT, "game": self.game.to_dict(), "opponents": dict(self._opponents)}

    def _save(self, force: bool = False) -> None:
        if self._path is None:
            return
        try:
            text = json.dumps(self.save_data(), ensure_ascii=False)
        except FiveHundredError:
            return
        if text == self._last_saved and not force:
            return
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self._path.with_name(self._path.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self._path)
            self._last_saved = text
        except OSError as err:
            self._notice_html.value = message_html(
                f"Your game can't be saved ({err.strerror or err}); it carries on unsaved.", "info", lead="")

    @staticmethod
    def _load(path: Path) -> tuple[Game | None, dict[str, str] | None, str]:
        """(game, opponents, notice) from a save file; a bad file gives (None, None, why) and is set aside."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise NotationError("not a free-play save", explanation="The saved game is not a free-play save.")
            game = Game.from_dict(data.get("game"))
            if game.rules.players != 4:
                raise NotationError("not a 4-player game", explanation="The saved game is not a 4-player game.")
            raw = data.get("opponents")
            opponents = _default_opponents(raw) if isinstance(raw, dict) else None
        except (OSError, ValueError) as err:
            why = err.explanation if isinstance(err, FiveHundredError) else "The saved game is not readable."
            aside = path.with_name(path.name + ".unreadable")
            try:
                os.replace(path, aside)
                kept = f" The old file was kept as {aside.name}."
            except OSError:
                kept = ""
            return None, None, f"{why} A new game has started.{kept}"
        n = len(game.hands) + (0 if game.is_over else 1)
        totals = ", ".join(f"{name} {t}" for name, t in zip(game.side_names, game.scores))
        return game, opponents, f"Welcome back: your saved game carries on at hand {n} ({totals})."

    def __repr__(self) -> str:
        g = self.game
        totals = ", ".join(f"{n} {t}" for n, t in zip(g.side_names, g.scores))
        opp = ", ".join(f"{s}={v}" for s, v in self._opponents.items())
        return f"FreePlay(hand={len(g.hands) + 1}, scores={totals!r}, opponents={opp!r}, over={g.is_over})"


_GRADE_BG = {"best": "#dcedc8", "good": "#e8f5e9", "inaccuracy": "#fff8e1", "mistake": "#ffe0b2",
             "blunder": "#ffcdd2"}


def seat_index(seat: str) -> int:
    """``"N" "E" "S" "W"`` -> 0 1 2 3."""
    return "NESW".index(seat)
