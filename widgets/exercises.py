"""The exercise kit: small quizzes whose answers come from the engine.

Each widget here is a thin view of an exercise model in :mod:`fivehundred.exercises`
(``model``): the model holds the question and judges an answer (``judge`` returns a
``Feedback`` with why, hint and answer); the widget forwards the learner's gesture
to it and draws the Feedback (``last_feedback``).  No grading sentence is made here.

Every exercise is a ``VBox`` with class ``fh-exercise`` and:

* ``answer(...)``: does what the learner's gesture does and returns ``True``
  (right), ``False`` (wrong) or ``None`` (the input could not be understood,
  which is not counted as an attempt);
* ``feedback``: plain words (right: why; wrong: why not and what is right),
  shown in an element with class ``fh-feedback`` plus ``fh-right`` or
  ``fh-wrong``;
* ``solved``, ``attempts`` (right and wrong counts), ``exercise_id``, and
  ``reset()``.

Option buttons have class ``fh-option``; check buttons ``fh-check``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

import ipywidgets as w
import traitlets

from fivehundred.bidding import Bid
from fivehundred.cards import Card, Suit, format_cards, parse_cards
from fivehundred.errors import FiveHundredError
from fivehundred.exercises import REVEAL_AFTER as _REVEAL_AFTER
from fivehundred.exercises import (
    CardPickModel, ChoiceModel, Feedback, HigherBidModel, NumberModel, PlayableModel, ScoreModel, TrickWinnerModel,
    TrumpOrderModel, read_number, shown_card, shown_cards,
)
from fivehundred.i18n import _
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.svg import cards_html
from fivehundred.trick import as_trump

from widgets import progress
from widgets._common import FOCUS_CSS, Tone, box_layout, message_html, prompt_html, set_tone, small_html
from widgets._picker import CardButtons
from widgets.bidding import bid_button_text, bid_colour

__all__ = [
    "Attempts",
    "Exercise",
    "MultipleChoice",
    "PickCards",
    "NumberAnswer",
    "WhichCardWins",
    "WhichMayYouPlay",
    "OrderTrumps",
    "WhichBidHigher",
    "ScoreThisHand",
    "read_number",
]


@dataclass(frozen=True)
class Attempts:
    """How many answers were right and wrong."""

    right: int = 0
    wrong: int = 0

    @property
    def total(self) -> int:
        return self.right + self.wrong


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _strain_text(contract: Bid | Suit | str | None) -> str:
    if isinstance(contract, Bid):
        return str(contract)
    if isinstance(contract, Suit):
        return contract.value
    if contract is None:
        return "NT"
    return contract.strip().upper()


class Exercise(w.VBox):
    """The common frame: prompt, body, feedback, a hint ladder and attempt counts.

    The ladder (the models' ``judge``, in :mod:`fivehundred.exercises`): the
    first wrong answer says why *that* answer is wrong, without naming the right
    one; later wrong answers add a stronger hint; from the second wrong answer a
    "Show the answer" button (class ``fh-reveal``) offers the answer, which is
    never shown unasked.  An
    exercise answered right after its answer was shown is ``solved`` but not
    ``mastered``.

    Saved progress only hears about the learner's own gestures (clicks, typing,
    the reveal button): answers given through the Python API, as the hidden
    self-check cells do, never reach the progress store.
    """

    solved = traitlets.Bool(False)
    revealed = traitlets.Bool(False)
    feedback = traitlets.Unicode("")
    #: wrong answers before the reveal button appears (the models' ladder, ``fivehundred.exercises``)
    REVEAL_AFTER = _REVEAL_AFTER

    def __init__(self, prompt: str, exercise_id: str) -> None:
        super().__init__(layout=box_layout())
        self.add_class("fh-exercise")
        self.exercise_id = exercise_id
        self._right = 0
        self._wrong = 0
        self._misses = 0
        self._mastered = False
        self.last_feedback: Feedback | None = None  # the model's last judgement, as drawn
        self._by_learner = False
        self._tone: Tone = "none"
        self._prompt = w.HTML(FOCUS_CSS + prompt_html(prompt))  # the focus ring's style comes with every exercise
        self._feedback = w.HTML("")
        self._feedback.add_class("fh-feedback")
        self._reveal_button = w.Button(description=_("Show the answer"), layout=w.Layout(width="auto", display="none"))
        self._reveal_button.add_class("fh-reveal")
        self._reveal_button.on_click(self._gesture(lambda _b: self.reveal()))
        self._attempt_listeners: list[Callable[[Exercise, bool], None]] = []
        self._reveal_listeners: list[Callable[[Exercise], None]] = []
        progress.attach(self)

    def on_attempt(self, callback: Callable[[Exercise, bool], None]) -> None:
        """Call ``callback(exercise, right)`` after every counted answer."""
        self._attempt_listeners.append(callback)

    def on_reveal(self, callback: Callable[[Exercise], None]) -> None:
        """Call ``callback(exercise)`` when the learner asks to see the answer."""
        self._reveal_listeners.append(callback)

    @property
    def by_learner(self) -> bool:
        """True while a learner's gesture (not a Python call) is being handled."""
        return self._by_learner

    def _gesture(self, handler: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a click or typing handler so that what it does counts as the learner's."""

        def run(*args: Any) -> Any:
            outer = self._by_learner
            self._by_learner = True
            try:
                return handler(*args)
            finally:
                self._by_learner = outer

        return run

    @property
    def attempts(self) -> Attempts:
        return Attempts(self._right, self._wrong)

    @property
    def misses(self) -> int:
        """Wrong answers since the last reset (the rung of the hint ladder)."""
        return self._misses

    @property
    def mastered(self) -> bool:
        """Solved before the answer was shown."""
        return self._mastered

    def _frame(self, *body: w.Widget) -> None:
        self.children = (self._prompt, *body, self._feedback, self._reveal_button)

    def _mark(self, right: bool, text: str) -> bool:
        if right:
            self._right += 1
            self.solved = True
            self._mastered = self._mastered or not self.revealed
        else:
            self._wrong += 1
        self._show("right" if right else "wrong", text)
        for callback in self._attempt_listeners:
            callback(self, right)
        return right

    def _judge(self, model: Any, answer: Any, **extra: Any) -> bool | None:
        """Have ``model`` judge ``answer`` (this is the learner's next attempt) and draw its Feedback."""
        try:
            fb = model.judge(answer, attempt=self._misses + 1, **extra)
        except FiveHundredError as err:
            fb = Feedback.invalid(err.explanation)
        return self._show_feedback(fb)

    def _refuse(self, err: FiveHundredError) -> None:
        """Input the model cannot take (not an attempt): its explanation, shown as the model's ``invalid`` Feedback."""
        self._show_feedback(Feedback.invalid(err.explanation))

    def _show_feedback(self, fb: Feedback) -> bool | None:
        """Show a model's judgement: the reason (and the hint), and the reveal button once the answer is offered."""
        self.last_feedback = fb
        if fb.verdict == "invalid":
            self._say(fb.why)
            return None
        if fb.right:
            return self._mark(True, fb.text)
        self._misses += 1
        if fb.answer and not self.revealed:
            self._reveal_button.layout.display = ""
        return self._mark(False, fb.text)

    def answer_text(self) -> str:
        """The right answer with its reason, as the reveal shows it."""
        raise NotImplementedError

    def reveal(self) -> str:
        """Show the answer (the learner asked for it); returns the text shown."""
        text = self.answer_text()
        self.revealed = True
        self._reveal_button.layout.display = "none"
        self._tone = "info"
        self.feedback = text
        self._feedback.value = message_html(text, "info", lead=_("The answer:"))
        set_tone(self._feedback, "info")
        for callback in self._reveal_listeners:
            callback(self)
        return text

    def _show(self, tone: Tone, text: str) -> None:
        self._tone = tone
        self.feedback = text
        self._feedback.value = message_html(text, tone)
        set_tone(self._feedback, tone)

    def _say(self, text: str) -> None:
        """A gentle message that is neither right nor wrong (bad input)."""
        self._show("info", text)

    def reset(self) -> None:
        """Start again: no feedback, nothing selected, not solved, no attempts counted, answer hidden."""
        self._right = self._wrong = self._misses = 0
        self.solved = False
        self.revealed = False
        self._mastered = False
        self._reveal_button.layout.display = "none"
        self._show("none", "")
        self._clear()

    def _clear(self) -> None:
        """Subclasses clear their selection here."""

    def _shown_card(self, card: Card | str) -> Card | None:
        """The card the learner chose, if it is one of those shown; otherwise say why not."""
        try:
            return shown_card(card, getattr(self, "_shown", ()))
        except FiveHundredError as err:
            self._refuse(err)
            return None


def _flip(chosen: list[Card], card: Card) -> None:
    """Add ``card`` to ``chosen``, or take it out if it is there (a second click undoes the first)."""
    if card in chosen:
        chosen.remove(card)
    else:
        chosen.append(card)


def _option_button(text: str, index: int) -> w.Button:
    b = w.Button(description=text, layout=w.Layout(width="auto", min_width="80px", height="auto", padding="4px 14px"))
    b.style.font_size = "15px"
    b.add_class("fh-option")
    b.add_class(f"fh-option-{index}")
    return b


def _check_button(text: str | None = None) -> w.Button:
    b = w.Button(description=_("Check") if text is None else text, button_style="success", layout=w.Layout(width="auto", min_width="90px"))
    b.style.font_weight = "bold"
    b.add_class("fh-check")
    return b


# --------------------------------------------------------------------------------------
class MultipleChoice(Exercise):
    """A question with a few answers, one of them right (the author supplies it).

    ``explanations`` may give a sentence per option, shown when it is chosen
    (so a wrong option's sentence must not name the right one).  ``hint`` is
    the stronger hint for the second wrong answer.
    """

    def __init__(
        self,
        question: str,
        options: Sequence[str],
        correct: str | int,
        *,
        explanations: dict[str, str] | None = None,
        hint: str = "",
        exercise_id: str | None = None,
    ) -> None:
        model = ChoiceModel(question, options, correct, explanations=explanations, hint=hint)
        super().__init__(question, exercise_id or f"multiple-choice/{_slug(question)[:60]}")
        self.model = model
        self.question = question
        self.options = model.options
        self._correct = model.correct
        self._tried: list[int] = []
        self._buttons = tuple(_option_button(text, i) for i, text in enumerate(self.options))
        for i, b in enumerate(self._buttons):
            b.on_click(self._make_handler(i))
        self._frame(w.HBox(self._buttons, layout=w.Layout(flex_flow="row wrap", grid_gap="6px")))

    def _make_handler(self, i: int) -> Callable[[w.Button], None]:
        return self._gesture(lambda _b: self._answered(i))

    def _answered(self, i: int) -> None:
        self.answer(i)

    def answer(self, option: str | int) -> bool | None:
        """Choose an option by its text or its position (0 first)."""
        right = self._judge(self.model, option, ruled_out=tuple(self._tried))
        if right is None:
            return None
        i = self.model.index(option)
        for j, b in enumerate(self._buttons):
            b.button_style = ("success" if right else "warning") if j == i else ""
        if not right and i not in self._tried:
            self._tried.append(i)
        return right

    def answer_text(self) -> str:
        return self.model.answer_text()

    def _clear(self) -> None:
        self._tried = []
        for b in self._buttons:
            b.button_style = ""

    def __repr__(self) -> str:
        return f"MultipleChoice(question={self.question!r}, solved={self.solved})"


# --------------------------------------------------------------------------------------
class _CardSelection(Exercise):
    """Shared machinery: cards shown as buttons that toggle, plus a Check button; ``model`` judges the pick."""

    model: CardPickModel | PlayableModel

    def __init__(self, prompt: str, exercise_id: str, cards: tuple[Card, ...], felt: bool) -> None:
        super().__init__(prompt, exercise_id)
        self._shown = cards
        self._picked: list[Card] = []
        self._picker = CardButtons(multi=True, button_class="fh-option", felt=felt, group_label=_("cards to choose from"))
        # no bower badges: an "R" or "L" on a card would answer many of these questions
        self._picker.show(cards)
        self._picker.on_card_click(self._gesture(self._toggle_code))
        self._check = _check_button()
        self._check.on_click(self._gesture(lambda _b: self.check()))
        self._clear_btn = w.Button(description=_("Clear"), layout=w.Layout(width="auto"))
        self._clear_btn.on_click(self._gesture(lambda _b: self._clear()))

    @property
    def picked(self) -> tuple[Card, ...]:
        return tuple(self._picked)

    def toggle(self, card: Card | str) -> None:
        """Select or unselect a card, as a click on it does."""
        c = self._shown_card(card)
        if c is None:
            return
        _flip(self._picked, c)
        self._picker.selected = [str(x) for x in self._picked]

    def _toggle_code(self, code: str) -> None:
        self.toggle(code)

    def _clear(self) -> None:
        self._picked = []
        self._picker.selected = []

    def check(self) -> bool | None:
        """Press Check: the model judges the cards picked."""
        return self._judge(self.model, tuple(self._picked))

    def answer(self, cards: str | Iterable[Card | str]) -> bool | None:
        """Select exactly these cards and press Check."""
        try:
            chosen = shown_cards(cards, self._shown)
        except FiveHundredError as err:
            self._refuse(err)
            return None
        self._picked = list(chosen)
        self._picker.selected = [str(x) for x in self._picked]
        return self.check()

    def answer_text(self) -> str:
        return self.model.answer_text()


class PickCards(_CardSelection):
    """Pick every card that fits (the author supplies the right set, or a callable)."""

    model: CardPickModel

    def __init__(
        self,
        question: str,
        cards: str | Iterable[Card | str],
        correct: str | Iterable[Card | str],
        *,
        trump: Suit | Bid | str | None = None,
        explanation: str = "",
        hint: str = "",
        reasons: Mapping[Card | str, str] | Callable[[Card], str] | None = None,
        more: str = "",
        exercise_id: str | None = None,
    ) -> None:
        """``reasons`` says why each card that does not fit breaks the rule (a mapping or a function of the
        card, from the engine); ``more`` says which rule lets in the cards a learner left out."""
        model = CardPickModel(question, cards, correct, explanation=explanation, hint=hint, reasons=reasons, more=more)
        as_trump(trump)  # the trump is checked, as before; the cards are judged by the author's set
        super().__init__(
            question, exercise_id or f"pick-cards/{_slug(question)[:40]}/{_slug(format_cards(model.shown))}", model.shown, False,
        )
        self.model = model
        self.question = question
        self._correct = model.correct
        self._frame(self._picker, w.HBox((self._check, self._clear_btn), layout=w.Layout(grid_gap="8px")))

    def __repr__(self) -> str:
        return f"PickCards(cards={format_cards(self._shown)!r}, solved={self.solved})"


# --------------------------------------------------------------------------------------
class NumberAnswer(Exercise):
    """Type a whole number.  Empty text, letters or a huge number get a gentle note, never an error."""

    def __init__(
        self,
        question: str,
        correct: int,
        *,
        explanation: str = "",
        hint: str = "",
        reasons: Mapping[int, str] | Callable[[int], str | None] | None = None,
        likely: Sequence[int] = (),
        exercise_id: str | None = None,
        placeholder: str | None = None,
    ) -> None:
        """``reasons`` says what a wrong number would mean or what it counted wrongly: a mapping of the likely
        wrong answers (from ``fivehundred.feedback``) or a function of the number (then ``likely`` lists
        the wrong answers a learner is likely to give)."""
        self._init_number(NumberModel(question, correct, explanation=explanation, hint=hint, reasons=reasons, likely=likely),
                          exercise_id or f"number/{_slug(question)[:60]}", placeholder)

    def _init_number(self, model: NumberModel, exercise_id: str, placeholder: str | None) -> None:
        super().__init__(model.question, exercise_id)
        self.model = model
        self.question = model.question
        self._correct = model.correct
        self._text = w.Text(placeholder=_("type a number") if placeholder is None else placeholder, continuous_update=False, layout=w.Layout(width="160px"))
        self._text.add_class("fh-number")
        self._last_checked: str | None = None
        self._check = _check_button()
        self._check.on_click(self._gesture(lambda _b: self._pressed()))
        self._typing = False
        self._text.observe(self._gesture(self._submitted), names=["value"])
        self._frame(w.HBox((self._text, self._check), layout=w.Layout(grid_gap="8px", align_items="center")))

    def _submitted(self, change: Any) -> None:
        # Enter (or leaving the box) sends the value; Check after that does not count twice.
        if self._typing:
            return  # answer() is filling the box itself
        if str(change["new"]).strip():
            self._pressed()

    def _pressed(self) -> None:
        if self._text.value == self._last_checked and self._tone in ("right", "wrong"):
            return
        self.answer(self._text.value)

    def answer(self, value: str | int) -> bool | None:
        """Type ``value`` and press Check."""
        text = str(value)
        if self._text.value != text:
            self._typing = True  # so the box's own change event does not answer a second time
            try:
                self._text.value = text
            finally:
                self._typing = False
        self._last_checked = text
        return self._judge(self.model, value)

    @property
    def likely_wrong(self) -> tuple[int, ...]:
        """The wrong answers a learner is likely to give, each with its own reason."""
        return self.model.likely_wrong

    def answer_text(self) -> str:
        return self.model.answer_text()

    def _clear(self) -> None:
        self._last_checked = ""
        self._typing = True
        try:
            self._text.value = ""
        finally:
            self._typing = False

    def __repr__(self) -> str:
        return f"NumberAnswer(question={self.question!r}, solved={self.solved})"


# --------------------------------------------------------------------------------------
class WhichCardWins(Exercise):
    """Which card wins this trick?  The engine decides (``trick_winner``) and explains.

    ``cards`` are in play order from the ``leader`` (a seat such as ``"W"``).
    """

    def __init__(
        self,
        cards: str | Iterable[Card | str],
        trump: Bid | Suit | str | None = None,
        *,
        leader: str | int = 0,
        players: int = 4,
        led: Suit | None = None,
        nominated: Suit | None = None,
        exercise_id: str | None = None,
    ) -> None:
        model = TrickWinnerModel(cards, trump, leader=leader, players=players, led=led, nominated=nominated)
        self._trump_text = _strain_text(trump)
        super().__init__(
            model.question,
            exercise_id or f"which-card-wins/{_slug(format_cards(model.cards))}/{_slug(self._trump_text)}",
        )
        self.model = model
        self._cards = model.cards
        self._players = players
        self._picker = CardButtons(button_class="fh-option", felt=True, group_label=_("the trick, in play order"))
        self._picker.show(model.cards, captions=list(model.captions))  # no bower badges: they would name the winner
        self._picker.on_card_click(self._gesture(self._clicked))
        self._frame(w.HTML(small_html(model.instructions)), self._picker)

    def _clicked(self, code: str) -> None:
        self.answer(code)

    @property
    def winner(self) -> Card:
        return self.model.winner

    def answer(self, card: Card | str) -> bool | None:
        right = self._judge(self.model, card)
        if right is None:
            return None
        c = Card.parse(card)
        self._picker.selected = [] if right else [str(c)]
        if right:
            self._picker.marked = [str(c)]
        return right

    def answer_text(self) -> str:
        return self.model.answer_text()

    def _clear(self) -> None:
        self._picker.selected = []
        self._picker.marked = []

    def __repr__(self) -> str:
        return f"WhichCardWins(cards={format_cards(self._cards)!r}, trump={self._trump_text!r}, solved={self.solved})"


# --------------------------------------------------------------------------------------
class WhichMayYouPlay(_CardSelection):
    """Pick every card of the hand you may play to this trick (``legal_cards`` decides)."""

    model: PlayableModel

    def __init__(
        self,
        hand: str | Iterable[Card | str],
        trick: str | Iterable[Card | str] = (),
        contract: Bid | Suit | str | None = None,
        *,
        led: Suit | None = None,
        suits_led: Iterable[Suit | str] = (),
        nominated: Suit | None = None,
        last_trick: bool = False,
        rules: Rules = AUSTRALIAN,
        exercise_id: str | None = None,
    ) -> None:
        model = PlayableModel(hand, trick, contract, led=led, suits_led=suits_led, nominated=nominated,
                              last_trick=last_trick, rules=rules)
        self._contract_text = _strain_text(contract)
        self._trick = model.trick
        super().__init__(
            model.question,
            exercise_id or f"which-may-you-play/{_slug(format_cards(model.shown))}/{_slug(format_cards(model.trick))}/{_slug(self._contract_text)}",
            model.shown,
            False,
        )
        self.model = model
        trick_html = cards_html(model.trick, width=54) if model.trick else ""
        self._context = w.HTML(small_html(model.context) + trick_html)
        self._hand_label = w.HTML(small_html(_("Your hand:")))
        self._frame(self._context, self._hand_label, self._picker, w.HBox((self._check, self._clear_btn), layout=w.Layout(grid_gap="8px")))

    @property
    def legal(self) -> tuple[Card, ...]:
        return self.model.legal

    def __repr__(self) -> str:
        return (
            f"WhichMayYouPlay(hand={format_cards(self._shown)!r}, trick={format_cards(self._trick)!r}, "
            f"contract={self._contract_text!r}, solved={self.solved})"
        )


# --------------------------------------------------------------------------------------
class OrderTrumps(Exercise):
    """Put these trumps in order, highest first (``trump_order`` decides).

    Click the cards one by one from the highest; ``Undo`` takes back the last.
    """

    def __init__(
        self,
        trump: Suit | Bid | str,
        cards: str | Iterable[Card | str] | None = None,
        *,
        players: int = 4,
        exercise_id: str | None = None,
    ) -> None:
        model = TrumpOrderModel(trump, cards, players=players)
        self._suit = model.suit
        self._shown = model.shown
        self._correct = model.correct
        super().__init__(
            model.question,
            exercise_id or f"order-trumps/{model.suit.value}/{_slug(format_cards(model.shown))}",
        )
        self.model = model
        self._sequence: list[Card] = []
        self._picker = CardButtons(button_class="fh-option", group_label=_("trumps to put in order"))
        self._picker.show(model.shown)  # no bower badges: "R" and "L" would give the top of the order away
        self._picker.on_card_click(self._gesture(self._clicked))
        self._so_far = w.HTML()
        self._check = _check_button()
        self._check.on_click(self._gesture(lambda _b: self.check()))
        self._undo = w.Button(description=_("Undo"), layout=w.Layout(width="auto"))
        self._undo.on_click(self._gesture(lambda _b: self.undo()))
        self._frame(self._picker, self._so_far, w.HBox((self._check, self._undo), layout=w.Layout(grid_gap="8px")))
        self._draw()

    @property
    def sequence(self) -> tuple[Card, ...]:
        return tuple(self._sequence)

    def _clicked(self, code: str) -> None:
        self.add(code)

    def add(self, card: Card | str) -> None:
        """Put ``card`` next in your order, as clicking it does (clicking it again takes it back)."""
        c = self._shown_card(card)
        if c is None:
            return
        _flip(self._sequence, c)
        self._draw()

    def undo(self) -> None:
        if self._sequence:
            self._sequence.pop()
            self._draw()

    def _draw(self) -> None:
        self._picker.selected = [str(c) for c in self._sequence]
        self._picker.captions = [
            f"#{self._sequence.index(c) + 1}" if c in self._sequence else "" for c in self._shown
        ]
        text = _("Your order: {cards}").format(cards=", ".join(c.label for c in self._sequence) if self._sequence else _("(click the highest first)"))
        self._so_far.value = small_html(text)

    def check(self) -> bool | None:
        if len(self._sequence) < len(self._shown):
            return self._show_feedback(Feedback.invalid(self.model.unfinished(len(self._sequence))))
        return self._judge(self.model, tuple(self._sequence))

    def answer_text(self) -> str:
        return self.model.answer_text()

    def answer(self, cards: str | Iterable[Card | str]) -> bool | None:
        """Give the whole order at once (highest first) and press Check."""
        fb = self._judge(self.model, cards)
        if fb is not None:
            self._sequence = list(parse_cards(cards))
            self._draw()
        return fb

    def _clear(self) -> None:
        self._sequence = []
        self._draw()

    def __repr__(self) -> str:
        return f"OrderTrumps(trump={self._suit.value!r}, cards={format_cards(self._shown)!r}, solved={self.solved})"


# --------------------------------------------------------------------------------------
class WhichBidHigher(Exercise):
    """Which of two bids is higher?  Judged by the engine's ladder (``outranks``), never by points."""

    def __init__(
        self, a: Bid | str, b: Bid | str, *, rules: Rules | None = None, exercise_id: str | None = None
    ) -> None:
        model = HigherBidModel(a, b, rules=rules)
        self._bids = model.bids
        self._rules = rules
        self._higher = model.higher
        super().__init__(
            model.question,
            exercise_id or f"which-bid-higher/{self._bids[0]}/{self._bids[1]}",
        )
        self.model = model
        self._buttons = []
        for i, bid in enumerate(self._bids):
            button = _option_button(_("{bid} points").format(bid=bid_button_text(bid)), i)
            button.style.text_color = bid_colour(bid)
            button.style.font_weight = "bold"
            button.tooltip = bid.words
            button.on_click(self._gesture(self._make_handler(bid)))
            self._buttons.append(button)
        # the two bids wrap one under the other on a phone, rather than cut their points off
        self._frame(w.HBox(tuple(self._buttons), layout=w.Layout(flex_flow="row wrap", grid_gap="10px")))

    def _make_handler(self, bid: Bid) -> Callable[[w.Button], None]:
        return lambda _b: self._answered(bid)

    def _answered(self, bid: Bid) -> None:
        self.answer(bid)

    def answer(self, bid: Bid | str) -> bool | None:
        right = self._judge(self.model, bid)
        if right is None:
            return None
        chosen = Bid.parse(bid)
        for b, x in zip(self._buttons, self._bids):
            b.button_style = ("success" if right else "warning") if x == chosen else ""
        return right

    def answer_text(self) -> str:
        return self.model.answer_text()

    def _clear(self) -> None:
        for b in self._buttons:
            b.button_style = ""

    def __repr__(self) -> str:
        return f"WhichBidHigher(a={str(self._bids[0])!r}, b={str(self._bids[1])!r}, solved={self.solved})"


# --------------------------------------------------------------------------------------
class ScoreThisHand(NumberAnswer):
    """How many points does a side score?  ``score_hand`` decides and explains.

    ``side="contractors"`` (default) or ``"defenders"``.
    """

    def __init__(
        self,
        contract: Bid | str,
        tricks_won: int,
        *,
        side: str = "contractors",
        rules: Rules = AUSTRALIAN,
        exercise_id: str | None = None,
    ) -> None:
        model = ScoreModel(contract, tricks_won, side=side, rules=rules)
        self._bid, self._tricks, self._side = model.bid, tricks_won, side
        self._init_number(model, exercise_id or f"score/{model.bid}/{tricks_won}/{side}", None)

    def __repr__(self) -> str:
        return (
            f"ScoreThisHand(contract={str(self._bid)!r}, tricks_won={self._tricks}, side={self._side!r}, "
            f"solved={self.solved})"
        )
