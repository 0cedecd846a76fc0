"""The giveaway check: nothing shown just before a question states its answer.

Each case is one of the giveaways a learner found (issue 15), rebuilt as it was; the check must flag it, and the
fixed page must pass.  The lessons run the same check over their own pages in a hidden self-check cell.
"""

from __future__ import annotations

import pytest
from ipywidgets import HTML

from fivehundred.trumps import trump_order
from widgets import BiddingLadder, CardRow, MultipleChoice, NumberAnswer, OrderTrumps, TrickView, WhichCardWins
from widgets.gallery import giveaway_report


def test_a_row_of_trumps_in_order_above_an_ordering_exercise_is_flagged() -> None:
    row = CardRow([c for c in trump_order("H") if not c.is_joker], trump="H")
    report = giveaway_report([row, OrderTrumps("H", "AH JD KH JH 10H QH")])
    assert len(report) == 1 and "shows these trumps in order" in report[0]
    # lesson 04 now: hearts in the row, spades in the exercise
    assert giveaway_report([row, OrderTrumps("S", "AS JC KS JS 10S QS")]) == []


def test_a_greyed_ladder_above_the_cheapest_bid_question_is_flagged() -> None:
    quiz = MultipleChoice("What is the cheapest bid that beats 7♥?", ["7NT", "misère", "8♠"], "7NT")
    assert "greys out everything below the answer 7NT" in giveaway_report([BiddingLadder(standing="7H"), quiz])[0]
    # just after the question is the same screen (issue 27: lesson 06 showed it right below), so it is flagged too
    below = giveaway_report([quiz, BiddingLadder(standing="7H")])
    assert len(below) == 1 and "on the same screen" in below[0]
    # lesson 06 now: the greyed ladder is hidden until the question is answered
    hidden = BiddingLadder(standing="7H")
    hidden.layout.display = "none"
    assert giveaway_report([quiz, hidden]) == []
    # a ladder after the next exercise is not on this question's screen
    other = MultipleChoice("Who deals next?", ["North", "East"], "East")
    assert giveaway_report([quiz, other, BiddingLadder(standing="7H")]) == []


def test_an_auction_box_naming_the_next_caller_is_flagged() -> None:
    quiz = MultipleChoice("South has just bid misère. Who calls next?", ["North", "East", "West"], "North")
    (next_to_call,) = giveaway_report([HTML("Next to call: <b>North</b>."), quiz])
    assert "'Next to call: North' is shown just above" in next_to_call
    (played_by,) = giveaway_report([HTML("Contract: <b>8♠</b>, played by <b>North</b>."), quiz])
    assert "'played by North' is shown just above" in played_by
    assert giveaway_report([HTML("The auction so far: North 6♠, East pass"), quiz]) == []


def test_the_same_trick_with_its_winner_just_above_is_flagged() -> None:
    shown = TrickView("JS JK JC AS", "S", leader="N")
    # the trick view names its winner (the joker beats both bowers), and it is the very trick asked about
    told, same = giveaway_report([shown, WhichCardWins("JS JK JC AS", "S")])
    assert "its answer ('Joker wins') is on the page just before the question" in told
    assert "the same trick, with its winner, is shown just above" in same
    assert giveaway_report([shown, WhichCardWins("AC KC JS QC", "C")]) == []


def test_an_answer_sentence_just_above_is_flagged() -> None:
    quiz = WhichCardWins("AS JC JS KS", "S")
    text = HTML("<p>J♠ wins: the right bower (J♠, the highest trump after the joker) beats the left bower.</p>")
    assert any("its answer" in line for line in giveaway_report([text, quiz]))


def test_only_what_follows_the_previous_exercise_counts() -> None:
    row = CardRow([c for c in trump_order("H") if not c.is_joker], trump="H")
    first = MultipleChoice("A question in between?", ["yes", "no"], "yes")
    assert giveaway_report([row, first, OrderTrumps("H", "AH JD KH JH 10H QH")]) == []


def test_a_later_question_stating_an_earlier_answer_is_flagged() -> None:
    # lesson 14 (issue 27): the total question told the learner the count the question before asked for
    count = NumberAnswer("Count South's tricks in hearts: top trumps, length and side winners. How many?", 9)
    total = NumberAnswer("Nobody has bid yet. South counts 9 in hearts. With partner and the kitty, what is the total?", 11)
    report = giveaway_report([count, total])
    assert len(report) == 1 and "a later question states its answer 9" in report[0]
    # a later question about something else, or one naming a bid such as 9♥, states nothing
    assert giveaway_report([count, NumberAnswer("South counts tricks in hearts. What does 9♥ promise?", 9)]) == []
    assert giveaway_report([count, NumberAnswer("How many cards does West hold? West has 9 clubs.", 10)]) == []


def test_an_example_chart_that_is_a_served_quizs_own_is_flagged() -> None:
    # lesson 20 (issue 27): the intro's example chart was the opening quiz's own (O1-8, since replaced), served just below
    from fivehundred.quiz import answer_key, grade, make_quiz
    from widgets.quiz import quiz_widget, rate_chart_html

    example = HTML(rate_chart_html(grade(make_quiz("O1-12"), "PASS", answer_key("O1-12"))))
    report = giveaway_report([example, quiz_widget("O1-12")])
    assert len(report) == 1 and "this quiz's own chart" in report[0]
    other = HTML(rate_chart_html(grade(make_quiz("C1-73"), "PASS", answer_key("C1-73"))))
    assert giveaway_report([other, quiz_widget("O1-12")]) == []


def test_the_exercise_id_check_catches_a_stray_a_shared_id_and_too_few() -> None:
    from widgets import NumberAnswer
    from widgets.gallery import check_exercise_ids

    mine = {f"q{i}": NumberAnswer("How many?", i, exercise_id=f"04-the-bowers/q{i}") for i in range(3)}
    check_exercise_ids(mine, "04-the-bowers", at_least=3)
    with pytest.raises(AssertionError, match="at least 4"):
        check_exercise_ids(mine, "04-the-bowers", at_least=4)
    stray = {**mine, "x": NumberAnswer("How many?", 1, exercise_id="05-the-joker/x")}
    with pytest.raises(AssertionError, match="outside lesson 04-the-bowers.*05-the-joker/x"):
        check_exercise_ids(stray, "04-the-bowers", at_least=3)
    twin = {**mine, "y": NumberAnswer("How many?", 1, exercise_id="04-the-bowers/q1")}
    with pytest.raises(AssertionError, match="share an id"):
        check_exercise_ids(twin, "04-the-bowers", at_least=3)
