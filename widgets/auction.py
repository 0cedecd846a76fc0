"""AuctionPanel: the bidding so far, seat by seat, and your bid (the ladder and a Pass button).

Every legality decision is the engine's: the rungs you may bid are
``round.legal_bids()``, and a bid the rules forbid is refused by ``round.apply``
with an explanation, which the panel shows.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as w
import traitlets

from fivehundred.actions import Action
from fivehundred.bidding import PASS, Bid
from fivehundred import text as learner
from fivehundred.errors import FiveHundredError, IllegalBidError
from fivehundred.i18n import _
from fivehundred.round import Phase, Round
from fivehundred.seating import parse_seat, seat_names

from widgets._common import FONT, INK, message_html, prompt_html
from widgets._panes import Panes
from widgets._toolbar import Toolbar
from widgets.bidding import BiddingLadder, bid_colour

__all__ = ["AuctionPanel", "auction_rows"]

SubmitFn = Callable[[Action], object]

#: shown in a seat's cell when the auction skipped it (it had already passed)
SKIPPED = "–"


def auction_rows(round: Round) -> tuple[tuple[str, ...], ...]:
    """The calls so far as rows of one round of bidding, one column per seat (N E S W).

    Cells hold the call's text (``"7H"``, ``"PASS"``), ``"–"`` for a seat the
    auction went past (it had passed), or ``""`` before the first call.
    """
    n = round.players
    rows: list[list[str]] = []
    prev = -1
    for seat, bid in round.auction:
        if not rows or seat <= prev:
            rows.append(["" for _ in range(n)])
            if len(rows) > 1:
                for s in range(0, seat):
                    rows[-1][s] = rows[-1][s] or SKIPPED
        else:
            for s in range(prev + 1, seat):
                rows[-1][s] = rows[-1][s] or SKIPPED
        rows[-1][seat] = str(bid)
        prev = seat
    return tuple(tuple(r) for r in rows)


#: while another seat is to call, every rung looks greyed (the rungs' own colours are inline styles: hence !important)
_WAITING_CSS = (
    "<style>.fh-ladder-waiting .fh-bid{background-color:#eceff1 !important;color:#9aa5b1 !important}</style>"
)


class _AuctionLadder(BiddingLadder):
    """The bidding ladder with the rungs that are not open now greyed.

    Pressing a rung always goes to the engine (so a greyed rung gets the
    engine's explanation, not a generic one).
    """

    def __init__(self, open_bids: Callable[[], frozenset[Bid]], shown: Callable[[], bool], mine: Callable[[], bool],
                 **kwargs: Any) -> None:
        self._open: Callable[[], frozenset[Bid]] | None = None  # the base class draws once before it is set
        self._shown, self._mine = shown, mine
        super().__init__(**kwargs)
        self._note.value += _WAITING_CSS  # refusals show under the whole auction, not under the ladder
        self._open = open_bids
        self.refresh()

    def _open_now(self) -> frozenset[Bid] | None:
        return None if self._open is None else self._open()

    def refresh(self) -> None:
        """Redraw only while the ladder shows (the panel redraws it when it shows again).  While another seat
        is to call, the whole ladder is greyed by one class (``fh-ladder-waiting``) and its rungs keep their
        look, so the turn going round the table is one message to the browser, not one for every rung."""
        if not self._shown():
            return
        if not self._mine():
            self.add_class("fh-ladder-waiting")
            return
        self.remove_class("fh-ladder-waiting")
        super().refresh()

    def _show_status(self, change: Any) -> None:
        """The panel shows the message under the whole auction, not under the ladder."""


class AuctionPanel(w.VBox):
    """The auction of one hand.

    * ``seat``: the learner's seat (``"S"`` or a number).  The ladder and the
      Pass button act for that seat only; other seats' calls come from
      elsewhere (computer players).  ``None``: act for whoever is to bid.
    * ``submit``: does an action instead of ``round.apply`` (a table uses it
      to move the computer players on).

    ``bid("7H")`` and ``pass_()`` do what the buttons do.
    """

    status = traitlets.Unicode("")

    def __init__(
        self,
        round: Round,
        *,
        seat: int | str | None = None,
        submit: SubmitFn | None = None,
    ) -> None:
        super().__init__()
        self.add_class("fh-auction-panel")
        self._round = round
        self._seat = None if seat is None else parse_seat(seat, round.players)
        self._submit = submit
        # the heading and the table of calls are one component's panes (fewer widget models a page, issue #26)
        self._top = Panes([("heading", "fh-auction-heading", ""), ("grid", "fh-auction-grid", "")])
        self._heading, self._grid = self._top["heading"], self._top["grid"]
        self._set_calls: tuple[Bid, ...] | None = None
        self._ladder = _AuctionLadder(self._open_bids, self._ladder_shown, lambda: self.my_turn, rules=round.rules,
                                      on_bid=self._ladder_bid)
        # Pass and whose turn it is: one component (fewer widget models a page, issue #26)
        self._pass_bar = Toolbar()
        self._pass = self._pass_bar.add("pass", _("Pass"), cls="fh-option fh-pass",
                                        style="width:112px;font-weight:bold;margin-right:6px")
        self._pass.on_click(lambda _item: self.pass_())
        self._turn = self._pass_bar.add("turn", "", kind="text", cls="fh-auction-turn")
        self._bottom = Panes([("status", "fh-status fh-auction-status", "")])
        self._status = self._bottom["status"]
        self._controls = w.VBox((self._pass_bar, self._ladder))
        self._set_box: w.HBox | None = None  # made when a lesson first sets this hand's calls
        #: the calls a lesson allows now (``None``: every legal call, on the whole ladder); when it returns calls,
        #: the panel offers only those, as buttons, instead of the ladder (a guided hand whose auction is set)
        self.offered: Callable[[], tuple[Bid, ...] | None] | None = None
        self.children: tuple[w.Widget, ...] = (self._top, self._controls, self._bottom)
        self.observe(self._show_status, names=["status"])
        self.refresh()

    # --- state -----------------------------------------------------------------
    @property
    def round(self) -> Round:
        return self._round

    @property
    def seat(self) -> int | None:
        return self._seat

    @property
    def rows(self) -> tuple[tuple[str, ...], ...]:
        """The calls so far, one row per round of bidding (see :func:`auction_rows`)."""
        return auction_rows(self._round)

    @property
    def my_turn(self) -> bool:
        r = self._round
        return r.phase is Phase.AUCTION and r.to_act is not None and (self._seat is None or r.to_act == self._seat)

    @property
    def legal_bids(self) -> tuple[Bid, ...]:
        """The calls open now to the seat this panel bids for (empty if it is not its turn)."""
        return self._round.legal_bids() if self.my_turn else ()

    def _open_bids(self) -> frozenset[Bid]:
        return frozenset(self.legal_bids)

    def _ladder_shown(self) -> bool:
        """The ladder shows during the auction, unless the hand's calls are set (then they are offered as buttons)."""
        return self._round.phase is Phase.AUCTION and not self._set_calls

    def set_round(self, round: Round) -> None:
        """Follow a different hand."""
        self._round = round
        self._ladder.selected = ""
        self.status = ""
        self.refresh()

    # --- drawing ---------------------------------------------------------------
    def _cell(self, text: str) -> str:
        if not text or text == SKIPPED:
            return f'<span style="color:#9aa5b1">{escape(text)}</span>'
        b = Bid.parse(text)
        colour = "#52606d" if b.is_pass else bid_colour(b)
        return f'<span class="fh-call" data-call="{escape(text)}" style="color:{colour};font-weight:bold">{escape(learner.bid_label(b))}</span>'

    def refresh(self) -> None:
        """Redraw the bids so far, whose turn it is, and the ladder."""
        r = self._round
        names = seat_names(r.players)
        # the columns share the panel's width (a fixed layout), and a heading wraps its badges under the name,
        # so every seat's column shows on a phone and at six players (issue 27)
        cell = "padding:4px 3px;text-align:center;border-bottom:1px solid #e4e7eb;overflow-wrap:anywhere"
        heads = []
        for s, name in enumerate(names):
            marks = []
            if s == r.dealer:
                marks.append(f'<span class="fh-dealer" title="{escape(_("dealer"))}" style="background:#ffe082;color:#4e3b00;'
                             'border-radius:8px;padding:0 4px;font-size:11px;margin-left:2px;display:inline-block;'
                             'white-space:nowrap">' + escape(_("dealer")) + '</span>')
            if r.phase is Phase.AUCTION and s == r.to_act:
                marks.append('<span class="fh-to-bid" style="background:#1e88e5;color:#fff;border-radius:8px;'
                             'padding:0 4px;font-size:11px;margin-left:2px;display:inline-block;white-space:nowrap">'
                             + escape(_("to bid")) + '</span>')
            you = " " + escape(_("(you)")) if self._seat is not None and s == self._seat else ""
            heads.append(
                f'<th data-seat="{name}" style="{cell};font-size:{13 if r.players > 4 else 14}px;line-height:1.3">'
                f'<span class="fh-seat-name">{escape(learner.seat(s, r.players))}</span>{you}'
                f"{'<br>' if marks else ''}{''.join(marks)}</th>"
            )
        body = "".join(
            "<tr>" + "".join(f'<td style="{cell}">{self._cell(c)}</td>' for c in row) + "</tr>" for row in self.rows
        )
        if not body:
            none_yet = _("No calls yet.")
            body = f'<tr><td colspan="{len(names)}" style="{cell};color:#52606d">{escape(none_yet)}</td></tr>'
        grid = (
            f'<table class="fh-auction-table" style="border-collapse:collapse;font-family:{FONT};font-size:15px;'
            f'color:{INK};margin:4px 0 8px 0;width:100%;max-width:{90 * len(names)}px;table-layout:fixed"><thead><tr>{"".join(heads)}</tr></thead><tbody>{body}</tbody></table>'
        )
        if r.phase is Phase.AUCTION:
            standing = next((b for _, b in reversed(r.auction) if not b.is_pass), None)
            head = (_("The auction: the bid to beat is {bid}.").format(bid=learner.bid_label(standing)) if standing
                    else _("The auction: nobody has bid yet."))
        elif r.contract is not None:
            head = _("The auction is over: {seat} won it with {bid}.").format(
                seat=learner.seat(r.contractor, r.players), bid=learner.bid_label(r.contract))
        elif r.result is not None:
            head = _("Everyone passed: the hand is thrown in.")
        else:
            head = _("The auction is over.")
        self._top.update(heading=prompt_html(head), grid=grid)  # one message
        mine = self.my_turn
        if r.phase is not Phase.AUCTION:
            turn = ""
        elif mine:
            turn = _("Your turn: pick a bid from the ladder, or pass.")
        else:
            turn = _("{seat} to bid…").format(seat=learner.seat(r.to_act, r.players))
        with self._pass_bar.hold_sync():  # one message
            self._pass.disabled = not mine
            self._turn.description = turn
        offered = getattr(self, "offered", None)
        fixed = offered() if offered is not None and mine else None
        if fixed != self._set_calls:
            self._set_calls = fixed
            buttons = []
            for bid in fixed or ():
                b = w.Button(description=_("Pass") if bid.is_pass else _("Bid {bid}").format(bid=learner.bid_label(bid)),
                             layout=w.Layout(width="auto", min_width="112px", height="34px", flex="0 0 auto"))
                b.add_class("fh-option")
                b.add_class(f"fh-set-{bid}")
                b.style.font_weight = "bold"
                b.on_click(lambda _b, bid=bid: self._offered_bid(bid))
                buttons.append(b)
            if fixed:
                words = _(" or ").join(learner.bid(b) for b in fixed)
                note = w.HTML(f'<span style="font-family:{FONT};font-size:14px;color:{INK}">'
                              + escape(_("Your turn. This hand's auction is set: {bids}.").format(bids=words)) + "</span>")
                buttons.append(note)
            if fixed and self._set_box is None:
                self._set_box = w.HBox(layout=w.Layout(align_items="center", grid_gap="12px"))
                self._set_box.add_class("fh-auction-set")
                self.children = (self._top, self._set_box, self._controls, self._bottom)
            if self._set_box is not None:
                self._set_box.children = tuple(buttons)
        if self._set_box is not None:
            self._set_box.layout.display = "" if fixed else "none"
        self._controls.layout.display = "" if self._ladder_shown() else "none"
        self._ladder.refresh()

    def _offered_bid(self, bid: Bid) -> None:
        try:
            self._act(bid)
        except FiveHundredError as err:
            self.status = err.explanation
            return
        self.status = ""

    # --- gestures --------------------------------------------------------------
    def _act(self, bid: Bid) -> None:
        """Send one call to the engine (raises ``FiveHundredError``)."""
        r = self._round
        if r.phase is Phase.AUCTION and not self.my_turn and r.to_act is not None:
            who = learner.seat(r.to_act, r.players)
            raise IllegalBidError(f"not your turn: {who} is to bid", explanation=_("It is {seat}'s turn to bid, not yours.").format(seat=who))
        if self._submit is not None:
            self._submit(bid)
        else:
            r.apply(bid)

    def _ladder_bid(self, bid: Bid) -> None:
        try:
            self._act(bid)
        except FiveHundredError as err:
            self.status = err.explanation
            raise
        self.status = ""
        self.refresh()

    def bid(self, bid: Bid | str) -> bool:
        """Make a bid (``"7H"``, ``"MIS"``, or ``"PASS"``) as pressing its button does.

        Returns whether the engine accepted it; if not, :attr:`status` holds the engine's explanation.
        """
        try:
            b = Bid.parse(bid)
            if b.is_pass:
                self._act(b)
                self.status = ""
                self.refresh()
                return True
        except FiveHundredError as err:
            self.status = err.explanation
            return False
        ok = self._ladder.bid(b)
        if not ok and not self.status:
            self.status = self._ladder.status
        return ok

    def pass_(self) -> bool:
        """Pass, as the Pass button does."""
        return self.bid(PASS)

    def _show_status(self, change: Any) -> None:
        self._status.value = message_html(str(change["new"]), "info")

    def __repr__(self) -> str:
        calls = " ".join(str(b) for _, b in self._round.auction)
        dealer = self._round.seat_name(self._round.dealer)
        return f"AuctionPanel(dealer={dealer!r}, calls={calls!r})"
