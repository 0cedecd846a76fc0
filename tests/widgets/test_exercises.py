"""The exercise kit.  Expected answers are reasoned by hand from RULES.md, not copied from the code."""

from __future__ import annotations

import pytest

from fivehundred.cards import Card
from fivehundred.errors import FiveHundredError, NotationError
from fivehundred.play import explain_play
from fivehundred.rules import Rules
from fivehundred.scoring import score_hand
from widgets import (
    Attempts,
    MultipleChoice,
    NumberAnswer,
    OrderTrumps,
    PickCards,
    ScoreThisHand,
    WhichBidHigher,
    WhichCardWins,
    WhichMayYouPlay,
)


def _classes(ex: object) -> list[str]:
    return list(ex._feedback._dom_classes)  # type: ignore[attr-defined]


# --- WhichCardWins --------------------------------------------------------------------
def test_which_card_wins_left_bower_beats_ace_of_trumps() -> None:
    quiz = WhichCardWins("10H JD AH 5S", trump="H", leader="W")
    assert repr(quiz) == "WhichCardWins(cards='10H JD AH 5S', trump='H', solved=False)"
    assert quiz.answer("AH") is False
    assert not quiz.solved
    # first miss: why A♥ loses, without naming the winner
    assert quiz.feedback == "A♥ does not win: it is the ace of trumps, and a higher trump was played to this trick."
    assert "fh-wrong" in _classes(quiz) and "fh-right" not in _classes(quiz)
    assert quiz.answer("JD") is True
    assert quiz.solved and "left bower" in quiz.feedback
    assert "fh-right" in _classes(quiz) and "fh-wrong" not in _classes(quiz)
    assert quiz.attempts == Attempts(right=1, wrong=1)
    assert repr(quiz).endswith("solved=True)")


def test_which_card_wins_by_clicking() -> None:
    quiz = WhichCardWins("KS JK AS", trump="NT", leader="N", players=3)
    # No trumps: the un-nominated joker beats everything.
    quiz._picker.click("JK")
    assert quiz.solved and quiz._picker.marked == ["JK"]


def test_which_card_wins_off_suit_ace_loses() -> None:
    # Spades trumps, clubs led: the 5 of spades (a trump) beats the ace of clubs.
    quiz = WhichCardWins("KC AC 5S QD", trump="S")
    assert quiz.winner == Card.parse("5S")
    assert quiz.answer("AC") is False


def test_which_card_wins_bad_answers_are_messages_not_attempts() -> None:
    quiz = WhichCardWins("10H JD AH 5S", trump="H")
    assert quiz.answer("QQ") is None and "not a card" in quiz.feedback
    assert quiz.answer("KH") is None and "not in this trick" in quiz.feedback
    assert quiz.attempts == Attempts(0, 0)
    assert "fh-info" in _classes(quiz)


def test_reset_starts_again() -> None:
    quiz = WhichCardWins("10H JD AH 5S", trump="H")
    quiz.answer("JD")
    quiz.reset()
    assert not quiz.solved and quiz.feedback == "" and quiz.attempts.total == 0
    assert quiz._feedback.value == "" and quiz._picker.marked == []


def test_exercise_ids_are_stable_and_distinct() -> None:
    a = WhichCardWins("10H JD AH 5S", trump="H")
    b = WhichCardWins("10H JD AH 5S", trump="H")
    c = WhichCardWins("10H JD AH 5S", trump="D")
    assert a.exercise_id == b.exercise_id != c.exercise_id
    assert WhichCardWins("AS KS", "H", exercise_id="lesson2/q1").exercise_id == "lesson2/q1"


# --- WhichMayYouPlay ----------------------------------------------------------------
def test_which_may_you_play_left_bower_must_follow_trumps() -> None:
    # Hearts trumps, K♥ led.  J♦ is a heart (left bower) and A♥ is a heart: those two only.
    quiz = WhichMayYouPlay("JD 5D 9S AH", "KH", "7H")
    assert quiz.answer("AH") is False
    assert "J♦" not in quiz.feedback and "left out" in quiz.feedback  # no card named on the first miss
    assert quiz.answer("AH") is False
    assert "You may play 2 of these 4 cards" in quiz.feedback and "Look again at J♦" in quiz.feedback
    assert quiz.answer("JD AH") is True
    assert quiz.solved
    # the explanation is the engine's sentence for a card you may not play
    assert quiz.feedback == explain_play("5D", "JD 5D 9S AH", "KH", "7H").reason


def test_which_may_you_play_void_plays_anything() -> None:
    # Spades trumps, a heart led, no hearts in hand: every card may be played.
    quiz = WhichMayYouPlay("AS 5C KD", "10H", "S")
    assert quiz.answer("AS 5C") is False
    assert quiz.answer("AS 5C KD") is True


def test_which_may_you_play_misere_joker_compulsory() -> None:
    # Misère, hearts led, no hearts: the joker must be played (RULES.md §3.4).
    quiz = WhichMayYouPlay("JK 5D 9S", "AH", "MIS")
    assert quiz.answer("5D 9S") is False
    assert quiz.answer("JK") is True


def test_which_may_you_play_toggle_and_check_buttons() -> None:
    quiz = WhichMayYouPlay("JD 5D AH", "KH", "H")
    quiz._picker.click("JD")
    quiz._picker.click("5D")
    quiz._picker.click("5D")  # second click unselects
    quiz._picker.click("AH")
    assert quiz._picker.selected == ["JD", "AH"]
    quiz._check.click()
    assert quiz.solved
    quiz._clear_btn.click()
    assert quiz.picked == ()


def test_which_may_you_play_check_with_nothing_picked() -> None:
    quiz = WhichMayYouPlay("JD 5D", "KH", "H")
    assert quiz.check() is None and "Pick at least one" in quiz.feedback


# --- OrderTrumps ----------------------------------------------------------------------
def test_order_trumps_hearts() -> None:
    # Hearts: joker, J♥ (right), J♦ (left), A♥, K♥, 10♥ (RULES.md §2).
    quiz = OrderTrumps("H", "AH JD KH JK 10H JH")
    assert quiz.answer("JK JH AH JD KH 10H") is False
    assert quiz.feedback == "Place 3 is wrong: A♥ is the ace of trumps, and J♦ beats it."
    assert quiz.answer("JK JH JD AH KH 10H") is True
    assert "J♦ (left bower)" in quiz.feedback


def test_order_trumps_by_clicks_and_undo() -> None:
    quiz = OrderTrumps("S", "JC AS JS")
    for code in ("JS", "AS"):
        quiz._picker.click(code)
    quiz._undo.click()
    assert quiz.sequence == (Card.parse("JS"),)
    quiz._check.click()
    assert "first" in quiz.feedback and quiz.attempts.total == 0
    quiz._picker.click("JC")
    quiz._picker.click("AS")
    assert quiz._picker.captions == ["#2", "#3", "#1"]
    quiz._check.click()
    assert quiz.solved


def test_order_trumps_rejects_non_trumps() -> None:
    with pytest.raises(NotationError):
        OrderTrumps("H", "AH KS")
    with pytest.raises(FiveHundredError):
        OrderTrumps("NT", "AH")
    quiz = OrderTrumps("H", "AH KH")
    assert quiz.answer("AH") is None and "exactly once" in quiz.feedback


# --- WhichBidHigher -------------------------------------------------------------------
def test_eight_spades_outranks_misere_despite_fewer_points() -> None:
    # Australian ladder: misère sits between 7NT and 8♠ (RULES.md §4.3).
    quiz = WhichBidHigher("MIS", "8S")
    assert quiz.answer("MIS") is False
    assert "8♠" not in quiz.feedback and "Misère is not the higher bid" in quiz.feedback
    assert "8♠ (240 points) is higher than misère (250 points)" in quiz.answer_text()
    assert quiz.answer("8S") is True


def test_bid_higher_with_points_ranking() -> None:
    quiz = WhichBidHigher("MIS", "8S", rules=Rules(misere_rank="points"))
    assert quiz.answer("MIS") is True


def test_ten_hearts_over_open_misere_by_button() -> None:
    quiz = WhichBidHigher("OMIS", "10H")
    quiz._buttons[1].click()
    assert quiz.solved and quiz._buttons[1].button_style == "success"


def test_bid_higher_bad_input() -> None:
    quiz = WhichBidHigher("7S", "6NT")
    assert quiz.answer("9H") is None and "not one of the two" in quiz.feedback
    assert quiz.answer("nonsense") is None
    with pytest.raises(NotationError):
        WhichBidHigher("7S", "7S")


# --- ScoreThisHand and NumberAnswer -----------------------------------------------
def test_score_seven_hearts_set() -> None:
    # 7♥ is worth 200; 6 tricks fails, so the contractors lose 200 (RULES.md §6).
    quiz = ScoreThisHand("7H", 6)
    assert quiz.answer("200") is False and quiz.feedback == (
        "200 has the wrong sign: it is what the contractors would score if the contract had been made."
    )
    assert quiz.answer("200") is False and "Hint: Check the sign" in quiz.feedback
    assert quiz.answer("-200") is True
    assert quiz.feedback == score_hand("7H", 6).reason


def test_score_slam_and_defenders() -> None:
    # 8♠ (240) with all ten tricks scores 250; 7♥ made with 8: defenders took 2 tricks = 20.
    assert ScoreThisHand("8S", 10).answer(250) is True
    assert ScoreThisHand("7H", 8, side="defenders").answer("20") is True
    assert ScoreThisHand("MIS", 0).answer(" 250 ") is True


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("", "Type a number first"),
        ("   ", "Type a number first"),
        ("abc", "not a whole number"),
        ("12.5", "not a whole number"),
        ("1e9", "not a whole number"),
        ("99999999999999999999999", "far too big"),
        ("-9999999", "far too big"),
        (10**30, "far too big"),
    ],
)
def test_number_answer_gentle_messages(typed: object, words: str) -> None:
    quiz = NumberAnswer("How many points is 6NT worth?", 120)
    assert quiz.answer(typed) is None  # type: ignore[arg-type]
    assert words in quiz.feedback
    assert quiz.attempts.total == 0 and "fh-info" in _classes(quiz)


def test_number_answer_accepts_friendly_forms() -> None:
    for typed in ("120", " 120 ", "+120", "120 points"):
        quiz = NumberAnswer("6NT?", 120)
        assert quiz.answer(typed) is True, typed
    assert NumberAnswer("loss?", -250).answer("−250") is True  # a typographic minus


def test_number_answer_enter_then_check_counts_once() -> None:
    quiz = NumberAnswer("6NT?", 120)
    quiz._text.value = "100"  # Enter in the box sends the value
    quiz._check.click()  # then the learner also presses Check
    assert quiz.attempts == Attempts(0, 1)
    quiz._text.value = "120"
    assert quiz.solved and quiz.attempts == Attempts(1, 1)


# --- MultipleChoice and PickCards -----------------------------------------------
def test_multiple_choice() -> None:
    quiz = MultipleChoice(
        "How many cards are in the 4-player pack?",
        ["52", "43", "45"],
        correct="43",
        explanations={"52": "That is a normal pack."},
    )
    assert quiz.answer("52") is False and quiz.feedback == "That is a normal pack."
    quiz._buttons[1].click()
    assert quiz.solved and quiz.attempts == Attempts(1, 1)
    assert quiz.answer("44") is None
    assert repr(quiz) == "MultipleChoice(question='How many cards are in the 4-player pack?', solved=True)"


def test_pick_cards() -> None:
    quiz = PickCards("Pick the red jacks", "JH JS JD JC", correct="JH JD")
    assert quiz.answer("JH") is False and "left out" in quiz.feedback and "J♦" not in quiz.feedback
    assert quiz.answer("JH JS") is False and quiz.feedback.startswith("J♠ does not fit.")
    assert "Hint: 2 of these cards fit." in quiz.feedback
    assert quiz.answer("JD JH") is True
    assert quiz.answer("JH 4S") is None
    assert repr(quiz) == "PickCards(cards='JH JS JD JC', solved=True)"


def test_constructors_do_not_display(capsys: pytest.CaptureFixture[str]) -> None:
    WhichCardWins("AS KS", "H")
    ScoreThisHand("6S", 6)
    assert capsys.readouterr().out == ""


def test_number_answer_counts_one_attempt_per_answer() -> None:
    from widgets import NumberAnswer

    quiz = NumberAnswer("How many cards for four players?", 43, exercise_id="number-answer/count-check")
    assert quiz.answer(10) is False
    assert (quiz.attempts.right, quiz.attempts.wrong) == (0, 1)
    assert quiz.answer("43") is True
    assert (quiz.attempts.right, quiz.attempts.wrong) == (1, 1)
    quiz._text.value = "44"  # typing and pressing Enter in the browser
    assert (quiz.attempts.right, quiz.attempts.wrong) == (1, 2)


# -- the hint ladder ---------------------------------------------------------------------
# (exercise, two wrong answers, the right answer, the right answer's words that the misses must not show)
LADDER_CASES = [
    ("which-card-wins", lambda: WhichCardWins("AS JC JS KS", "S"), ["AS", "KS"], "JS", ["J♠"]),
    ("which-card-wins-nt", lambda: WhichCardWins("9D QD 4D 10S", None), ["9D", "4D"], "QD", ["Q♦"]),
    ("which-may-you-play", lambda: WhichMayYouPlay("JS QC 8H 7H 6D", "9C", "C"), ["QC", "QC 8H"], "JS QC", ["J♠"]),
    ("order-trumps", lambda: OrderTrumps("D", "KD JH AD JD 9D"), ["AD JD JH KD 9D", "JH JD AD KD 9D"],
     "JD JH AD KD 9D", ["J♦ (right bower)", "Highest first"]),
    ("pick-cards", lambda: PickCards("Pick the red jacks", "JH JS JD JC", correct="JH JD"), ["JH", "JS"], "JH JD",
     ["J♥ J♦"]),
    ("number", lambda: NumberAnswer("How many cards in the 4-player pack?", 43), ["52", "40"], "43", ["43"]),
    ("score", lambda: ScoreThisHand("8S", 7), ["240", "-200"], "-240", ["−240"]),
    ("multiple-choice", lambda: MultipleChoice("Left bower when spades are trumps?", ["J♠", "J♣", "J♥"], "J♣"),
     ["J♠", "J♥"], "J♣", ["J♣"]),
    ("bid-higher", lambda: WhichBidHigher("MIS", "8S"), ["MIS", "MIS"], "8S", ["8♠", "240"]),
]


@pytest.mark.parametrize("case", LADDER_CASES, ids=[c[0] for c in LADDER_CASES])
def test_hint_ladder_never_names_the_answer_unasked(case: tuple) -> None:
    _name, make, misses, right, secrets = case
    quiz = make()
    reveal_button = quiz._reveal_button
    assert reveal_button.layout.display == "none"
    assert quiz.answer(misses[0]) is False
    first = quiz.feedback
    assert first and "Hint:" not in first
    assert not any(s in first for s in secrets), first
    assert reveal_button.layout.display == "none"  # never offered after only one miss
    assert quiz.answer(misses[1]) is False
    second = quiz.feedback
    assert second != first
    assert reveal_button.layout.display == ""  # now offered, not shown
    assert not quiz.revealed
    shown = quiz.reveal()
    assert quiz.revealed and reveal_button.layout.display == "none"
    assert "The answer:" in quiz._feedback.value and quiz.feedback == shown
    assert any(s in shown for s in secrets), shown
    assert quiz.answer(right) is True
    assert quiz.solved and not quiz.mastered
    quiz.reset()
    assert not quiz.revealed and not quiz.solved and quiz.misses == 0 and reveal_button.layout.display == "none"
    assert quiz.answer(right) is True and quiz.mastered


def test_exercise_cards_carry_no_bower_badges() -> None:
    # "R" and "L" badges would answer order-the-trumps and which-card-wins questions
    for quiz in (OrderTrumps("H", "AH JD KH JH 10H QH"), WhichCardWins("AS JC JS KS", "S"),
                 WhichMayYouPlay("JD 5D 9S KC 8C", "AH", "H")):
        faces = " ".join(quiz._picker.faces[c] for c in quiz._picker.cards)
        assert "fh-right-bower" not in faces and "fh-left-bower" not in faces
        assert not any("bower" in n for n in quiz._picker.names)
