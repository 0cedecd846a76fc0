"""Session: the table's controller, with no widgets — one learner and computer players at a hand or a game.

A :class:`Session` holds everything a table needs apart from drawing:

* the :class:`~fivehundred.game.Game` and the :class:`~fivehundred.round.Round` on show
  (the finished hand stays on show until :meth:`Session.new_hand`);
* the seats: the learner's seat (:attr:`Session.learner`) and a computer
  :class:`~fivehundred.players.Player` at every other seat;
* whose turn it is, whether a computer (or scripted replay) move is due;
* undo, hint requests and the replay of a hand record;
* a policy (:class:`Policy`): what the lesson around the table adds — a vetting
  policy for guided hands (:class:`Vetting`), a game-to-500 policy for free play
  (:class:`GameTo500`).

The API, every call made under the session's lock (any thread may call):

``act(action)``
    the learner's gesture (an :class:`~fivehundred.actions.Action` or its text, ``"7H"``,
    ``"PASS"``, ``"discard 5C 6C KH"``, ``"JK:H"``).  Raises a
    :class:`~fivehundred.errors.FiveHundredError` (state unchanged): not your turn, an
    illegal action, or :class:`MoveRefused` from the policy's vetting.
``advance()``
    the next computer (or replayed) move, if one is due; returns it, or ``None``.
``run(limit)``
    every due computer move at once, until the learner's turn or the end of the hand.
``undo()``
    take back the learner's last decision and the computer moves after it.
``hint()``
    ask the hint callback (``View -> sentence``) about the learner's position.
``new_hand()``, ``new_game()``, ``load_record(text)``, ``set_player(seat, player)``.

Listeners (``subscribe(callback)``) get an :class:`Event` after every change, on the
thread that made it: ``kind`` is one of ``"deal"``, ``"action"``, ``"undo"``, ``"hint"``,
``"replay"``, ``"refused"``, ``"error"``, ``"pace"``; ``text`` is the sentence a learner
reads ("East bid 7♥.").

Pacing (:class:`Pacer`): the one mechanism that runs computer moves a person can follow.
It calls :meth:`Session.advance` from ``loop.call_later`` callbacks on one asyncio loop,
one pending move at a time.  Its threading model:

* the loop is the kernel's main IO loop in Jupyter/Voilà (ipykernel 7 handles cells and
  widget messages on that same thread, so a move never runs while a click is half
  handled), or, in plain Python, a private loop on one daemon thread (:func:`background_loop`);
* :meth:`Pacer.kick` may be called from any thread: off the loop's thread it hops on with
  ``call_soon_threadsafe``, on it with ``call_soon`` (so the gesture that kicked is drawn before
  the computer thinks); each scheduled callback carries a token, and a callback whose
  token is stale (undo, new hand, a pace change) is dropped;
* the pace counts from the moment the move before was made: thinking and drawing come out of
  it (:data:`NORMAL_PACE`; the lead after a finished trick waits :data:`TRICK_PAUSE` paces);
* a move that raises, or a redraw after it that raises, is logged as ``error`` and the
  next move is still scheduled (``try/finally``), so one bad callback cannot leave the
  table waiting for ever;
* every schedule, fire, drop and error is kept in :attr:`Pacer.log` (and appended to the
  file named by ``FIVEHUNDRED_PACER_LOG``, for the browser stress bench).

>>> s = Session(seed=3, dealer="E")
>>> s.phase.value, s.round.seat_name(s.to_act), s.my_turn
('auction', 'S', True)
>>> s.act("PASS")
>>> s.events[-1]
'You passed.'
>>> moved = s.run()  # West, North and East call, and on until it is your turn again
>>> s.my_turn, s.round.actors()[:4]
(True, (2, 3, 0, 1))
"""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time
from collections import deque
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence, TypeVar

from fivehundred.actions import Action, CallCard, CallPartner, Discard, Nominate, Play
from fivehundred import reasons
from fivehundred.bidding import Bid
from fivehundred.errors import FiveHundredError, IllegalActionError, RulesError, shown
from fivehundred.game import Game
from fivehundred.i18n import N_, ngettext
from fivehundred.i18n import gettext as _
from fivehundred.players import Player, RulesPlayer
from fivehundred.round import Phase, Round, View
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.text import action as say
from fivehundred.text import bid_label as say_bid_label
from fivehundred.text import seat as say_seat
from fivehundred.text import suit as say_suit
from fivehundred.seating import parse_seat, seat_name, side_of, sides

_T = TypeVar("_T")

__all__ = [
    "off_loop",
    "Session",
    "Event",
    "Policy",
    "Vetting",
    "GameTo500",
    "MoveRefused",
    "Pacer",
    "NORMAL_PACE",
    "TRICK_PAUSE",
    "background_loop",
    "learner_seat",
    "HintFn",
    "VetFn",
]

#: ``hint(view) -> sentence``: the hint service's answer for the learner's position
HintFn = Callable[[View], str]
#: ``vet(round, action) -> message or None``: a lesson's check of the learner's action; a message refuses it
VetFn = Callable[[Round, Action], "str | None"]

#: whose turn it is, by phase ("West to play…"): translated where they are shown
_VERBS = {Phase.AUCTION: N_("{seat} to bid…"), Phase.KITTY: N_("{seat} to take the kitty…"),
          Phase.PARTNER: N_("{seat} to call a partner…"), Phase.NOMINATION: N_("{seat} to nominate the joker…"),
          Phase.PLAY: N_("{seat} to play…")}
_MOVE = N_("{seat} to move…")


class MoveRefused(FiveHundredError):
    """A legal action the lesson does not accept here (guided play); ``explanation`` says why."""


def learner_seat(players: int) -> int:
    """The learner's seat at a table of ``players``: South where there is one, else the seat drawn at the bottom.

    >>> [seat_name(learner_seat(n), n) for n in (3, 4, 5, 6)]
    ['E', 'S', 'SE', 'S']
    """
    return {3: 1, 4: 2, 5: 2, 6: 3}.get(players, players // 2)


@dataclass(frozen=True)
class Event:
    """One change at the table: what kind, by which seat, with which action, in words."""

    kind: str
    text: str = ""
    seat: int | None = None
    action: Action | None = None


class Policy:
    """What a lesson adds to the table: vet the learner's actions, react to events, word the end of a hand.

    The base policy accepts every legal action (a practice table).
    """

    def vet(self, session: Session, action: Action) -> str | None:
        """A message refusing the learner's ``action`` (legal in the round), or ``None`` to accept it."""
        return None

    def on_event(self, session: Session, event: Event) -> None:
        """Called (under the session's lock) after every event, before the listeners."""

    def end_sentence(self, session: Session) -> str:
        """What to tell the learner when the hand on show is over."""
        if session.game.is_over:
            return _("The game is over. Press New hand to start a new game.")
        return _("The hand is over. Press New hand to play the next one.")


class Vetting(Policy):
    """Guided play: ``vet(round, action)`` may refuse a legal action with a message; refusals are counted."""

    def __init__(self, vet: VetFn, *, end: str | None = None) -> None:
        self._vet = vet
        self._end = end
        self.refusals = 0

    def vet(self, session: Session, action: Action) -> str | None:
        message = self._vet(session.round, action)
        if message:
            self.refusals += 1
        return message

    def end_sentence(self, session: Session) -> str:
        return self._end if self._end is not None else super().end_sentence(session)


class GameTo500(Policy):
    """Free play: hand after hand until a side reaches 500; then a new game (the view offers New game)."""

    def end_sentence(self, session: Session) -> str:
        if session.game.is_over:
            return _("The game is over. Press New game to play again.")
        return _("The hand is over. Press New hand to play the next one.")


class Session:
    """A hand or a game at the table: the learner at :attr:`learner`, computer players elsewhere.

    * ``round``: a hand to play (default: the game's first deal from ``seed`` and ``dealer``).
    * ``game``: carry on a :class:`~fivehundred.game.Game` from its hand in progress (a finished
      hand in it is scored first).
    * ``rules``: the rules of a new game (3 to 6 players).
    * ``players``: the computer players, a mapping by seat or a sequence by seat (the learner's
      entry is ignored); default :class:`~fivehundred.players.RulesPlayer` everywhere.
    * ``learner``: the learner's seat (default :func:`learner_seat`).
    * ``record``: a hand record to replay move by move (the learner may take over at their turn).
    * ``hint``: the hint callback; ``policy``: see :class:`Policy`.

    Raises:
        RulesError: a player count the table can't seat (2 players), or a bad learner seat.
        NotationError, IllegalActionError: a record that does not parse or replay.
    """

    def __init__(
        self,
        round: Round | None = None,
        *,
        game: Game | None = None,
        seed: int | None = 0,
        dealer: int | str = 0,
        rules: Rules = AUSTRALIAN,
        players: Sequence[Player | None] | Mapping[int, Player] | None = None,
        learner: int | str | None = None,
        record: str | None = None,
        hint: HintFn | None = None,
        policy: Policy | None = None,
    ) -> None:
        self.lock = threading.RLock()
        self._listeners: list[Callable[[Event], None]] = []
        self._events: list[str] = []
        self._script: list[Action] = []
        self.hint_fn = hint
        self.policy = policy if policy is not None else Policy()
        self.hint_requests = 0
        self._seed = seed if seed is not None else random.Random().randrange(2**32)
        self._rng = random.Random(self._seed + 1)
        script: list[Action] = []
        if record is not None:
            parsed = Round.from_record(record)
            round = parsed.from_deal()
            script = list(parsed.history)
        if game is not None:
            rules = game.rules
        elif round is not None:
            rules = round.rules
        if not 3 <= rules.players <= 6:
            raise RulesError(f"a table seats 3 to 6 players, not {rules.players}",
                             explanation=reasons.table_seats_three_to_six())
        self.rules = rules
        n = rules.players
        self.learner = learner_seat(n) if learner is None else parse_seat(learner, n)
        self._players = self._seat(players)
        if game is not None:
            self._game = game
            if game.round.is_over and not game.is_over:
                self._round = game.round
                game.next_hand()  # score it now, as a hand finished at the table is
            else:
                self._round = game.round
        elif round is None:
            self._game = Game(rules, seed=self._seed, dealer=parse_seat(dealer, n))
            self._round = self._game.round
        else:
            self._game = Game(rules, seed=self._seed, dealer=round.dealer)
            self._game.round = round
            self._round = round
        self._script = script
        self._emit("replay" if script else "deal",
                   _("Replaying a hand record.") if script else self._dealt())

    def _seat(self, players: Sequence[Player | None] | Mapping[int, Player] | None) -> dict[int, Player]:
        chosen: dict[int, Player] = {}
        for s in self.computer_seats:
            p: Player | None = None
            if isinstance(players, Mapping):
                p = players.get(s)
            elif players is not None and s < len(players):
                p = players[s]
            chosen[s] = p if p is not None else RulesPlayer()
        return chosen

    # ------------------------------------------------------------------ state
    @property
    def game(self) -> Game:
        return self._game

    @property
    def round(self) -> Round:
        """The hand on show (the finished one until :meth:`new_hand`)."""
        return self._round

    @property
    def phase(self) -> Phase:
        return self._round.phase

    @property
    def to_act(self) -> int | None:
        return self._round.to_act

    @property
    def players(self) -> dict[int, Player]:
        """The computer players by seat (a copy; change one with :meth:`set_player`)."""
        return dict(self._players)

    @property
    def computer_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.rules.players) if s != self.learner)

    @property
    def replaying(self) -> bool:
        """Whether moves of a hand record are still to be replayed."""
        return bool(self._script)

    @property
    def my_turn(self) -> bool:
        """Whether the learner is to act (not during a replay, not after the hand)."""
        r = self._round
        return not r.is_over and r.to_act == self.learner and not self._script

    @property
    def computer_due(self) -> bool:
        """Whether a computer or replayed move is waiting to be made."""
        r = self._round
        return not r.is_over and (bool(self._script) or r.to_act != self.learner)

    @property
    def events(self) -> tuple[str, ...]:
        """This hand's sentences so far, oldest first."""
        return tuple(self._events)

    def learner_actions(self) -> tuple[int, ...]:
        """History indices of the learner's actions this hand."""
        return tuple(i for i, s in enumerate(self._round.actors()) if s == self.learner)

    # ------------------------------------------------------------------ listeners
    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` after every change; returns a function that unsubscribes it."""
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    def _emit(self, kind: str, text: str = "", seat: int | None = None, action: Action | None = None,
              *, say: Iterable[str] = ()) -> Event:
        for sentence in say:
            self._events.append(sentence)
        if text and kind in ("deal", "replay", "undo"):
            self._events.append(text)
        event = Event(kind, text, seat, action)
        self.policy.on_event(self, event)
        for listener in tuple(self._listeners):
            listener(event)
        return event

    # ------------------------------------------------------------------ words
    def who(self, seat: int | None, *, you: str = "You") -> str:
        """``"You"`` for the learner, else the seat's long name (``"-"`` for none)."""
        if seat is None:
            return "-"
        return you if seat == self.learner else say_seat(seat, self.rules.players)

    def side_words(self, seat: int) -> str:
        """The seat's side in words: ``"North–South"``, or the seat alone (``"You"``, ``"East"``)."""
        side = sides(self.rules)[side_of(seat, self.rules)]
        if len(side) == 1:
            return self.who(seat)
        return "–".join(say_seat(s, self.rules.players) for s in side)

    def _dealt(self) -> str:
        dealer = self._round.dealer
        if dealer == self.learner:
            return _("You dealt.")
        return _("{seat} dealt.").format(seat=self.who(dealer))

    def _describe(self, seat: int, act: Action, tricks_before: int) -> list[str]:
        r = self._round
        who = self.who(seat)
        mine = seat == self.learner
        out: list[str] = []
        if isinstance(act, Bid):
            label = say_bid_label(act)
            if act.is_pass:
                out.append(_("You passed.") if mine else _("{seat} passed.").format(seat=who))
            else:
                out.append(_("You bid {bid}.").format(bid=label) if mine else _("{seat} bid {bid}.").format(seat=who, bid=label))
            if r.phase is not Phase.AUCTION and r.contract is not None:
                won = say_bid_label(r.contract)
                out.append(_("You won the auction with {bid}.").format(bid=won) if r.contractor == self.learner
                           else _("{seat} won the auction with {bid}.").format(seat=self.who(r.contractor), bid=won))
        elif isinstance(act, Discard):
            if seat == self.learner:
                out.append(_("You discarded {cards}.").format(cards=" ".join(c.label for c in act.cards)))
            else:
                out.append(ngettext("{seat} took the kitty and discarded {n} card face down.",
                                    "{seat} took the kitty and discarded {n} cards face down.", len(act.cards)).format(
                    seat=who, n=len(act.cards)))
            if r.sitting_out:
                for s in r.sitting_out:
                    out.append(_("You sit out: in misère the contractor plays alone.") if s == self.learner
                               else _("{seat} sits out: in misère the contractor plays alone.").format(seat=self.who(s)))
        elif isinstance(act, CallPartner):
            names = _(" and ").join(self.who(s, you=_("you")) for s in act.seats) or _("no partner")
            out.append(_("You called {names} as partner.").format(names=names) if mine
                       else _("{seat} called {names} as partner.").format(seat=who, names=names))
        elif isinstance(act, CallCard):
            c = act.card.label
            out.append(_("You called the holder of {card} as partner.").format(card=c) if mine
                       else _("{seat} called the holder of {card} as partner.").format(seat=who, card=c))
        elif isinstance(act, Nominate):
            if act.suit is None:
                out.append(_("You left the joker without a suit.") if mine
                           else _("{seat} left the joker without a suit.").format(seat=who))
            else:
                suit = f"{say_suit(act.suit, singular=True)} ({act.suit.symbol})"
                out.append(_("You nominated the joker as a {suit}.").format(suit=suit) if mine
                           else _("{seat} nominated the joker as a {suit}.").format(seat=who, suit=suit))
        elif isinstance(act, Play):
            c = act.card.label
            if act.named is not None:
                suits = say_suit(act.named)
                out.append(_("You played {card}, naming {suits}.").format(card=c, suits=suits) if mine
                           else _("{seat} played {card}, naming {suits}.").format(seat=who, card=c, suits=suits))
            else:
                out.append(_("You played {card}.").format(card=c) if mine else _("{seat} played {card}.").format(seat=who, card=c))
            if len(r.tricks) > tricks_before and r.contract is not None:
                trick = r.tricks[-1]
                winner = trick.winner(r.contract.trump, r.nominated)
                card = dict(trick.plays)[winner]
                side = self.side_words(winner)
                out.append(_("{side} won the trick (your {card}).").format(side=side, card=card.label) if winner == self.learner
                           else _("{side} won the trick ({seat}'s {card}).").format(
                               side=side, seat=say_seat(winner, self.rules.players), card=card.label))
        if r.result is not None:
            out.append(r.result.reason)
        return out

    def turn_sentence(self, *, paced: bool = True) -> str:
        """Whose turn it is, in words (``paced=False`` adds "press Next move")."""
        r = self._round
        if r.is_over:
            return self.policy.end_sentence(self)
        if self._script:
            return _("Replaying the record…")
        if r.to_act == self.learner:
            if r.phase is Phase.AUCTION:
                return _("Your turn to bid.")
            if r.phase is Phase.KITTY:
                return ngettext("Your turn: you won the auction, so choose {n} card to discard.",
                                "Your turn: you won the auction, so choose {n} cards to discard.",
                                self.rules.kitty_size).format(n=self.rules.kitty_size)
            if r.phase is Phase.PARTNER:
                return _("Your turn: call your partner.")
            if r.phase is Phase.NOMINATION:
                return _("Your turn: choose a suit for the joker (or none).")
            if r.current_trick is None:
                return _("Your turn to lead: click a card.")
            return _("Your turn to play: click a card.")
        wait = "" if paced else _(" (press Next move)")
        return _(_VERBS.get(r.phase, _MOVE)).format(seat=self.who(r.to_act)) + wait

    # ------------------------------------------------------------------ the flow
    def _do(self, seat: int, act: Action) -> None:
        r = self._round
        before = len(r.tricks)
        r.apply(act)
        say = self._describe(seat, act, before)
        if r.is_over:
            say.extend(self._score_hand())
        self._emit("action", say[0] if say else "", seat, act, say=say)

    def _score_hand(self) -> list[str]:
        if self._game.round is self._round and not self._game.is_over:
            self._game.next_hand()
        if self._game.result is not None:
            return [_("Game over: {reason}").format(reason=self._game.result.reason)]
        return []

    def act(self, action: Action | str) -> None:
        """The learner's action.  Raises ``FiveHundredError`` (nothing changes) if it is refused."""
        with self.lock:
            r = self._round
            if r.is_over:
                raise IllegalActionError(f"illegal action: {action}: the hand is over",
                                         explanation=reasons.hand_over_press_new_hand())
            if r.to_act != self.learner:
                who = self.who(r.to_act)
                raise IllegalActionError(f"illegal action: {action}: {who} is to act",
                                         explanation=reasons.not_your_turn(who))
            act = r.check(action)
            message = self.policy.vet(self, act)
            if message:
                raise MoveRefused(f"refused by the lesson: {act}", explanation=message)
            if self._script:
                self._script = []
                self._events.append(_("You took over from the replay."))
            self._do(self.learner, act)

    def plan(self) -> tuple[int, Action] | None:
        """Decide the next computer (or replayed) move without making it: ``(moves so far, action)``.

        The pacer thinks first and waits only what is left of the pace, then passes the plan
        to :meth:`advance`; a plan made before the state changed (undo, a new hand) is ignored.
        """
        with self.lock:
            if not self.computer_due:
                return None
            r = self._round
            seat = r.to_act
            assert seat is not None
            act = self._script[0] if self._script else self._players[seat].choose(r.view(seat))
            return len(r.history), act

    def advance(self, planned: tuple[int, Action] | None = None) -> Action | None:
        """Make the next computer (or replayed) move, if one is due; returns it, or ``None``.

        ``planned`` is a :meth:`plan` made for this very position (used if the hand has not
        moved on since; otherwise the player is asked again).

        Raises:
            FiveHundredError: the player's choice (or the record's next move) is not legal;
                nothing changes.
        """
        with self.lock:
            if not self.computer_due:
                return None
            r = self._round
            seat = r.to_act
            assert seat is not None
            if planned is not None and planned[0] == len(r.history) and (
                    not self._script or self._script[0] == planned[1]):
                act = planned[1]
            elif self._script:
                act = self._script[0]
            else:
                act = self._players[seat].choose(r.view(seat))
            self._do(seat, act)
            if self._script:
                self._script.pop(0)
            return act

    def run(self, limit: int = 1000) -> int:
        """Make every due computer move now (up to ``limit``); returns how many were made."""
        n = 0
        with self.lock:
            while n < limit and self.advance() is not None:
                n += 1
        return n

    def undo(self) -> Action:
        """Take back the learner's last decision (and the moves after it); returns that decision.

        Raises:
            IllegalActionError: the hand is over, or the learner has not acted yet this hand.
        """
        with self.lock:
            r = self._round
            if r.is_over:
                raise IllegalActionError(
                    "nothing to undo: the hand is over and scored",
                    explanation=reasons.nothing_to_undo_hand_scored())
            mine = self.learner_actions()
            if not mine:
                raise IllegalActionError(
                    "nothing to undo: no decision of yours yet this hand",
                    explanation=reasons.no_decision_to_undo())
            self._script = []
            last = mine[-1]
            undone = r.history[last]
            while len(r.history) > last:
                r.undo()
            kind = {Bid: _("Undone: back to your bid ({action})."), Discard: _("Undone: back to your discard ({action})."),
                    Nominate: _("Undone: back to your nomination ({action})."),
                    CallPartner: _("Undone: back to your partner call ({action})."),
                    CallCard: _("Undone: back to your partner call ({action}).")}.get(
                type(undone), _("Undone: back to your card ({action})."))
            self._emit("undo", kind.format(action=say(undone)), self.learner, undone)
            return undone

    def hint(self) -> str:
        """The hint callback's sentence for the learner's position ("" without one)."""
        with self.lock:
            if self.hint_fn is None:
                return ""
            self.hint_requests += 1
            try:
                text = str(self.hint_fn(self._round.view(self.learner)))
            except FiveHundredError as err:
                text = err.explanation
            self._emit("hint", text, self.learner)
            return text

    def set_player(self, seat: int | str, player: Player) -> None:
        """Seat ``player`` at a computer seat from its next move on.

        Raises:
            RulesError: the seat is the learner's or not a seat.
        """
        n = self.rules.players
        try:
            s = parse_seat(seat, n)
        except FiveHundredError:
            s = -1
        if s not in self.computer_seats:
            names = ", ".join(seat_name(c, n, long=True) for c in self.computer_seats)
            raise RulesError(f"no computer seat {shown(seat)}: {names} are the computer's",
                             explanation=reasons.only_computer_seats(
                                 ", ".join(say_seat(c, n) for c in self.computer_seats)))
        with self.lock:
            self._players[s] = player

    def new_hand(self) -> Round:
        """Deal the next hand (a finished hand was scored; an unfinished one is thrown in, same dealer)."""
        with self.lock:
            self._script = []
            if self._round.is_over:
                if self._game.is_over:
                    self._game = Game(self.rules, seed=self._rng.randrange(2**32),
                                      dealer=(self._round.dealer + 1) % self.rules.players)
                    self._events = [_("A new game starts at 0 – 0.")]
                else:
                    self._events = []
            elif self._game.round is self._round and not self._game.is_over:
                self._game.redeal()
                self._events = [_("That hand was thrown in unfinished; the same dealer deals again.")]
            else:
                self._game.round = Round.deal(self.rules, dealer=self._round.dealer, seed=self._rng.randrange(2**32))
                self._events = [_("That hand was thrown in unfinished; the same dealer deals again.")]
            self._round = self._game.round
            self._emit("deal", self._dealt())
            return self._round

    def new_game(self, seed: int | None = None, *, dealer: int | str | None = None) -> Round:
        """Start a new game at 0–0 (any hand in progress is dropped)."""
        with self.lock:
            self._script = []
            n = self.rules.players
            start = (self._round.dealer + 1) % n if dealer is None else parse_seat(dealer, n)
            self._game = Game(self.rules, seed=self._rng.randrange(2**32) if seed is None else seed, dealer=start)
            self._round = self._game.round
            self._events = [_("A new game starts at 0 – 0.")]
            self._emit("deal", self._dealt())
            return self._round

    def load_record(self, text: str) -> Round:
        """Replay the hand in a record move by move (see :meth:`advance`); the learner may take over.

        Raises:
            NotationError, IllegalActionError: the record does not parse or replay.
            RulesError: the record's player count is not this table's.
        """
        parsed = Round.from_record(text)
        if parsed.rules.players != self.rules.players:
            raise RulesError(
                f"a {parsed.rules.players}-player record at a {self.rules.players}-player table",
                explanation=reasons.record_for_other_table(parsed.rules.players, self.rules.players))
        with self.lock:
            fresh = parsed.from_deal()
            self.rules = parsed.rules
            self._game = Game(parsed.rules, seed=self._rng.randrange(2**32), dealer=parsed.dealer)
            self._game.round = fresh
            self._round = fresh
            self._script = list(parsed.history)
            self._events = []
            self._emit("replay", "Replaying a hand record.")
            return fresh

    def __repr__(self) -> str:
        r = self._round
        totals = ", ".join(f"{n} {t}" for n, t in zip(self._game.side_names, self._game.scores))
        return (f"Session(phase={r.phase.value!r}, to_act={r.seat_name(r.to_act)!r}, "
                f"history={len(r.history)}, scores={totals!r})")


# ---------------------------------------------------------------------- pacing
#: the Normal pace: seconds from one computer move to the next, thinking and drawing included.  Issue 14's
#: targets are at most 0.8 s a move and at most 30 s of waiting in a whole hand at Normal; a hand has about
#: 34 computer moves, so 0.8 s a move would be 27 s before any pause (``bench/pace.py`` measures it in the browser)
NORMAL_PACE = 0.65
#: the first move after a finished trick waits this many paces (about a second at Normal), so the trick can be seen
TRICK_PAUSE = 1.5

_BACKGROUND: asyncio.AbstractEventLoop | None = None
_BACKGROUND_LOCK = threading.Lock()


def background_loop() -> asyncio.AbstractEventLoop:
    """A private asyncio loop running for ever on one daemon thread (pacing outside a kernel)."""
    global _BACKGROUND
    with _BACKGROUND_LOCK:
        if _BACKGROUND is None or _BACKGROUND.is_closed():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="fivehundred-pacer", daemon=True)
            thread.start()
            _BACKGROUND = loop
        return _BACKGROUND


def off_loop(
    loop: asyncio.AbstractEventLoop,
    fn: Callable[[], _T],
    then: Callable[[_T], object],
    *,
    lock: AbstractContextManager[object] | None = None,
    on_error: Callable[[BaseException], object] | None = None,
    what: str = "background",
) -> threading.Event:
    """The one way to work off the click path: run ``fn()`` on a worker thread of its own, then
    ``then(result)`` on ``loop`` (the kernel's, where widgets are drawn), under ``lock`` if given.

    If ``fn`` (or ``then``) raises, ``on_error(err)`` runs on the loop instead (an error in ``on_error``
    itself is dropped: a chore must not break the loop).  Returns an event set once ``then`` or
    ``on_error`` has finished (or the work has failed with no ``on_error``), for callers that wait.
    :meth:`Pacer.background` (a hand's review, the best cards) and the live quiz keys use it.
    """
    finished = threading.Event()

    def report(err: BaseException) -> None:
        try:
            if on_error is not None:
                on_error(err)
        except Exception:  # noqa: BLE001 - reported already; a chore must not break the loop
            pass
        finally:
            finished.set()

    def done(result: _T) -> None:
        try:
            if lock is not None:
                with lock:
                    then(result)
            else:
                then(result)
        except Exception as err:  # noqa: BLE001 - handed to on_error; a chore must not break the loop
            report(err)
            return
        finished.set()

    def work() -> None:
        try:
            result = fn()
        except BaseException as err:  # noqa: BLE001 - a search cancelled or failed: on_error says so on the loop
            loop.call_soon_threadsafe(report, err)
            return
        loop.call_soon_threadsafe(done, result)

    threading.Thread(target=work, name=f"fivehundred-{what}", daemon=True).start()
    return finished


class Pacer:
    """Runs a session's computer moves on one asyncio loop, ``pace`` seconds apart (see the module docstring).

    * ``pace``: seconds between moves; ``0`` makes them at once inside :meth:`kick`;
      ``None`` never makes them (step by step, with :meth:`Session.advance`).
    * ``on_move()``: called after each paced move, on the loop's thread (the view redraws).
    * ``on_error(err)``: called when a move raises (the move is not made; the table says why).
    """

    def __init__(
        self,
        session: Session,
        loop: asyncio.AbstractEventLoop,
        *,
        pace: float | None = NORMAL_PACE,
        on_move: Callable[[], None] | None = None,
        on_error: Callable[[BaseException], None] | None = None,
        name: str = "table",
    ) -> None:
        self.session = session
        self.loop = loop
        self.pace = pace
        self.on_move = on_move
        self.on_error = on_error
        self.name = name
        self.log: deque[tuple[float, str, int, str]] = deque(maxlen=400)
        self._token = 0
        self._handle: asyncio.TimerHandle | None = None
        self._armed = False  # a move is scheduled (or about to be, on the loop's thread)
        self._plan: tuple[int, Action] | None = None  # the scheduled move, decided when it was scheduled
        self._made_at: float | None = None  # when the last paced move was made (its pace counts from there)
        self._path = os.environ.get("FIVEHUNDRED_PACER_LOG") or None
        self.counts = {"schedule": 0, "fire": 0, "drop": 0, "error": 0}

    def _note(self, what: str, detail: str = "") -> None:
        self.counts[what] = self.counts.get(what, 0) + 1
        entry = (time.monotonic(), what, self._token, detail)
        self.log.append(entry)
        if self._path:
            try:
                with open(self._path, "a", encoding="utf-8") as f:
                    f.write(f"{entry[0]:.3f} {self.name} {what} {entry[2]} {detail}\n")
            except OSError:
                self._path = None

    @property
    def pending(self) -> bool:
        """Whether a computer move is scheduled."""
        return self._armed

    def cancel(self) -> None:
        """Drop the scheduled move (if any); a callback already on its way is dropped when it fires."""
        with self.session.lock:
            self._token += 1
            if self._handle is not None:
                self._handle.cancel()
                self._handle = None
            if self._armed:
                self._note("drop", "cancelled")
            self._armed = False
            self._made_at = None

    def set_pace(self, pace: float | None) -> None:
        """Change the pace: the scheduled move is dropped and the next one scheduled at the new pace."""
        self.cancel()
        self.pace = pace
        self.kick()

    def kick(self) -> None:
        """Schedule the next computer move if one is due and none is scheduled (any thread).

        With ``pace == 0`` the moves are made at once, here.  The move after a finished trick
        waits :data:`TRICK_PAUSE` times the pace, so the trick can be seen.

        The pace counts from the moment the move before was made (or from this kick, after a
        learner's gesture), so the player's thinking *and* the redraw of the move before both
        come out of it.  On the loop's own thread the player thinks only after the caller
        returns: a learner's click is drawn first, then the computer thinks.
        """
        s = self.session
        with s.lock:
            origin = self._made_at if self._made_at is not None else time.monotonic()
            self._made_at = None
            pace = self.pace
            if pace is None or self._armed or not s.computer_due:
                return
            if pace <= 0:
                try:
                    s.run()
                except FiveHundredError as err:
                    self._note("error", repr(err))
                    if self.on_error is not None:
                        self.on_error(err)
                return
            r = s.round
            after_trick = r.phase is Phase.PLAY and r.current_trick is None and bool(r.tricks)
            delay = pace * (TRICK_PAUSE if after_trick else 1.0)
            token = self._token
            self._armed = True
            self._note("schedule", f"{delay:.2f}s {s.round.seat_name(s.to_act)}")
        if self._on_loop_thread():
            self.loop.call_soon(self._arm, token, delay, origin)
        else:
            self.loop.call_soon_threadsafe(self._arm, token, delay, origin)

    def later(self, delay: float, fn: Callable[[], object], what: str = "later") -> None:
        """Run ``fn()`` on the loop ``delay`` seconds from now, under the session's lock (any thread).

        For the view's own timed chores (re-sending its state after a page connects); logged
        as ``what`` when it runs, and as ``error`` if it raises.
        """
        def run() -> None:
            with self.session.lock:
                try:
                    fn()
                    self._note(what)
                except Exception as err:  # noqa: BLE001 - logged; a chore must not break the loop
                    self._note("error", f"{what}: {err!r}")

        self.loop.call_soon_threadsafe(lambda: self.loop.call_later(delay, run))

    def background(self, fn: Callable[[], _T], then: Callable[[_T], object], what: str = "background") -> None:
        """Run ``fn()`` off the loop, on a worker thread of its own (a search: a hand's review, the best cards),
        then ``then(result)`` on the loop under the session's lock (the view shows the result); any thread.

        The loop stays free meanwhile: a page that is still drawing, a click, the next computer move go
        on (a search run on the loop itself held a resumed free-play page's last outputs for over a minute
        under load).  Logged as ``what`` when ``then`` has run; an error in either is logged as ``error``
        and ``then`` is not called (or not finished).
        """
        def shown(result: _T) -> None:
            then(result)
            self._note(what)

        off_loop(self.loop, fn, shown, lock=self.session.lock, what=what,
                 on_error=lambda err: self._note("error", f"{what}: {err!r}"))

    def _on_loop_thread(self) -> bool:
        try:
            return asyncio.get_running_loop() is self.loop
        except RuntimeError:
            return False

    def _arm(self, token: int, delay: float, origin: float) -> None:
        """Think now, then wait only what is left of ``delay`` since ``origin``: the pace includes the
        player's thinking and the drawing of the move before."""
        with self.session.lock:
            if token != self._token:
                return  # cancelled before it was armed (already logged as a drop)
            start = time.monotonic()
            try:
                self._plan = self.session.plan()
            except Exception as err:  # noqa: BLE001 - advance() asks again at fire time and reports it
                self._plan = None
                self._note("error", f"plan: {err!r}")
            think = time.monotonic() - start
            if think >= 0.05:
                self._note("think", f"{think:.2f}s")
            self._handle = self.loop.call_later(max(0.0, delay - (time.monotonic() - origin)), self._fire, token)

    def _fire(self, token: int) -> None:
        s = self.session
        with s.lock:
            if token != self._token:
                self._note("drop", "stale")
                return
            self._handle = None
            self._armed = False
            self._note("fire", s.round.seat_name(s.to_act))
            planned, self._plan = self._plan, None
            made_at = time.monotonic()
            try:
                s.advance(planned)
            except Exception as err:  # noqa: BLE001 - logged and reported; the table must not stop
                self._note("error", repr(err))
                if self.on_error is not None:
                    try:
                        self.on_error(err)
                    except Exception as again:  # noqa: BLE001 - a failing error handler is logged too; the table must not stop
                        self._note("error", f"on_error: {again!r}")
                return
            try:
                if self.on_move is not None:
                    self.on_move()
            except Exception as err:  # noqa: BLE001 - a redraw that fails must not stop the next move
                self._note("error", f"on_move: {err!r}")
            finally:
                self._made_at = made_at
                self.kick()
