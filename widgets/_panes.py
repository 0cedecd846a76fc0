"""Several HTML panes drawn by one front-end component (anywidget with inline ESM, no URL imports).

A table's felt, its header and its status column were a dozen ``ipywidgets.HTML`` widgets, three widget
models each, every one sending its own message when it changed.  :class:`Panes` is one model for a group of
them: the panes' names, classes and styles are set once (``spec``), and each pane's HTML is its own trait
(``p0``, ``p1``, ...; the spec names each pane's slot), so a move that redraws the seats, the trick and the
label under them sends one message holding only the panes that changed.  The HTML comes from the kernel
(:mod:`widgets.felt`), as it did for the HTML widgets: this component lays it out and nothing else.

In Python each pane is a :class:`Pane`, whose ``value`` reads and writes its HTML as an ``ipywidgets.HTML``'s
``value`` does, and ``html`` gives every pane's HTML by name.
"""

from __future__ import annotations

from typing import Any, Iterable

import anywidget
import traitlets

__all__ = ["Panes", "Pane"]

#: the most panes one component holds (a six-player felt has seven)
MAX_PANES = 12

_ESM = (r"""
const SLOTS = Array.from({ length: MAX_PANES }, (_, i) => "p" + i);
function build(model, el, panes) {
  el.innerHTML = "";
  const head = model.get("head");
  if (head) {
    const h = document.createElement("div");
    h.style.display = "none";
    h.innerHTML = head;  // the page's style sheet for these panes: set once
    el.appendChild(h);
  }
  const box = document.createElement("div");
  box.className = model.get("box_class");
  box.setAttribute("style", model.get("box_style"));
  for (const key of Object.keys(panes)) delete panes[key];
  model.get("spec").forEach((p) => {
    const div = document.createElement("div");
    div.className = p.cls || "";
    if (p.style) div.setAttribute("style", p.style);
    div.setAttribute("data-pane", p.name);
    panes[p.name] = { div, slot: "p" + p.slot, html: null };
    box.appendChild(div);
  });
  el.appendChild(box);
}
function fill(model, panes) {
  for (const pane of Object.values(panes)) {
    const value = model.get(pane.slot) || "";
    if (pane.html !== value) {  // only the panes that changed are drawn again
      pane.div.innerHTML = value;
      pane.html = value;
    }
  }
}
function render({ model, el }) {
  const panes = {};
  const rebuild = () => { build(model, el, panes); fill(model, panes); };
  const refill = () => fill(model, panes);
  model.on("change:spec", rebuild);
  model.on("change:box_class", rebuild);
  model.on("change:box_style", rebuild);
  SLOTS.forEach((slot) => model.on("change:" + slot, refill));
  rebuild();
  return () => {
    model.off("change:spec", rebuild);
    model.off("change:box_class", rebuild);
    model.off("change:box_style", rebuild);
    SLOTS.forEach((slot) => model.off("change:" + slot, refill));
  };
}
export default { render };
""").replace("MAX_PANES", str(MAX_PANES))


class Panes(anywidget.AnyWidget):
    """A box of named HTML panes, one widget model for all of them.

    ``panes`` gives each pane's name, its CSS classes and its inline style (``grid-area:north`` on a felt), in
    the order they are drawn; ``box_class`` and ``box_style`` are the box's.  ``head`` is HTML drawn once
    before the box, hidden (a ``<style>`` sheet).

    >>> p = Panes([("status", "fh-table-status", "")])
    >>> p["status"].value = "<b>Your turn</b>"
    >>> p.html
    {'status': '<b>Your turn</b>'}
    """

    _esm = _ESM

    #: each pane: ``{"name": "N", "cls": "fh-table-seat fh-seat-N", "style": "grid-area:north", "slot": 0}``
    spec = traitlets.List(traitlets.Dict()).tag(sync=True)
    box_class = traitlets.Unicode("").tag(sync=True)
    box_style = traitlets.Unicode("").tag(sync=True)
    head = traitlets.Unicode("").tag(sync=True)
    #: each pane's HTML, in the slot its spec entry names: one trait a pane, so a change sends only that pane
    p0 = traitlets.Unicode("").tag(sync=True)
    p1 = traitlets.Unicode("").tag(sync=True)
    p2 = traitlets.Unicode("").tag(sync=True)
    p3 = traitlets.Unicode("").tag(sync=True)
    p4 = traitlets.Unicode("").tag(sync=True)
    p5 = traitlets.Unicode("").tag(sync=True)
    p6 = traitlets.Unicode("").tag(sync=True)
    p7 = traitlets.Unicode("").tag(sync=True)
    p8 = traitlets.Unicode("").tag(sync=True)
    p9 = traitlets.Unicode("").tag(sync=True)
    p10 = traitlets.Unicode("").tag(sync=True)
    p11 = traitlets.Unicode("").tag(sync=True)

    def __init__(self, panes: Iterable[tuple[str, str, str]], *, box_class: str = "", box_style: str = "",
                 head: str = "", **kwargs: Any) -> None:
        given = list(panes)
        spec = [{"name": name, "cls": cls, "style": style, "slot": i} for i, (name, cls, style) in enumerate(given)]
        names = [name for name, _cls, _style in given]
        if len(set(names)) != len(names):
            raise ValueError(f"each pane needs its own name, not {names!r}")
        if len(names) > MAX_PANES:
            raise ValueError(f"one Panes holds at most {MAX_PANES} panes, not {len(names)}: {names!r}")
        super().__init__(spec=spec, box_class=box_class, box_style=box_style, head=head, **kwargs)
        self._slots = {name: f"p{i}" for i, name in enumerate(names)}
        self._panes = {name: Pane(self, name) for name in names}

    def __getitem__(self, name: str) -> Pane:
        return self._panes[name]

    @property
    def names(self) -> tuple[str, ...]:
        """The panes' names, in the order they are drawn."""
        return tuple(self._panes)

    @property
    def html(self) -> dict[str, str]:
        """Each pane's HTML by name (a copy: set it with :meth:`update` or a pane's ``value``)."""
        return {name: str(getattr(self, slot)) for name, slot in self._slots.items()}

    def update(self, **values: str) -> None:
        """Set several panes' HTML at once: one message holding only the panes that changed (none if none did)."""
        unknown = set(values) - set(self._panes)
        if unknown:
            raise KeyError(f"no pane named {sorted(unknown)!r}; the panes are {list(self._panes)!r}")
        with self.hold_sync():
            for name, value in values.items():
                setattr(self, self._slots[name], value)  # traitlets sends nothing when the value is the same

    def learner_text(self) -> list[tuple[str, str, bool]]:
        """``(pane, HTML, True)`` for each pane: what the page's text scanners read (widgets.gallery)."""
        html = self.html
        return [(f"html[{name}]", html[name], True) for name in self._panes]

    def __repr__(self) -> str:
        return f"Panes({list(self._panes)!r})"


class Pane:
    """One pane of a :class:`Panes`: ``value`` is its HTML, as an ``ipywidgets.HTML``'s is."""

    __slots__ = ("_owner", "name")

    def __init__(self, owner: Panes, name: str) -> None:
        self._owner = owner
        self.name = name

    @property
    def value(self) -> str:
        return str(getattr(self._owner, self._owner._slots[self.name]))

    @value.setter
    def value(self, html: str) -> None:
        self._owner.update(**{self.name: html})

    def __repr__(self) -> str:
        return f"Pane({self.name!r})"
