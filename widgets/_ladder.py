"""The bidding ladder's rungs as one front-end component (anywidget with inline ESM, no URL imports).

:class:`widgets.bidding.BiddingLadder` works out each rung's look from the engine; this component only draws
the rungs and reports presses, so the whole ladder is one widget model (it was 27 buttons of three models each,
in a box per row) and a move that changes which rungs are open sends one list of codes.  Every rung is a real
``<button>`` (focusable; Enter and Space press it) with its label and tooltip, and the classes the course's
pages and tests look for: ``fh-option fh-bid fh-bid-<code>``, ``fh-dimmed`` when it can't be bid now (it stays
pressable: pressing it says why), and ipywidgets' own button classes, so it looks as the buttons did.
"""

from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

__all__ = ["LadderButtons", "TraitText"]

_ESM = r"""
function draw(model, el) {
  const active = document.activeElement;
  const refocus = active && el.contains(active) ? active.getAttribute("data-bid") : null;
  el.innerHTML = "";
  if (model.get("note")) {
    const note = document.createElement("div");
    note.className = "fh-ladder-note";
    note.innerHTML = model.get("note");
    el.appendChild(note);
  }
  const grid = document.createElement("div");
  grid.className = "fh-ladder-grid";
  const dimmed = model.get("dimmed"), selected = model.get("selected");
  model.get("rows").forEach((row) => {
    const line = document.createElement("div");
    line.className = "fh-ladder-row";
    row.forEach((rung) => {
      const b = document.createElement("button");
      b.type = "button";
      const dim = dimmed.includes(rung.code);
      b.className = "jupyter-button widget-button fh-option fh-bid fh-bid-" + rung.code +
        (dim ? " fh-dimmed" : "") + (rung.code === selected ? " mod-info" : "");
      b.setAttribute("data-bid", rung.code);
      b.textContent = rung.label;
      b.title = rung.title;
      b.style.width = rung.wide ? "142px" : "94px";
      b.style.color = dim ? "#9aa5b1" : rung.colour;
      if (dim) b.style.backgroundColor = "#eceff1";
      b.addEventListener("click", () => model.send({ event: "click", bid: rung.code }));
      line.appendChild(b);
    });
    grid.appendChild(line);
  });
  el.appendChild(grid);
  const message = document.createElement("div");
  message.className = "fh-status fh-ladder-status";
  message.innerHTML = model.get("message");
  el.appendChild(message);
  if (refocus) {
    const again = grid.querySelector('[data-bid="' + refocus + '"]');
    if (again) again.focus();
  }
}
function focusRung(model, el) {
  // Python asked for focus (the next thing to do is here): the named rung, else the first open one
  const want = model.get("focus_bid");
  const go = () => {
    const buttons = Array.from(el.querySelectorAll("button.fh-bid"));
    const b = buttons.find((x) => x.getAttribute("data-bid") === want) ||
              buttons.find((x) => !x.classList.contains("fh-dimmed")) || buttons[0];
    if (b) b.focus({ preventScroll: false });
  };
  requestAnimationFrame(() => setTimeout(go, 0));  // after this message's redraw
}
function render({ model, el }) {
  const redraw = () => draw(model, el);
  const focus = () => focusRung(model, el);
  const names = ["rows", "dimmed", "selected", "note", "message"];
  names.forEach((n) => model.on("change:" + n, redraw));
  model.on("change:focus_tick", focus);
  redraw();
  return () => { names.forEach((n) => model.off("change:" + n, redraw)); model.off("change:focus_tick", focus); };
}
export default { render };
"""

_CSS = """
.fh-ladder-grid { display:flex; flex-direction:column; gap:3px; }
.fh-ladder-row { display:flex; flex-flow:row wrap; gap:3px; }
.fh-ladder-row .fh-bid { height:26px; padding:0 4px; margin:0; font-weight:bold; font-size:13px; }
"""


class LadderButtons(anywidget.AnyWidget):
    """The rungs of one bidding ladder, row by row.  Presses arrive in Python through :meth:`on_press`.

    ``rows`` is set once (each rung's code, label, tooltip, width and ink); ``dimmed`` and ``selected`` are
    the codes the ladder greys and marks, so a move that changes them sends only those lists.
    """

    _esm = _ESM
    _css = _CSS

    #: each row's rungs: ``{"code": "7H", "label": "7♥ · 200", "title": "...", "wide": False, "colour": "#c62828"}``
    rows = traitlets.List(traitlets.List(traitlets.Dict())).tag(sync=True)
    dimmed = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    #: HTML above the rungs (how to read the ladder) and under them (why a press was refused)
    note = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    #: the rung :meth:`focus_on` puts the keyboard focus on ("": the first open one), and a counter that tells
    #: the browser to do it now
    focus_bid = traitlets.Unicode("").tag(sync=True)
    focus_tick = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._press_handlers: list[Callable[[str], object]] = []
        self.on_msg(self._on_custom_msg)

    @property
    def codes(self) -> tuple[str, ...]:
        """Every rung's code, lowest first."""
        return tuple(rung["code"] for row in self.rows for rung in row)

    def focus_on(self, code: str = "") -> None:
        """Move the keyboard focus to rung ``code`` (or the first open rung) in the browser."""
        with self.hold_sync():
            self.focus_bid = code
            self.focus_tick += 1

    def on_press(self, handler: Callable[[str], object]) -> None:
        """Call ``handler(code)`` whenever a rung is pressed."""
        self._press_handlers.append(handler)

    def press(self, code: str) -> None:
        """Behave exactly as if the rung ``code`` were pressed."""
        for handler in list(self._press_handlers):
            handler(code)

    def _on_custom_msg(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            code = content.get("bid")
            if isinstance(code, str) and code in self.codes:
                self.press(code)

    def learner_text(self) -> list[tuple[str, str, bool]]:
        """``(rung, words, False)`` for every rung's label and tooltip: what the page's text scanners read
        (widgets.gallery)."""
        return [("note", self.note, True), ("message", self.message, True)] + [
            (f"{rung['code']}.{key}", str(rung[key]), False) for row in self.rows for rung in row
            for key in ("label", "title")]

    def __repr__(self) -> str:
        return f"LadderButtons(rungs={len(self.codes)}, selected={self.selected!r})"


class TraitText:
    """One HTML text trait of a component, read and written as an ``ipywidgets.HTML``'s ``value`` is (the
    ladder's note and message were HTML widgets of their own)."""

    __slots__ = ("_owner", "_trait")

    def __init__(self, owner: traitlets.HasTraits, trait: str) -> None:
        self._owner, self._trait = owner, trait

    @property
    def value(self) -> str:
        return str(getattr(self._owner, self._trait))

    @value.setter
    def value(self, html: str) -> None:
        setattr(self._owner, self._trait, html)

    def __repr__(self) -> str:
        return f"TraitText({self._trait!r})"
