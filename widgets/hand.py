"""HandView: your hand as clickable cards; illegal cards dimmed by the engine."""

from __future__ import annotations

from typing import Any, Callable, Iterable

import ipywidgets as w
import traitlets

from fivehundred.i18n import _
from fivehundred.bidding import Bid
from fivehundred.cards import Card, Suit, format_cards, parse_cards
from fivehundred.errors import FiveHundredError
from fivehundred.svg import DEFAULT_WIDTH

from widgets._common import message_html, sentence, small_html
from widgets._panes import Panes
from widgets._picker import CardButtons

__all__ = ["HandView"]

LegalFn = Callable[[], Iterable[Card]]
ExplainFn = Callable[[Card], object]
ChooseFn = Callable[[Card], object]


class HandView(w.VBox):
    """A hand of cards you can click (or focus and press Enter / Space).

    * ``legal``: an engine callback returning the cards that may be played now
      (for example ``lambda: legal_cards(hand, trick, "7H")``).  Other cards
      are dimmed; pressing a dimmed card shows why it can't be played.
    * ``explain``: an engine callback ``card -> sentence`` (a ``str`` or the
      engine's ``Verdict`` from ``explain_play``).
    * ``on_choose``: called with the chosen card; may raise a
      ``FiveHundredError``, whose explanation is shown.

    ``choose("JH")`` does exactly what a click on J♥ does.  ``chosen`` holds
    the last card chosen (``""`` before any).

    >>> h = HandView("AH KH 9S")
    >>> h.choose("KH"), h.chosen
    (True, 'KH')
    """

    chosen = traitlets.Unicode("")
    status = traitlets.Unicode("")

    def __init__(
        self,
        cards: str | Iterable[Card | str] = "",
        *,
        trump: Suit | Bid | str | None = None,
        four_colour: bool = False,
        legal: LegalFn | None = None,
        explain: ExplainFn | None = None,
        on_choose: ChooseFn | None = None,
        card_width: float = DEFAULT_WIDTH,
        overlap: float = 0.0,
        felt: bool = False,
        label: str | None = None,
        remove_chosen: bool = False,
    ) -> None:
        super().__init__()
        self.add_class("fh-hand-view")
        self._trump = trump
        self._four_colour = four_colour
        self._legal_fn = legal
        self._explain_fn = explain
        self._callbacks: list[ChooseFn] = [on_choose] if on_choose is not None else []
        self._remove_chosen = remove_chosen
        self._legal: tuple[Card, ...] | None = None
        #: True while another panel draws on this hand's card row (a table's kitty): the hand then neither
        #: draws its cards nor answers clicks on them, until it is given back (set to False, then refresh)
        self.lent = False
        label = _("Your hand") if label is None else label
        self._buttons = CardButtons(card_width=card_width, overlap=overlap, felt=felt, group_label=label or _("cards"))
        self._buttons.on_card_click(self._clicked)
        # the two lines under the cards are one component's panes (fewer widget models a page, issue #26)
        self._below = Panes([("hint", "fh-hand-hint", ""), ("status", "fh-status", "")])
        self._hint, self._status = self._below["hint"], self._below["status"]
        self.children = ((w.HTML(small_html(label)), self._buttons, self._below) if label
                         else (self._buttons, self._below))
        self.observe(self._show_status, names=["status"])
        self._cards: tuple[Card, ...] = ()
        self.cards = cards

    # --- state ---------------------------------------------------------------
    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    @cards.setter
    def cards(self, value: str | Iterable[Card | str]) -> None:
        try:
            self._cards = parse_cards(value)
        except FiveHundredError as err:
            self.status = err.explanation
            return
        held = {str(c) for c in self._cards}
        if not self.lent and any(code not in held for code in self._buttons.marked):  # a mark never outlives its card
            self._buttons.marked = [code for code in self._buttons.marked if code in held]
        self.refresh()

    @property
    def legal(self) -> tuple[Card, ...]:
        """The cards that may be played now (all of them without a ``legal`` callback)."""
        return self._legal if self._legal is not None else self._cards

    def set_rules(
        self,
        *,
        legal: LegalFn | None = None,
        explain: ExplainFn | None = None,
        trump: Suit | Bid | str | None = None,
    ) -> None:
        """Change the engine callbacks (and trump suit) and redraw."""
        self._legal_fn = legal
        self._explain_fn = explain
        self._trump = trump
        self.refresh()

    @property
    def marked(self) -> tuple[Card, ...]:
        """The cards marked now (by :meth:`mark`), in hand order."""
        codes = set(self._buttons.marked)
        return tuple(c for c in self._cards if str(c) in codes)

    def mark(self, cards: Iterable[Card | str] = (), *, badge: str = "", title: str = "", css_class: str = "fh-marked") -> None:
        """Mark these cards of the hand (``()`` clears the marks): ``css_class`` on each, a small ``badge``
        text on it, and ``title`` added to its tooltip and screen-reader label.  Cards not in the hand are ignored.

        Raises:
            NotationError: a card's text does not parse.
        """
        wanted = set(parse_cards(cards))
        codes = [str(c) for c in self._cards if c in wanted]
        with self._buttons.hold_sync():
            self._buttons.mark_class = css_class
            self._buttons.badge = badge if codes else ""
            self._buttons.badge_title = title if codes else ""
            self._buttons.marked = codes

    def on_choose(self, callback: ChooseFn) -> None:
        """Also call ``callback(card)`` whenever a card is chosen."""
        self._callbacks.append(callback)

    def refresh(self) -> None:
        """Ask the engine again which cards are legal, and redraw."""
        if self.lent:
            return
        self._legal = None
        if self._legal_fn is not None:
            try:
                self._legal = tuple(self._legal_fn())
            except FiveHundredError as err:
                self.status = err.explanation
        dimmed = [str(c) for c in self._cards if self._legal is not None and c not in self._legal]
        with self._buttons.hold_sync():
            self._buttons.show(self._cards, trump=self._trump, four_colour=self._four_colour)
            self._buttons.dimmed = dimmed
            self._buttons.selected = [self.chosen] if self.chosen in {str(c) for c in self._cards} else []
        self._hint.value = (
            small_html(_("Greyed cards can't be played now. Click one to see why.")) if dimmed else ""
        )

    # --- gestures --------------------------------------------------------------
    def choose(self, card: Card | str) -> bool:
        """Choose a card, as a click does.  Returns whether it was accepted.

        Never raises for bad input: the reason appears in :attr:`status`.
        """
        try:
            c = Card.parse(card) if not isinstance(card, Card) else card
            if c not in self._cards:
                self.status = _("{card} is not in this hand.").format(card=c.label)
                return False
            if self._legal is not None and c not in self._legal:
                self.status = self.why(c)
                return False
            for callback in list(self._callbacks):
                callback(c)
        except FiveHundredError as err:
            self.status = err.explanation
            return False
        self.status = ""
        self.chosen = str(c)
        if self._remove_chosen:
            self._cards = tuple(x for x in self._cards if x != c)
        self.refresh()
        return True

    def why(self, card: Card | str) -> str:
        """The engine's sentence saying why ``card`` may or may not be played now."""
        try:
            c = Card.parse(card) if not isinstance(card, Card) else card
            if self._explain_fn is not None:
                return sentence(self._explain_fn(c))
        except FiveHundredError as err:
            return err.explanation
        if self._legal is not None and c not in self._legal:
            return _("{card} can't be played now.").format(card=c.label)
        return _("{card} may be played now.").format(card=c.label)

    def _clicked(self, code: str) -> None:
        if not self.lent:
            self.choose(code)

    def _show_status(self, change: Any) -> None:
        self._status.value = message_html(str(change["new"]), "info")

    def __repr__(self) -> str:
        return f"HandView(cards={format_cards(self._cards)!r}, chosen={self.chosen!r})"
