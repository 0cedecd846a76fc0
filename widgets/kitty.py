"""KittyPicker: the contractor's 13 cards; choose 3 to put away, then confirm.

:class:`KittyChoice` is the choice itself, drawn on components it is given (a table lends it your hand's
card row); :class:`KittyPicker` is the stand-alone panel that gives it components of its own.

The cards that came from the kitty are marked.  Choosing is free (press a card
again to put it back); the engine decides at Confirm whether the discard is
legal (``round.apply(Discard.of(...))``) and its explanation is shown if not.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import ipywidgets as w
import traitlets

from fivehundred import reasons, text as learner
from fivehundred.i18n import N_, _
from fivehundred.actions import Action, Discard
from fivehundred.cards import Card, format_cards
from fivehundred.errors import FiveHundredError
from fivehundred.round import Phase, Round

from widgets._common import message_html, prompt_html
from widgets._panes import Pane, Panes
from widgets._picker import CardButtons
from widgets._toolbar import Toolbar

__all__ = ["KittyChoice", "KittyPicker"]

SubmitFn = Callable[[Action], object]

#: the caption under a card that came from the kitty
KITTY_CAPTION = N_("from the kitty")


class KittyChoice(traitlets.HasTraits):
    """The kitty's choice, drawn on components it is given (it makes no widget of its own).

    The contractor's 13 cards go on ``cards`` (a :class:`CardButtons` row), the prompt and any refusal on the
    ``prompt`` and ``status`` panes, and the Confirm, Start again and count items of ``bar``.  A
    :class:`KittyPicker` gives it components of its own; a table lends it the row that shows your hand, the
    panes under it and items of its control bar (the kitty then costs the page no new widget model, and only
    the kitty's three new card pictures are sent: issue #26).  ``active`` says whether the components are the
    kitty's now: while it is false, clicks on the row are not the kitty's and nothing is drawn.

    ``toggle("5S")`` chooses or un-chooses a card, as pressing it does; ``confirm()`` asks the engine to
    discard the chosen cards.  ``submit`` (optional) does the action instead of ``round.apply``.
    """

    chosen_text = traitlets.Unicode("")
    status = traitlets.Unicode("")
    done = traitlets.Bool(False)

    def __init__(
        self,
        round: Round,
        *,
        cards: CardButtons,
        prompt: Pane,
        status: Pane,
        bar: Toolbar,
        submit: SubmitFn | None = None,
        seat: int | None = None,
        active: bool = True,
    ) -> None:
        super().__init__()
        self._seat = seat
        self._round = round
        self._submit = submit
        self._chosen: tuple[Card, ...] = ()
        self._lent: dict[str, Any] = {}  # the row's traits as they were before attach()
        self._cards, self._prompt, self._status, self._bar = cards, prompt, status, bar
        self._confirm, self._clear, self._count = bar["kitty_confirm"], bar["kitty_clear"], bar["kitty_count"]
        self._cards.on_card_click(self._clicked)
        self._confirm.on_click(lambda _item: self.confirm())
        self._clear.on_click(lambda _item: self.clear())
        self.active = active
        self.observe(self._show_status, names=["status"])
        self.refresh()

    @staticmethod
    def add_items(bar: Toolbar, *, hidden: bool = False, before: str | None = None) -> None:
        """Add the kitty's Confirm, Start again and count items to ``bar`` (at the end, or before the item
        named ``before``; ``hidden`` until a kitty is taken)."""
        with bar.hold_sync():  # one message
            bar.add("kitty_confirm", _("Discard these 3"), cls="fh-kitty-confirm fh-option",
                    style="width:170px;font-weight:bold", before=before)
            bar.add("kitty_clear", _("Start again"), cls="fh-kitty-clear", style="width:130px", before=before)
            bar.add("kitty_count", "", kind="text", cls="fh-kitty-count", style="", before=before)
            for name in ("kitty_confirm", "kitty_clear", "kitty_count"):
                bar[name].hidden = hidden

    # --- state -----------------------------------------------------------------
    @property
    def round(self) -> Round:
        return self._round

    @property
    def chosen(self) -> tuple[Card, ...]:
        """The cards chosen so far, in the order shown."""
        return self._chosen

    @property
    def cards(self) -> tuple[Card, ...]:
        """The contractor's cards now (13 while the kitty is being taken)."""
        if self._round.contractor is None:
            return ()
        return self._round.view(self._round.contractor).hand

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The three cards that came from the kitty."""
        if self._round.contractor is None:
            return ()
        return self._round.view(self._round.contractor).kitty

    def set_round(self, round: Round) -> None:
        """Follow a different hand (the choice is cleared)."""
        self._round = round
        self._chosen = ()
        self.status = ""
        self.refresh()

    def attach(self, **row: Any) -> None:
        """Take the lent components and draw the kitty on them: the row's traits given here (``multi=True``,
        ``row_class="fh-kitty-cards"``, ...) until :meth:`detach`, and the bar's items shown."""
        if self.active:
            return
        self._lent = {name: getattr(self._cards, name) for name in row}
        self.active = True
        with self._cards.hold_sync(), self._bar.hold_sync():
            for name, value in row.items():
                setattr(self._cards, name, value)
            for item in (self._confirm, self._clear, self._count):
                item.hidden = False
            self.refresh()

    def detach(self) -> None:
        """Give the lent components back as they were: the row's traits, no marks, captions or choice, the
        items hidden; the row's owner then draws its own cards on it."""
        if not self.active:
            return
        self.active = False
        self._chosen = ()
        self.chosen_text = ""
        with self._cards.hold_sync(), self._bar.hold_sync():
            for name, value in self._lent.items():
                setattr(self._cards, name, value)
            self._cards.marked, self._cards.selected, self._cards.enabled = [], [], True
            for item in (self._confirm, self._clear, self._count):
                item.hidden = True
        self._prompt.value = self._status.value = ""  # the owner's own lines are drawn again by its owner

    def refresh(self) -> None:
        """Redraw from the round (nothing is drawn while the components are not the kitty's)."""
        r = self._round
        hand = self.cards
        kitty = set(self.kitty)
        self._chosen = tuple(c for c in self._chosen if c in hand)
        self.chosen_text = format_cards(self._chosen)
        active = r.phase is Phase.KITTY
        self.done = r.contractor is not None and r.phase not in (Phase.AUCTION, Phase.KITTY)
        if not self.active:
            return
        if active:
            mine = r.contractor is None or r.contractor == self._seat
            self._prompt.value = prompt_html(
                _("You hold 13 cards: the 10 dealt and the 3 from the kitty (marked). Choose 3 to discard face down.") if mine
                else _("{seat} holds 13 cards: the 10 dealt and the 3 from the kitty (marked). Choose 3 to discard face down.").format(
                    seat=learner.seat(r.contractor, r.players))
            )
        elif self.done:
            self._prompt.value = prompt_html(_("Discarded: {cards}").format(cards=" ".join(c.label for c in r.discards)) if r.discards else "")
        else:
            self._prompt.value = prompt_html(_("The contractor takes the kitty after the auction."))
        trump = r.contract if r.contract is not None and r.contract.has_trumps else None
        with self._cards.hold_sync():
            self._cards.show(hand, trump=trump, captions=[_(KITTY_CAPTION) if c in kitty else "" for c in hand])
            self._cards.marked = [str(c) for c in hand if c in kitty]
            self._cards.selected = [str(c) for c in self._chosen]
            self._cards.enabled = active
        n = len(self._chosen)
        need = r.rules.kitty_size
        with self._bar.hold_sync():  # one message
            self._count.description = _("{n} of {need} chosen").format(n=n, need=need) if active else ""
            self._confirm.disabled = not active
            self._clear.disabled = not active or n == 0
            self._confirm.button_style = "success" if active and n == need else ""

    # --- gestures --------------------------------------------------------------
    def toggle(self, card: Card | str) -> bool:
        """Choose ``card`` (or put it back if already chosen).  Returns whether anything changed."""
        try:
            c = Card.parse(card)
        except FiveHundredError as err:
            self.status = err.explanation
            return False
        if self._round.phase is not Phase.KITTY:
            phase = self._round.phase
            self.status = reasons.hand_over() if phase is Phase.OVER else reasons.no_kitty_now(reasons.phase_name(phase.value))
            return False
        if c not in self.cards:
            self.status = _("{card} is not one of the contractor's cards.").format(card=c.label)
            return False
        if c in self._chosen:
            self._chosen = tuple(x for x in self._chosen if x != c)
        else:
            self._chosen = tuple(x for x in self.cards if x in self._chosen or x == c)
        self.status = ""
        self.refresh()
        return True

    def choose(self, cards: str | Iterable[Card | str]) -> None:
        """Replace the choice with exactly these cards (each must be held); the row and the bar change once."""
        with self._cards.hold_sync(), self._bar.hold_sync():
            self.clear()
            for c in cards.split() if isinstance(cards, str) else cards:
                self.toggle(c)

    def clear(self) -> None:
        """Put every chosen card back."""
        self._chosen = ()
        self.status = ""
        self.refresh()

    def confirm(self) -> bool:
        """Discard the chosen cards.  Returns whether the engine accepted them."""
        try:
            act = Discard.of(self._chosen)
            if self._submit is not None:
                self._submit(act)
            else:
                self._round.apply(act)
        except FiveHundredError as err:
            self.status = err.explanation
            return False
        self._chosen = ()
        self.status = ""
        self.refresh()
        return True

    def _clicked(self, code: str) -> None:
        if self.active:
            self.toggle(code)

    def _show_status(self, change: Any) -> None:
        if self.active:
            self._status.value = message_html(str(change["new"]), "info")

    def __repr__(self) -> str:
        return f"KittyChoice(cards={format_cards(self.cards)!r}, chosen={self.chosen_text!r}, active={self.active})"


class KittyPicker(w.VBox):
    """The contractor picks up the kitty and chooses three cards to discard: a :class:`KittyChoice` on
    components of its own (the prompt, the 13 cards, Confirm / Start again and the count, a status line).

    ``toggle("5S")`` chooses or un-chooses a card, as pressing it does; ``confirm()`` asks the engine to
    discard the chosen cards.  ``submit`` (optional) does the action instead of ``round.apply``.
    """

    def __init__(
        self,
        round: Round,
        *,
        submit: SubmitFn | None = None,
        card_width: float = 60,
        felt: bool = False,
        seat: int | None = None,
    ) -> None:
        super().__init__()
        self.add_class("fh-kitty-picker")
        # the prompt, the buttons and the status line are one component each (fewer widget models, issue #26)
        self._top = Panes([("prompt", "fh-kitty-prompt", "")])
        self._prompt = self._top["prompt"]
        self._cards = CardButtons(
            card_width=card_width, multi=True, felt=felt, overlap=0.12, group_label=_("Your 13 cards: choose 3 to discard")
        )
        self._cards.add_class("fh-kitty-cards")
        self._bar = Toolbar()
        KittyChoice.add_items(self._bar)
        self._confirm, self._clear, self._count = self._bar["kitty_confirm"], self._bar["kitty_clear"], self._bar["kitty_count"]
        self._bottom = Panes([("status", "fh-status", "")])
        self._status = self._bottom["status"]
        self.children = (self._top, self._cards, self._bar, self._bottom)
        self.choice = KittyChoice(round, cards=self._cards, prompt=self._prompt, status=self._status, bar=self._bar,
                                  submit=submit, seat=seat)

    round = property(lambda self: self.choice.round)
    chosen = property(lambda self: self.choice.chosen, doc="The cards chosen so far, in the order shown.")
    cards = property(lambda self: self.choice.cards, doc="The contractor's cards now (13 while the kitty is taken).")
    kitty = property(lambda self: self.choice.kitty, doc="The three cards that came from the kitty.")
    chosen_text = property(lambda self: self.choice.chosen_text, doc="The chosen cards as text (``\"5S 4D\"``).")
    status = property(lambda self: self.choice.status, doc="Why the last gesture was refused (``\"\"``: it was not).")
    done = property(lambda self: self.choice.done, doc="Whether the contractor has discarded.")

    def set_round(self, round: Round) -> None:
        """Follow a different hand (the choice is cleared)."""
        self.choice.set_round(round)

    def refresh(self) -> None:
        """Redraw from the round."""
        self.choice.refresh()

    def toggle(self, card: Card | str) -> bool:
        """Choose ``card`` (or put it back if already chosen).  Returns whether anything changed."""
        return self.choice.toggle(card)

    def choose(self, cards: str | Iterable[Card | str]) -> None:
        """Replace the choice with exactly these cards (each must be held)."""
        self.choice.choose(cards)

    def clear(self) -> None:
        """Put every chosen card back."""
        self.choice.clear()

    def confirm(self) -> bool:
        """Discard the chosen cards.  Returns whether the engine accepted them."""
        return self.choice.confirm()

    def __repr__(self) -> str:
        return f"KittyPicker(cards={format_cards(self.cards)!r}, chosen={self.chosen_text!r})"
