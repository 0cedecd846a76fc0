"""Grading: the verdicts and the plain-words messages for right, close, within-noise and wrong answers, and bad input."""

from __future__ import annotations

import pytest

from fivehundred import Bid, IllegalBidError, IllegalPlayError, NotationError, parse_cards
from fivehundred.actions import Discard
from fivehundred.analysis.advisor import METHOD, count_hand, method_words
from fivehundred.analysis.simulation import BiddingProblem, DiscardOutcome, DiscardSimulation, Simulation, _outcomes
from fivehundred.errors import FiveHundredError
from fivehundred.bidding import Strain
from fivehundred.quiz import generate, grade
from fivehundred.quiz.grade import trump_story
from fivehundred.quiz.quiz import Quiz

HAND = "JK JH JD AH 10H 9H AS 7C 6C 5S"


def _key(problem: BiddingProblem, tricks: dict[str, list[int]], calls: list[str]) -> Simulation:
    """A hand-made key: the contracting side's tricks per strain on each deal; outcomes from the scoring table."""
    bids = tuple(Bid.parse(c) for c in calls)
    n = len(next(iter(tricks.values())))
    t = {k: tuple(v) for k, v in tricks.items()}
    return Simulation(problem, "t", _outcomes(problem, bids, t, n), t, {k: (True,) * n for k in t}, 0, 0, True, 0.0, "playout")


@pytest.fixture
def quiz() -> Quiz:
    problem = BiddingProblem.make(HAND, dealer=3)
    return Quiz("opening", 1, 0, problem)


# hearts tricks on 12 deals: 7 or more on 11, 8 or more on 9, 9 or more on 4
HEARTS = [9, 9, 9, 9, 8, 8, 8, 8, 8, 7, 7, 6]


@pytest.fixture
def key(quiz: Quiz) -> Simulation:
    # 6H (worth 100) always makes: +100; 7H (200) 11 of 12: +166.7; 8H (300) 9 of 12: +150; 9H (400) 4 of 12: -133.3
    assert quiz.problem is not None
    return _key(quiz.problem, {"H": HEARTS}, ["PASS", "6H", "7H", "8H", "9H"])


def test_best(quiz: Quiz, key: Simulation) -> None:
    fb = grade(quiz, "7H", key)
    assert fb.verdict == "best" and fb.right
    assert fb.headline == "Best: 7♥."
    assert "The best call, 7♥, made in 11 of 12 sampled deals (92%), +167 points on average." in fb.explanation
    # the method's words, exactly as the advisor and lesson 14 say them
    length = 6 - METHOD.length_from  # six hearts, counted beyond the method's length threshold
    assert (
        f"In hearts you count 4 top trumps (the joker, both bowers and the ace), {length} for length (6 trumps) and 1 side ace: "
        f"{5 + length}. Nobody has bid yet, so partner and the kitty add about {METHOD.allowance['open']}: "
        f"{5 + length + METHOD.allowance['open']} in all." in fb.explanation
    )
    assert method_words(count_hand(parse_cards(HAND), Strain.HEARTS)) in fb.explanation
    assert "The method says" in fb.explanation


def test_also_fine_is_within_the_margin(quiz: Quiz, key: Simulation) -> None:
    fb = grade(quiz, "8H", key)
    assert fb.verdict == "also fine" and fb.right
    assert fb.headline == "Also fine: 8♥ is within 40 points of the best call, 7♥."
    assert "Your 8♥ made in 9 of 12 sampled deals (75%), +150 points on average." in fb.explanation
    assert "The best call scores about 17 points a hand more." in fb.explanation
    # the statistics are behind the "How was this graded?" toggle, not in the explanation
    assert "give or take" in fb.details and "standard error" in fb.details
    assert "standard error" not in fb.text and "give or take" not in fb.text


def test_within_noise_is_also_fine_never_too_high(quiz: Quiz, key: Simulation) -> None:
    # with a margin of 10 points, 8H's shortfall (16.7 points) is still within two standard errors of the paired difference
    diff, se = key.difference(Bid.parse("8H"))
    assert diff == pytest.approx(1000 / 60) and diff < 2 * se
    fb = grade(quiz, "8H", key, margin=10)
    assert fb.verdict == "also fine"
    assert fb.headline == "Also fine: 8♥ is behind the best call, 7♥, by less than luck alone could give."
    assert f"give or take {round(se)} (the standard error of the paired difference over 12 deals)" in fb.details


def test_a_difference_outside_noise_is_not_also_fine(quiz: Quiz) -> None:
    assert quiz.problem is not None
    # 7H makes on all 48 deals, 8H on none: a 500-point gap with no spread is far outside noise
    k = _key(quiz.problem, {"H": [7] * 48}, ["PASS", "6H", "7H", "8H"])
    assert k.difference(Bid.parse("8H")) == (500.0, 0.0)
    assert grade(quiz, "8H", k).verdict == "too high"
    assert grade(quiz, "6H", k).verdict == "too low"


def test_too_high_and_too_low(quiz: Quiz, key: Simulation) -> None:
    high = grade(quiz, "9H", key)
    assert high.verdict == "too high" and not high.right
    assert high.headline == "Too high: 9♥ asks for more than this hand delivers; the best call is 7♥."
    assert "Your 9♥ made in 4 of 12 sampled deals (33%), −133 points on average." in high.explanation
    # 6H is 67 points behind, but one set deal of twelve makes that difference noise: also fine, never "too low"
    assert grade(quiz, "6H", key).verdict == "also fine" and key.within_noise(Bid.parse("6H"))
    low = grade(quiz, "PASS", key)
    assert low.verdict == "too low"
    assert low.headline == "Too low: the hand is worth more than pass; the best call is 7♥."
    assert "Your pass scores nothing either way." in low.explanation


def test_the_level_in_plain_words(quiz: Quiz, key: Simulation) -> None:
    # 7♥ (+167) leads 8♥ (+150) by 17 points, with 8♥ set on two of the deals 7♥ makes: luck could give that
    fb = grade(quiz, "7H", key)
    assert "A close call: the best call is ahead of the next best by about 17 points a hand, which luck alone could give" in fb.explanation
    assert "Level 3 (close call)" in fb.details and "standard errors" in fb.details
    assert "Level" not in fb.explanation and "sampling noise" not in fb.explanation
    assert quiz.problem is not None
    # 7♥ makes on all 48 deals (+200) and 6♥ too (+100): the same 100 points on every deal
    k = _key(quiz.problem, {"H": [7] * 48}, ["PASS", "6H", "7H", "8H"])
    assert "Clear: the best call beats the next best by 100 points on every sampled deal; this is not luck." in grade(quiz, "8H", k).explanation


def test_marked_wrong_while_following_the_method_says_why(quiz: Quiz) -> None:
    assert quiz.problem is not None
    # first to speak the method counts 8 in hearts (4 top trumps, 3 for length, 1 side ace) and adds 2: 10♥
    total = 4 + (6 - METHOD.length_from) + 1 + METHOD.allowance["open"]
    k = _key(quiz.problem, {"H": HEARTS}, ["PASS", "6H", "7H", "8H", "9H", "10H"])
    fb = grade(quiz, f"{total}H", k)
    assert fb.verdict == "too high"
    assert f"You bid what the method says, {total}♥, and on this hand the method falls short." in fb.explanation
    assert f"Your count of {total} assumes partner and the kitty bring about {METHOD.allowance['open']} tricks" in fb.explanation
    assert f"{total}♥ made in 0 of 12 (0%), while 7♥ made in 11 of 12 (92%)" in fb.explanation
    assert "the extra level loses more often than it wins" in fb.explanation
    assert f"The method says {total}♥." not in fb.explanation  # no bare endorsement of the call just marked wrong
    # following the method to the best call: no excuse needed
    right = grade(quiz, "7H", k)
    assert "falls short" not in right.explanation


def test_bids_outside_the_simulation(quiz: Quiz, key: Simulation) -> None:
    fb = grade(quiz, "9S", key)
    assert fb.verdict == "too high" and "Your 9♠ was not simulated" in fb.explanation


def test_chart_rows_follow_the_key(quiz: Quiz, key: Simulation) -> None:
    fb = grade(quiz, "8H", key)
    labels = [r[0] for r in fb.rates]
    assert labels == ["pass", "6♥", "7♥", "8♥", "9♥"]
    assert fb.rates[3][1] == pytest.approx(9 / 12)
    assert fb.samples == 12 and fb.rate_error(0.75) == pytest.approx((0.75 * 0.25 / 12) ** 0.5)


def test_bad_bids(quiz: Quiz, key: Simulation) -> None:
    with pytest.raises(NotationError, match="not a bid: '11H'"):
        grade(quiz, "11H", key)
    with pytest.raises(IllegalBidError, match="only after someone has bid seven"):
        grade(quiz, "MIS", key)
    with pytest.raises(IllegalBidError, match="do not allow blind misère"):
        grade(quiz, "BMIS", key)
    with pytest.raises(FiveHundredError, match="no answer key"):
        grade(quiz, "7H", None)


def test_misere_story() -> None:
    problem = BiddingProblem.make("5S 6S 7S 5C 6C 7C 4D 5D 4H KH", dealer=3, auction=["7S"])
    q = Quiz("misere", 1, 0, problem)
    # misère beaten on 2 deals of 48, open misère on 24
    k = _key(problem, {"MIS": [0] * 46 + [1] * 2, "OMIS": [0, 1] * 24}, ["PASS", "MIS", "OMIS"])
    fb = grade(q, "MIS", k)
    assert fb.verdict == "best"
    assert "For misère: no joker, and 1 card above the 9 (K♥): few enough for misère." in fb.explanation
    fb = grade(q, "OMIS", k)
    assert fb.verdict == "too high"  # 500 on a coin flip averages 0 against misère's +229
    assert grade(q, "PASS", k).verdict == "too low"


def test_trump_story_in_no_trumps() -> None:
    from fivehundred import parse_cards

    text = trump_story(parse_cards("JK AS KS AC 5D 6D 7D 8H 9H 10H"), Strain.NO_TRUMPS)
    assert text.startswith("In no trumps you count the joker, 2 aces and 1 king with its ace: 4.")


# --------------------------------------------------------------------------- the kitty
@pytest.fixture
def kitty_quiz() -> Quiz:
    return generate("kitty", 1, 1)


@pytest.fixture
def kitty_key(kitty_quiz: Quiz) -> DiscardSimulation:
    c = kitty_quiz.discard_candidates()
    assert kitty_quiz.contract is not None and len(c) == 3
    rows = [(c[0], 11), (c[1], 10), (c[2], 5)]
    v = kitty_quiz.contract.points
    return DiscardSimulation(kitty_quiz.contract, tuple(DiscardOutcome(d, m, 12, (m * v - (12 - m) * v) / 12) for d, m in rows), 0, True)


def test_kitty_grades(kitty_quiz: Quiz, kitty_key: DiscardSimulation) -> None:
    c = kitty_quiz.discard_candidates()
    best = grade(kitty_quiz, c[0], kitty_key)
    assert best.verdict == "best"
    assert "made 7♥ in 11 of 12 sampled deals (92%)" in best.explanation
    fine = grade(kitty_quiz, c[1], kitty_key)
    assert fine.verdict == "also fine" and "Yours made it in 10 of 12 (83%)." in fine.explanation
    costly = grade(kitty_quiz, c[2], kitty_key)
    assert costly.verdict == "costly" and not costly.right
    assert "throws 5♥, 6♥" in costly.explanation  # two low trumps


def test_kitty_discard_not_simulated(kitty_quiz: Quiz, kitty_key: DiscardSimulation) -> None:
    fb = grade(kitty_quiz, "JK 6D 8D", kitty_key)
    assert fb.verdict == "costly"
    assert "Your discard throws Joker: trumps, the joker and aces are the cards that take tricks." in fb.explanation
    assert "did not try your exact discard" in fb.explanation
    fb = grade(kitty_quiz, "JC 6D 8D", kitty_key)  # keeps every trump, the joker and the aces, like the best
    assert fb.verdict == "also fine"


def test_kitty_bad_input(kitty_quiz: Quiz, kitty_key: DiscardSimulation) -> None:
    with pytest.raises(IllegalPlayError, match="exactly 3 cards, not 2"):
        grade(kitty_quiz, "6D 8D", kitty_key)
    with pytest.raises(IllegalPlayError, match="You don't hold"):
        grade(kitty_quiz, "4H 6D 8D", kitty_key)
    with pytest.raises(NotationError):
        grade(kitty_quiz, "ZZ 6D 8D", kitty_key)
    assert Discard.of("6D 8D 10D") in kitty_quiz.discard_candidates()


def test_no_trumps_without_the_joker_is_explained_not_counted() -> None:
    from fivehundred.bidding_method import NO_TRUMPS_WITHOUT_JOKER

    hand = "AS KS AC KC AD KD AH KH QH JH"  # strong everywhere, no joker
    problem = BiddingProblem.make(hand, dealer=3)
    quiz = Quiz("opening", 1, 0, problem)
    k = _key(problem, {"H": HEARTS, "NT": HEARTS}, ["PASS", "7H", "7NT"])
    fb = grade(quiz, "7NT", k)
    assert NO_TRUMPS_WITHOUT_JOKER in fb.explanation
    assert "In no trumps you count" not in fb.explanation
    assert "In hearts you count" in fb.explanation  # the method's own strain is still counted
    with_joker = grade(Quiz("opening", 1, 0, BiddingProblem.make(HAND, dealer=3)), "7NT",
                       _key(BiddingProblem.make(HAND, dealer=3), {"H": HEARTS, "NT": HEARTS}, ["PASS", "7H", "7NT"]))
    assert NO_TRUMPS_WITHOUT_JOKER not in with_joker.explanation
