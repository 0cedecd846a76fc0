"""The table's small panels: the joker lead, the partner call, the controls and the hand-record box.

Builders only: each returns widgets wired to the callbacks it is given; the
:class:`~widgets.table.TableView` decides nothing here either.
"""

from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as w

from fivehundred.actions import Action, CallCard, CallPartner, action_text
from fivehundred import text as learner
from fivehundred.cards import Suit
from fivehundred.i18n import _, pgettext
from fivehundred.session import Session
from widgets._common import small_html
from widgets._toolbar import Toolbar

__all__ = ["joker_lead", "partner_buttons", "controls", "RecordBox", "speed_label"]


def speed_label(speeds: Sequence[tuple[str, float]], pace: float | None) -> str:
    """The Speed menu's value for ``pace`` ("Step by step" for ``None``, "0.2 s" for a pace not on the menu): the
    English label, which the menu keeps as its value and shows in the page's language (:func:`speed_words`)."""
    if pace is None:
        return "Step by step"
    return next((label for label, value in speeds if abs(value - pace) < 1e-9), f"{pace:g} s")


def speed_words(label: str) -> str:
    """A Speed menu label as the learner reads it, in the page's language ("Rýchlo" for "Fast")."""
    return {
        "Slow": pgettext("speed", "Slow"),
        "Normal": pgettext("speed", "Normal"),
        "Fast": pgettext("speed", "Fast"),
        "Instant": pgettext("speed", "Instant"),
        "Step by step": pgettext("speed", "Step by step"),
    }.get(label, label)


def joker_lead(on_suit: Callable[[Suit], object]) -> tuple[w.VBox, dict[Suit, w.Button]]:
    """The buttons to lead the joker naming a suit (shown only for the suits it may name)."""
    prompt = w.HTML(small_html(_("To lead the joker, name a suit that hasn't been led yet; the others must follow it.")))
    buttons: dict[Suit, w.Button] = {}
    for suit in Suit:
        b = w.Button(description=f"{suit.symbol} {learner.suit(suit)}", layout=w.Layout(width="120px", height="32px"))
        b.add_class("fh-option")
        b.add_class(f"fh-joker-lead-{suit.value}")
        b.style.text_color = "#c62828" if suit.colour == "red" else "#1b1b1b"
        b.on_click(lambda _b, suit=suit: on_suit(suit))
        buttons[suit] = b
    box = w.VBox((prompt, w.HBox(tuple(buttons.values()), layout=w.Layout(flex_flow="row wrap", grid_gap="6px"))))
    box.add_class("fh-joker-lead")
    return box, buttons


def partner_buttons(s: Session, act: Callable[[Action], object]) -> tuple[w.Widget, ...]:
    """The 5-player partner call: one button per call the engine allows now (up to 12)."""
    buttons: list[w.Widget] = [w.HTML(small_html(_("Call your partner for this hand.")))]
    for choice in s.round.legal_actions()[:12]:
        if isinstance(choice, CallPartner):
            names = [learner.seat(x, s.rules.players) for x in choice.seats]
            text = (_("Call {seat}").format(seat=names[0]) if len(names) == 1
                    else _("Call {seat} and {other}").format(seat=_(" and ").join(names[:-1]), other=names[-1]))
        elif isinstance(choice, CallCard):
            text = _("Call the holder of {card}").format(card=choice.card.label)
        else:
            text = action_text(choice)
        b = w.Button(description=text, layout=w.Layout(width="auto", height="32px"))
        b.add_class("fh-option")
        b.add_class("fh-partner-option")
        b.on_click(lambda _b, choice=choice: act(choice))
        buttons.append(b)
    return tuple(buttons)


def controls(
    pace: float | None, show_all: bool, speed: str, speeds: Sequence[tuple[str, float]], *, bids: bool = False
) -> tuple[w.HBox, Toolbar]:
    """The row under the felt: Undo, New hand, Show all hands, Hint, (What the bids show,) Next move and the
    Speed menu, as one component (:class:`~widgets._toolbar.Toolbar`) in a row that other controls may join."""
    bar = Toolbar()
    bar.add("undo", _("Undo"), title=_("Take back your last decision"), cls="fh-undo")
    bar.add("new", _("New hand"), title=_("Deal a new hand"), cls="fh-new-hand")
    bar.add("show", _("Show all hands"), kind="toggle", value=show_all, title=_("Show every hand face up"),
            cls="fh-show-all")
    bar.add("hint", _("Hint"), title=_("A suggestion for your next move"), cls="fh-hint")
    if bids:  # free play: the method's reading of the other seats' calls
        bar.add("bids", _("What the bids show"), cls="fh-bids",
                title=_("What each computer player's latest call says about its hand, read by the bidding method"))
    bar.add("step", _("Next move"), title=_("Let the next computer player move"), cls="fh-step")
    bar["step"].hidden = pace is not None
    labels = [label for label, _ in speeds]
    if speed not in labels:
        labels.append(speed)
    # the label's width follows its words ("Speed", "Rýchlosť", "Kecepatan")
    bar.add("speed", _("Speed"), kind="select", value=speed, cls="fh-speed",
            options=[(speed_words(label), label) for label in labels])
    row = w.HBox((bar,), layout=w.Layout(flex_flow="row wrap", grid_gap="6px", align_items="center",
                                         margin="8px 0 0 0"))
    row.add_class("fh-table-controls")
    return row, bar


class RecordBox:
    """The "Hand record" accordion: the record's text, Show and Replay buttons, and a status line.

    Its contents are made when it is first opened (or first used from Python), so a table that never
    shows a record costs the page two widget models instead of eighteen (issue #26).
    """

    def __init__(self, on_show: Callable[[], object], on_load: Callable[[], object]) -> None:
        self._on_show, self._on_load = on_show, on_load
        self._inner = w.VBox()
        self.box = w.Accordion((self._inner,), titles=(_("Hand record: replay a hand"),), selected_index=None)
        self.box.add_class("fh-record")
        self.box.observe(lambda change: self._parts() if change["new"] is not None else None, names=["selected_index"])
        self._made: tuple[w.Textarea, w.HTML] | None = None

    @property
    def text(self) -> w.Textarea:
        """The record's text box."""
        return self._parts()[0]

    @property
    def status(self) -> w.HTML:
        """The line under the buttons (what a replay did)."""
        return self._parts()[1]

    @property
    def made(self) -> bool:
        """Whether the contents have been made yet."""
        return self._made is not None

    def _parts(self) -> tuple[w.Textarea, w.HTML]:
        if self._made is None:
            text = w.Textarea(
                placeholder=_("Paste a hand record here (rules:, dealer:, N:, E:, S:, W:, kitty:, auction:, play: …)"),
                layout=w.Layout(width="100%", height="170px"))
            text.add_class("fh-record-text")
            show = w.Button(description=_("Show this hand's record"), layout=w.Layout(width="auto"))
            load = w.Button(description=_("Replay this record"), layout=w.Layout(width="auto"))
            load.add_class("fh-record-load")
            show.on_click(lambda _b: self._on_show())
            load.on_click(lambda _b: self._on_load())
            status = w.HTML()
            self._inner.children = (text, w.HBox((show, load), layout=w.Layout(grid_gap="6px")), status)
            self._made = (text, status)
        return self._made


def beside(felt: w.Widget, side: w.Box) -> w.HBox:
    """The felt with ``side`` (the status lines and the phase panels: auction, kitty, ...) beside it on a laptop;
    on a narrow screen the side wraps under the felt."""
    side.layout = w.Layout(flex="1 1 360px", min_width="0", max_width="560px")
    return w.HBox((felt, side), layout=w.Layout(flex_flow="row wrap", align_items="flex-start",
                                                grid_gap="4px 14px", width="100%"))
