"""CardRow: a row of card pictures (not interactive)."""

from __future__ import annotations

from typing import Any, Iterable

import ipywidgets as w
import traitlets

from fivehundred.bidding import Bid
from fivehundred.cards import Card, Suit, format_cards, parse_cards
from fivehundred.errors import FiveHundredError
from fivehundred.svg import DEFAULT_WIDTH, cards_html

from widgets._common import message_html, small_html

__all__ = ["CardRow"]


class CardRow(w.VBox):
    """A row of card faces, optionally overlapping, with an optional caption.

    >>> CardRow("JH JD AH", trump="H")
    CardRow(cards='JH JD AH', trump='H')
    """

    cards_text = traitlets.Unicode("")

    def __init__(
        self,
        cards: str | Iterable[Card | str] = "",
        *,
        trump: Suit | Bid | str | None = None,
        four_colour: bool = False,
        card_width: float = DEFAULT_WIDTH,
        overlap: float = 0.0,
        caption: str = "",
        face_down: bool = False,
    ) -> None:
        super().__init__()
        self.add_class("fh-card-row-widget")
        self._trump = trump
        self._four_colour = four_colour
        self._width = card_width
        self._overlap = overlap
        self._face_down = face_down
        self._caption = w.HTML(small_html(caption) if caption else "")
        self._picture = w.HTML()
        self.children = (self._picture, self._caption) if caption else (self._picture,)
        self._cards: tuple[Card, ...] = ()
        self.observe(self._redraw, names=["cards_text"])
        self.cards = cards

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards shown.  Assign text or cards to change them."""
        return self._cards

    @cards.setter
    def cards(self, value: str | Iterable[Card | str]) -> None:
        try:
            self._cards = parse_cards(value)
        except FiveHundredError as err:
            self._cards = ()
            self._picture.value = message_html(err.explanation, "info")
            return
        text = format_cards(self._cards)
        if text == self.cards_text:
            self._redraw()
        self.cards_text = text

    def _redraw(self, _change: Any = None) -> None:
        if self._face_down:
            html = cards_html(len(self._cards), width=self._width, overlap=self._overlap)
        else:
            html = cards_html(
                self._cards, trump=self._trump, four_colour=self._four_colour, width=self._width, overlap=self._overlap
            )
        self._picture.value = html

    def __repr__(self) -> str:
        extra = f", trump={str(self._trump)!r}" if self._trump is not None else ""
        return f"CardRow(cards={self.cards_text!r}{extra})"
