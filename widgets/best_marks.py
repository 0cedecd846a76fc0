"""The "Mark the best cards" overlay: at your own card play, the cards that keep the best result get a mark.

Off by default, so the learner thinks first.  When it is on and it becomes the
learner's turn to play a card, the table asks its ``best`` callback (free play:
:meth:`fivehundred.analysis.coach.LadderHints.best_marks`, which reads the same
hint ladder as the Hint button, worked out from the learner's view only) which
cards to mark, and marks them on the hand: a green outline (class ``fh-best``),
a small "best" badge, and words in the tooltip and the screen-reader label.
Nothing is marked while another seat is to act, in the auction, kitty or
nomination, or after the hand.

Scheduling (which thread does what):

* :meth:`BestCardsOverlay.update` runs inside the table's redraw, under the
  session's lock, on whichever thread redrew (the kernel's loop for a paced
  move, the kernel's main thread for a click).  It never searches: at a new
  decision it clears the marks, shows "Working out the best cards…" and starts
  one daemon thread for the search (up to the hint's time budget);
* that thread calls ``best(view, cancel=...)`` with the learner's view (a snapshot; ``cancel``
  turns true, and the search stops early, once the learner has moved on), then
  hands the answer to the table's pacing loop (:meth:`Pacer.later`), where it is
  shown under the session's lock only if the learner is still at that very
  decision and the toggle is still on (a token and the view are compared):
  marks for an old decision are dropped, never shown at a new one;
* with ``sync`` true (tables at ``pace=0``: tests and self-checks) the search
  runs inside :meth:`update` instead, so a script sees the marks at once.
"""

from __future__ import annotations

import time
from typing import Callable, Protocol

import ipywidgets as w

from fivehundred.cards import Card
from fivehundred.errors import FiveHundredError
from fivehundred.i18n import N_, _
from fivehundred.round import Phase, View
from fivehundred.session import Pacer, Session
from widgets._common import small_html
from widgets.hand import HandView

__all__ = ["BestCardsOverlay", "BestFn", "MarksLike", "WORKING", "BADGE", "BADGE_TITLE"]

#: the quiet line shown while the search runs
WORKING = "Working out the best cards…"
#: the badge on a marked card, and the words added to its tooltip and label
BADGE = "best"
BADGE_TITLE = "marked best: it kept the best result in the most deals that fit what you have seen"
#: what the toggle says
LABEL = N_("Mark the best cards")


class MarksLike(Protocol):
    """What ``best(view)`` returns (:class:`fivehundred.analysis.coach.BestMarks`)."""

    @property
    def cards(self) -> tuple[Card, ...]: ...

    @property
    def note(self) -> str: ...


class BestFn(Protocol):
    """``best(view, cancel=...) -> marks``: the learner's cards to mark at the decision ``view`` shows;
    ``cancel()`` turns true once the answer is no longer wanted (the search may stop early)."""

    def __call__(self, view: View, *, cancel: Callable[[], bool] | None = None) -> MarksLike: ...


class BestCardsOverlay:
    """The toggle, the status line under the hand, and the background search that marks the best cards.

    Not a widget itself: the :class:`~widgets.table.TableView` places :attr:`toggle` in its
    controls row and :attr:`status` under the hand, and calls :meth:`update` from its redraw.
    :attr:`timings` keeps, for each decision marked, the seconds from the decision being seen
    (the learner's turn beginning, or the toggle turned on) to the marks being shown.
    """

    def __init__(
        self,
        session: Session,
        hand: HandView,
        pacer: Pacer,
        best: BestFn,
        *,
        on: bool = False,
        sync: Callable[[], bool] = lambda: False,
        redraw: Callable[[], None] = lambda: None,
    ) -> None:
        self._session = session
        self._hand = hand
        self._pacer = pacer
        self._best = best
        self._sync = sync
        self._token = 0
        self._view: View | None = None  # the decision being worked out or shown
        self._started = 0.0
        self.state = "off" if not on else "idle"
        self.timings: list[float] = []
        self.toggle = w.Checkbox(value=on, description=_(LABEL), indent=False,
                                 tooltip="Off by default: think first, then turn this on to compare",
                                 layout=w.Layout(width="auto", margin="0 0 0 6px"))
        self.toggle.add_class("fh-mark-best")
        self.status = w.HTML()  # empty (no height) unless the marks are on at your card play
        self.status.add_class("fh-best-status")
        self.toggle.observe(lambda _ch: redraw(), names=["value"])

    @property
    def on(self) -> bool:
        return bool(self.toggle.value)

    @property
    def text(self) -> str:
        """The status line's words (``""`` when it is empty)."""
        return self._text

    _text = ""

    def _say(self, text: str) -> None:
        self._text = text
        self.status.value = small_html(text) if text else ""

    def _wanted(self) -> View | None:
        """The learner's view when marks are wanted now (toggle on, the learner's card to play), else ``None``."""
        s = self._session
        if not self.on or not s.my_turn or s.round.phase is not Phase.PLAY:
            return None
        return s.round.view(s.learner)

    def _clear(self, state: str) -> None:
        self._token += 1  # any answer on its way is now stale
        self._view = None
        self.state = state
        if self._hand.marked:
            self._hand.mark(())
        self._say("")

    def update(self) -> None:
        """Follow the table (call under the session's lock after every change): clear, start or keep the marks."""
        view = self._wanted()
        if view is None:
            if self._view is not None or self._hand.marked or self._text:
                self._clear("off" if not self.on else "idle")
            self.state = "off" if not self.on else "idle"
            return
        if view == self._view:
            return  # this decision is already being worked out, or its marks are shown
        self._clear("working")
        self._view = view
        self._started = time.perf_counter()
        token = self._token
        self._say(WORKING)
        if self._sync():
            self._show(token, view, *self._ask(token, view))
            return
        # the search on a worker thread, the marks shown on the pacing loop (fivehundred.session.Pacer.background)
        self._pacer.background(lambda: self._ask(token, view),
                               lambda answer: self._show(token, view, *answer), "best cards")

    def _ask(self, token: int, view: View) -> tuple[tuple[Card, ...], str, bool]:
        """``(cards, note, failed)`` from the ``best`` callback; any failure in plain words, never a traceback.
        The search is told to stop once the learner has moved on (or turned the marks off)."""
        try:
            marks = self._best(view, cancel=lambda: token != self._token)
            return tuple(marks.cards), str(marks.note), False
        except FiveHundredError as err:
            return (), err.explanation, True
        except Exception:  # noqa: BLE001 - on its own thread nobody would see it: say so in plain words
            return (), "The best cards could not be worked out this time. Your hint and the review still work.", True

    def _show(self, token: int, view: View, cards: tuple[Card, ...], note: str, failed: bool = False) -> None:
        """Show an answer (under the session's lock) if it is still for the decision on the table."""
        with self._session.lock:
            if token != self._token or view != self._view or self._wanted() != view:
                return  # stale: the learner has moved on (or turned the marks off)
            self._hand.mark(cards, badge=BADGE, title=BADGE_TITLE, css_class="fh-best")
            self._say(note)
            self.state = "error" if failed else "shown"
            self.timings.append(time.perf_counter() - self._started)
