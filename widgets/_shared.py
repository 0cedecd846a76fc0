"""One layout model and one style model shared by many widgets, instead of one of each a widget.

ipywidgets gives every widget its own ``Layout`` model, and every ``HTML`` and ``Button`` its own style
model, even when they are all left as they are: a plain button is three models in the page.  A page
loads each model over the kernel's websocket and builds it in the browser before it can draw, so on
a lesson page about two models in three were layouts and styles nobody had set (lesson 02: 214
models, of which 79 layouts, 31 HTML styles and 25 button styles).  In headless Chromium, 54 plain
widgets drew in 0.91 s with shared layouts and styles against 1.28 s with their own (issue #26).

So the course's ``HTML``, ``Button``, ``HBox``, ``VBox`` and ``AnyWidget`` (and every widget class built on them) start
with shared models: :func:`shared_layout` gives one sealed ``Layout`` for each distinct set of
settings, and :func:`shared_style` one sealed style for each style class and settings.  A shared
model cannot change: hiding one button through a layout the whole page shares would hide them all,
so a change raises :class:`SharedModelError`.  A widget that is hidden, shown or recoloured later
gets its own model where it is made (``layout=w.Layout()``, ``style=w.ButtonStyle()``), as before.
"""

from __future__ import annotations

from typing import Any, TypeVar

import anywidget
import ipywidgets as w
from traitlets import HasTraits, Instance, default

__all__ = ["SharedModelError", "shared_layout", "shared_style", "HTML", "Button", "HBox", "VBox", "AnyWidget"]


class SharedModelError(RuntimeError):
    """A change to a layout or style model that many widgets share (give the widget its own)."""


class _Sealed:
    """Refuses a change to any synced trait once made (a mixin for ipywidgets' layout and style classes)."""

    _sealed = False

    def __setattr__(self, name: str, value: Any) -> None:
        if self._sealed and name in self.keys:  # type: ignore[attr-defined]
            raise SharedModelError(
                f"{type(self).__name__}.{name} = {value!r}: this {type(self).__name__.removeprefix('Shared')} is "
                "shared by many widgets, so the change would reach them all; make the widget with its own "
                "(layout=w.Layout(), style=w.ButtonStyle() ...)")
        super().__setattr__(name, value)

    def seal(self) -> None:
        object.__setattr__(self, "_sealed", True)


class SharedLayout(_Sealed, w.Layout):
    """A sealed ``Layout`` (its model is ipywidgets' own ``LayoutModel``)."""


_S = TypeVar("_S", bound=w.Style)
_SEALED_STYLES: dict[type, type] = {}
_LAYOUTS: dict[tuple[tuple[str, Any], ...], SharedLayout] = {}
_STYLES: dict[tuple[type, tuple[tuple[str, Any], ...]], Any] = {}


def _key(settings: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(settings.items()))


def shared_layout(**settings: Any) -> w.Layout:
    """The one sealed ``Layout`` with these settings in this kernel (made on first use)."""
    key = _key(settings)
    layout = _LAYOUTS.get(key)
    if layout is None or layout.comm is None:  # none yet, or closed (Widget.close_all)
        layout = _LAYOUTS[key] = SharedLayout(**settings)
        layout.seal()
    return layout


def shared_style(cls: type[_S], **settings: Any) -> _S:
    """The one sealed style of class ``cls`` (``w.ButtonStyle`` ...) with these settings."""
    key = (cls, _key(settings))
    style = _STYLES.get(key)
    if style is None or style.comm is None:
        sealed = _SEALED_STYLES.get(cls)
        if sealed is None:
            sealed = _SEALED_STYLES[cls] = type(f"Shared{cls.__name__}", (_Sealed, cls), {})
        style = _STYLES[key] = sealed(**settings)
        style.seal()
    made: _S = style
    return made


class _PlainLayout(HasTraits):
    """Starts with the shared plain layout (a mixin, first among the bases)."""

    @default("layout")
    def _default_layout(self) -> w.Layout:
        return shared_layout()


class _PlainLayoutAndStyle(_PlainLayout):
    """Starts with the shared plain layout and the shared plain style of its style class."""

    @default("style")
    def _default_style(self) -> w.Style:
        kind = self.traits()["style"]
        assert isinstance(kind, Instance) and isinstance(kind.klass, type)
        style: w.Style = shared_style(kind.klass)
        return style


class HTML(_PlainLayoutAndStyle, w.HTML):
    """``ipywidgets.HTML`` starting with the shared plain layout and style."""


class Button(_PlainLayoutAndStyle, w.Button):
    """``ipywidgets.Button`` starting with the shared plain layout and style."""


class HBox(_PlainLayout, w.HBox):
    """``ipywidgets.HBox`` starting with the shared plain layout."""


class VBox(_PlainLayout, w.VBox):
    """``ipywidgets.VBox`` starting with the shared plain layout."""


class AnyWidget(_PlainLayout, anywidget.AnyWidget):
    """``anywidget.AnyWidget`` starting with the shared plain layout (the course's one-component widgets)."""
