"""The exercise kit: small quizzes whose answers come from the engine.

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
from typing import Any, Callable, Iterable, Sequence

import ipywidgets as w
import traitlets

from fivehundred.bidding import Bid, ladder_index, outranks
from fivehundred.cards import Card, Suit, format_cards, parse_cards
from fivehundred.errors import FiveHundredError, NotationError
from fivehundred.play import explain_play, legal_cards, play_rules
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import score_hand
from fivehundred.seating import parse_seat, seat_name
from fivehundred.svg import cards_html
from fivehundred.trick import as_trump, describe_card, explain_trick_winner, trick_winner
from fivehundred.trumps import is_left_bower, is_right_bower, trump_order

from widgets import progress
from widgets._common import Tone, box_layout, message_html, prompt_html, set_tone, small_html
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
    """The common frame: prompt, body, feedback, attempt counts."""

    solved = traitlets.Bool(False)
    feedback = traitlets.Unicode("")

    def __init__(self, prompt: str, exercise_id: str) -> None:
        super().__init__(layout=box_layout())
        self.add_class("fh-exercise")
        self.exercise_id = exercise_id
        self._right = 0
        self._wrong = 0
        self._tone: Tone = "none"
        self._prompt = w.HTML(prompt_html(prompt))
        self._feedback = w.HTML("")
        self._feedback.add_class("fh-feedback")
        self._attempt_listeners: list[Callable[[Exercise, bool], None]] = []
        progress.attach(self)

    def on_attempt(self, callback: Callable[[Exercise, bool], None]) -> None:
        """Call ``callback(exercise, right)`` after every counted answer (saved progress uses this)."""
        self._attempt_listeners.append(callback)

    @property
    def attempts(self) -> Attempts:
        return Attempts(self._right, self._wrong)

    def _frame(self, *body: w.Widget) -> None:
        self.children = (self._prompt, *body, self._feedback)

    def _mark(self, right: bool, text: str) -> bool:
        if right:
            self._right += 1
            self.solved = True
        else:
            self._wrong += 1
        self._show("right" if right else "wrong", text)
        for callback in self._attempt_listeners:
            callback(self, right)
        return right

    def _show(self, tone: Tone, text: str) -> None:
        self._tone = tone
        self.feedback = text
        self._feedback.value = message_html(text, tone)
        set_tone(self._feedback, tone)

    def _say(self, text: str) -> None:
        """A gentle message that is neither right nor wrong (bad input)."""
        self._show("info", text)

    def reset(self) -> None:
        """Start again: no feedback, nothing selected, not solved, no attempts counted."""
        self._right = self._wrong = 0
        self.solved = False
        self._show("none", "")
        self._clear()

    def _clear(self) -> None:
        """Subclasses clear their selection here."""

    def _shown_card(self, card: Card | str) -> Card | None:
        """The card the learner chose, if it is one of those shown; otherwise say why not."""
        try:
            c = Card.parse(card)
        except FiveHundredError as err:
            self._say(err.explanation)
            return None
        shown: Sequence[Card] = getattr(self, "_shown", ())
        if c not in shown:
            self._say(f"{c.label} is not one of the cards shown.")
            return None
        return c


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


def _check_button(text: str = "Check") -> w.Button:
    b = w.Button(description=text, button_style="success", layout=w.Layout(width="auto", min_width="90px"))
    b.style.font_weight = "bold"
    b.add_class("fh-check")
    return b


# --------------------------------------------------------------------------------------
class MultipleChoice(Exercise):
    """A question with a few answers, one of them right (the author supplies it).

    ``explanations`` may give a sentence per option, shown when it is chosen.
    """

    def __init__(
        self,
        question: str,
        options: Sequence[str],
        correct: str | int,
        *,
        explanations: dict[str, str] | None = None,
        exercise_id: str | None = None,
    ) -> None:
        if len(options) < 2:
            raise ValueError("a multiple-choice question needs at least two options")
        index = correct if isinstance(correct, int) else list(options).index(correct)
        super().__init__(question, exercise_id or f"multiple-choice/{_slug(question)[:60]}")
        self.question = question
        self.options = tuple(options)
        self._correct = index
        self._explanations = dict(explanations or {})
        self._buttons = tuple(_option_button(text, i) for i, text in enumerate(self.options))
        for i, b in enumerate(self._buttons):
            b.on_click(self._make_handler(i))
        self._frame(w.HBox(self._buttons, layout=w.Layout(flex_flow="row wrap", grid_gap="6px")))

    def _make_handler(self, i: int) -> Callable[[w.Button], None]:
        return lambda _b: self._answered(i)

    def _answered(self, i: int) -> None:
        self.answer(i)

    def answer(self, option: str | int) -> bool | None:
        """Choose an option by its text or its position (0 first)."""
        if isinstance(option, int) and 0 <= option < len(self.options):
            i = option
        elif isinstance(option, str) and option in self.options:
            i = self.options.index(option)
        else:
            self._say(f"{option!r} is not one of the answers.")
            return None
        chosen, right = self.options[i], self.options[self._correct]
        why = self._explanations.get(chosen, "")
        for j, b in enumerate(self._buttons):
            b.button_style = ("success" if i == self._correct else "warning") if j == i else ""
        if i == self._correct:
            return self._mark(True, why or f"The answer is {right}.")
        right_why = self._explanations.get(right, "")
        text = (why + " " if why else "") + f"The answer is {right}." + (" " + right_why if right_why else "")
        return self._mark(False, text)

    def _clear(self) -> None:
        for b in self._buttons:
            b.button_style = ""

    def __repr__(self) -> str:
        return f"MultipleChoice(question={self.question!r}, solved={self.solved})"


# --------------------------------------------------------------------------------------
class _CardSelection(Exercise):
    """Shared machinery: cards shown as buttons that toggle, plus a Check button."""

    def __init__(self, prompt: str, exercise_id: str, cards: tuple[Card, ...], trump: Suit | None, felt: bool) -> None:
        super().__init__(prompt, exercise_id)
        self._shown = cards
        self._picked: list[Card] = []
        self._picker = CardButtons(multi=True, button_class="fh-option", felt=felt, group_label="cards to choose from")
        self._picker.show(cards, trump=trump)
        self._picker.on_card_click(self._toggle_code)
        self._check = _check_button()
        self._check.on_click(lambda _b: self.check())
        self._clear_btn = w.Button(description="Clear", layout=w.Layout(width="auto"))
        self._clear_btn.on_click(lambda _b: self._clear())

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

    def _set_picked(self, cards: str | Iterable[Card | str]) -> bool:
        try:
            chosen = parse_cards(cards)
        except FiveHundredError as err:
            self._say(err.explanation)
            return False
        missing = [c for c in chosen if c not in self._shown]
        if missing:
            self._say(f"{missing[0].label} is not one of the cards shown.")
            return False
        self._picked = list(dict.fromkeys(chosen))
        self._picker.selected = [str(x) for x in self._picked]
        return True

    def check(self) -> bool | None:
        raise NotImplementedError

    def answer(self, cards: str | Iterable[Card | str]) -> bool | None:
        """Select exactly these cards and press Check."""
        if not self._set_picked(cards):
            return None
        return self.check()


class PickCards(_CardSelection):
    """Pick every card that fits (the author supplies the right set, or a callable)."""

    def __init__(
        self,
        question: str,
        cards: str | Iterable[Card | str],
        correct: str | Iterable[Card | str],
        *,
        trump: Suit | Bid | str | None = None,
        explanation: str = "",
        exercise_id: str | None = None,
    ) -> None:
        shown = parse_cards(cards)
        right = parse_cards(correct)
        super().__init__(
            question, exercise_id or f"pick-cards/{_slug(question)[:40]}/{_slug(format_cards(shown))}", shown,
            as_trump(trump), False,
        )
        self.question = question
        self._correct = frozenset(right)
        self._explanation = explanation
        self._frame(self._picker, w.HBox((self._check, self._clear_btn), layout=w.Layout(grid_gap="8px")))

    def check(self) -> bool | None:
        if not self._picked:
            self._say("Pick at least one card first, then press Check.")
            return None
        picked = frozenset(self._picked)
        if picked == self._correct:
            return self._mark(True, self._explanation or "Those are exactly the right cards.")
        right = " ".join(c.label for c in self._shown if c in self._correct)
        return self._mark(False, f"The right cards are {right}." + (" " + self._explanation if self._explanation else ""))

    def __repr__(self) -> str:
        return f"PickCards(cards={format_cards(self._shown)!r}, solved={self.solved})"


# --------------------------------------------------------------------------------------
_NUMBER_RE = re.compile(r"^[+\-−–]?\d{1,7}$")
#: answers bigger than this are certainly typos (a whole game is 500 points)
NUMBER_LIMIT = 100_000


def read_number(text: object) -> int | str:
    """Read a whole number typed by a learner: the number, or a gentle message."""
    if isinstance(text, bool):
        return "Please type a number."
    if isinstance(text, int):
        value = text
    else:
        raw = str(text).strip().replace(" ", "").replace(",", "").replace("_", "")
        if raw.endswith(("points", "pts")):
            raw = raw.removesuffix("points").removesuffix("pts")
        if not raw:
            return "Type a number first, then press Check."
        if re.fullmatch(r"[+\-−–]?\d+", raw) and not _NUMBER_RE.match(raw):
            return "That number is far too big for Five Hundred. Scores here are a few hundred at most."
        if not _NUMBER_RE.match(raw):
            return f"{str(text).strip()!r} is not a whole number. Type digits, such as 240 or -120."
        value = int(raw.replace("−", "-").replace("–", "-"))
    if abs(value) > NUMBER_LIMIT:
        return "That number is far too big for Five Hundred. Scores here are a few hundred at most."
    return value


class NumberAnswer(Exercise):
    """Type a whole number.  Empty text, letters or a huge number get a gentle note, never an error."""

    def __init__(
        self,
        question: str,
        correct: int,
        *,
        explanation: str = "",
        exercise_id: str | None = None,
        placeholder: str = "type a number",
    ) -> None:
        super().__init__(question, exercise_id or f"number/{_slug(question)[:60]}")
        self.question = question
        self._correct = correct
        self._explanation = explanation
        self._text = w.Text(placeholder=placeholder, continuous_update=False, layout=w.Layout(width="160px"))
        self._text.add_class("fh-number")
        self._last_checked: str | None = None
        self._check = _check_button()
        self._check.on_click(lambda _b: self._pressed())
        self._typing = False
        self._text.observe(self._submitted, names=["value"])
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
        number = read_number(value)
        if isinstance(number, str):
            self._say(number)
            return None
        return self._judge(number)

    def _judge(self, number: int) -> bool:
        if number == self._correct:
            return self._mark(True, self._explanation or f"{number} is right.")
        return self._mark(
            False, f"{number} is not right; the answer is {self._correct}." + (" " + self._explanation if self._explanation else "")
        )

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
        played = parse_cards(cards)
        self._trump_text = _strain_text(trump)
        self._seat = parse_seat(leader, players)
        self._winner = trick_winner(played, trump, led=led, nominated=nominated)
        self._why = explain_trick_winner(played, trump, led=led, nominated=nominated)
        suit = as_trump(trump)
        strain = "no trumps" if suit is None else f"{suit.plural} are trumps"
        super().__init__(
            f"{strain.capitalize()}. Which card wins this trick?",
            exercise_id or f"which-card-wins/{_slug(format_cards(played))}/{_slug(self._trump_text)}",
        )
        self._cards = played
        self._players = players
        captions = []
        for i in range(len(played)):
            name = seat_name((self._seat + i) % players, players, long=True)
            captions.append(f"{name} (led)" if i == 0 else name)
        self._picker = CardButtons(button_class="fh-option", felt=True, group_label="the trick, in play order")
        self._picker.show(played, trump=suit, captions=captions)
        self._picker.on_card_click(self._clicked)
        notes = _joker_notes(played, led=led, nominated=nominated)
        hint = w.HTML(
            small_html((notes + " " if notes else "") + "Cards are shown in the order they were played. Click the card that wins.")
        )
        self._frame(hint, self._picker)

    def _clicked(self, code: str) -> None:
        self.answer(code)

    @property
    def winner(self) -> Card:
        return self._cards[self._winner]

    def answer(self, card: Card | str) -> bool | None:
        try:
            c = Card.parse(card)
        except FiveHundredError as err:
            self._say(err.explanation)
            return None
        if c not in self._cards:
            self._say(f"{c.label} is not in this trick.")
            return None
        if c == self.winner:
            self._picker.selected = []
            self._picker.marked = [str(c)]
            return self._mark(True, self._why)
        self._picker.selected = [str(c)]
        return self._mark(False, f"{c.label} does not win. {self._why}")

    def _clear(self) -> None:
        self._picker.selected = []
        self._picker.marked = []

    def __repr__(self) -> str:
        return f"WhichCardWins(cards={format_cards(self._cards)!r}, trump={self._trump_text!r}, solved={self.solved})"


# --------------------------------------------------------------------------------------
class WhichMayYouPlay(_CardSelection):
    """Pick every card of the hand you may play to this trick (``legal_cards`` decides)."""

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
        cards = parse_cards(hand)
        played = parse_cards(trick)
        self._contract_text = _strain_text(contract)
        self._kw: dict[str, Any] = dict(
            led=led, suits_led=tuple(suits_led), nominated=nominated, last_trick=last_trick, rules=rules
        )
        self._contract = contract
        self._trick = played
        self._legal = legal_cards(cards, played, contract, **self._kw)
        suit = play_rules(contract, rules=rules).trump  # the engine's trump: none in no trumps or misère
        super().__init__(
            "Which of your cards may you play? Pick all of them, then press Check.",
            exercise_id or f"which-may-you-play/{_slug(format_cards(cards))}/{_slug(format_cards(played))}/{_slug(self._contract_text)}",
            cards,
            suit,
            False,
        )
        trick_html = (
            cards_html(played, trump=suit, width=54) if played else ""
        )
        contract_words = _contract_words(contract)
        notes = _joker_notes(
            played, led=led, nominated=nominated, suits_led=tuple(suits_led), last_trick=last_trick
        )
        self._context = w.HTML(
            small_html(
                f"Contract: {contract_words}. " + (notes + " " if notes else "")
                + ("Trick so far:" if played else "You are leading.")
            )
            + trick_html
        )
        self._hand_label = w.HTML(small_html("Your hand:"))
        self._frame(self._context, self._hand_label, self._picker, w.HBox((self._check, self._clear_btn), layout=w.Layout(grid_gap="8px")))

    @property
    def legal(self) -> tuple[Card, ...]:
        return self._legal

    def _reason(self, card: Card) -> str:
        return explain_play(card, self._shown, self._trick, self._contract, **self._kw).reason

    def check(self) -> bool | None:
        if not self._picked:
            self._say("Pick at least one card first, then press Check.")
            return None
        picked = set(self._picked)
        legal = set(self._legal)
        if picked == legal:
            illegal = [c for c in self._shown if c not in legal]
            example = illegal[0] if illegal else self._legal[0]
            return self._mark(True, self._reason(example))
        wrong = [c for c in self._shown if c in picked and c not in legal]
        missed = [c for c in self._shown if c in legal and c not in picked]
        parts = []
        if wrong:
            parts.append(f"You may not play {wrong[0].label}: {self._reason(wrong[0])}")
        if missed:
            parts.append(f"You may also play {missed[0].label}: {self._reason(missed[0])}")
        parts.append("The cards you may play are " + " ".join(c.label for c in self._legal) + ".")
        return self._mark(False, " ".join(parts))

    def __repr__(self) -> str:
        return (
            f"WhichMayYouPlay(hand={format_cards(self._shown)!r}, trick={format_cards(self._trick)!r}, "
            f"contract={self._contract_text!r}, solved={self.solved})"
        )


def _joker_notes(
    played: Sequence[Card],
    *,
    led: Suit | None = None,
    nominated: Suit | None = None,
    suits_led: Sequence[Suit | str] = (),
    last_trick: bool = False,
) -> str:
    """The facts about the joker and the hand so far that an exercise depends on, as sentences."""
    notes = []
    if nominated is not None:
        notes.append(f"The contractor nominated the joker as a {nominated.singular}.")
    if played and played[0].is_joker and led is not None and nominated is None:
        notes.append(f"The joker was led, naming {led.plural}.")
    if suits_led:
        names = [s.plural if isinstance(s, Suit) else Suit.parse(s).plural for s in suits_led]
        notes.append(f"Suits led earlier this hand: {', '.join(names)}.")
    if last_trick:
        notes.append("This is the last trick.")
    return " ".join(notes)


def _contract_words(contract: Bid | Suit | str | None) -> str:
    if isinstance(contract, (Bid, str)):
        try:
            return Bid.parse(contract).words
        except NotationError:
            pass
    suit = as_trump(contract)
    return "no trumps" if suit is None else f"{suit.plural} are trumps"


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
        suit = as_trump(trump)
        if suit is None:
            raise NotationError(
                f"no trump suit in {trump!r}", explanation="Ordering trumps needs a trump suit, such as hearts."
            )
        order = trump_order(suit, players)
        shown = parse_cards(cards) if cards is not None else order[:6]
        not_trumps = [c for c in shown if c not in order]
        if not_trumps:
            raise NotationError(
                f"not a trump when {suit.plural} are trumps: {not_trumps[0]}",
                explanation=f"{not_trumps[0].label} is not a trump when {suit.plural} are trumps.",
            )
        self._suit = suit
        self._shown = shown
        self._correct = tuple(c for c in order if c in shown)
        super().__init__(
            f"{suit.plural.capitalize()} are trumps. Click these trumps from the highest to the lowest.",
            exercise_id or f"order-trumps/{suit.value}/{_slug(format_cards(shown))}",
        )
        self._sequence: list[Card] = []
        self._picker = CardButtons(button_class="fh-option", group_label="trumps to put in order")
        self._picker.show(shown, trump=suit)
        self._picker.on_card_click(self._clicked)
        self._so_far = w.HTML()
        self._check = _check_button()
        self._check.on_click(lambda _b: self.check())
        self._undo = w.Button(description="Undo", layout=w.Layout(width="auto"))
        self._undo.on_click(lambda _b: self.undo())
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
        text = "Your order: " + (", ".join(c.label for c in self._sequence) if self._sequence else "(click the highest first)")
        self._so_far.value = small_html(text)

    def _order_text(self) -> str:
        def named(c: Card) -> str:
            if is_right_bower(c, self._suit):
                return f"{c.label} (right bower)"
            if is_left_bower(c, self._suit):
                return f"{c.label} (left bower)"
            return c.label

        return ", ".join(named(c) for c in self._correct)

    def check(self) -> bool | None:
        if len(self._sequence) < len(self._shown):
            self._say(f"Put all {len(self._shown)} cards in order first ({len(self._sequence)} so far).")
            return None
        if tuple(self._sequence) == self._correct:
            return self._mark(True, f"Highest first: {self._order_text()}.")
        i = next(k for k, (a, b) in enumerate(zip(self._sequence, self._correct)) if a != b)
        mine, right = self._sequence[i], self._correct[i]
        return self._mark(
            False,
            f"Place {i + 1} should be {right.label}, not {mine.label}: {right.label} is "
            f"{describe_card(right, self._suit)}, and it beats {describe_card(mine, self._suit)}. "
            f"Highest first: {self._order_text()}.",
        )

    def answer(self, cards: str | Iterable[Card | str]) -> bool | None:
        """Give the whole order at once (highest first) and press Check."""
        try:
            order = parse_cards(cards)
        except FiveHundredError as err:
            self._say(err.explanation)
            return None
        if sorted(order, key=Card.sort_key) != sorted(self._shown, key=Card.sort_key):
            self._say("Use each card shown exactly once.")
            return None
        self._sequence = list(order)
        self._draw()
        return self.check()

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
        self._bids = (Bid.parse(a), Bid.parse(b))
        self._rules = rules
        ia, ib = (ladder_index(x, rules) for x in self._bids)
        if ia == ib:
            raise NotationError(f"the same bid twice: {self._bids[0]}", explanation="Give two different bids.")
        self._higher = self._bids[0] if outranks(self._bids[0], self._bids[1], rules) else self._bids[1]
        self._index = {self._bids[0]: ia, self._bids[1]: ib}
        super().__init__(
            "Which bid is higher?",
            exercise_id or f"which-bid-higher/{self._bids[0]}/{self._bids[1]}",
        )
        self._buttons = []
        for i, bid in enumerate(self._bids):
            button = _option_button(bid_button_text(bid) + " points", i)
            button.style.text_color = bid_colour(bid)
            button.style.font_weight = "bold"
            button.tooltip = bid.words
            button.on_click(self._make_handler(bid))
            self._buttons.append(button)
        self._frame(w.HBox(tuple(self._buttons), layout=w.Layout(grid_gap="10px")))

    def _make_handler(self, bid: Bid) -> Callable[[w.Button], None]:
        return lambda _b: self._answered(bid)

    def _answered(self, bid: Bid) -> None:
        self.answer(bid)

    def answer(self, bid: Bid | str) -> bool | None:
        try:
            chosen = Bid.parse(bid)
        except FiveHundredError as err:
            self._say(err.explanation)
            return None
        if chosen not in self._bids:
            self._say(f"{chosen.label} is not one of the two bids.")
            return None
        low = self._bids[1] if self._higher is self._bids[0] else self._bids[0]
        hi = self._higher
        why = (
            f"{hi.label} ({hi.points} points) is higher than {low.label} ({low.points} points): "
            f"on the bidding ladder {hi.label} is rung {self._index[hi] + 1} and {low.label} is rung {self._index[low] + 1}."
        )
        for b, x in zip(self._buttons, self._bids):
            b.button_style = ("success" if x is hi else "warning") if x == chosen else ""
        return self._mark(chosen == hi, why)

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
        if side not in ("contractors", "defenders"):
            raise NotationError(f"no side {side!r} (contractors or defenders)")
        bid = Bid.parse(contract)
        result = score_hand(bid, tricks_won, rules=rules)
        self._bid = bid
        self._tricks = tricks_won
        self._side = side
        self._result = result
        points = result.contractors if side == "contractors" else result.defenders[0]
        who = "the contractors" if side == "contractors" else "the defenders"
        question = (
            f"The contract is {bid.words} ({bid.label}, worth {bid.points}). The contractors win "
            f"{tricks_won} trick{'s' if tricks_won != 1 else ''}. How many points do {who} score? "
            "(Type a minus sign for a loss.)"
        )
        super().__init__(
            question, points, explanation=result.reason, exercise_id=exercise_id or f"score/{bid}/{tricks_won}/{side}"
        )

    def _judge(self, number: int) -> bool:
        if number == self._correct:
            return self._mark(True, self._explanation)
        hint = ""
        if number == -self._correct and number != 0:
            hint = " Check the sign: a lost contract is minus, a made one plus."
        return self._mark(False, f"{number} is not right; the answer is {self._correct}. {self._explanation}{hint}")

    def __repr__(self) -> str:
        return (
            f"ScoreThisHand(contract={str(self._bid)!r}, tricks_won={self._tricks}, side={self._side!r}, "
            f"solved={self.solved})"
        )
