"""Bidding practice widgets: one per quiz kind, and a practice session with streak, accuracy and spaced review.

Every quiz, its answer key and its grading come from :mod:`fivehundred.quiz`;
the widgets only draw and forward gestures.  Keys come from the precomputed
bank (a lookup, no simulation on a click), so a quiz and its feedback appear
at once.  A quiz whose code is not in the bank is graded live: its key is
simulated in a background thread (a progress bar and a Cancel button show
while it runs), and an answer given meanwhile is graded as soon as the key
is ready.

>>> quiz = quiz_widget("L1-11")
>>> quiz
LadderDrill(code='L1-11')
>>> quiz.answer("7H"), quiz.verdict
(True, 'best')
"""

from __future__ import annotations

from html import escape
from typing import Any, Iterable

import threading

import ipywidgets as w
import traitlets

from fivehundred.actions import Action, Discard
from fivehundred.bidding import PASS, Bid
from fivehundred.cards import Card
from fivehundred.errors import FiveHundredError
from fivehundred.i18n import N_, _, pgettext
from fivehundred.quiz import (
    Feedback,
    Quiz,
    ReviewQueue,
    answer_key,
    bank_codes,
    grade,
    make_quiz,
    session_codes,
)
from widgets.wiring import SearchCancelled
from fivehundred.session import background_loop, off_loop
from fivehundred.quiz.bank import load_bank, measured_level, simulate_quiz
from fivehundred.quiz.quiz import level_name
from fivehundred.round import Phase, Round
from fivehundred.text import bid_label, seat_short
from fivehundred.svg import cards_html

from widgets import progress
from widgets._common import FONT, INK, box_layout, kernel_loop, message_html, prompt_html, small_html
from widgets.bidding import BiddingLadder
from widgets.exercises import Exercise
from widgets.kitty import KittyPicker

__all__ = [
    "BidQuiz",
    "KittyQuiz",
    "LadderDrill",
    "PracticeSession",
    "QuizByCode",
    "QuizView",
    "quiz_widget",
    "rate_chart_html",
    "how_graded_html",
    "KIND_TITLES",
]

#: what each quiz kind is called on the page
KIND_TITLES: dict[str, str] = {
    "opening": N_("Opening bid"),
    "competing": N_("Competing"),
    "misere": N_("Misère judgement"),
    "kitty": N_("The kitty"),
    "ladder": N_("Ladder drill"),
}
STAT_PREFIX = "quiz:"


#: the options a chart names in words (pass and the misères): the trick bids' labels (7♥) and the discards'
#: cards are the same in every language
_WORDED_BIDS = tuple(Bid.parse(code) for code in ("PASS", "MIS", "OMIS", "BMIS"))


def _option_words(label: str) -> str:
    """A chart option's label (an engine label: ``pass``, ``7♥``, ``6♠ 8♠ 4♦``) in the learner's language."""
    return next((bid_label(b) for b in _WORDED_BIDS if b.label == label), label)


def answered_chart_html(quiz: Quiz, key: Any) -> str:  # key: the quiz's answer key (a Simulation)
    """The chart a bidding quiz shows once it is answered with its best call (the giveaway check compares
    a page's example charts with it)."""
    return rate_chart_html(grade(quiz, key.best.bid, key))


def rate_chart_html(feedback: Feedback) -> str:
    """A small bar chart of the make-rate per option (HTML bars; deterministic).

    The learner's answer is marked "you", the best option "best".
    """
    if not feedback.rates:
        return ""
    # Translators: an option's average score in the quiz's chart ("+167 pts")
    pts_word = _("{points} pts")
    rows = []
    for label, rate, expected in feedback.rates:
        is_pass = label == PASS.label
        pct = round(100 * rate)
        colour = "#2e7d32" if label == feedback.best else ("#b26a00" if label == feedback.answer else "#7b8794")
        # Translators: the tags after an option of the quiz's chart: "(best)", "(you)", "(best, you)"
        tags = ", ".join(t for t, on in ((pgettext("quiz chart", "best"), label == feedback.best), (pgettext("quiz chart", "you"), label == feedback.answer)) if on)
        tag_html = f' <b style="color:{colour}">({tags})</b>' if tags else ""
        err = 100 * feedback.rate_error(rate)
        lo, hi = max(0.0, pct - 2 * err), min(100.0, pct + 2 * err)
        whisker = (
            f'<div class="fh-rate-err" style="position:absolute;left:{lo * 2:.0f}px;width:{(hi - lo) * 2:.0f}px;top:6px;'
            f'height:2px;background:#1f2933"></div>' if err else ""
        )
        bar = "" if is_pass else (
            f'<div style="position:relative;width:200px;height:14px"><div style="width:{pct * 2}px;height:14px;'
            f'background:{colour};border-radius:3px"></div>{whisker}</div>'
        )
        rate_text = "—" if is_pass else (f"{pct}% ± {round(2 * err)}" if err else f"{pct}%")
        points = round(expected)
        pts = f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")
        rows.append(
            f'<tr class="fh-rate-row"><td style="padding:2px 8px 2px 0;white-space:nowrap">{escape(_option_words(label))}{tag_html}</td>'
            f'<td style="width:210px;padding:2px 4px">{bar}</td>'
            f'<td style="padding:2px 8px;text-align:right">{rate_text}</td>'
            f'<td style="padding:2px 0;text-align:right;color:#52606d">{escape(pts_word.format(points=pts))}</td></tr>'
        )
    # Translators: the quiz chart's column headings
    option, made_in, rate_head, average = _("option"), _("made in the sampled deals"), _("rate"), _("average")
    head = (
        f'<tr style="color:#52606d;font-size:12px"><th style="text-align:left">{escape(option)}</th>'
        f'<th style="text-align:left">{escape(made_in)}</th><th>{escape(rate_head)}</th><th>{escape(average)}</th></tr>'
    )
    return (
        f'<div class="fh-rate-chart" style="font-family:{FONT};font-size:14px;color:{INK};margin-top:8px">'
        f'<table style="border-collapse:collapse">{head}{"".join(rows)}</table>'
        f'<div style="font-size:12px;color:#52606d">{_chart_note(feedback)}</div></div>'
    )


def _chart_note(feedback: Feedback) -> str:
    deals = (_("Each bar is {n} sampled deals; the black line shows how far luck alone could move it.").format(n=feedback.samples) + " "
             if feedback.samples else "")
    return (
        deals
        + _('"Also fine" means within {margin} points of the best average, or behind it by less than luck alone could give.').format(
            margin=feedback.margin)
        + how_graded_html(feedback)
    )


def how_graded_html(feedback: Feedback) -> str:
    """The grader's own terms (standard errors, solver budgets, playouts) behind a "How was this graded?" toggle."""
    if not feedback.details and not feedback.samples:
        return ""
    line = " " + _("The black line on each bar spans two standard errors either side of the rate.") if feedback.samples else ""
    return (
        '<details class="fh-how-graded" style="margin-top:4px"><summary style="cursor:pointer">'
        + escape(_("How was this graded?")) + "</summary>"
        f'<div style="margin-top:2px">{escape(feedback.details)}{line}</div></details>'
    )


def _auction_text(quiz: Quiz) -> str:
    p = quiz.problem
    assert p is not None
    calls = []
    seat = (p.dealer + 1) % p.rules.players
    for b in p.auction:
        calls.append(f"{seat_short(seat, p.rules.players)}: {bid_label(b)}")
        seat = (seat + 1) % p.rules.players
    calls.append(_("{seat} (you): ?").format(seat=seat_short(p.seat, p.rules.players)))
    return _("Dealer {seat}. Calls so far — {calls}").format(seat=seat_short(p.dealer, p.rules.players), calls=" · ".join(calls))


class QuizView(Exercise):
    """The frame every quiz kind shares: the question, the kind's answer widget, feedback and the make-rate chart.

    ``answer(...)`` grades an answer and returns ``True`` (best or also fine),
    ``False`` (too high, too low, costly, wrong) or ``None`` (bad input: its
    explanation is shown and nothing is counted).  ``result`` holds the last
    :class:`~fivehundred.quiz.Feedback`.  The first answer of each quiz is added
    to the per-kind statistics in the saved progress.
    """

    verdict = traitlets.Unicode("")

    def _title_html(self) -> str:
        """Kind, level and code; the level the key measured too when it differs (a code typed in, not served)."""
        q = self.quiz
        if not q.simulated:  # a ladder drill's level is how far up the ladder it asks, not how clear a best call is
            level = _("level {n}").format(n=q.level)
        else:
            level = _("level {n} ({name})").format(n=q.level, name=level_name(q.level))
            # the key's own measure, or (a code the bank measured but does not keep) the level the bank recorded for it
            measured = measured_level(self._key) if self._key is not None else load_bank().get("measured", {}).get(q.code)
            if measured is not None and measured != q.level:
                level = _("drawn as {level}, measured level {n} ({name})").format(level=level, n=measured, name=level_name(measured))
        return small_html(_("{kind} · {level} · quiz code {code}").format(kind=_(KIND_TITLES[q.kind]), level=level, code=q.code))

    def __init__(self, quiz: Quiz | str, *, exercise_id: str | None = None, key: Any = None) -> None:
        q = make_quiz(quiz) if isinstance(quiz, str) else quiz
        self.quiz = q
        super().__init__(q.question, exercise_id or f"20-bidding-practice/{q.code}")
        self.add_class("fh-quiz")
        self.add_class(f"fh-quiz-{q.kind}")
        self._key = key if key is not None or not q.simulated else answer_key(q)
        self.result: Feedback | None = None
        self._counted = False
        self._title = w.HTML(self._title_html())
        self._title.add_class("fh-quiz-title")
        self._chart = w.HTML("")
        self._chart.add_class("fh-quiz-chart")
        # live grading (a quiz not in the bank)
        self._bar = w.IntProgress(value=0, min=0, max=100, layout=w.Layout(width="260px"))
        self._bar.add_class("fh-live-progress")
        self._bar_text = w.HTML("")
        self._bar_text.add_class("fh-live-status")
        self._cancel = w.Button(description=_("Cancel"), layout=w.Layout(width="90px"))
        self._cancel.add_class("fh-live-cancel")
        self._cancel.on_click(lambda _b: self.cancel_live())
        self._live = w.HBox((), layout=w.Layout(grid_gap="8px", align_items="center"))
        self._live.add_class("fh-live")
        self._working: threading.Event | None = None  # set once a live key's work has finished (off_loop)
        self._cancelled = False
        self._pending: list[object] = []

    @property
    def code(self) -> str:
        return self.quiz.code

    @property
    def live(self) -> bool:
        """Whether the key is being simulated now."""
        return self._working is not None and not self._working.is_set()

    def start_live(self) -> None:
        """Simulate this quiz's key in the background (nothing to do if it is known or already running)."""
        if not self.quiz.simulated or self._key is not None or self.live:
            return
        self._cancelled = False
        self._bar.value = 0
        self._bar_text.value = small_html(_("Working out the answer key for this quiz: it is not in the bank."))
        self._live.children = (self._bar, self._cancel, self._bar_text)
        # the key is worked out off the click path, and shown on the kernel's loop (one scheduler: off_loop)
        self._working = off_loop(kernel_loop() or background_loop(),
                                 lambda: simulate_quiz(self.quiz, progress=self._progress, cancel=lambda: self._cancelled),
                                 self._key_found, on_error=self._key_failed, what=f"quiz-key-{self.quiz.code}")

    def cancel_live(self) -> None:
        """Stop the live simulation (the Cancel button); answering again restarts it."""
        self._cancelled = True

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a live simulation to finish; ``True`` if the key is known now."""
        working = self._working
        if working is not None:
            working.wait(timeout)
        return self._key is not None

    def _progress(self, done: int, total: int) -> None:
        pct = int(100 * done / total) if total else 100
        if pct != self._bar.value:
            self._bar.value = pct

    def _key_failed(self, err: BaseException) -> None:
        """The live key's work stopped: Cancel was pressed (answering again restarts it), or it failed."""
        self._pending.clear()
        self._live.children = (self._bar_text,)
        if isinstance(err, SearchCancelled):
            self._bar_text.value = small_html(_("Cancelled. Answer again to work out the key."))
        else:
            self._bar_text.value = small_html(_("The answer key could not be worked out. Answer again to try once more."))

    def _key_found(self, key: Any) -> None:  # key: the quiz's answer key (a Simulation)
        """The live key is ready: shown, and any answer waiting for it graded."""
        self._key = key
        self._title.value = self._title_html()
        deals = max((o.samples for o in key.outcomes), default=0)
        # the bar goes; a note stays, so the learner knows where the key came from (it can take under a second)
        self._bar_text.value = small_html(_("This quiz's answer key was worked out just now, over {n} sampled deals.").format(n=deals)
                                          if deals else _("This quiz's answer key was worked out just now."))
        self._live.children = (self._bar_text,)
        while self._pending:
            self._grade(self._pending.pop(0))

    def _grade(self, answer: object) -> bool | None:
        if self.quiz.simulated and self._key is None:
            self._pending[:] = [answer]
            self._say(_("Quiz {code} is not in the answer bank: its answer key is being worked out now, "
                        "and your answer will be graded as soon as it is ready.").format(code=self.quiz.code))
            self.start_live()
            return None
        try:
            fb = grade(self.quiz, answer, self._key)
        except FiveHundredError as err:
            self._say(err.explanation)
            return None
        self.result = fb
        self.verdict = fb.verdict
        self._chart.value = rate_chart_html(fb)
        right = self._mark(fb.right, fb.text)  # the feedback goes out first; saving comes after
        if not self._counted:
            self._counted = True
            store = progress.shared_store()
            if store is not None:
                try:
                    store.record_stat(STAT_PREFIX + self.quiz.kind, right=fb.right)
                except OSError:
                    pass
        return right

    def _clear(self) -> None:
        self.result = None
        self.verdict = ""
        self._chart.value = ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.quiz.code!r})"


class BidQuiz(QuizView):
    """Opening bid, competing and misère judgement: your hand, the calls so far, and the ladder to bid on."""

    def __init__(self, quiz: Quiz | str, *, exercise_id: str | None = None, key: Any = None) -> None:
        super().__init__(quiz, exercise_id=exercise_id, key=key)
        q = self.quiz
        if q.kind not in ("opening", "competing", "misere") or q.problem is None:
            raise FiveHundredError(f"{q.code} is not a bidding quiz")
        p = q.problem
        shown = sorted(p.hand, key=Card.sort_key)
        # side by side, no overlap: an overlapped card hid its neighbour's corner index (the clipped corners)
        self._hand = w.HTML(cards_html(shown, width=54, gap=4), layout=w.Layout(padding="2px", overflow="visible"))
        self._hand.add_class("fh-quiz-hand")
        self._calls = w.HTML(small_html(_auction_text(q)))
        self._calls.add_class("fh-quiz-auction")
        legal = p.legal_bids()
        self._pass = w.Button(description=_("Pass"), layout=w.Layout(width="112px", height="34px"))
        self._pass.add_class("fh-option")
        self._pass.add_class("fh-bid-PASS")
        self._pass.on_click(self._gesture(lambda _b: self.answer(PASS)))
        standing = next((b for b in reversed(p.auction) if not b.is_pass), None)
        self._ladder = BiddingLadder(p.rules, standing=standing, legal=lambda: legal, on_bid=self._gesture(self._on_bid), show_points=True)
        self._frame(self._title, self._hand, self._calls, self._pass, self._ladder, self._live, self._chart)

    def _on_bid(self, bid: Bid) -> None:
        self.answer(bid)

    def answer(self, bid: Bid | str) -> bool | None:
        """Make a call (``"7H"``, ``"MIS"``, ``"PASS"``) and grade it."""
        return self._grade(bid)


class KittyQuiz(QuizView):
    """You won the contract: the hand and kitty (13 cards); choose 3 to discard."""

    def __init__(self, quiz: Quiz | str, *, exercise_id: str | None = None, key: Any = None) -> None:
        super().__init__(quiz, exercise_id=exercise_id, key=key)
        q = self.quiz
        if q.kind != "kitty" or q.problem is None or q.contract is None:
            raise FiveHundredError(f"{q.code} is not a kitty quiz")
        start = self._round()
        self._picker = KittyPicker(start, submit=self._gesture(self._submitted), seat=start.contractor)
        self._frame(self._title, self._picker, self._live, self._chart)

    def _round(self) -> Round:
        q = self.quiz
        assert q.problem is not None and q.contract is not None
        r = q.problem.deal(list(q.others), q.kitty)
        r.apply(q.contract)
        while r.phase is Phase.AUCTION:
            r.apply(PASS)
        return r

    def _submitted(self, action: Action) -> None:
        """The picker's Confirm: a discard the engine refuses raises, so the picker keeps the choice and shows why."""
        assert isinstance(action, Discard)
        if self._key is not None:
            grade(self.quiz, action.cards, self._key)  # raises FiveHundredError on a bad discard
        self.answer(action.cards)

    @property
    def status(self) -> str:
        """The picker's message (a refused discard's reason)."""
        return str(self._picker.status)

    def answer(self, cards: str | Iterable[Any]) -> bool | None:
        """Discard these cards (``"6S 6C 8D"``) and grade the choice."""
        return self._grade(cards)

    def choose(self, cards: str) -> None:
        """Pick the cards on the picker, as pressing them does."""
        self._picker.choose(cards)

    def confirm(self) -> bool | None:
        """Press "Discard these 3" (the engine checks the discard first)."""
        before = self.attempts.total
        self._picker.confirm()
        if self.attempts.total == before:
            return None
        return self.result is not None and self.result.right


class LadderDrill(QuizView):
    """Ladder drills: the cheapest bid over X (press it on the ladder), what X is worth (type it), may misère be bid now (yes or no)."""

    def __init__(self, quiz: Quiz | str, *, exercise_id: str | None = None, key: Any = None) -> None:
        super().__init__(quiz, exercise_id=exercise_id, key=key)
        q = self.quiz
        if q.kind != "ladder":
            raise FiveHundredError(f"{q.code} is not a ladder drill")
        body: list[w.Widget] = [self._title]
        if q.drill == "outrank":
            self._ladder = BiddingLadder(on_bid=self._gesture(lambda b: self.answer(b)))
            body.append(self._ladder)
        elif q.drill == "worth":
            self._number = w.Text(placeholder=_("points"), layout=w.Layout(width="120px"))
            self._number.add_class("fh-answer")
            check = w.Button(description=_("Check"), layout=w.Layout(width="100px"))
            check.add_class("fh-check")
            check.on_click(self._gesture(lambda _b: self.answer(self._number.value)))
            body.append(w.HBox((self._number, check), layout=w.Layout(grid_gap="8px")))
        else:
            buttons = []
            for word, shown in (("Yes", _("Yes")), ("No", _("No"))):
                b = w.Button(description=shown, layout=w.Layout(width="100px", height="34px"))
                b.add_class("fh-option")
                b.on_click(self._gesture(lambda _b, word=word: self.answer(word)))
                buttons.append(b)
            body.append(w.HBox(tuple(buttons), layout=w.Layout(grid_gap="8px")))
        self._frame(*body, self._chart)

    def answer(self, value: Any) -> bool | None:
        """A bid, a number of points, or yes/no, by drill."""
        return self._grade(value)


def quiz_widget(code: str | Quiz, *, exercise_id: str | None = None) -> QuizView:
    """The widget for a quiz code (``"O2-17"``): :class:`BidQuiz`, :class:`KittyQuiz` or :class:`LadderDrill`.

    Raises:
        NotationError: not a quiz code.
    """
    q = make_quiz(code) if isinstance(code, str) else code
    if q.kind == "kitty":
        return KittyQuiz(q, exercise_id=exercise_id)
    if q.kind == "ladder":
        return LadderDrill(q, exercise_id=exercise_id)
    return BidQuiz(q, exercise_id=exercise_id)


class QuizByCode(w.VBox):
    """Open a quiz from its share code (``"O2-17"``): type it and press Open.

    A code that does not parse gets a plain-words message instead of a quiz; a
    simulated quiz that is not in the answer bank opens at once and its key is
    worked out live (progress bar, Cancel).  ``open_code(code)`` does what the
    button does; ``current`` is the quiz widget shown (or ``None``).
    """

    def __init__(self, code: str = "") -> None:
        super().__init__(layout=box_layout())
        self.add_class("fh-quiz-by-code")
        self._text = w.Text(value=code, placeholder=_("quiz code, e.g. O1-1"), layout=w.Layout(width="180px"))
        self._text.add_class("fh-code-input")
        self._open = w.Button(description=_("Open"), layout=w.Layout(width="90px"))
        self._open.add_class("fh-code-open")
        self._open.on_click(lambda _b: self.open_code(self._text.value))
        self._status = w.HTML("")
        self._status.add_class("fh-status")
        self._slot = w.VBox()
        self.current: QuizView | None = None
        row = w.HBox((self._text, self._open), layout=w.Layout(grid_gap="8px", align_items="center"))
        self.children = (w.HTML(prompt_html(_("Open a quiz by its code"))), row, self._status, self._slot)

    def open_code(self, code: str) -> bool:
        """Show the quiz for ``code``; ``False`` (with the reason shown) if there is none."""
        self._text.value = code
        try:
            quiz = make_quiz(code)
        except FiveHundredError as err:
            self._status.value = message_html(err.explanation, "info")
            return False
        self._status.value = ""
        self.current = quiz_widget(quiz)
        self._slot.children = (self.current,)
        if quiz.simulated and answer_key(quiz) is None:
            self._status.value = message_html(
                _("Quiz {code} is not in the answer bank, so its key is worked out now (a few seconds); "
                  "think about your answer meanwhile.").format(code=quiz.code),
                "info",
            )
            self.current.start_live()
        return True

    def __repr__(self) -> str:
        return f"QuizByCode(code={self._text.value!r})"


class PracticeSession(w.VBox):
    """A session of ``n`` quizzes (kinds in turn, from the bank) with a streak, accuracy and spaced review.

    A missed quiz comes back a few quizzes later (the engine's
    :class:`~fivehundred.quiz.ReviewQueue`).  ``answer(...)`` answers the
    current quiz, ``next()`` moves on (as the "Next quiz" button does);
    ``queue`` holds the counts.
    """

    position = traitlets.Unicode("")

    def __init__(
        self,
        n: int = 10,
        *,
        seed: int = 0,
        kinds: Iterable[str] | None = None,
        levels: Iterable[int] = (1, 2, 3),
        gap: int = 3,
    ) -> None:
        super().__init__(layout=box_layout())
        self.add_class("fh-practice")
        kinds_list = list(kinds) if kinds is not None else ["opening", "ladder", "competing", "misere", "kitty"]
        self.queue = ReviewQueue(session_codes(n, seed, bank=bank_codes(), kinds=kinds_list, levels=levels), gap=gap)
        self._n = n
        self._header = w.HTML()
        self._header.add_class("fh-practice-header")
        self._slot = w.VBox()
        self._next = w.Button(description=_("Next quiz ›"), layout=w.Layout(width="140px", height="34px"))
        self._next.add_class("fh-practice-next")
        self._next.on_click(lambda _b: self.next())
        self._summary = w.HTML()
        self._summary.add_class("fh-practice-summary")
        self.current: QuizView | None = None
        self._ready: tuple[str, QuizView] | None = None
        self.children = (self._header, self._slot, self._next, self._summary)
        self.next()

    def _on_attempt(self, ex: Exercise, right: bool) -> None:
        if not isinstance(ex, QuizView) or ex is not self.current or self.queue.current != ex.code:
            return
        self.queue.record(ex.code, right=right)
        self._next.disabled = False
        self._refresh()
        # the feedback has gone out; build the next quiz now, while the learner reads it
        upcoming = self.queue.peek()
        if upcoming is not None and upcoming != ex.code:
            self._ready = (upcoming, self._build(upcoming))

    def _build(self, code: str) -> QuizView:
        view = quiz_widget(code, exercise_id=f"practice/{code}")
        view.on_attempt(self._on_attempt)
        return view

    def next(self) -> bool:
        """Show the next quiz (a due review first); ``False`` when the session is over."""
        if self.current is not None and self.queue.current == self.current.code:
            return False  # answer this one first
        code = self.queue.next()
        if code is None:
            self.current = None
            self._slot.children = (w.HTML(message_html(_("Session complete. Well played!"), "info", lead="")),)
            self._next.disabled = True
            self._refresh()
            return False
        ready, self._ready = self._ready, None
        view = ready[1] if ready is not None and ready[0] == code else self._build(code)
        self.current = view
        self._slot.children = (view,)
        self._next.disabled = True
        self._refresh()
        return True

    def answer(self, value: Any) -> bool | None:
        """Answer the current quiz (as its own ``answer``)."""
        if self.current is None:
            return None
        if self.queue.current != self.current.code:
            return None  # already answered: press Next
        return self.current.answer(value)  # type: ignore[no-any-return]

    def _refresh(self) -> None:
        q = self.queue
        # Translators: a quiz kind's score in the practice session's summary ("3 of 5")
        right_of = _("{right} of {n}")
        review = self.current is not None and q.is_review(self.current.code)
        self.position = self.current.code if self.current is not None else ""
        parts = [
            _("Quiz {served} · {remaining} to come").format(served=q.served, remaining=q.remaining),
            _("streak {streak} (best {best})").format(streak=q.streak, best=q.best_streak),
            _("accuracy {pct}% of {n}").format(pct=round(100 * q.accuracy), n=q.answered) if q.answered else _("accuracy —"),
        ]
        if review:
            parts.append(_("review: you missed this one earlier"))
        self._header.value = (
            f'<div style="font-family:{FONT};font-size:15px;color:{INK};font-weight:bold">'
            f"{escape(' · '.join(parts))}</div>"
        )
        rows = "".join(
            f"<tr><td style='padding:1px 10px 1px 0'>{escape(_(KIND_TITLES[k]))}</td>"
            f"<td>{escape(right_of.format(right=s.right, n=s.answered))}</td></tr>"
            for k, s in sorted(q.by_kind.items())
        )
        self._summary.value = (
            f'<div style="font-family:{FONT};font-size:13px;color:#52606d"><table>{rows}</table></div>' if rows else ""
        )

    def __repr__(self) -> str:
        return f"PracticeSession(n={self._n}, served={self.queue.served}, answered={self.queue.answered})"

