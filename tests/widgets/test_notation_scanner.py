"""Learner text never shows engine notation: the formatter, and a scanner over the gallery and the lessons.

The scanner reads every string a learner can see in a widget tree (HTML text without its tags, button captions,
tooltips, card names and captions) and walks each exercise through two wrong answers and the reveal.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import ipywidgets as w
import pytest

from fivehundred import text
from fivehundred.cards import parse_cards
from widgets import MultipleChoice, NumberAnswer, PickCards, WhichCardWins
from widgets.gallery import gallery, learner_strings, notation_report, probe_exercises

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("raw", "plain"),
    [
        ("Hint: 6D.", "Hint: 6♦."),
        ("discard 5C 6C KH", "discard 5♣ 6♣ K♥"),
        ("back to your card (8H)", "back to your card (8♥)"),
        ("10D and JK", "10♦ and Joker"),
        ("a score of -380", "a score of −380"),
        ("(-20)", "(−20)"),
        ("6-player packs, tricks 1-2", "6-player packs, tricks 1-2"),  # hyphens that are not minus signs stay
        ("OK, KHz and 10DS are not cards", "OK, KHz and 10DS are not cards"),
    ],
)
def test_plain_rewrites_notation_and_leaves_words(raw: str, plain: str) -> None:
    assert text.plain(raw) == plain
    assert text.notation_in(plain) == []


@pytest.mark.parametrize(
    ("value", "shown"),
    [(-380, "−380"), (0, "0"), (250, "250")],
)
def test_points_use_the_true_minus_sign(value: int, shown: str) -> None:
    assert text.points(value) == shown


def test_the_table_header_shows_a_negative_score_with_the_true_minus_sign() -> None:
    from fivehundred.game import Game
    from fivehundred.players import RulesPlayer
    from fivehundred.session import Session
    from widgets.felt import header_html

    bots = RulesPlayer()

    def below_zero(seed: int) -> Game | None:  # play a game until a side's total is below zero (a set contract)
        game = Game(seed=seed)
        while not game.is_over:
            r = game.round
            while not r.is_over:
                r.apply(bots.choose(r.view(r.to_act)))
            game.next_hand()
            if min(game.scores) < 0:
                return game
        return None

    game = next(g for g in map(below_zero, range(50)) if g is not None)
    header = header_html(Session(game=game))
    low = min(game.scores)
    assert f"\u2212{-low}" in header and f"-{-low}" not in header, header
    assert text.scores(("N–S", "E–W"), (50, -60)) == "N–S 50, E–W \u221260"


def test_cards_bids_and_signed_changes() -> None:
    assert text.cards(parse_cards("10D JH JK")) == "10♦ J♥ Joker"
    assert text.bid("7H") == "seven hearts" and text.bid("MIS") == "misère"
    assert (text.signed(40), text.signed(-10), text.signed(0)) == ("+40", "−10", "0")


def test_the_scanner_finds_notation_in_text_and_not_in_attributes() -> None:
    bad = w.VBox([w.HTML('<div data-card="JH">Hint: 6D.</div>'), w.Button(description="discard 5C 6C KH"),
                  w.HTML("<b>lost -380</b>")])
    report = notation_report(bad)
    assert len(report) == 5, report  # 6D, 5C, 6C, KH, -380; never the JH inside the attribute
    assert not any("'JH'" in line for line in report)
    good = w.VBox([w.HTML('<svg data-card="JH"><title>jack of hearts</title></svg>6♦ −380')])
    assert notation_report(good) == []


def test_the_probe_walks_each_exercise_through_its_ladder_and_resets_it() -> None:
    quizzes = [WhichCardWins("AS JC JS KS", "S"), NumberAnswer("How many?", 43),
               PickCards("Pick the red jacks", "JH JS JD JC", correct="JH JD")]
    found = probe_exercises(w.VBox(quizzes))
    assert sum(1 for where, _ in found if where.endswith(" miss")) == 6
    assert sum(1 for where, _ in found if where.endswith(" reveal")) == 3
    assert all(not q.revealed and q.misses == 0 for q in quizzes)


def test_the_gallery_shows_no_engine_notation() -> None:
    box = gallery()
    assert len(learner_strings(box)) > 200  # the scan really reads the page
    assert len([1 for where, _ in probe_exercises(box) if where.endswith(" reveal")]) >= 8
    assert notation_report(box) == []


def _markdown(nb_path: Path) -> list[str]:
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            s = "".join(cell["source"])
            s = re.sub(r"```.*?```", "", s, flags=re.S)
            s = re.sub(r"`[^`]*`", "", s)  # code spans (the appendix shows code on purpose)
            s = re.sub(r"\]\([^)]*\)", "]", s)  # link targets
            out.append(s)
    return out


NOTEBOOKS = sorted((ROOT / "lessons").glob("*.ipynb")) + sorted((ROOT / "lessons" / "extras").glob("*.ipynb"))


def test_there_are_lessons_to_scan() -> None:
    assert len(NOTEBOOKS) >= 20


@pytest.mark.parametrize("nb_path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_lesson_prose_shows_no_engine_notation(nb_path: Path) -> None:
    hits = [hit for md in _markdown(nb_path) for hit in text.notation_in(md)]
    assert hits == []


# --- wording slips (issue 27) ------------------------------------------------------------
def test_the_scanner_catches_bid_codes_and_doubled_leads() -> None:
    assert text.notation_in("In this hand you bid misère (MIS).") == ["MIS"]
    assert text.notation_in("open misère (OMIS)") == ["OMIS"]
    assert text.notation_in("You bid 7NT over misère.") == []  # 7NT is the bid's label, misère its word
    bad = w.VBox([w.HTML("<b>✔ Right.</b> Right: West speaks first.")])
    assert any("doubled lead" in line for line in notation_report(bad, probe=False))


def test_a_right_answer_that_starts_with_right_says_it_once() -> None:
    from widgets._common import message_html

    shown = re.sub(r"<[^>]+>", "", message_html("Right: West sits on the dealer's left.", "right"))
    assert shown.startswith("✔ Right: West") and text.wording_in(shown) == []
    assert re.sub(r"<[^>]+>", "", message_html("West sits on the dealer's left.", "right")).startswith("✔ Right. West")
    quiz = MultipleChoice("Who speaks first?", ["West", "North"], "West", explanations={"West": "Right: West sits next."})
    quiz.answer("West")
    assert text.wording_in(re.sub(r"<[^>]+>", " ", quiz._feedback.value)) == []


def test_the_coach_uses_no_trump_words_in_no_trumps() -> None:
    from fivehundred.analysis.coach import principle
    from fivehundred.players import RulesPlayer
    from fivehundred.round import Phase, Round

    bots, checked, slips = RulesPlayer(), 0, []
    for seed in range(40):
        r = Round.deal(seed=seed)
        r.apply("6NT")
        while r.phase is Phase.AUCTION:
            r.apply("PASS")
        while not r.is_over:
            view = r.view(r.to_act)
            for action in r.legal_actions():
                words = principle(view, action)
                checked += 1
                slips += [f"seed {seed}: {s}" for s in text.wording_in(words, no_trumps=True)]
            r.apply(bots.choose(view))
    assert checked > 1000 and slips == [], slips[:5]
    # and the check can fail: the old discard and void hints
    assert text.wording_in("Keep your trumps, the joker and your aces.", no_trumps=True)
    assert text.wording_in("You can't follow suit, so trump this trick and win it.", no_trumps=True)


LIBRARY = sorted((ROOT / "fivehundred" / "library" / "hands").glob("*.json"))


def test_guided_hand_texts_show_no_bid_codes() -> None:
    assert len(LIBRARY) >= 12
    hits = []
    for path in LIBRARY:
        for found in re.findall(r'"(?:text|wrong)": "((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8")):
            hits += [f"{path.stem}: {h} in {found[:60]!r}" for h in text.notation_in(found)]
    assert hits == []
