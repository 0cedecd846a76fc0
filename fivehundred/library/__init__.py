"""The library of curated sample hands, for guided play.

Each hand is a deal chosen to teach one idea (drawing trumps, the left
bower, leading the joker in no-trumps, defending a misère, ...), stored in
``hands/<id>.json`` with its intended line as a hand record, narration at the
moments that matter, and claims the double-dummy solver checks (see
:mod:`fivehundred.library.hand`).  ``analysis.json`` holds the precomputed
double-dummy value of every legal card at each of the learner's decisions on
the line (built by ``tools/build_library_analysis.py``), so hints there are
instant.

>>> hand = load_hand("take-control")
>>> hand.seat, hand.final.is_over
(2, True)
>>> len(HAND_IDS) >= 12
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from fivehundred.errors import shown
from fivehundred.i18n import language
from fivehundred.library.guide import GradedMove, Guide, LinePlayer, Remark, Review
from fivehundred.library.hand import Claim, LibraryError, Note, SampleHand, load_text, parse_locator

__all__ = [
    "HAND_IDS",
    "SampleHand",
    "Note",
    "Claim",
    "LibraryError",
    "Guide",
    "LinePlayer",
    "Review",
    "GradedMove",
    "Remark",
    "load_hand",
    "sample_hands",
    "load_analysis",
    "guide_for",
    "parse_locator",
]

#: the curated hands, in teaching order
HAND_IDS: tuple[str, ...] = (
    "take-control",
    "count-trumps",
    "left-bower",
    "keep-the-long-suit",
    "joker-lead",
    "joker-suit",
    "keep-the-joker",
    "second-hand-low",
    "slam",
    "misere-defence",
    "nominate-the-joker",
    "open-misere",
)


def _hand_id_arg(hand_id: object) -> str:
    if not isinstance(hand_id, str) or hand_id not in HAND_IDS:
        raise LibraryError(f"no sample hand {shown(hand_id, 80)} (hands: {', '.join(HAND_IDS)})")
    return hand_id


def load_hand(hand_id: str) -> SampleHand:
    """The sample hand ``hand_id`` (one of :data:`HAND_IDS`; each is read once per language), its learner text in
    the kernel's language (:func:`fivehundred.i18n.use`).

    Raises:
        LibraryError: no such hand, or its file is malformed.
    """
    return _load_hand(_hand_id_arg(hand_id), language())


@lru_cache(maxsize=None)
def _load_hand(hand_id: str, lang: str) -> SampleHand:
    """``lang`` is the cache's key: the hand's text is read in the language current when it is loaded."""
    return SampleHand.from_json(load_text(f"hands/{hand_id}.json"))


def sample_hands() -> tuple[SampleHand, ...]:
    """Every curated hand, in teaching order."""
    return tuple(load_hand(i) for i in HAND_IDS)


@lru_cache(maxsize=None)
def _analysis_data() -> dict[str, Any]:
    try:
        data = json.loads(load_text("analysis.json"))
    except LibraryError:
        return {}
    return data if isinstance(data, dict) else {}


def load_analysis(hand_id: str) -> tuple[dict[int, dict[str, int]], int | None]:
    """The precomputed card values at the learner's decisions on ``hand_id``'s line, and its par.

    Empty (and ``None``) when the analysis has not been built for that hand.

    Raises:
        LibraryError: ``hand_id`` is not a text.
    """
    if not isinstance(hand_id, str):
        raise LibraryError(f"a sample hand's id is a text (one of HAND_IDS), not {shown(hand_id, 80)}")
    entry = _analysis_data().get(hand_id)
    if not isinstance(entry, dict):
        return {}, None
    values = {int(k): {str(c): int(v) for c, v in cards.items()} for k, cards in entry.get("values", {}).items()}
    par = entry.get("par")
    return values, int(par) if isinstance(par, int) else None


def guide_for(hand_id: str) -> Guide:
    """A :class:`Guide` for ``hand_id`` with its precomputed analysis.

    Raises:
        LibraryError: no such hand.
    """
    hand = load_hand(hand_id)  # checks the id
    values, par = load_analysis(hand_id)
    return Guide(hand, values, par)
