"""Exercise models: each question's facts and its judgement of an answer, with no widget.

Every exercise kind of the course (``widgets/exercises.py`` draws them) has a model here that holds the
question and judges an answer: ``judge(answer, attempt=n)`` returns a :class:`Feedback`.  The help is a
ladder, the same for every kind:

* a right answer: ``why`` it is right;
* the first wrong answer: ``why`` *that* answer is wrong, without naming the right one;
* from the second wrong answer (``attempt=2``): a stronger ``hint`` too, and the ``answer`` is offered
  (a view shows it only when the learner asks for it, never unasked);
* an answer the model cannot take (a card not shown, text that is not a number) raises an
  :class:`~fivehundred.errors.AnswerError` (or the parser's :class:`~fivehundred.errors.NotationError`)
  whose ``explanation`` a view shows; it is not an attempt, and the model never changes.

``attempt`` is the wrong answers so far plus one (a view counts them; the models keep no history).

>>> m = TrickWinnerModel("10H JD AH 5S", "H")
>>> fb = m.judge("AH")
>>> fb.verdict, fb.why
('wrong', 'A♥ does not win: it is the ace of trumps, and a higher trump was played to this trick.')
>>> fb.hint, fb.answer
('', '')
>>> m.judge("AH", attempt=2).hint
'A trump was played, so the highest trump wins. Remember the joker and the two bowers.'
>>> m.judge("JD").right
True

Every sentence is in the kernel's language (:func:`fivehundred.i18n.use`); the examples are the English.

This module is pure Python: no widgets, no IPython.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Literal, Mapping, Sequence

from fivehundred import feedback as reasons_for
from fivehundred import reasons as refusal  # (``reasons`` names a model's own wrong-answer reasons here)
from fivehundred import text as learner
from fivehundred.bidding import Bid, ladder_index, outranks
from fivehundred.cards import Card, Suit, parse_cards
from fivehundred.errors import AnswerError, NotationError, shown
from fivehundred.i18n import gettext as _
from fivehundred.i18n import ngettext
from fivehundred.play import explain_play, legal_cards, play_rules
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import HandScore, score_hand
from fivehundred.seating import parse_seat
from fivehundred.trick import as_trump, describe_card, explain_trick_winner, trick_winner
from fivehundred.trumps import effective_suit, is_left_bower, is_right_bower, is_trump, trump_order

__all__ = [
    "Verdict",
    "Feedback",
    "HINT_FROM",
    "REVEAL_AFTER",
    "NUMBER_LIMIT",
    "read_number",
    "shown_card",
    "shown_cards",
    "joker_notes",
    "contract_words",
    "NumberModel",
    "ScoreModel",
    "ChoiceModel",
    "CardPickModel",
    "PlayableModel",
    "TrickWinnerModel",
    "TrumpOrderModel",
    "HigherBidModel",
]

Verdict = Literal["right", "wrong", "invalid"]
#: the wrong answer (counting from 1) from which a hint follows the reason
HINT_FROM = 2
#: the wrong answer from which the answer is offered (behind a "Show the answer" button)
REVEAL_AFTER = 2


@dataclass(frozen=True)
class Feedback:
    """A judgement of one answer.

    ``why`` is the reason for this answer (right: why it is right; wrong: what is wrong with it;
    invalid: why it could not be taken); ``hint`` the stronger hint of a later miss; ``answer`` the
    right answer with its reason, offered from the :data:`REVEAL_AFTER`-th miss and shown only when asked
    for (it is never part of :attr:`text`).
    """

    verdict: Verdict
    why: str = ""
    hint: str = ""
    answer: str = ""

    @property
    def right(self) -> bool:
        return self.verdict == "right"

    @property
    def text(self) -> str:
        """What a view shows now: the reason, then the hint (never the answer)."""
        if not self.hint:
            return self.why
        if self.why:
            return _("{text} Hint: {hint}").format(text=self.why, hint=self.hint)
        return _("Hint: {hint}").format(hint=self.hint)

    @classmethod
    def invalid(cls, explanation: str) -> Feedback:
        """An answer that could not be taken (not an attempt): ``explanation`` says why."""
        return cls("invalid", explanation)


def _attempt(attempt: object) -> int:
    if isinstance(attempt, bool) or not isinstance(attempt, int) or attempt < 1:
        raise AnswerError(f"attempt must be a whole number from 1: {shown(attempt)}")
    return attempt


def _capital(words: str) -> str:
    """A sentence's first word with a capital letter ("misère" starts a sentence as "Misère")."""
    return words[:1].upper() + words[1:]


def _cards_arg(cards: object) -> tuple[Card, ...]:
    return tuple(parse_cards(cards))  # type: ignore[arg-type]  # parse_cards checks its input and raises


class _Model:
    """The ladder every kind shares; a kind says how to read an answer and what to say about it."""

    question: str

    def _read(self, answer: Any) -> Any:
        raise NotImplementedError

    def _is_right(self, value: Any) -> bool:
        raise NotImplementedError

    def _right_why(self, value: Any) -> str:
        raise NotImplementedError

    def _wrong_why(self, value: Any) -> str:
        raise NotImplementedError

    def _hint(self, value: Any) -> str:
        return ""

    def answer_text(self) -> str:
        """The right answer with its reason (what a view shows when the learner asks for it)."""
        raise NotImplementedError

    def _ladder(self, value: Any, attempt: int) -> Feedback:
        if self._is_right(value):
            return Feedback("right", self._right_why(value))
        why = self._wrong_why(value)
        hint = self._hint(value) if attempt >= HINT_FROM else ""
        return Feedback("wrong", why, hint, self.answer_text() if attempt >= REVEAL_AFTER else "")

    def judge(self, answer: Any, *, attempt: int = 1) -> Feedback:
        """Judge ``answer``, the learner's ``attempt``-th try (wrong answers so far plus one).

        Raises:
            AnswerError: ``answer`` is not one this exercise can take (or ``attempt`` is not 1 or more);
            NotationError: text that is not a card or a bid.
        """
        n = _attempt(attempt)
        return self._ladder(self._read(answer), n)


# ---------------------------------------------------------------------------------------------- numbers
_NUMBER_RE = re.compile(r"^[+\-−–]?\d{1,7}$")
#: answers bigger than this are certainly typos (a whole game is 500 points)
NUMBER_LIMIT = 100_000


def read_number(text: object) -> int | str:
    """Read a whole number typed by a learner: the number, or a gentle message.

    >>> read_number(" −120 points"), read_number("1,000")
    (-120, 1000)
    >>> read_number("abc")
    "'abc' is not a whole number. Type digits, such as 240 or -120."
    """
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


class NumberModel(_Model):
    """Type a whole number.

    ``reasons`` says what a wrong number would mean or what it counted wrongly: a mapping of the likely
    wrong answers (from :mod:`fivehundred.feedback`) or a function of the number (then ``likely`` lists the
    wrong answers a learner is likely to give).

    >>> m = NumberModel("How many cards?", 43, reasons={52: "52 is the ordinary pack."})
    >>> m.judge("52").why, m.judge(40).why, m.judge(43).why
    ('52 is the ordinary pack.', '40 is not right.', '43 is right.')
    """

    def __init__(
        self,
        question: str,
        correct: int,
        *,
        explanation: str = "",
        hint: str = "",
        reasons: Mapping[int, str] | Callable[[int], str | None] | None = None,
        likely: Sequence[int] = (),
    ) -> None:
        self.question = question
        self.correct = correct
        self.explanation = explanation
        self._hint_text = hint
        self._likely: tuple[int, ...] = tuple(n for n in likely if n != correct)
        if reasons is None or callable(reasons):
            self._reasons: Callable[[int], str | None] | None = reasons
        else:
            table = {k: v for k, v in reasons.items() if k != correct}
            self._likely = tuple(table)
            self._reasons = table.get

    @property
    def likely_wrong(self) -> tuple[int, ...]:
        """The wrong answers a learner is likely to give, each with its own reason."""
        return self._likely

    def _read(self, answer: Any) -> int:
        number = read_number(answer)
        if isinstance(number, str):
            raise AnswerError(f"not a whole number: {shown(answer)}", explanation=number)
        return number

    def _is_right(self, value: int) -> bool:
        return value == self.correct

    def _right_why(self, value: int) -> str:
        return self.explanation or _("{number} is right.").format(number=learner.points(value))

    def _wrong_why(self, value: int) -> str:
        """What ``value`` would mean (from the engine's reasons), or plainly that it is not the answer."""
        why = self._reasons(value) if self._reasons is not None else None
        return why or _("{number} is not right.").format(number=learner.points(value))

    def _hint(self, value: int) -> str:
        return self._hint_text

    def answer_text(self) -> str:
        return f"{learner.points(self.correct)}." + (" " + self.explanation if self.explanation else "")


class ScoreModel(NumberModel):
    """How many points does a side score?  ``score_hand`` decides and explains.

    >>> m = ScoreModel("7H", 5)
    >>> m.correct, m.judge(200, attempt=2).hint
    (-200, 'Check the sign: a lost contract is minus, a made one plus.')

    Raises:
        NotationError: ``side`` is not ``"contractors"`` or ``"defenders"``, or the contract is not a bid.
    """

    def __init__(self, contract: Bid | str, tricks_won: int, *, side: str = "contractors", rules: Rules = AUSTRALIAN) -> None:
        if side not in ("contractors", "defenders"):
            raise NotationError(f"no side {side!r} (contractors or defenders)")
        bid = Bid.parse(contract)
        result = score_hand(bid, tricks_won, rules=rules)
        self.bid = bid
        self.tricks = tricks_won
        self.side = side
        self.result: HandScore = result
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
        )
        self._likely = tuple(reasons_for.score_reasons(bid, tricks_won, side, rules))

    def _right_why(self, value: int) -> str:
        return self.explanation

    def _hint(self, value: int) -> str:
        r = self.result
        if value == -self.correct and self.correct != 0:
            return _("Check the sign: a lost contract is minus, a made one plus.")
        if self.side == "defenders":
            return _("The defenders score 10 for each trick they took, made contract or not.")
        if self.bid.is_misere:
            return _("In misère the contractor must take no tricks at all. Did they?")
        needed = self.bid.tricks
        if r.slam:
            return _("The contractors won every trick. What does a slam score?")
        if r.made:
            return _("The contract needed {needed} tricks and the contractors won {won}, so it was made: "
                     "the contractors score the contract's value, plus.").format(needed=needed, won=self.tricks)
        return _("The contract needed {needed} tricks and the contractors won {won}, so it was lost: "
                 "the contractors score the contract's value, minus.").format(needed=needed, won=self.tricks)


# ---------------------------------------------------------------------------------------------- one of a few
class ChoiceModel(_Model):
    """A question with a few answers, one of them right (the author supplies it).

    ``explanations`` may give a sentence per option, shown when it is chosen (so a wrong option's sentence
    must not name the right one).  ``hint`` is the stronger hint for the second wrong answer; without it the
    hint lists the options ruled out so far (``judge(..., ruled_out=...)``: the wrong options chosen before).

    Raises:
        ValueError: fewer than two options, or ``correct`` is not one of them.
    """

    def __init__(
        self,
        question: str,
        options: Sequence[str],
        correct: str | int,
        *,
        explanations: Mapping[str, str] | None = None,
        hint: str = "",
    ) -> None:
        if len(options) < 2:
            raise ValueError("a multiple-choice question needs at least two options")
        self.question = question
        self.options = tuple(options)
        self.correct = correct if isinstance(correct, int) else self.options.index(correct)
        self._explanations = dict(explanations or {})
        self._hint_text = hint

    def index(self, option: object) -> int:
        """The position of ``option`` (its text or its position, 0 first).

        Raises:
            AnswerError: not one of the options.
        """
        if isinstance(option, int) and 0 <= option < len(self.options):
            return option
        if isinstance(option, str) and option in self.options:
            return self.options.index(option)
        raise AnswerError(f"not one of the options: {shown(option)}",
                          explanation=refusal.not_one_of_the_answers(repr(option)))

    def judge(self, answer: Any, *, attempt: int = 1, ruled_out: Iterable[Any] = ()) -> Feedback:
        """Judge the option ``answer`` (its text or position); ``ruled_out``: the wrong options chosen before.

        Raises:
            AnswerError: ``answer`` or one of ``ruled_out`` is not one of the options (or a ruled-out option is
                the right one), or ``attempt`` is not 1 or more.
        """
        n = _attempt(attempt)
        i = self.index(answer)
        earlier = [self.index(x) for x in ruled_out]
        if self.correct in earlier:
            raise AnswerError(f"the right option cannot be ruled out: {shown(self.options[self.correct])}")
        tried = tuple(dict.fromkeys(earlier + ([i] if i != self.correct else [])))
        return self._ladder((i, tried), n)

    def _is_right(self, value: tuple[int, tuple[int, ...]]) -> bool:
        return value[0] == self.correct

    def _right_why(self, value: tuple[int, tuple[int, ...]]) -> str:
        return self._explanations.get(self.options[value[0]], "") or _("The answer is {answer}.").format(
            answer=self.options[self.correct])

    def _wrong_why(self, value: tuple[int, tuple[int, ...]]) -> str:
        chosen = self.options[value[0]]
        return self._explanations.get(chosen, "") or _("{answer} is not the answer.").format(answer=chosen)

    def _hint(self, value: tuple[int, tuple[int, ...]]) -> str:
        if self._hint_text:
            return self._hint_text
        tried = value[1]
        left = len(self.options) - len(tried)
        return ngettext("You have ruled out {tried}; {n} answer is left.", "You have ruled out {tried}; {n} answers are left.",
                        left).format(tried=", ".join(self.options[i] for i in tried), n=left)

    def answer_text(self) -> str:
        right = self.options[self.correct]
        why = self._explanations.get(right, "")
        return f"{right}." + (" " + why if why else "")


# ---------------------------------------------------------------------------------------------- cards
def shown_card(card: object, cards: Sequence[Card]) -> Card:
    """The card ``card`` names, if it is one of ``cards`` (those an exercise shows).

    Raises:
        NotationError: not a card;
        AnswerError: a card that is not shown.
    """
    c = Card.parse(card)  # type: ignore[arg-type]  # Card.parse checks its input and raises
    if c not in cards:
        raise AnswerError(f"not one of the cards shown: {c}",
                          explanation=refusal.card_not_shown(c.label))
    return c


def shown_cards(cards: object, shown_: Sequence[Card]) -> tuple[Card, ...]:
    """The cards ``cards`` names, each once, in the order given; each must be one of ``shown_`` (none is fine).

    Raises:
        NotationError: text that is not a list of cards;
        AnswerError: a card that is not shown.
    """
    chosen = _cards_arg(cards)
    missing = [c for c in chosen if c not in shown_]
    if missing:
        raise AnswerError(f"not one of the cards shown: {missing[0]}",
                          explanation=refusal.card_not_shown(missing[0].label))
    return tuple(dict.fromkeys(chosen))


def _picked(cards: object, shown_: Sequence[Card]) -> tuple[Card, ...]:
    """The cards picked (:func:`shown_cards`), at least one."""
    chosen = shown_cards(cards, shown_)
    if not chosen:
        raise AnswerError("no card picked", explanation=refusal.pick_a_card_first())
    return chosen


class CardPickModel(_Model):
    """Pick every card that fits (the author supplies the right set).

    ``reasons`` says why each card that does not fit breaks the rule (a mapping or a function of the card,
    from the engine); ``more`` says which rule lets in the cards a learner left out.
    """

    def __init__(
        self,
        question: str,
        cards: str | Iterable[Card | str],
        correct: str | Iterable[Card | str],
        *,
        explanation: str = "",
        hint: str = "",
        reasons: Mapping[Card | str, str] | Callable[[Card], str] | None = None,
        more: str = "",
    ) -> None:
        self.question = question
        self.shown = _cards_arg(cards)
        self.correct = frozenset(_cards_arg(correct))
        self.explanation = explanation
        self._hint_text = hint
        if reasons is None or callable(reasons):
            self._reasons: Callable[[Card], str] | None = reasons
        else:
            table = {Card.parse(k): v for k, v in reasons.items()}
            self._reasons = lambda c: table.get(c, "")
        self._more = more

    def _read(self, answer: Any) -> tuple[Card, ...]:
        return _picked(answer, self.shown)

    def _is_right(self, value: tuple[Card, ...]) -> bool:
        return frozenset(value) == self.correct

    def _right_why(self, value: tuple[Card, ...]) -> str:
        return self.explanation or _("Those are exactly the right cards.")

    def _wrong_why(self, value: tuple[Card, ...]) -> str:
        picked = frozenset(value)
        wrong = [c for c in self.shown if c in picked and c not in self.correct]
        if wrong:
            why = self._reasons(wrong[0]) if self._reasons is not None else ""
            if why:
                return why
            return ngettext("{cards} does not fit.", "{cards} do not fit.", len(wrong)).format(cards=learner.cards(wrong))
        if self._more:
            return reasons_for.subset_reason(value, self._more)
        return _("Those cards fit, but you have left out at least one more.")

    def _hint(self, value: tuple[Card, ...]) -> str:
        n = len(self.correct)
        return self._hint_text or ngettext("{n} of these cards fits.", "{n} of these cards fit.", n).format(n=n)

    def answer_text(self) -> str:
        right = learner.cards(c for c in self.shown if c in self.correct)
        return right + "." + (" " + self.explanation if self.explanation else "")


def joker_notes(
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


def contract_words(contract: Bid | Suit | str | None) -> str:
    """A contract or a trump suit in words: "seven hearts", "hearts are trumps", "no trumps"."""
    if isinstance(contract, (Bid, str)):
        try:
            return learner.bid(contract)
        except NotationError:
            pass
    suit = as_trump(contract)
    return _("no trumps") if suit is None else _("{suits} are trumps").format(suits=learner.suit(suit))


class PlayableModel(_Model):
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
    ) -> None:
        self.shown = _cards_arg(hand)
        self.trick = _cards_arg(trick)
        self.contract = contract
        self._kw: dict[str, Any] = dict(
            led=led, suits_led=tuple(suits_led), nominated=nominated, last_trick=last_trick, rules=rules
        )
        self.legal = legal_cards(self.shown, self.trick, contract, **self._kw)
        self.trump = play_rules(contract, rules=rules).trump  # the engine's trump: none in no trumps or misère
        self.question = _("Which of your cards may you play? Pick all of them, then press Check.")
        notes = joker_notes(self.trick, led=led, nominated=nominated, suits_led=self._kw["suits_led"], last_trick=last_trick)
        #: what the learner is told above the hand: the contract, the joker facts, the trick so far
        self.context = (_("Contract: {contract}.").format(contract=contract_words(contract)) + " "
                        + (notes + " " if notes else "") + (_("Trick so far:") if self.trick else _("You are leading.")))

    def reason(self, card: Card) -> str:
        """The engine's sentence on whether ``card`` may be played here, and why."""
        return explain_play(card, self.shown, self.trick, self.contract, **self._kw).reason

    def _read(self, answer: Any) -> tuple[Card, ...]:
        return _picked(answer, self.shown)

    def _is_right(self, value: tuple[Card, ...]) -> bool:
        return set(value) == set(self.legal)

    def _example(self) -> Card:
        illegal = [c for c in self.shown if c not in self.legal]
        return illegal[0] if illegal else self.legal[0]

    def _right_why(self, value: tuple[Card, ...]) -> str:
        return self.reason(self._example())

    def _missed(self, value: tuple[Card, ...]) -> list[Card]:
        return [c for c in self.shown if c in self.legal and c not in value]

    def _wrong_why(self, value: tuple[Card, ...]) -> str:
        wrong = [c for c in self.shown if c in value and c not in self.legal]
        if wrong:
            # Translators: {reason} is the engine's sentence on why the card may not be played
            return _("You may not play {card}: {reason}").format(card=wrong[0].label, reason=self.reason(wrong[0]))
        missed = self._missed(value)
        illegal = [c for c in self.shown if c not in self.legal]
        rule = self.reason(illegal[0] if illegal else missed[0])
        if any(c.label in rule for c in missed):  # the engine's sentence would name a card left out
            rule = _("look at every card that follows the suit led, remembering which suit each jack and the joker belong to.")
        return reasons_for.subset_reason(value, rule)

    def _hint(self, value: tuple[Card, ...]) -> str:
        n = len(self.legal)
        head = ngettext("You may play {n} of these {m} cards.", "You may play {n} of these {m} cards.", len(self.shown)).format(
            n=n, m=len(self.shown))
        missed = self._missed(value)
        if missed:
            return _("{head} Look again at {card}.").format(head=head, card=missed[0].label)
        return head

    def answer_text(self) -> str:
        return _("You may play {cards}.").format(cards=learner.cards(self.legal)) + " " + self.reason(self._example())


class TrickWinnerModel(_Model):
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
    ) -> None:
        played = _cards_arg(cards)
        self.cards = played
        self.seat = parse_seat(leader, players)
        self.players = players
        self._winner = trick_winner(played, trump, led=led, nominated=nominated)
        self._why = explain_trick_winner(played, trump, led=led, nominated=nominated)
        suit = as_trump(trump)
        self.trump, self.led, self.nominated = suit, led, nominated
        self.question = (_("No trumps. Which card wins this trick?") if suit is None
                         else _("{suits} are trumps. Which card wins this trick?").format(suits=_capital(learner.suit(suit))))
        notes = joker_notes(played, led=led, nominated=nominated)
        #: what the learner is told above the trick
        self.instructions = (notes + " " if notes else "") + _("Cards are shown in the order they were played. Click the card that wins.")
        names = [learner.seat((self.seat + i) % players, players) for i in range(len(played))]
        #: each card's caption: the seat that played it, the leader marked
        self.captions = tuple(_("{seat} (led)").format(seat=name) if i == 0 else name for i, name in enumerate(names))

    @property
    def winner(self) -> Card:
        return self.cards[self._winner]

    def _read(self, answer: Any) -> Card:
        c = Card.parse(answer)
        if c not in self.cards:
            raise AnswerError(f"not in this trick: {c}", explanation=refusal.card_not_in_trick(c.label))
        return c

    def _is_right(self, value: Card) -> bool:
        return value == self.winner

    def _right_why(self, value: Card) -> str:
        return self._why

    def _led_suit(self) -> Suit | None:
        return self.led if self.led is not None else effective_suit(self.cards[0], self.trump, self.nominated)

    def _trumps_played(self) -> bool:
        return self.trump is not None and any(is_trump(x, self.trump) or x.is_joker for x in self.cards)

    def _wrong_why(self, c: Card) -> str:
        """Why ``c`` loses, without naming the card that wins."""
        led = self._led_suit()
        facts = dict(card=c.label, role=describe_card(c, self.trump, self.nominated))
        if c.is_joker:
            # Translators: {role} is what the card is in this hand ("the joker (the highest trump)")
            return _("{card} does not win: it is {role}, yet something here beats it. "
                     "Look again at what the joker is worth in this hand.").format(**facts)
        if is_trump(c, self.trump):
            return _("{card} does not win: it is {role}, and a higher trump was played to this trick.").format(**facts)
        if led is not None and effective_suit(c, self.trump, self.nominated) is not led:
            # Translators: {suit} is the suit led ("clubs")
            return _("{card} does not win: it is {role}, which neither follows the suit led ({suit}) nor is a trump.").format(
                suit=learner.suit(led), **facts)
        if self._trumps_played():
            return _("{card} does not win: it is {role}. It follows the suit led, but a trump was played, "
                     "and any trump beats it.").format(**facts)
        if led is None:
            return _("{card} does not win: it is {role}. It follows the suit led, but a higher card was played.").format(**facts)
        # Translators: {suit_one} is one card's suit ("club")
        return _("{card} does not win: it is {role}. It follows the suit led, but a higher {suit_one} was played.").format(
            suit_one=learner.suit(led, singular=True), **facts)

    def _hint(self, value: Card) -> str:
        led = self._led_suit()
        if self._trumps_played():
            return _("A trump was played, so the highest trump wins. Remember the joker and the two bowers.")
        if any(x.is_joker for x in self.cards):
            return _("The joker is in this trick. What is the joker worth here?")
        if led is None:
            return ""
        return _("No trump was played, so the highest {suit} (the suit led) wins.").format(suit=learner.suit(led, singular=True))

    def answer_text(self) -> str:
        return self._why


class TrumpOrderModel(_Model):
    """Put these trumps in order, highest first (``trump_order`` decides).

    Raises:
        NotationError: no trump suit in ``trump``, or a card shown that is not a trump.
    """

    def __init__(self, trump: Suit | Bid | str, cards: str | Iterable[Card | str] | None = None, *, players: int = 4) -> None:
        suit = as_trump(trump)
        if suit is None:
            raise NotationError(
                f"no trump suit in {trump!r}", explanation=refusal.trump_order_needs_trumps()
            )
        order = trump_order(suit, players)
        shown_cards = _cards_arg(cards) if cards is not None else tuple(order[:6])
        not_trumps = [c for c in shown_cards if c not in order]
        if not_trumps:
            raise NotationError(
                f"not a trump when {suit.plural} are trumps: {not_trumps[0]}",
                explanation=refusal.not_a_trump(not_trumps[0].label, learner.suit(suit)),
            )
        self.suit = suit
        self.shown = shown_cards
        self.correct = tuple(c for c in order if c in shown_cards)
        self.question = _("{suits} are trumps. Click these trumps from the highest to the lowest.").format(
            suits=_capital(learner.suit(suit)))

    def unfinished(self, placed: int) -> str:
        """What to say when Check is pressed with only ``placed`` of the cards in order."""
        return ngettext("Put all {n} cards in order first ({k} so far).", "Put all {n} cards in order first ({k} so far).",
                        len(self.shown)).format(n=len(self.shown), k=placed)

    def _read(self, answer: Any) -> tuple[Card, ...]:
        order = _cards_arg(answer)
        if sorted(order, key=Card.sort_key) != sorted(self.shown, key=Card.sort_key):
            raise AnswerError(f"not each card shown exactly once: {shown(answer)}",
                              explanation=refusal.use_each_card_once())
        return order

    def _order_text(self) -> str:
        def named(c: Card) -> str:
            if is_right_bower(c, self.suit):
                return _("{card} (right bower)").format(card=c.label)
            if is_left_bower(c, self.suit):
                return _("{card} (left bower)").format(card=c.label)
            return c.label

        return ", ".join(named(c) for c in self.correct)

    def _is_right(self, value: tuple[Card, ...]) -> bool:
        return value == self.correct

    def _right_why(self, value: tuple[Card, ...]) -> str:
        return _("Highest first: {order}.").format(order=self._order_text())

    def _first_wrong(self, value: tuple[Card, ...]) -> int:
        return next(k for k, (a, b) in enumerate(zip(value, self.correct)) if a != b)

    def _wrong_why(self, value: tuple[Card, ...]) -> str:
        i = self._first_wrong(value)
        mine = value[i]
        higher = [c for c in value[i + 1 :] if self.correct.index(c) < self.correct.index(mine)]
        # Translators: {n} is a place in the order (1 is the highest), {role} what the card is ("the ace of trumps"),
        # {cards} the cards placed below it that beat it
        return ngettext("Place {n} is wrong: {card} is {role}, and {cards} beats it.",
                        "Place {n} is wrong: {card} is {role}, and {cards} beat it.", len(higher)).format(
            n=i + 1, card=mine.label, role=describe_card(mine, self.suit), cards=learner.cards(higher))

    def _hint(self, value: tuple[Card, ...]) -> str:
        i = self._first_wrong(value)
        right = self.correct[i]
        return _("Place {n} is {card}: {role}.").format(n=i + 1, card=right.label, role=describe_card(right, self.suit))

    def answer_text(self) -> str:
        return _("Highest first: {order}.").format(order=self._order_text())


# ---------------------------------------------------------------------------------------------- bids
class HigherBidModel(_Model):
    """Which of two bids is higher?  Judged by the engine's ladder (``outranks``), never by points.

    Raises:
        NotationError: a bid that does not parse, or the same bid twice.
    """

    def __init__(self, a: Bid | str, b: Bid | str, *, rules: Rules | None = None) -> None:
        self.bids = (Bid.parse(a), Bid.parse(b))
        self.rules = rules
        ia, ib = (ladder_index(x, rules) for x in self.bids)
        if ia == ib:
            raise NotationError(f"the same bid twice: {self.bids[0]}", explanation=refusal.give_two_different_bids())
        self.higher = self.bids[0] if outranks(self.bids[0], self.bids[1], rules) else self.bids[1]
        self.lower = self.bids[1] if self.higher is self.bids[0] else self.bids[0]
        self._index = {self.bids[0]: ia, self.bids[1]: ib}
        self.question = _("Which bid is higher?")

    def _read(self, answer: Any) -> Bid:
        chosen = Bid.parse(answer)
        if chosen not in self.bids:
            raise AnswerError(f"not one of the two bids: {chosen}",
                              explanation=refusal.bid_not_one_of_two(chosen.label))
        return chosen

    def _is_right(self, value: Bid) -> bool:
        return value == self.higher

    def _right_why(self, value: Bid) -> str:
        return self.answer_text()

    def _wrong_why(self, value: Bid) -> str:
        return (_("{bid} is not the higher bid.").format(bid=_capital(learner.bid_label(value))) + " "
                + reasons_for.higher_bid_reason(value, self.higher, self.rules))

    def _hint(self, value: Bid) -> str:
        a, b = self.bids
        if a.is_misere or b.is_misere:
            return reasons_for.misere_rung_hint(a if a.is_misere else b, self.rules)
        return _("Compare the number of tricks first; only if they are the same, compare the suits.")

    def answer_text(self) -> str:
        """Why the higher bid is higher: its points and its rung on the ladder beside the other's."""
        hi, low, index = self.higher, self.lower, self._index
        return _("{high} ({high_points} points) is higher than {low} ({low_points} points): "
                 "on the bidding ladder {high} is rung {high_rung} and {low} is rung {low_rung}.").format(
            high=learner.bid_label(hi), high_points=hi.points, low=learner.bid_label(low), low_points=low.points,
            high_rung=index[hi] + 1, low_rung=index[low] + 1)

