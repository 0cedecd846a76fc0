"""BiddingLadder: every bid the rules allow, lowest first, with its points."""

from __future__ import annotations

from typing import Any, Callable, Iterable

import ipywidgets as w
import traitlets

from fivehundred import text as learner
from fivehundred.i18n import _
from fivehundred.bidding import Bid, BidKind, ladder, ladder_index, outranks
from fivehundred import reasons
from fivehundred.errors import FiveHundredError
from fivehundred.rules import Rules

from widgets._common import message_html, small_html
from widgets._ladder import LadderButtons, TraitText

__all__ = ["BiddingLadder", "bid_button_text", "bid_colour"]

LegalBidsFn = Callable[[], Iterable[Bid]]
BidFn = Callable[[Bid], object]


def bid_colour(bid: Bid) -> str:
    """Red ink for hearts and diamonds, dark for the rest (a picture choice only)."""
    if bid.trump is not None and bid.trump.colour == "red":
        return "#c62828"
    if bid.is_misere:
        return "#6a1b9a"
    return "#1b1b1b"


def bid_button_text(bid: Bid) -> str:
    """``"7♥ · 200"``."""
    return f"{learner.bid_label(bid)} · {bid.points}"


def _rows(rungs: tuple[Bid, ...]) -> list[list[Bid]]:
    """Split the ladder into rows of one trick level; a misère between two
    levels gets its own row, one inside a level stays in that row."""
    rows: list[list[Bid]] = []
    for i, bid in enumerate(rungs):
        if bid.kind is BidKind.TRICKS:
            prev = rows[-1][-1] if rows and rows[-1] else None
            if prev is not None and (prev.tricks == bid.tricks or (prev.is_misere and _inline(rungs, i - 1))):
                rows[-1].append(bid)
            else:
                rows.append([bid])
        elif _inline(rungs, i):
            rows[-1].append(bid)
        else:
            rows.append([bid])
    return rows


def _inline(rungs: tuple[Bid, ...], i: int) -> bool:
    before = next((b for b in reversed(rungs[:i]) if b.kind is BidKind.TRICKS), None)
    after = next((b for b in rungs[i + 1 :] if b.kind is BidKind.TRICKS), None)
    return before is not None and after is not None and before.tricks == after.tricks


class BiddingLadder(w.VBox):
    """The whole bidding ladder from ``ladder(rules)``; click a rung to bid it.

    * ``standing``: the bid to beat (bids not above it are greyed, and pressing
      one says why), judged by the engine's ``outranks``.
    * ``legal``: optionally, an engine callback giving the bids allowed now
      (for the auction); other rungs are greyed.
    * ``on_bid``: called with the chosen :class:`Bid`; may raise a
      ``FiveHundredError``, whose explanation is shown.

    ``bid("7H")`` does what pressing the 7♥ button does; ``selected`` holds
    the last accepted bid's text.

    >>> lad = BiddingLadder(standing="7NT")
    >>> lad.bid("MIS"), lad.selected
    (True, 'MIS')
    """

    selected = traitlets.Unicode("")
    status = traitlets.Unicode("")

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        standing: Bid | str | None = None,
        legal: LegalBidsFn | None = None,
        on_bid: BidFn | None = None,
        show_points: bool = True,
    ) -> None:
        super().__init__()
        self.add_class("fh-bidding-ladder")
        self._rules = rules
        self._rungs = ladder(rules)
        self._legal_fn = legal
        self._callbacks: list[BidFn] = [on_bid] if on_bid is not None else []
        self._standing: Bid | None = None
        self._by_code = {str(bid): bid for bid in self._rungs}
        self._grid = LadderButtons(rows=[
            [{
                "code": str(bid),
                "label": bid_button_text(bid) if show_points else learner.bid_label(bid),
                "title": _("{bid}: {points} points").format(bid=learner.bid(bid), points=bid.points),
                # compact, so the ladder fits beside or under the table in a 768-pixel-high window
                "wide": bid.kind is not BidKind.TRICKS,
                "colour": bid_colour(bid),
            } for bid in row]
            for row in _rows(self._rungs)
        ])
        self._grid.on_press(lambda code: self.bid(self._by_code[code]))
        # the note above the rungs and the line under them are the component's own (fewer widget models a page)
        self._grid.note = small_html(_("Lowest bid at the top. Each bid must be higher on this ladder than the one before."))
        self._note, self._status = TraitText(self._grid, "note"), TraitText(self._grid, "message")
        self.children = (self._grid,)
        self.observe(self._show_status, names=["status"])
        self.set_standing(standing)

    @property
    def rungs(self) -> tuple[Bid, ...]:
        """The bids shown, lowest first (exactly ``ladder(rules)``)."""
        return self._rungs

    @property
    def standing(self) -> Bid | None:
        return self._standing

    def set_standing(self, standing: Bid | str | None) -> None:
        """Set the bid to beat (``None``: nobody has bid yet) and redraw."""
        try:
            self._standing = None if standing is None else Bid.parse(standing)
        except FiveHundredError as err:
            self.status = err.explanation
            return
        self.refresh()

    def on_bid(self, callback: BidFn) -> None:
        self._callbacks.append(callback)

    def _allowed(self) -> set[Bid] | None:
        if self._legal_fn is None:
            return None
        return {b for b in self._legal_fn() if not b.is_pass}

    def _open_now(self) -> frozenset[Bid] | None:
        """The rungs a subclass leaves open (``None``: no limit beyond ``legal`` and the standing bid)."""
        return None

    def refresh(self) -> None:
        """Grey out the bids that can't be made now, and mark the selected one.

        Each button's look is worked out once and set once, so a rung whose state did not change sends the
        browser nothing (a trait set to its own value is not sent).
        """
        try:
            allowed = self._allowed()
        except FiveHundredError as err:
            self.status = err.explanation
            allowed = None
        open_now = self._open_now()
        dimmed = []
        for bid in self._rungs:
            ok = (allowed is None or bid in allowed) and (open_now is None or bid in open_now)
            if ok and self._standing is not None and not self._standing.is_pass:
                ok = outranks(bid, self._standing, self._rules)
            if not ok:
                dimmed.append(str(bid))
        with self._grid.hold_sync():
            self._grid.dimmed = dimmed
            self._grid.selected = self.selected if self.selected in self._by_code else ""

    @property
    def dimmed(self) -> tuple[Bid, ...]:
        """The rungs greyed now (lowest first): they can't be bid now, and pressing one says why."""
        greyed = set(self._grid.dimmed)
        return tuple(b for b in self._rungs if str(b) in greyed)

    @property
    def open_rungs(self) -> tuple[Bid, ...]:
        """The rungs not greyed now, lowest first."""
        greyed = set(self._grid.dimmed)
        return tuple(b for b in self._rungs if str(b) not in greyed)

    def labels(self) -> dict[Bid, tuple[str, str]]:
        """Each rung's (label, tooltip), as the learner sees them."""
        return {self._by_code[r["code"]]: (r["label"], r["title"]) for row in self._grid.rows for r in row}

    def rows(self) -> list[list[Bid]]:
        """The rungs row by row, as drawn (one trick level a row; a misère between two levels on its own)."""
        return [[self._by_code[r["code"]] for r in row] for row in self._grid.rows]

    def press(self, bid: Bid | str) -> None:
        """Press the rung ``bid`` as a learner does (in the browser: a message from the ladder's component)."""
        self._grid.press(str(Bid.parse(bid)))

    def focus_on(self, bid: Bid | str | None = None) -> None:
        """Move the keyboard focus to rung ``bid`` (``None``: the lowest open rung) in the browser."""
        self._grid.focus_on("" if bid is None else str(Bid.parse(bid)))

    def bid(self, bid: Bid | str) -> bool:
        """Choose a bid as pressing its button does.  Returns whether it was accepted."""
        try:
            b = Bid.parse(bid)
            ladder_index(b, self._rules)
            if self._standing is not None and not self._standing.is_pass and not outranks(b, self._standing, self._rules):
                words = reasons.same_as_standing if b == self._standing else reasons.lower_than_standing
                self.status = words(learner.bid_label(b), learner.bid_label(self._standing))
                return False
            allowed = self._allowed()
            if allowed is not None and b not in allowed:
                self.status = reasons.not_open_now(learner.bid_label(b))
                return False
            for callback in list(self._callbacks):
                callback(b)
        except FiveHundredError as err:
            self.status = err.explanation
            return False
        self.status = ""
        self.selected = str(b)
        self.refresh()
        return True

    def _show_status(self, change: Any) -> None:
        self._status.value = message_html(str(change["new"]), "info")

    def __repr__(self) -> str:
        standing = "" if self._standing is None else f", standing={str(self._standing)!r}"
        return f"BiddingLadder(rungs={len(self._rungs)}{standing}, selected={self.selected!r})"
