"""GuidedHandView: play a curated sample hand at the table, with a coach.

You sit South at the :class:`~widgets.table.TableView`; the computer seats
follow the hand's intended line while the hand stays on it (and play as the
rules player once it leaves it).  At the narrated moments a wrong card is
refused with the explanation, and you try again; elsewhere any legal card is
accepted and graded at the end.  The narration panel follows the hand; Hint,
Undo and "Show all hands" are the table's own buttons.  When the hand is over,
a review gives the double-dummy par, your graded cards, and a button to replay
the intended line with its narration.  Finishing a hand counts toward the
course progress (``19-guided-hands/<hand id>``).

The rules of guided play live in :class:`fivehundred.library.Guide`; this
widget only draws them.

>>> g = GuidedHandView("take-control", pace=0, store=None)
>>> g.hand_id, g.table.to_act
('take-control', 'S')
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from fivehundred.actions import Action
from fivehundred.errors import FiveHundredError
from fivehundred.i18n import N_, _, ngettext
from fivehundred.round import Round
from fivehundred.session import NORMAL_PACE, Vetting
from fivehundred import text as learner
from fivehundred.text import bid_label

from widgets._common import FONT, INK, message_html
from widgets.progress import ProgressStore, lesson_of, shared_store
from widgets.table import TableView
from widgets.wiring import HAND_IDS, Guide, LadderHints, grade_word, guide_for, line_players, load_hand
from widgets.wiring import GuideReview as Review

__all__ = ["GuidedHandView", "EXERCISE_PREFIX"]

#: progress ids are ``EXERCISE_PREFIX + hand id``
EXERCISE_PREFIX = "19-guided-hands/"

_CSS = (
    "<style>"
    ".fh-guided .fh-new-hand,.fh-guided .fh-record,.fh-guided .fh-scorepad{display:none !important}"
    ".fh-guided-note{border-left:4px solid #c7d2c9;padding:4px 10px;margin:4px 0;color:#52606d}"
    ".fh-guided-note.fh-current{border-left-color:#f2b705;background:#fffbea;color:#1f2933}"
    ".fh-guided-review table{border-collapse:collapse;margin:6px 0}"
    ".fh-guided-review td,.fh-guided-review th{padding:3px 10px;border-bottom:1px solid #e4e7eb;text-align:left}"
    "</style>"
)

_GRADE_COLOURS = {"best": "#2e7d32", "good": "#558b2f", "inaccuracy": "#b26a00", "mistake": "#c62828", "blunder": "#8e0000"}


#: shown while the review is worked out
REVIEWING = N_("Checking every card of the hand with every card in view, for your review: a few seconds…")
#: what the table says when a guided hand is over (New hand is hidden here)
_END = N_("The hand is over. See the review below, start this hand again, or pick another hand.")


class GuidedHandView(w.VBox):
    """A guided sample hand: a hand picker, the table, the coach's narration and the review.

    * ``hand``: the hand to start with (an id from :data:`fivehundred.library.HAND_IDS`).
    * ``pace``: seconds between computer moves (``0`` for tests and self-checks).
    * ``store``: where finished hands are recorded (default: the course's shared store;
      ``None`` records nothing).

    Gestures in Python: :meth:`choose_hand`, :meth:`restart`, :meth:`play`,
    :meth:`hint`, :meth:`undo`, :meth:`replay_line`; the table itself is :attr:`table`.
    """

    def __init__(
        self,
        hand: str = HAND_IDS[0],
        *,
        pace: float | None = NORMAL_PACE,
        store: ProgressStore | None | str = "shared",
        hands: tuple[str, ...] = HAND_IDS,
    ) -> None:
        super().__init__()
        self.add_class("fh-guided")
        self._pace = pace
        self._store = shared_store() if store == "shared" else store if isinstance(store, ProgressStore) else None
        self._hands = tuple(hands)
        self._review: Review | None = None
        self._replaying = False
        self._recorded = False
        if self._store is not None:
            try:
                self._store.register(lesson_of(EXERCISE_PREFIX), [EXERCISE_PREFIX + h for h in self._hands])
            except OSError:
                pass
        options = [(f"{i + 1}. {load_hand(h).title}", h) for i, h in enumerate(self._hands)]
        self._picker = w.Dropdown(options=options, value=hand, description=_("Hand"), layout=w.Layout(width="420px"))
        self._picker.style.description_width = "initial"  # its word's own width: "Rozdanie", "Kamay"
        self._picker.add_class("fh-guided-picker")
        self._restart_btn = w.Button(description=_("Start this hand again"), layout=w.Layout(width="auto", height="34px"))
        self._restart_btn.add_class("fh-guided-restart")
        self._restart_btn.on_click(lambda _b: self.restart())
        self._picker.observe(self._picked, names=["value"])
        self._intro = w.HTML()
        self._intro.add_class("fh-guided-intro")
        self._coach = w.HTML()
        self._coach.add_class("fh-guided-coach")
        self._review_html = w.HTML()
        self._review_html.add_class("fh-guided-review")
        self._replay_btn = w.Button(description=_("Replay the intended line"), layout=w.Layout(width="auto", height="34px"))
        self._replay_btn.add_class("fh-guided-replay")
        self._replay_btn.on_click(lambda _b: self.replay_line())
        self._review_box = w.VBox((self._review_html, self._replay_btn))
        self._review_box.layout.display = "none"
        self._top = w.HBox(
            (self._picker, self._restart_btn), layout=w.Layout(flex_flow="row wrap", grid_gap="8px", align_items="center")
        )
        self._table: TableView
        self._guide: Guide
        self.layout = w.Layout(width="1300px", max_width="100%")
        self._start(hand)

    # ------------------------------------------------------------------ state
    @property
    def hand_id(self) -> str:
        return self._guide.hand.id

    @property
    def guide(self) -> Guide:
        return self._guide

    @property
    def table(self) -> TableView:
        """The table the hand is played at."""
        return self._table

    @property
    def review(self) -> Review | None:
        """The review of your play, once the hand is over."""
        return self._review

    @property
    def narration(self) -> str:
        """The coach's remarks so far, as plain text (the newest last): the line's notes, and off the line
        what the planned line would have shown, the tricks worth a word and the moments met."""
        return "\n".join(m.text for m in self._guide.remarks(self._table.round))

    @property
    def on_line(self) -> bool:
        """Whether the hand is still on the intended line."""
        return self._guide.on_line(self._table.round)

    @property
    def refusals(self) -> int:
        """How many of your moves the coach turned down this hand (counted by the vetting policy)."""
        return self._policy.refusals

    # ------------------------------------------------------------------ gestures
    def choose_hand(self, hand_id: str) -> bool:
        """Switch to another hand of the library (from the start)."""
        if hand_id not in self._hands:
            self._table.feedback = _("There is no sample hand called {name}.").format(name=repr(hand_id))
            return False
        if self._picker.value != hand_id:
            self._picker.value = hand_id  # the observer starts it
        else:
            self._start(hand_id)
        return True

    def restart(self) -> None:
        """Deal this hand again from the start."""
        self._start(self.hand_id)

    def play(self, card: str, named: str | None = None) -> bool:
        """Play a card as South (``"JK:H"`` leads the joker naming hearts); whether it was accepted."""
        return self._table.play(card, named)

    def hint(self) -> str:
        """The table's Hint button: the best card and why."""
        return self._table.hint()

    def undo(self) -> bool:
        """The table's Undo button."""
        return self._table.undo()

    def replay_line(self) -> bool:
        """Replay the intended line at the table, with its narration (after the hand, or any time)."""
        self._replaying = True
        self._coach.value = ""
        return self._table.load_record(self._guide.hand.record)

    # ------------------------------------------------------------------ building
    def _picked(self, change: Any) -> None:
        self._start(str(change["new"]))

    def _start(self, hand_id: str) -> None:
        guide = guide_for(hand_id)
        self._guide = guide
        hand = guide.hand
        self._review = None
        self._reviewing: tuple[Action, ...] | None = None  # the hand whose review is being worked out
        self._replaying = False
        self._recorded = False
        old = getattr(self, "_table", None)
        if old is not None:
            old.pace = None  # stop its computer moves
        self._policy = Vetting(self._guide.vet, end=_(_END))
        self._table = TableView.deal(round=hand.fresh(), players=line_players(guide, hand.seat), pace=self._pace,
                                hint=self._hint, policy=self._policy)
        # a set auction offers only its calls, not the whole ladder
        table = self._table
        table.auction.offered = lambda: guide.set_calls(table.round)
        table.auction.refresh()
        contract = hand.final.contract
        who = learner.seat(hand.final.contractor, hand.final.players) if hand.final.contractor is not None else ""
        label = bid_label(contract) if contract else ""
        if hand.final.contractor == hand.seat:
            says = _("The contract on this hand: {contract} by {seat} (you). You play {you}.")
        else:
            says = _("The contract on this hand: {contract} by {seat}. You play {you}.")
        says = says.format(contract=label, seat=who, you=learner.seat(hand.seat, hand.final.players))
        self._intro.value = (
            f'<div style="font-family:{FONT};color:{INK};max-width:860px">'
            f'<div style="font-size:19px;font-weight:bold;margin:6px 0 2px 0">{escape(hand.title)}</div>'
            f'<div style="font-size:15px;line-height:1.45">{escape(hand.point)}</div>'
            f'<div style="font-size:13px;color:#52606d;margin-top:4px">{escape(says)}</div></div>'
        )
        self._review_box.layout.display = "none"
        self._review_html.value = ""
        self._replay_btn.layout.display = ""
        self.children = (w.HTML(_CSS), self._top, self._intro, self._coach, self._table, self._review_box)
        self._table.on_change(self._changed)
        self._changed(self._table)

    # ------------------------------------------------------------------ table hooks
    def _hint(self, _view: object) -> str:
        # the hint ladder (nudge, card, evidence), one rung a press, from the guide that follows the learner
        pair = getattr(self, "_ladder_hints", None)
        if pair is None or pair[0] is not self._guide:
            guide = self._guide
            pair = (guide, LadderHints(lambda _v: guide.ladder(self._table.round)))
            self._ladder_hints = pair
        return pair[1](self._table.round.view(self._guide.hand.seat))

    def _changed(self, table: TableView) -> None:
        if table is not self._table:
            return
        r = table.round
        self._coach.value = self._coach_html(r)
        if r.is_over and not self._replaying and self._review is None and self._reviewing != tuple(r.history):
            self._review_box.layout.display = ""
            self._record_progress()
            guide, done = self._guide, r.copy()
            if table.pace == 0:  # scripts and tests: at once
                self._show_review(guide, done, self._work_review(guide, done))
                return
            # every card of the hand is checked double dummy, which can take a few seconds: off the kernel's
            # main thread, so the page stays alive; the answer is shown on the table's loop if still wanted
            self._reviewing = tuple(r.history)
            self._review_html.value = message_html(_(REVIEWING), "info")
            self._replay_btn.layout.display = "none"

            table.pacer.background(lambda: self._work_review(guide, done),
                                   lambda answer: self._show_review(guide, done, answer), "guided review")

    @staticmethod
    def _work_review(guide: Guide, done: Round) -> Review | str:
        try:
            return guide.review(done)
        except FiveHundredError as err:
            return err.explanation

    def _show_review(self, guide: Guide, done: Round, answer: Review | str) -> None:
        """Show a worked-out review, unless the learner has moved on (another hand, a replay, a restart)."""
        if self._reviewing == tuple(done.history):
            self._reviewing = None
        if guide is not self._guide or self._replaying or self._table.round.history != done.history:
            return
        self._replay_btn.layout.display = ""
        if isinstance(answer, str):
            self._review_html.value = message_html(answer, "info")
            return
        self._review = answer
        self._review_html.value = self._review_html_text(answer)

    def _record_progress(self) -> None:
        if self._store is None or self._recorded:
            return
        self._recorded = True
        try:
            self._store.record(EXERCISE_PREFIX + self.hand_id, right=True)
        except OSError:
            pass

    # ------------------------------------------------------------------ drawing
    def _coach_html(self, r: Round) -> str:
        remarks = self._guide.remarks(r)
        here = len(r.history)
        shown = list(remarks[-4:])
        planned = next((m for m in remarks if m.kind == "planned"), None)
        if planned is not None and planned not in shown:  # what the planned line shows stays in view
            shown = [planned, *remarks[-3:]]
        parts = []
        for m in shown:
            current = m.at == here or m is remarks[-1]
            cls = f"fh-guided-note fh-guided-{m.kind}" + (" fh-current" if current else "")
            ask = ""
            if m.decision and m.at == here and self._guide.on_line(r):
                decision = _("Your decision.")
                ask = f' <span class="fh-guided-ask" style="font-weight:bold;color:#14532d">{escape(decision)}</span>'
            parts.append(
                f'<div class="{cls}" data-at="{m.at}"><b>{escape(m.label)}:</b> {escape(m.text)}{ask}</div>'
            )
        off = self._guide.left_line_at(r)
        if off is not None:
            # the coach follows the learner off the line: live double-dummy moments, in the guide's words
            parts.append(
                '<div class="fh-guided-note fh-guided-off" style="border-left-color:#5b7a99">'
                f"{escape(self._guide.coach_says(r))}</div>"
            )
        head = _("Replay of the intended line") if self._replaying else _("Coach")
        quiet = _("The coach speaks up at the moments that matter.")
        body = "".join(parts) or f'<div class="fh-guided-note">{escape(quiet)}</div>'
        return (
            f'<div role="status" aria-live="polite" style="font-family:{FONT};font-size:15px;line-height:1.45;'
            f'background:#f7faf8;border:1px solid #c7d2c9;border-radius:10px;padding:8px 14px;margin:8px 0;max-width:860px">'
            f'<div style="font-weight:bold;color:#14532d;margin-bottom:2px">{escape(head)}</div>{body}</div>'
        )

    def _review_html_text(self, review: Review) -> str:
        rows = []
        for m in review.moves:
            colour = _GRADE_COLOURS.get(m.grade or "", "#52606d")
            trick = _("Trick {n}").format(n=m.trick)
            rows.append(
                f'<tr class="fh-guided-move"><td>{escape(trick)}</td><td>{escape(m.play.card.label)}</td>'
                f'<td style="color:{colour};font-weight:bold">{escape(grade_word(m.grade))}</td><td>{escape(m.note)}</td></tr>'
            )
        graded = [m for m in review.moves if m.grade is not None]
        best = sum(1 for m in graded if m.grade == "best")
        summary = ngettext("{best} of your {n} graded card kept the best result.",
                           "{best} of your {n} graded cards kept the best result.", len(graded)).format(best=best, n=len(graded))
        if self.refusals:
            summary += " " + ngettext("The coach turned down {n} card on the way.",
                                      "The coach turned down {n} cards on the way.", self.refusals).format(n=self.refusals)
        summary += " " + _("Grades compare each card with perfect play by all four players with every card in view, so "
                           "even a natural card (the planned line's included) can lose a trick by that measure.")
        heads = [escape(h) for h in (_("Review"), _("Trick"), _("Your card"), _("Grade"), _("Note"))]
        replay = escape(_("Press {button} to watch the hand as it was meant to go, with the coach's notes.")).format(
            button="<b>" + escape(_("Replay the intended line")) + "</b>")
        return (
            f'<div style="font-family:{FONT};color:{INK};font-size:15px;line-height:1.45;max-width:860px;'
            f'border:1px solid #d5dbe1;border-radius:10px;padding:10px 14px;margin-top:8px">'
            f'<div style="font-size:17px;font-weight:bold">{heads[0]}</div>'
            f"<div>{escape(review.result)}</div>"
            f'<div class="fh-guided-par">{escape(review.par_text)}</div>'
            f'<div class="fh-guided-par-story">{escape(review.par_story)}</div>'
            f'<div class="fh-guided-summary">{escape(summary)}</div>'
            f'<table><tr><th>{heads[1]}</th><th>{heads[2]}</th><th>{heads[3]}</th><th>{heads[4]}</th></tr>{"".join(rows)}</table>'
            f"<div>{replay}</div></div>"
        )

    def __repr__(self) -> str:
        return f"GuidedHandView(hand={self.hand_id!r}, {self._table!r})"

