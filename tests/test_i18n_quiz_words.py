"""The bidding quizzes, their grading statistics, the engine's refusals and the sides' names in the kernel's
language (issue #28, item 2): under fivehundred.i18n.use("sk") a sample of the served quizzes' questions and
level names, the "How was this graded?" text, refusals from the auction, the play, the kitty, the card and
quiz-code parsers and the ladder, and the score pad's side names are Slovak, with no English word left and
the card symbols intact; the English stays as it was."""

from __future__ import annotations

import re

import pytest

from fivehundred import Game, Round, Rules
from fivehundred.feedback import explain_outranks
from fivehundred.cards import Card, parse_cards
from fivehundred.errors import FiveHundredError
from fivehundred.play import explain_play
from fivehundred.players import RulesPlayer, play_hand
from fivehundred.quiz import answer_key, bank_codes, grade, make_quiz, session_codes
from fivehundred.quiz.quiz import LEVELS, level_name
from fivehundred.text import bid_label, seat_short, side_names
from widgets.quiz import _auction_text, how_graded_html, quiz_widget, rate_chart_html
from widgets.scorepad import ScorePad

pytestmark = pytest.mark.usefixtures("slovak")  # tests/conftest.py: Slovak for each test, English after

#: English words that show text bypassing the catalogue (none is also a Slovak word: not "to", "on", "by", "a", "so")
ENGLISH = {"the", "and", "with", "is", "are", "not", "what", "which", "call", "calls", "bid", "bids", "level", "clear",
           "moderate", "close", "points", "deals", "deal", "sampled", "standard", "error", "errors", "noise",
           "sampling", "you", "your", "hold", "follow", "suit", "led", "lead", "joker", "trump", "trumps", "hearts",
           "spades", "diamonds", "clubs", "pass", "quiz", "code", "card", "cards", "kitty", "discard", "dealer",
           "far", "may", "must", "next", "player", "over", "than", "lower", "higher", "ladder", "every", "each",
           "of", "in", "how", "many", "worth", "cheapest", "outranks", "best", "more", "average", "give", "take",
           "played", "out", "same", "other", "hands", "hand", "write", "rank", "such", "as", "too", "long", "at",
           "characters", "beats", "even", "though", "sits", "between", "only", "after", "someone",
           "seven", "eight", "tricks", "trick", "yet", "none", "nobody", "passed", "went"}
#: the seat letters as English writes them (North, East, South, West): never alone in Slovak text
LETTERS = re.compile(r"(?<![\w–])[NESW](?![\w–])")


def english_words(text: str) -> set[str]:
    """The words of ``text`` (its HTML tags and attributes left out) that are on the English list."""
    words = re.findall(r"[^\W\d_]+", re.sub(r"<[^>]*>", " ", text))
    return {w for w in words if w.lower() in ENGLISH}


def _sample() -> list[str]:
    """The quizzes two practice sessions serve (every kind, ladder drills included) and every 23rd code of the bank."""
    codes = sorted(bank_codes())
    served = [*session_codes(30, 1, bank=codes), *session_codes(30, 2, bank=codes)]
    return sorted({*codes[::23], *served})


def test_the_served_quizzes_questions_and_level_names_are_slovak() -> None:
    sample = _sample()
    assert {c[0] for c in sample} == set("OCMKL") and {c[1] for c in sample} == set("123")
    for code in sample:
        view = quiz_widget(code)
        quiz = view.quiz
        shown = [quiz.question, view._title.value]
        if quiz.problem is not None and quiz.kind != "kitty":
            shown.append(_auction_text(quiz))
        text = " ".join(shown)
        assert not english_words(text), (code, english_words(text), text)
        assert not LETTERS.findall(re.sub(r"<[^>]*>|kód kvízu \S+", " ", text)), (code, text)
        if quiz.kind == "kitty":
            assert quiz.contract is not None and quiz.contract.label in quiz.question  # 7♠, not 7S
        if quiz.kind == "ladder" and quiz.drill != "misere_now":
            assert quiz.subject is not None and bid_label(quiz.subject) in quiz.question, (code, quiz.question)
    assert [level_name(n) for n in (1, 2, 3)] == ["jasné", "stredné", "tesné"]
    assert LEVELS == {1: "clear", 2: "moderate", 3: "close call"}, "the English stays as data"
    # L1-11's right answer is 7♥ (widgets/quiz.py's example), so it asks for the bid over 7♦
    assert make_quiz("L1-11").question == "Aké je najlacnejšie hlásenie, ktoré je vyššie ako 7♦?"


def test_how_was_this_graded_is_slovak() -> None:
    checked = 0
    for code in _sample():
        quiz = make_quiz(code)
        if quiz.kind == "ladder":
            continue
        key = answer_key(quiz)
        if key is None:
            continue
        answer = quiz.discard_candidates()[-1] if quiz.kind == "kitty" else quiz.problem.legal_bids()[-1]  # type: ignore[union-attr]
        feedback = grade(quiz, answer, key)
        box = how_graded_html(feedback)
        assert "Ako sa to hodnotilo?" in box and feedback.details
        assert not english_words(box), (code, english_words(box), box)
        chart = rate_chart_html(feedback)  # the bars' options too: "pas", not "pass"
        assert box in chart and not english_words(chart), (code, english_words(chart))
        assert re.search(r"o \d+,\d štandardnej chyby", feedback.details), feedback.details  # a decimal comma
        checked += 1
    assert checked >= 10


def test_refusals_a_learner_sees_are_slovak() -> None:
    r = Round.deal(Rules(), seed=3)
    r.apply("7H")
    with pytest.raises(FiveHundredError) as low:
        r.apply("6S")
    assert low.value.explanation == "6♠ je nižšie ako platné hlásenie 7♥; každé hlásenie musí byť na rebríčku vyššie."
    explanations = [low.value.explanation]
    follow = explain_play("5D", "JD 5D 9S", "AH", "H").reason
    assert follow == ("J♦ sa počíta ako srdce, keď sú tromfy srdcia, a túto kartu máte, takže musíte priznať farbu "
                      "a zahrať srdce.")
    explanations += [follow, explain_play("JK", "JK 5D", "", "NT").reason, explain_play("6S", "6S 5D", "AH", "S").reason,
                     r.explain("PASS"), explain_outranks("8S", "MIS"), explain_outranks("7H", "7D")]
    for bad in (lambda: Card.parse("ZZ"), lambda: parse_cards("JH " * 1000), lambda: make_quiz("Q1-1")):
        with pytest.raises(FiveHundredError) as err:
            bad()
        explanations.append(err.value.explanation)
    assert explanations[-2] == "To je pridlhé na zoznam kariet: najviac 2\u00a0000 znakov."
    for _call in range(3):
        r.apply("PASS")
    assert r.to_act is not None  # the contractor, with the kitty
    with pytest.raises(FiveHundredError) as one:
        r.apply(f"discard {r.hand(r.to_act)[0]}")
    assert one.value.explanation == "Musíte odhodiť presne 3 karty, nie 1."
    explanations.append(one.value.explanation)
    for text in explanations:
        assert not english_words(text), (english_words(text), text)
    assert "8♠ je vyššie: misère je na rebríčku medzi 7NT a 8♠" in explanations[5]


def test_the_sides_and_seats_are_named_in_slovak_and_the_records_keep_their_letters() -> None:
    assert side_names(Rules()) == ("Sever–Juh", "Východ–Západ")  # as lesson 13's catalogue writes them
    assert seat_short(3, 4) == "Západ"
    game = Game(seed=4)
    play_hand(game.round, [RulesPlayer() for _ in range(4)])
    game.next_hand()
    pad = ScorePad(game)
    assert ">Sever–Juh</th>" in pad._table.value and ">Východ–Západ</th>" in pad._table.value
    contract = re.search(r'<tr class="fh-score-line".*?</td><td[^>]*>(.*?)</td>', pad._table.value)
    assert contract is not None and contract.group(1).endswith(", hrá Západ"), contract
    assert not english_words(pad._table.value + pad.chart_svg())
    assert not LETTERS.findall(re.sub(r"<[^>]*>", " ", pad._table.value))
    assert game.side_names == ("N–S", "E–W"), "the game's own names stay English data (records, saves)"


def test_the_english_is_as_before() -> None:
    from fivehundred import i18n

    i18n.use("en")
    assert make_quiz("L1-11").question == "What is the cheapest bid that outranks 7♦?"
    assert side_names(Rules()) == ("N–S", "E–W") and seat_short(3, 4) == "W"
    assert explain_play("5D", "JD 5D 9S", "AH", "H").reason == (
        "J♦ counts as a heart while hearts are trumps, and you hold it, so you must follow with a heart.")
    assert explain_outranks("8S", "MIS") == (
        "8♠ is higher: misère sits between 7NT and 8♠ on the ladder, so 8♠ beats it, even though 8♠ is worth 240 and misère 250.")
