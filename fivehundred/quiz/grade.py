"""Grading quiz answers against the simulated key, with the reasons in plain words.

Verdicts: ``best``; ``also fine`` (an expected score within
:data:`~fivehundred.analysis.simulation.ALSO_FINE_MARGIN` points of the best);
``too high`` or ``too low`` (by ladder position against the best call; a pass is
the lowest); for discards ``costly``; for a yes/no drill ``wrong``.

The trick counts in the explanations are THE method's
(:func:`fivehundred.analysis.advisor.method_words`), the same words lesson 14
and the advisor give.  A call is never "too high" or "too low" when its
shortfall from the best is within noise (:data:`~fivehundred.analysis.simulation.NOISE_Z`
standard errors of the paired difference): it is "also fine", and the
feedback says the difference is within the sampling noise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from fivehundred.actions import Discard
from fivehundred.analysis.simulation import ALSO_FINE_MARGIN, NOISE_Z, DiscardSimulation, Simulation
from fivehundred.bidding import PASS, Bid, BidKind, Strain, ladder_positions
from fivehundred.feedback import explain_outranks
from fivehundred.cards import JOKER, Card, Rank
from fivehundred import reasons
from fivehundred.errors import FiveHundredError, NotationError, shown
from fivehundred.analysis.advisor import auction_context, count_hand, method_call, method_words, misere_words, open_misere_words
from fivehundred.bidding_method import no_trumps_without_joker
from fivehundred.checks import cards_arg, instance_arg, number_arg
from fivehundred.quiz.bank import CLEAR_LEAD, lead, level_of_lead
from fivehundred.quiz.quiz import Quiz, ladder_answer, level_name, quiz_arg
from fivehundred.round import Phase
from fivehundred.i18n import decimal
from fivehundred.i18n import gettext as _
from fivehundred.i18n import pgettext
from fivehundred.text import bid as bid_words
from fivehundred.text import bid_label, signed
from fivehundred.text import seat as seat_words
from fivehundred.seating import side_of
from fivehundred.trumps import is_trump

__all__ = ["Feedback", "grade", "grade_bid", "grade_discard", "grade_ladder", "lead_words", "plain_level", "VERDICTS", "RIGHT_VERDICTS", "trump_story"]

VERDICTS = ("best", "also fine", "too high", "too low", "costly", "wrong")
#: verdicts that count as a right answer (for streaks and stats)
RIGHT_VERDICTS = ("best", "also fine")


@dataclass(frozen=True)
class Feedback:
    """A graded answer: the verdict, a one-line headline, the explanation and the make-rate per option.

    ``rates`` holds (label, make-rate 0..1, expected points) per simulated
    option, in ladder order (empty for ladder drills); ``answer`` and ``best``
    are labels.
    """

    verdict: str
    answer: str
    best: str
    headline: str
    explanation: str
    rates: tuple[tuple[str, float, float], ...] = ()
    margin: int = ALSO_FINE_MARGIN
    #: sampled deals behind each rate (0: not simulated), for the chart's uncertainty
    samples: int = 0
    #: how the answer was graded, in the grader's terms (standard errors, solver budgets, playouts): shown behind a
    #: "How was this graded?" toggle, never in the explanation itself
    details: str = ""

    def rate_error(self, rate: float) -> float:
        """The standard error of a make-rate over :attr:`samples` deals (0 when not simulated)."""
        return (rate * (1 - rate) / self.samples) ** 0.5 if self.samples else 0.0

    @property
    def right(self) -> bool:
        return self.verdict in RIGHT_VERDICTS

    @property
    def text(self) -> str:
        return f"{self.headline} {self.explanation}"


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _pts(x: float) -> str:
    return signed(round(x))


def trump_story(hand: Iterable[Card], strain: Strain, players: int = 4, context: str = "open") -> str:
    """The method's count in words (:func:`~fivehundred.analysis.advisor.method_words`): the same sentence the lesson and the advisor give."""
    return method_words(count_hand(tuple(hand), strain, context))


def _misere_story(hand: tuple[Card, ...], players: int) -> str:
    return misere_words(hand)


def lead_words(key: Simulation | DiscardSimulation) -> str:
    """How clear the quiz is, measured from its key.

    ``"Level 3 (close call): the best call leads the next by 12 points, 0.8 standard errors: within the sampling noise (under 2)."``
    """
    points, z = lead(key)
    level = level_of_lead(z)
    n = round(points)
    discard = isinstance(key, DiscardSimulation)
    if z == float("inf"):
        why = _("never within the noise")
        if discard:
            by = _("the best discard leads the next by {n} points on every deal").format(n=n)
        else:
            by = _("the best call leads the next by {n} points on every deal").format(n=n)
    else:
        if discard:
            by = _("the best discard leads the next by {n} points, {z} standard errors").format(n=n, z=decimal(z))
        else:
            by = _("the best call leads the next by {n} points, {z} standard errors").format(n=n, z=decimal(z))
        if level == 1:
            why = _("well outside the sampling noise ({clear} or more)").format(clear=_num(CLEAR_LEAD))
        elif level == 2:
            why = _("outside the sampling noise ({noise} or more) but under {clear}").format(noise=_num(NOISE_Z), clear=_num(CLEAR_LEAD))
        else:
            why = _("within the sampling noise (under {noise})").format(noise=_num(NOISE_Z))
    # Translators: "Level 3 (close call): the best call leads the next by 12 points, 0.8 standard errors: within the sampling noise (under 2)."
    return _("Level {level} ({name}): {by}: {why}.").format(level=level, name=level_name(level), by=by, why=why)


def _num(x: float) -> str:
    """A threshold as ``{x:g}`` writes it, with the language's decimal sign."""
    return decimal(x, 0) if x == int(x) else f"{x:g}".replace(".", decimal(0.5)[1])


def plain_level(key: Simulation | DiscardSimulation) -> str:
    """How clear the quiz is, in a learner's words (no statistics): the level and what the evidence says.

    ``"Clear: the best call beats the next best by about 90 points a hand; this is not luck."``
    """
    points, z = lead(key)
    level = level_of_lead(z)
    n = round(points)
    if isinstance(key, DiscardSimulation):
        if z == float("inf"):
            text = _("Clear: the best discard beats the next best by {n} points on every sampled deal; this is not luck.")
        elif level == 1:
            text = _("Clear: the best discard beats the next best by about {n} points a hand; this is not luck.")
        elif level == 2:
            text = _("Moderate: the best discard beats the next best by about {n} points a hand, more than luck would usually "
                     "give, though not by much.")
        else:
            text = _("A close call: the best discard is ahead of the next best by about {n} points a hand, which luck alone "
                     "could give; the calls near it are reasonable too.")
    elif z == float("inf"):
        text = _("Clear: the best call beats the next best by {n} points on every sampled deal; this is not luck.")
    elif level == 1:
        text = _("Clear: the best call beats the next best by about {n} points a hand; this is not luck.")
    elif level == 2:
        text = _("Moderate: the best call beats the next best by about {n} points a hand, more than luck would usually give, "
                 "though not by much.")
    else:
        text = _("A close call: the best call is ahead of the next best by about {n} points a hand, which luck alone could "
                 "give; the calls near it are reasonable too.")
    return text.format(n=n)


def _method_falls_short(method_bid: Bid, count: object, key: Simulation) -> str:
    """Why the method's call loses to the best one on this hand, in words, from the key's own deals."""
    best = key.best
    m = key.outcome(method_bid)
    b_bid = best.bid

    def made(o_bid: Bid) -> str:
        o = key.outcome(o_bid)
        assert o is not None
        # Translators: a part of a sentence: "7♥ made in 9 of 12 (75%)" (of the sampled deals)
        return _("{bid} made in {made} of {n} ({pct})").format(bid=bid_label(o_bid), made=o.made, n=o.samples, pct=_pct(o.make_rate))

    from fivehundred.bidding_method import Count

    if m is None:
        return _("On this hand the method's call was not even among the simulated ones.")
    if method_bid.is_pass and key.follows is not None:
        return _("On this hand the count stops short of a bid, but on these deals {best_made}, {best_points} points on average, "
                 "where passing gives {pass_points}.").format(best_made=made(b_bid), best_points=_pts(best.expected),
                                                            pass_points=_pts(m.expected))
    if method_bid.is_pass:
        return _("On this hand the count stops short of a bid, but on these deals {best_made}, {best_points} points on average, "
                 "where a pass scores nothing.").format(best_made=made(b_bid), best_points=_pts(best.expected))
    if b_bid.is_pass:
        return _("On this hand the count is too hopeful: on these deals {method_made}, and a failed bid loses what it would "
                 "have won, so passing does better.").format(method_made=made(method_bid))
    if isinstance(count, Count) and method_bid.kind is BidKind.TRICKS and b_bid.kind is BidKind.TRICKS and b_bid.strain is method_bid.strain:
        if method_bid.tricks > b_bid.tricks:
            return _("Your count of {total} assumes partner and the kitty bring about {allowance} tricks; on these deals they "
                     "brought fewer: {method_made}, while {best_made}, so the extra level loses more often than it wins.").format(
                total=count.total, allowance=count.allowance, method_made=made(method_bid), best_made=made(b_bid))
        return _("Your count of {total} is cautious on this hand: on these deals {best_made}, often enough that the extra "
                 "level wins more than it loses.").format(total=count.total, best_made=made(b_bid))
    if method_bid.is_misere or b_bid.is_misere:
        return _("On this hand the count misjudges misère: on these deals {method_made} and {best_made}, {method_points} "
                 "against {best_points} points on average.").format(
            method_made=made(method_bid), best_made=made(b_bid), method_points=_pts(m.expected), best_points=_pts(best.expected))
    return _("On this hand the count picks the wrong strain: on these deals {method_made}, while {best_made}, {method_points} "
             "against {best_points} points on average.").format(
        method_made=made(method_bid), best_made=made(b_bid), method_points=_pts(m.expected), best_points=_pts(best.expected))


def _follow_words(key: Simulation, call: Bid, best_call: bool) -> str:
    """What follows ``call`` on the key's deals (basis "what-follows"), in words: the contract the hand is most
    often played in, by whom, how often it makes, and the side's points a hand.

    ``"If you pass, the hand is most often played in 7♠ by East: on 58 of 64 sampled deals, and it makes 36 of them. Your side scores -80 points a hand on average."``
    """
    assert key.follows is not None
    problem = key.problem
    fs = key.follows[call]
    o = key.outcome(call)
    assert o is not None
    n = len(fs)
    finals: dict[tuple[int | None, Bid | None], int] = {}
    for f in fs:
        finals[(f.contractor, f.contract)] = finals.get((f.contractor, f.contract), 0) + 1
    (who, contract), k = max(finals.items(), key=lambda kv: kv[1])
    points = _pts(o.expected)
    if contract is not None and who == problem.seat and contract == call and k == n:
        if best_call:
            text = _("The best call, {bid}, made in {made} of {n} sampled deals ({pct}), {points} points on average.")
        else:
            text = _("Your {bid} made in {made} of {n} sampled deals ({pct}), {points} points on average.")
        return text.format(bid=bid_label(call), made=o.made, n=n, pct=_pct(o.make_rate), points=points)
    if call.is_pass:
        # Translators: the start of a sentence that goes on "the hand is most often played in 7♠ by East: …"
        opening = _("The best call is to pass, and then") if best_call else _("If you pass,")
    elif best_call:
        # Translators: the start of a sentence that goes on "the hand is most often played in 7♠ by East: …"
        opening = _("After the best call, {bid},").format(bid=bid_label(call))
    else:
        # Translators: the start of a sentence that goes on "the hand is most often played in 7♠ by East: …"
        opening = _("After your {bid},").format(bid=bid_label(call))
    if contract is None:
        return _("{opening} everyone passes on {k} of {n} sampled deals and nobody scores. Your side scores {points} points "
                 "a hand on average.").format(opening=opening, k=k, n=n, points=points)
    if who == problem.seat:
        # Translators: who plays the hand, as the subject of "plays" ("… played in 7♥ by you")
        player = pgettext("who plays", "you")
    elif who is not None and side_of(who, problem.rules) == side_of(problem.seat, problem.rules):
        # Translators: who plays the hand, as the subject of "plays" ("… played in 8♥ by your partner")
        player = pgettext("who plays", "your partner")
    else:
        player = seat_words(who, problem.rules.players)
    made = sum(1 for f in fs if (f.contractor, f.contract) == (who, contract) and f.made)
    if k == n:
        # Translators: {opening} is "If you pass," or "After your 7♥,"; {player} is "you", "your partner" or a seat ("East")
        return _("{opening} the hand is played in {contract} by {player} on all {n} sampled deals, and it makes {made} of "
                 "them. Your side scores {points} points a hand on average.").format(
            opening=opening, contract=bid_label(contract), player=player, n=n, made=made, points=points)
    # Translators: {opening} is "If you pass," or "After your 7♥,"; {player} is "you", "your partner" or a seat ("East")
    return _("{opening} the hand is most often played in {contract} by {player}: on {k} of {n} sampled deals, and it makes "
             "{made} of them. Your side scores {points} points a hand on average.").format(
        opening=opening, contract=bid_label(contract), player=player, k=k, n=n, made=made, points=points)


def _position(bid: Bid, positions: dict[Bid, int]) -> int:
    return -1 if bid.is_pass else positions[bid]


def grade_bid(quiz: Quiz, answer: Bid | str, key: Simulation, margin: float = ALSO_FINE_MARGIN) -> Feedback:
    """Grade a call against the simulated key.

    Raises:
        NotationError: the answer is not a bid (for example ``"11H"``).
        IllegalBidError: the bid is not allowed in this auction (the message says why).
        FiveHundredError: the quiz is not a bidding quiz.
        NotationError: ``quiz``, ``key`` or ``margin`` is of the wrong kind.
    """
    quiz = quiz_arg(quiz)
    key = instance_arg(key, Simulation, "key", "use answer_key(quiz, live=True)")
    margin = number_arg(margin, "margin")
    problem = quiz.problem
    if problem is None or quiz.kind not in ("opening", "competing", "misere"):
        raise FiveHundredError(f"{quiz.code} is not a bidding quiz", explanation=reasons.not_a_bidding_quiz())
    bid = problem.check_bid(answer)
    players = problem.rules.players
    positions = ladder_positions(problem.rules)
    best = key.best
    mine = key.outcome(bid)
    noise = False
    if bid == best.bid:
        verdict = "best"
    elif mine is not None and bid in key.also_fine(margin):
        verdict = "also fine"
        noise = best.expected - mine.expected > margin
    else:
        verdict = "too high" if _position(bid, positions) > _position(best.bid, positions) else "too low"
    # the reasons: the method's count, in the method's words
    auction = tuple(problem._filler().auction)
    method_bid, _count = method_call(problem.hand, problem.seat, auction, problem.legal_bids(), rules=problem.rules)
    parts: list[str] = []
    story_strains: list[Strain] = []
    for b in (bid, best.bid, method_bid):
        if b.kind is BidKind.TRICKS and b.strain is not None and b.strain not in story_strains:
            story_strains.append(b.strain)
    if not story_strains and not (bid.is_misere or best.bid.is_misere):
        story_strains.append(_count.strain if _count is not None else Strain.HEARTS)
    has_joker = JOKER in problem.hand
    parts.extend(
        # without the joker the method never counts no trumps: say why, not what it would count
        no_trumps_without_joker() if s is Strain.NO_TRUMPS and not has_joker
        else method_words(count_hand(problem.hand, s, auction_context(problem.seat, auction, s, players, problem.rules)))
        for s in story_strains[:2]
    )
    if bid.is_misere or best.bid.is_misere or method_bid.is_misere:
        parts.append(misere_words(problem.hand))
    if BidKind.OPEN_MISERE in (bid.kind, best.bid.kind, method_bid.kind):
        parts.append(open_misere_words(problem.hand))
    wrong = verdict not in RIGHT_VERDICTS
    if bid == method_bid and wrong:
        parts.append(_("You bid what the method says, {bid}, and on this hand the method falls short.").format(bid=bid_label(method_bid))
                     + " " + _method_falls_short(method_bid, _count, key))
    elif bid == method_bid:
        parts.append(_("The method says {bid} too.").format(bid=bid_label(method_bid)))
    elif method_bid == best.bid:
        parts.append(_("The method says {bid}, the best call here.").format(bid=bid_label(method_bid)))
    else:
        parts.append(_("The method says {bid}.").format(bid=bid_label(method_bid)))
    details: list[str] = []

    def line(o_bid: Bid, best_call: bool) -> str:
        o = key.outcome(o_bid)
        if key.follows is not None:
            return _follow_words(key, o_bid, best_call)
        if o_bid.is_pass:
            return _("The best call, pass scores nothing either way.") if best_call else _("Your pass scores nothing either way.")
        assert o is not None
        if best_call:
            text = _("The best call, {bid}, made in {made} of {n} sampled deals ({pct}), {points} points on average.")
        else:
            text = _("Your {bid} made in {made} of {n} sampled deals ({pct}), {points} points on average.")
        return text.format(bid=bid_label(o_bid), made=o.made, n=o.samples, pct=_pct(o.make_rate), points=_pts(o.expected))

    parts.append(line(best.bid, True))
    if bid != best.bid:
        if mine is not None:
            parts.append(line(bid, False))
            diff, se = key.difference(bid)
            if key.tricks or key.follows is not None:
                parts.append(_("The best call scores about {points} points a hand more.").format(points=_pts(diff).lstrip("+")))
                details.append(
                    _("The best call scores {points} points more on average, give or take {se} (the standard error of "
                      "the paired difference over {n} deals).").format(points=_pts(diff).lstrip("+"), se=round(se), n=best.samples)
                )
        else:
            parts.append(_("Your {bid} was not simulated: the hand does not suit it.").format(bid=bid_label(bid)))
    yours, top = bid_label(bid), bid_label(best.bid)
    if verdict == "best":
        headline = _("Best: {bid}.").format(bid=yours)
    elif verdict == "also fine" and noise:
        headline = _("Also fine: {bid} is behind the best call, {best}, by less than luck alone could give.").format(
            bid=yours, best=top)
    elif verdict == "also fine":
        headline = _("Also fine: {bid} is within {margin} points of the best call, {best}.").format(
            bid=yours, margin=f"{margin:g}", best=top)
    elif verdict == "too high":
        headline = _("Too high: {bid} asks for more than this hand delivers; the best call is {best}.").format(
            bid=yours, best=top)
    else:
        headline = _("Too low: the hand is worth more than {bid}; the best call is {best}.").format(bid=yours, best=top)
    parts.append(plain_level(key))
    if key.follows is not None:
        how = _("After each call the other seats bid by the method and the computer players played the hand out, on the "
                "same {n} sampled deals of the other hands and the kitty.").format(n=best.samples)
    else:
        how = _("Each call was played out on the same {n} sampled deals of the other hands and the kitty.").format(n=best.samples)
    details.insert(0, how + " " + lead_words(key))
    if key.timed_out:
        details.append(_("{timed_out} of {n} deals were settled by a rules-player playout where the double-dummy solver ran "
                         "out of its node budget.").format(timed_out=key.timed_out, n=best.samples))
    shown = _chart_calls(key, (bid, best.bid, method_bid))
    rates = tuple((o.bid.label, o.make_rate if not o.bid.is_pass else 0.0, o.expected) for o in key.outcomes if o.bid in shown)
    return Feedback(verdict, bid.label, best.bid.label, headline, " ".join(parts), rates, int(margin), best.samples,
                    " ".join(details))


def _chart_calls(key: Simulation, marked: Iterable[Bid]) -> set[Bid]:
    """The calls worth a bar: pass, the marked ones, and the levels near them in their strains."""
    marked = tuple(marked)
    out: set[Bid] = {PASS, *marked}
    for m in marked:
        if m.kind is not BidKind.TRICKS:
            continue
        for o in key.outcomes:
            if o.bid.kind is BidKind.TRICKS and o.bid.strain is m.strain and abs(o.bid.tricks - m.tricks) <= 1:
                out.add(o.bid)
    return out


def grade_discard(quiz: Quiz, answer: Discard | str | Iterable[Card | str], key: DiscardSimulation, margin: float = ALSO_FINE_MARGIN) -> Feedback:
    """Grade a discard against the simulated candidates.

    A discard the simulation did not try is matched by what it keeps: if it
    throws the joker, a trump or a side ace it is ``costly``; if it keeps them
    all, as the best discard does, it is ``also fine``.

    Raises:
        NotationError: a card does not parse.
        IllegalPlayError: not exactly 3 different cards from the hand and kitty (the message says why).
        FiveHundredError: the quiz is not a kitty quiz.
        NotationError: ``quiz``, ``key`` or ``margin`` is of the wrong kind.
    """
    quiz = quiz_arg(quiz)
    key = instance_arg(key, DiscardSimulation, "key", "use answer_key(quiz, live=True)")
    margin = number_arg(margin, "margin")
    problem = quiz.problem
    if problem is None or quiz.kind != "kitty" or quiz.contract is None:
        raise FiveHundredError(f"{quiz.code} is not a kitty quiz", explanation=reasons.not_a_kitty_quiz())
    if isinstance(answer, Discard):
        cards = answer.cards
    elif isinstance(answer, str):
        cards = Discard.parse(answer).cards if answer.strip() else ()
    else:
        cards = cards_arg(answer, "discard")
    r = problem.deal(list(quiz.others), quiz.kitty)
    r.apply(quiz.contract)
    while r.phase is Phase.AUCTION:
        r.apply(PASS)
    raw = Discard(tuple(cards))
    r.check(raw)  # raises IllegalPlayError: "You must discard exactly 3 cards, not 2."
    d = Discard.of(cards)
    trump = quiz.contract.trump
    best = key.best
    mine = next((o for o in key.outcomes if o.discard == d), None)
    fine = list(key.also_fine(margin))

    def costly_cards(disc: Discard) -> list[Card]:
        return [c for c in disc.cards if c.is_joker or is_trump(c, trump) or c.rank is Rank.ACE]

    parts: list[str] = [trump_story([*problem.hand, *quiz.kitty], Strain.from_suit(trump))]
    lost = costly_cards(d)
    if mine is not None:
        verdict = "best" if d == best.discard else ("also fine" if d in fine else "costly")
    elif lost:
        verdict = "costly"
    else:
        verdict = "also fine" if not costly_cards(best.discard) else "costly"
    labels = " ".join(c.label for c in d.cards)
    best_labels = " ".join(c.label for c in best.discard.cards)
    if lost:
        parts.append(_("Your discard throws {cards}: trumps, the joker and aces are the cards that take tricks.").format(
            cards=", ".join(c.label for c in lost)))
    parts.append(_("The best discard, {cards}, made {bid} in {made} of {n} sampled deals ({pct}).").format(
        cards=best_labels, bid=bid_label(quiz.contract), made=best.made, n=best.samples, pct=_pct(best.make_rate)))
    if mine is not None and d != best.discard:
        parts.append(_("Yours made it in {made} of {n} ({pct}).").format(made=mine.made, n=mine.samples, pct=_pct(mine.make_rate)))
    elif mine is None:
        parts.append(_("The simulation did not try your exact discard; it is judged by the cards it keeps."))
    details = ""
    if key.per_deal:
        parts.append(plain_level(key))
        details = _("Each discard was played out on the same {n} sampled deals.").format(n=best.samples) + " " + lead_words(key)
    if verdict == "best":
        headline = _("Best: discard {cards}.").format(cards=labels)
    elif verdict == "also fine":
        headline = _("Also fine: discard {cards}.").format(cards=labels)
    else:
        headline = _("Costly: discarding {cards} gives away tricks; the best discard is {best}.").format(cards=labels, best=best_labels)
    rates = tuple((" ".join(c.label for c in o.discard.cards), o.make_rate, o.expected) for o in key.outcomes)
    return Feedback(verdict, labels, best_labels, headline, " ".join(parts), rates, int(margin), best.samples, details)


def _yes_no(answer: object) -> bool:
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str) and answer.strip().lower() in ("yes", "y", "true", "no", "n", "false"):
        return answer.strip().lower() in ("yes", "y", "true")
    raise NotationError(f"not a yes/no answer: {shown(answer)}", explanation=reasons.answer_yes_or_no())


def grade_ladder(quiz: Quiz, answer: Bid | str | int | bool) -> Feedback:
    """Grade a ladder drill; the right answer comes from the engine (:func:`ladder_answer`).

    Raises:
        NotationError: the answer does not parse (not a bid, not a number, not yes/no).
        IllegalBidError: the bid is not on this ladder.
        FiveHundredError: the quiz is not a ladder drill.
        NotationError: ``quiz`` is not a quiz.
    """
    from fivehundred.bidding import ladder_index

    quiz = quiz_arg(quiz)
    right = ladder_answer(quiz)
    subject = quiz.subject
    assert subject is not None
    if quiz.drill == "outrank":
        assert isinstance(right, Bid)
        if not isinstance(answer, (Bid, str)):
            raise NotationError(f"not a bid: {shown(answer)}", explanation=reasons.answer_with_a_bid())
        bid = Bid.parse(answer)
        if bid.is_pass:
            raise NotationError("a pass is not on the ladder", explanation=reasons.pass_not_on_ladder())
        ladder_index(bid)  # raises IllegalBidError for a bid these rules don't have
        why = explain_outranks(right, subject)
        if bid == right:
            return Feedback("best", bid.label, right.label, _("Right: {bid}.").format(bid=bid_label(right)), why)
        verdict = "too high" if ladder_index(bid) > ladder_index(right) else "too low"
        extra = "" if bid == subject else (" " + explain_outranks(bid, subject) if ladder_index(bid) < ladder_index(subject) else "")
        return Feedback(verdict, bid.label, right.label,
                        _("Not quite: the cheapest bid over {bid} is {right}.").format(bid=bid_label(subject), right=bid_label(right)),
                        why + extra)
    if quiz.drill == "worth":
        assert isinstance(right, int)
        if isinstance(answer, bool) or not isinstance(answer, (int, str)):
            raise NotationError(f"not a number: {shown(answer)}", explanation=reasons.answer_with_points())
        try:
            n = int(str(answer).strip())
        except ValueError:
            raise NotationError(f"not a number: {shown(answer)}", explanation=reasons.not_a_number_of_points(shown(answer))) from None
        why = _("{bid} is worth {points} points on the scoring table.").format(bid=bid_words(subject).capitalize(), points=right)
        if n == right:
            return Feedback("best", str(n), str(right), _("Right: {points} points.").format(points=right), why)
        return Feedback("too high" if n > right else "too low", str(n), str(right),
                        _("Not quite: {bid} is worth {points}.").format(bid=bid_label(subject), points=right), why)
    yes = _yes_no(answer)
    assert isinstance(right, bool)
    from fivehundred.analysis.simulation import BiddingProblem
    from fivehundred.cards import pack

    problem = BiddingProblem.make([c for c in pack(4) if c is not JOKER][:10], dealer=0, auction=quiz.auction)
    if right:
        why = _("Misère is among the calls the rules allow the next player now.")
    else:
        try:
            problem.check_bid("MIS")
            why = ""  # pragma: no cover
        except FiveHundredError as err:
            why = err.explanation
    word = "Yes" if right else "No"
    if yes == right:
        return Feedback("best", "yes" if yes else "no", word.lower(), _("Right: yes.") if right else _("Right: no."), why)
    return Feedback("wrong", "yes" if yes else "no", word.lower(),
                    _("Not quite: the answer is yes.") if right else _("Not quite: the answer is no."), why)


def grade(quiz: Quiz, answer: object, key: Simulation | DiscardSimulation | None = None, margin: float = ALSO_FINE_MARGIN) -> Feedback:
    """Grade any quiz (``key`` is required for the simulated kinds).

    Raises:
        FiveHundredError: bad input (see the kind's grader) or a missing key.
    """
    quiz = quiz_arg(quiz)
    if quiz.kind == "ladder":
        return grade_ladder(quiz, answer)  # type: ignore[arg-type]
    if key is None:
        raise FiveHundredError(f"{quiz.code}: no answer key (not in the bank; simulate it live)",
                               explanation=reasons.quiz_not_in_bank())
    if quiz.kind == "kitty":
        if not isinstance(key, DiscardSimulation):
            raise FiveHundredError(f"{quiz.code}: the key is not a discard simulation")
        return grade_discard(quiz, answer, key, margin)  # type: ignore[arg-type]
    if not isinstance(key, Simulation):
        raise FiveHundredError(f"{quiz.code}: the key is not a bidding simulation")
    return grade_bid(quiz, answer, key, margin)  # type: ignore[arg-type]

