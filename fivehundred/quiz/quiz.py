"""Quizzes: seeded, constrained deals for bidding practice, each reproducible from a short share code.

A share code is a kind letter, a level digit and a seed: ``"O2-17"`` is
opening-bid quiz 17 at level 2.  The same code always gives the same quiz.

Kinds: ``opening`` (O), ``competing`` (C), ``misere`` (M), ``kitty`` (K) and
``ladder`` (L, drills on the bidding ladder).  Levels: 1 clear, 2 moderate,
3 a close call.

>>> q = make_quiz("O1-3")
>>> q.kind, q.level, q.seed, q.code
('opening', 1, 3, 'O1-3')
>>> q.constraint.holds(q.problem.hand)
True
>>> make_quiz("O1-3").problem == q.problem
True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from fivehundred.actions import Discard
from fivehundred.analysis.simulation import BiddingProblem, fits_auction
from fivehundred.bidding import PASS, Bid, BidKind, Strain, bid_points, ladder
from fivehundred.cards import JOKER, Card, pack
from fivehundred.checks import instance_arg, rules_arg
from fivehundred import reasons
from fivehundred.errors import FiveHundredError, NotationError, shown
from fivehundred.bounds import bounded_text
from fivehundred.i18n import N_
from fivehundred.i18n import gettext as _
from fivehundred.i18n import pgettext
from fivehundred.limits import MAX_WORD_CHARS
from fivehundred.players.rules_player import RulesPlayer
from fivehundred.quiz.constraints import CONSTRAINTS, Constraint, best_suit
from fivehundred.round import Phase
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.text import bid_label
from fivehundred.trumps import is_trump

__all__ = ["LEARNER_SEAT", "Quiz", "KINDS", "LEVELS", "LEVEL_CONSTRAINTS", "DRILLS", "make_quiz", "generate", "parse_code", "quiz_code",
           "level_name"]

#: quiz kinds and their share-code letters
KINDS: dict[str, str] = {"opening": "O", "competing": "C", "misere": "M", "kitty": "K", "ladder": "L"}
_LETTERS = {v: k for k, v in KINDS.items()}
#: difficulty levels, in words (English, kept as data: :func:`level_name` gives them in the learner's language)
LEVELS: dict[int, str] = {1: "clear", 2: "moderate", 3: "close call"}
#: which hand constraints each kind draws from at each level
LEVEL_CONSTRAINTS: dict[str, dict[int, tuple[str, ...]]] = {
    "opening": {1: ("joker_and_five", "weak"), 2: ("joker_and_four",), 3: ("two_bowers_no_joker", "joker_short_trumps")},
    "competing": {1: ("joker_and_five", "weak"), 2: ("joker_and_four",), 3: ("two_bowers_no_joker", "joker_short_trumps")},
    "misere": {1: ("misere_clear",), 2: ("misere_doubtful",), 3: ("misere_risky",)},
    "kitty": {1: ("strong_for_kitty",), 2: ("strong_for_kitty", "medium_for_kitty"), 3: ("medium_for_kitty",)},
}
#: the ladder drills
DRILLS: dict[str, str] = {
    "outrank": "the cheapest bid that outranks a bid",
    "worth": "what a bid is worth",
    "misere_now": "whether misère may be bid now",
}
#: the learner's seat in every quiz: South
LEARNER_SEAT = 2
_CODE_RE = re.compile(r"^\s*([A-Za-z])([1-3])-(\d{1,9})\s*$")
_MAX_TRIES = 100_000
_RULES = AUSTRALIAN


def level_name(level: int) -> str:
    """A quiz level's name in the kernel's language: ``clear``, ``moderate``, ``close call`` (:data:`LEVELS` in English)."""
    # Translators: how clear a quiz's answer is, shown as "level 3 (close call)"
    return {
        1: pgettext("quiz level", "clear"),
        2: pgettext("quiz level", "moderate"),
        3: pgettext("quiz level", "close call"),
    }[level]


def quiz_code(kind: str, level: int, seed: int) -> str:
    """The share code for a quiz.

    Raises:
        FiveHundredError: unknown kind, a level other than 1 to 3, or a negative seed.
    """
    if not isinstance(kind, str) or kind not in KINDS:
        raise FiveHundredError(
            f"no quiz kind {shown(kind)} (kinds: {', '.join(KINDS)})",
            explanation=reasons.no_quiz_kind(shown(kind)),
        )
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise FiveHundredError(f"no quiz level {shown(level)} (levels 1 to 3)", explanation=reasons.quiz_levels())
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0 or seed >= 10**9:
        raise FiveHundredError(f"a quiz seed is a whole number from 0 to 999999999, not {shown(seed)}",
                              explanation=reasons.quiz_number_range())
    return f"{KINDS[kind]}{level}-{seed}"


def parse_code(code: str) -> tuple[str, int, int]:
    """Read a share code into (kind, level, seed).

    Raises:
        NotationError: not a share code.
    """
    m = _CODE_RE.match(bounded_text(code, N_("a quiz code"), MAX_WORD_CHARS)) if isinstance(code, str) else None
    if m is None or m.group(1).upper() not in _LETTERS:
        raise NotationError(
            f"not a quiz code: {shown(code)} (a kind letter O C M K L, a level 1-3, a dash and a number, like 'O2-17')",
            explanation=reasons.not_a_quiz_code(shown(code)),
        )
    return _LETTERS[m.group(1).upper()], int(m.group(2)), int(m.group(3))


@dataclass(frozen=True)
class Quiz:
    """One quiz: what the learner is shown and what is being asked.

    Bidding kinds carry a :class:`BiddingProblem`; the kitty kind adds the kitty
    and the contract won; ladder drills carry the drill, its subject bid and
    (for "misère now") the auction.
    """

    kind: str
    level: int
    seed: int
    problem: BiddingProblem | None = None
    constraint: Constraint | None = None
    kitty: tuple[Card, ...] = ()
    contract: Bid | None = None
    drill: str = ""
    subject: Bid | None = None
    auction: tuple[Bid, ...] = ()
    others: tuple[tuple[Card, ...], ...] = field(default=(), repr=False, compare=False)

    @property
    def code(self) -> str:
        return quiz_code(self.kind, self.level, self.seed)

    @property
    def simulated(self) -> bool:
        """Whether the answer key comes from simulation (every kind but the ladder drills)."""
        return self.kind != "ladder"

    @property
    def question(self) -> str:
        """The question in plain words."""
        if self.kind == "ladder":
            assert self.subject is not None
            if self.drill == "outrank":
                return _("What is the cheapest bid that outranks {bid}?").format(bid=bid_label(self.subject))
            if self.drill == "worth":
                return _("How many points is {bid} worth?").format(bid=bid_label(self.subject))
            # Translators: {calls} is the calls so far, joined by ", " ("6♠, pass"), or "no calls yet"
            calls = ", ".join(bid_label(b) for b in self.auction) or _("no calls yet")
            return _("The calls so far: {calls}. May the next player bid misère now?").format(calls=calls)
        if self.kind == "kitty":
            assert self.contract is not None
            return _("You won the auction with {bid}. Here is the kitty: pick 3 cards to discard.").format(
                bid=bid_label(self.contract))
        if self.kind == "misere":
            return _("Misère, open misère, or a normal bid (or pass)? Make your call.")
        return _("What do you call?")

    def discard_candidates(self) -> tuple[Discard, ...]:
        """The discards the answer key simulates (kitty quizzes): the rules player's and principled alternatives."""
        if self.kind != "kitty" or self.problem is None or self.contract is None:
            return ()
        return _discard_candidates(self.problem.hand, self.kitty, self.contract)

    def __repr__(self) -> str:
        return f"make_quiz({self.code!r})"


def _auction_for(kind: str, rng: random.Random) -> list[Bid]:
    if kind == "opening":
        return [PASS] * rng.randrange(3)
    n = rng.randint(1, 3)
    at = rng.randrange(n)
    suits = [Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS]
    strain = rng.choice(suits)
    level = 7 if kind == "misere" else rng.choice((6, 6, 7))
    calls = [PASS] * n
    calls[at] = Bid.parse(f"{level}{strain.value}")
    return calls


def _deal(kind: str, level: int, rng: random.Random) -> tuple[BiddingProblem, Constraint, list[list[Card]], list[Card]]:
    constraint = CONSTRAINTS[rng.choice(LEVEL_CONSTRAINTS[kind][level])]
    rng.randrange(_RULES.players)  # (the dealer was drawn here once; kept so every code keeps its deal)
    auction = _auction_for(kind, rng)
    cards = list(pack(_RULES.players))
    # one seat: the learner is always South, as at the table; the deal rotates, not the learner
    seat = LEARNER_SEAT
    dealer = (seat - 1 - len(auction)) % _RULES.players
    for _try in range(_MAX_TRIES):
        rng.shuffle(cards)
        hand = cards[:10]
        if not constraint.holds(hand):
            continue
        others = [cards[10:20], cards[20:30], cards[30:40]]
        by_seat = {(seat + 1 + k) % 4: others[k] for k in range(3)}
        problem = BiddingProblem.make(hand, dealer=dealer, auction=auction, rules=_RULES)
        if fits_auction(problem, by_seat):
            return problem, constraint, others, cards[40:43]
    raise FiveHundredError(f"no deal found for constraint {shown(constraint.name)}")  # pragma: no cover


def _kitty_contract(hand: list[Card], level: int) -> Bid:
    suit = best_suit(hand)
    return Bid.parse(f"{7 if level == 1 else 8}{suit.value}")


def _discard_candidates(hand: tuple[Card, ...], kitty: tuple[Card, ...], contract: Bid) -> tuple[Discard, ...]:
    trump = contract.trump
    cards = [*hand, *kitty]
    problem = BiddingProblem.make(hand, dealer=(3 - 0) % 4, rules=_RULES)
    # the rules player's own choice, read from a round where it won the bid
    rest = [c for c in pack(4) if c not in cards]
    r = problem.deal([rest[0:10], rest[10:20], rest[20:30]], kitty)
    r.apply(contract)
    while r.phase is Phase.AUCTION:
        r.apply(PASS)
    seat = r.to_act
    assert seat is not None
    rules_choice = RulesPlayer().choose(r.view(seat))
    assert isinstance(rules_choice, Discard)
    side = sorted((c for c in cards if not c.is_joker and not is_trump(c, trump)), key=lambda c: (c.rank, c.suit.order if c.suit is not None else 0))
    trumps = sorted((c for c in cards if not c.is_joker and is_trump(c, trump)), key=lambda c: (c.rank, c.suit.order if c.suit is not None else 0))
    out: list[Discard] = [rules_choice]
    if len(side) >= 3:
        out.append(Discard.of(side[:3]))  # the three lowest side cards, voids or not
    low_trumps = trumps[:2]
    if low_trumps and side:
        out.append(Discard.of([*low_trumps, *side[: 3 - len(low_trumps)]]))  # gives up trumps to keep side cards
    seen: list[Discard] = []
    for d in out:
        if d not in seen and len(d.cards) == 3:
            seen.append(d)
    return tuple(seen[:3])


_OUTRANK_POOLS = {1: ("6S", "6H", "7S", "7D", "6NT", "7C"), 2: ("7H", "7NT", "MIS", "8S", "6NT"), 3: ("10S", "10C", "10D", "OMIS", "9NT")}
_WORTH_POOLS = {1: ("6S", "6H", "7S", "7C", "7D"), 2: ("8H", "7NT", "MIS", "8NT", "9S"), 3: ("10H", "OMIS", "10NT", "9D", "10S")}
_MISERE_AUCTIONS = {
    1: (("6S",), ("7H",), ("6D", "PASS"), ("7C", "PASS")),
    2: (("6H", "7S"), ("6NT", "PASS", "PASS"), ("PASS", "6C"), ("PASS", "7D", "8S")),
    3: (("7S", "PASS", "8H"), ("6S", "6NT", "7C"), ("PASS", "PASS", "6H"), ("7NT",)),
}


def _ladder_quiz(level: int, seed: int, rng: random.Random) -> Quiz:
    drill = rng.choice(tuple(DRILLS))
    if drill == "outrank":
        return Quiz("ladder", level, seed, drill=drill, subject=Bid.parse(rng.choice(_OUTRANK_POOLS[level])))
    if drill == "worth":
        return Quiz("ladder", level, seed, drill=drill, subject=Bid.parse(rng.choice(_WORTH_POOLS[level])))
    calls = tuple(Bid.parse(b) for b in rng.choice(_MISERE_AUCTIONS[level]))
    return Quiz("ladder", level, seed, drill=drill, subject=Bid.parse("MIS"), auction=calls)


def generate(kind: str, level: int, seed: int) -> Quiz:
    """The quiz for (kind, level, seed): the same arguments always give the same quiz.

    Raises:
        FiveHundredError: unknown kind, a level other than 1 to 3, or a bad seed.
    """
    quiz_code(kind, level, seed)  # validates
    rng = random.Random(f"fivehundred-quiz/{kind}/{level}/{seed}")
    if kind == "ladder":
        return _ladder_quiz(level, seed, rng)
    problem, constraint, others, kitty = _deal(kind, level, rng)
    if kind == "kitty":
        contract = _kitty_contract(list(problem.hand), level)
        # the kitty quiz is an opening win: whoever holds the hand bids first
        problem = BiddingProblem.make(problem.hand, dealer=(problem.seat - 1) % 4, rules=_RULES)
        return Quiz(kind, level, seed, problem, constraint, tuple(kitty), contract, others=tuple(map(tuple, others)))
    return Quiz(kind, level, seed, problem, constraint, others=tuple(map(tuple, others)))


def make_quiz(code: str) -> Quiz:
    """The quiz a share code stands for.

    Raises:
        NotationError: not a share code.
    """
    kind, level, seed = parse_code(code)
    return generate(kind, level, seed)


def ladder_answer(quiz: Quiz, rules: Rules = _RULES) -> Bid | int | bool:
    """The right answer to a ladder drill, from the engine (:func:`~fivehundred.bidding.ladder`, bid points, the auction rules).

    Raises:
        FiveHundredError: the quiz is not a ladder drill.
        NotationError: ``quiz`` is not a quiz, or ``rules`` not rules.
    """
    quiz = quiz_arg(quiz)
    rules = rules_arg(rules)
    if quiz.kind != "ladder" or quiz.subject is None:
        raise FiveHundredError(f"{quiz.code} is not a ladder drill", explanation=reasons.not_a_ladder_drill())
    if quiz.drill == "outrank":
        rungs = ladder(rules)
        return rungs[rungs.index(quiz.subject) + 1]
    if quiz.drill == "worth":
        return bid_points(quiz.subject)
    problem = BiddingProblem.make(_any_hand(), dealer=0, auction=quiz.auction, rules=rules)
    return any(b.kind is BidKind.MISERE for b in problem.legal_bids())


def quiz_arg(value: object) -> Quiz:
    """The check on every quiz entry point's ``quiz`` argument."""
    return instance_arg(value, Quiz, "quiz", "use make_quiz(code), such as make_quiz('O1-1')")


def _any_hand() -> tuple[Card, ...]:
    return tuple(c for c in pack(4) if c is not JOKER)[:10]


__all__ += ["ladder_answer"]
