"""The exercise models (fivehundred/exercises.py): each kind's judge, with no widget.

Expected values are worked out by hand from the rules (RULES.md): the Avondale values (40 for 6♠, +20 a
strain step, +100 a trick), the trump order (Joker, right bower, left bower, A, K, ...), following suit with
the left bower, the defenders' 10 a trick.  The ladder: a right answer says why; the first miss says why
that answer is wrong (no hint, no answer); from the second miss a hint, and the answer is offered (never in
the text shown); bad input raises an AnswerError (or the parser's NotationError) naming it, and the model
is left as it was.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from fivehundred import feedback as reasons
from fivehundred.cards import Card, Suit
from fivehundred.errors import AnswerError, FiveHundredError, NotationError
from fivehundred.exercises import (
    HINT_FROM,
    REVEAL_AFTER,
    CardPickModel,
    ChoiceModel,
    Feedback,
    HigherBidModel,
    NumberModel,
    PlayableModel,
    ScoreModel,
    TrickWinnerModel,
    TrumpOrderModel,
    contract_words,
    joker_notes,
    read_number,
)

MINUS = "\u2212"


def _cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


# ------------------------------------------------------------------------------------------ the ladder
def test_feedback_text_is_the_reason_then_the_hint_and_never_the_answer() -> None:
    fb = Feedback("wrong", "Seven is too few.", "Count the kitty.", "Ten.")
    assert fb.text == "Seven is too few. Hint: Count the kitty."
    assert "Ten" not in fb.text and not fb.right
    assert Feedback("wrong", "", "Count the kitty.").text == "Hint: Count the kitty."
    assert Feedback("right", "Yes.").text == "Yes." and Feedback("right", "Yes.").right
    bad = Feedback.invalid("Type a number first.")
    assert (bad.verdict, bad.why, bad.hint, bad.answer) == ("invalid", "Type a number first.", "", "")


def test_the_ladder_rungs_are_the_second_miss() -> None:
    assert (HINT_FROM, REVEAL_AFTER) == (2, 2)


@pytest.mark.parametrize("attempt", [0, -1, True, 1.5, "2"])
def test_an_attempt_that_is_not_a_count_from_one_is_refused(attempt: Any) -> None:
    with pytest.raises(AnswerError, match="attempt"):
        NumberModel("How many?", 3).judge(4, attempt=attempt)


# ------------------------------------------------------------------------------------------ numbers
def test_number_reads_friendly_text_and_refuses_the_rest() -> None:
    assert read_number(" 1,200 points") == 1200
    assert read_number(f"{MINUS}120") == -120
    assert read_number(7) == 7
    assert isinstance(read_number("seven"), str) and isinstance(read_number(True), str)
    assert isinstance(read_number(10**9), str)


def test_number_model_ladder_with_the_pack_reasons() -> None:
    # the four-player pack: 52 cards less the 2s and 3s (8) and the black 4s (2), plus the joker = 43
    m = NumberModel("How many cards are in the pack?", 43, reasons=reasons.pack_size_reasons(4), hint="Count the joker.")
    right = m.judge("43")
    assert right.right and right.why == "43 is right." and right.hint == "" and right.answer == ""
    # the likely slips each get their own reason: the whole 52-card pack, the pack without the joker,
    # the hands alone (4 × 10)
    assert {52, 42, 40} <= set(m.likely_wrong) and 43 not in m.likely_wrong
    first = m.judge(52)
    assert first.verdict == "wrong" and "52" in first.why and "joker" in first.why
    assert first.hint == "" and first.answer == ""
    assert "joker" in m.judge(42).why and "kitty" in m.judge(40).why
    second = m.judge(41, attempt=2)
    assert second.why == "41 is not right."  # no reason known for 41: plainly not right, never "more than"
    assert second.hint == "Count the joker."
    assert second.answer == "43." and "43" not in second.text


def test_a_reason_function_gives_the_why_and_likely_lists_the_slips() -> None:
    m = NumberModel("Tricks needed for 8♠?", 8, reasons=lambda n: f"{n} is the points." if n == 240 else None,
                    likely=(240, 8), explanation="The number in the bid.")
    assert m.likely_wrong == (240,)  # the right answer is never a likely slip
    assert m.judge(240).why == "240 is the points."
    assert m.judge(9).why == "9 is not right."
    assert m.judge(8).why == "The number in the bid."
    assert m.answer_text() == "8. The number in the bid."


def test_score_lost_contract_sign_slip_and_hint() -> None:
    # 7♥ is worth 40 + 3 strain steps × 20 + 1 trick × 100 = 200; five tricks of seven: lost, −200
    m = ScoreModel("7H", 5)
    assert m.correct == -200
    assert "worth 200" in m.question and "5 tricks" in m.question
    assert m.judge(-200).right and m.judge(f"{MINUS}200").right
    first = m.judge(200)
    assert first.verdict == "wrong" and first.why.startswith("200 ") and "sign" in first.why
    assert first.hint == "" and first.answer == ""
    second = m.judge(200, attempt=2)
    assert second.hint == "Check the sign: a lost contract is minus, a made one plus."
    assert second.answer.startswith(f"{MINUS}200.")
    # another wrong number on the second miss: the hint says the contract was lost (7 needed, 5 won)
    assert m.judge(-100, attempt=2).hint.startswith("The contract needed 7 tricks and the contractors won 5, so it was lost")


def test_score_defenders_and_slam() -> None:
    # the defenders took 10 − 5 = 5 tricks: 5 × 10 = 50, made contract or not
    d = ScoreModel("7H", 5, side="defenders")
    assert d.correct == 50
    assert "10 for each trick" in d.judge(30, attempt=2).hint
    # a slam on 8♠ (worth 40 + 200 = 240 < 250) scores 250
    s = ScoreModel("8S", 10)
    assert s.correct == 250
    assert "slam" in s.judge(240, attempt=2).hint
    with pytest.raises(NotationError, match="no side 'partners'"):
        ScoreModel("7H", 5, side="partners")


@pytest.mark.parametrize("typed, words", [
    ("", "Type a number first"), ("abc", "'abc' is not a whole number"), ("99999999", "far too big"), (True, "Please type"),
])
def test_number_bad_input_raises_and_leaves_the_model(typed: object, words: str) -> None:
    m = ScoreModel("7H", 5)
    before = copy.copy(vars(m))
    with pytest.raises(AnswerError) as err:
        m.judge(typed)
    assert words in err.value.explanation
    if isinstance(typed, str) and typed:
        assert repr(typed) in str(err.value)  # the message names the input
    assert vars(m) == before


# ------------------------------------------------------------------------------------------ one of a few
def test_choice_ladder_and_ruled_out_options() -> None:
    m = ChoiceModel("Who deals next?", ["North", "East", "South"], "East",
                    explanations={"North": "North dealt this hand.", "East": "The deal passes to the left."})
    assert m.correct == 1
    assert m.judge("East").why == "The deal passes to the left."
    assert m.judge(0).why == "North dealt this hand." and m.judge(0).hint == ""
    south = m.judge("South", attempt=2, ruled_out=["North"])
    assert south.why == "South is not the answer."
    # three options, North and South ruled out: one is left
    assert south.hint == "You have ruled out North, South; 1 answer is left."
    assert south.answer == "East. The deal passes to the left." and "East" not in south.text


def test_choice_bad_input() -> None:
    m = ChoiceModel("Who deals next?", ["North", "East"], 1, hint="Look left.")
    before = copy.copy(vars(m))
    with pytest.raises(AnswerError, match="'West'") as err:
        m.judge("West")
    assert err.value.explanation == "'West' is not one of the answers."
    with pytest.raises(AnswerError, match="5"):
        m.judge(5)
    with pytest.raises(AnswerError, match="ruled out"):
        m.judge(0, ruled_out=["East"])
    assert vars(m) == before
    with pytest.raises(ValueError):
        ChoiceModel("Only one?", ["Yes"], 0)


# ------------------------------------------------------------------------------------------ cards
def test_pick_cards_ladder() -> None:
    # hearts trumps: J♦ (the left bower), the joker and 5♥ are trumps; A♠ and K♦ are not
    m = CardPickModel("Pick the trumps.", "JD 5H AS JK KD", "JD 5H JK",
                      reasons={"KD": "K♦ is a diamond: only the jack of diamonds joins the hearts."})
    assert m.judge("JK JD 5H").right and m.judge("JK JD 5H").why == "Those are exactly the right cards."
    assert m.judge(["KD", "JD"]).why == "K♦ is a diamond: only the jack of diamonds joins the hearts."
    assert m.judge(["AS"]).why == "A♠ does not fit."  # no reason given for A♠
    assert m.judge(["AS", "KD"]).why == "A♠ K♦ do not fit."  # the first card shown that does not fit has no reason
    some = m.judge(["JD"], attempt=2)
    assert some.why == "Those cards fit, but you have left out at least one more."
    assert some.hint == "3 of these cards fit."
    assert some.answer == "J♦ 5♥ Joker."


def test_pick_cards_more_names_the_rule() -> None:
    m = CardPickModel("Pick the trumps.", "JD 5H AS", "JD 5H", more="the left bower is a trump too.")
    assert m.judge(["5H"]).why == "5♥ is right, but you have left out at least one more: the left bower is a trump too."


def test_pick_cards_bad_input() -> None:
    m = CardPickModel("Pick the trumps.", "JD 5H AS", "JD 5H")
    before = copy.copy(vars(m))
    with pytest.raises(AnswerError, match="not one of the cards shown: QH") as err:
        m.judge("QH 5H")
    assert err.value.explanation == "Q♥ is not one of the cards shown."
    with pytest.raises(AnswerError) as err:
        m.judge([])
    assert err.value.explanation == "Pick at least one card first, then press Check."
    with pytest.raises(NotationError, match="ZZ"):
        m.judge("ZZ")
    assert vars(m) == before


def test_playable_must_follow_trumps_with_the_left_bower() -> None:
    # hearts trumps, 9♥ led: J♦ is a heart now (the left bower), so J♦ and 7♥ must be played; A♠ and K♣ may not
    m = PlayableModel("JD 7H AS KC", "9H", "7H")
    assert set(m.legal) == set(_cards("JD 7H"))
    assert m.question.startswith("Which of your cards may you play?")
    assert m.context == "Contract: seven hearts. Trick so far:"
    right = m.judge("7H JD")
    assert right.right and "J♦" in right.why
    illegal = m.judge(["AS", "JD"])
    assert illegal.why.startswith("You may not play A♠: ") and illegal.hint == ""
    part = m.judge(["7H"], attempt=2)
    assert part.why.startswith("7♥ is right, but you have left out at least one more")
    assert "J♦" not in part.why  # the rule, not the card left out
    assert part.hint == "You may play 2 of these 4 cards. Look again at J♦."
    assert part.answer.startswith("You may play J♦ 7♥.")


def test_playable_void_may_play_anything_and_leading() -> None:
    # diamonds trumps, hearts led, no heart in hand: any card
    m = PlayableModel("AS KC QC", "9H", "7D")
    assert set(m.legal) == set(_cards("AS KC QC"))
    assert m.judge("AS KC QC").right
    lead = PlayableModel("AS KC", (), "7D")
    assert lead.context == "Contract: seven diamonds. You are leading."


def test_joker_notes_and_contract_words() -> None:
    assert joker_notes(_cards("JK 5H"), led=Suit.HEARTS) == "The joker was led, naming hearts."
    assert joker_notes((), nominated=Suit.CLUBS, suits_led=["S"], last_trick=True) == (
        "The contractor nominated the joker as a club. Suits led earlier this hand: spades. This is the last trick.")
    assert contract_words(None) == "no trumps"
    assert contract_words(Suit.SPADES) == "spades are trumps"
    assert contract_words("8NT") == "eight no trumps"


def test_trick_winner_left_bower_beats_the_ace_of_trumps() -> None:
    m = TrickWinnerModel("10H JD AH 5S", "H", leader="W")
    assert m.winner == Card.parse("JD")
    assert m.question == "Hearts are trumps. Which card wins this trick?"
    assert m.captions == ("West (led)", "North", "East", "South")  # West leads, play goes to the left
    first = m.judge("AH")
    assert first.why == "A♥ does not win: it is the ace of trumps, and a higher trump was played to this trick."
    assert (first.hint, first.answer) == ("", "")
    second = m.judge("10H", attempt=2)
    assert second.hint == "A trump was played, so the highest trump wins. Remember the joker and the two bowers."
    assert "left bower" in second.answer and "J♦" not in second.text
    win = m.judge("JD")
    assert win.right and "left bower" in win.why


def test_trick_winner_off_suit_and_follow_suit_losers() -> None:
    # spades trumps, clubs led: 5♠ trumps the ace of clubs; Q♦ neither follows nor trumps
    m = TrickWinnerModel("KC AC 5S QD", "S")
    assert m.winner == Card.parse("5S")
    assert m.judge("AC").why.endswith("It follows the suit led, but a trump was played, and any trump beats it.")
    assert m.judge("QD").why.endswith("which neither follows the suit led (clubs) nor is a trump.")
    # no trumps, clubs led: the highest club wins
    nt = TrickWinnerModel("KC AC 9C", None)
    assert nt.question == "No trumps. Which card wins this trick?"
    assert nt.judge("KC").why.endswith("but a higher club was played.")
    assert nt.judge("KC", attempt=2).hint == "No trump was played, so the highest club (the suit led) wins."


def test_trick_winner_bad_input() -> None:
    m = TrickWinnerModel("10H JD AH 5S", "H")
    before = copy.copy(vars(m))
    with pytest.raises(AnswerError, match="not in this trick: KH") as err:
        m.judge("KH")
    assert err.value.explanation == "K♥ is not in this trick."
    with pytest.raises(NotationError):
        m.judge("banana")
    assert vars(m) == before


def test_trump_order_hearts() -> None:
    # hearts: Joker, J♥ (right bower), J♦ (left bower), A♥, K♥
    m = TrumpOrderModel("H", "AH JH JK JD KH")
    assert m.correct == tuple(_cards("JK JH JD AH KH"))
    right = m.judge("JK JH JD AH KH")
    assert right.why == "Highest first: Joker, J♥ (right bower), J♦ (left bower), A♥, K♥."
    wrong = m.judge("JH JK JD AH KH", attempt=2)
    assert wrong.why.startswith("Place 1 is wrong: J♥ is the right bower") and wrong.why.endswith("and Joker beats it.")
    assert wrong.hint.startswith("Place 1 is Joker: ")
    assert wrong.answer == right.why
    # places 1-3 right, then K♥ above A♥: place 4 is wrong, and A♥ (one card) beats it
    assert m.judge("JK JH JD KH AH").why.startswith("Place 4 is wrong: K♥ is ")
    assert m.judge("JK JH JD KH AH").why.endswith("and A♥ beats it.")
    assert m.unfinished(2) == "Put all 5 cards in order first (2 so far)."


def test_trump_order_bad_input_and_bad_questions() -> None:
    m = TrumpOrderModel("H", "AH JH JK")
    before = copy.copy(vars(m))
    for partial in ("JK JH", "JK JH JH AH", "JK JH AH KH"):
        with pytest.raises(AnswerError) as err:
            m.judge(partial)
        assert err.value.explanation == "Use each card shown exactly once."
        assert repr(partial)[:10] in str(err.value)
    assert vars(m) == before
    with pytest.raises(NotationError, match="not a trump when hearts are trumps: AS"):
        TrumpOrderModel("H", "AS JH")
    with pytest.raises(NotationError, match="no trump suit"):
        TrumpOrderModel("NT")


# ------------------------------------------------------------------------------------------ bids
def test_higher_bid_same_tricks_the_strain_decides() -> None:
    # 7♦ = 40 + 2 × 20 + 100 = 180, 7♥ = 200; the ladder 6♠ 6♣ 6♦ 6♥ 6NT 7♠ 7♣ 7♦ 7♥: 7♦ is rung 8, 7♥ rung 9
    m = HigherBidModel("7D", "7H")
    assert m.higher.label == "7♥"
    right = m.judge("7H")
    assert right.why == "7♥ (200 points) is higher than 7♦ (180 points): on the bidding ladder 7♥ is rung 9 and 7♦ is rung 8."
    first = m.judge("7D")
    assert first.why.startswith("7♦ is not the higher bid. 7♦ promises seven tricks, the same number")
    assert "7♥" not in first.text
    second = m.judge("7D", attempt=2)
    assert second.hint == "Compare the number of tricks first; only if they are the same, compare the suits."
    assert second.answer == right.why


def test_higher_bid_misere_hint_names_its_rung() -> None:
    # misère (250 points) sits on its own rung, below 8♠ (240 points): 8♠ is higher despite fewer points
    m = HigherBidModel("8S", "MIS")
    assert m.higher.label == "8♠"
    miss = m.judge("MIS", attempt=2)
    assert "points don't decide" in miss.why
    assert "own rung" in miss.hint


def test_higher_bid_bad_input() -> None:
    m = HigherBidModel("7D", "7H")
    before = copy.copy(vars(m))
    with pytest.raises(AnswerError, match="not one of the two bids: 8H") as err:
        m.judge("8H")
    assert err.value.explanation == "8♥ is not one of the two bids."
    with pytest.raises(NotationError):
        m.judge("8Z")
    assert vars(m) == before
    with pytest.raises(NotationError, match="the same bid twice"):
        HigherBidModel("7H", "7H")


def test_every_refusal_is_a_five_hundred_value_error() -> None:
    assert issubclass(AnswerError, FiveHundredError) and issubclass(AnswerError, ValueError)
