"""Precompute the double-dummy analysis of the curated hands' main lines (fivehundred/library/analysis.json).

For every card the learner (South) plays on each hand's intended line, the
value of each legal card at that point (the contracting side's final tricks
with best play after it), and the hand's par (the best-play result at the
start of play).  Hints on the main line read these, so they are instant.

    nice -n 10 .venv/bin/python tools/build_library_analysis.py            # every hand
    nice -n 10 .venv/bin/python tools/build_library_analysis.py draw-trumps  # just these (merged in)

The values are exact, so rebuilding gives the same file;
tests/library/test_analysis.py re-checks them against the solver.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from fivehundred.analysis.solver import Solver, card_values
from fivehundred.library import HAND_IDS, load_hand

OUT = Path(__file__).resolve().parent.parent / "fivehundred" / "library" / "analysis.json"


def analyse(hand_id: str) -> dict[str, object]:
    hand = load_hand(hand_id)
    start = time.monotonic()
    r = hand.round_at(hand.play_start)
    solver = Solver.from_round(r)
    par = solver.position.contractor_total(solver.value())
    values: dict[str, dict[str, int]] = {}
    for index in hand.learner_decisions():
        t0 = time.monotonic()
        r = hand.round_at(index)
        cards = card_values(r)
        values[str(index)] = {str(p): v for p, v in cards.items()}
        print(f"  {hand_id} #{index}: {len(cards)} cards in {time.monotonic() - t0:.1f} s", flush=True)
    print(f"{hand_id}: par {par}, {len(values)} decisions, {time.monotonic() - start:.1f} s", flush=True)
    return {"par": par, "values": values}


def main(argv: list[str]) -> int:
    wanted = argv or list(HAND_IDS)
    data = json.loads(OUT.read_text()) if OUT.exists() else {}
    for hand_id in wanted:
        data[hand_id] = analyse(hand_id)
        data = {k: data[k] for k in HAND_IDS if k in data}
        OUT.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
