"""Shared look and helpers for the course widgets (no rules here)."""

from __future__ import annotations

import asyncio
from html import escape
from typing import Literal

import ipywidgets as w

from fivehundred.i18n import N_, _

__all__ = ["Tone", "message_html", "FELT", "INK", "box_layout", "set_tone", "sentence", "FOCUS_CSS", "kernel_loop"]

Tone = Literal["right", "wrong", "info", "none"]

#: green felt for tables
FELT = "radial-gradient(ellipse at center, #2f8a57 0%, #236b43 70%, #1d5a38 100%)"
INK = "#1f2933"
FONT = "DejaVu Sans, sans-serif"

#: a focus ring on every control a learner can reach with Tab (issue 27: it was 1 px of light blue): 3 px of dark
#: blue (#0b57d0: 6:1 on white, 5:1 on the buttons' grey), drawn just inside the control so a box that clips its
#: overflow never cuts it; a card keeps its ring outside, around 2 px of white that shows on the green felt
FOCUS_CSS = (
    "<style>"
    ".jupyter-widgets button:focus-visible,.jupyter-widgets input:focus-visible,.jupyter-widgets select:focus-visible,"
    ".jupyter-widgets textarea:focus-visible,.jupyter-widgets summary:focus-visible,.jupyter-button:focus-visible,"
    ".jupyter-widgets a:focus-visible"
    "{outline:3px solid #0b57d0 !important;outline-offset:-3px !important}"
    ".jupyter-widgets .fh-hand-card:focus-visible"
    "{outline:3px solid #0b57d0 !important;outline-offset:2px !important;box-shadow:0 0 0 2px #fff !important}"
    "</style>"
)

_TONES: dict[str, tuple[str, str, str, str]] = {
    # background, border, text, lead word
    "right": ("#e8f5e9", "#2e7d32", "#1b4d20", N_("✔ Right.")),
    "wrong": ("#fff4e5", "#b26a00", "#5c3700", N_("✘ Not quite.")),
    "info": ("#eef3f8", "#5b7a99", "#22374d", ""),
}


def message_html(text: str, tone: Tone = "info", *, lead: str | None = None) -> str:
    """A friendly coloured box holding ``text`` (escaped); empty text gives ``""``."""
    if not text or tone == "none":
        return ""
    bg, border, ink, default_lead = _TONES[tone]
    head = (_(default_lead) if default_lead else "") if lead is None else lead
    word = head.lstrip("✔✘ ").rstrip(".:! ")
    if word and text.lower().startswith(word.lower()):
        head = head.split(" ")[0] if head[:1] in "✔✘" else ""  # "✔ Right. Right: …" says it once: "✔ Right: …"
    head_html = f"<b>{escape(head)}</b> " if head else ""
    return (
        f'<div role="status" style="background:{bg};border:2px solid {border};color:{ink};'
        f"border-radius:10px;padding:9px 14px;margin-top:6px;font-family:{FONT};font-size:15px;"
        f'line-height:1.45;max-width:820px">{head_html}{escape(text)}</div>'
    )


def set_tone(widget: w.DOMWidget, tone: Tone) -> None:
    """Mark a feedback element with ``fh-right`` or ``fh-wrong`` (and remove the other)."""
    for name in ("fh-right", "fh-wrong", "fh-info"):
        widget.remove_class(name)
    if tone in ("right", "wrong", "info"):
        widget.add_class(f"fh-{tone}")


def box_layout(**extra: str) -> w.Layout:
    """The card-like frame every exercise sits in."""
    base = {
        "border": "1px solid #d5dbe1",
        "padding": "12px 16px 14px 16px",
        "margin": "10px 0",
        "max_width": "880px",
        "width": "100%",
    }
    base.update(extra)
    return w.Layout(**base)


def sentence(result: object) -> str:
    """An engine explanation as text: a ``str``, or anything with a ``reason`` attribute."""
    reason = getattr(result, "reason", result)
    return str(reason)


def prompt_html(text: str) -> str:
    return (
        f'<div style="font-family:{FONT};font-size:16px;font-weight:bold;color:{INK};'
        f'margin:2px 0 8px 0;line-height:1.4">{escape(text)}</div>'
    )


def small_html(text: str) -> str:
    return f'<div style="font-family:{FONT};font-size:13px;color:#52606d;margin:2px 0">{escape(text)}</div>'


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """ipykernel's main IO loop (cells and widget messages run on its thread); ``None`` outside a kernel,
    where a running loop may be someone else's (Playwright's) and never run our moves."""
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    shell = get_ipython()
    kernel = getattr(shell, "kernel", None) if shell is not None else None
    main = getattr(getattr(kernel, "io_loop", None), "asyncio_loop", None)
    return main if isinstance(main, asyncio.AbstractEventLoop) else None
