"""Small tables the lessons show: an auction's calls in order, and what bids are worth.

Pictures only: the calls, contracts and values come from the engine (:class:`~fivehundred.round.Round`,
:attr:`Bid.points <fivehundred.bidding.Bid.points>`).
"""

from __future__ import annotations

from typing import Iterable

import ipywidgets as w

from fivehundred import text as learner
from fivehundred.bidding import Bid, Strain
from fivehundred.i18n import _, ngettext
from fivehundred.round import Round
from widgets.bidding import bid_colour

__all__ = ["call_html", "auction_list", "bid_value_grid", "contract_values"]

_LINE = "#d5dbe1"


def _capital(bid: Bid) -> str:
    label = learner.bid_label(bid)
    return label[0].upper() + label[1:]


def call_html(bid: Bid) -> str:
    """A call as a card player writes it (``7♥`` in red, ``Pass``), bold."""
    if bid.is_pass:
        return _("Pass")
    return f"<span style='color:{bid_colour(bid)};font-weight:bold'>{_capital(bid)}</span>"


def auction_list(round_: Round, title: str | None = None, show_status: bool = True) -> w.HTML:
    """The calls of ``round_`` in order, who dealt, and where the auction stands (``show_status=False`` leaves
    that out, for a question below that asks exactly that); ``title`` defaults to "The auction so far"."""
    players = round_.rules.players
    rows = "".join(
        f"<tr><td>{i}</td><td>{learner.seat(seat, players)}</td><td>{call_html(bid)}</td></tr>"
        for i, (seat, bid) in enumerate(round_.auction, 1)
    )
    if round_.contract is not None:
        assert round_.contractor is not None
        status = _("Contract: {contract}, played by {seat}.").format(
            contract=f"<b>{call_html(round_.contract)}</b>", seat=f"<b>{learner.seat(round_.contractor, players)}</b>")
    elif round_.result is not None:
        status = round_.result.reason
    else:
        assert round_.to_act is not None
        status = _("Next to call: {seat}.").format(seat=f"<b>{learner.seat(round_.to_act, players)}</b>")
    status_html = f"<div style='margin-top:6px'>{status}</div>" if show_status else ""
    heading = title or _("The auction so far")
    dealer = _("Dealer: {seat}").format(seat=learner.seat(round_.dealer, players))
    player, call = _("Player"), _("Call")
    return w.HTML(
        f"<style>.fh-auction td, .fh-auction th {{padding: 3px 14px; border-bottom: 1px solid {_LINE}; text-align: left}}"
        " .fh-auction {border-collapse: collapse; font-size: 15px; margin: 4px 0}"
        f" .fh-auction-box {{border: 1px solid {_LINE}; border-radius: 10px; padding: 8px 14px; display: inline-block}}</style>"
        f"<div class='fh-auction-box'><div style='font-weight:bold;margin-bottom:4px'>{heading}</div>"
        f"<div style='margin-bottom:6px'>{dealer}</div>"
        f"<table class='fh-auction'><thead><tr><th>#</th><th>{player}</th><th>{call}</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>{status_html}</div>"
    )


def _tricks(n: int) -> str:
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def bid_value_grid(levels: Iterable[int] = range(6, 11), strains: Iterable[Strain] = tuple(Strain)) -> w.HTML:
    """What every trick bid is worth: a row per number of tricks, a column per strain (red suits in red)."""
    cols = tuple(strains)
    rows = tuple(levels)
    head = "".join(
        f"<th style='color:{bid_colour(Bid.parse(f'6{s.value}'))}'>{s.symbol if s.suit is not None else 'NT'}</th>"
        for s in cols
    )
    body = "".join(
        f"<tr><th>{_tricks(n)}</th>" + "".join(f"<td>{Bid.parse(f'{n}{s.value}').points}</td>" for s in cols) + "</tr>"
        for n in rows
    )
    return w.HTML(
        f"<style>.fh-values td, .fh-values th {{padding: 4px 16px; border-bottom: 1px solid {_LINE}; text-align: right}}"
        " .fh-values {border-collapse: collapse; font-size: 16px; margin: 4px 0 8px 0}</style>"
        f"<table class='fh-values'><thead><tr><th></th>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def contract_values(bids: Iterable[Bid | str]) -> w.HTML:
    """What each of ``bids`` is worth, one row each (red suits in red)."""
    def label(bid: Bid) -> str:
        colour = bid_colour(bid) if bid.trump is not None and bid.trump.colour == "red" else "inherit"
        return f"<span style='color:{colour}'>{_capital(bid)}</span>"

    cells = "".join(f"<tr><td>{label(b)}</td><td>{b.points}</td></tr>" for b in map(Bid.parse, bids))
    contract, worth = _("Contract"), _("Worth")
    return w.HTML(
        f"<style>.fh-values td, .fh-values th {{padding: 3px 16px; border-bottom: 1px solid {_LINE}; text-align: left}}"
        " .fh-values {border-collapse: collapse; font-size: 15px; margin: 4px 0}</style>"
        f"<table class='fh-values'><thead><tr><th>{contract}</th><th>{worth}</th></tr></thead>"
        f"<tbody>{cells}</tbody></table>"
    )
