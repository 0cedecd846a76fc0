"""TrickView: the cards of one trick on green felt, laid out by compass seat."""

from __future__ import annotations

from html import escape
from typing import Iterable

import ipywidgets as w

from fivehundred import text as learner
from fivehundred.i18n import _, pgettext
from fivehundred.bidding import Bid
from fivehundred.cards import Card, Suit, format_cards, parse_cards
from fivehundred.errors import FiveHundredError, NotationError
from fivehundred.seating import parse_seat, seat_name, seat_names
from fivehundred.svg import card_svg
from fivehundred.trick import as_trump, explain_trick_winner, trick_winner

from widgets._common import FELT, FONT, message_html

__all__ = ["TrickView"]

_AREA = {"N": "n", "E": "e", "S": "s", "W": "w"}


def _strain_words(contract: Bid | Suit | str | None) -> str:
    if isinstance(contract, Bid) and contract.is_misere:
        return contract.label
    if isinstance(contract, str):
        try:
            bid = Bid.parse(contract)
        except NotationError:
            bid = None
        if bid is not None and bid.is_misere:
            return bid.label
    trump = as_trump(contract)
    return _("No trumps") if trump is None else _("Trumps: {suit}").format(suit=f"{trump.symbol} {learner.suit(trump)}")


class TrickView(w.VBox):
    """One trick: who led, the cards in play order clockwise, and the winner.

    ``cards`` are in play order, starting with the ``leader`` (a seat name such
    as ``"W"`` or a seat number).  When every player has played, the winning
    card is highlighted and the engine's reason is shown below; a partial trick
    shows the card winning so far.

    >>> TrickView("10H JD AH 5S", "H", leader="W").winner_card
    Card.parse('JD')
    """

    def __init__(
        self,
        cards: str | Iterable[Card | str] = "",
        contract: Bid | Suit | str | None = None,
        *,
        leader: str | int = 0,
        players: int = 4,
        led: Suit | None = None,
        nominated: Suit | None = None,
        four_colour: bool = False,
        card_width: float = 64,
        show_winner: bool = True,
    ) -> None:
        super().__init__()
        self.add_class("fh-trick-view")
        self._players = players
        self._four_colour = four_colour
        self._width = card_width
        self._show_winner = show_winner
        self._table = w.HTML()
        self._reason = w.HTML()
        self._reason.add_class("fh-trick-reason")
        self.children = (self._table, self._reason)
        self._cards: tuple[Card, ...] = ()
        self._leader = 0
        self._contract: Bid | Suit | str | None = contract
        self._led = led
        self._nominated = nominated
        self._winner: int | None = None
        self._why = ""
        self.set_trick(cards, contract, leader=leader, led=led, nominated=nominated)

    # --- state -----------------------------------------------------------------
    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    @property
    def leader(self) -> int:
        return self._leader

    @property
    def winner(self) -> int | None:
        """Position in play order (0 = the lead) of the winning card, or ``None`` for an empty trick."""
        return self._winner

    @property
    def winner_card(self) -> Card | None:
        return None if self._winner is None else self._cards[self._winner]

    @property
    def winner_seat(self) -> int | None:
        return None if self._winner is None else (self._leader + self._winner) % self._players

    @property
    def reason(self) -> str:
        """The engine's sentence saying why the winning card wins."""
        return self._why

    def set_trick(
        self,
        cards: str | Iterable[Card | str],
        contract: Bid | Suit | str | None = None,
        *,
        leader: str | int | None = None,
        led: Suit | None = None,
        nominated: Suit | None = None,
    ) -> None:
        """Show a different trick (errors are shown, never raised)."""
        try:
            played = parse_cards(cards)
            seat = self._leader if leader is None else parse_seat(leader, self._players)
            if len(played) > self._players:
                raise NotationError(
                    f"too many cards for one trick: {format_cards(played)!r}",
                    explanation=f"A trick has at most {self._players} cards.",
                )
            trump_contract = contract if contract is not None else self._contract
            winner: int | None = None
            why = ""
            if played:
                winner = trick_winner(played, trump_contract, led=led, nominated=nominated)
                why = explain_trick_winner(played, trump_contract, led=led, nominated=nominated)
        except FiveHundredError as err:
            self._reason.value = message_html(err.explanation, "info")
            return
        self._cards, self._leader, self._contract = played, seat, trump_contract
        self._led, self._nominated, self._winner, self._why = led, nominated, winner, why
        self._draw()

    # --- drawing ---------------------------------------------------------------
    def _seat_cell(self, seat: int) -> str:
        names = seat_names(self._players)
        pos = (seat - self._leader) % self._players
        card = self._cards[pos] if pos < len(self._cards) else None
        is_leader = seat == self._leader
        wins = self._show_winner and card is not None and self._winner == pos
        complete = len(self._cards) == self._players
        badges = ""
        if is_leader:
            badges += '<span class="fh-led" style="background:#ffe082;color:#4e3b00;border-radius:8px;padding:0 6px;margin-left:4px;font-size:11px">' + escape(pgettext("trick", "led")) + "</span>"
        if wins:
            word = escape(pgettext("trick", "wins") if complete else pgettext("trick", "winning"))
            badges += f'<span class="fh-wins" style="background:#f2b705;color:#2b2100;border-radius:8px;padding:0 6px;margin-left:4px;font-size:11px;font-weight:bold">{word}</span>'
        height = self._width * 1.4
        if card is None:
            face = (
                f'<div aria-hidden="true" style="width:{self._width}px;height:{height:.0f}px;border:2px dashed rgba(255,255,255,.35);'
                'border-radius:8px;box-sizing:border-box"></div>'
            )
        else:
            svg = card_svg(card, trump=as_trump(self._contract), four_colour=self._four_colour, width=self._width)
            glow = "box-shadow:0 0 0 4px #f2b705,0 0 16px 5px rgba(242,183,5,.75);" if wins else "box-shadow:0 1px 4px rgba(0,0,0,.4);"
            cls = "fh-trick-card fh-winner" if wins else "fh-trick-card"
            face = f'<div class="{cls}" style="border-radius:8px;line-height:0;{glow}">{svg}</div>'
        name = learner.seat(seat, self._players)
        area = _AREA.get(names[seat], "")
        area_css = f"grid-area:{area};" if area and self._players == 4 else ""
        return (
            f'<div class="fh-seat" data-seat="{names[seat]}" style="{area_css}display:flex;flex-direction:column;'
            f'align-items:center;gap:4px">'
            f'<div style="color:#f4f7f2;font-size:13px;white-space:nowrap;text-shadow:0 1px 1px rgba(0,0,0,.5)">'
            f"{escape(name)}{badges}</div>{face}</div>"
        )

    def _draw(self) -> None:
        cells = "".join(self._seat_cell(s) for s in range(self._players))
        centre = escape(_strain_words(self._contract))
        if self._players == 4:
            grid = (
                "display:grid;grid-template-areas:'. n .' 'w c e' '. s .';grid-template-columns:1fr auto 1fr;"
                "justify-items:center;align-items:center;gap:6px 18px;"
            )
            centre_html = (
                f'<div style="grid-area:c;color:#e8f3ea;font-size:13px;text-align:center;min-width:90px">{centre}</div>'
            )
        else:
            grid = "display:flex;flex-wrap:wrap;gap:14px;align-items:flex-end;justify-content:center;"
            centre_html = f'<div style="color:#e8f3ea;font-size:13px;align-self:center">{centre}</div>'
        played = ", ".join(
            f"{learner.seat((self._leader + i) % self._players, self._players)} {c.name}"
            for i, c in enumerate(self._cards)
        )
        label = _("Trick: {cards}").format(cards=played) if played else _("Trick: no cards yet")
        self._table.value = (
            f'<div class="fh-trick" role="group" aria-label="{escape(label)}" style="background:{FELT};'
            f"border-radius:16px;padding:14px 18px;font-family:{FONT};max-width:420px;"
            f'box-shadow:inset 0 0 20px rgba(0,0,0,.35);{grid}">{cells}{centre_html}</div>'
        )
        if self._show_winner and self._why:
            prefix = "" if len(self._cards) == self._players else _("So far: ")
            self._reason.value = message_html(prefix + self._why, "info", lead="")
        else:
            self._reason.value = ""

    def __repr__(self) -> str:
        trump = as_trump(self._contract)
        strain = "NT" if trump is None else str(trump)
        return (
            f"TrickView(cards={format_cards(self._cards)!r}, trump={strain!r}, "
            f"leader={seat_name(self._leader, self._players)!r})"
        )
