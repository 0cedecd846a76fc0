"""The guided hands' own widget words in the kernel's language (issue #28): the browser tour found the
hand picker, the restart button, the contract line, the coach's heading and the review's frame English on
every translated page."""

from __future__ import annotations

import re

import pytest

from widgets import GuidedHandView

from test_guided import _follow_line_to

pytestmark = pytest.mark.usefixtures("slovak")  # tests/conftest.py: Slovak for each test, English after

#: English words the widget's own frame used (none is also a Slovak word)
ENGLISH = {"hand", "start", "again", "contract", "you", "play", "south", "coach", "review", "trick", "your",
           "card", "grade", "note", "press", "replay", "intended", "line", "graded", "cards", "kept", "best", "result"}


def english_words(text: str) -> set[str]:
    words = re.findall(r"[^\W\d_]+", re.sub(r"<[^>]*>", " ", text))
    return {w for w in words if w.lower() in ENGLISH}


def test_the_picker_the_buttons_and_the_contract_line_are_slovak() -> None:
    g = GuidedHandView("take-control", pace=0, store=None)
    assert g._picker.description == "Rozdanie"
    assert g._restart_btn.description == "Začať toto rozdanie znova"
    assert g._replay_btn.description == "Prehrať plánovaný postup"
    contract_line = re.findall(r'<div style="font-size:13px[^>]*>([^<]*)</div>', g._intro.value)
    assert contract_line == ["Záväzok v tomto rozdaní: 7♦, hrá Juh (vy). Hráte za Juh."], contract_line
    assert "Tréner" in g._coach.value


def test_the_review_frame_is_slovak_with_slovaks_plural_forms() -> None:
    g = GuidedHandView("left-bower", pace=0, store=None)
    _follow_line_to(g, len(g.guide.hand.line))
    review = g._review_html.value
    assert "<th>Štych</th><th>Vaša karta</th><th>Hodnotenie</th><th>Poznámka</th>" in review
    summary = re.search(r'<div class="fh-guided-summary">([^<]*)</div>', review)
    assert summary is not None
    graded = sum(1 for m in g.review.moves if m.grade is not None) if g.review else 0
    assert graded >= 5  # Slovak's "many" form: "z 7 hodnotených kariet udržalo"
    assert f"z {graded} hodnotených kariet udržalo najlepší výsledok" in summary.group(1), summary.group(1)
    assert "Stlačte <b>Prehrať plánovaný postup</b>" in review
    frame = re.sub(r'<div class="fh-guided-par[^"]*">[^<]*</div>|<div>[^<]*</div>(?=<div class="fh-guided-par")', "", review)
    frame = re.sub(r'<tr class="fh-guided-move">.*?</tr>', "", frame)  # the per-card notes are the guide's words
    assert not english_words(frame), english_words(frame)
