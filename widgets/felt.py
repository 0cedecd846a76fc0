"""The felt's pictures: HTML for the seats, the trick, the header and the status line of a table.

Pure functions of a :class:`fivehundred.session.Session` (no widgets, no state); the
:class:`~widgets.table.TableView` puts them in its widgets.  You sit at the bottom
(``"south"``); the other seats run clockwise from your left, over the top to your right.
"""

from __future__ import annotations

from html import escape
from typing import Sequence

from fivehundred import text as learner
from fivehundred.i18n import _, ngettext, pgettext
from fivehundred.bidding import Bid
from fivehundred.round import Phase, Round
from fivehundred.seating import seat_name, sides
from fivehundred.session import Session
from fivehundred.text import scores as scores_text
from fivehundred.text import side_names
from fivehundred.svg import card_svg, cards_html
from widgets._common import FELT, FOCUS_CSS, FONT, INK

__all__ = ["CSS", "seat_areas", "header_html", "seat_panel_html", "trick_html", "learner_label_html", "status_html",
           "trump_of"]

#: where the other seats sit, clockwise from the learner's left, by how many others there are
_AREAS = {2: ("west", "east"), 3: ("west", "north", "east"), 4: ("west", "nw", "ne", "east"),
          5: ("west", "nw", "north", "ne", "east")}
_TRICK_AREA = {"west": "w", "nw": "nw", "north": "n", "ne": "ne", "east": "e", "south": "s"}

CSS = (
    "<style>"
    f".fh-table-felt{{box-sizing:border-box;background:{FELT};border:6px solid #6d4c41;border-radius:22px;"
    "box-shadow:inset 0 0 28px rgba(0,0,0,.4),0 2px 6px rgba(0,0,0,.25)}"
    ".fh-table-seat .fh-card-row{justify-content:center}"
    ".fh-table-felt .fh-hand{justify-content:center;padding:4px 2px 2px 2px}"
    ".fh-table-felt .fh-hand-view .fh-status div[role=status]{margin-top:4px}"
    # light on the felt: the hand's small lines, and the kitty's prompt drawn under your cards while you take
    # the kitty (widgets/kitty.py), centred under the row
    ".fh-table-felt .fh-hand-view div[style*='font-size:13px'],.fh-table-felt .fh-hand-view .fh-hand-hint div{"
    "color:#f4f7f2 !important;text-shadow:0 1px 1px rgba(0,0,0,.6)}"
    ".fh-table-felt .fh-hand-view .fh-hand-hint div{text-align:center}"
    # the overlapping 13 cards leave no room for the caption's words: the gold mark shows the kitty's cards, and
    # each one's spoken label still says "from the kitty"
    ".fh-table-felt .fh-kitty-cards .fh-caption{display:none}"
    ".fh-table-felt .fh-hand.fh-kitty-cards{padding-top:16px}"  # room for a chosen card, which rises
    ".fh-table-felt .fh-best-status div{color:#f4f7f2 !important;text-shadow:0 1px 1px rgba(0,0,0,.6);text-align:center}"
    # a phone: the seats round the trick don't fit beside it, so they go above it, two to a row (issue 27)
    "@media (max-width:600px){"
    ".fh-felt-grid{grid-template-columns:minmax(0,1fr) minmax(0,1fr) !important;"
    "grid-template-areas:'north north' 'west east' 'centre centre' 'south south' !important}"
    ".fh-players-5 .fh-felt-grid,.fh-players-6 .fh-felt-grid{"
    "grid-template-areas:'nw ne' 'north north' 'west east' 'centre centre' 'south south' !important}"
    ".fh-table-felt .fh-table-trick{justify-self:center}}"
    "@keyframes fh-think{0%{opacity:.45}50%{opacity:1}100%{opacity:.45}}"
    ".fh-thinking{animation:fh-think 1.2s ease-in-out infinite}"
    "</style>" + FOCUS_CSS
)


def _badge(text: str, bg: str, fg: str, cls: str = "") -> str:
    return (f'<span class="fh-badge {cls}" style="background:{bg};color:{fg};border-radius:8px;padding:0 6px;'
            f'margin-left:5px;font-size:11px;font-weight:bold;white-space:nowrap">{escape(text)}</span>')



def seat_areas(s: Session) -> dict[int, str]:
    """The felt's grid area of every seat: ``"south"`` for you, then clockwise from your left."""
    n = s.rules.players
    others = [(s.learner + k) % n for k in range(1, n)]
    areas = dict(zip(others, _AREAS[len(others)]))
    areas[s.learner] = "south"
    return areas


def trump_of(r: Round) -> Bid | None:
    """The contract when it has trumps (for colouring the trumps), else ``None``."""
    c = r.contract
    return c if c is not None and c.has_trumps else None


def header_html(s: Session) -> str:
    """The line above the felt: contract, dealer, tricks by side, the game's score."""
    r = s.round
    bits = [_("Dealer: {seat}").format(seat=s.who(r.dealer))]
    if r.contract is not None:
        bits.insert(0, _("Contract: {bid} by {seat}").format(bid=learner.bid_label(r.contract), seat=s.who(r.contractor)))
    if r.phase in (Phase.PLAY, Phase.OVER) and r.contract is not None:
        won = ", ".join(f"{'–'.join(learner.seat(x, s.rules.players) for x in side)} "
                        f"{sum(r.tricks_won[x] for x in side)}" for side in sides(s.rules))
        bits.append(_("Tricks: {tricks}").format(tricks=won))
    bits.append(_("Score: {scores}").format(scores=scores_text(side_names(s.game.rules), s.game.scores)))
    return (f'<div style="font-family:{FONT};font-size:14px;color:{INK};margin:2px 0 6px 0;display:flex;'
            'flex-wrap:wrap;gap:4px 16px">' + "".join(f"<span>{escape(b)}</span>" for b in bits) + "</div>")


def learner_label_html(s: Session) -> str:
    """"You (South) · 3 tricks" with your badges."""
    r, me = s.round, s.learner
    tricks = r.tricks_won[me]
    tricks_text = " · " + _tricks(tricks) if r.phase in (Phase.PLAY, Phase.OVER) else ""
    you = _("You ({seat})").format(seat=learner.seat(me, s.rules.players))
    return (f'<div style="font-family:{FONT};color:#f4f7f2;font-size:14px;font-weight:bold;text-shadow:0 1px 1px '
            f'rgba(0,0,0,.5);text-align:center">{escape(you)}{escape(tricks_text)}'
            f'{_badges(s, me)}</div>')


def _tricks(n: int) -> str:
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def status_html(recent: Sequence[str], turn: str) -> str:
    """The status box: the last few events, then whose turn it is."""
    lines = "".join(f'<div class="fh-event" style="color:{"#1f2933" if i == len(recent) - 1 else "#52606d"}">'
                    f'{escape(e)}</div>' for i, e in enumerate(recent))
    return (f'<div role="status" aria-live="polite" style="font-family:{FONT};font-size:15px;line-height:1.45;'
            f'background:#f4f7f2;border:1px solid #c7d2c9;border-radius:10px;padding:8px 14px;margin-top:8px">'
            f'{lines}<div class="fh-turn" style="font-weight:bold;color:#14532d;margin-top:2px">{escape(turn)}</div></div>')


def _badges(s: Session, seat: int) -> str:
    r = s.round
    out = _badge(_("dealer"), "#ffe082", "#4e3b00", "fh-dealer") if seat == r.dealer else ""
    if r.contractor == seat and r.contract is not None:
        out += _badge(learner.bid_label(r.contract), "#ffffff", "#1b1b1b", "fh-contractor")
    if seat in r.sitting_out:
        text = _("sits out: the contractor plays misère alone") if seat == s.learner else _("sits out")
        out += _badge(text, "#cfd8dc", "#263238", "fh-sits-out")
    if seat == s.learner and s.my_turn:
        out += _badge(_("your turn"), "#f2b705", "#2b2100", "fh-your-turn")
    elif seat != s.learner and not r.is_over and r.to_act == seat:
        out += _badge(_("thinking…"), "#1e88e5", "#ffffff", "fh-thinking")
    return out

def seat_panel_html(s: Session, seat: int, *, show_all: bool = False, four_colour: bool = False) -> str:
    """A computer seat: name and badges, its cards (face down unless shown or exposed), its tricks."""
    r, n = s.round, s.rules.players
    name = learner.seat(seat, n)
    tricks = r.tricks_won[seat]
    tricks_text = _tricks(tricks) if r.phase in (Phase.PLAY, Phase.OVER) else ""
    held = r.hand(seat)
    exposed = set(r.exposed) if r.contractor == seat else set()
    if not held:
        cards = '<div style="height:20px"></div>'
    elif show_all or (exposed and set(held) <= exposed):
        cards = cards_html(held, trump=trump_of(r), four_colour=four_colour, width=40, overlap=0.55)
    else:
        cards = cards_html(len(held), width=34, overlap=0.72, label=ngettext("{seat}'s {n} card, face down", "{seat}'s {n} cards, face down", len(held)).format(
            seat=name, n=len(held)))
    dim = "opacity:.5;" if seat in r.sitting_out else ""
    return (f'<div class="fh-seat-panel" data-seat="{seat_name(seat, n)}" style="font-family:{FONT};display:flex;'
            f'flex-direction:column;align-items:center;gap:4px;{dim}"><div style="color:#f4f7f2;font-size:14px;'
            f'font-weight:bold;white-space:nowrap;text-shadow:0 1px 1px rgba(0,0,0,.5)">{escape(name)}'
            f'{_badges(s, seat)}</div>{cards}<div class="fh-tricks-won" style="color:#e8f3ea;font-size:12px;'
            f'min-height:15px">{escape(tricks_text)}</div></div>')

def trick_html(s: Session, areas: dict[int, str], *, four_colour: bool = False) -> str:
    """The trick in the middle of the felt (the last one, with its winner, between tricks)."""
    r, n = s.round, s.rules.players
    trick, done = r.current_trick, False
    if trick is None and r.tricks and r.phase in (Phase.PLAY, Phase.OVER):
        trick, done = r.tricks[-1], True
    plays = dict(trick.plays) if trick is not None else {}
    winner = trick.winner(r.contract.trump, r.nominated) if done and trick and r.contract else None
    cells = []
    for seat, area in areas.items():
        card = plays.get(seat)
        if card is None:
            face = ('<div aria-hidden="true" style="width:50px;height:70px;border:2px dashed rgba(255,255,255,.3);'
                    'border-radius:7px;box-sizing:border-box"></div>')
        else:
            glow = ("box-shadow:0 0 0 3px #f2b705,0 0 14px 4px rgba(242,183,5,.75);" if seat == winner
                    else "box-shadow:0 1px 4px rgba(0,0,0,.4);")
            cls = "fh-trick-card fh-winner" if seat == winner else "fh-trick-card"
            face = (f'<div class="{cls}" data-card="{card}" data-seat="{seat_name(seat, n)}" style="border-radius:7px;'
                    f'line-height:0;{glow}">{card_svg(card, trump=trump_of(r), four_colour=four_colour, width=50)}</div>')
        lead = _badge(pgettext("trick", "led"), "#ffe082", "#4e3b00", "fh-led") if trick is not None and seat == trick.leader else ""
        cells.append(f'<div class="fh-seat" data-seat="{seat_name(seat, n)}" style="grid-area:{_TRICK_AREA[area]};'
                     f'display:flex;flex-direction:column;align-items:center;gap:2px">{face}'
                     f'<div style="font-size:10px;color:#e8f3ea;min-height:14px">{lead}</div></div>')
    c = r.contract
    middle = escape((_("Auction") if r.phase is Phase.AUCTION else _("Thrown in")) if c is None else (
        learner.bid_label(c) if c.is_misere else _("No trumps") if c.trump is None else _("Trumps {suit}").format(suit=c.trump.symbol)))
    if r.nominated is not None:
        middle += "<br>" + escape(_("joker = {suit}").format(suit=r.nominated.symbol))
    if r.phase is Phase.PLAY:
        middle += "<br>" + escape(pgettext("trick", "trick {n} of {m}").format(
            n=min(len(r.tricks) + (0 if done else 1), r.rules.hand_size), m=r.rules.hand_size))
    if winner is not None:
        middle += "<br><b>" + escape(_("{seat} won it").format(seat=s.who(winner))) + "</b>"
    label = (_("Trick: {cards}").format(cards=", ".join(f"{learner.seat(x, n)} {c.name}" for x, c in trick.plays))
             if trick else _("Trick: no cards yet"))
    return (f'<div class="fh-trick fh-table-centre" role="group" aria-label="{escape(label)}" style="display:grid;'
            "grid-template-areas:'nw n ne' 'w c e' '. s .';grid-template-columns:auto auto auto;gap:2px 8px;"
            f'justify-items:center;align-items:center;font-family:{FONT};padding:6px;border-radius:14px;'
            f'background:rgba(0,0,0,.12)">{"".join(cells)}<div style="grid-area:c;color:#f4f7f2;font-size:12px;'
            f'text-align:center;min-width:74px;line-height:1.35">{middle}</div></div>')

