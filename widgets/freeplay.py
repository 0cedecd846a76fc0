"""FreePlay: whole games to 500 against computer players, saved as you go.

The table is a :class:`~widgets.table.TableView` playing a
:class:`fivehundred.game.Game`; around it this widget adds

* a level menu for each opponent and one for each partner, from the engine's table of
  difficulty levels (:mod:`fivehundred.analysis.levels`: Random, Beginner, Club, Expert);
  the partner's menu offers the levels that may sit beside you and starts at the strongest
  of them (Club, which judging from the cards it has seen never overtakes your sure winner,
  trumps your winning trick or throws away a boss card); Expert is not offered as a partner,
  as it thinks up to half a second a card and can throw a boss card away in the late play
  when its search finds the cards worth the same (the menu's tooltip says so);
* a review of your card play after each hand, graded against double-dummy
  play by :func:`fivehundred.analysis.grading.grade_hand` (computed after the
  hand ends, off the click path, with a time budget per card);
* a Hint button and an optional "Mark the best cards" toggle (off by default) that
  share one hint ladder per decision, worked out from your view only
  (:class:`fivehundred.analysis.coach.LadderHints`; see :mod:`widgets.best_marks`);
* the list of the game's hands, each exportable as a hand record, and an
  import box that replays a record on a separate table;
* saving: the whole game (:meth:`fivehundred.game.Game.to_dict`) is written
  after every move to ``freeplay.json`` next to the course progress file
  (``FIVEHUNDRED_PROGRESS``; ``off`` turns saving off) and resumed when the
  lesson opens.  A save that can't be used (over 5 MB, not UTF-8, nested too
  deeply, not JSON, a field of the wrong kind, a game that does not replay:
  :mod:`fivehundred.saves` and :meth:`Game.from_dict` check it all) is set aside
  as ``freeplay.json.unreadable-N`` (a new number each time) with a message, and
  a new game starts.

>>> fp = FreePlay(seed=4, pace=0, path=None)
>>> fp.table.phase, fp.opponents, fp.partners
('auction', {'E': 'club', 'W': 'club'}, {'N': 'club'})
"""

from __future__ import annotations

import json
import os
import threading
from html import escape
from pathlib import Path
from typing import Any, Callable, Mapping

import ipywidgets as w

from fivehundred.errors import FiveHundredError, NotationError, RulesError
from fivehundred.game import Game
from fivehundred.i18n import N_, _, ngettext
from fivehundred.saves import SaveError, check_freeplay, read_save, set_aside
from fivehundred.round import Round
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.seating import parse_seat, seat_name, side_of, sides
from fivehundred.session import GameTo500, learner_seat
from fivehundred.text import scores as scores_text
from fivehundred.text import side_names
from fivehundred.text import seat as seat_text
from widgets._common import FONT, INK, message_html, small_html
from widgets.progress import ENV_VAR, atomic_write_text, default_path, save_failure_text
from widgets.scorepad import ScorePad
from widgets.table import TableView, kernel_loop
from widgets.wiring import (LEVELS, grade_word, LadderHints, REVIEW_BUDGET, REVIEW_TRICKS, SEARCH_BUDGET, STRENGTHS, Player, Review, level_arg,
                            make_player, partner_levels, review_hand, strongest_partner)

__all__ = ["FreePlay", "STRENGTHS", "make_player", "save_path", "SAVE_FORMAT", "review_hand", "Review", "PLAYER_COUNTS",
           "SEARCH_BUDGET", "REVIEW_BUDGET", "REVIEW_TRICKS"]

#: the ``format`` tag of the free-play save file
SAVE_FORMAT = "fivehundred-freeplay/1"

#: the player counts free play offers
PLAYER_COUNTS = (3, 4, 6)


def save_path() -> Path | None:
    """Where free play is saved: ``freeplay.json`` beside the progress file (``None`` when saving is off)."""
    if os.environ.get(ENV_VAR, "").lower() == "off":
        return None
    return default_path().with_name("freeplay.json")


def _seats(rules: Rules) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(your seat, your partners' seats, the opponents' seats) at a table of ``rules.players``."""
    me = learner_seat(rules.players)
    side = sides(rules)[side_of(me, rules)]
    partners = tuple(x for x in side if x != me)
    return me, partners, tuple(x for x in range(rules.players) if x != me and x not in partners)


#: the opponents' level in a new game
DEFAULT_OPPONENTS = "club"


def _levels_by_seat(levels: str | Mapping[str, str] | None, rules: Rules, *, partners: bool) -> dict[str, str]:
    """Each opponent's (or each partner's) level key by seat name, from one level for all or a mapping
    by seat; old names (``"rules"``, ``"search"``) are read as their levels (Club, Expert).

    Raises:
        FiveHundredError: a seat that is not an opponent's (a partner's), an unknown level, or a level
        that may not sit as your partner.
    """
    _me, mates, others = _seats(rules)
    where_seats = mates if partners else others
    seats = [seat_name(x, rules.players) for x in where_seats]
    default = strongest_partner().key if partners else DEFAULT_OPPONENTS
    chosen = {name: default for name in seats}
    if isinstance(levels, str):
        chosen = {name: levels for name in seats}
    elif levels is not None:
        for seat, level in levels.items():
            if seat not in chosen:
                who = "partner" if partners else "opponent"
                raise RulesError(f"no {who} seat {seat!r} (the {who}s sit {' '.join(seats) or 'nowhere'})",
                                 explanation=_where_they_sit([seat_text(x, rules.players) for x in where_seats],
                                                             partners=partners))
            chosen[seat] = level
    out = {}
    for seat, level in chosen.items():
        found = level_arg(level)  # checks the name
        if partners and not found.partner:
            raise RulesError(f"level {found.key!r} may not sit as your partner", explanation=found.why_not_partner())
        out[seat] = found.key
    return out


def _and(names: list[str]) -> str:
    """Names joined with "and": "North", "West and East", "West and North and East"."""
    out = names[0] if names else ""
    for name in names[1:]:
        # Translators: two seats or levels, or a list of them and one more ("West and East", "Beginner and Club")
        out = _("{others} and {last}").format(others=out, last=name)
    return out


def _where_they_sit(where: list[str], *, partners: bool) -> str:
    """Where your partners (or opponents) sit, in words; at three players, that you have no partner."""
    if not where:
        return _("At three players you have no partner.")
    if partners:
        return _("Your partners sit {seats}.").format(seats=_and(where))
    return _("Your opponents sit {seats}.").format(seats=_and(where))


def _default_opponents(opponents: str | Mapping[str, str] | None, rules: Rules = AUSTRALIAN) -> dict[str, str]:
    return _levels_by_seat(opponents, rules, partners=False)


def _default_partners(partners: str | Mapping[str, str] | None, rules: Rules = AUSTRALIAN) -> dict[str, str]:
    return _levels_by_seat(partners, rules, partners=True)


def _player(level: str, seed: int) -> Player:
    """A new computer player of ``level`` (Expert thinks :data:`SEARCH_BUDGET` seconds a card)."""
    return make_player(level, seed, time_budget=SEARCH_BUDGET)


class FreePlay(w.VBox):
    """A whole game of Five Hundred to 500 against computer players, saved as you go.

    * ``seed``: the deals of a new game (a resumed game keeps its own).
    * ``rules``: the rules of a new game (3, 4 or 6 players; a resumed game keeps its own).
      At 4 players you (South) and North play West and East; at 6, you (South) and your
      team-mates play the other team; at 3, everyone plays alone.
    * ``opponents``: a level (``"random"``, ``"beginner"``, ``"club"`` or ``"expert"``; the old
      names ``"rules"`` and ``"search"`` are Club and Expert) for every opponent, or a mapping by
      seat name (``{"W": ..., "E": ...}``); Club by default.
    * ``partners``: the same for your partner(s) (North at 4 players, your team-mates at 6), from
      the levels that may sit beside you (Beginner or Club); the strongest of them by default.
    * ``pace``: seconds between computer moves (``0``: at once, for tests).
    * ``path``: the save file; by default :func:`save_path`; ``None`` never saves.
    * ``resume``: carry on the game saved in ``path`` if there is one.
    * ``review_budget``: seconds of search per card for the review.
    * ``mark_best``: start with "Mark the best cards" on (off by default; a resumed game keeps
      the setting it was saved with).
    """

    _DEFAULT = object()

    def __init__(
        self,
        *,
        seed: int | None = 0,
        rules: Rules = AUSTRALIAN,
        opponents: str | Mapping[str, str] | None = None,
        partners: str | Mapping[str, str] | None = None,
        pace: float | None = 0.35,
        path: str | Path | None | object = _DEFAULT,
        resume: bool = True,
        review_budget: float = REVIEW_BUDGET,
        mark_best: bool | None = None,
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
        if rules.players not in PLAYER_COUNTS:
            raise RulesError(f"free play seats 3, 4 or 6 players, not {rules.players}",
                             explanation=_("Free play is for 3, 4 or 6 players."))
        chosen = _default_opponents(opponents, rules)
        chosen_partners = _default_partners(partners, rules)
        self._mark_best = bool(mark_best)
        if resume and self._path is not None and self._path.exists():
            game, saved, saved_mark_best, self.notice = self._load(self._path)
            if mark_best is None and game is not None:
                self._mark_best = saved_mark_best
            other_count = game is not None and game.rules.players != rules.players
            if saved is not None and "opponents" in saved and (opponents is None or other_count):
                chosen = saved["opponents"]
            elif game is not None and other_count:
                chosen = _default_opponents(None, game.rules)
            if saved is not None and "partners" in saved and (partners is None or other_count):
                chosen_partners = saved["partners"]
            elif game is not None and other_count:
                chosen_partners = _default_partners(None, game.rules)
        if game is None:
            game = Game(rules, seed=self._seed, dealer=1)
        self._opponents = chosen
        self._partners = chosen_partners
        self._pace = pace
        self._menus: dict[str, w.Dropdown] = {}
        self._partner_menus: dict[str, w.Dropdown] = {}
        self._menu_box = w.HBox(layout=w.Layout(flex_flow="row wrap", grid_gap="6px 10px", align_items="center"))
        self._partner_box = w.HBox(layout=w.Layout(flex_flow="row wrap", grid_gap="6px 10px", align_items="center"))
        self._partner_note = w.HTML(layout=w.Layout(width="100%"))
        self._count_menu = w.Dropdown(options=[(ngettext("{n} player", "{n} players", n).format(n=n), n) for n in PLAYER_COUNTS],
                                      value=game.rules.players,
                                      # Translators: the label of the menu of how many players sit at the table
                                      description=_("Table"), layout=w.Layout(width="170px"))
        self._count_menu.style.description_width = "44px"
        self._count_menu.add_class("fh-player-count")
        self._count_menu.observe(lambda ch: self.set_player_count(int(ch["new"])), names=["value"])
        self._table = self._build_table(game)

        self._new_game_btn = w.Button(description=_("New game"), tooltip=_("Start a new game at 0–0"),
                                      layout=w.Layout(width="auto", min_width="96px", height="34px"))
        self._new_game_btn.add_class("fh-new-game")
        self._new_game_btn.on_click(lambda _b: self._ask_new_game())
        self._confirm_yes = w.Button(description=_("Yes, start again"), button_style="warning",
                                     layout=w.Layout(width="auto", height="32px"))
        self._confirm_yes.add_class("fh-new-game-yes")
        self._confirm_no = w.Button(description=_("Keep playing"), layout=w.Layout(width="auto", height="32px"))
        self._confirm_no.add_class("fh-new-game-no")
        self._confirm_yes.on_click(lambda _b: self.new_game())
        self._confirm_no.on_click(lambda _b: self._hide_confirm())
        self._confirm = w.HBox(
            (w.HTML(small_html(_("Start a new game at 0–0? The game in progress will be lost."))),
             self._confirm_yes, self._confirm_no),
            layout=w.Layout(align_items="center", grid_gap="8px", display="none"),
        )
        self._confirm.add_class("fh-new-game-confirm")
        self._draw_menus()
        heading = w.HTML(f'<div style="font-family:{FONT};font-size:14px;font-weight:bold;color:{INK}">'
                         + escape(_("Your opponents")) + "</div>")
        bar = w.VBox((heading, self._menu_box, self._confirm, self._partner_box, self._partner_note),
                     layout=w.Layout(margin="0 0 6px 0"))
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
            # Translators: keep the record's keys (rules:, dealer:, N: … play:) as they are: the record is written in them
            placeholder=_("Paste a hand record here (rules:, dealer:, N:, E:, S:, W:, kitty:, auction:, play: …)"),
            layout=w.Layout(width="100%", height="140px"),
        )
        self._import_text.add_class("fh-import-text")
        self._import_btn = w.Button(description=_("Replay this record"), layout=w.Layout(width="auto"))
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
            titles=(_("Score pad: the game so far"), _("Hands this game: export a record"), _("Import a record and replay it")),
            selected_index=None,
        )
        self._records.add_class("fh-records")
        self.children = (bar, self._notice_html, self._table, self._game_over_html, self._review_html, self._records)
        self.layout = w.Layout(width="1300px", max_width="100%")
        self._notice_html.value = message_html(self.notice, "info", lead="") if self.notice else ""
        self._changed(self._table)
        last = game.hands[-1] if game.hands else None
        if last is not None and self._reviewed is None:
            # a resumed game: the review of the last hand played, as it was shown before
            self._reviewed = last
            self._schedule_review(last, len(game.hands))

    def _build_table(self, game: Game) -> TableView:
        """The table for ``game``: partners and opponents at their chosen levels."""
        me, partners, opponents = _seats(game.rules)
        n = game.rules.players
        players: dict[int, Player] = {x: _player(self._partners[seat_name(x, n)], self._seed + x) for x in partners}
        for x in opponents:
            players[x] = _player(self._opponents[seat_name(x, n)], self._seed + x)
        hints = LadderHints()  # one ladder per decision, shared by Hint and "Mark the best cards"
        table = TableView.deal(game=game, seed=self._seed, players=players, pace=self._pace, record_box=False,
                          policy=GameTo500(), hint=hints, best=hints.best_marks, mark_best=self._mark_best,
                          explain_bids=True)
        table.on_change(self._changed)
        return table

    def _draw_menus(self) -> None:
        rules = self.game.rules
        n = rules.players
        _me, partners, opponents = _seats(rules)
        about = " ".join(_("{level}: {about}").format(level=level.shown_label(), about=level.shown_about()) for level in LEVELS)
        self._menus = {}
        for x in opponents:
            seat = seat_name(x, n)
            menu = w.Dropdown(options=[(level.shown_label(), level.key) for level in LEVELS], value=self._opponents[seat],
                              description=seat_text(x, n), tooltip=about, layout=w.Layout(width="250px"))
            menu.style.description_width = "80px"
            menu.add_class(f"fh-strength-{seat}")
            menu.observe(self._level_chosen(seat, partner=False), names=["value"])
            self._menus[seat] = menu
        self._menu_box.children = (*self._menus.values(), self._count_menu, self._new_game_btn)
        offered = partner_levels()
        why_not = " ".join(level.why_not_partner() for level in LEVELS if not level.partner)
        self._partner_menus = {}
        for x in partners:
            seat = seat_name(x, n)
            menu = w.Dropdown(options=[(level.shown_label(), level.key) for level in offered], value=self._partners[seat],
                              # Translators: the label of a partner's level menu ("North (partner)")
                              description=_("{seat} (partner)").format(seat=seat_text(x, n)),
                              tooltip=" ".join((*(_("{level}: {about}").format(level=lv.shown_label(), about=lv.shown_about())
                                                  for lv in offered), why_not)),
                              layout=w.Layout(width="290px"))
            menu.style.description_width = "120px"
            menu.add_class(f"fh-partner-{seat}")
            menu.observe(self._level_chosen(seat, partner=True), names=["value"])
            self._partner_menus[seat] = menu
        self._partner_box.children = tuple(self._partner_menus.values())
        self._partner_box.layout.display = "" if partners else "none"
        self._draw_partner_note()

    def _draw_partner_note(self) -> None:
        rules = self.game.rules
        n = rules.players
        partners = _seats(rules)[1]
        if not partners:
            self._partner_note.value = small_html(
                _("Three players: everyone plays alone, and the other two join forces against whoever wins the auction."))
            return
        one = len(partners) == 1
        who = _and([seat_text(x, n) for x in partners])
        levels = {level_arg(self._partners[seat_name(x, n)]).key for x in partners}
        if levels == {"club"}:
            how = _("it never overtakes or trumps a card of yours it can see is sure to win, and never throws away a card "
                    "it knows is the top one left in its suit.")
        elif levels == {"beginner"}:
            how = _("it forgets which cards have gone, so it may overtake or trump a card of yours that is sure to win, or "
                    "throw away a card that has become the top one left in its suit.")
        else:
            how = _("each plays at the level chosen for it.")
        label = _and([level_arg(k).shown_label() for k in sorted(levels, key=lambda k: level_arg(k).label)])
        if one:
            # Translators: {who} is a seat ("North"), {level} a level's name ("Club"), {how} one of the sentences on how it plays
            plays = _("{who} (your partner) plays at {level} level: {how}")
        else:
            plays = _("{who} (your team-mates) play at {level} level: {how}")
        self._partner_note.value = small_html(
            plays.format(who=who, level=label, how=how) + " "
            + _("Expert is not offered as a partner: it thinks up to half a second a card, and when its search finds two "
                "cards worth the same it may throw away the top card left in a suit."))

    def set_player_count(self, players: int) -> bool:
        """Start a new game at a table of ``players`` (3, 4 or 6); the game in progress is dropped."""
        if players not in PLAYER_COUNTS:
            self._notice_html.value = message_html(_("Free play is for 3, 4 or 6 players."), "info")
            return False
        if players == self.game.rules.players:
            return True
        rules = self.game.rules.replace(players=players)
        self._opponents = _default_opponents(None, rules)
        self._partners = _default_partners(None, rules)
        old = self._table
        old.pace = None  # stop its computer moves
        self._mark_best = old.mark_best
        self._table = self._build_table(Game(rules, seed=self._seed, dealer=1))
        if self._count_menu.value != players:
            self._count_menu.value = players
        self._draw_menus()
        self._review, self._reviewed = None, None
        self._review_html.value = ""
        self.children = tuple(self._table if c is old else c for c in self.children)  # type: ignore[assignment]
        self._changed(self._table)
        self._save(force=True)
        return True

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
        """The opponents' levels by seat (``{"W": "club", "E": "expert"}``)."""
        return dict(self._opponents)

    @property
    def partners(self) -> dict[str, str]:
        """Your partners' levels by seat (``{"N": "club"}``; empty at 3 players)."""
        return dict(self._partners)

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
    def set_opponent(self, seat: str, level: str) -> bool:
        """Choose an opponent's level (``"W"`` or ``"E"``; ``"random"``, ``"beginner"``, ``"club"``, ``"expert"``)."""
        return self._set_level(seat, level, partner=False)

    def set_partner(self, seat: str, level: str) -> bool:
        """Choose a partner's level (``"N"`` at 4 players; ``"beginner"`` or ``"club"``)."""
        return self._set_level(seat, level, partner=True)

    def _set_level(self, seat: str, level: str, *, partner: bool) -> bool:
        menus = self._partner_menus if partner else self._menus
        chosen = self._partners if partner else self._opponents
        try:
            if seat not in menus:
                who = "partner" if partner else "opponent"
                n = self.game.rules.players
                where = [seat_text(parse_seat(s, n), n) for s in menus]
                raise RulesError(f"no {who} seat {seat!r}", explanation=_where_they_sit(where, partners=partner))
            found = level_arg(level)
            if partner and not found.partner:
                raise RulesError(f"level {found.key!r} may not sit as your partner", explanation=found.why_not_partner())
            player = _player(found.key, self._seed + seat_index(seat, self.game.rules.players))
        except FiveHundredError as err:
            self._notice_html.value = message_html(err.explanation, "info")
            return False
        chosen[seat] = found.key
        self._table.set_player(seat, player)
        if menus[seat].value != found.key:
            menus[seat].value = found.key
        if partner:
            self._draw_partner_note()
        self._save(force=True)
        return True

    def _level_chosen(self, seat: str, *, partner: bool) -> Callable[[Any], None]:
        def handler(change: Any) -> None:
            if change["new"] != (self._partners if partner else self._opponents).get(seat):
                self._set_level(seat, str(change["new"]), partner=partner)

        return handler

    def _ask_new_game(self) -> None:
        """The New game button: at once if nothing is lost, else ask first."""
        game = self.game
        if game.is_over or (not game.hands and not self._table.session.learner_actions()):
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
                                explanation=_("This game has hands 1 to {last}.").format(last=len(hands)))
        text = hands[number - 1].record()
        self._exported = text
        self._export_text.value = text
        self._export_status.value = small_html(
            _("Hand {number}'s record: copy it to keep it, or paste it into the import box to replay it.").format(number=number))
        return text

    def _in_progress(self) -> Round | None:
        """The hand being played at the table (``None`` while a finished hand is still on show)."""
        game, r = self.game, self._table.round
        return r if r is game.round and not r.is_over else None

    def import_record(self, text: str) -> bool:
        """Replay the hand in ``text`` on a separate table below (the game is left as it is)."""
        try:
            replay = TableView.deal(record=text, pace=self._table.pace, record_box=False, seed=self._seed)
        except FiveHundredError as err:
            self._import_status.value = message_html(err.explanation, "info")
            return False
        self.replay = replay
        self._replay_box.children = (replay,)
        self._import_status.value = message_html(
            _("Replaying the record on the table below (your game is left as it was)."), "info", lead="")
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
                game.result.reason + " " + _("Press New game to play again."), "right", lead=_("Game over."))
        else:
            self._game_over_html.value = ""
        self._save()

    def _schedule_review(self, r: Round, number: int) -> None:
        with self._lock:
            self._review_gen += 1
            gen = self._review_gen
        self._review_html.value = message_html(_("Reviewing hand {number}…").format(number=number), "info", lead="")

        def grade() -> Review | None:
            with self._lock:
                if gen != self._review_gen:
                    return None
            return review_hand(r, number, time_budget=self._review_budget, seat=self._table.session.learner)

        def show(rev: Review | None) -> None:
            with self._lock:
                if rev is None or gen != self._review_gen:
                    return
                self._review = rev
                self._review_html.value = self._review_html_for(rev, stale=self._table.round is not r)

        pace = self._table.pace
        if pace == 0 or (pace is None and kernel_loop() is None):
            show(grade())  # computer moves at once (tests, self-checks): the review too
        else:
            # off the kernel's main loop: the click's own update goes out at once, and a resumed game's page
            # finishes drawing while its last hand is reviewed (on the loop, the search held the page's last
            # outputs back, over a minute under load); the review is shown on the loop when it is ready
            self._table.pacer.background(grade, show, "review")

    def _review_html_for(self, rev: Review, *, stale: bool = False) -> str:
        items = "".join(f"<li>{escape(m)}</li>" for m in rev.moments())
        rows = ""
        if rev.graded:
            cells = "".join(
                f'<span class="fh-graded fh-grade-{g.grade}" style="display:inline-block;margin:2px 6px 2px 0;'
                f'padding:1px 7px;border-radius:8px;background:{_GRADE_BG.get(g.grade or "", "#eee")}">'
                + escape(_("trick {trick}: {card} {grade}").format(trick=g.trick, card=g.play.card.label, grade=grade_word(g.grade)))
                + "</span>"
                for g in sorted(rev.graded, key=lambda g: g.trick)
            )
            rows = f'<div style="margin-top:4px;font-size:13px">{cells}</div>'
        worst = f'<ul style="margin:6px 0 0 18px;padding:0">{items}</ul>' if items else ""
        reasons = "".join('<li class="fh-review-reason">' + escape(_("Trick {trick}: {reason}").format(trick=g.trick, reason=g.reason))
                          + "</li>" for g in sorted(rev.graded, key=lambda g: g.trick) if g.reason)
        if reasons:
            rows += ('<details class="fh-review-cards" style="margin-top:4px;font-size:13px"><summary>'
                     + escape(_("Every card, with the reason"))
                     + f'</summary><ol style="margin:4px 0 0 18px;padding:0">{reasons}</ol></details>')
        head = (_("Review of hand {number} (the hand before this one)") if stale
                else _("Review of hand {number}")).format(number=rev.hand_number)
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
            pts = ", ".join(f"{n} {'+' if p >= 0 else '−'}{abs(p)}" for n, p in zip(side_names(game.rules), line.points))
            label = w.HTML(small_html(_("Hand {number}, dealt by {dealer}: {reason} ({points})").format(
                number=i, dealer=seat_text(r.dealer, 4), reason=line.reason, points=pts)))
            label.layout = w.Layout(flex="1 1 auto")
            btn = w.Button(description=_("Export"), layout=w.Layout(width="auto", min_width="80px"))
            btn.add_class("fh-export")
            btn.add_class(f"fh-export-{i}")
            btn.on_click(self._exporter(i))
            rows.append(w.HBox((btn, label), layout=w.Layout(align_items="center", grid_gap="8px")))
        now = len(game.hands) + 1
        if self._in_progress() is not None:
            btn = w.Button(description=_("Export"), layout=w.Layout(width="auto", min_width="80px"))
            btn.add_class("fh-export")
            btn.add_class(f"fh-export-{now}")
            btn.on_click(self._exporter(now))
            rows.append(w.HBox((btn, w.HTML(small_html(_("Hand {number}: the hand in progress, so far.").format(number=now)))),
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
        """What is saved: the game (:meth:`Game.to_dict`), the opponents' and partners' levels and whether
        the best cards are marked."""
        return {"format": SAVE_FORMAT, "game": self.game.to_dict(), "opponents": dict(self._opponents),
                "partners": dict(self._partners), "mark_best": self._table.mark_best}

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
            atomic_write_text(self._path, text)  # crash- and full-disk-safe (widgets/progress.py)
            self._last_saved = text
        except OSError as err:
            self._notice_html.value = message_html(save_failure_text(err, _("Your game")), "info", lead="")

    @staticmethod
    def _load(path: Path) -> tuple[Game | None, dict[str, dict[str, str]] | None, bool, str]:
        """(game, levels, mark_best, notice) from a save file, where ``levels`` holds the saved
        ``"opponents"`` and ``"partners"`` (each only when saved; old names read as their levels); a bad
        file gives (None, None, False, why) and is set aside under a new numbered name
        (:mod:`fivehundred.saves` reads and checks it)."""
        try:
            data = read_save(path, N_("the free-play save"))
            if data is None:
                return None, None, False, ""
            data = check_freeplay(data, SAVE_FORMAT)
            game = Game.from_dict(data.get("game"))
            if game.rules.players not in PLAYER_COUNTS:
                raise NotationError(f"not a 3-, 4- or 6-player game: {game.rules.players}",
                                    explanation=_("The saved game is not a 3-, 4- or 6-player game."))
            levels: dict[str, dict[str, str]] = {}
            raw = data.get("opponents")
            if isinstance(raw, dict):
                levels["opponents"] = _default_opponents(raw, game.rules)
            raw = data.get("partners")
            if isinstance(raw, dict):
                levels["partners"] = _default_partners(raw, game.rules)
        except (OSError, ValueError) as err:
            if isinstance(err, SaveError):
                why = _("The saved game is not readable ({why}).").format(why=err.explanation)
            elif isinstance(err, FiveHundredError):
                why = err.explanation
            else:
                why = _("The saved game is not readable.")
            try:
                aside = set_aside(path)
                kept = " " + _("The old file was kept as {name}.").format(name=aside.name)
            except OSError:
                kept = ""
            return None, None, False, why + " " + _("A new game has started.") + kept
        n = len(game.hands) + (0 if game.is_over else 1)
        totals = scores_text(side_names(game.rules), game.scores)
        return game, levels, data.get("mark_best") is True, _("Welcome back: your saved game carries on at hand {number} ({totals}).").format(
            number=n, totals=totals)

    def __repr__(self) -> str:
        g = self.game
        totals = ", ".join(f"{n} {t}" for n, t in zip(g.side_names, g.scores))
        opp = ", ".join(f"{s}={v}" for s, v in self._opponents.items())
        mates = ", ".join(f"{s}={v}" for s, v in self._partners.items())
        return (f"FreePlay(hand={len(g.hands) + 1}, scores={totals!r}, opponents={opp!r}, partners={mates!r}, "
                f"over={g.is_over})")


_GRADE_BG = {"best": "#dcedc8", "good": "#e8f5e9", "inaccuracy": "#fff8e1", "mistake": "#ffe0b2",
             "blunder": "#ffcdd2"}


def seat_index(seat: str, players: int = 4) -> int:
    """A seat's number from its name: ``"N" "E" "S" "W"`` -> 0 1 2 3 at 4 players."""
    return parse_seat(seat, players)
