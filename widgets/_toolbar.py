"""A row of buttons, toggles and menus as one front-end component (anywidget with inline ESM, no URL imports).

The table's controls (Undo, New hand, Show all hands, Hint, Next move, the Speed menu) were seven ipywidgets,
three widget models each with their layouts and styles, in a box.  :class:`Toolbar` draws them from one list
of items: each is a real ``<button>`` (a toggle says whether it is pressed with ``aria-pressed``) or a
labelled ``<select>``, with the classes the course's pages and tests look for (``fh-undo``, ``fh-speed``,
...) and ipywidgets' own button classes, so it looks as the buttons did.  Presses and choices come back to
Python, where each item is a :class:`ToolItem` with the few properties the table uses (``disabled``,
``tooltip``, ``hidden``, ``value``) and ``on_click`` / ``on_change`` callbacks.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import anywidget
import traitlets

__all__ = ["Toolbar", "ToolItem"]

_ESM = r"""
function draw(model, el) {
  const active = document.activeElement;
  const refocus = active && el.contains(active) ? active.getAttribute("data-item") : null;
  el.innerHTML = "";
  const row = document.createElement("div");
  row.className = "fh-toolbar " + model.get("row_class");
  model.get("items").forEach((item) => {
    if (item.hidden) return;
    if (item.kind === "select") {
      const label = document.createElement("label");
      label.className = "fh-tool-select " + (item.cls || "");
      const words = document.createElement("span");
      words.textContent = item.label;
      const menu = document.createElement("select");
      menu.setAttribute("data-item", item.name);
      menu.title = item.title || "";
      menu.disabled = !!item.disabled;
      item.options.forEach(([text, value]) => {
        const o = document.createElement("option");
        o.value = value;
        o.textContent = text;
        if (value === item.value) o.selected = true;
        menu.appendChild(o);
      });
      menu.addEventListener("change", () => model.send({ event: "change", name: item.name, value: menu.value }));
      label.appendChild(words);
      label.appendChild(menu);
      row.appendChild(label);
      return;
    }
    if (item.kind === "text") {
      const words = document.createElement("span");
      words.className = "fh-tool-text " + (item.cls || "");
      words.setAttribute("data-item", item.name);
      words.textContent = item.label;
      row.appendChild(words);
      return;
    }
    const b = document.createElement("button");
    b.type = "button";
    b.className = "jupyter-button widget-button widget-toggle-button fh-tool " + (item.cls || "") +
      (item.kind === "toggle" && item.value ? " mod-active" : "") + (item.variant ? " mod-" + item.variant : "");
    b.setAttribute("data-item", item.name);
    if (item.kind === "toggle") b.setAttribute("aria-pressed", item.value ? "true" : "false");
    b.textContent = item.label;
    b.title = item.title || "";
    if (item.style) b.setAttribute("style", item.style);
    b.disabled = !!item.disabled;
    b.addEventListener("click", () => model.send({ event: "click", name: item.name }));
    row.appendChild(b);
  });
  el.appendChild(row);
  if (refocus) {
    const again = row.querySelector('[data-item="' + refocus + '"]');
    if (again) again.focus();
  }
}
function focusItem(model, el) {
  // Python asked for focus (the next thing to do is here, e.g. New hand when a hand ends)
  const want = model.get("focus_name");
  const go = () => {
    const b = el.querySelector('[data-item="' + want + '"]');
    if (b) b.focus({ preventScroll: false });
  };
  requestAnimationFrame(() => setTimeout(go, 0));  // after this message's redraw
}
function render({ model, el }) {
  const redraw = () => draw(model, el);
  const focus = () => focusItem(model, el);
  model.on("change:items", redraw);
  model.on("change:row_class", redraw);
  model.on("change:focus_tick", focus);
  redraw();
  return () => { model.off("change:items", redraw); model.off("change:row_class", redraw); model.off("change:focus_tick", focus); };
}
export default { render };
"""

_CSS = """
.fh-toolbar { display:flex; flex-flow:row wrap; gap:6px; align-items:center; }
.fh-toolbar .fh-tool { width:auto; min-width:96px; height:34px; margin:0; }
.fh-toolbar .fh-tool-select { display:flex; align-items:center; gap:8px; font-size:var(--jp-widgets-font-size, 13px);
  margin-left:8px; }
.fh-toolbar .fh-tool-select select { height:28px; width:auto; min-width:0; flex:none; font-size:13px; padding:0 4px;
  border:1px solid #9e9e9e; border-radius:2px; background:#fff; color:#1f2933; }
.fh-toolbar .fh-tool-text { font-family:"DejaVu Sans",sans-serif; font-size:14px; color:#1f2933; }
"""

#: what each kind of item keeps: a button fires, a toggle holds True or False, a select holds one option's value,
#: a text is words beside the controls (its ``description``)
_KINDS = ("button", "toggle", "select", "text")


class Toolbar(anywidget.AnyWidget):
    """A row of controls drawn by one component.  ``items`` is the row, in order; use :meth:`add` to build
    it and ``toolbar["hint"]`` to reach an item.

    >>> bar = Toolbar()
    >>> undo = bar.add("undo", "Undo", cls="fh-undo")
    >>> pressed = []
    >>> undo.on_click(lambda item: pressed.append(item.name))
    >>> undo.click(); pressed
    ['undo']
    """

    _esm = _ESM
    _css = _CSS

    #: each item: ``{"name", "kind", "label", "title", "cls", "disabled", "hidden", "value", "options"}``
    items = traitlets.List(traitlets.Dict()).tag(sync=True)
    row_class = traitlets.Unicode("").tag(sync=True)
    #: the item :meth:`ToolItem.focus` puts the keyboard focus on, and a counter that tells the browser to do it now
    focus_name = traitlets.Unicode("").tag(sync=True)
    focus_tick = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._items: dict[str, ToolItem] = {}
        self.on_msg(self._on_custom_msg)

    def add(self, name: str, label: str, *, kind: str = "button", title: str = "", cls: str = "", style: str = "",
            value: Any = None, options: Sequence[tuple[str, str]] = (), before: str | None = None) -> ToolItem:
        """Add an item at the end of the row (or just before the item named ``before``) and return it
        (``style``: a button's own inline style)."""
        if name in self._items:
            raise ValueError(f"the toolbar already has an item named {name!r}")
        if kind not in _KINDS:
            raise ValueError(f"an item's kind is one of {_KINDS}, not {kind!r}")
        if kind == "toggle":
            value = bool(value)
        elif kind == "select":
            values = [v for _words, v in options]
            if value not in values:
                raise ValueError(f"a menu's value must be one of its options {values!r}, not {value!r}")
        entry = {"name": name, "kind": kind, "label": label, "title": title, "cls": cls, "style": style, "variant": "", "disabled": False,
                 "hidden": False, "value": value, "options": [list(o) for o in options]}
        if before is not None and before not in self._items:
            raise ValueError(f"the toolbar has no item named {before!r} to add {name!r} before")
        at = len(self.items) if before is None else list(self._items).index(before)
        self.items = [*self.items[:at], entry, *self.items[at:]]
        self._items[name] = item = ToolItem(self, name)
        self._items = {entry["name"]: self._items[entry["name"]] for entry in self.items}  # in the row's order
        return item

    def __getitem__(self, name: str) -> ToolItem:
        return self._items[name]

    @property
    def names(self) -> tuple[str, ...]:
        """The items' names, in the row's order."""
        return tuple(self._items)

    def _get(self, name: str, key: str) -> Any:
        return next(entry[key] for entry in self.items if entry["name"] == name)

    def _set(self, name: str, key: str, value: Any) -> None:
        """Change one field of one item (nothing is sent when it is already so)."""
        if self._get(name, key) == value:
            return
        self.items = [{**entry, key: value} if entry["name"] == name else entry for entry in self.items]

    def _on_custom_msg(self, _widget: object, content: object, _buffers: object) -> None:
        if not isinstance(content, dict) or content.get("name") not in self._items:
            return
        item = self._items[str(content["name"])]
        if content.get("event") == "click" and item.kind in ("button", "toggle") and not item.disabled:
            item.click()
        elif content.get("event") == "change" and item.kind == "select":
            value = content.get("value")
            if value in [v for _words, v in item.options]:
                item.value = value

    def learner_text(self) -> list[tuple[str, str, bool]]:
        """``(item, words, False)`` for every label, tooltip and menu option shown: what the page's text
        scanners read (widgets.gallery)."""
        out: list[tuple[str, str, bool]] = []
        for entry in self.items:
            if entry["hidden"]:
                continue
            out += [(f"{entry['name']}.label", str(entry["label"]), False),
                    (f"{entry['name']}.title", str(entry["title"]), False)]
            out += [(f"{entry['name']}.options", str(words), False) for words, _value in entry["options"]]
        return out

    def __repr__(self) -> str:
        return f"Toolbar({list(self._items)!r})"


class ToolItem:
    """One control of a :class:`Toolbar`: a button, a toggle, a menu or a line of text."""

    __slots__ = ("_bar", "name", "_clicks", "_changes")

    def __init__(self, bar: Toolbar, name: str) -> None:
        self._bar = bar
        self.name = name
        self._clicks: list[Callable[[ToolItem], object]] = []
        self._changes: list[Callable[[ToolItem], object]] = []

    kind = property(lambda self: str(self._bar._get(self.name, "kind")))

    @property
    def description(self) -> str:
        """The words on the button (beside the menu; of a text)."""
        return str(self._bar._get(self.name, "label"))

    @description.setter
    def description(self, words: str) -> None:
        self._bar._set(self.name, "label", words)

    @property
    def tooltip(self) -> str:
        return str(self._bar._get(self.name, "title"))

    @tooltip.setter
    def tooltip(self, text: str) -> None:
        self._bar._set(self.name, "title", text)

    @property
    def disabled(self) -> bool:
        return bool(self._bar._get(self.name, "disabled"))

    @disabled.setter
    def disabled(self, off: bool) -> None:
        self._bar._set(self.name, "disabled", bool(off))

    @property
    def button_style(self) -> str:
        """ipywidgets' button colours: ``"success"``, ``"info"``, ``"warning"``, ``"danger"``, ``"primary"`` or ``""``."""
        return str(self._bar._get(self.name, "variant"))

    @button_style.setter
    def button_style(self, variant: str) -> None:
        if variant not in ("", "primary", "success", "info", "warning", "danger"):
            raise ValueError(f"a button's style is success, info, warning, danger, primary or none, not {variant!r}")
        self._bar._set(self.name, "variant", variant)

    @property
    def hidden(self) -> bool:
        """Whether the item is left out of the row."""
        return bool(self._bar._get(self.name, "hidden"))

    @hidden.setter
    def hidden(self, hide: bool) -> None:
        self._bar._set(self.name, "hidden", bool(hide))

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """A menu's options: (the words shown, the value kept)."""
        return tuple((str(words), str(value)) for words, value in self._bar._get(self.name, "options"))

    @property
    def value(self) -> Any:
        """A toggle's state (True when pressed) or a menu's chosen value; ``None`` for a button."""
        return self._bar._get(self.name, "value")

    @value.setter
    def value(self, value: Any) -> None:
        if self.kind in ("button", "text"):
            raise ValueError(f"the {self.kind} {self.name!r} has no value")
        if self.kind == "toggle":
            value = bool(value)
        elif value not in [v for _words, v in self.options]:
            raise ValueError(f"{value!r} is not one of the menu {self.name!r}'s options")
        if value == self.value:
            return
        self._bar._set(self.name, "value", value)
        for callback in list(self._changes):
            callback(self)

    def on_click(self, callback: Callable[[ToolItem], object]) -> None:
        """Call ``callback(item)`` when the button is pressed."""
        self._clicks.append(callback)

    def on_change(self, callback: Callable[[ToolItem], object]) -> None:
        """Call ``callback(item)`` when a toggle or a menu changes value."""
        self._changes.append(callback)

    def click(self) -> None:
        """Do what pressing it does (a toggle flips)."""
        if self.kind == "toggle":
            self.value = not self.value
        for callback in list(self._clicks):
            callback(self)

    def focus(self) -> None:
        """Move the keyboard focus to this item in the browser."""
        with self._bar.hold_sync():
            self._bar.focus_name = self.name
            self._bar.focus_tick += 1

    def __repr__(self) -> str:
        return f"ToolItem({self.name!r}, {self.kind})"

