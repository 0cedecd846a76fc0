"""A row of clickable card pictures (anywidget with inline ESM, no URL imports).

The SVG for each card comes from :mod:`fivehundred.svg`, so Python draws the
cards and the browser only lays them out and reports clicks.  Every card is a
real ``<button>`` (focusable; Enter and Space press it) holding an inline SVG
with ``role="img"`` and an ``aria-label``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import anywidget
import traitlets

from fivehundred.bidding import Bid
from fivehundred.cards import Card, Suit
from fivehundred.i18n import _
from fivehundred.svg import card_svg, card_text

__all__ = ["CardButtons"]

_ESM = r"""
function draw(model, el) {
  const active = document.activeElement;
  const refocus = active && el.contains(active) ? active.getAttribute("data-card") : null;
  el.innerHTML = "";
  const row = document.createElement("div");
  row.className = "fh-hand" + (model.get("felt") ? " fh-felt" : "") + (model.get("row_class") ? " " + model.get("row_class") : "");
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", model.get("group_label"));
  const cards = model.get("cards"), names = model.get("names");
  const faces = Object.assign({}, model.get("face_base"), model.get("face_new"));
  const captions = model.get("captions"), dimmed = model.get("dimmed"), selected = model.get("selected");
  const marked = model.get("marked"), extra = model.get("button_class"), overlap = model.get("overlap");
  const multi = model.get("multi"), enabled = model.get("enabled"), width = model.get("card_width");
  const markClass = model.get("mark_class") || "fh-marked", badge = model.get("badge"), badgeTitle = model.get("badge_title");
  cards.forEach((code, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "fh-hand-card" + (extra ? " " + extra : "");
    b.setAttribute("data-card", code);
    const isDim = dimmed.includes(code), isSel = selected.includes(code), isMark = marked.includes(code);
    if (isDim) b.classList.add("fh-dimmed");  // still pressable: pressing it explains why
    if (isSel) b.classList.add("fh-selected");
    if (isMark) b.classList.add(markClass);
    if (multi) b.setAttribute("aria-pressed", isSel ? "true" : "false");
    let label = names[i] || code;
    if (captions[i]) label += ", " + captions[i];
    if (isDim) label += ": " + model.get("dim_label");
    if (isMark && badgeTitle) label += ", " + badgeTitle;
    b.setAttribute("aria-label", label);
    b.title = isDim ? model.get("dim_title") : (names[i] || code) + (isMark && badgeTitle ? ": " + badgeTitle : "");
    if (i > 0 && overlap > 0) b.style.marginLeft = (-overlap * width) + "px";
    b.innerHTML = faces[code] || "";
    if (captions[i]) {
      const cap = document.createElement("span");
      cap.className = "fh-caption";
      cap.textContent = captions[i];
      b.appendChild(cap);
    }
    if (isMark && badge) {
      const tag = document.createElement("span");
      tag.className = "fh-card-badge";
      tag.setAttribute("aria-hidden", "true");  // the label above already says it
      tag.textContent = badge;
      b.appendChild(tag);
    }
    b.disabled = !enabled;
    b.addEventListener("click", () => model.send({ event: "click", card: code }));
    row.appendChild(b);
  });
  el.appendChild(row);
  if (refocus) {
    const again = row.querySelector('[data-card="' + refocus + '"]');
    if (again) again.focus();
  }
}
function focusCard(model, el) {
  // Python asked for focus (the next thing to do is here): the named card, else the first that can be pressed
  const want = model.get("focus_card");
  const go = () => {
    const buttons = Array.from(el.querySelectorAll("button.fh-hand-card"));
    const b = buttons.find((x) => x.getAttribute("data-card") === want) ||
              buttons.find((x) => !x.disabled && !x.classList.contains("fh-dimmed")) || buttons[0];
    if (b) b.focus({ preventScroll: false });
  };
  requestAnimationFrame(() => setTimeout(go, 0));  // after this message's redraw
}
function render({ model, el }) {
  const redraw = () => draw(model, el);
  const focus = () => focusCard(model, el);
  model.on("change:focus_tick", focus);
  const names = ["cards", "face_base", "face_new", "names", "captions", "dimmed", "selected", "marked", "mark_class", "badge",
                 "badge_title", "button_class", "row_class", "overlap", "felt", "multi", "enabled", "group_label"];
  names.forEach((n) => model.on("change:" + n, redraw));
  redraw();
  return () => { names.forEach((n) => model.off("change:" + n, redraw)); model.off("change:focus_tick", focus); };
}
export default { render };
"""

_CSS = """
.fh-hand { display:flex; flex-wrap:wrap; gap:8px; align-items:flex-end; padding:18px 8px 8px 8px;
  border-radius:12px; min-height:40px; }
.fh-hand.fh-felt { background:radial-gradient(ellipse at center,#2f8a57 0%,#236b43 70%,#1d5a38 100%);
  box-shadow: inset 0 0 18px rgba(0,0,0,.35); padding:20px 14px 10px 14px; }
.fh-hand-card { border:none; background:none; padding:0; margin:0; cursor:pointer; border-radius:9px;
  display:flex; flex-direction:column; align-items:center; transition:transform .12s ease, box-shadow .12s ease;
  position:relative; font-family:"DejaVu Sans",sans-serif; }
.fh-hand-card svg { border-radius:8px; box-shadow:0 1px 3px rgba(0,0,0,.35); }
.fh-hand-card:hover:not(:disabled), .fh-hand-card:focus-visible { transform:translateY(-6px); z-index:2; }
.fh-hand-card:focus-visible { outline:3px solid #0b57d0; outline-offset:2px; box-shadow:0 0 0 2px #fff; }
.fh-hand-card.fh-selected { transform:translateY(-12px); z-index:1; }
.fh-hand-card.fh-selected svg { box-shadow:0 0 0 4px #1e88e5, 0 4px 10px rgba(0,0,0,.35); }
.fh-hand-card.fh-marked svg { box-shadow:0 0 0 4px #f2b705, 0 0 14px 4px rgba(242,183,5,.7); }
.fh-hand-card.fh-best svg { box-shadow:0 0 0 3px #fff, 0 0 0 6px #2e7d32, 0 0 12px 5px rgba(46,125,50,.6); }
.fh-card-badge { position:absolute; top:-9px; right:-6px; z-index:3; background:#1b5e20; color:#fff; border:1px solid #fff; font-size:11px;
  font-weight:bold; line-height:16px; padding:0 6px; border-radius:8px; box-shadow:0 1px 2px rgba(0,0,0,.4); }
.fh-hand-card.fh-dimmed svg { opacity:.42; filter:grayscale(.7); }
.fh-hand-card.fh-dimmed:hover { transform:none; }
.fh-hand-card:disabled { cursor:default; }
.fh-caption { display:block; font-size:12px; margin-top:5px; color:#33404d; white-space:nowrap; }
.fh-felt .fh-caption { color:#f4f7f2; text-shadow:0 1px 1px rgba(0,0,0,.5); }
"""


class CardButtons(anywidget.AnyWidget):
    """One row of card buttons.  Clicks arrive in Python through :meth:`on_card_click`.

    Traits are plain lists of card codes (``"JH"``), so the browser needs no rules.
    """

    _esm = _ESM
    _css = _CSS

    cards = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: each card's picture by its code, in two parts the browser joins (``face_new`` wins): every picture this
    #: row has shown, so that a card leaving the row sends only the new list of codes, and a change (the kitty's
    #: three cards, the bowers' pictures once trumps are named) sends only the pictures that changed
    #: (``face_new``), until those are half as many as the rest and both are sent as one (:meth:`show`)
    face_base = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    face_new = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    names = traitlets.List(traitlets.Unicode()).tag(sync=True)
    captions = traitlets.List(traitlets.Unicode()).tag(sync=True)
    dimmed = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode()).tag(sync=True)
    marked = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: the class a marked card gets (``"fh-marked"``: the gold glow; ``"fh-best"``: the green best-card outline)
    mark_class = traitlets.Unicode("fh-marked").tag(sync=True)
    #: a small text badge on each marked card (``""``: none), and the words added to its tooltip and label
    badge = traitlets.Unicode("").tag(sync=True)
    badge_title = traitlets.Unicode("").tag(sync=True)
    button_class = traitlets.Unicode("").tag(sync=True)
    #: classes on the row inside the component (``"fh-kitty-cards"`` while a table's kitty borrows your hand's row)
    row_class = traitlets.Unicode("").tag(sync=True)
    overlap = traitlets.Float(0.0).tag(sync=True)
    card_width = traitlets.Float(72.0).tag(sync=True)
    felt = traitlets.Bool(False).tag(sync=True)
    multi = traitlets.Bool(False).tag(sync=True)
    enabled = traitlets.Bool(True).tag(sync=True)
    group_label = traitlets.Unicode("cards").tag(sync=True)
    #: the card :meth:`focus_on` puts the keyboard focus on ("": the first that can be pressed), and a counter
    #: that tells the browser to do it now
    focus_card = traitlets.Unicode("").tag(sync=True)
    focus_tick = traitlets.Int(0).tag(sync=True)
    #: what a greyed card's label and tooltip add, in the page's language (set when the row is made)
    dim_label = traitlets.Unicode("").tag(sync=True)
    dim_title = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        # Translators: added to a greyed card's spoken label: "10♦: can't be played now, press to hear why"
        kwargs.setdefault("dim_label", _("can't be played now, press to hear why"))
        # Translators: a greyed card's tooltip
        kwargs.setdefault("dim_title", _("Can't be played now: click to see why"))
        super().__init__(**kwargs)
        self._click_handlers: list[Callable[[str], None]] = []
        self._drawn: dict[tuple[str, str, bool, float], str] = {}  # (card, trump, four colours, width): its picture
        self.on_msg(self._on_custom_msg)

    @property
    def faces(self) -> dict[str, str]:
        """Each card's picture as the browser has it now, by code."""
        return {**self.face_base, **self.face_new}

    def show(
        self,
        cards: Iterable[Card],
        *,
        trump: Suit | Bid | str | None = None,
        four_colour: bool = False,
        captions: Iterable[str] = (),
    ) -> None:
        """Draw these cards (replacing the previous ones)."""
        cs = tuple(cards)
        width = self.card_width
        with self.hold_sync():
            known = self.faces
            changed = {}
            for c in cs:
                key = (str(c), str(trump), four_colour, width)
                face = self._drawn.get(key)
                if face is None:
                    face = self._drawn[key] = card_svg(c, trump=trump, four_colour=four_colour, width=width)
                if known.get(str(c)) != face:
                    changed[str(c)] = face
            if changed:
                if 2 * (len(self.face_new) + len(changed)) > len(self.face_base):
                    self.face_base, self.face_new = {**known, **changed}, {}
                else:
                    self.face_new = {**self.face_new, **changed}
            self.names = [card_text(c, trump=trump) for c in cs]
            caps = list(captions)
            self.captions = caps + [""] * (len(cs) - len(caps))
            self.cards = [str(c) for c in cs]

    def focus_on(self, code: str = "") -> None:
        """Move the keyboard focus to card ``code`` (or the first card that can be pressed) in the browser."""
        with self.hold_sync():
            self.focus_card = code
            self.focus_tick += 1

    def on_card_click(self, handler: Callable[[str], None]) -> None:
        """Call ``handler(code)`` whenever a card button is pressed."""
        self._click_handlers.append(handler)

    def click(self, code: str) -> None:
        """Behave exactly as if the card button ``code`` were pressed."""
        for handler in list(self._click_handlers):
            handler(code)

    def _on_custom_msg(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            card = content.get("card")
            if isinstance(card, str):
                self.click(card)

    def __repr__(self) -> str:
        return f"CardButtons(cards={' '.join(self.cards)!r})"
