"""Card pictures: deterministic, labelled for screen readers, bowers marked."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from fivehundred.cards import JOKER, Card, pack
from fivehundred.errors import NotationError
from fivehundred.svg import HtmlStr, SvgStr, back_svg, card_svg, cards_html

SVG_NS = "{http://www.w3.org/2000/svg}"


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_same_input_gives_same_bytes() -> None:
    for card in pack(6):
        a = card_svg(card, trump="H", four_colour=True, width=50)
        b = card_svg(str(card), trump="H", four_colour=True, width=50)
        assert a.encode() == b.encode()
    assert back_svg().encode() == back_svg().encode()
    assert cards_html("AH KH JK", overlap=0.3) == cards_html("AH KH JK", overlap=0.3)


def test_no_ids_at_all() -> None:
    # Many cards share one page: ids would clash, and random ids break nbval.
    for card in pack(4):
        assert not re.search(r"\bid=", card_svg(card, trump="S"))
    assert not re.search(r"\bid=", back_svg())


def test_every_card_is_well_formed_xml_with_a_text_alternative() -> None:
    for card in pack(6):
        root = _root(card_svg(card))
        assert root.get("role") == "img"
        assert root.get("aria-label") == card.name
        title = root.find(f"{SVG_NS}title")
        assert title is not None and title.text == card.name
        assert root.get("data-card") == str(card)
        assert "fh-card" in (root.get("class") or "").split()


def test_aria_labels_in_words() -> None:
    assert _root(card_svg("JH")).get("aria-label") == "jack of hearts"
    assert _root(card_svg("10D")).get("aria-label") == "ten of diamonds"
    assert _root(card_svg("JK")).get("aria-label") == "joker"


def test_right_and_left_bower_marks_with_hearts_trumps() -> None:
    # Hearts trumps: J♥ is the right bower, J♦ (same colour) the left bower.
    right = card_svg("JH", trump="H")
    left = card_svg("JD", trump="H")
    assert _root(right).get("aria-label") == "jack of hearts, right bower"
    assert _root(left).get("aria-label") == "jack of diamonds, left bower"
    assert "fh-right-bower" in right and ">R</text>" in right
    assert "fh-left-bower" in left and ">L</text>" in left


def test_black_jacks_are_not_bowers_when_hearts_are_trumps() -> None:
    for text in ("JS", "JC", "AH"):
        svg = card_svg(text, trump="H")
        assert "bower" not in svg
        assert ">R</text>" not in svg and ">L</text>" not in svg


def test_no_bowers_without_trumps() -> None:
    for trump in (None, "NT", "MIS"):
        assert "bower" not in card_svg("JH", trump=trump)
        assert "bower" not in card_svg("JD", trump=trump)


def test_spades_trumps_left_bower_is_jack_of_clubs() -> None:
    assert _root(card_svg("JC", trump="8S")).get("aria-label") == "jack of clubs, left bower"
    assert _root(card_svg("JS", trump="8S")).get("aria-label") == "jack of spades, right bower"


def test_joker_is_marked() -> None:
    svg = card_svg(JOKER)
    assert "fh-joker" in svg and "JOKER" in svg
    assert _root(svg).get("data-card") == "JK"


def test_four_colour_changes_clubs_and_diamonds_only() -> None:
    for text in ("5C", "9D"):
        assert card_svg(text) != card_svg(text, four_colour=True)
    for text in ("5S", "9H"):
        assert card_svg(text) == card_svg(text, four_colour=True)
    assert card_svg("5C", four_colour=True) != card_svg("5S", four_colour=True).replace("♠", "♣").replace('"5S"', '"5C"')


def test_local_font_only() -> None:
    svg = card_svg("AS")
    assert 'font-family="DejaVu Sans, sans-serif"' in svg
    assert "http" not in svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "@import" not in svg and "url(" not in svg


def test_width_sets_size_and_keeps_aspect() -> None:
    root = _root(card_svg("AS", width=50))
    assert root.get("width") == "50" and root.get("height") == "70"


def test_reprs_for_jupyter() -> None:
    s = card_svg("QS")
    assert isinstance(s, SvgStr)
    assert s._repr_html_() == s._repr_svg_() == str(s)
    row = cards_html("QS KS")
    assert isinstance(row, HtmlStr) and row._repr_html_() == str(row)
    assert Card.parse("QS")._repr_html_() == str(s)


def test_back_has_text_alternative() -> None:
    root = _root(back_svg())
    assert root.get("aria-label") == "face-down card"
    assert root.get("data-card") == "back"
    assert "JOKER" not in back_svg()


def test_cards_html_row() -> None:
    row = cards_html("AH 10D JK", trump="D")
    root = _root(row)
    faces = root.findall(f".//{SVG_NS}svg[@role='img']")
    assert [f.get("data-card") for f in faces] == ["AH", "10D", "JK"]
    assert root.get("aria-label") == "cards: ace of hearts, ten of diamonds, joker"
    assert "margin-left" not in row
    overlapped = cards_html("AH 10D JK", overlap=0.5, width=60)
    assert overlapped.count("margin-left:-30px") == 2


def test_cards_html_face_down_count() -> None:
    row = cards_html(3)
    assert row.count('data-card="back"') == 3
    assert 'aria-label="3 face-down cards"' in row
    root = _root(row)
    pictures = root.findall(f"{SVG_NS}svg")
    assert len(pictures) == 1 and pictures[0].get("role") == "img"  # one picture, the back drawn once
    assert len(pictures[0].findall(f".//{SVG_NS}use")) == 3 and row.count("<path") == 1
    assert cards_html(0).count("<svg") == 0 and 'aria-label="0 face-down cards"' in cards_html(0)


@pytest.mark.parametrize("count", [1, 4, 10])
@pytest.mark.parametrize(("width", "overlap"), [(34, 0.72), (60, 0.0), (40, 0.5)])
def test_face_down_row_is_as_wide_as_separate_cards(count: int, width: float, overlap: float) -> None:
    """The one picture takes the room the separate pictures took: each card ``width * (1 - overlap)`` after the
    one before (``width + gap`` without overlap), and every card is drawn at the card's own size."""
    picture = _root(cards_html(count, width=width, overlap=overlap)).find(f"{SVG_NS}svg")
    assert picture is not None
    step = width * (1 - overlap) if overlap else width + 6
    assert float(picture.get("width") or 0) == pytest.approx(width + step * (count - 1), abs=0.01)
    assert float(picture.get("height") or 0) == pytest.approx(width * 1.4, abs=0.01)
    view_w = float((picture.get("viewBox") or "").split()[2])
    assert view_w / float(picture.get("width") or 1) == pytest.approx(100 / width, rel=1e-3)  # no stretching


def test_bad_input_raises_engine_errors() -> None:
    with pytest.raises(NotationError):
        card_svg("ZZ")
    with pytest.raises(NotationError):
        cards_html("AH QQ")
    with pytest.raises(ValueError):
        card_svg("AH", width=0)
    with pytest.raises(ValueError):
        cards_html("AH", overlap=0.95)
