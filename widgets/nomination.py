"""JokerNomination: in no trumps or misère, the contractor holding the joker may give it a suit.

Four suit buttons and "No nomination", each with a sentence on what the choice
means.  The engine decides whether a nomination is allowed now
(``round.apply(Nominate(...))``); its explanation is shown if not.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as w
import traitlets

from fivehundred import text as learner
from fivehundred.i18n import _
from fivehundred.actions import Action, Nominate
from fivehundred.cards import Suit
from fivehundred.errors import FiveHundredError
from fivehundred.round import Phase, Round

from widgets._common import FONT, INK, message_html, prompt_html

__all__ = ["JokerNomination", "nomination_meaning"]

SubmitFn = Callable[[Action], object]


def nomination_meaning(suit: Suit | None, *, misere: bool) -> str:
    """What nominating ``suit`` (or nothing) means for the joker, in one or two sentences."""
    if suit is not None:
        return _(
            "The joker becomes the highest {suit}: it must follow suit when "
            "{suits} are led, wins any trick led in {suits}, but loses if you throw "
            "it on a trick led in another suit."
        ).format(suit=learner.suit(suit, singular=True), suits=learner.suit(suit))
    if misere:
        return _(
            "The joker stays suitless and wins any trick it is played to. Every card gets played in the end, "
            "so keeping an un-nominated joker means you will win a trick and lose the misère."
        )
    return _(
        "The joker stays suitless: it beats every card and wins any trick it is played to. You may play it "
        "only when you can't follow suit, or lead it and name a suit that hasn't been led yet."
    )


def _suit_label(suit: Suit) -> str:
    words = learner.suit(suit)
    return f"{suit.symbol} {words[:1].upper()}{words[1:]}"


class JokerNomination(w.VBox):
    """Choose the joker's suit (or none) before the first lead.

    ``round`` is the hand; ``submit`` (optional) does the action instead of
    ``round.apply`` (a table uses it to move the computer players on).
    ``nominate("H")`` / ``nominate(None)`` do what the buttons do.
    """

    status = traitlets.Unicode("")
    nominated = traitlets.Unicode("")

    def __init__(self, round: Round, *, submit: SubmitFn | None = None) -> None:
        super().__init__()
        self.add_class("fh-joker-nomination")
        self._round = round
        self._submit = submit
        self._prompt = w.HTML()
        buttons: list[w.Widget] = []
        self._buttons: dict[Suit | None, w.Button] = {}
        self._meanings: dict[Suit | None, w.HTML] = {}
        for suit in (*Suit, None):
            label = _suit_label(suit) if suit is not None else _("No nomination")
            b = w.Button(description=label, layout=w.Layout(width="150px", height="34px", flex="0 0 auto"))
            b.add_class("fh-option")
            b.add_class("fh-nominate")
            b.add_class(f"fh-nominate-{suit.value if suit is not None else 'none'}")
            if suit is not None:
                b.style.text_color = "#c62828" if suit.colour == "red" else "#1b1b1b"
            b.style.font_weight = "bold"
            b.on_click(self._make_handler(suit))
            meaning = w.HTML(layout=w.Layout(flex="1 1 auto"))
            self._buttons[suit] = b
            self._meanings[suit] = meaning
            buttons.append(w.HBox((b, meaning), layout=w.Layout(align_items="center", grid_gap="10px")))
        self._options = w.VBox(tuple(buttons), layout=w.Layout(grid_gap="4px"))
        self._status = w.HTML()
        self._status.add_class("fh-status")
        self.children = (self._prompt, self._options, self._status)
        self.observe(self._show_status, names=["status"])
        self.refresh()

    @property
    def round(self) -> Round:
        return self._round

    def set_round(self, round: Round) -> None:
        """Follow a different hand."""
        self._round = round
        self.nominated = ""
        self.status = ""
        self.refresh()

    def refresh(self) -> None:
        """Redraw the prompt and the meanings from the hand's contract."""
        r = self._round
        contract = r.contract
        misere = bool(contract is not None and contract.is_misere)
        if r.phase is Phase.NOMINATION and contract is not None:
            who = learner.seat(r.contractor, r.players)
            self._prompt.value = prompt_html(
                _("{seat} holds the joker in {contract}. Give it a suit before the first lead?").format(
                    seat=who, contract=learner.bid_label(contract))
            )
        else:
            self._prompt.value = prompt_html(_("The joker's suit (no trumps and misère only)"))
        for suit, html in self._meanings.items():
            html.value = (
                f'<div style="font-family:{FONT};font-size:13px;color:{INK};line-height:1.35">'
                f"{escape(nomination_meaning(suit, misere=misere))}</div>"
            )
        chosen = self.nominated
        for suit, b in self._buttons.items():
            key = suit.value if suit is not None else "none"
            b.button_style = "info" if key == chosen else ""
            b.disabled = False

    def nominate(self, suit: Suit | str | None) -> bool:
        """Nominate ``suit`` (``"H"``, a :class:`Suit`, or ``None`` for no nomination).

        Returns whether the engine accepted it; if not, :attr:`status` says why.
        """
        try:
            if isinstance(suit, str) and suit.strip().lower() in ("none", "no", ""):
                act = Nominate(None)
            else:
                act = Nominate(suit if suit is None or isinstance(suit, Suit) else Suit.parse(suit))
            if self._submit is not None:
                self._submit(act)
            else:
                self._round.apply(act)
        except FiveHundredError as err:
            self.status = err.explanation
            return False
        self.status = ""
        self.nominated = act.suit.value if act.suit is not None else "none"
        self.refresh()
        return True

    def _make_handler(self, suit: Suit | None) -> Callable[[w.Button], None]:
        def handler(_button: w.Button) -> None:
            self.nominate(suit)

        return handler

    def _show_status(self, change: Any) -> None:
        self._status.value = message_html(str(change["new"]), "info")

    def __repr__(self) -> str:
        contract = str(self._round.contract) if self._round.contract is not None else "-"
        return f"JokerNomination(contract={contract!r}, nominated={self.nominated!r})"
