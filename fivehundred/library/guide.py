"""Guided play of a sample hand: which moves the guide accepts, hints, and the review.

The guide follows the learner along a :class:`~fivehundred.library.hand.SampleHand`'s
intended line.  While the hand stays on the line:

* at a narrated learner decision (a note with ``accept``) any other action is
  refused with the note's explanation (:meth:`Guide.vet`);
* other learner cards are accepted, and the hand may leave the line;
* the learner's bids, discard and nomination follow the line (the hands are
  about the play, so the contract is given);
* hints come from the precomputed double-dummy values (instant).

Off the line the coach **follows** the learner (:meth:`Guide.follows`): the
computer seats play as :class:`~fivehundred.players.RulesPlayer`, each of the
learner's positions is solved double-dummy live (one transposition table for
the hand), and the moments to coach are found live (:meth:`Guide.moment`):
positions where only a minority of the legal cards keep the best result, the
others costing at least a trick.  There a worse card is refused with the
reason, as at the line's narrated decisions.  On the line, a card the line
does not plan but that keeps at least as much double dummy is accepted: the
learner leaves the line and the coach follows.

The review compares the result with par and names the cards (an opponent's
slip, a partner's or the learner's loss) that changed the best-play result on
the way (:meth:`Guide.review`).
"""

from __future__ import annotations

import re
import time
from typing import Iterable
from dataclasses import dataclass

from fivehundred import i18n
from fivehundred import text as words
from fivehundred.actions import Action, Discard, Nominate, Play
from fivehundred.analysis.coach import (HintLadder, bids_in_words, or_list, play_words, principle, say_action, visible_cards,
                                        waiting_reason)
from fivehundred.analysis.grading import grade_play, grade_hand
from fivehundred.analysis.solver import Position, SearchCancelled, Solver, card_values
from fivehundred.bidding import Bid
from fivehundred.cards import Card, Rank, Suit
from fivehundred.checks import instance_arg
from fivehundred.errors import FiveHundredError
from fivehundred.i18n import gettext as _
from fivehundred.i18n import ngettext, pgettext
from fivehundred.library.hand import Note, SampleHand
from fivehundred.library.story import plays_in_words, trick_facts, trick_story
from fivehundred.play import play_rules
from fivehundred.players.base import Player
from fivehundred.players.rules_player import RulesPlayer
from fivehundred.round import Phase, Round, View, round_arg, view_arg
from fivehundred.scoring import NUM_TRICKS, score_hand
from fivehundred.trumps import effective_suit, is_left_bower, is_right_bower

__all__ = ["Guide", "LinePlayer", "GradedMove", "Review", "Analysis", "Moment", "ParChange", "Remark"]

#: hand id -> history index -> action text -> the contracting side's final tricks with best play
Analysis = dict[str, dict[int, dict[str, int]]]


def top_cards_in(hand: Iterable[Card], trump: Suit | None) -> set[Card]:
    """The cards of ``hand`` a teacher never throws away while the contract needs tricks: the joker, the bowers,
    every ace and a guarded king (a king held with another card of its suit)."""
    cards = tuple(hand)
    out: set[Card] = set()
    for c in cards:
        if c.is_joker or (trump is not None and (is_right_bower(c, trump) or is_left_bower(c, trump))):
            out.add(c)
        elif c.rank is Rank.ACE:
            out.add(c)
        elif c.rank is Rank.KING:
            suit = effective_suit(c, trump)
            if sum(1 for d in cards if not d.is_joker and d != c and effective_suit(d, trump) is suit) >= 1:
                out.add(c)
    return out


def _card_list(cards: Iterable[Card]) -> str:
    return words.listing(c.label for c in cards)


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
class ParChange:
    """A card that changed the best-play result: ``gift`` tricks for the learner's side (negative: a loss)."""

    trick: int
    seat: int
    play: Play
    gift: int
    text: str


@dataclass(frozen=True)
class Review:
    """The end-of-hand review: par, the learner's graded moves, the result, and why par moved."""

    par: int | None
    par_text: str
    result: str
    moves: tuple[GradedMove, ...]
    on_line: bool
    #: the cards that changed the best-play result on the way (other seats' slips and losses)
    changes: tuple[ParChange, ...] = ()
    #: a sentence comparing the result with par and saying why they differ
    par_story: str = ""


@dataclass(frozen=True)
class Remark:
    """One thing the coach said, shown before history index ``at`` (after the action ``at - 1``).

    ``kind``: ``"note"`` (the hand file's narration of its planned line), ``"planned"``
    (what the planned line would have shown, after the learner left it), ``"trick"``
    (a word about a finished trick off the line), ``"moment"`` (a live moment the
    learner met off the line) or ``"end"`` (the result, off the line).
    """

    at: int
    kind: str
    label: str
    text: str
    #: a line note asking for the learner's decision there
    decision: bool = False


@dataclass(frozen=True)
class Moment:
    """A live coaching moment: only ``best`` keep the result ``target`` (the side's tricks); the rest cost."""

    best: tuple[Play, ...]
    legal: int
    target: int
    text: str


def _history_matches(r: Round, hand: SampleHand) -> bool:
    f = hand.final
    if r.dealt_hands != f.dealt_hands or r.kitty != f.kitty or r.dealer != f.dealer or r.rules != f.rules:
        return False
    n = len(r.history)
    return n <= len(hand.line) and tuple(r.history) == hand.line[:n]


class Guide:
    """The rules of guided play for one sample hand (pure engine logic; the widget calls it)."""

    def __init__(self, hand: SampleHand, analysis: dict[int, dict[str, int]] | None = None, par: int | None = None) -> None:
        self.hand = instance_arg(hand, SampleHand, "hand", "use load_hand(hand_id), or guide_for(hand_id) for the whole guide")
        self.analysis = analysis or {}
        self.par = par
        #: live double-dummy values by history, for positions off the line (see :meth:`live_values`)
        self._live: dict[tuple[Action, ...], dict[Play, int]] = {}
        self._solver: Solver | None = None
        #: seconds a live solve may take before the coach gives up on that position (no moment, a sampled hint)
        self.live_budget: float | None = 3.0

    # ------------------------------------------------------------------ the line
    def on_line(self, r: Round) -> bool:
        """Whether ``r`` is this hand's deal and its history is a prefix of the intended line."""
        r = round_arg(r, "r")
        return _history_matches(r, self.hand)

    def next_action(self, r: Round) -> Action | None:
        """The line's next action, while ``r`` is on the line."""
        r = round_arg(r, "r")
        if not self.on_line(r) or len(r.history) >= len(self.hand.line):
            return None
        return self.hand.line[len(r.history)]

    def note(self, r: Round) -> Note | None:
        """The note for the current position, while on the line."""
        r = round_arg(r, "r")
        return self.hand.note_at(len(r.history)) if self.on_line(r) else None

    def notes_so_far(self, r: Round) -> tuple[Note, ...]:
        """The line's notes up to the current position (all of them on the line; up to where it was left off it)."""
        r = round_arg(r, "r")
        n = len(r.history)
        if not self.on_line(r):
            line = self.hand.line
            n = next((i for i, a in enumerate(r.history) if i >= len(line) or a != line[i]), n)
        return tuple(note for note in self.hand.notes if note.at <= n)

    def left_line_at(self, r: Round) -> int | None:
        """The history index where ``r`` left the line (``None`` while on it)."""
        r = round_arg(r, "r")
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
        r = round_arg(r, "r")
        expected = self.next_action(r)
        if expected is None:
            return self._vet_live(r, action)
        note = self.note(r)
        if note is not None and note.accept:
            if action in note.accept:
                return None
            if isinstance(action, Play) and action.card.is_joker and action.named is None:
                if any(isinstance(a, Play) and a.card.is_joker and a.named is not None for a in note.accept):
                    return None  # a click on the joker before its suit is named: the table asks for the suit
            tie = (self.as_good_as_line(r, action) if isinstance(action, Play)
                   else self._equally_safe(r, action, note.accept))
            if tie:
                # a double-dummy tie is no praise for throwing away tricks a sound line keeps
                thrown = self._top_cards_thrown(r, action, note.accept)
                if thrown:
                    # Translators: {cards} is one card or a list ("A♠ and K♦"); {wrong} the hand's own words on this decision
                    return ngettext("That throws away {cards}: top cards that take tricks, and the planned line keeps it. "
                                    "Perfect play by everyone might still get away with it, but at the table that is a "
                                    "mistake. {wrong}",
                                    "That throws away {cards}: top cards that take tricks, and the planned line keeps them. "
                                    "Perfect play by everyone might still get away with it, but at the table that is a "
                                    "mistake. {wrong}", len(thrown)).format(cards=_card_list(thrown), wrong=note.wrong)
                if isinstance(action, Play):
                    return None  # as good double dummy: the learner leaves the line and the coach follows
                return _("That is just as safe with best play, well spotted. This hand is about the planned idea, "
                         "though, so the coach asks for it here. {wrong}").format(wrong=note.wrong)
            return note.wrong
        if isinstance(action, Play):
            return None
        if action == expected:
            return None
        if isinstance(expected, Bid):
            return _("This hand is about the play, so the auction is set: {bid}.").format(bid=words.bid(expected))
        if isinstance(expected, Discard):
            return _("This hand is about the play, so the discard is set: discard {cards}.").format(
                cards=" ".join(c.label for c in expected.cards))
        if isinstance(expected, Nominate):
            return _("This hand is about the play, so the nomination is set: {action}.").format(action=say_action(expected))
        return _("Follow the intended line here: {action}.").format(action=say_action(expected))

    def set_calls(self, r: Round) -> tuple[Bid, ...] | None:
        """The only calls the learner may make now, when the hand's auction is set; ``None`` when it is not.

        On the line with the learner to bid: a narrated bid's accepted calls, else the line's own call (what
        :meth:`vet` accepts), so the table can offer just those instead of the whole ladder.
        """
        r = round_arg(r, "r")
        if r.phase is not Phase.AUCTION or r.to_act != self.hand.seat:
            return None
        expected = self.next_action(r)
        if not isinstance(expected, Bid):
            return None
        note = self.note(r)
        if note is not None and note.accept:
            bids = tuple(a for a in note.accept if isinstance(a, Bid))
            return bids or None
        return (expected,)

    def _top_cards_thrown(self, r: Round, action: Action, accepted: tuple[Action, ...]) -> tuple[Card, ...]:
        """The top cards (:func:`top_cards_in`) that ``action`` throws away and every accepted action keeps.

        A discard throws its cards; a card played is thrown when it neither follows the suit led nor trumps
        (it cannot win the trick).  Empty when the contract is a misère (there high cards are the ones to lose).
        """
        contract = r.contract
        if contract is None or contract.is_misere or r.to_act is None:
            return ()
        trump = contract.trump
        hand = r.view(r.to_act).hand
        top = top_cards_in(hand, trump)

        def thrown(a: Action) -> set[Card]:
            if isinstance(a, Discard):
                return set(a.cards) & top
            trick = r.current_trick if r.phase is Phase.PLAY else None
            if isinstance(a, Play) and trick is not None and not a.card.is_joker:
                suit = effective_suit(a.card, trump, r.nominated)
                if suit is not trick.led and suit is not trump and a.card in top:
                    return {a.card}
            return set()

        mine = thrown(action)
        if not mine:
            return ()
        kept = [thrown(a) for a in accepted if isinstance(a, (Discard, Play))]
        if not kept:
            return ()
        lost = [c for c in mine if all(c not in k for k in kept)]
        return tuple(sorted(lost, key=lambda c: (not c.is_joker, -int(c.rank) if not c.is_joker else 0, str(c))))

    def _equally_safe(self, r: Round, action: Action, accepted: tuple[Action, ...]) -> bool:
        """Whether a discard the note does not list keeps as much double dummy as the accepted one."""
        if not isinstance(action, Discard) or r.phase is not Phase.KITTY:
            return False
        after = r.copy()
        try:
            after.apply(action)
        except FiveHundredError:  # an illegal discard: the table reports it
            return False
        if after.phase is not Phase.PLAY:
            return False
        planned = [_final_after(r, a) for a in accepted if isinstance(a, Discard)]
        if not planned:
            return False
        assert r.contract is not None
        if r.contract.is_misere:
            return _final(after) <= max(planned)
        return _final(after) >= min(planned)

    # ------------------------------------------------------------------ following the learner off the line
    def _wants_more(self, r: Round, seat: int) -> bool:
        assert r.contract is not None
        return (seat != r.contractor) if r.contract.is_misere else seat in r.contracting_seats()

    def live_values(self, r: Round) -> dict[Play, int] | None:
        """Double-dummy values (the contracting side's final tricks) of the learner's legal cards here.

        Precomputed on the line, solved live off it (kept for the hand, with one
        shared transposition table); ``None`` when it is not the learner's card to play,
        or when the solve takes longer than :attr:`live_budget` seconds (it is tried
        again at the next call; the shared table keeps what it learnt).
        """
        r = round_arg(r, "r")
        if r.phase is not Phase.PLAY or r.to_act != self.hand.seat:
            return None
        pre = self.values(r)
        if pre is not None:
            return {Play.parse(k): v for k, v in pre.items()}
        key = tuple(r.history)
        got = self._live.get(key)
        if got is None:
            pos = Position.from_round(r)
            reuse = self._solver if self._solver is not None and self._solver.same_hand(pos) else None
            solver = Solver.from_round(r, reuse=reuse)
            if self._solver is None or reuse is None:
                self._solver = solver
            deadline = time.monotonic() + self.live_budget if self.live_budget is not None else None
            try:
                got = card_values(r, solver=solver, deadline=deadline)
            except SearchCancelled:
                return None
            self._live[key] = got
        return got

    def as_good_as_line(self, r: Round, action: Play) -> bool:
        """On the line at the learner's card: whether ``action`` keeps at least as much as the line's card."""
        r = round_arg(r, "r")
        expected = self.next_action(r)
        values = self.values(r)
        if expected is None or values is None or str(action) not in values or str(expected) not in values:
            return False
        seat = self.hand.seat
        mine, planned = values[str(action)], values[str(expected)]
        return mine >= planned if self._wants_more(r, seat) else mine <= planned

    def departure(self, r: Round) -> tuple[int, Action, int] | None:
        """Where ``r`` left the line: (history index, the learner's card, tricks it gained over the line's card).

        The gain is measured double dummy from the precomputed values (0: as
        good as the line's card; negative: it cost tricks).  ``None`` on the line.
        """
        r = round_arg(r, "r")
        at = self.left_line_at(r)
        if at is None or at >= len(r.history):
            return None
        action = r.history[at]
        values = self.analysis.get(at)
        planned = self.hand.line[at] if at < len(self.hand.line) else None
        if values is None or planned is None or str(action) not in values or str(planned) not in values:
            return at, action, 0
        before = self.hand.round_at(at)
        diff = values[str(action)] - values[str(planned)]
        return at, action, diff if self._wants_more(before, self.hand.seat) else -diff

    def follows(self, r: Round) -> bool:
        """Whether the coach is following the learner off the line (any departure: the coach re-plans from there)."""
        r = round_arg(r, "r")
        return self.left_line_at(r) is not None and r.contract is not None

    def moment(self, r: Round) -> Moment | None:
        """A live coaching moment at the learner's card off the line, or ``None``.

        A moment: only a minority of the legal cards keep the best result (the
        others cost at least a trick), found by solving the position double dummy.
        """
        r = round_arg(r, "r")
        if not self.follows(r):
            return None
        values = self.live_values(r)
        if not values or len(values) < 2:
            return None
        seat = self.hand.seat
        wants = self._wants_more(r, seat)
        target = max(values.values()) if wants else min(values.values())
        best = tuple(p for p, v in values.items() if v == target)
        if 2 * len(best) >= len(values):
            return None
        decision = RulesPlayer().decide(r.view(seat))
        pick = decision.action if decision.action in best else best[0]
        assert isinstance(pick, Play)
        nudge = principle(r.view(seat), pick)
        # Translators: {tricks} is "7 tricks"; {side} is "your side", "the defence", "you" or "the contractor";
        # {nudge} a sentence of advice
        text = ngettext("A moment that matters: only {n} of the {m} cards you may play keeps the best result here "
                        "({tricks} for {side}); any other costs at least a trick. {nudge}",
                        "A moment that matters: only {n} of the {m} cards you may play keep the best result here "
                        "({tricks} for {side}); any other costs at least a trick. {nudge}", len(best)).format(
            n=len(best), m=len(values), tricks=_tricks(_ours(r, seat, target)), side=_side_for(r, seat), nudge=nudge)
        return Moment(best, len(values), target, text)

    def _vet_live(self, r: Round, action: Action) -> str | None:
        if not isinstance(action, Play) or r.to_act != self.hand.seat:
            return None
        m = self.moment(r)
        if m is None or action in m.best:
            return None
        if action.card.is_joker and action.named is None and any(p.card.is_joker for p in m.best):
            return None  # the table asks for the suit
        values = self.live_values(r)
        assert values is not None
        got = values.get(action)
        if got is None:
            return None
        lost = abs(m.target - got)
        seat = self.hand.seat
        if _is_you(r, seat):
            text = _("Not {card}: it costs {lost}. With best play from here you take {best}, after {card} only {got}. "
                     "Look again: {nudge}")
        else:
            text = _("Not {card}: it costs {lost}. With best play from here {side} takes {best}, after {card} only {got}. "
                     "Look again: {nudge}")
        return text.format(card=_say(action), lost=_tricks(lost), side=_side_subject(r, seat),
                           best=_tricks(_ours(r, seat, m.target)), got=_tricks(_ours(r, seat, got)),
                           nudge=principle(r.view(seat), m.best[0]))

    def coach_says(self, r: Round) -> str:
        """The live coach's words off the line (\"\" on the line, where the notes speak)."""
        r = round_arg(r, "r")
        dep = self.departure(r)
        if dep is None:
            return ""
        _at, action, gain = dep
        card = _say(action)
        if gain >= 0 and self.planned_remark(r):  # the remark says how the card compares and what the line shows
            head = _("You have left the intended line with {card}. The coach follows you from here.").format(card=card)
        elif gain > 0:
            # Translators: {gain} is "it gains 1 trick" or (in misère) "you take 1 trick fewer"
            head = _("You have left the intended line. {card} is better than the planned card: {gain} with best play. "
                     "The coach follows you from here.").format(card=card, gain=_gain_words(r, self.hand.seat, gain))
        elif gain == 0:
            head = _("You have left the intended line. {card} is as good as the planned card, so the coach follows you "
                     "from here.").format(card=card)
        else:
            head = _("You have left the intended line. {card} cost {tricks} against the planned card. The coach follows "
                     "you from here; Undo to come back to the line.").format(card=card, tricks=_tricks(-gain))
        if r.is_over:
            return head + " " + _("The hand is over: see the review below.")
        m = self.moment(r)
        if m is not None:
            return f"{head} {m.text}"
        if r.to_act == self.hand.seat and r.phase is Phase.PLAY:
            values = self.live_values(r)
            if values:
                seat = self.hand.seat
                wants = self._wants_more(r, seat)
                target = max(values.values()) if wants else min(values.values())
                keep = sum(1 for v in values.values() if v == target)
                tricks = _tricks(_ours(r, seat, target))
                if _is_you(r, seat):  # playing misère: the learner's side is the learner
                    if len(values) == 1:
                        which = _("With best play from here you can end with {tricks}; the only card you may play keeps that.")
                    elif keep == len(values):
                        which = _("With best play from here you can end with {tricks}; any of your cards keeps that.")
                    else:
                        which = ngettext("With best play from here you can end with {tricks}; {n} of the {m} cards you may "
                                         "play keeps that.",
                                         "With best play from here you can end with {tricks}; {n} of the {m} cards you may "
                                         "play keep that.", keep)
                elif len(values) == 1:
                    which = _("With best play from here {side} can end with {tricks}; the only card you may play keeps that.")
                elif keep == len(values):
                    which = _("With best play from here {side} can end with {tricks}; any of your cards keeps that.")
                else:  # at least half keep it (fewer would be a moment)
                    which = ngettext("With best play from here {side} can end with {tricks}; {n} of the {m} cards you may "
                                     "play keeps that.",
                                     "With best play from here {side} can end with {tricks}; {n} of the {m} cards you may "
                                     "play keep that.", keep)
                # Translators: {side} is "your side", "the defence", "you" or "the contractor"; {tricks} is "7 tricks"
                return head + " " + which.format(side=_side_subject(r, seat), tricks=tricks, n=keep, m=len(values))
        return head

    # ------------------------------------------------------------------ the coach's remarks, on the line and off it
    def planned_remark(self, r: Round) -> str:
        """What the planned line would have shown, when the learner left it with a card at least as good.

        Said only where the hand's lesson lives on the planned line (a note of the line
        still to come before its end) and the learner's card left it: the planned line is played on from the departure (the line as
        the hand file records it, the same cards the computer seats play there), and
        its trick is told card by card with :func:`~fivehundred.library.story.trick_story`;
        then the later tricks where the defence trumps the learner's side's winners,
        and the planned line's result against the best result after the learner's card.
        Cards the learner has not seen in this hand are described in words, not named.
        ``""`` on the line, after a worse card, or when no lesson of the line is left.
        """
        r = round_arg(r, "r")
        dep = self.departure(r)
        if dep is None:
            return ""
        at, action, gain = dep
        line = self.hand.line
        planned = line[at] if at < len(line) else None
        if gain < 0 or not isinstance(planned, Play) or not isinstance(action, Play):
            return ""
        if not any(at < n.at < len(line) for n in self.hand.notes):
            return ""  # no lesson of the line is still to come (only its closing note)
        seat = self.hand.seat
        before = self.hand.round_at(at)
        if before.to_act != seat:
            return ""  # a computer seat left the line: not the learner's better card
        known = visible_cards(r.view(seat)) if not r.is_over else None
        p = before.copy()
        k = len(p.tricks)
        i = at
        while len(p.tricks) == k:
            p.apply(line[i])
            i += 1
        story = trick_story(p, seat, known=known)
        trick = p.tricks[-1]
        won_by = trick.winner(*_trump_and_nominated(p))
        cards = plays_in_words(p, trick, seat, known)
        ruffed_here = _ruffs_us(p, seat)
        card, plan = _say(action), _say(planned)
        if gain > 0:
            head = _("{card} is better than the planned {planned}: {gain} with best play.").format(
                card=card, planned=plan, gain=_gain_words(before, seat, gain))
        else:
            head = _("{card} is as good as the planned {planned} with best play.").format(card=card, planned=plan)
        note = self.hand.note_at(at)
        if gain > 0:
            head += " " + principle(before.view(seat), action)
        elif note is not None and action in note.accept:
            head = _("{card} is one of the cards the plan accepts here, like the planned {planned}.").format(
                card=card, planned=plan)
        if not story:
            story = (_("you win the trick.") if won_by == seat
                     else _("{seat} wins the trick.").format(seat=words.seat(won_by, p.rules.players)))
        else:
            story = _lower_first(story)
        # Translators: {card} is "the K♠"; {story} what happened in that trick, as a sentence after "and"
        # ("West cannot follow spades and trumps your K♠ with a trump."); {cards} the trick's cards in play order
        if trick.plays[0][0] == seat:
            shows = _("What the planned line shows: you lead {card} in trick {n}, and {story} ({cards}.)")
        else:
            shows = _("What the planned line shows: you play {card} in trick {n}, and {story} ({cards}.)")
        text = head + " " + shows.format(card=_the(planned), n=k + 1, story=story, cards=cards)
        # the rest of the planned line: the defence's ruffs of the learner's side's winners, and its result
        ruffs = []
        while not p.is_over:
            n = len(p.tricks)
            p.apply(line[i])
            i += 1
            if len(p.tricks) > n and _ruffs_us(p, seat):
                ruffs.append(len(p.tricks))
        if ruffs:
            # Translators: {numbers} is one trick's number or a list of them ("4", "4 and 6")
            if ruffed_here:
                later = ngettext("Later on that line your opponents trump your side's winners again in trick {numbers}.",
                                 "Later on that line your opponents trump your side's winners again in tricks {numbers}.",
                                 len(ruffs))
            else:
                later = ngettext("Later on that line your opponents trump your side's winners in trick {numbers}.",
                                 "Later on that line your opponents trump your side's winners in tricks {numbers}.",
                                 len(ruffs))
            text += " " + later.format(numbers=words.listing(str(n) for n in ruffs))
        values = self.analysis.get(at)
        planned_end = _ours(p, seat, _side_total(p))
        if values is not None and str(action) in values and str(planned) in values:
            mine, theirs = (_ours(before, seat, values[str(a)]) for a in (action, planned))
            if _is_you(before, seat):
                end = _("With best play by everyone from there, you would take {mine} after {card} and {theirs} after "
                        "{planned}; the planned line itself ends with {end} for {side}.")
            else:
                end = _("With best play by everyone from there, {who} would take {mine} after {card} and {theirs} after "
                        "{planned}; the planned line itself ends with {end} for {side}.")
            text += " " + end.format(who=_side_subject(before, seat), mine=_tricks(mine), card=card, theirs=_tricks(theirs),
                                     planned=plan, end=_tricks(planned_end), side=_side_for(before, seat))
        return text

    def remarks(self, r: Round) -> tuple[Remark, ...]:
        """Everything the coach has said so far, oldest first: the line's notes while the hand follows it (and a
        word after a trick of the line no note talks about, :func:`~fivehundred.library.story.trick_story`), then,
        off it, what the planned line would have shown (:meth:`planned_remark`), a word after each trick
        worth one (:func:`~fivehundred.library.story.trick_story`), each live moment the learner met
        (:meth:`moment`, from the positions already solved), and the result.

        The coach's current words about the learner's decision off the line are :meth:`coach_says`.
        """
        r = round_arg(r, "r")
        seat = self.hand.seat
        line = self.hand.line
        labels: dict[int, str] = {}
        replay = self.hand.fresh()
        left = self.left_line_at(r)
        stop = len(line) if left is None else left
        upto = len(r.history) if left is None else left
        noted = [n.at for n in self.hand.notes]
        told: list[Remark] = []
        for i, act in enumerate(line[:stop]):
            labels[i] = _label(replay, act)
            n = len(replay.tricks)
            replay.apply(act)
            if i < upto and len(replay.tricks) > n:
                # a trick of the line no note talks about (from its first card to the card after it): the story's word
                first = i - len(replay.tricks[-1].plays) + 1
                story = "" if any(first <= a <= i + 1 for a in noted) else trick_story(replay, seat)
                if story:
                    told.append(Remark(i + 1, "trick", _trick_label(len(replay.tricks)), story))
        labels[stop] = _label(replay, line[stop] if stop < len(line) else None)
        out = [Remark(n.at, "note", labels.get(n.at, ""), n.text, bool(n.accept)) for n in self.notes_so_far(r)]
        out = sorted(out + told, key=lambda m: m.at)  # stable: a note before a trick's word at the same place
        if left is None:
            return tuple(out)
        text = self.planned_remark(r)
        if text:
            out.append(Remark(left + 1, "planned", labels[left], text))
        for i in range(left, len(r.history)):
            act = r.history[i]
            if i > left and replay.phase is Phase.PLAY and replay.to_act == seat:
                said = self._past_moment(replay, act)
                if said:
                    out.append(Remark(i + 1, "moment", _label(replay, act), said))
            n = len(replay.tricks)
            replay.apply(act)
            if len(replay.tricks) > n:
                story = trick_story(replay, seat)
                if story:
                    out.append(Remark(i + 1, "trick", _trick_label(len(replay.tricks)), story))
        if r.is_over and r.result is not None:
            out.append(Remark(len(r.history), "end", _label(r, None), r.result.reason))
        return tuple(out)

    def _past_moment(self, r: Round, action: Action) -> str:
        """The moment the learner met at ``r`` (already solved: nothing is searched here), and how the card played fared."""
        values = self._live.get(tuple(r.history))
        if not values or len(values) < 2 or not isinstance(action, Play):
            return ""
        seat = self.hand.seat
        target = max(values.values()) if self._wants_more(r, seat) else min(values.values())
        best = [p for p, v in values.items() if v == target]
        if 2 * len(best) >= len(values):
            return ""
        names = or_list([_say(p) for p in best]) if len(best) <= 3 else ngettext("{n} card", "{n} cards", len(best)).format(n=len(best))
        # Translators: {cards} is the cards that kept it ("K♠ or Q♠", or "4 cards"); {card} the card played
        if action in best and len(best) > 1:
            text = ngettext("A moment that mattered: only {n} of the {m} cards you could play kept the best result "
                            "({cards}); {card} was one of them.",
                            "A moment that mattered: only {n} of the {m} cards you could play kept the best result "
                            "({cards}); {card} was one of them.", len(best))
        elif action in best:
            text = ngettext("A moment that mattered: only {n} of the {m} cards you could play kept the best result "
                            "({cards}); {card} was it.",
                            "A moment that mattered: only {n} of the {m} cards you could play kept the best result "
                            "({cards}); {card} was it.", len(best))
        else:
            text = ngettext("A moment that mattered: only {n} of the {m} cards you could play kept the best result "
                            "({cards}); {card} cost {lost}.",
                            "A moment that mattered: only {n} of the {m} cards you could play kept the best result "
                            "({cards}); {card} cost {lost}.", len(best))
        lost = abs(values[action] - target) if action in values else 0
        return text.format(n=len(best), m=len(values), cards=names, card=_say(action), lost=_tricks(lost))

    def ladder(self, r: Round, *, time_budget: float = 1.5) -> HintLadder:
        """The hint ladder for the learner here: nudge, card, evidence (or why there is none now)."""
        r = round_arg(r, "r")
        seat = self.hand.seat
        view = r.view(seat)
        why = waiting_reason(view)
        if why:
            return HintLadder(waiting=why)
        if r.phase is not Phase.PLAY:
            expected = self.next_action(r)
            if expected is not None:
                note = self.note(r)
                return HintLadder(nudge=principle(view, expected),
                                  card=_("The planned line: {action}.").format(action=_say(expected)),
                                  evidence=bids_in_words(note.text, view) if note is not None else _("This hand is about the play."),
                                  action=expected)
            from fivehundred.analysis.coach import coach_hint

            return coach_hint(view, time_budget=time_budget)
        values = self.live_values(r)
        if values is None:  # the live solve ran long: the learner's-view hint instead
            from fivehundred.analysis.coach import coach_hint

            return coach_hint(view, time_budget=time_budget)
        wants = self._wants_more(r, seat)
        target = max(values.values()) if wants else min(values.values())
        best = tuple(p for p, v in values.items() if v == target)
        note = self.note(r)
        accepted = [a for a in note.accept if isinstance(a, Play)] if note is not None else []
        pick: Play | None = next((a for a in accepted if a in best), None)
        if pick is None:
            decision = RulesPlayer().decide(view)
            pick = decision.action if isinstance(decision.action, Play) and decision.action in best else best[0]
        others = [p for p in best if p != pick]
        if _is_you(r, seat):
            head = _("With best play from here and every hand in view, you end with {tricks} after {card}")
        else:
            head = _("With best play from here and every hand in view, {side} ends with {tricks} after {card}")
        # Translators: {head} is "With best play from here and every hand in view, your side ends with 7 tricks after K♠"
        head = head.format(side=_side_subject(r, seat), tricks=_tricks(_ours(r, seat, values[pick])), card=_say(pick))
        if len(best) == 1:
            evidence = _("{head}; no other card keeps that.").format(head=head)
        elif len(others) <= 3:
            evidence = _("{head}; so would {cards}.").format(head=head, cards=or_list([_say(p) for p in others]))
        else:
            evidence = ngettext("{head}; {n} of the {m} cards you may play keeps that.",
                                "{head}; {n} of the {m} cards you may play keep that.", len(best)).format(
                head=head, n=len(best), m=len(values))
        return HintLadder(nudge=principle(view, pick), card=play_words(pick), evidence=evidence, action=pick,
                          best=best)

    # ------------------------------------------------------------------ values and hints
    def values(self, r: Round) -> dict[str, int] | None:
        """The precomputed value of each legal play (contracting side's final tricks), on the line."""
        r = round_arg(r, "r")
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
        """The whole hint ladder for the learner here as one text (see :meth:`ladder`)."""
        r = round_arg(r, "r")
        return self.ladder(r, time_budget=time_budget).upto(3)

    # ------------------------------------------------------------------ review
    def review(self, r: Round, *, time_budget: float = 1.0, max_tricks_left: int = 5) -> Review:
        """Par for the deal, the learner's graded cards (precomputed on the line, live late off it), the result."""
        r = round_arg(r, "r")
        seat = self.hand.seat
        replay = self.hand.fresh()
        moves: list[GradedMove] = []
        for i, action in enumerate(r.history):
            if replay.phase is Phase.PLAY and replay.to_act == seat and isinstance(action, Play):
                on = self.on_line(replay)
                values = self.analysis.get(i) if on else None
                cached = self._live.get(tuple(replay.history)) if values is None else None
                if cached is not None:  # solved live while the coach followed the learner
                    values = {str(p): v for p, v in cached.items()}
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
                    lost, _points, grade = grade_play(replay, seat, plays, action)
                    best = tuple(k for k, p in zip(values, plays) if grade_play(replay, seat, plays, p)[2] == "best")
                    text = ""
                    if lost:
                        # Translators: {cards} is the card or cards that kept it ("K♠ or Q♠")
                        text = ngettext("{n} trick lost: {cards} kept the best result.",
                                        "{n} tricks lost: {cards} kept the best result.", lost).format(
                            n=lost, cards=or_list([_say_text(b) for b in best]))
                    moves.append(GradedMove(i, trick, action, grade, best, lost, on, text))
                else:
                    why = _("Off the planned line and too early in the hand to search quickly.") if not on else _("Not analysed.")
                    moves.append(GradedMove(i, trick, action, None, (), 0, on, why))
            replay.apply(action)
        par_text = ""
        f = self.hand.final
        if self.par is not None and f.contract is not None and f.contractor is not None:
            s = score_hand(f.contract, self.par, rules=f.rules)
            who = words.seat(f.contractor, f.players)
            verdict = (pgettext("contract", "made") if s.made
                       else (pgettext("misère", "lost") if f.contract.is_misere else pgettext("contract", "set")))
            # Translators: {contract} is the bid ("7♠", "misère"), {seat} the contractor, {verdict} "made", "set" or "lost"
            par_text = ngettext(
                "Double-dummy par: with every hand in view and perfect play on both sides, {contract} by {seat} ends with "
                "{n} trick ({verdict}).",
                "Double-dummy par: with every hand in view and perfect play on both sides, {contract} by {seat} ends with "
                "{n} tricks ({verdict}).", self.par).format(contract=words.bid_label(f.contract), seat=who, n=self.par,
                                                           verdict=verdict)
        result = r.result.reason if r.result is not None else ""
        changes, story = self._par_story(r) if r.is_over and self.par is not None else ((), "")
        return Review(self.par, par_text, result, tuple(moves), self.on_line(r), changes, story)

    def _par_story(self, r: Round) -> tuple[tuple[ParChange, ...], str]:
        """The cards that moved the best-play result, and a sentence comparing the result with par.

        Every card of the hand is graded double dummy (no time limit): a card
        that lost tricks for its own side moved the result the other way.
        """
        assert self.par is not None and r.contract is not None and r.contractor is not None
        seat = self.hand.seat
        changes: list[ParChange] = []
        for g in grade_hand(r):
            if g.grade is None or g.tricks_lost == 0:
                continue
            same_side = (g.seat in r.contracting_seats()) == (seat in r.contracting_seats())
            if r.contract.is_misere:
                same_side = (g.seat == r.contractor) == (seat == r.contractor)
            gift = -g.tricks_lost if same_side else g.tricks_lost
            if g.seat == seat:
                what = (_("trick {n}: your {card} gave your side {tricks}") if gift > 0
                        else _("trick {n}: your {card} cost your side {tricks}"))
            else:
                what = (_("trick {n}: {seat}'s {card} gave your side {tricks}") if gift > 0
                        else _("trick {n}: {seat}'s {card} cost your side {tricks}"))
            text = what.format(n=g.trick, seat=words.seat(g.seat, r.rules.players), card=_say(g.play), tricks=_tricks(abs(gift)))
            changes.append(ParChange(g.trick, g.seat, g.play, gift, text))
        final = r.tricks_won[r.contractor] if r.contract.is_misere else sum(r.tricks_won[s] for s in r.contracting_seats())
        mine, par = _ours(r, seat, final), _ours(r, seat, self.par)
        head = _("Par for your side was {par}; you ended with {mine}.").format(par=_tricks(par), mine=_tricks(mine))
        if r.contract.is_misere and seat == r.contractor:
            head = _("Par was {par} for you (fewer is better in misère); you took {mine}.").format(
                par=_tricks(par), mine=_tricks(mine))
        if not changes:
            return (), head + " " + _("Every card kept the best result, so the result is par.")
        gifts = [c for c in changes if c.gift > 0]
        losses = [c for c in changes if c.gift < 0]
        parts = []
        # Translators: {changes} is a list of "trick 3: West's K♠ gave your side 1 trick", joined by "; "
        if gifts:
            parts.append(_("The other side slipped: {changes}.").format(changes="; ".join(c.text for c in gifts)))
        if losses:
            parts.append(_("Lost on your side: {changes}.").format(changes="; ".join(c.text for c in losses)))
        return tuple(changes), head + " " + _("Par changed on the way.") + " " + " ".join(parts)


def _label(r: Round, action: Action | None) -> str:
    """Where in the hand an action comes, as the coach's panel heads a remark: "Auction", "Kitty", "Trick 3"."""
    # Translators: the headings of the coach's remarks in the guided hands' panel
    if action is None:
        return pgettext("coach panel", "After the hand")
    if isinstance(action, Bid):
        return pgettext("coach panel", "Auction")
    if isinstance(action, Discard):
        return pgettext("coach panel", "Kitty")
    if isinstance(action, Nominate):
        return pgettext("coach panel", "Joker")
    return _trick_label(len(r.tricks) + 1)


def _trick_label(n: int) -> str:
    return pgettext("coach panel", "Trick {n}").format(n=n)


def _trump_and_nominated(r: Round) -> tuple[Suit | None, Suit | None]:
    assert r.contract is not None
    table = play_rules(r.contract, r.nominated, r.rules)
    return table.trump, table.nominated


def _same_side(r: Round, a: int, b: int) -> bool:
    assert r.contract is not None
    if r.contract.is_misere:
        return (a == r.contractor) == (b == r.contractor)
    return (a in r.contracting_seats()) == (b in r.contracting_seats())


def _side_total(r: Round) -> int:
    """The contracting side's tricks so far (misère: the contractor's)."""
    assert r.contract is not None and r.contractor is not None
    if r.contract.is_misere:
        return r.tricks_won[r.contractor]
    return sum(r.tricks_won[s] for s in r.contracting_seats())


def _lower_first(text: str) -> str:
    """A sentence joined after "and": its first letter lower case, unless it starts with a card or a seat."""
    first = text.split(" ", 1)[0].rstrip(",")
    if i18n.language() == "en":
        if first in ("You", "Count"):
            return text[:1].lower() + text[1:]
        return text
    seats = {words.seat(s, n) for n in range(2, 7) for s in range(n)}
    if any(text.startswith(name) for name in seats) or _STARTS_WITH_CARD.match(text):
        return text
    return text[:1].lower() + text[1:]


_STARTS_WITH_CARD = re.compile(r"(?:1[0-3]|[2-9JQKA])[♠♣♦♥]|Joker")


def _ruffs_us(r: Round, seat: int) -> bool:
    """Whether ``r``'s last trick was won by an opponent of ``seat`` trumping a card of ``seat``'s side."""
    f = trick_facts(r, seat)
    return (f.ruffed is not None and bool(f.ruffers) and f.winner == f.ruffers[0]
            and _same_side(r, f.ruffed[0], seat) and not _same_side(r, f.winner, seat))


def _gain_words(r: Round, seat: int, gain: int) -> str:
    """``gain`` tricks better for ``seat``, in words: "it gains 1 trick" (playing misère: "you take 1 trick fewer")."""
    assert r.contract is not None
    if r.contract.is_misere and seat == r.contractor:
        return _("you take {tricks} fewer").format(tricks=_tricks(gain))
    return _("it gains {tricks}").format(tricks=_tricks(gain))


def _the(action: Action) -> str:
    """An action in words, with "the" before a card: "the K♠", "the Joker", "the joker, naming hearts"."""
    if isinstance(action, Play) and action.named is None:
        return pgettext("card shown, object", "the {card}").format(card=action.card.label)
    return _say(action)


def _tricks(n: int) -> str:
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def _is_you(r: Round, seat: int) -> bool:
    """Whether the learner's side is the learner alone (playing misère)."""
    assert r.contract is not None
    return r.contract.is_misere and seat == r.contractor


def _side_subject(r: Round, seat: int) -> str:
    """The learner's side as the subject of a sentence: "your side", "the defence", "you", "the contractor"."""
    assert r.contract is not None
    if r.contract.is_misere:
        return pgettext("side, subject", "you") if seat == r.contractor else pgettext("side, subject", "the contractor")
    return pgettext("side, subject", "your side") if seat in r.contracting_seats() else pgettext("side, subject", "the defence")


def _side_for(r: Round, seat: int) -> str:
    """The learner's side after "for": "7 tricks for your side"."""
    assert r.contract is not None
    if r.contract.is_misere:
        return pgettext("side, after for", "you") if seat == r.contractor else pgettext("side, after for", "the contractor")
    return pgettext("side, after for", "your side") if seat in r.contracting_seats() else pgettext("side, after for", "the defence")


def _ours(r: Round, seat: int, contractor_total: int) -> int:
    """A final count of the contracting side's tricks, as the learner's side's tricks (misère: the contractor's)."""
    assert r.contract is not None
    if r.contract.is_misere or seat in r.contracting_seats():
        return contractor_total
    return NUM_TRICKS - contractor_total


def _final(r: Round) -> int:
    from fivehundred.analysis.solver import solve

    return solve(r)


def _final_after(r: Round, action: Action) -> int:
    after = r.copy()
    after.apply(action)
    return _final(after) if after.phase is Phase.PLAY else 0


def _say_text(text: str) -> str:
    """``"JK:H"`` → ``"the joker (naming hearts)"``; ``"10D"`` → its label."""
    return _say(Play.parse(text))


def _say(action: Action) -> str:
    """An action in the coach's words (one helper: :func:`fivehundred.analysis.coach.say_action`)."""
    return say_action(action)


class LinePlayer(Player):
    """A computer seat that follows the intended line while the hand is on it, else :class:`RulesPlayer`.

    It sees only its view: the public actions so far (calls, nomination, cards
    played) are compared with the line's.
    """

    name = "guided"

    def __init__(self, hand: SampleHand) -> None:
        self.hand = instance_arg(hand, SampleHand, "hand", "use load_hand(hand_id)")
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
        view = view_arg(view)
        act = self._scripted(view)
        if act is not None and act in view.legal_actions:
            return act
        return self._rules.choose(view)

    def explain(self, view: View, action: Action) -> str:
        return self._rules.explain(view, action)

