"""tools/find_second_hand_low.py: the search that found the second-hand-low deal finds it again from its seed."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

from fivehundred.library import load_hand

TOOL = Path(__file__).resolve().parents[2] / "tools" / "find_second_hand_low.py"


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fivehundred_tools_find_shl", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


tool = _load_tool()


def test_seed_123967_is_the_library_hand() -> None:
    """The hand's record is the tool's line for seed 123967: rules players, the method's calls for South, and
    South following the coach's hint. The duck is South's first choice of the hand (trick 1: East's 4♦, South's
    K♦ 10♦, West's A♦ behind), so no learner can have left the line before it."""
    found = tool.examine(123967, time.monotonic() + 120, 0, grade_budget=None)
    assert found is not None
    assert found.record.strip() == load_hand("second-hand-low").record.strip()
    assert (found.trick, found.led, found.honours) == (1, "4♦", ("K♦",))
    assert (found.duck, found.rush) == (2, 1)  # the defence's tricks: 2 after the duck, 1 after the king
    assert found.free == 0 and found.moments == 0 and not found.top
    assert found.slips == ("trick 1 E 4♦",)  # East's low lead into the K♦ was itself a slip (par is 9)


def test_seed_9757_qualifies_only_with_choices_before_the_duck() -> None:
    """Seed 9757 (K♣ J♣ in front of West's A♣ at trick 5, a slam saved) qualifies, but South has four
    discards to choose first, and a learner who picks another one leaves the planned line before the duck."""
    found = tool.examine(9757, time.monotonic() + 120, grade_budget=None)
    assert found is not None and (found.trick, found.honours, found.duck, found.rush) == (5, ("K♣",), 1, 0)
    assert found.free == 4
    assert tool.examine(9757, time.monotonic() + 120, 0, grade_budget=None) is None


def test_a_duck_whose_king_wins_only_by_a_later_slip_is_refused() -> None:
    """Seed 1586 has the shape (East's 10♠, South's K♠ 9♠ 8♠, West's A♠ behind), but after the duck North's
    5♣ at trick 4 gives the trick back and the K♠ wins only because East leads the Q♠ into it at trick 7: the
    tool wants the line from the duck on to be best play, so it passes this deal over."""
    from fivehundred.analysis.grading import grade_hand
    from fivehundred.round import Round
    from fivehundred.players.rules_player import RulesPlayer

    r = Round.deal(seed=1586, dealer=1586 % 4)
    tool._auction(r, tool.finding_bidder())  # the bidder the search was run with
    assert r.contractor == 1 and str(r.contract) == "6D"
    assert tool.examine(1586, time.monotonic() + 120, grade_budget=None) is None
    # the same deal played out by the rules players (South too) shows the slips the filter refuses
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        r.apply(RulesPlayer().choose(r.view(seat)))
    slips = {(g.trick, g.seat, str(g.play)) for g in grade_hand(r) if g.tricks_lost}
    assert {(4, 0, "5C"), (7, 1, "QS")} <= slips
