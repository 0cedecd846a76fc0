"""TableView: play a whole hand at a card table against computer players.

You sit South; your partner North sits at the top of the felt, West and East at
the sides.  The flow is the engine's: deal → auction → kitty → (joker
nomination) → play → score.  Every legality decision, trick winner, score and
explanation comes from :class:`fivehundred.round.Round`; the computer players
get only their own seat's view.

Computer moves are paced so a person can follow them, without blocking the
kernel: in a kernel each move is scheduled with ``loop.call_later`` on the
kernel's own event loop (so the cell returns at once and clicks keep working);
outside one (plain Python) a ``threading.Timer`` is used.  Widget updates sent
from a ``threading.Timer`` thread were checked in Voilà (ipykernel 7) and
reached the browser only when the next user message arrived, hence the loop.  With ``pace=0`` they run
at once (for tests and nbval); with ``pace=None`` they wait for :meth:`step`.

>>> t = TableView(seed=3, dealer="E", pace=0)
>>> t.phase, t.to_act
('auction', 'S')
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from html import escape
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as w
import traitlets

from fivehundred.actions import Action, Discard, Nominate, Play
from fivehundred.bidding import Bid
from fivehundred.cards import Card, Suit, format_cards
from fivehundred.errors import FiveHundredError, IllegalActionError, RulesError
from fivehundred.game import Game
from fivehundred.players import Player, RulesPlayer
from fivehundred.round import Phase, Round, View
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.seating import parse_seat, seat_name, side_of, sides
from fivehundred.svg import card_svg, cards_html

from widgets._common import FELT, FONT, INK, Tone, message_html, small_html
from widgets.auction import AuctionPanel
from widgets.hand import HandView
from widgets.kitty import KittyPicker
from widgets.nomination import JokerNomination
from widgets.scorepad import ScorePad

__all__ = ["TableView", "MoveRefused", "LEARNER", "SPEEDS"]

#: the learner's seat: South
LEARNER = 2

#: seconds after which a computer move that should have run is treated as lost and rescheduled
#: (by the next gesture at the table)
STALL_SECONDS = 3.0

#: the speed menu: seconds between computer moves.  "Instant" still goes through the timer: moves
#: made synchronously inside a browser event's handler could leave the page stale in Voilà
#: (seen in the browser tests); ``pace=0`` in code stays synchronous, for tests and self-checks.
SPEEDS: tuple[tuple[str, float], ...] = (("Slow", 1.6), ("Normal", 0.9), ("Fast", 0.35), ("Instant", 0.05))

HintFn = Callable[[View], str]
#: ``vet(round, action) -> message or None``: a lesson's check of the learner's action
#: before it is applied; a message refuses the action (see :class:`MoveRefused`).
VetFn = Callable[[Round, Action], "str | None"]

_VERBS = {Phase.AUCTION: "bid", Phase.KITTY: "take the kitty", Phase.PARTNER: "call a partner",
          Phase.NOMINATION: "nominate the joker", Phase.PLAY: "play"}

_CSS = (
    "<style>"
    f".fh-table-felt{{box-sizing:border-box;background:{FELT};border:6px solid #6d4c41;border-radius:22px;"
    "box-shadow:inset 0 0 28px rgba(0,0,0,.4),0 2px 6px rgba(0,0,0,.25)}"
    ".fh-table-seat .fh-card-row{justify-content:center}"
    ".fh-table-felt .fh-hand{justify-content:center;padding:4px 2px 2px 2px}"
    ".fh-table-felt .fh-hand-view .fh-status div[role=status]{margin-top:4px}"
    ".fh-table-felt .fh-hand-view div[style*='font-size:13px']{color:#f4f7f2 !important;"
    "text-shadow:0 1px 1px rgba(0,0,0,.6)}"
    "@keyframes fh-think{0%{opacity:.45}50%{opacity:1}100%{opacity:.45}}"
    ".fh-thinking{animation:fh-think 1.2s ease-in-out infinite}"
    "</style>"
)


def _badge(text: str, bg: str, fg: str, cls: str = "") -> str:
    return (
        f'<span class="fh-badge {cls}" style="background:{bg};color:{fg};border-radius:8px;padding:0 6px;'
        f'margin-left:5px;font-size:11px;font-weight:bold;white-space:nowrap">{escape(text)}</span>'
    )


class _Pending:
    """A computer move waiting on the kernel's loop; cancellable from any thread."""

    def __init__(self, due: float = 0.0) -> None:
        self.cancelled = False
        self.handle: asyncio.TimerHandle | None = None
        self.due = due  # time.monotonic() when the move should run

    def cancel(self) -> None:
        self.cancelled = True
        if self.handle is not None:
            self.handle.cancel()


def _kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop, but only inside an IPython kernel (Voilà, Jupyter).

    Elsewhere a running loop may belong to someone else (Playwright's sync API
    runs one in the test process) and would never run our moves.
    """
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None) if shell is not None else None
    if kernel is None:
        return None
    # ipykernel's main IO loop: it keeps running between messages.  (The loop running while a
    # cell executes, or while a browser message is handled on another thread, may not.)
    main = getattr(getattr(kernel, "io_loop", None), "asyncio_loop", None)
    if isinstance(main, asyncio.AbstractEventLoop):
        return main
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class MoveRefused(FiveHundredError):
    """A legal action the lesson does not accept here (guided play); ``explanation`` says why."""


class TableView(w.VBox):
    """A whole hand of Five Hundred at the table, you (South) against computer players.

    * ``round``: a hand to play (default: a new deal from ``seed`` and ``dealer``).
    * ``players``: the computer players by seat (a sequence of 4, South's entry
      ignored, or a mapping); default :class:`~fivehundred.players.RulesPlayer`, which
      bids and plays by sound principles, so the hands are like real ones.
    * ``pace``: seconds between computer moves; ``0`` runs them at once;
      ``None`` waits for :meth:`step` (the "Next move" button).
    * ``hint``: an optional callback ``view -> sentence`` for the Hint button
      (the button is hidden without one).
    * ``record``: a hand record to replay (see :meth:`from_record`).
    * ``vet``: an optional check ``(round, action) -> message or None`` run before
      each of your actions is applied; a message refuses it (guided hands use this
      to turn down a card at a narrated moment and say why).
    * ``game``: carry on a :class:`~fivehundred.game.Game` (a saved one, say) from
      its hand in progress; a finished hand in it is scored first.
    * ``record_box``: show the "Hand record" accordion (free play has its own).

    :meth:`on_change` registers callbacks run after every redraw (moves, undo,
    new hand, replay), for panels that follow the hand.

    Gestures in Python: :meth:`bid`, :meth:`pass_`, :meth:`discard`,
    :meth:`nominate`, :meth:`play`, :meth:`undo`, :meth:`new_hand`,
    :meth:`step`, :meth:`hint`, :meth:`load_record`.  Each returns whether it
    was accepted; a refusal's reason is in :attr:`feedback`.
    """

    status = traitlets.Unicode("")
    feedback = traitlets.Unicode("")
    show_all = traitlets.Bool(False)
    pace = traitlets.Float(0.9, allow_none=True)

    def __init__(
        self,
        round: Round | None = None,
        *,
        seed: int | None = 0,
        dealer: int | str = 0,
        rules: Rules = AUSTRALIAN,
        players: Sequence[Player] | Mapping[int, Player] | None = None,
        pace: float | None = 0.9,
        hint: HintFn | None = None,
        show_all: bool = False,
        four_colour: bool = False,
        record: str | None = None,
        vet: VetFn | None = None,
        game: Game | None = None,
        record_box: bool = True,
    ) -> None:
        super().__init__()
        self._vet = vet
        self._listeners: list[Callable[[TableView], None]] = []
        self.add_class("fh-table-view")
        self._lock = threading.RLock()
        self._gen = 0
        self._timer: threading.Timer | _Pending | None = None
        # the kernel's own loop, taken while the cell that builds the table runs on it; browser
        # events may be handled on another thread, whose loop would never run our moves
        self._loop = _kernel_loop()
        self._script: list[Action] = []
        self._events: list[str] = []
        self._last_trick_done = False
        self._four_colour = four_colour
        self._hint_fn = hint
        base = seed if seed is not None else random.Random().randrange(2**32)
        self._seed = base
        self._rng = random.Random(base + 1)
        script: list[Action] = []
        if record is not None:
            parsed = Round.from_record(record)
            round = Round(parsed.rules, parsed.dealer, parsed.dealt_hands, parsed.kitty, parsed.dead_hand)
            script = list(parsed.history)
        if game is not None:
            rules = game.rules
        elif round is not None:
            rules = round.rules
        if rules.players != 4:
            raise RulesError(
                f"a TableView seats 4 players, not {rules.players}",
                explanation="The table is for the 4-player game.",
            )
        self._rules = rules
        self._players = self._seat_players(players, base)
        if game is not None:
            self._game = game
            shown = game.round
            if shown.is_over and not game.is_over:
                game.next_hand()  # score it now, as a hand finished at the table is
        elif round is None:
            self._game = Game(rules, seed=base, dealer=parse_seat(dealer, rules.players))
            shown = self._game.round
        else:
            self._game = Game(rules, seed=base, dealer=round.dealer)
            self._game.round = round
            shown = round
        self._round = shown

        # --- children ------------------------------------------------------------
        self._style = w.HTML(_CSS)
        self._header = w.HTML()
        self._header.add_class("fh-table-header")
        self._seat_html = {s: w.HTML() for s in (0, 1, 3)}
        for s, html in self._seat_html.items():
            html.add_class("fh-table-seat")
            html.add_class(f"fh-seat-{seat_name(s, 4)}")
        self._centre = w.HTML()
        self._centre.add_class("fh-table-trick")
        self._south_label = w.HTML()
        self._hand = HandView(
            card_width=60,
            felt=False,
            label="",
            on_choose=self._hand_chose,
            explain=lambda c: self._round.explain_card(c, LEARNER),
        )
        self._hand.add_class("fh-table-hand")
        self._kitty = KittyPicker(self._round, submit=self._submit, card_width=56, seat=LEARNER)
        self._south = w.VBox((self._south_label, self._hand), layout=w.Layout(grid_area="south", align_items="center"))
        self._seat_html[0].layout = w.Layout(grid_area="north")
        self._seat_html[3].layout = w.Layout(grid_area="west", align_self="center")
        self._seat_html[1].layout = w.Layout(grid_area="east", align_self="center")
        self._centre.layout = w.Layout(grid_area="centre", align_self="center")
        self._felt = w.GridBox(
            (self._seat_html[0], self._seat_html[3], self._centre, self._seat_html[1], self._south),
            layout=w.Layout(
                grid_template_areas='"north north north" "west centre east" "south south south"',
                grid_template_columns="minmax(0, 1fr) auto minmax(0, 1fr)",
                grid_gap="8px 10px",
                padding="12px 10px 8px 10px",
                width="100%",
            ),
        )
        self._felt.add_class("fh-table-felt")
        self._status_html = w.HTML()
        self._status_html.add_class("fh-table-status")
        self._feedback_html = w.HTML()
        self._feedback_html.add_class("fh-table-feedback")
        self._auction = AuctionPanel(self._round, seat=LEARNER, submit=self._submit)
        self._nomination = JokerNomination(self._round, submit=self._submit)
        self._joker_prompt = w.HTML()
        self._joker_buttons = {}
        for suit in Suit:
            b = w.Button(description=f"{suit.symbol} {suit.plural}", layout=w.Layout(width="120px", height="32px"))
            b.add_class("fh-option")
            b.add_class(f"fh-joker-lead-{suit.value}")
            b.style.text_color = "#c62828" if suit.colour == "red" else "#1b1b1b"
            b.on_click(self._joker_handler(suit))
            self._joker_buttons[suit] = b
        self._joker_lead = w.VBox(
            (self._joker_prompt, w.HBox(tuple(self._joker_buttons.values()), layout=w.Layout(flex_flow="row wrap", grid_gap="6px")))
        )
        self._joker_lead.add_class("fh-joker-lead")
        self._result_html = w.HTML()
        self._result_html.add_class("fh-table-result")
        self._scorepad = ScorePad(self._game)
        self._phase_box = w.VBox()
        self._phase_box.add_class("fh-table-phase")

        self._undo_btn = w.Button(description="Undo", tooltip="Take back your last decision")
        self._new_btn = w.Button(description="New hand", tooltip="Deal a new hand")
        self._show_btn = w.ToggleButton(value=show_all, description="Show all hands", tooltip="Show every hand face up")
        self._hint_btn = w.Button(description="Hint", tooltip="A suggestion for your next move")
        self._step_btn = w.Button(description="Next move", tooltip="Let the next computer player move")
        labels = [label for label, _ in SPEEDS]
        start = self._speed_label(pace)
        if start not in labels:
            labels.append(start)
        self._speed = w.Dropdown(options=labels, value=start, description="Speed", layout=w.Layout(width="190px"))
        self._speed.style.description_width = "50px"
        for b, cls in (
            (self._undo_btn, "fh-undo"),
            (self._new_btn, "fh-new-hand"),
            (self._show_btn, "fh-show-all"),
            (self._hint_btn, "fh-hint"),
            (self._step_btn, "fh-step"),
        ):
            b.add_class(cls)
            b.layout.width = "auto"
            b.layout.min_width = "96px"
            b.layout.height = "34px"
        self._speed.add_class("fh-speed")
        self._undo_btn.on_click(lambda _b: self.undo())
        self._new_btn.on_click(lambda _b: self.new_hand())
        self._hint_btn.on_click(lambda _b: self.hint())
        self._step_btn.on_click(lambda _b: self.step())
        self._show_btn.observe(self._show_toggled, names=["value"])
        self._speed.observe(self._speed_chosen, names=["value"])
        self._hint_btn.layout.display = "" if hint is not None else "none"
        self._controls = w.HBox(
            (self._undo_btn, self._new_btn, self._show_btn, self._hint_btn, self._step_btn, self._speed),
            layout=w.Layout(flex_flow="row wrap", grid_gap="6px", align_items="center", margin="8px 0 0 0"),
        )
        self._controls.add_class("fh-table-controls")
        self._hint_html = w.HTML()
        self._hint_html.add_class("fh-hint-text")
        self._record_text = w.Textarea(
            placeholder="Paste a hand record here (rules:, dealer:, N:, E:, S:, W:, kitty:, auction:, play: …)",
            layout=w.Layout(width="100%", height="170px"),
        )
        self._record_text.add_class("fh-record-text")
        self._record_show = w.Button(description="Show this hand's record", layout=w.Layout(width="auto"))
        self._record_load = w.Button(description="Replay this record", layout=w.Layout(width="auto"))
        self._record_load.add_class("fh-record-load")
        self._record_show.on_click(lambda _b: self._show_record())
        self._record_load.on_click(lambda _b: self.load_record(self._record_text.value))
        self._record_status = w.HTML()
        self._record_box = w.Accordion(
            (w.VBox((self._record_text, w.HBox((self._record_show, self._record_load), layout=w.Layout(grid_gap="6px")),
                     self._record_status)),),
            titles=("Hand record: replay a hand",),
            selected_index=None,
        )
        self._record_box.add_class("fh-record")
        self._record_box.layout.display = "" if record_box else "none"
        self.children = (
            self._style,
            self._header,
            self._felt,
            self._status_html,
            self._feedback_html,
            self._phase_box,
            self._controls,
            self._hint_html,
            self._record_box,
        )
        self.layout = w.Layout(width="880px", max_width="100%", padding="4px")
        self.pace = pace
        self.show_all = show_all
        self._step_btn.layout.display = "" if pace is None else "none"
        self._script = script
        self.observe(self._on_pace, names=["pace"])
        self.observe(self._show_feedback, names=["feedback"])
        self.observe(self._on_show_all, names=["show_all"])
        self._event("Replaying a hand record." if script else f"{self._who(self._round.dealer)} dealt.")
        self.refresh()
        self._advance()

    # ------------------------------------------------------------------ construction helpers
    @classmethod
    def from_record(cls, text: str, **kwargs: Any) -> TableView:
        """A table that replays the hand written in ``text`` (see :mod:`fivehundred.notation`).

        The moves are replayed at the table's pace; a record that stops mid-hand
        carries on from there with you and the computer players.

        Raises:
            NotationError: the record does not parse.
            IllegalActionError: an action in it is not legal.
            RulesError: the record is not a 4-player hand.
        """
        return cls(record=text, **kwargs)

    @staticmethod
    def _seat_players(
        players: Sequence[Player] | Mapping[int, Player] | None, seed: int
    ) -> dict[int, Player]:
        chosen: dict[int, Player] = {}
        for s in (0, 1, 3):
            p: Player | None = None
            if isinstance(players, Mapping):
                p = players.get(s)
            elif players is not None and s < len(players):
                p = players[s]
            chosen[s] = p if p is not None else RulesPlayer()
        return chosen

    @property
    def players(self) -> dict[int, Player]:
        """The computer players by seat (a copy; change one with :meth:`set_player`)."""
        return dict(self._players)

    def set_player(self, seat: int | str, player: Player) -> None:
        """Seat ``player`` at ``seat`` (North, East or West) from its next move on.

        Raises:
            RulesError: the seat is yours (South) or not a seat.
        """
        s = parse_seat(seat, 4) if isinstance(seat, str) else seat
        if s not in (0, 1, 3):
            raise RulesError(
                f"no computer seat {seat!r}: North, East and West are the computer's",
                explanation="Only North, East and West are played by the computer.",
            )
        with self._lock:
            self._players[s] = player

    @staticmethod
    def _speed_label(pace: float | None) -> str:
        if pace is None:
            return "Step by step"
        for label, value in SPEEDS:
            if abs(value - pace) < 1e-9:
                return label
        return f"{pace:g} s"

    # ------------------------------------------------------------------ state
    @property
    def round(self) -> Round:
        """The hand on the table (the finished one until New hand is pressed)."""
        return self._round

    @property
    def game(self) -> Game:
        """The game: score lines so far (from :class:`fivehundred.game.Game`)."""
        return self._game

    @property
    def phase(self) -> str:
        return self._round.phase.value

    @property
    def to_act(self) -> str:
        """The seat to act (``"S"`` is you), or ``"-"`` when the hand is over."""
        return self._round.seat_name(self._round.to_act)

    @property
    def my_turn(self) -> bool:
        r = self._round
        return not r.is_over and r.to_act == LEARNER and not self._script

    @property
    def hand(self) -> HandView:
        """Your hand (click a card to play it)."""
        return self._hand

    @property
    def auction(self) -> AuctionPanel:
        return self._auction

    @property
    def kitty(self) -> KittyPicker:
        return self._kitty

    @property
    def nomination(self) -> JokerNomination:
        return self._nomination

    @property
    def scorepad(self) -> ScorePad:
        return self._scorepad

    @property
    def events(self) -> tuple[str, ...]:
        """Everything that happened this hand, one sentence each, oldest first."""
        return tuple(self._events)

    @property
    def record(self) -> str:
        """This hand's record so far (paste it into :meth:`load_record` to replay it)."""
        return self._round.record()

    @property
    def result_text(self) -> str:
        """The engine's sentence on how the hand scored ("" until it is over)."""
        res = self._round.result
        return res.reason if res is not None else ""

    # ------------------------------------------------------------------ words
    def _who(self, seat: int | None, *, you: str = "You") -> str:
        if seat is None:
            return "-"
        return you if seat == LEARNER else seat_name(seat, 4, long=True)

    def _side_words(self, seat: int) -> str:
        side = sides(self._rules)[side_of(seat, self._rules)]
        return "–".join(seat_name(s, 4, long=True) for s in side)

    def _event(self, text: str) -> None:
        self._events.append(text)

    def _describe(self, seat: int, act: Action, before: _Facts) -> None:
        """Add the sentences for ``act`` by ``seat`` (``before``: the state's facts before it)."""
        r = self._round
        who = self._who(seat)
        if isinstance(act, Bid):
            self._event(f"{who} passed." if act.is_pass else f"{who} bid {act.label}.")
            if r.phase is not Phase.AUCTION:
                if r.contract is not None:
                    self._event(f"{self._who(r.contractor)} won the auction with {r.contract.label}.")
        elif isinstance(act, Discard):
            if seat == LEARNER:
                self._event(f"You discarded {' '.join(c.label for c in act.cards)}.")
            else:
                self._event(f"{who} took the kitty and discarded three cards face down.")
            if r.sitting_out:
                out = ", ".join(self._who(s) for s in r.sitting_out)
                self._event(f"{out} sit{'s' if out != 'You' else ''} out: in misère the contractor plays alone.")
        elif isinstance(act, Nominate):
            if act.suit is None:
                self._event(f"{who} left the joker without a suit.")
            else:
                self._event(f"{who} nominated the joker as a {act.suit.singular} ({act.suit.symbol}).")
        elif isinstance(act, Play):
            named = f", naming {act.named.plural}" if act.named is not None else ""
            self._event(f"{who} played {act.card.label}{named}.")
            if len(r.tricks) > before.tricks:
                trick = r.tricks[-1]
                assert r.contract is not None
                winner = trick.winner(r.contract.trump, r.nominated)
                card = dict(trick.plays)[winner]
                owner = "your" if winner == LEARNER else f"{seat_name(winner, 4, long=True)}'s"
                self._event(f"{self._side_words(winner)} won the trick ({owner} {card.label}).")
        if r.result is not None:
            self._event(r.result.reason)

    def _turn_sentence(self) -> str:
        r = self._round
        if r.is_over:
            if self._game.is_over:
                return "The game is over. Press New hand to start a new game."
            return "The hand is over. Press New hand to play the next one."
        if self._script:
            return "Replaying the record…"
        if r.to_act == LEARNER:
            if r.phase is Phase.AUCTION:
                return "Your turn to bid."
            if r.phase is Phase.KITTY:
                return "Your turn: you won the auction, so choose 3 cards to discard."
            if r.phase is Phase.NOMINATION:
                return "Your turn: choose a suit for the joker (or none)."
            if r.current_trick is None:
                return "Your turn to lead: click a card."
            return "Your turn to play: click a card."
        verb = _VERBS.get(r.phase, "move")
        wait = " (press Next move)" if self.pace is None else ""
        return f"{self._who(r.to_act)} to {verb}…{wait}"

    # ------------------------------------------------------------------ the flow
    def _submit(self, act: Action) -> None:
        """Do the learner's action (the sub-panels call this).  Raises ``FiveHundredError``."""
        with self._lock:
            r = self._round
            if r.is_over:
                raise IllegalActionError(
                    f"illegal action: {act}: the hand is over",
                    explanation="The hand is over. Press New hand to play another.",
                )
            if r.to_act != LEARNER:
                who = self._who(r.to_act)
                raise IllegalActionError(
                    f"illegal action: {act}: {who} is to act",
                    explanation=f"It is {who}'s turn, not yours.",
                )
            if self._vet is not None:
                message = self._vet(r, act)
                if message:
                    raise MoveRefused(f"refused by the lesson: {act}", explanation=message)
            if self._script:
                self._script = []
                self._event("You took over from the replay.")
            snapshot = _Facts(r)
            r.apply(act)
            self._describe(LEARNER, act, snapshot)
            if r.is_over:
                self._score_hand()
            self.feedback = ""
            self._hint_html.value = ""
        self._after_change()

    def _after_change(self) -> None:
        with self._lock:
            self.refresh()
            self._advance()

    def _computer_due(self) -> bool:
        r = self._round
        return not r.is_over and (bool(self._script) or r.to_act != LEARNER)

    def _move_once(self) -> bool:
        """One scripted or computer move, if one is due (no redraw)."""
        with self._lock:
            r = self._round
            if not self._computer_due():
                return False
            seat = r.to_act
            assert seat is not None
            snapshot = _Facts(r)
            if self._script:
                act = self._script.pop(0)
            else:
                act = self._players[seat].choose(r.view(seat))
            r.apply(act)
            self._describe(seat, act, snapshot)
            self._last_trick_done = isinstance(act, Play) and r.current_trick is None
            if r.is_over:
                self._score_hand()
            return True

    def step(self) -> bool:
        """Let the next computer player (or the replay) make one move now.  Returns whether one did."""
        try:
            moved = self._move_once()
        except FiveHundredError as err:
            self.feedback = err.explanation
            return False
        self.refresh()
        if not moved:
            self.feedback = "It's your turn: nobody else has a move to make." if self.my_turn else ""
        return moved

    def _advance(self) -> None:
        """Start the computer players moving, at the table's pace."""
        with self._lock:
            pace = self.pace
            if pace is None or not self._computer_due():
                return
            if pace <= 0:
                for _ in range(400):
                    if not self._move_once():
                        break
                self.refresh()
                return
            if self._timer is not None:
                if not (isinstance(self._timer, _Pending) and time.monotonic() > self._timer.due + STALL_SECONDS):
                    return
                # a move that never ran (rare; cause unknown): drop it and schedule again
                self._timer.cancel()
                self._timer = None
            delay = pace * (1.8 if self._last_trick_done else 1.0)
            loop = self._loop
            if loop is not None:
                # in a kernel: run the move on the kernel's own loop, between messages (never blocking it);
                # updates sent from a worker thread reached Voila only with the next user message
                pending = self._timer = _Pending(time.monotonic() + delay)
                gen = self._gen

                def arm() -> None:
                    if not pending.cancelled:
                        pending.handle = loop.call_later(delay, self._tick, gen)

                loop.call_soon_threadsafe(arm)
                return
            timer = threading.Timer(delay, self._tick, args=(self._gen,))
            timer.daemon = True
            self._timer = timer
            timer.start()

    def _tick(self, gen: int) -> None:
        with self._lock:
            if gen != self._gen:
                return
            self._timer = None
            try:
                self._move_once()
            except FiveHundredError as err:
                self.feedback = err.explanation
                self.refresh()
                return
            self.refresh()
            self._advance()

    def _cancel(self) -> None:
        with self._lock:
            self._gen += 1
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

    def _score_hand(self) -> None:
        """The hand just ended: the game scores it (and deals the next one, shown on New hand)."""
        if self._game.round is self._round and not self._game.is_over:
            self._game.next_hand()
        self._scorepad.update(self._game)
        if self._game.result is not None:
            self._event(f"Game over: {self._game.result.reason}")

    # ------------------------------------------------------------------ gestures
    def _refused(self, err: FiveHundredError) -> bool:
        self.feedback = err.explanation
        return False

    def bid(self, bid: Bid | str) -> bool:
        """Bid (``"7H"``, ``"MIS"``) or pass (``"PASS"``), as the auction's buttons do."""
        ok = self._auction.bid(bid)
        self.feedback = "" if ok else self._auction.status
        return ok

    def pass_(self) -> bool:
        """Pass in the auction."""
        return self.bid("PASS")

    def discard(self, cards: str | Sequence[Card | str]) -> bool:
        """Discard these cards after taking the kitty (the engine wants exactly 3)."""
        with self._lock:
            self._kitty.choose(cards)
            ok = self._kitty.confirm()
        self.feedback = "" if ok else self._kitty.status
        return ok

    def nominate(self, suit: Suit | str | None) -> bool:
        """Nominate the joker's suit (``"H"``), or ``None`` for no nomination."""
        ok = self._nomination.nominate(suit)
        self.feedback = "" if ok else self._nomination.status
        return ok

    def play(self, card: Card | str | Play, named: Suit | str | None = None) -> bool:
        """Play a card (``"JH"``; ``"JK:H"`` or ``named="H"`` leads the joker naming hearts)."""
        try:
            act = card if isinstance(card, Play) else Play.parse(card)
            if named is not None:
                act = Play(act.card, named if isinstance(named, Suit) else Suit.parse(named))
            self._submit(act)
        except FiveHundredError as err:
            self._hand.status = err.explanation
            return self._refused(err)
        self._hand.status = ""
        return True

    def _hand_chose(self, card: Card) -> None:
        """A click on a card in your hand (HandView shows a refusal's explanation)."""
        try:
            self._submit(Play.parse(card))
        except FiveHundredError as err:
            self.feedback = err.explanation
            raise

    def _joker_handler(self, suit: Suit) -> Callable[[w.Button], None]:
        def handler(_b: w.Button) -> None:
            self.play("JK", named=suit)

        return handler

    def _actors(self) -> list[int]:
        """The seat that took each action in the hand's history."""
        r = self._round
        replay = Round(r.rules, r.dealer, r.dealt_hands, r.kitty, r.dead_hand)
        seats = []
        for act in r.history:
            assert replay.to_act is not None
            seats.append(replay.to_act)
            replay.apply(act)
        return seats

    def undo(self) -> bool:
        """Take back your last decision (and the computer moves after it)."""
        with self._lock:
            r = self._round
            if r.is_over:
                return self._refused(
                    IllegalActionError(
                        "nothing to undo: the hand is over and scored",
                        explanation="The hand is over and has been scored. Press New hand to play the next one.",
                    )
                )
            actors = self._actors()
            mine = [i for i, s in enumerate(actors) if s == LEARNER]
            if not mine:
                return self._refused(
                    IllegalActionError(
                        "nothing to undo: no decision of yours yet this hand",
                        explanation="You haven't made a decision yet this hand, so there is nothing to undo.",
                    )
                )
            self._cancel()
            self._script = []
            last = mine[-1]
            undone: Action | None = None
            while len(r.history) > last:
                undone = r.undo()
            kind = "bid" if isinstance(undone, Bid) else ("discard" if isinstance(undone, Discard) else (
                "nomination" if isinstance(undone, Nominate) else "card"))
            self._event(f"Undone: back to your {kind} ({undone}).")
            self.feedback = ""
            self._hand.status = ""
            self._hint_html.value = ""
        self._after_change()
        return True

    def new_hand(self) -> bool:
        """Deal the next hand (the dealer moves on after a finished hand; the score carries on)."""
        with self._lock:
            self._cancel()
            self._script = []
            if self._round.is_over:
                if self._game.is_over:
                    self._game = Game(self._rules, seed=self._rng.randrange(2**32), dealer=(self._round.dealer + 1) % 4)
                    self._events = ["A new game starts at 0 – 0."]
                else:
                    self._events = []
            elif self._game.round is self._round and not self._game.is_over:
                self._game.redeal()
                self._events = ["That hand was thrown in unfinished; the same dealer deals again."]
            else:
                fresh = Round.deal(self._rules, dealer=self._round.dealer, seed=self._rng.randrange(2**32))
                self._game.round = fresh
                self._events = ["That hand was thrown in unfinished; the same dealer deals again."]
            self._show_new_round()
        self._after_change()
        return True

    def new_game(self, seed: int | None = None, *, dealer: int | str | None = None) -> bool:
        """Start a new game at 0–0 (any hand in progress is abandoned).

        ``seed`` fixes the deals (default: the table's own sequence); ``dealer``
        deals first (default: the seat after the last dealer).
        """
        with self._lock:
            self._cancel()
            self._script = []
            start = (self._round.dealer + 1) % 4 if dealer is None else parse_seat(dealer, 4)
            self._game = Game(self._rules, seed=self._rng.randrange(2**32) if seed is None else seed, dealer=start)
            self._events = ["A new game starts at 0 – 0."]
            self._show_new_round()
        self._after_change()
        return True

    def _show_new_round(self) -> None:
        """Put the game's current hand on the table (under the lock)."""
        self._round = self._game.round
        self._event(f"{self._who(self._round.dealer)} dealt.")
        self._auction.set_round(self._round)
        self._kitty.set_round(self._round)
        self._nomination.set_round(self._round)
        self._scorepad.update(self._game)
        self._hand.chosen = ""
        self._hand.status = ""
        self.feedback = ""
        self._hint_html.value = ""

    def load_record(self, text: str) -> bool:
        """Replay the hand in a record at the table's pace (you can take over at your turn).

        Returns whether the record was read; if not, :attr:`feedback` says why.
        """
        try:
            parsed = Round.from_record(text)
        except FiveHundredError as err:
            self._record_status.value = message_html(err.explanation, "info")
            return self._refused(err)
        if parsed.rules.players != 4:
            wrong = RulesError("a TableView seats 4 players", explanation="The table is for the 4-player game.")
            self._record_status.value = message_html(wrong.explanation, "info")
            return self._refused(wrong)
        with self._lock:
            self._cancel()
            fresh = Round(parsed.rules, parsed.dealer, parsed.dealt_hands, parsed.kitty, parsed.dead_hand)
            self._rules = parsed.rules
            self._game = Game(parsed.rules, seed=self._rng.randrange(2**32), dealer=parsed.dealer)
            self._game.round = fresh
            self._round = fresh
            self._script = list(parsed.history)
            self._events = ["Replaying a hand record."]
            self._auction.set_round(fresh)
            self._kitty.set_round(fresh)
            self._nomination.set_round(fresh)
            self._scorepad.update(self._game)
            self.feedback = ""
            self._record_status.value = message_html(f"Replaying {len(parsed.history)} moves.", "info", lead="")
        self._after_change()
        return True

    def hint(self) -> str:
        """Ask the hint callback about your position; the text is shown and returned."""
        if self._hint_fn is None:
            return ""
        try:
            text = str(self._hint_fn(self._round.view(LEARNER)))
        except FiveHundredError as err:
            text = err.explanation
        self._hint_html.value = message_html(text, "info", lead="Hint:")
        return text

    def _show_record(self) -> None:
        self._record_text.value = self.record

    # ------------------------------------------------------------------ observers
    def _on_pace(self, change: Any) -> None:
        self._cancel()
        label = self._speed_label(change["new"])
        if label in self._speed.options and self._speed.value != label:
            self._speed.value = label
        self._step_btn.layout.display = "" if change["new"] is None else "none"
        self._after_change()

    def _speed_chosen(self, change: Any) -> None:
        for label, value in SPEEDS:
            if label == change["new"]:
                self.pace = value

    def _show_toggled(self, change: Any) -> None:
        self.show_all = bool(change["new"])

    def _on_show_all(self, change: Any) -> None:
        self._show_btn.value = bool(change["new"])
        self._after_change()  # redraw, and restart a computer move that never ran

    def _show_feedback(self, change: Any) -> None:
        self._feedback_html.value = message_html(str(change["new"]), "info")

    # ------------------------------------------------------------------ drawing
    def _seat_panel(self, seat: int) -> str:
        r = self._round
        name = seat_name(seat, 4, long=True)
        badges = ""
        if seat == r.dealer:
            badges += _badge("dealer", "#ffe082", "#4e3b00", "fh-dealer")
        if r.contractor == seat and r.contract is not None:
            badges += _badge(r.contract.label, "#ffffff", "#1b1b1b", "fh-contractor")
        if seat in r.sitting_out:
            badges += _badge("sits out", "#cfd8dc", "#263238", "fh-sits-out")
        if not r.is_over and r.to_act == seat and seat != LEARNER:
            badges += _badge("thinking…", "#1e88e5", "#ffffff", "fh-thinking")
        tricks = r.tricks_won[seat]
        tricks_text = f"{tricks} trick{'s' if tricks != 1 else ''}" if r.phase in (Phase.PLAY, Phase.OVER) else ""
        held = r.hand(seat)
        trump = r.contract if r.contract is not None and r.contract.has_trumps else None
        exposed = set(r.exposed) if r.contractor == seat else set()
        faces = self.show_all or (exposed and held and set(held) <= exposed)
        if not held:
            cards = '<div style="height:20px"></div>'
        elif faces:
            cards = cards_html(held, trump=trump, four_colour=self._four_colour, width=40, overlap=0.55)
        else:
            cards = cards_html(len(held), width=34, overlap=0.72, label=f"{name}'s {len(held)} cards, face down")
        dim = "opacity:.5;" if seat in r.sitting_out else ""
        return (
            f'<div class="fh-seat-panel" data-seat="{seat_name(seat, 4)}" style="font-family:{FONT};display:flex;'
            f'flex-direction:column;align-items:center;gap:4px;{dim}">'
            f'<div style="color:#f4f7f2;font-size:14px;font-weight:bold;white-space:nowrap;'
            f'text-shadow:0 1px 1px rgba(0,0,0,.5)">{escape(name)}{badges}</div>{cards}'
            f'<div class="fh-tricks-won" style="color:#e8f3ea;font-size:12px;min-height:15px">{escape(tricks_text)}</div></div>'
        )

    def _trick_html(self) -> str:
        r = self._round
        trick = r.current_trick
        done = False
        if trick is None and r.tricks and r.phase in (Phase.PLAY, Phase.OVER):
            trick = r.tricks[-1]
            done = True
        plays = dict(trick.plays) if trick is not None else {}
        winner = None
        if done and trick is not None and r.contract is not None:
            winner = trick.winner(r.contract.trump, r.nominated)
        trump = r.contract if r.contract is not None and r.contract.has_trumps else None
        width = 50
        cells = []
        for seat, area in ((0, "n"), (1, "e"), (2, "s"), (3, "w")):
            card = plays.get(seat)
            if card is None:
                face = (
                    f'<div aria-hidden="true" style="width:{width}px;height:{width * 1.4:.0f}px;border:2px dashed '
                    'rgba(255,255,255,.3);border-radius:7px;box-sizing:border-box"></div>'
                )
            else:
                wins = seat == winner
                glow = (
                    "box-shadow:0 0 0 3px #f2b705,0 0 14px 4px rgba(242,183,5,.75);"
                    if wins
                    else "box-shadow:0 1px 4px rgba(0,0,0,.4);"
                )
                cls = "fh-trick-card fh-winner" if wins else "fh-trick-card"
                face = (
                    f'<div class="{cls}" data-card="{card}" data-seat="{seat_name(seat, 4)}" '
                    f'style="border-radius:7px;line-height:0;{glow}">'
                    f"{card_svg(card, trump=trump, four_colour=self._four_colour, width=width)}</div>"
                )
            lead = ""
            if trick is not None and seat == trick.leader:
                lead = _badge("led", "#ffe082", "#4e3b00", "fh-led")
            cells.append(
                f'<div class="fh-seat" data-seat="{seat_name(seat, 4)}" style="grid-area:{area};display:flex;'
                f'flex-direction:column;align-items:center;gap:2px">{face}'
                f'<div style="font-size:10px;color:#e8f3ea;min-height:14px">{lead}</div></div>'
            )
        if r.contract is None:
            middle = "Auction" if r.phase is Phase.AUCTION else "Thrown in"
        elif r.contract.is_misere:
            middle = r.contract.label
        elif r.contract.trump is None:
            middle = "No trumps"
        else:
            middle = f"Trumps {r.contract.trump.symbol}"
        if r.nominated is not None:
            middle += f"<br>joker = {r.nominated.symbol}"
        if r.phase is Phase.PLAY:
            number = len(r.tricks) + (0 if done else 1)
            middle += f"<br>trick {min(number, 10)} of 10"
        if done and winner is not None:
            middle += f"<br><b>{escape(self._who(winner))} won it</b>"
        label = "Trick: " + (
            ", ".join(f"{seat_name(s, 4, long=True)} {c.name}" for s, c in trick.plays) if trick else "no cards yet"
        )
        return (
            f'<div class="fh-trick fh-table-centre" role="group" aria-label="{escape(label)}" style="display:grid;'
            "grid-template-areas:'. n .' 'w c e' '. s .';grid-template-columns:auto auto auto;gap:2px 8px;"
            f'justify-items:center;align-items:center;font-family:{FONT};padding:6px;border-radius:14px;'
            f'background:rgba(0,0,0,.12)">{"".join(cells)}'
            f'<div style="grid-area:c;color:#f4f7f2;font-size:12px;text-align:center;min-width:74px;line-height:1.35">'
            f"{middle}</div></div>"
        )

    def _legal_cards(self) -> tuple[Card, ...]:
        r = self._round
        if r.phase is not Phase.PLAY or r.to_act != LEARNER or self._script:
            return ()
        return tuple(dict.fromkeys(p.card for p in r.legal_plays()))

    def refresh(self) -> None:
        """Redraw the whole table from the round (safe to call from the timer thread)."""
        with self._lock:
            self._draw()
            for listener in tuple(self._listeners):
                listener(self)

    def on_change(self, callback: Callable[[TableView], None]) -> None:
        """Call ``callback(table)`` after every redraw (a move, undo, new hand or replay)."""
        self._listeners.append(callback)

    def _draw(self) -> None:
        r = self._round
        # header
        bits = [f"Dealer: {self._who(r.dealer)}"]
        if r.contract is not None:
            bits.insert(0, f"Contract: {r.contract.label} by {self._who(r.contractor)}")
        if r.phase in (Phase.PLAY, Phase.OVER) and r.contract is not None:
            ns = r.tricks_won[0] + r.tricks_won[2]
            ew = r.tricks_won[1] + r.tricks_won[3]
            bits.append(f"Tricks: North–South {ns}, East–West {ew}")
        totals = ", ".join(f"{n} {t}" for n, t in zip(self._game.side_names, self._game.scores))
        bits.append(f"Score: {totals}")
        self._header.value = (
            f'<div style="font-family:{FONT};font-size:14px;color:{INK};margin:2px 0 6px 0;display:flex;'
            f'flex-wrap:wrap;gap:4px 16px">' + "".join(f"<span>{escape(b)}</span>" for b in bits) + "</div>"
        )
        # felt
        for s, html in self._seat_html.items():
            html.value = self._seat_panel(s)
        self._centre.value = self._trick_html()
        badges = ""
        if r.dealer == LEARNER:
            badges += _badge("dealer", "#ffe082", "#4e3b00", "fh-dealer")
        if r.contractor == LEARNER and r.contract is not None:
            badges += _badge(r.contract.label, "#ffffff", "#1b1b1b", "fh-contractor")
        if LEARNER in r.sitting_out:
            badges += _badge("sits out: your partner plays misère alone", "#cfd8dc", "#263238", "fh-sits-out")
        if self.my_turn:
            badges += _badge("your turn", "#f2b705", "#2b2100", "fh-your-turn")
        tricks = r.tricks_won[LEARNER]
        tricks_text = f" · {tricks} trick{'s' if tricks != 1 else ''}" if r.phase in (Phase.PLAY, Phase.OVER) else ""
        self._south_label.value = (
            f'<div style="font-family:{FONT};color:#f4f7f2;font-size:14px;font-weight:bold;'
            f'text-shadow:0 1px 1px rgba(0,0,0,.5);text-align:center">You (South){escape(tricks_text)}{badges}</div>'
        )
        kitty_mine = r.phase is Phase.KITTY and r.contractor == LEARNER and not self._script
        trump = r.contract if r.contract is not None and r.contract.has_trumps else None
        if kitty_mine:
            self._kitty.refresh()
            self._south.children = (self._south_label, self._kitty)
        else:
            legal = self._legal_cards if r.phase is Phase.PLAY else None
            self._hand.set_rules(legal=legal, explain=lambda c: self._round.explain_card(c, LEARNER), trump=trump)
            held = r.hand(LEARNER)
            if held != self._hand.cards:
                self._hand.cards = held
            self._south.children = (self._south_label, self._hand)
        # status: what just happened, and whose turn it is
        recent = self._events[-3:]
        lines = "".join(
            f'<div class="fh-event" style="color:{"#1f2933" if i == len(recent) - 1 else "#52606d"}">{escape(e)}</div>'
            for i, e in enumerate(recent)
        )
        turn = self._turn_sentence()
        self.status = (recent[-1] + " " if recent else "") + turn
        self._status_html.value = (
            f'<div role="status" aria-live="polite" style="font-family:{FONT};font-size:15px;line-height:1.45;'
            f'background:#f4f7f2;border:1px solid #c7d2c9;border-radius:10px;padding:8px 14px;margin-top:8px">'
            f'{lines}<div class="fh-turn" style="font-weight:bold;color:#14532d;margin-top:2px">{escape(turn)}</div></div>'
        )
        # the phase panel
        panel: list[w.Widget] = []
        if r.phase is Phase.AUCTION:
            self._auction.refresh()
            panel.append(self._auction)
        elif r.phase is Phase.NOMINATION and r.contractor == LEARNER and not self._script:
            self._nomination.refresh()
            panel.append(self._nomination)
        elif r.phase is Phase.PLAY and self.my_turn and any(p.named is not None for p in r.legal_plays()):
            options = sorted({p.named for p in r.legal_plays() if p.named is not None}, key=lambda s: s.order)
            self._joker_prompt.value = small_html(
                "To lead the joker, name a suit that hasn't been led yet; the others must follow it."
            )
            for suit, b in self._joker_buttons.items():
                b.layout.display = "" if suit in options else "none"
            panel.append(self._joker_lead)
        elif r.phase is Phase.OVER:
            res = r.result
            if res is not None:
                tone: Tone = "info"
                if res.score is not None and res.contractor is not None:
                    ours = side_of(res.contractor, self._rules) == side_of(LEARNER, self._rules)
                    tone = "right" if res.score.made == ours else "wrong"
                lead = "Hand over." if tone != "right" else "Well played."
                self._result_html.value = message_html(res.reason, tone, lead=lead)
            panel.extend((self._result_html, self._scorepad))
        self._phase_box.children = tuple(panel)
        self._undo_btn.disabled = r.is_over
        self._step_btn.disabled = not self._computer_due()

    def __repr__(self) -> str:
        r = self._round
        contract = str(r.contract) if r.contract is not None else "-"
        totals = ", ".join(f"{n} {t}" for n, t in zip(self._game.side_names, self._game.scores))
        return (
            f"TableView(phase={r.phase.value!r}, contract={contract!r}, to_act={r.seat_name(r.to_act)!r}, "
            f"tricks={len(r.tricks)}, hand={format_cards(r.hand(LEARNER))!r}, scores={totals!r})"
        )


class _Facts:
    """The few facts about a round needed to describe the next action."""

    __slots__ = ("tricks",)

    def __init__(self, r: Round) -> None:
        self.tricks = len(r.tricks)

