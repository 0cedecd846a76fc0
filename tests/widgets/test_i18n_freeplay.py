"""Free play, the score pad and the quiz's verdicts in the kernel's language (issue #28, item 2): under
fivehundred.i18n.use("sk") the level menus, a score pad line and a quiz headline are Slovak, with no English
word left (and the hand review); the level keys the saves store stay English."""

from __future__ import annotations

import re

import pytest

from fivehundred import Bid, Game
from fivehundred.actions import Play
from fivehundred.analysis.grading import GradedPlay
from fivehundred.cards import Card
from fivehundred.analysis.levels import LEVELS, level_arg
from fivehundred.analysis.simulation import BiddingProblem, Simulation, _outcomes
from fivehundred.errors import FiveHundredError
from fivehundred.players import RulesPlayer, play_hand
from fivehundred.quiz import grade
from fivehundred.quiz.quiz import Quiz
from fivehundred.scoring import score_hand
from widgets.freeplay import FreePlay
from widgets.scorepad import ScorePad
from widgets.wiring import Review

pytestmark = pytest.mark.usefixtures("slovak")  # tests/conftest.py: Slovak for each test, English after

#: English words that would show text bypassing the catalogue (none of them is also a Slovak word: not "by")
ENGLISH = {"the", "and", "with", "made", "set", "trick", "tricks", "defenders", "best", "call", "hand", "is",
           "random", "beginner", "club", "players", "player", "new", "game", "score", "pad", "why", "contract",
           "too", "high", "low", "your", "opponents", "table", "export", "hands", "this", "record", "replay"}


def english_words(text: str) -> set[str]:
    """The words of ``text`` (its HTML tags and attributes left out) that are on the English list."""
    words = re.findall(r"[^\W\d_]+", re.sub(r"<[^>]*>", " ", text))
    return {w for w in words if w.lower() in ENGLISH}


def test_the_free_play_menus_and_buttons_are_slovak_and_the_levels_keep_their_keys() -> None:
    fp = FreePlay(seed=2, pace=0, path=None)
    west = fp._menus["W"]
    assert [label for label, _key in west.options] == ["Náhodný", "Začiatočník", "Klubový", "Expert"]
    assert [key for _label, key in west.options] == ["random", "beginner", "club", "expert"], "saves store the keys"
    assert west.description == "Západ"
    assert fp._partner_menus["N"].description == "Sever (partner)"
    assert [label for label, _n in fp._count_menu.options] == ["3 hráči", "4 hráči", "6 hráčov"]
    assert fp._new_game_btn.description == "Nová hra" and fp._count_menu.description == "Stôl"
    shown = [*(label for label, _k in west.options), str(west.tooltip), str(fp._partner_menus["N"].tooltip),
             fp._partner_note.value, fp._new_game_btn.description, fp._confirm_yes.description,
             fp._confirm_no.description, *(fp._records.get_title(i) for i in range(3))]
    assert not english_words(" ".join(shown)), english_words(" ".join(shown))
    assert "Sever (váš partner) hrá na úrovni Klubový" in fp._partner_note.value
    assert [lv.label for lv in LEVELS] == ["Random", "Beginner", "Club", "Expert"], "the English stays as data"


def test_a_refused_partner_level_says_why_in_slovak() -> None:
    with pytest.raises(FiveHundredError) as err:
        FreePlay(seed=2, pace=0, path=None, partners="expert")
    assert err.value.explanation.startswith("Expert sa neponúka ako váš partner:")
    assert not english_words(err.value.explanation)
    assert level_arg("random").why_not_partner().startswith("Náhodný sa neponúka")


def test_a_score_pad_line_is_slovak_one_two_and_five_tricks_in_their_forms() -> None:
    assert score_hand("7H", 8).reason == "7♥ splnené s 8 štychmi: +200. Obrancovia získali 2 štychy: +20."
    assert score_hand("MIS", 1).reason == (
        "Misère prehraté: hráč kontraktu získal 1 štych, takže −250. V misère obrancovia nezískajú nič.")
    assert score_hand("8S", 5).reason == "8♠ padol: 5 štychov z 8 potrebných, takže −240. Obrancovia získali 5 štychov: +50."
    game = Game(seed=4)
    play_hand(game.round, [RulesPlayer() for _ in range(4)])
    game.next_hand()
    pad = ScorePad(game)
    line = re.search(r'<tr class="fh-score-line".*?</tr>', pad._table.value)
    assert line is not None and game.lines[0].reason.replace("'", "&#x27;") in line.group(0)
    for word in ("Rozdanie", "Kontrakt", "Prečo"):
        assert f">{word}</th>" in pad._table.value
    assert not english_words(line.group(0)), english_words(line.group(0))
    assert not english_words(pad._result.value) and not english_words(pad._title.value)


def test_a_quiz_verdict_is_slovak() -> None:
    problem = BiddingProblem.make("JK JH JD AH 10H 9H AS 7C 6C 5S", dealer=3)
    quiz = Quiz("opening", 1, 0, problem)
    hearts = (9, 9, 9, 9, 8, 8, 8, 8, 8, 7, 7, 6)  # 7H makes on 11 of 12 deals: the best call
    bids = tuple(Bid.parse(c) for c in ["PASS", "6H", "7H", "8H", "9H"])
    key = Simulation(problem, "t", _outcomes(problem, bids, {"H": hearts}, 12), {"H": hearts}, {"H": (True,) * 12},
                     0, 0, True, 0.0, "playout")
    best = grade(quiz, "7H", key)
    assert best.headline == "Najlepšie: 7♥."
    assert "Najlepšie hlásenie, 7♥, bolo splnené v 11 z 12 skúšobných rozdaní (92%), v priemere +167 bodov." in best.explanation
    assert not english_words(best.explanation), english_words(best.explanation)
    high = grade(quiz, "9H", key).headline
    assert high == "Príliš vysoko: 9♥ žiada viac, než tieto karty dajú; najlepšie hlásenie je 7♥."
    low = grade(quiz, "PASS", key).headline
    assert low == "Príliš nízko: tieto karty majú väčšiu hodnotu než pas; najlepšie hlásenie je 7♥."
    assert not english_words(high + " " + low)


def test_the_hand_review_frame_is_slovak() -> None:
    card = Card.parse("10D")
    graded = (GradedPlay(3, 2, Play(card), (Play(Card.parse("JH")),), 2, 0, "mistake", "", ""),
              GradedPlay(4, 2, Play(Card.parse("AS")), (), 0, 0, "best", "", ""))
    review = Review(1, graded)
    assert review.summary() == "Vaše karty porovnané s dokonalou hrou pri odkrytých kartách všetkých hráčov: 2 (najlepšia: 1, chyba: 1)."
    assert review.moments() == ("Štych 3: zahrali ste 10♦, chyba: stálo to 2 štychy. J♥ udržala najlepší výsledok.",)
    assert not english_words(review.text()), english_words(review.text())
