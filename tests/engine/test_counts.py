"""Perft-style counts of legal action sequences from fixed positions.

Each count is computed twice, by two independent brute-force enumerations
that use only the public API (``legal_actions``/``apply``/``undo``, and
``copy``), and compared with a golden number.  The golden numbers were
produced by these enumerations once and then hard-coded, after checking
several of them by hand:

* auction depth 1 = 27: PASS, the 25 trick bids and open misère (misère needs
  a seven first).  Depth 2 = 383: after PASS 27 again; after a six-level bid at
  ladder position p (0–4) there are 1 + (26 − p) − 1 replies (misère not yet
  allowed); after a seven at p (5–9), 1 + (26 − p); after 8♠…10♦ (p 11–23),
  1 + (26 − p); after OMIS 3, after 10♥ 2, after 10NT 1:
  27 + 120 + 100 + 130 + 3 + 2 + 1 = 383.
* 7♥ last two tricks = 4: S leads 7♥ or 8♥ (2); W must follow trumps with the
  joker (1); N has no trump (K♦ A♦: 2); E must play K♥ (1); the last trick is forced.
* 7NT last two tricks = 12: N leads A♦ (E 2 × S 2 × W 2, as the joker may be
  thrown when void in plain NT) or Q♥ (E 2 × S 2 × W must play A♥ 1) = 8 + 4.
  All four suits were led, so W may not lead the joker before the last trick.
* misère last two tricks = 8: E sits out; W leads 5♥/A♥, N and S each have two hearts.
"""

from __future__ import annotations

import pytest

from fivehundred import Round
from fivehundred.round import Phase

# The deal written out (dealer N, so E calls first).  W holds the joker.
HANDS = (
    "JS QS AS 6C QC AC 8D KD 10H QH",
    "5S KS 8C KC 4D 6D QD 9H JH KH",
    "8S 9S 9C 10C 9D JD 4H 6H 7H 8H",
    "6S 7S 5C 7C JC 5D 10D 5H AH JK",
)
KITTY = "10S 7D AD"

SEVEN_HEARTS = [
    *"PASS PASS PASS 7H".split(),
    "discard 10S JS QS",
    *"AS 5S 8S 6S 6C 8C 9C 5C 9S 7S QC KS KC 10C 7C AC 7D 4D 9D 5D JD 5H 10H 9H 4H AH QH JH"
    " 6D 6H 10D 8D 7H JK KD KH".split(),
]
SEVEN_NT = [
    *"PASS PASS PASS 7NT".split(),
    "discard 10S JS QS",
    *"AS 5S 8S 6S 6C 8C 9C 5C 9S 7S QC KS KC 10C 7C AC 7D 4D 9D 5D JD 10D 8D 6D 4H 5H 10H 9H"
    " KD QD 6H JC AD JH 7H AH".split(),
]
MISERE = [
    *"7S PASS MIS PASS PASS".split(),
    "discard 6S 7S 10S",
    "nominate none",
    *"5C 6C 9C 8S JK JS 7C QC 10C QS 9S JC AS 9D 5D AC JD 7D 8D 4H 10D"
    " AD KD 6H 5H 10H 7H".split(),
]


def start() -> Round:
    return Round.from_hands(HANDS, KITTY)


def after(actions: list[str], drop_last_tricks: int) -> Round:
    """Replay ``actions`` (nine tricks), then undo ``drop_last_tricks`` whole tricks."""
    r = start()
    for a in actions:
        r.apply(a)
    assert r.phase is Phase.PLAY and r.current_trick is None
    per_trick = r.players - len(r.sitting_out)
    for _ in range(per_trick * drop_last_tricks):
        r.undo()
    return r


def count_undo(r: Round, depth: int | None, phase: Phase | None = None) -> int:
    """Sequences of ``depth`` actions (``None``: to the end of the hand), by apply/undo."""
    if depth == 0:
        return 1
    if r.phase is Phase.OVER:
        return 1 if depth is None else 0
    if phase is not None and r.phase is not phase:
        return 0
    total = 0
    for act in r.legal_actions():
        r.apply(act)
        total += count_undo(r, None if depth is None else depth - 1, phase)
        r.undo()
    return total


def count_copy(r: Round, depth: int | None, phase: Phase | None = None) -> int:
    """The same count by copying the round at every node (never undoing)."""
    if depth == 0:
        return 1
    if r.phase is Phase.OVER:
        return 1 if depth is None else 0
    if phase is not None and r.phase is not phase:
        return 0
    total = 0
    for act in r.legal_actions():
        child = r.copy()
        child.apply(act)
        total += count_copy(child, None if depth is None else depth - 1, phase)
    return total


@pytest.mark.parametrize(("depth", "golden"), [(1, 27), (2, 383), (3, 3784)])
def test_auction_counts(depth: int, golden: int) -> None:
    r = start()
    assert count_copy(r, depth, Phase.AUCTION) == golden
    if depth <= 2:
        assert count_undo(r, depth, Phase.AUCTION) == golden
    assert r.history == []


@pytest.mark.parametrize(
    ("actions", "tricks_left", "golden"),
    [
        pytest.param(actions, left, golden, id=f"{name}-last{left}")
        for name, actions, goldens in (
            ("7H", SEVEN_HEARTS, (1, 4, 216)),
            ("7NT", SEVEN_NT, (1, 12, 288)),
            ("MIS", MISERE, (1, 8, 72)),
        )
        for left, golden in zip((1, 2, 3), goldens)
    ],
)
def test_endgame_play_counts(actions: list[str], tricks_left: int, golden: int) -> None:
    r = after(actions, tricks_left - 1)
    assert len(r.tricks) == 10 - tricks_left
    before = r.record()
    assert count_undo(r, None) == golden
    assert r.record() == before  # the enumeration left the position as it found it
    if tricks_left <= 2:
        assert count_copy(r, None) == golden


def test_positions_are_as_described() -> None:
    r = after(SEVEN_HEARTS, 1)
    assert r.to_act == 2
    assert [" ".join(map(str, r.hand(s))) for s in range(4)] == ["KD AD", "QD KH", "7H 8H", "JC JK"]
    r = after(SEVEN_NT, 1)
    assert r.to_act == 0 and len(r.suits_led) == 4
    assert [" ".join(map(str, r.hand(s))) for s in range(4)] == ["AD QH", "JH KH", "7H 8H", "AH JK"]
    r = after(MISERE, 1)
    assert r.sitting_out == (1,) and r.to_act == 3
