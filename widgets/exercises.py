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
from typing import Any, Callable, Iterable, Mapping, Sequence

import ipywidgets as w
import traitlets

from fivehundred.bidding import Bid, ladder_index, outranks
from fivehundred.cards import Card, Suit, format_cards, parse_cards
from fivehundred import feedback as reasons_for
from fivehundred import text as learner
from fivehundred.errors import FiveHundredError, NotationError
from fivehundred.i18n import _, ngettext
from fivehundred.play import explain_play, legal_cards, play_rules
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import score_hand
from fivehundred.seating import parse_seat
from fivehundred.svg import cards_html
from fivehundred.trick import as_trump, describe_card, explain_trick_winner, trick_winner
from fivehundred.trumps import effective_suit, is_trump
from fivehundred.trumps import is_left_bower, is_right_bower, trump_order

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

    The ladder: the first wrong answer says why *that* answer is wrong, without
    naming the right one; later wrong answers add a stronger hint (``_hint``);
    from the second wrong answer a "Show the answer" button (class
    ``fh-reveal``) offers the answer, which is never shown unasked.  An
    exercise answered right after its answer was shown is ``solved`` but not
    ``mastered``.

    Saved progress only hears about the learner's own gestures (clicks, typing,
    the reveal button): answers given through the Python API, as the hidden
    self-check cells do, never reach the progress store.
    """

    solved = traitlets.Bool(False)
    revealed = traitlets.Bool(False)
    feedback = traitlets.Unicode("")
    #: wrong answers before the reveal button appears
    REVEAL_AFTER = 2

    def __init__(self, prompt: str, exercise_id: str) -> None:
        super().__init__(layout=box_layout())
        self.add_class("fh-exercise")
        self.exercise_id = exercise_id
        self._right = 0
        self._wrong = 0
        self._misses = 0
        self._mastered = False
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

    def _miss(self, why: str) -> bool:
        """A wrong answer: ``why`` says what is wrong with it; from the second miss a hint follows."""
        self._misses += 1
        text = why
        if self._misses >= 2:
            hint = self._hint()
            if hint:
                text = _("{text} Hint: {hint}").format(text=text, hint=hint) if text else _("Hint: {hint}").format(hint=hint)
        if self._misses >= self.REVEAL_AFTER and not self.revealed:
            self._reveal_button.layout.display = ""
        return self._mark(False, text)

    def _hint(self) -> str:
        """The stronger hint given from the second wrong answer (subclasses say more)."""
        return ""

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
            c = Card.parse(card)
        except FiveHundredError as err:
            self._say(err.explanation)
            return None
        shown: Sequence[Card] = getattr(self, "_shown", ())
        if c not in shown:
            self._say(_("{card} is not one of the cards shown.").format(card=c.label))
            return None
        return c


def _higher_text(hi: Bid, low: Bid, index: Mapping[Bid, int]) -> str:
    """Why ``hi`` is the higher bid: its points and its rung on the ladder beside ``low``'s."""
    return _("{high} ({high_points} points) is higher than {low} ({low_points} points): "
             "on the bidding ladder {high} is rung {high_rung} and {low} is rung {low_rung}.").format(
        high=learner.bid_label(hi), high_points=hi.points, low=learner.bid_label(low), low_points=low.points,
        high_rung=index[hi] + 1, low_rung=index[low] + 1)


def _capital(words: str) -> str:
    """A sentence's first word with a capital letter ("misère" starts a sentence as "Misère")."""
    return words[:1].upper() + words[1:]


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
        if len(options) < 2:
            raise ValueError("a multiple-choice question needs at least two options")
        index = correct if isinstance(correct, int) else list(options).index(correct)
        super().__init__(question, exercise_id or f"multiple-choice/{_slug(question)[:60]}")
        self.question = question
        self.options = tuple(options)
        self._correct = index
        self._explanations = dict(explanations or {})
        self._hint_text = hint
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
        if isinstance(option, int) and 0 <= option < len(self.options):
            i = option
        elif isinstance(option, str) and option in self.options:
            i = self.options.index(option)
        else:
            self._say(_("{option} is not one of the answers.").format(option=repr(option)))
            return None
        chosen, right = self.options[i], self.options[self._correct]
        why = self._explanations.get(chosen, "")
        for j, b in enumerate(self._buttons):
            b.button_style = ("success" if i == self._correct else "warning") if j == i else ""
        if i == self._correct:
            return self._mark(True, why or _("The answer is {answer}.").format(answer=right))
        if i not in self._tried:
            self._tried.append(i)
        return self._miss(why or _("{answer} is not the answer.").format(answer=chosen))

    def _hint(self) -> str:
        if self._hint_text:
            return self._hint_text
        left = len(self.options) - len(self._tried)
        return ngettext("You have ruled out {tried}; {n} answer is left.", "You have ruled out {tried}; {n} answers are left.",
                        left).format(tried=", ".join(self.options[i] for i in self._tried), n=left)

    def answer_text(self) -> str:
        right = self.options[self._correct]
        why = self._explanations.get(right, "")
        return f"{right}." + (" " + why if why else "")

    def _clear(self) -> None:
        self._tried = []
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

    def _set_picked(self, cards: str | Iterable[Card | str]) -> bool:
        try:
            chosen = parse_cards(cards)
        except FiveHundredError as err:
            self._say(err.explanation)
            return False
        missing = [c for c in chosen if c not in self._shown]
        if missing:
            self._say(_("{card} is not one of the cards shown.").format(card=missing[0].label))
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
        hint: str = "",
        reasons: Mapping[Card | str, str] | Callable[[Card], str] | None = None,
        more: str = "",
        exercise_id: str | None = None,
    ) -> None:
        """``reasons`` says why each card that does not fit breaks the rule (a mapping or a function of the
        card, from the engine); ``more`` says which rule lets in the cards a learner left out."""
        shown = parse_cards(cards)
        right = parse_cards(correct)
        super().__init__(
            question, exercise_id or f"pick-cards/{_slug(question)[:40]}/{_slug(format_cards(shown))}", shown,
            as_trump(trump), False,
        )
        self.question = question
        self._correct = frozenset(right)
        self._explanation = explanation
        self._hint_text = hint
        if reasons is None or callable(reasons):
            self._reasons: Callable[[Card], str] | None = reasons
        else:
            table = {Card.parse(k): v for k, v in reasons.items()}
            self._reasons = lambda c: table.get(c, "")
        self._more = more
        self._frame(self._picker, w.HBox((self._check, self._clear_btn), layout=w.Layout(grid_gap="8px")))

    def check(self) -> bool | None:
        if not self._picked:
            self._say(_("Pick at least one card first, then press Check."))
            return None
        picked = frozenset(self._picked)
        if picked == self._correct:
            return self._mark(True, self._explanation or _("Those are exactly the right cards."))
        wrong = [c for c in self._shown if c in picked and c not in self._correct]
        if wrong:
            why = self._reasons(wrong[0]) if self._reasons is not None else ""
            if why:
                return self._miss(why)
            return self._miss(ngettext("{cards} does not fit.", "{cards} do not fit.", len(wrong)).format(cards=learner.cards(wrong)))
        if self._more:
            return self._miss(reasons_for.subset_reason(self._picked, self._more))
        return self._miss(_("Those cards fit, but you have left out at least one more."))

    def _hint(self) -> str:
        n = len(self._correct)
        return self._hint_text or ngettext("{n} of these cards fits.", "{n} of these cards fit.", n).format(n=n)

    def answer_text(self) -> str:
        right = learner.cards(c for c in self._shown if c in self._correct)
        return right + "." + (" " + self._explanation if self._explanation else "")

    def __repr__(self) -> str:
        return f"PickCards(cards={format_cards(self._shown)!r}, solved={self.solved})"


# --------------------------------------------------------------------------------------
_NUMBER_RE = re.compile(r"^[+\-−–]?\d{1,7}$")
#: answers bigger than this are certainly typos (a whole game is 500 points)
NUMBER_LIMIT = 100_000


def read_number(text: object) -> int | str:
    """Read a whole number typed by a learner: the number, or a gentle message."""
    if isinstance(text, bool):
        return _("Please type a number.")
    if isinstance(text, int):
        value = text
    else:
        raw = str(text).strip().replace(" ", "").replace(",", "").replace("_", "")
        if raw.endswith(("points", "pts")):
            raw = raw.removesuffix("points").removesuffix("pts")
        if not raw:
            return _("Type a number first, then press Check.")
        if re.fullmatch(r"[+\-−–]?\d+", raw) and not _NUMBER_RE.match(raw):
            return _("That number is far too big for Five Hundred. Scores here are a few hundred at most.")
        if not _NUMBER_RE.match(raw):
            return _("{text} is not a whole number. Type digits, such as 240 or -120.").format(text=repr(str(text).strip()))
        value = int(raw.replace("−", "-").replace("–", "-"))
    if abs(value) > NUMBER_LIMIT:
        return _("That number is far too big for Five Hundred. Scores here are a few hundred at most.")
    return value


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
        super().__init__(question, exercise_id or f"number/{_slug(question)[:60]}")
        self.question = question
        self._correct = correct
        self._explanation = explanation
        self._hint_text = hint
        self._likely: tuple[int, ...] = tuple(n for n in likely if n != correct)
        if reasons is None or callable(reasons):
            self._reasons: Callable[[int], str | None] | None = reasons
        else:
            table = {k: v for k, v in reasons.items() if k != correct}
            self._likely = tuple(table)
            self._reasons = table.get
        self._last_wrong: int | None = None
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
        number = read_number(value)
        if isinstance(number, str):
            self._say(number)
            return None
        return self._judge(number)

    def _judge(self, number: int) -> bool:
        if number == self._correct:
            return self._mark(True, self._explanation or _("{number} is right.").format(number=learner.points(number)))
        self._last_wrong = number
        return self._miss(self._why(number))

    def _why(self, number: int) -> str:
        """What ``number`` would mean (from the engine's reasons), or plainly that it is not the answer."""
        why = self._reasons(number) if self._reasons is not None else None
        return why or _("{number} is not right.").format(number=learner.points(number))

    @property
    def likely_wrong(self) -> tuple[int, ...]:
        """The wrong answers a learner is likely to give, each with its own reason."""
        return self._likely

    def _hint(self) -> str:
        return self._hint_text

    def answer_text(self) -> str:
        return f"{learner.points(self._correct)}." + (" " + self._explanation if self._explanation else "")

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
        self._suit, self._led, self._nominated = suit, led, nominated
        super().__init__(
            _("No trumps. Which card wins this trick?") if suit is None
            else _("{suits} are trumps. Which card wins this trick?").format(suits=_capital(learner.suit(suit))),
            exercise_id or f"which-card-wins/{_slug(format_cards(played))}/{_slug(self._trump_text)}",
        )
        self._cards = played
        self._players = players
        captions = []
        for i in range(len(played)):
            name = learner.seat((self._seat + i) % players, players)
            captions.append(_("{seat} (led)").format(seat=name) if i == 0 else name)
        self._picker = CardButtons(button_class="fh-option", felt=True, group_label=_("the trick, in play order"))
        self._picker.show(played, captions=captions)  # no bower badges: they would name the winner
        self._picker.on_card_click(self._gesture(self._clicked))
        notes = _joker_notes(played, led=led, nominated=nominated)
        hint = w.HTML(
            small_html((notes + " " if notes else "") + _("Cards are shown in the order they were played. Click the card that wins."))
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
            self._say(_("{card} is not in this trick.").format(card=c.label))
            return None
        if c == self.winner:
            self._picker.selected = []
            self._picker.marked = [str(c)]
            return self._mark(True, self._why)
        self._picker.selected = [str(c)]
        return self._miss(self._why_not(c))

    def _led_suit(self) -> Suit | None:
        return self._led if self._led is not None else effective_suit(self._cards[0], self._suit, self._nominated)

    def _why_not(self, c: Card) -> str:
        """Why ``c`` loses, without naming the card that wins."""
        led = self._led_suit()
        role = describe_card(c, self._suit, self._nominated)
        trumps_played = self._suit is not None and any(
            is_trump(x, self._suit) or x.is_joker for x in self._cards
        )
        # Translators: the start of the sentence saying why a card loses the trick ("A♦ does not win: it is the ace of
        # diamonds"); {role} is what the card is here
        head = _("{card} does not win: it is {role}").format(card=c.label, role=role)
        if c.is_joker:
            return _("{head}, yet something here beats it. Look again at what the joker is worth in this hand.").format(head=head)
        if is_trump(c, self._suit):
            return _("{head}, and a higher trump was played to this trick.").format(head=head)
        if led is not None and effective_suit(c, self._suit, self._nominated) is not led:
            return _("{head}, which neither follows the suit led ({suits}) nor is a trump.").format(head=head, suits=learner.suit(led))
        if trumps_played:
            return _("{head}. It follows the suit led, but a trump was played, and any trump beats it.").format(head=head)
        if led is None:
            return _("{head}. It follows the suit led, but a higher card was played.").format(head=head)
        return _("{head}. It follows the suit led, but a higher {suit} was played.").format(
            head=head, suit=learner.suit(led, singular=True))

    def _hint(self) -> str:
        led = self._led_suit()
        if self._suit is not None and any(is_trump(x, self._suit) or x.is_joker for x in self._cards):
            return _("A trump was played, so the highest trump wins. Remember the joker and the two bowers.")
        if any(x.is_joker for x in self._cards):
            return _("The joker is in this trick. What is the joker worth here?")
        if led is None:
            return ""
        return _("No trump was played, so the highest {suit} (the suit led) wins.").format(suit=learner.suit(led, singular=True))

    def answer_text(self) -> str:
        return self._why

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
            _("Which of your cards may you play? Pick all of them, then press Check."),
            exercise_id or f"which-may-you-play/{_slug(format_cards(cards))}/{_slug(format_cards(played))}/{_slug(self._contract_text)}",
            cards,
            suit,
            False,
        )
        trick_html = cards_html(played, width=54) if played else ""
        contract_words = _contract_words(contract)
        notes = _joker_notes(
            played, led=led, nominated=nominated, suits_led=tuple(suits_led), last_trick=last_trick
        )
        self._context = w.HTML(
            small_html(
                _("Contract: {contract}.").format(contract=contract_words) + " " + (notes + " " if notes else "")
                + (_("Trick so far:") if played else _("You are leading."))
            )
            + trick_html
        )
        self._hand_label = w.HTML(small_html(_("Your hand:")))
        self._frame(self._context, self._hand_label, self._picker, w.HBox((self._check, self._clear_btn), layout=w.Layout(grid_gap="8px")))

    @property
    def legal(self) -> tuple[Card, ...]:
        return self._legal

    def _reason(self, card: Card) -> str:
        return explain_play(card, self._shown, self._trick, self._contract, **self._kw).reason

    def check(self) -> bool | None:
        if not self._picked:
            self._say(_("Pick at least one card first, then press Check."))
            return None
        picked = set(self._picked)
        legal = set(self._legal)
        if picked == legal:
            illegal = [c for c in self._shown if c not in legal]
            example = illegal[0] if illegal else self._legal[0]
            return self._mark(True, self._reason(example))
        wrong = [c for c in self._shown if c in picked and c not in legal]
        self._missed = [c for c in self._shown if c in legal and c not in picked]
        if wrong:
            return self._miss(f"You may not play {wrong[0].label}: {self._reason(wrong[0])}")
        illegal = [c for c in self._shown if c not in legal]
        rule = self._reason(illegal[0] if illegal else self._missed[0])
        if any(c.label in rule for c in self._missed):  # the engine's sentence would name a card left out
            rule = "look at every card that follows the suit led, remembering which suit each jack and the joker belong to."
        return self._miss(reasons_for.subset_reason(self._picked, rule))

    def _hint(self) -> str:
        n = len(self._legal)
        head = ngettext("You may play {n} of these {m} cards.", "You may play {n} of these {m} cards.", len(self._shown)).format(
            n=n, m=len(self._shown))
        missed = getattr(self, "_missed", [])
        if missed:
            return _("{head} Look again at {card}.").format(head=head, card=missed[0].label)
        return head

    def answer_text(self) -> str:
        illegal = [c for c in self._shown if c not in self._legal]
        example = illegal[0] if illegal else self._legal[0]
        return _("You may play {cards}.").format(cards=learner.cards(self._legal)) + " " + self._reason(example)

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
        notes.append(_("The contractor nominated the joker as a {suit}.").format(suit=learner.suit(nominated, singular=True)))
    if played and played[0].is_joker and led is not None and nominated is None:
        notes.append(_("The joker was led, naming {suits}.").format(suits=learner.suit(led)))
    if suits_led:
        names = [learner.suit(s if isinstance(s, Suit) else Suit.parse(s)) for s in suits_led]
        notes.append(_("Suits led earlier this hand: {suits}.").format(suits=", ".join(names)))
    if last_trick:
        notes.append(_("This is the last trick."))
    return " ".join(notes)


def _contract_words(contract: Bid | Suit | str | None) -> str:
    if isinstance(contract, (Bid, str)):
        try:
            return learner.bid(contract)
        except NotationError:
            pass
    suit = as_trump(contract)
    return _("no trumps") if suit is None else _("{suits} are trumps").format(suits=learner.suit(suit))


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
                f"no trump suit in {trump!r}", explanation=_("Ordering trumps needs a trump suit, such as hearts.")
            )
        order = trump_order(suit, players)
        shown = parse_cards(cards) if cards is not None else order[:6]
        not_trumps = [c for c in shown if c not in order]
        if not_trumps:
            raise NotationError(
                f"not a trump when {suit.plural} are trumps: {not_trumps[0]}",
                explanation=_("{card} is not a trump when {suits} are trumps.").format(card=not_trumps[0].label, suits=learner.suit(suit)),
            )
        self._suit = suit
        self._shown = shown
        self._correct = tuple(c for c in order if c in shown)
        super().__init__(
            _("{suits} are trumps. Click these trumps from the highest to the lowest.").format(suits=_capital(learner.suit(suit))),
            exercise_id or f"order-trumps/{suit.value}/{_slug(format_cards(shown))}",
        )
        self._sequence: list[Card] = []
        self._picker = CardButtons(button_class="fh-option", group_label=_("trumps to put in order"))
        self._picker.show(shown)  # no bower badges: "R" and "L" would give the top of the order away
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

    def _order_text(self) -> str:
        def named(c: Card) -> str:
            if is_right_bower(c, self._suit):
                return _("{card} (right bower)").format(card=c.label)
            if is_left_bower(c, self._suit):
                return _("{card} (left bower)").format(card=c.label)
            return c.label

        return ", ".join(named(c) for c in self._correct)

    def check(self) -> bool | None:
        if len(self._sequence) < len(self._shown):
            self._say(ngettext("Put all {n} cards in order first ({k} so far).", "Put all {n} cards in order first ({k} so far).",
                               len(self._shown)).format(n=len(self._shown), k=len(self._sequence)))
            return None
        if tuple(self._sequence) == self._correct:
            return self._mark(True, _("Highest first: {order}.").format(order=self._order_text()))
        i = next(k for k, (a, b) in enumerate(zip(self._sequence, self._correct)) if a != b)
        mine = self._sequence[i]
        self._first_wrong = i
        higher = [c for c in self._sequence[i + 1 :] if self._correct.index(c) < self._correct.index(mine)]
        return self._miss(
            f"Place {i + 1} is wrong: {mine.label} is {describe_card(mine, self._suit)}, and "
            f"{learner.cards(higher)} {'beats' if len(higher) == 1 else 'beat'} it."
        )

    def _hint(self) -> str:
        i = getattr(self, "_first_wrong", 0)
        right = self._correct[i]
        return f"Place {i + 1} is {right.label}: {describe_card(right, self._suit)}."

    def answer_text(self) -> str:
        return _("Highest first: {order}.").format(order=self._order_text())

    def answer(self, cards: str | Iterable[Card | str]) -> bool | None:
        """Give the whole order at once (highest first) and press Check."""
        try:
            order = parse_cards(cards)
        except FiveHundredError as err:
            self._say(err.explanation)
            return None
        if sorted(order, key=Card.sort_key) != sorted(self._shown, key=Card.sort_key):
            self._say(_("Use each card shown exactly once."))
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
            raise NotationError(f"the same bid twice: {self._bids[0]}", explanation=_("Give two different bids."))
        self._higher = self._bids[0] if outranks(self._bids[0], self._bids[1], rules) else self._bids[1]
        self._index = {self._bids[0]: ia, self._bids[1]: ib}
        super().__init__(
            _("Which bid is higher?"),
            exercise_id or f"which-bid-higher/{self._bids[0]}/{self._bids[1]}",
        )
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
        try:
            chosen = Bid.parse(bid)
        except FiveHundredError as err:
            self._say(err.explanation)
            return None
        if chosen not in self._bids:
            self._say(_("{bid} is not one of the two bids.").format(bid=chosen.label))
            return None
        low = self._bids[1] if self._higher is self._bids[0] else self._bids[0]
        hi = self._higher
        why = _higher_text(hi, low, self._index)
        self._why = why
        for b, x in zip(self._buttons, self._bids):
            b.button_style = ("success" if x is hi else "warning") if x == chosen else ""
        if chosen == hi:
            return self._mark(True, why)
        return self._miss(
            _("{bid} is not the higher bid.").format(bid=_capital(learner.bid_label(chosen))) + " "
            + reasons_for.higher_bid_reason(chosen, hi, self._rules)
        )

    def _hint(self) -> str:
        a, b = self._bids
        if a.is_misere or b.is_misere:
            return reasons_for.misere_rung_hint(a if a.is_misere else b, self._rules)
        return _("Compare the number of tricks first; only if they are the same, compare the suits.")

    def answer_text(self) -> str:
        return getattr(self, "_why", "") or self._why_text()

    def _why_text(self) -> str:
        hi = self._higher
        low = self._bids[1] if hi is self._bids[0] else self._bids[0]
        return _higher_text(hi, low, self._index)

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
        who = (_("How many points do the contractors score?") if side == "contractors"
               else _("How many points do the defenders score?"))
        words = learner.bid(bid)
        named = words if bid.words == bid.label else f"{words} ({bid.label})"
        question = " ".join((
            _("The contract is {contract}, worth {points}.").format(contract=named, points=bid.points),
            ngettext("The contractors win {n} trick.", "The contractors win {n} tricks.", tricks_won).format(n=tricks_won),
            who,
            _("(Type a minus sign for a loss.)"),
        ))
        super().__init__(
            question, points, explanation=result.reason,
            reasons=lambda n: reasons_for.score_miss(bid, tricks_won, n, side, rules),
            exercise_id=exercise_id or f"score/{bid}/{tricks_won}/{side}",
        )
        self._likely = tuple(reasons_for.score_reasons(bid, tricks_won, side, rules))

    def _judge(self, number: int) -> bool:
        if number == self._correct:
            return self._mark(True, self._explanation)
        self._last_wrong = number
        return self._miss(self._why(number))

    def _hint(self) -> str:
        r = self._result
        if self._last_wrong == -self._correct and self._correct != 0:
            return _("Check the sign: a lost contract is minus, a made one plus.")
        if self._side == "defenders":
            return _("The defenders score 10 for each trick they took, made contract or not.")
        if self._bid.is_misere:
            return _("In misère the contractor must take no tricks at all. Did they?")
        needed = self._bid.tricks
        if r.slam:
            return _("The contractors won every trick. What does a slam score?")
        if r.made:
            return _("The contract needed {needed} tricks and the contractors won {won}, so it was made: "
                     "the contractors score the contract's value, plus.").format(needed=needed, won=self._tricks)
        return _("The contract needed {needed} tricks and the contractors won {won}, so it was lost: "
                 "the contractors score the contract's value, minus.").format(needed=needed, won=self._tricks)

    def __repr__(self) -> str:
        return (
            f"ScoreThisHand(contract={str(self._bid)!r}, tricks_won={self._tricks}, side={self._side!r}, "
            f"solved={self.solved})"
        )
