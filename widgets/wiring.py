"""The wiring: the one widget module that meets the computer players and the analysis.

Every other module of the widget layer draws and forwards gestures; the choices a table
makes come from :mod:`fivehundred.session` (the controller) and the players and analysis
named here.  ``tests/widgets/test_architecture.py`` checks that no other widget module
imports :mod:`fivehundred.players`, :mod:`fivehundred.analysis` or :mod:`fivehundred.library`.

* free play: the difficulty levels (:data:`LEVELS`, :func:`make_player`, from
  :mod:`fivehundred.analysis.levels`), :func:`review_hand` and :class:`Review`;
* guided hands: the sample-hand library (:func:`guide_for`, :func:`line_players`, ...);
* live quiz grading: :class:`SearchCancelled` (a cancelled simulation);
* the gallery: :func:`play_out` (a seeded hand played to the end by random players).
"""

from __future__ import annotations

from fivehundred.analysis.coach import LadderHints
from fivehundred.analysis.grading import GRADES, GradedPlay, review_cards
from fivehundred.analysis.levels import EXPERT_BUDGET, LEVELS, Level, level_arg, make_player, partner_levels, strongest_partner
from fivehundred.analysis.solver import SearchCancelled
from fivehundred.i18n import N_, _, ngettext
from fivehundred.library import HAND_IDS, Guide, LinePlayer, guide_for, load_hand
from fivehundred.library import Review as GuideReview
from fivehundred.players import Player, RandomPlayer, RulesPlayer, play_hand
from fivehundred.round import Round

__all__ = ["LEVELS", "grade_word", "Level", "level_arg", "partner_levels", "strongest_partner", "STRENGTHS", "make_player", "Review", "review_hand", "GRADES", "GradedPlay", "SEARCH_BUDGET",
           "REVIEW_BUDGET", "REVIEW_TRICKS", "HAND_IDS", "Guide", "GuideReview", "guide_for", "load_hand",
           "line_players", "play_out", "Player", "RulesPlayer", "LadderHints", "SearchCancelled"]

#: the level menu, weakest first: key -> label (from the engine's table)
STRENGTHS: dict[str, str] = {level.key: level.label for level in LEVELS}

#: seconds the Expert player may think about one card (its p95 is measured by bench/freeplay.py)
SEARCH_BUDGET = EXPERT_BUDGET

#: positions the review may search for one card (counted, not timed, so a reload reviews the same cards);
#: with the computer players bidding by the method, 2 million left one early card of 3 hands in 40 ungraded
#: (seeds 2, 13, 18); 8 million grades every card of those 40, the slowest whole review 1.44 s CPU (loaded);
#: 50,000 left early cards of 1 hand in 10 "too long to check" (issue 27)
REVIEW_NODES = 8_000_000

#: seconds the review may spend on one card's double-dummy search (a whole hand's review:
#: median 0.2 s, max 0.42 s over 30 hands, with about 9 cards in 10 graded; /tmp figures in the closing note)
REVIEW_BUDGET = 0.1

#: the review grades cards played with this many tricks or fewer to go (10: every card)
REVIEW_TRICKS = 10

class Review:
    """The graded review of one finished hand: your graded cards and the sentences to show."""

    def __init__(self, hand_number: int, graded: tuple[GradedPlay, ...], note: str = "") -> None:
        self.hand_number = hand_number
        self.graded = graded
        self.note = note

    @property
    def counts(self) -> dict[str, int]:
        """How many of your graded cards got each grade."""
        out = {g: 0 for g in GRADES}
        for g in self.graded:
            if g.grade is not None:
                out[g.grade] += 1
        return out

    @property
    def worst(self) -> tuple[GradedPlay, ...]:
        """Your costliest cards, worst first (as :func:`~fivehundred.analysis.grading.worst_moments` orders them)."""
        bad = [g for g in self.graded if g.grade is not None and g.grade != "best"]
        bad.sort(key=lambda g: (-GRADES.index(g.grade or "best"), -g.points_lost, -g.tricks_lost, g.trick))
        return tuple(bad[:3])

    def moments(self) -> tuple[str, ...]:
        """One sentence for each of your worst moments, in plain words."""
        out = []
        for g in self.worst:
            better = _or([p.card.label for p in g.best]) or _("another card")
            tricks = ngettext("{n} trick", "{n} tricks", g.tricks_lost).format(n=g.tricks_lost)
            # Translators: what a card cost: "2 tricks, 40 points"
            cost = _("{tricks}, {points} points").format(tricks=tricks, points=g.points_lost) if g.points_lost else tricks
            # Translators: {better} is one or more cards ("10♦ or J♥"), or the words "another card"
            why = g.reason or _("{better} kept the best result.").format(better=better)
            out.append(_("Trick {trick}: you played {card}, {grade}: it cost {cost}. {why}").format(
                trick=g.trick, card=g.play.card.label, grade=_article(g.grade), cost=cost, why=why))
        return tuple(out)

    def summary(self) -> str:
        """A sentence on the whole hand."""
        if self.note:
            return self.note
        graded = [g for g in self.graded if g.grade is not None]
        if not graded:
            return _("None of your cards could be graded this time (the search ran out of time).")
        counts = self.counts
        # Translators: how many cards got a grade: "9 best", "1 mistake" (the grade's word as the review's list shows it)
        parts = [_("{n} {grade}").format(n=n, grade=grade_word(name))
                 for name, n in counts.items() if n]
        head = _("{n} of your cards were checked against perfect play with all hands in view: {counts}.").format(
            n=len(graded), counts=", ".join(parts))
        missed = len(self.graded) - len(graded)
        if missed:
            head += " " + ngettext("{n} early card took too long to check.", "{n} early cards took too long to check.",
                                   missed).format(n=missed)
        if counts["best"] == len(graded):
            head += " " + _("Every one kept the best result your side could get.")
        return head

    def text(self) -> str:
        """The whole review as plain text (summary, then the worst moments)."""
        return " ".join((self.summary(), *self.moments()))


#: the grades' words in the review's counts (the same words as free play's list of cards)
_GRADE_WORDS = {"best": N_("best"), "good": N_("good"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
                "blunder": N_("blunder")}
#: a grade as the review's sentence names a card ("you played 10♦, a mistake")
_ARTICLES = {"good": N_("a good card"), "inaccuracy": N_("an inaccuracy"), "mistake": N_("a mistake"), "blunder": N_("a blunder")}


def grade_word(grade: str | None) -> str:
    """A card's grade in words, as the reviews' lists show it (the key itself if this list does not name it)."""
    if not grade:
        return _("not checked")
    return _(_GRADE_WORDS[grade]) if grade in _GRADE_WORDS else grade


def _article(grade: str | None) -> str:
    return _(_ARTICLES[grade]) if grade in _ARTICLES else (grade or "")


def _or(cards: list[str]) -> str:
    """Cards joined with "or": "10♦", "10♦ or J♥", "10♦ or J♥ or Q♥"."""
    out = cards[0] if cards else ""
    for card in cards[1:]:
        # Translators: two cards, or a list of them and one more, either of which would have done ("10♦ or J♥")
        out = _("{cards} or {card}").format(cards=out, card=card)
    return out


def review_hand(r: Round, hand_number: int, *, time_budget: float = REVIEW_BUDGET, seat: int = 2) -> Review:
    """Grade every card you (``seat``: South by default) played in the finished hand ``r``, each with its reason.

    The review has no time limit, so it is the same on every run and after a reload
    (:func:`fivehundred.analysis.grading.review_cards`; a per-card budget once turned "9 checked,
    8 best" into "8 checked, 7 best"). ``time_budget`` 0 switches the review off (tests that play
    many hands); other values are accepted for old callers.
    """
    if time_budget is not None and time_budget <= 0:
        return Review(hand_number, (), _("The review is switched off at this table."))
    if r.contract is None:
        return Review(hand_number, (), _("Everyone passed, so the hand was thrown in: nothing to review."))
    if seat in r.sitting_out:
        return Review(hand_number, (), _("You sat out this hand while the contractor played misère alone."))
    if r.players != 4:
        return Review(hand_number, (), _("The review checks 4-player hands only (its search is built for four)."))
    mine = review_cards(r, {seat}, max_tricks_left=REVIEW_TRICKS, node_budget=REVIEW_NODES)
    rev = Review(hand_number, mine)
    if not mine:
        rev.note = _("Your cards were all played early in the hand, before the review starts checking.")
    return rev


def line_players(guide: Guide, learner: int) -> dict[int, Player]:
    """The computer seats of a guided hand: each follows the intended line while the hand is on it."""
    return {s: LinePlayer(guide.hand) for s in range(guide.hand.final.players) if s != learner}


def play_out(r: Round, seed: int = 0) -> Round:
    """Play ``r`` to the end with random players (seeded); returns it."""
    play_hand(r, [RandomPlayer(seed=seed + s) for s in range(r.players)])
    return r
