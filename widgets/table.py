"""TableView: the card table, drawn from a :class:`fivehundred.session.Session` (the controller).

The view draws the session's state and forwards gestures; every game decision is the
session's or the engine's.  You sit at the bottom (South at 4 or 6 players), the others
clockwise from your left.  One :class:`~fivehundred.session.Pacer` paces the computer on the
kernel's main IO loop; ``pace=0`` moves at once, ``pace=None`` waits for :meth:`step`.

>>> t = TableView.deal(seed=3, dealer="E", pace=0)
>>> t.phase, t.to_act
('auction', 'S')
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

import ipywidgets as w
import traitlets

from fivehundred.i18n import _, ngettext
from fivehundred.actions import Action, Discard, Nominate, Play
from fivehundred.bidding import Bid
from fivehundred.bidding_method import expert_note, partners_of, promise_words
from fivehundred.cards import Card, Suit, format_cards
from fivehundred.errors import FiveHundredError
from fivehundred.game import Game
from fivehundred.round import Phase, Round
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.seating import seat_name, side_of
from fivehundred.session import (NORMAL_PACE, HintFn, MoveRefused, Pacer, Policy, Session, VetFn, Vetting,
                                 background_loop)
from widgets import felt, resync, table_parts as parts
from widgets._common import kernel_loop
from widgets._panes import Panes
from widgets._toolbar import ToolItem
from widgets._common import Tone, message_html
from widgets.auction import AuctionPanel
from widgets.best_marks import BestCardsOverlay, BestFn
from widgets.hand import HandView
from widgets.kitty import KittyChoice
from widgets.nomination import JokerNomination
from widgets.scorepad import ScorePad
from widgets.rules_card import RulesCard

if TYPE_CHECKING:
    from fivehundred.players import Player

__all__ = ["TableView", "MoveRefused", "LEARNER", "SPEEDS", "HintFn", "VetFn", "kernel_loop"]

#: the learner's seat at the 4-player table: South
LEARNER = 2

#: the speed menu: seconds between computer moves.  "Instant" still goes through the pacer (moves made
#: inside a browser event's handler could leave a Voilà page stale); ``pace=0`` in code is synchronous.
SPEEDS: tuple[tuple[str, float], ...] = (("Slow", 1.6), ("Normal", NORMAL_PACE), ("Fast", 0.35), ("Instant", 0.05))

def _buttons_in(root: w.Widget) -> list[w.Button]:
    """The buttons under ``root``, in page order."""
    out: list[w.Button] = []
    for child in getattr(root, "children", ()):
        out += [child] if isinstance(child, w.Button) else _buttons_in(child)
    return out


def _pressing(fn: Callable[[], object]) -> Callable[[ToolItem], object]:
    """A toolbar callback that calls ``fn()``."""
    return lambda _item: fn()


#: seconds after New hand deals during which another click on it does nothing (a double click deals once)
NEW_HAND_SETTLE = 1.5


class TableView(w.VBox):
    """A whole hand (and game) of Five Hundred at the table, you against computer players.

    * ``session``: the controller to draw (a :class:`~fivehundred.session.Session`).
      :meth:`deal` builds one from today's keyword arguments and draws it: ``round``, ``seed``,
      ``dealer``, ``rules`` (3 to 6 players), ``players`` (by seat; default the rules-based player),
      ``record`` (a hand record to replay), ``game`` (carry on a game), ``hint`` (``view -> sentence``;
      the Hint button is hidden without one), ``vet`` (``(round, action) -> message or None``: a
      :class:`~fivehundred.session.Vetting` policy), ``policy``.

    The other arguments are the view's own:

    * ``best`` (``view -> marks``: the learner's cards that keep the best result; see
      :mod:`widgets.best_marks`): adds the "Mark the best cards" toggle, on from the start if
      ``mark_best``; without ``best`` there is no toggle.
    * ``pace``: seconds between computer moves; ``0`` at once; ``None`` waits for :meth:`step`.
    * ``record_box``: show the "Hand record" accordion.

    Gestures in Python: :meth:`act` (any action), :meth:`bid`, :meth:`pass_`, :meth:`discard`,
    :meth:`nominate`, :meth:`play`, :meth:`undo`, :meth:`new_hand`, :meth:`new_game`, :meth:`step`,
    :meth:`hint`, :meth:`load_record`.  Each returns whether it was accepted; a refusal's reason
    is in :attr:`feedback`.  :meth:`on_change` registers callbacks run after every redraw.
    """

    status = traitlets.Unicode("")
    feedback = traitlets.Unicode("")
    show_all = traitlets.Bool(False)
    pace = traitlets.Float(NORMAL_PACE, allow_none=True)

    def __init__(
        self,
        session: Session,
        *,
        pace: float | None = NORMAL_PACE,
        show_all: bool = False,
        four_colour: bool = False,
        record_box: bool = True,
        best: BestFn | None = None,
        mark_best: bool = False,
        explain_bids: bool = False,
    ) -> None:
        if not isinstance(session, Session):
            raise TypeError(f"TableView draws a Session, not {session!r}: use TableView.deal(...) to start "
                            "a table from a seed, a round, a record or a game")
        super().__init__()
        self.add_class("fh-table-view")
        self.session = s = session
        self._listeners: list[Callable[[TableView], None]] = []
        self._four_colour = four_colour
        self._pacer = Pacer(s, kernel_loop() or background_loop(), pace=pace, on_move=self._moved,
                            on_error=self._move_failed)
        me = s.learner
        r = s.round
        # --- the felt: the other seats round the top, the trick in the middle, your hand below --------------
        # The seats, the trick and your label are one component's panes (one widget model, one message a move:
        # issue #26); your hand (or the kitty) sits under them.
        n = s.rules.players
        self._areas = felt.seat_areas(s)
        top = '"nw north ne"' if n > 4 else '"north north north"'
        self._felt_panes = Panes(
            [*((seat_name(seat, n), f"fh-table-seat fh-seat-{seat_name(seat, n)}",
                f"grid-area:{self._areas[seat]};align-self:center;min-width:0") for seat in s.computer_seats),
             ("centre", "fh-table-trick", "grid-area:centre;align-self:center"),
             ("south", "fh-table-south", "grid-area:south;justify-self:center")],
            box_class="fh-felt-grid",
            box_style=(f"display:grid;grid-template-areas:{top} 'west centre east' 'south south south';"
                       "grid-template-columns:minmax(0,1fr) auto minmax(0,1fr);gap:8px 10px"),
            layout=w.Layout(width="100%", align_self="stretch"))
        self._seat_html = {seat: self._felt_panes[seat_name(seat, n)] for seat in s.computer_seats}
        self._centre = self._felt_panes["centre"]
        self._south_label = self._felt_panes["south"]
        self._hand = HandView(card_width=60, felt=False, label="", on_choose=self._hand_chose,
                              explain=lambda c: s.round.explain_card(c, s.learner))
        self._hand.add_class("fh-table-hand")
        self._kitty_choice: KittyChoice | None = None  # made when you first take a kitty; it borrows your hand's row
        self._felt = w.VBox((self._felt_panes, self._hand), layout=w.Layout(
            padding="12px 10px 8px 10px", width="100%", flex="0 1 780px", min_width="0", align_items="center"))
        self._felt.add_class("fh-table-felt")
        self._felt.add_class(f"fh-players-{n}")
        # the line above the felt (with the table's style sheet) and the status column beside it
        self._top = Panes([("header", "fh-table-header", "")], head=felt.CSS)
        self._header = self._top["header"]
        self._side = Panes([("status", "fh-table-status", ""), ("feedback", "fh-table-feedback", ""),
                            ("hint", "fh-hint-text", "")])
        self._status_html, self._feedback_html = self._side["status"], self._side["feedback"]
        self._hint_html = self._side["hint"]
        # --- the phase panels (the rarer ones are made when first needed: fewer widget models a page) -------
        self._auction = AuctionPanel(r, seat=me, submit=self._submit)
        self._nomination_panel: JokerNomination | None = None
        self._joker_panel: tuple[w.VBox, dict[Suit, w.Button]] | None = None
        self._partner_panel: w.HBox | None = None
        self._result_panel: tuple[w.HTML, ScorePad] | None = None
        # the column beside the felt: the status lines, then this phase's panel
        self._phase_box = w.VBox((self._side,))
        self._phase_box.add_class("fh-table-phase")
        # --- the controls ----------------------------------------------------------------------------
        self._controls, self._toolbar = parts.controls(pace, show_all, parts.speed_label(SPEEDS, pace), SPEEDS,
                                                       bids=explain_bids)
        bar = self._toolbar
        # the kitty's Confirm, Start again and count: first in the row, hidden until you take a kitty
        KittyChoice.add_items(bar, hidden=True, before=bar.names[0])
        self._undo_btn, self._new_btn, self._show_btn, self._hint_btn = bar["undo"], bar["new"], bar["show"], bar["hint"]
        self._step_btn, self._speed = bar["step"], bar["speed"]
        presses: tuple[tuple[ToolItem, Callable[[], object]], ...] = (
            (self._undo_btn, self.undo), (self._new_btn, self.new_hand), (self._hint_btn, self.hint),
            (self._step_btn, self.step))
        for item, fn in presses:
            item.on_click(_pressing(fn))
        self._show_btn.on_change(lambda item: setattr(self, "show_all", bool(item.value)))
        self._speed.on_change(lambda item: self._speed_chosen({"new": item.value}))
        self._hint_btn.hidden = s.hint_fn is None
        # "What the bids show": on request, each computer seat's latest call read by the method (free play)
        self._bids_btn: ToolItem | None = bar["bids"] if explain_bids else None
        if self._bids_btn is not None:
            self._bids_btn.on_click(lambda _item: self.explain_bids())
        self._dealt_at: float | None = None  # when New hand last dealt (a second click while it starts does nothing)
        self._dealt_round: Round | None = None
        self._acted_since_deal = False  # set by each of your decisions (see _submit)
        self._focused_for: tuple[int, Phase, int] | None = None
        #: where the keyboard focus was last sent ("ladder", "kitty", "card 10D", "new hand", ...)
        self.focus_target = ""
        self._rules_card = RulesCard()  # trump order, the ladder, this contract's score: one click away
        # --- "Mark the best cards": off by default; its search runs off the click path (widgets/best_marks.py)
        self._best: BestCardsOverlay | None = None
        if best is not None:
            self._best = BestCardsOverlay(s, self._hand, self._pacer, best, on=mark_best,
                                          sync=lambda: self.pace == 0, redraw=self.refresh)
            self._controls.children = (*self._controls.children, self._best.toggle)
            self._felt.children = (*self._felt.children, self._best.status)
        # --- the hand record ---------------------------------------------------------------------------
        self._records = parts.RecordBox(lambda: setattr(self._records.text, "value", self.record),
                                        lambda: self.load_record(self._records.text.value))
        self._record_box = self._records.box
        self._record_box.layout.display = "" if record_box else "none"
        # the hint sits beside the felt, under the status line, so it is in view at 1366×768 (issue 27)
        main = parts.beside(self._felt, self._phase_box)
        self.children = (self._top, main, self._controls, self._rules_card, self._record_box)
        self.layout = w.Layout(width="1300px", max_width="100%", padding="4px")
        self.pace = pace
        self.show_all = show_all
        self.observe(self._on_pace, names=["pace"])
        self.observe(lambda ch: setattr(self._feedback_html, "value", message_html(str(ch["new"]), "info")),
                     names=["feedback"])
        self.observe(self._on_show_all, names=["show_all"])
        resync.register(self)
        self._after_change()
        self._focus_ready = True  # from now on: at page load the focus stays where the reader is

    @classmethod
    def deal(
        cls,
        round: Round | None = None,
        *,
        seed: int | None = 0,
        dealer: int | str = 0,
        rules: Rules = AUSTRALIAN,
        players: Sequence[Player | None] | Mapping[int, Player] | None = None,
        record: str | None = None,
        hint: HintFn | None = None,
        vet: VetFn | None = None,
        game: Game | None = None,
        policy: Policy | None = None,
        pace: float | None = NORMAL_PACE,
        show_all: bool = False,
        four_colour: bool = False,
        record_box: bool = True,
        best: BestFn | None = None,
        mark_best: bool = False,
        explain_bids: bool = False,
    ) -> TableView:
        """A table for a new :class:`~fivehundred.session.Session` built from these arguments.

        ``round`` (a hand to continue), else ``record`` (a hand record to replay), else a hand dealt
        from ``seed`` by ``dealer`` under ``rules``; ``game`` carries on a game; ``players`` by seat;
        ``hint``; ``vet`` (a :class:`~fivehundred.session.Vetting` policy) or ``policy``.  The other
        keywords are the view's own (see :class:`TableView`).
        Bad arguments raise the session's error, naming them, before any widget is made.
        """
        if policy is None and vet is not None:
            policy = Vetting(vet)
        session = Session(round, game=game, seed=seed, dealer=dealer, rules=rules, players=players,
                          record=record, hint=hint, policy=policy)
        return cls(session, pace=pace, show_all=show_all, four_colour=four_colour, record_box=record_box,
                   best=best, mark_best=mark_best, explain_bids=explain_bids)

    @classmethod
    def from_record(cls, text: str, **kwargs: Any) -> TableView:
        """A table that replays the hand in ``text`` at its pace (you may take over at your turn).

        Raises:
            NotationError, IllegalActionError: the record does not parse or replay.
        """
        return cls.deal(record=text, **kwargs)

    # ------------------------------------------------------------------ state (the session's)
    @property
    def round(self) -> Round:
        """The hand on the table (the finished one until New hand)."""
        return self.session.round

    @property
    def game(self) -> Game:
        """The game: score lines so far."""
        return self.session.game

    @property
    def to_act(self) -> str:
        """The seat to act (``"S"`` is you at 4 players), or ``"-"`` when the hand is over."""
        return self.session.round.seat_name(self.session.to_act)

    @property
    def players(self) -> dict[int, Player]:
        """The computer players by seat (a copy; change one with :meth:`set_player`)."""
        return self.session.players

    @property
    def events(self) -> tuple[str, ...]:
        """This hand's sentences so far, oldest first."""
        return self.session.events

    @property
    def record(self) -> str:
        """This hand's record so far (paste it into :meth:`load_record` to replay it)."""
        return self.session.round.record()

    @property
    def pacer(self) -> Pacer:
        """The pacer running the computer moves (its :attr:`~Pacer.log` and counts)."""
        return self._pacer

    phase = property(lambda self: self.session.phase.value, doc='The phase: "auction", "kitty", ... "over".')
    my_turn = property(lambda self: self.session.my_turn, doc="Whether it is your decision now.")
    hand = property(lambda self: self._hand, doc="Your hand (click a card to play it).")
    auction = property(lambda self: self._auction)
    # --- the rarer panels, made when first needed -----------------------------------------------------
    @property
    def _kitty(self) -> KittyChoice:
        """The kitty's choice, drawn on your hand's card row, the panes under it and the kitty's items of the
        control bar while you take the kitty (no widget model of its own: issue #26)."""
        if self._kitty_choice is None:
            below = self._hand._below
            self._kitty_choice = KittyChoice(self.session.round, cards=self._hand._buttons, prompt=below["hint"],
                                             status=below["status"], bar=self._toolbar, submit=self._submit,
                                             seat=self.session.learner, active=False)
        return self._kitty_choice

    @property
    def _nomination(self) -> JokerNomination:
        if self._nomination_panel is None:
            self._nomination_panel = JokerNomination(self.session.round, submit=self._submit)
        return self._nomination_panel

    @property
    def _joker_lead(self) -> w.VBox:
        return self._joker_parts[0]

    @property
    def _joker_buttons(self) -> dict[Suit, w.Button]:
        return self._joker_parts[1]

    @property
    def _joker_parts(self) -> tuple[w.VBox, dict[Suit, w.Button]]:
        if self._joker_panel is None:
            self._joker_panel = parts.joker_lead(lambda suit: self.play("JK", named=suit))
        return self._joker_panel

    @property
    def _partner_box(self) -> w.HBox:
        if self._partner_panel is None:
            self._partner_panel = w.HBox(layout=w.Layout(flex_flow="row wrap", grid_gap="6px"))
            self._partner_panel.add_class("fh-partner-call")
        return self._partner_panel

    @property
    def _result_parts(self) -> tuple[w.HTML, ScorePad]:
        if self._result_panel is None:
            result = w.HTML()
            result.add_class("fh-table-result")
            self._result_panel = (result, ScorePad(self.session.game))
        return self._result_panel

    @property
    def _scorepad(self) -> ScorePad:
        return self._result_parts[1]

    kitty = property(lambda self: self._kitty)
    nomination = property(lambda self: self._nomination)
    scorepad = property(lambda self: self._scorepad)

    @property
    def best_overlay(self) -> BestCardsOverlay | None:
        """The "Mark the best cards" overlay (``None`` at a table without one)."""
        return self._best

    @property
    def mark_best(self) -> bool:
        """Whether the best cards are marked at your card play (the toggle; off by default)."""
        return self._best is not None and self._best.on

    @mark_best.setter
    def mark_best(self, on: bool) -> None:
        if self._best is not None:
            self._best.toggle.value = bool(on)  # its observer redraws

    @property
    def result_text(self) -> str:
        """The engine's sentence on how the hand scored ("" until it is over)."""
        res = self.session.round.result
        return res.reason if res is not None else ""

    def set_player(self, seat: int | str, player: Player) -> None:
        """Seat ``player`` at a computer seat (see :meth:`Session.set_player`)."""
        self.session.set_player(seat, player)

    def on_change(self, callback: Callable[[TableView], None]) -> None:
        """Call ``callback(table)`` after every redraw (a move, undo, new hand or replay)."""
        self._listeners.append(callback)

    # ------------------------------------------------------------------ gestures
    def _refused(self, err: FiveHundredError) -> bool:
        self.feedback = err.explanation
        return False

    def _submit(self, act: Action) -> None:
        """The sub-panels' gesture: do it or raise ``FiveHundredError`` (the panel shows why)."""
        self.session.act(act)
        self._acted_since_deal = True
        self.feedback = ""
        self._hint_html.value = ""
        self._after_change()

    def act(self, action: Action | str) -> bool:
        """Do the learner's action (a bid, discard, partner call, nomination or card, or its text), through
        the panel a click would use (so the panel shows a refusal too)."""
        try:
            act = self.session.round.parse_action(action) if isinstance(action, str) else action
        except FiveHundredError as err:
            return self._refused(err)
        if isinstance(act, Bid):
            return self._panel(self._auction, lambda: self._auction.bid(act))
        if isinstance(act, Discard):
            return self._panel(self._kitty, lambda: self._kitty_discard(act.cards))
        if isinstance(act, Nominate):
            return self._panel(self._nomination, lambda: self._nomination.nominate(act.suit))
        try:
            self._submit(act)
        except FiveHundredError as err:
            self._hand.status = err.explanation if isinstance(act, Play) else ""
            return self._refused(err)
        self._hand.status = ""
        return True

    def _kitty_discard(self, cards: tuple[Card, ...]) -> bool:
        self._kitty.choose(cards)
        return self._kitty.confirm()

    def _panel(self, panel: Any, fn: Callable[[], bool]) -> bool:
        with self.session.lock:
            ok = fn()
        self.feedback = "" if ok else panel.status
        return ok

    def bid(self, bid: Bid | str) -> bool:
        """Bid (``"7H"``, ``"MIS"``) or pass (``"PASS"``), as the auction's buttons do."""
        try:
            return self.act(bid if isinstance(bid, Bid) else Bid.parse(bid))
        except FiveHundredError as err:
            return self._refused(err)

    def pass_(self) -> bool:
        return self.bid("PASS")

    def discard(self, cards: str | Sequence[Card | str]) -> bool:
        """Discard cards after taking the kitty (the engine wants exactly the kitty's size)."""
        try:
            return self.act(Discard.of(cards))
        except FiveHundredError as err:
            return self._refused(err)

    def nominate(self, suit: Suit | str | None) -> bool:
        """Nominate the joker's suit (``"H"``), or ``None`` for no nomination."""
        try:
            return self.act(Nominate(suit if suit is None or isinstance(suit, Suit) else Suit.parse(suit)))
        except FiveHundredError as err:
            return self._refused(err)

    def play(self, card: Card | str | Play, named: Suit | str | None = None) -> bool:
        """Play a card (``"JH"``; ``"JK:H"`` or ``named="H"`` leads the joker naming hearts)."""
        try:
            act = card if isinstance(card, Play) else Play.parse(card)
            if named is not None:
                act = Play(act.card, named if isinstance(named, Suit) else Suit.parse(named))
        except FiveHundredError as err:
            self._hand.status = err.explanation
            return self._refused(err)
        return self.act(act)

    def _hand_chose(self, card: Card) -> None:
        """A click on a card in your hand (HandView shows a refusal's explanation)."""
        try:
            self._submit(Play.parse(card))
        except FiveHundredError as err:
            self.feedback = err.explanation
            raise

    def _gesture(self, fn: Callable[[], object]) -> bool:
        self._pacer.cancel()
        try:
            fn()
        except FiveHundredError as err:
            self._after_change()
            return self._refused(err)
        self.feedback = self._hand.status = self._hint_html.value = ""
        self._after_change()
        return True

    def undo(self) -> bool:
        """Take back your last decision (and the computer moves after it)."""
        return self._gesture(self.session.undo)

    def new_hand(self) -> bool:
        """Deal the next hand (the score carries on; an unfinished hand is thrown in).

        A second click while the new deal is starting (within :data:`NEW_HAND_SETTLE` seconds, before
        you have acted in it) does nothing and returns ``False``: a double click deals once, so the deal
        on the screen is the one that is saved."""
        s = self.session
        if (self._dealt_at is not None and time.monotonic() - self._dealt_at < NEW_HAND_SETTLE
                and s.round is self._dealt_round and not self._acted_since_deal):
            return False
        ok = self._gesture(s.new_hand)
        if ok:
            self._dealt_at, self._dealt_round, self._acted_since_deal = time.monotonic(), s.round, False
        return ok

    def new_game(self, seed: int | None = None, *, dealer: int | str | None = None) -> bool:
        """Start a new game at 0–0 (any hand in progress is abandoned)."""
        return self._gesture(lambda: self.session.new_game(seed, dealer=dealer))

    def load_record(self, text: str) -> bool:
        """Replay the hand in a record at the table's pace; returns whether it was read."""
        ok = self._gesture(lambda: self.session.load_record(text))
        moves = len(Round.from_record(text).history) if ok else 0
        self._records.status.value = (message_html(ngettext("Replaying {n} move.", "Replaying {n} moves.", moves).format(n=moves), "info", lead="") if ok
                                     else message_html(self.feedback, "info"))
        return ok

    def step(self) -> bool:
        """Let the next computer player (or the replay) make one move now.  Returns whether one did."""
        try:
            moved = self.session.advance() is not None
        except FiveHundredError as err:
            return self._refused(err)
        self.feedback = "" if moved or not self.my_turn else _("It's your turn: nobody else has a move to make.")
        self.refresh()
        return moved

    def hint(self) -> str:
        """Ask the hint service about your position; the text is shown and returned.

        While a computer player is to act it says at once that it is not your turn yet (it does not
        wait for the computer's move, nor answer for your next turn)."""
        if not self.session.my_turn and self.session.hint_fn is not None:
            text = self._not_your_turn()
            self._hint_html.value = message_html(text, "info", lead=_("Hint:"))
            return text
        text = self.session.hint()
        self._hint_html.value = message_html(text, "info", lead=_("Hint:")) if text else ""
        return text

    def explain_bids(self) -> str:
        """Say what each computer seat's latest call shows, by the method (your partners first); shown and returned.

        Each sentence is :func:`fivehundred.bidding_method.promise_words`; a player that does not bid by the
        method (Random) is said to show nothing; that Expert seats now and then bid otherwise is said once, after
        the calls (:func:`fivehundred.bidding_method.expert_note`)."""
        s = self.session
        r = s.round
        called = {seat for seat, _ in r.auction}
        partners = partners_of(s.learner, r.rules.players, r.rules)
        seats = sorted((x for x in s.computer_seats if x in called), key=lambda x: (x not in partners, x))
        if not seats:
            text = _("Nobody else has called yet.")
        else:
            experts = [x for x in seats if getattr(s.players.get(x), "departs_from_method", False)]
            text = " ".join([*(self._bid_reading(x) for x in seats), expert_note(experts, r.rules.players)]).strip()
        self._hint_html.value = message_html(text, "info", lead=_("The bids:"))
        return text

    def _bid_reading(self, seat: int) -> str:
        """:func:`promise_words` for one computer seat, as that seat's player bids (by the method, mostly by it, or
        at random); that an Expert seat now and then bids otherwise is said once for all of them (:func:`expert_note`)."""
        r = self.session.round
        player = self.session.players.get(seat)
        by_method = bool(getattr(player, "departs_from_method", False) or getattr(player, "bids_by_method", False))
        return promise_words(seat, r.auction, rules=r.rules, by_method=by_method)

    def _not_your_turn(self) -> str:
        """The session's own turn sentence ("West to play…"), read without waiting for the computer's move."""
        s = self.session
        if s.round.is_over:
            return _("The hand is over: there is nothing left to decide.")
        return _("It's not your turn yet: {turn}. A hint is ready when it is your turn.").format(
            turn=s.turn_sentence(paced=self.pace is not None).rstrip("…"))

    # ------------------------------------------------------------------ observers
    def _after_change(self) -> None:
        """After a gesture: put the session's round in the panels, schedule the computer, redraw."""
        r = self.session.round
        with self._held():  # the row given back and drawn again: one message
            if not (r.phase is Phase.KITTY and self.session.my_turn):
                self._give_back_row()  # before the kitty follows a new round: it never draws one it doesn't take
            for panel in (self._auction, self._kitty_choice, self._nomination_panel):
                if panel is not None and panel._round is not r:
                    panel.set_round(r)
            self._pacer.kick()
            self.refresh()

    @contextmanager
    def _held(self) -> Iterator[None]:
        """Your card row and the control bar send what changed inside this block as one message each."""
        with self._hand._buttons.hold_sync(), self._toolbar.hold_sync():
            yield

    def _lend_row(self) -> None:
        """Your hand lends its card row to the kitty (or the kitty, which has it, draws again)."""
        if self._kitty.active:
            self._kitty.refresh()
            return
        self._hand.lent = True
        self._kitty.attach(multi=True, overlap=0.3, row_class="fh-kitty-cards",
                           group_label=_("Your 13 cards: choose 3 to discard"))

    def _give_back_row(self) -> None:
        """The kitty gives your hand's card row back (if it has it): the hand draws its own cards again."""
        if self._kitty_choice is not None and self._kitty_choice.active:
            self._kitty_choice.detach()
            self._hand.lent = False

    def resend_soon(self) -> None:
        """Send the whole table's state again 1, 3 and 8 s from now (see :mod:`widgets.resync`)."""
        for delay in resync.DELAYS:
            self._pacer.later(delay, lambda: resync.resend(self), "resend")

    def _moved(self) -> None:
        """A paced move was made: redraw; when the computer stops, re-send the felt once more, as a safety net."""
        self.refresh()
        parts = [self._top, self._felt, self._phase_box]
        if not self.session.computer_due:
            self._pacer.later(resync.SETTLED, lambda: resync.resend_all(parts), "settled")

    def _move_failed(self, err: BaseException) -> None:
        self.feedback = getattr(err, "explanation", "") or _("The computer player could not move.")
        self.refresh()

    def _on_pace(self, change: Any) -> None:
        self._pacer.set_pace(change["new"])
        label = parts.speed_label(SPEEDS, change["new"])
        if label in {value for _words, value in self._speed.options} and self._speed.value != label:
            self._speed.value = label
        self._step_btn.hidden = change["new"] is not None
        self.refresh()

    def _speed_chosen(self, change: Any) -> None:
        self.pace = next((value for label, value in SPEEDS if label == change["new"]), self.pace)

    def _on_show_all(self, change: Any) -> None:
        self._show_btn.value = bool(change["new"])
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def refresh(self) -> None:
        """Redraw the table from the session, then run the :meth:`on_change` callbacks (any thread)."""
        with self.session.lock:
            self._draw()
            for listener in tuple(self._listeners):
                listener(self)

    def _legal_cards(self) -> tuple[Card, ...]:
        r = self.session.round
        if r.phase is not Phase.PLAY or not self.session.my_turn:
            return ()
        return tuple(dict.fromkeys(p.card for p in r.legal_plays()))

    def _draw(self) -> None:
        with self._held():
            self._draw_parts()

    def _draw_parts(self) -> None:
        s, r = self.session, self.session.round
        self._header.value = felt.header_html(s)
        # the status line first: a page (or a test) that sees the hand change then sees whose turn it is
        turn = s.turn_sentence(paced=self.pace is not None)
        recent = s.events[-3:]
        self.status = (recent[-1] + " " if recent else "") + turn
        self._status_html.value = felt.status_html(recent, turn)
        n = s.rules.players
        self._felt_panes.update(  # one message for the seats, the trick and your label
            centre=felt.trick_html(s, self._areas, four_colour=self._four_colour),
            south=felt.learner_label_html(s),
            **{seat_name(seat, n): felt.seat_panel_html(s, seat, show_all=self.show_all, four_colour=self._four_colour)
               for seat in self._seat_html})
        me = s.learner
        if r.phase is Phase.KITTY and s.my_turn:  # the kitty borrows your hand's row: 13 cards, choose 3
            self._lend_row()
        else:
            self._give_back_row()
            legal = self._legal_cards if r.phase is Phase.PLAY else None
            self._hand.set_rules(legal=legal, explain=lambda c: s.round.explain_card(c, me), trump=felt.trump_of(r))
            if r.hand(me) != self._hand.cards:
                self._hand.cards = r.hand(me)
            if self._best is not None:
                self._best.update()  # after the hand is drawn: clear, start or keep the marks for this decision
        panel: list[w.Widget] = []
        if r.phase is Phase.AUCTION:
            self._auction.refresh()
            panel.append(self._auction)
        elif r.phase is Phase.PARTNER and s.my_turn:
            self._partner_box.children = parts.partner_buttons(s, self.act)
            panel.append(self._partner_box)
        elif r.phase is Phase.NOMINATION and s.my_turn:
            self._nomination.refresh()
            panel.append(self._nomination)
        elif r.phase is Phase.PLAY and s.my_turn and any(p.named is not None for p in r.legal_plays()):
            options = {p.named for p in r.legal_plays() if p.named is not None}
            for suit, b in self._joker_buttons.items():
                b.layout.display = "" if suit in options else "none"
            panel.append(self._joker_lead)
        elif r.phase is Phase.OVER and r.result is not None:
            res = r.result
            tone: Tone = "info"
            if res.score is not None and res.contractor is not None:
                ours = side_of(res.contractor, s.rules) == side_of(me, s.rules)
                tone = "right" if res.score.made == ours else "wrong"
            result, scorepad = self._result_parts
            result.value = message_html(res.reason, tone, lead=_("Well played.") if tone == "right" else _("Hand over."))
            scorepad.update(s.game)
            panel.extend((result, scorepad))
        self._phase_box.children = (self._side, *panel)
        self._undo_btn.disabled = r.is_over
        self._step_btn.disabled = not s.computer_due
        self._rules_card.show_contract(r.contract, r.nominated, r.rules)
        # a hint answers only for your own decision: while you wait, the button is off and says why
        self._hint_btn.disabled = not s.my_turn
        if self._bids_btn is not None:
            self._bids_btn.disabled = not any(x in s.computer_seats for x, _ in r.auction)
        self._hint_btn.tooltip = (_("A suggestion for your next move") if s.my_turn else
                                  _("The hand is over.") if r.is_over else _("A hint is ready when it is your turn."))
        self._focus_next()

    def _joker_buttons_shown(self) -> bool:
        """Whether the joker's suit buttons are on show (you are leading the joker and must name a suit)."""
        return self._joker_panel is not None and self._joker_lead in self._phase_box.children

    def _focus_next(self) -> None:
        """When a new decision is yours, move the keyboard focus to it: the ladder's lowest bid you may make,
        the first kitty card, the first legal card (or the joker's suits, a nomination, a partner); when the
        hand ends, New hand.  Once per decision, so a redraw never takes the focus away from you."""
        s, r = self.session, self.session.round
        key = (id(r), r.phase, len(r.history))
        if not (s.my_turn or r.is_over) or key == self._focused_for:
            return
        self._focused_for = key
        if not getattr(self, "_focus_ready", False):
            return
        target: w.Widget | ToolItem | None = None
        if r.is_over:
            target, self.focus_target = self._new_btn, "new hand"
        elif r.phase is Phase.AUCTION:
            ladder = self._auction._ladder
            if ladder.open_rungs:  # the lowest rung that can be bid now
                ladder.focus_on()
                self.focus_target = "ladder"
            else:
                target, self.focus_target = self._auction._pass, "pass"
        elif r.phase is Phase.KITTY:
            self._kitty._cards.focus_on()
            self.focus_target = "kitty"
        elif r.phase is Phase.PLAY and any(p.named is not None for p in r.legal_plays()):
            shown = [b for b in self._joker_buttons.values() if b.layout.display != "none"]
            target, self.focus_target = (shown[0] if shown else None), "joker suits"
        elif r.phase is Phase.PLAY:
            legal = self._legal_cards()
            self._hand._buttons.focus_on(str(legal[0]) if legal else "")
            self.focus_target = f"card {legal[0]}" if legal else "hand"
        else:  # a nomination or a partner call: the first of its buttons
            box = self._nomination if r.phase is Phase.NOMINATION else self._partner_box
            target = next((b for b in _buttons_in(box) if not b.disabled), None)
            self.focus_target = r.phase.value
        if target is not None:
            target.focus()

    def __repr__(self) -> str:
        r, s = self.session.round, self.session
        totals = ", ".join(f"{n} {t}" for n, t in zip(s.game.side_names, s.game.scores))
        contract = str(r.contract) if r.contract is not None else "-"
        return (f"TableView(phase={r.phase.value!r}, contract={contract!r}, to_act={r.seat_name(r.to_act)!r}, "
                f"tricks={len(r.tricks)}, hand={format_cards(r.hand(s.learner))!r}, scores={totals!r})")
