"""Grading against a key that scores every call by what follows (basis "what-follows", issue #23): the feedback
says what the hand is played in after the learner's call, by whom, how often it makes and what the side scores."""

from __future__ import annotations

from fivehundred import Bid
from fivehundred.analysis.simulation import BiddingProblem, Follow, Simulation, _follow_outcomes, follow_value
from fivehundred.quiz import grade
from fivehundred.quiz.quiz import Quiz

STRONG = "JK JH JD AH 10H 9H AS 7C 6C 5S"
WEAK = "AC KC 5S 8D 9D QD 6H 7H 5C 8S"


def _key(problem: BiddingProblem, finals: dict[str, list[tuple[int | None, str | None, int]]]) -> Simulation:
    """A hand-made key: per call, on each deal, the final contract's seat and bid and the contracting side's tricks."""
    follows = {
        Bid.parse(call): tuple(
            Follow(seat, None if bid is None else Bid.parse(bid), t,
                   follow_value(problem.rules, problem.seat, seat, None if bid is None else Bid.parse(bid), t))
            for seat, bid, t in deals)
        for call, deals in finals.items()
    }
    bids = tuple(follows)
    return Simulation(problem, "t", _follow_outcomes(problem.seat, bids, follows), {}, {}, 0, 0, True, 0.0, "what-follows", None, follows)


# South (seat 2) after East's 7♠ (dealer North): on four deals
FINALS: dict[str, list[tuple[int | None, str | None, int]]] = {
    # East's 7♠ is played every time: 7, 8, 6 and 7 tricks for East–West
    "PASS": [(1, "7S", 7), (1, "7S", 8), (1, "7S", 6), (1, "7S", 7)],
    # South's 7♥ is played three times (7, 8, 6 tricks); once West bids on to 8♠ and makes it with 8
    "7H": [(2, "7H", 7), (2, "7H", 8), (2, "7H", 6), (3, "8S", 8)],
    # South's 8♥ is played every time: 8, 8, 7, 9 tricks
    "8H": [(2, "8H", 8), (2, "8H", 8), (2, "8H", 7), (2, "8H", 9)],
}
# by the scoring table: a pass gives -(140-30), -(140-20), +(140+40), -(140-30): -40 a hand on average;
# 7♥ gives 200-30, 200-20, -200-40 and -(240-20): -27.5; 8♥ gives 300-20, 300-20, -300-30, 300-10: +130


def _quiz(hand: str) -> Quiz:
    return Quiz("competing", 2, 0, BiddingProblem.make(hand, dealer=0, auction=["7S"]))


def test_the_values_are_the_scoring_tables() -> None:
    q = _quiz(STRONG)
    assert q.problem is not None
    key = _key(q.problem, FINALS)
    assert key.scores("PASS") == (-110, -120, 180, -110)
    assert key.scores("7H") == (170, 180, -240, -220)
    assert key.scores("8H") == (280, 280, -330, 290)
    assert key.best.bid == Bid.parse("8H") and key.best.expected == 130
    assert key.outcome("7H").made == 2  # type: ignore[union-attr]  # its own contract made twice; once it was outbid


def test_a_pass_reads_the_opponents_outcome() -> None:
    q = _quiz(STRONG)
    assert q.problem is not None
    fb = grade(q, "PASS", _key(q.problem, FINALS))
    assert fb.verdict in ("too low", "also fine")  # four deals: the 170 points may be within noise
    assert ("If you pass, the hand is played in 7♠ by East on all 4 sampled deals, and it makes 3 of them. "
            "Your side scores −40 points a hand on average.") in fb.explanation
    assert "The best call scores about 170 points a hand more." in fb.explanation
    assert "scores nothing" not in fb.explanation  # a pass is never 0 by fiat
    assert "the other seats bid by the method" in fb.details


def test_a_bid_that_is_sometimes_outbid_says_so() -> None:
    q = _quiz(STRONG)
    assert q.problem is not None
    fb = grade(q, "7H", _key(q.problem, FINALS))
    assert ("After your 7♥, the hand is most often played in 7♥ by you: on 3 of 4 sampled deals, and it makes 2 of them. "
            "Your side scores −28 points a hand on average.") in fb.explanation


def test_the_best_call_played_every_time_reads_as_before() -> None:
    q = _quiz(STRONG)
    assert q.problem is not None
    fb = grade(q, "8H", _key(q.problem, FINALS))
    assert fb.verdict == "best" and fb.headline == "Best: 8♥."
    assert "The best call, 8♥, made in 3 of 4 sampled deals (75%), +130 points on average." in fb.explanation


def test_partner_and_a_thrown_in_hand() -> None:
    q = _quiz(STRONG)
    assert q.problem is not None
    finals = {**FINALS, "7H": [(0, "8H", 8), (0, "8H", 7), (0, "8H", 8), (2, "7H", 7)]}
    fb = grade(q, "7H", _key(q.problem, finals))
    assert "After your 7♥, the hand is most often played in 8♥ by your partner: on 3 of 4 sampled deals, and it makes 2 of them." in fb.explanation
    opening = Quiz("opening", 2, 0, BiddingProblem.make(STRONG, dealer=3))
    assert opening.problem is not None
    key = _key(opening.problem, {"PASS": [(None, None, 0)] * 3 + [(1, "7S", 7)], "8H": [(0, "8H", 9)] * 4})
    fb = grade(opening, "PASS", key)
    assert "If you pass, everyone passes on 3 of 4 sampled deals and nobody scores. Your side scores −28 points a hand on average." in fb.explanation


def test_following_the_method_to_a_pass_says_what_passing_gives() -> None:
    q = _quiz(WEAK)
    assert q.problem is not None
    weak = {**FINALS, "7H": [(2, "7H", 7)] * 4, "8H": [(2, "8H", 7)] * 4}  # 7♥ makes every time: +170
    fb = grade(q, "PASS", _key(q.problem, weak))
    assert fb.verdict == "too low"
    assert "You bid what the method says, pass, and on this hand the method falls short." in fb.explanation
    assert ("On this hand the count stops short of a bid, but on these deals 7♥ made in 4 of 4 (100%), +170 points on "
            "average, where passing gives −40.") in fb.explanation
