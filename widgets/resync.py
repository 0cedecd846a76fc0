"""Re-send a table's state after a page connects: the fix for the stalled table.

The cause of the stall: Voilà's widget manager (widgets-manager8) loads a page's widgets by
asking the kernel for every widget's state at once (``request_states`` on the
``jupyter.widget.control`` comm), then creates one comm per widget, asynchronously.  An update
the kernel sends for a widget whose comm the page has not created yet is dropped by the page.
A table's first computer moves run while its page loads (pacing starts when the cell runs), so a
move made in that window updated the kernel's widgets but never the page: the page went on
showing an older position ("North passed", and no bid from East) while the kernel waited for the
learner.  The longer the page (lesson 09 holds over a hundred widgets) and the busier the
machine, the wider the window: about one run in three in CI.

The fix: after each ``request_states`` every registered widget sends its whole state again,
:data:`DELAYS` seconds later, once the page has built its comms (``send_state`` re-sends values
the kernel believes the page already has).  The wrapper around ipywidgets' handler is
installed once, when this module is imported; it calls the original first.

The stall is reproduced, not argued: ``tests/e2e/test_resync_stall.py`` has a page's kernel change a
widget at the moment it answers ``request_states``; without this module the page keeps the old value
for good while the kernel holds the new one, and with it the page catches up.  That test is what keeps
this workaround here; when a Voilà release stops dropping such updates, it fails and this module can go.
"""

from __future__ import annotations

import weakref
from typing import Any, Protocol

import ipywidgets as w

__all__ = ["DELAYS", "SETTLED", "register", "resend", "resend_all"]

#: seconds after a page's ``request_states`` at which registered widgets re-send their state
DELAYS = (1.0, 3.0, 8.0)

#: seconds after the computer's last paced move (the learner's turn, or the hand's end) at which the
#: table re-sends its felt once more: a safety net for an update lost any other way (it is a few
#: messages a turn, and a page that already has the state just draws the same thing)
SETTLED = 1.5


class _Resendable(Protocol):
    def resend_soon(self) -> None: ...


_REGISTERED: weakref.WeakSet[Any] = weakref.WeakSet()


def register(widget: _Resendable) -> None:
    """Call ``widget.resend_soon()`` whenever a page asks for every widget's state."""
    _REGISTERED.add(widget)


def resend(root: w.Widget) -> int:
    """Send the state of ``root`` and of every widget below it again; returns how many were sent."""
    todo: list[w.Widget] = [root]
    sent = 0
    while todo:
        widget = todo.pop()
        widget.send_state()
        sent += 1
        todo.extend(c for c in getattr(widget, "children", ()) if isinstance(c, w.Widget))
    return sent


def resend_all(widgets: list[w.Widget]) -> int:
    """:func:`resend` each of ``widgets``; returns how many widgets were sent."""
    return sum(resend(x) for x in widgets)


def _install() -> None:
    original = w.Widget.__dict__["_handle_control_comm_msg"].__func__
    if getattr(original, "_fivehundred", False):
        return

    def handle(cls: type[w.Widget], msg: dict[str, Any]) -> None:
        original(cls, msg)
        if ((msg.get("content") or {}).get("data") or {}).get("method") == "request_states":
            for widget in tuple(_REGISTERED):
                widget.resend_soon()

    handle._fivehundred = True  # type: ignore[attr-defined]
    w.Widget._handle_control_comm_msg = classmethod(handle)


_install()
