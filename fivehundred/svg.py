"""Card pictures as inline SVG: pure functions returning strings.

Everything here is deterministic (same input, same bytes: no random ids, no
timestamps), uses only the local font "DejaVu Sans", and gives every card a
text alternative (``role="img"``, ``aria-label`` and a ``<title>``), so
screen readers and tests can name the card.

* :func:`card_svg` draws one card face: a big corner index (rank above the
  suit sign) that stays readable at small sizes, a large centre sign, a
  "JOKER" face for the joker, and, when ``trump`` is given, a gold "R" or "L"
  badge on the right and left bowers.  ``four_colour=True`` paints clubs
  green and diamonds blue for learners who confuse red and black.
* :func:`back_svg` draws a face-down card.
* :func:`cards_html` lays out a row of cards, optionally overlapping.

The results are :class:`SvgStr` (or :class:`HtmlStr`) strings, which Jupyter
shows as pictures through ``_repr_html_``.

>>> s = card_svg("JD", trump="H")
>>> 'aria-label="jack of diamonds, left bower"' in s and 'data-card="JD"' in s
True
>>> card_svg("JD", trump="H") == s
True
"""

from __future__ import annotations

from html import escape
from typing import Iterable

from fivehundred.errors import shown
from fivehundred.bidding import Bid
from fivehundred.cards import Card, Rank, Suit
from fivehundred.trick import as_trump
from fivehundred.trumps import is_left_bower, is_right_bower

__all__ = [
    "SvgStr",
    "HtmlStr",
    "card_svg",
    "back_svg",
    "cards_html",
    "card_colour",
    "card_text",
    "FONT_FAMILY",
    "DEFAULT_WIDTH",
    "ASPECT",
]

#: Only local fonts: DejaVu Sans is installed with the course's browser.
FONT_FAMILY = "DejaVu Sans, sans-serif"
#: Default card width in CSS pixels.
DEFAULT_WIDTH = 72
#: Height divided by width (a poker-size card is 63.5 × 88.9 mm).
ASPECT = 1.4

_VIEW_W = 100
_VIEW_H = 140

_TWO_COLOUR = {
    Suit.SPADES: "#1b1b1b",
    Suit.CLUBS: "#1b1b1b",
    Suit.DIAMONDS: "#c62828",
    Suit.HEARTS: "#c62828",
}
_FOUR_COLOUR = {
    Suit.SPADES: "#1b1b1b",
    Suit.CLUBS: "#1b7a3a",
    Suit.DIAMONDS: "#1559b3",
    Suit.HEARTS: "#c62828",
}
_JOKER_COLOUR = "#6a1b9a"
_FACE_TINT = {"#1b1b1b": "#eef0f3", "#c62828": "#fdecec", "#1b7a3a": "#e9f5ec", "#1559b3": "#e8f0fb"}
_BADGE_FILL = "#f2b705"
_BADGE_EDGE = "#7a5a00"


class SvgStr(str):
    """An SVG document as a string; Jupyter shows it inline as HTML or SVG."""

    def _repr_html_(self) -> str:
        return str(self)

    def _repr_svg_(self) -> str:
        return str(self)


class HtmlStr(str):
    """An HTML fragment (for example a row of inline SVG cards)."""

    def _repr_html_(self) -> str:
        return str(self)


def _num(x: float) -> str:
    """A number written compactly and stably: ``72``, ``100.8``."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _trump(trump: Suit | Bid | str | None) -> Suit | None:
    return as_trump(trump)


def card_colour(card: Card | str, *, four_colour: bool = False) -> str:
    """The ink colour used for ``card`` (a CSS hex colour).

    Raises:
        NotationError: the text is not a card.
    """
    c = _card(card)
    if c.suit is None:
        return _JOKER_COLOUR
    return (_FOUR_COLOUR if four_colour else _TWO_COLOUR)[c.suit]


def card_text(card: Card | str, *, trump: Suit | Bid | str | None = None) -> str:
    """The card's text alternative: ``"jack of diamonds, left bower"``, ``"joker"``.

    Raises:
        NotationError: the card or trump does not parse.
    """
    c = _card(card)
    suit = _trump(trump)
    text = c.name
    if is_right_bower(c, suit):
        text += ", right bower"
    elif is_left_bower(c, suit):
        text += ", left bower"
    return text


def _text(x: float, y: float, size: float, body: str, fill: str, *, weight: str = "bold", anchor: str = "middle") -> str:
    return (
        f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" font-weight="{weight}" '
        f'text-anchor="{anchor}" fill="{fill}">{escape(body)}</text>'
    )


def _index(card: Card, ink: str) -> str:
    """The corner index: rank above suit sign, top-left."""
    if card.suit is None:
        letters = "".join(
            _text(16, 22 + 15 * i, 15, ch, ink) for i, ch in enumerate("JOKER")
        )
        return letters
    rank = card.rank.symbol
    size = 26 if len(rank) > 1 else 30
    spacing = ' letter-spacing="-2"' if len(rank) > 1 else ""
    rank_text = (
        f'<text x="16" y="31" font-size="{size}" font-weight="bold" text-anchor="middle" '
        f'fill="{ink}"{spacing}>{escape(rank)}</text>'
    )
    return rank_text + _text(16, 56, 26, card.suit.symbol, ink, weight="normal")


def _centre(card: Card, ink: str) -> str:
    if card.suit is None:
        return (
            f'<circle cx="60" cy="64" r="24" fill="#f3e5f5" stroke="{ink}" stroke-width="2"/>'
            + _text(60, 77, 36, "★", ink, weight="normal")
            + _text(60, 118, 15, "JOKER", ink)
        )
    sign = card.suit.symbol
    if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        tint = _FACE_TINT.get(ink, "#f3f3f3")
        return (
            f'<rect x="29" y="30" width="42" height="80" rx="6" fill="{tint}" stroke="{ink}" stroke-width="1.5"/>'
            + _text(50, 74, 36, card.rank.symbol, ink)
            + _text(50, 102, 24, sign, ink, weight="normal")
        )
    if card.rank is Rank.ACE:
        return _text(50, 94, 60, sign, ink, weight="normal")
    return _text(50, 88, 46, sign, ink, weight="normal")


def _badge(letter: str) -> str:
    return (
        f'<circle cx="84" cy="17" r="12" fill="{_BADGE_FILL}" stroke="{_BADGE_EDGE}" stroke-width="1.5"/>'
        + _text(84, 23, 17, letter, "#2b2100")
    )


def _svg_open(width: float, label: str, classes: str, code: str) -> str:
    height = width * ASPECT
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_VIEW_W} {_VIEW_H}" '
        f'width="{_num(width)}" height="{_num(height)}" role="img" aria-label="{escape(label)}" '
        f'class="{classes}" data-card="{escape(code)}" font-family="{FONT_FAMILY}" '
        f'style="display:block;flex:none">'
        f"<title>{escape(label)}</title>"
    )


def card_svg(
    card: Card | str,
    *,
    trump: Suit | Bid | str | None = None,
    four_colour: bool = False,
    width: float = DEFAULT_WIDTH,
) -> SvgStr:
    """One card face as inline SVG.

    ``trump`` (a suit, ``"H"``, a contract such as ``"7H"``, or ``None``)
    adds the bower badges: "R" on the jack of trumps, "L" on the other jack of
    the same colour.  ``four_colour`` paints clubs green and diamonds blue.
    ``width`` is in CSS pixels; the height is ``width * 1.4``.

    The root element carries ``class="fh-card"``, ``data-card="JH"``,
    ``role="img"``, an ``aria-label`` and a ``<title>``.

    Raises:
        NotationError: the card or trump does not parse.
    """
    c = _card(card)
    suit = _trump(trump)
    if not width > 0:
        raise ValueError(f"card width must be positive, not {shown(width)}")
    ink = card_colour(c, four_colour=four_colour)
    label = card_text(c, trump=suit)
    classes = "fh-card"
    if c.is_joker:
        classes += " fh-joker"
    badge = ""
    if is_right_bower(c, suit):
        classes += " fh-right-bower"
        badge = _badge("R")
    elif is_left_bower(c, suit):
        classes += " fh-left-bower"
        badge = _badge("L")
    frame = "#6a1b9a" if c.is_joker else "#8c96a3"
    parts = [
        _svg_open(width, label, classes, str(c)),
        f'<rect x="1" y="1" width="98" height="138" rx="8" fill="#ffffff" stroke="{frame}" stroke-width="2"/>',
        _index(c, ink),
        _centre(c, ink),
    ]
    if c.suit is not None:
        parts.append(f'<g transform="rotate(180 50 70)">{_index(c, ink)}</g>')
    parts.append(badge)
    parts.append("</svg>")
    return SvgStr("".join(parts))


def _lattice() -> str:
    """The diamond lattice on a card back, as one path (no pattern ids needed)."""
    steps = []
    for k in range(-130, 110, 14):
        steps.append(f"M{k} 10L{k + 120} 130")
        steps.append(f"M{k + 120} 10L{k} 130")
    return "".join(steps)


def _back_body(lattice: str) -> str:
    """A card back's drawing, in the card's own units, with ``lattice`` drawn over the blue field."""
    return (
        '<rect x="1" y="1" width="98" height="138" rx="8" fill="#ffffff" stroke="#8c96a3" stroke-width="2"/>'
        '<rect x="7" y="7" width="86" height="126" rx="5" fill="#1d4e89"/>'
        f"{lattice}"
        '<rect x="10" y="10" width="80" height="120" rx="3" fill="none" stroke="#d8e3f2" stroke-width="1.5"/>'
        '<circle cx="50" cy="70" r="17" fill="#1d4e89" stroke="#d8e3f2" stroke-width="2"/>'
        '<text x="50" y="76" font-size="16" font-weight="bold" text-anchor="middle" fill="#ffffff">500</text>'
    )


#: a single back has no ids (many share a page): the lattice is one path of lines 14 units apart, both ways
_BACK_BODY = _back_body('<svg x="10" y="10" width="80" height="120" viewBox="10 10 80 120">'
                        f'<path d="{_lattice()}" stroke="#4f7fbf" stroke-width="2" fill="none"/></svg>')

#: the id of the lattice tile a row of face-down cards uses (a row has ids already, see _BACK_ID)
_LATTICE_ID = "fh-back-lattice"

#: a row's back: the same lattice as a 14-unit tile of two crossing lines (drawn past the tile's edges, so the
#: tiles join without gaps), about a sixth of the path's bytes, sent with every seat's row after each move
_ROW_BACK_BODY = _back_body(
    f'<pattern id="{_LATTICE_ID}" width="14" height="14" patternUnits="userSpaceOnUse">'
    '<path d="M-2-2l18 18M16-2l-18 18" stroke="#4f7fbf" stroke-width="2"/></pattern>'
    f'<rect x="10" y="10" width="80" height="120" fill="url(#{_LATTICE_ID})"/>')


def back_svg(*, width: float = DEFAULT_WIDTH, label: str = "face-down card") -> SvgStr:
    """A face-down card (class ``fh-card fh-back``, ``data-card="back"``)."""
    if not width > 0:
        raise ValueError(f"card width must be positive, not {shown(width)}")
    return SvgStr(_svg_open(width, label, "fh-card fh-back", "back") + _BACK_BODY + "</svg>")


#: the id of the drawing a row of face-down cards shares (the same drawing wherever it is defined first)
_BACK_ID = "fh-back-body"


def _backs_row(count: int, width: float, step: float, label: str) -> str:
    """``count`` face-down cards as one picture: the back is drawn once and each card is a ``<use>`` of it,
    ``step`` pixels to the right of the one before (a row of ten is about a fifth of ten separate pictures: the
    bytes a table sends the browser after every card, issue #26).  Each card keeps the classes and the
    ``data-card="back"`` a page looks for; the row's label says how many there are."""
    if not width > 0:
        raise ValueError(f"card width must be positive, not {shown(width)}")
    if count <= 0:
        return ""
    units = step * _VIEW_W / width  # the step in the card's own units
    view_w = _VIEW_W + units * (count - 1)
    uses = "".join(f'<use href="#{_BACK_ID}" x="{_num(units * i)}" class="fh-card fh-back" data-card="back"/>'
                   for i in range(count))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_num(view_w)} {_VIEW_H}" '
            f'width="{_num(width * view_w / _VIEW_W)}" height="{_num(width * ASPECT)}" role="img" '
            f'aria-label="{escape(label)}" class="fh-backs" style="display:block;flex:none">'
            f'<title>{escape(label)}</title><defs><g id="{_BACK_ID}">{_ROW_BACK_BODY}</g></defs>{uses}</svg>')


def cards_html(
    cards: Iterable[Card | str] | str | int,
    *,
    trump: Suit | Bid | str | None = None,
    four_colour: bool = False,
    width: float = DEFAULT_WIDTH,
    overlap: float = 0.0,
    gap: float = 6,
    label: str | None = None,
) -> HtmlStr:
    """A row of cards as HTML (inline SVG), wrapped in ``<div class="fh-card-row">``.

    ``cards`` is text (``"AH KH JK"``), an iterable of cards, or a number of
    face-down cards.  ``overlap`` is the fraction of each card (0 to 0.8)
    hidden under the next one; with overlap the row does not wrap.  Face-down
    cards are one picture (the back drawn once, each card a ``<use>`` of it
    with class ``fh-back``), labelled by ``label`` or "3 face-down cards".

    Raises:
        NotationError: a card does not parse.
        ValueError: ``overlap`` is outside 0 to 0.8.
    """
    if not 0 <= overlap <= 0.8:
        raise ValueError(f"overlap must be between 0 and 0.8, not {shown(overlap)}")
    if isinstance(cards, int):
        if label is None:
            label = f"{max(cards, 0)} face-down cards"
        step = width * (1 - overlap) if overlap else width + gap
        return HtmlStr(f'<div class="fh-card-row" role="group" aria-label="{escape(label)}" '
                       f'style="display:flex;flex-wrap:nowrap;align-items:flex-end">'
                       f'{_backs_row(cards, width, step, label)}</div>')
    items = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
    parsed = [_card(c) for c in items]
    faces = [card_svg(c, trump=trump, four_colour=four_colour, width=width) for c in parsed]
    names = [card_text(c, trump=trump) for c in parsed]
    shift = -width * overlap if overlap else 0.0
    wrap = "nowrap" if overlap else "wrap"
    spacing = 0 if overlap else gap
    spans = []
    for i, face in enumerate(faces):
        margin = f"margin-left:{_num(shift)}px;" if i and shift else ""
        spans.append(f'<span style="{margin}display:inline-block;line-height:0">{face}</span>')
    aria = label if label is not None else ("cards: " + ", ".join(names) if names else "no cards")
    return HtmlStr(
        f'<div class="fh-card-row" role="group" aria-label="{escape(aria)}" '
        f'style="display:flex;flex-wrap:{wrap};gap:{_num(spacing)}px;align-items:flex-end">'
        + "".join(spans)
        + "</div>"
    )
