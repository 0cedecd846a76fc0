"""Every card has a text alternative; every exercise can be answered with buttons."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import ipywidgets as w

from widgets import (
    BiddingLadder,
    CardRow,
    Exercise,
    HandView,
    MultipleChoice,
    NumberAnswer,
    OrderTrumps,
    PickCards,
    ScoreThisHand,
    TrickView,
    WhichBidHigher,
    WhichCardWins,
    WhichMayYouPlay,
)
from widgets._ladder import LadderButtons
from widgets._picker import CardButtons
from fivehundred.bidding import Bid


def _all_widgets(root: w.Widget) -> list[w.Widget]:
    out = [root]
    for child in getattr(root, "children", ()):
        out.extend(_all_widgets(child))
    return out


def _svgs(html: str) -> list[ET.Element]:
    found = re.findall(r"<svg .*?</svg>(?=</span>|</div>|$)", html, flags=re.S)
    return [ET.fromstring(s) for s in found]


def _exercises() -> list[Exercise]:
    return [
        MultipleChoice("Q?", ["a", "b"], 0),
        PickCards("Pick", "AH KS", "AH"),
        NumberAnswer("N?", 3),
        WhichCardWins("10H JD AH 5S", "H"),
        WhichMayYouPlay("JD 5D", "KH", "H"),
        OrderTrumps("H", "JH JD"),
        WhichBidHigher("8S", "MIS"),
        ScoreThisHand("7H", 7),
    ]


def test_card_pictures_all_have_text_alternatives() -> None:
    htmls = [
        CardRow("JH JD JK 10S", trump="H")._picture.value,
        TrickView("10H JD AH 5S", "H")._table.value,
    ]
    count = 0
    for html in htmls:
        for svg in _svgs(html):
            count += 1
            assert svg.get("role") == "img"
            assert svg.get("aria-label")
            assert svg.find("{http://www.w3.org/2000/svg}title") is not None
    assert count == 8


def test_card_buttons_carry_names_for_every_card() -> None:
    hand = HandView("JH JD JK", trump="H")
    buttons = hand._buttons
    assert buttons.names == ["jack of hearts, right bower", "jack of diamonds, left bower", "joker"]
    assert all('role="img"' in buttons.faces[c] and "aria-label=" in buttons.faces[c] for c in buttons.cards)
    assert set(buttons.faces) == set(buttons.cards) and len(buttons.cards) == 3


def test_card_buttons_are_real_buttons_in_the_browser_code() -> None:
    esm = CardButtons._esm
    assert 'createElement("button")' in esm and 'b.type = "button"' in esm
    assert "aria-label" in esm and "aria-pressed" in esm and 'model.get("dim_label")' in esm
    # a greyed card's label says why it is grey, in the page's language (from the kernel, not the browser code)
    assert CardButtons().dim_label == "can't be played now, press to hear why" and "press to hear why" not in esm
    from fivehundred import i18n

    i18n.use("sk")
    try:
        assert CardButtons().dim_label == "teraz sa nedá zahrať, stlačte a dozviete sa prečo"
    finally:
        i18n.use("en")
    assert "import " not in esm.replace("export default", "")  # no URL imports
    assert ":focus-visible" in CardButtons._css


def test_every_exercise_has_operable_controls() -> None:
    exercises = _exercises()
    assert len(exercises) == 8
    for ex in exercises:
        assert "fh-exercise" in ex._dom_classes
        parts = _all_widgets(ex)
        feedback = [p for p in parts if "fh-feedback" in getattr(p, "_dom_classes", ())]
        assert len(feedback) == 1, type(ex).__name__
        options = [p for p in parts if "fh-option" in getattr(p, "_dom_classes", ())]
        pickers = [p for p in parts if isinstance(p, CardButtons)]
        checks = [p for p in parts if "fh-check" in getattr(p, "_dom_classes", ())]
        texts = [p for p in parts if isinstance(p, w.Text)]
        # answered by option buttons, by card buttons, or by typing then a Check button
        assert options or pickers or (texts and checks), type(ex).__name__
        for b in options + checks:
            assert isinstance(b, w.Button) and b.description
        for picker in pickers:
            assert picker.button_class == "fh-option" and picker.enabled


def test_ladder_buttons_are_labelled() -> None:
    lad = BiddingLadder()
    assert all(label and title for label, title in lad.labels().values())
    assert lad.labels()[Bid.parse("7H")] == ("7♥ · 200", "seven hearts: 200 points")
    esm = LadderButtons._esm  # each rung is a real button with its words and tooltip, found by its classes
    assert 'createElement("button")' in esm and 'b.type = "button"' in esm and "b.textContent = rung.label" in esm
    assert "b.title = rung.title" in esm and 'fh-option fh-bid fh-bid-" + rung.code' in esm
    assert "import " not in esm.replace("export default", "")  # no URL imports
