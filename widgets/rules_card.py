"""The rules card: one click away at every table, built from engine functions only.

It shows three things for the hand being played:

* the **trump order** for the contract (joker and bowers first; in no-trumps
  and misère, what the joker does, nominated or not) —
  :func:`fivehundred.trumps.trump_order`, :func:`fivehundred.trick.describe_card`;
* the **bidding ladder** with each bid's points —
  :func:`fivehundred.bidding.ladder`, :attr:`Bid.points`;
* the **score of the contract** if it is made, made with all ten tricks, or
  set by one trick — :func:`fivehundred.scoring.score_hand`.

:func:`rules_card_sections` returns the texts (tests and notebooks read them);
:class:`RulesCard` is a button that opens and closes them.

>>> from fivehundred import Round
>>> r = Round.deal(seed=1)
>>> card = RulesCard()
>>> card.show(r.view(2))
>>> card.is_open
False
>>> card.toggle(); card.is_open
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

import ipywidgets as w

from fivehundred.bidding import Bid, BidKind, Strain, ladder
from fivehundred.cards import JOKER, Suit
from fivehundred.i18n import _
from fivehundred.play import play_rules
from fivehundred.round import View
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import NUM_TRICKS, score_hand
from fivehundred.text import bid_label as _bid_label
from fivehundred.text import signed as _signed
from fivehundred.text import suit as _suit
from fivehundred.trick import describe_card
from fivehundred.trumps import is_left_bower, is_right_bower, trump_order

from widgets._common import FONT, INK
from widgets._panes import Panes
from widgets._toolbar import Toolbar

__all__ = ["RulesCard", "RulesCardSections", "rules_card_sections"]


@dataclass(frozen=True)
class RulesCardSections:
    """The rules card's three sections as plain text (``trumps`` is one line per rank group)."""

    trumps: tuple[str, ...]
    ladder: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    ladder_extra: tuple[tuple[str, int], ...]
    score: tuple[str, ...]



def _order_names(trump: Suit, players: int) -> list[str]:
    names = []
    for c in trump_order(trump, players):
        if c.is_joker:
            names.append("Joker")
        elif is_right_bower(c, trump):
            names.append(_("{card} (right bower)").format(card=c.label))
        elif is_left_bower(c, trump):
            names.append(_("{card} (left bower)").format(card=c.label))
        else:
            names.append(c.label)
    return names


def _trump_lines(contract: Bid | None, nominated: Suit | None, rules: Rules) -> tuple[str, ...]:
    if contract is None:
        return (_("No contract yet: the auction decides the trumps. For example, with hearts as trumps, highest first:"),
                ", ".join(_order_names(Suit.HEARTS, rules.players)) + ".")
    table = play_rules(contract, nominated, rules)
    if table.trump is not None:
        order = trump_order(table.trump, rules.players)
        names = _order_names(table.trump, rules.players)
        return (_("Trumps: {suit}, {n} cards, highest first:").format(suit=_suit(table.trump), n=len(order)), ", ".join(names) + ".")
    joker = describe_card(JOKER, None, table.nominated)
    first = (_("No trump suit (misère). Each trick is won by the highest card of the suit led.") if table.misere
             else _("No trump suit (no trumps). Each trick is won by the highest card of the suit led."))
    how = joker[len("the joker ("):-1] if joker.startswith("the joker (") else joker
    lines = [first, _("The joker: {how}.").format(how=how)]
    return tuple(lines)


def _ladder(rules: Rules) -> tuple[tuple[tuple[str, tuple[tuple[str, int], ...]], ...], tuple[tuple[str, int], ...]]:
    rows: dict[Strain, list[tuple[str, int]]] = {}
    extra: list[tuple[str, int]] = []
    for bid in ladder(rules):
        if bid.kind is BidKind.TRICKS and bid.strain is not None:
            rows.setdefault(bid.strain, []).append((str(bid.tricks), bid.points))
        elif not bid.is_pass:
            extra.append((_bid_label(bid), bid.points))
    table = tuple((s.symbol, tuple(v)) for s, v in rows.items())
    return table, tuple(extra)


def _score_lines(contract: Bid | None, rules: Rules) -> tuple[str, ...]:
    if contract is None or contract.is_pass:
        return (_("No contract yet."),)
    if contract.is_misere:
        made = score_hand(contract, 0, rules=rules)
        lost = score_hand(contract, 1, rules=rules)
        return (_("{bid}: the contractor must lose every trick.").format(bid=_bid_label(contract).capitalize()),
                _("No tricks taken: {made}. Any trick taken: {lost}.").format(made=_signed(made.contractors),
                                                                              lost=_signed(lost.contractors)))
    made = score_hand(contract, contract.tricks, rules=rules)
    slam = score_hand(contract, NUM_TRICKS, rules=rules)
    down = score_hand(contract, contract.tricks - 1, rules=rules)
    label = _bid_label(contract)
    if slam.slam:
        made_text = _("Made: {made}; all ten tricks: {slam}.").format(made=_signed(made.contractors), slam=_signed(slam.contractors))
    else:
        made_text = _("Made: {made}.").format(made=_signed(made.contractors))
    lines = [_("{bid}: the contracting side needs {n} of the 10 tricks.").format(bid=label, n=contract.tricks),
             made_text + " " + _("One trick short: {down}.").format(down=_signed(down.contractors))]
    if rules.defence_trick_points:
        lines.append(_("The defenders score 10 for each trick they take."))
    return tuple(lines)


def rules_card_sections(
    view: View | None = None, *, rules: Rules = AUSTRALIAN, contract: Bid | None = None, nominated: Suit | None = None
) -> RulesCardSections:
    """The rules card's texts for ``view``'s hand (its contract and nomination), or for ``contract`` and
    ``nominated`` under ``rules``, or for no hand yet."""
    if view is not None:
        rules, contract, nominated = view.rules, view.contract, view.nominated
    rows, extra = _ladder(rules)
    return RulesCardSections(_trump_lines(contract, nominated, rules), rows, extra, _score_lines(contract, rules))


def _html(s: RulesCardSections) -> str:
    cell = 'style="padding:1px 10px;text-align:right"'
    # Translators: the rules card's three headings
    order_head, ladder_head, contract_head = _("Trump order"), _("The ladder (points for each bid)"), _("This contract")
    head = "".join(f"<th {cell}>{escape(str(t))}</th>" for t, _pts in (s.ladder[0][1] if s.ladder else ()))
    rows = "".join(
        f"<tr><th {cell}>{escape(name)}</th>{''.join(f'<td {cell}>{p}</td>' for _t, p in cells)}</tr>"
        for name, cells in s.ladder
    )
    extra = ", ".join(f"{escape(n)} {p}" for n, p in s.ladder_extra)
    trumps = "<br>".join(escape(t) for t in s.trumps)
    score = "<br>".join(escape(t) for t in s.score)
    return (
        f'<div class="fh-rules-card" style="font-family:{FONT};color:{INK};font-size:14px;line-height:1.45;'
        f'border:1px solid #d5dbe1;border-radius:10px;padding:8px 14px;margin:6px 0;max-width:860px">'
        f'<div style="font-weight:bold">{escape(order_head)}</div><div class="fh-rules-trumps">{trumps}</div>'
        f'<div style="font-weight:bold;margin-top:6px">{escape(ladder_head)}</div>'
        f'<table class="fh-rules-ladder" style="border-collapse:collapse"><tr><th></th>{head}</tr>{rows}</table>'
        f'<div>{extra}</div>'
        f'<div style="font-weight:bold;margin-top:6px">{escape(contract_head)}</div><div class="fh-rules-score">{score}</div></div>'
    )


class RulesCard(w.VBox):
    """A "Rules card" button and the card it opens (closed by default)."""

    def __init__(self, view: View | None = None) -> None:
        # the button and the card are one component each (fewer widget models a page, issue #26)
        self._bar = Toolbar()
        self._button = self._bar.add("card", _("Rules card"), title=_("Trump order, the ladder and this contract's score"),
                                     cls="fh-rules-card-button")
        self._card = Panes([("card", "fh-rules-card-pane", "")])
        self._card.layout.display = "none"
        self._panel = self._card["card"]
        self._args: tuple[Bid | None, Suit | None, Rules] = (None, None, AUSTRALIAN)
        self._drawn_for: tuple[Bid | None, Suit | None, Rules] | None = None  # the hand the card is drawn for
        self._button.on_click(lambda _item: self.toggle())
        super().__init__(children=(self._bar, self._card))
        self.show(view)

    @property
    def is_open(self) -> bool:
        return bool(self._card.layout.display != "none")

    @property
    def sections(self) -> RulesCardSections:
        contract, nominated, rules = self._args
        return rules_card_sections(contract=contract, nominated=nominated, rules=rules)

    def show(self, view: View | None) -> None:
        """Draw the card for ``view``'s hand (call it when the contract or nomination changes)."""
        if view is None:
            self.show_contract(None, None, AUSTRALIAN)
        else:
            self.show_contract(view.contract, view.nominated, view.rules)

    def show_contract(self, contract: Bid | None, nominated: Suit | None, rules: Rules) -> None:
        """Draw the card for a hand's contract and nomination (the public facts every seat knows).  A closed
        card only remembers them: it is drawn when it opens, so a move that changes the contract sends the
        browser nothing for a card nobody is reading (issue #26)."""
        self._args = (contract, nominated, rules)
        if self.is_open:
            self._draw()

    def _draw(self) -> None:
        """Draw the card for the remembered hand, unless it is drawn for it already (the table calls
        :meth:`show_contract` after every move)."""
        if self._drawn_for != self._args:
            self._panel.value = _html(self.sections)
            self._drawn_for = self._args

    def toggle(self) -> None:
        """Open or close the card."""
        if not self.is_open:
            self._draw()
        self._card.layout.display = "" if not self.is_open else "none"
        self._button.description = _("Hide the rules card") if self.is_open else _("Rules card")

    def __repr__(self) -> str:
        c = self._args[0].label if self._args[0] is not None else "none"
        return f"RulesCard(contract={c!r}, open={self.is_open})"
