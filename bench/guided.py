"""Hint latency in guided play: on the curated hands' main lines (precomputed) and off them (live search).

    .venv/bin/python bench/guided.py            # every hand
    .venv/bin/python bench/guided.py --quick    # fewer off-line positions

On the line: every learner decision of every hand, the hint the Hint button gives (target p95 <= 100 ms).
Off the line: at each learner decision the learner plays a different legal card than the line's, the
computer seats answer, and the hint for the learner's next decision is timed (target p95 <= 1 s; the
live search has a 0.9 s budget, beyond which it falls back to the rules player's principle).
"""

from __future__ import annotations

import argparse
import statistics
import time

from fivehundred.library import HAND_IDS, LinePlayer, guide_for
from fivehundred.round import Phase


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="off the line: two positions per hand")
    args = ap.parse_args()
    on: list[float] = []
    off: list[float] = []
    fell_back = 0
    for hand_id in HAND_IDS:
        guide = guide_for(hand_id)
        hand = guide.hand
        decisions = hand.learner_decisions()
        for index in decisions:
            r = hand.round_at(index)
            t0 = time.perf_counter()
            guide.hint(r)
            on.append((time.perf_counter() - t0) * 1000)
        chosen = decisions[:-1:3] if not args.quick else decisions[:-1][:2]
        for index in chosen:
            r = hand.round_at(index)
            other = next((p for p in r.legal_plays() if p != hand.line[index]), None)
            if other is None:
                continue
            r.apply(other)
            players = {s: LinePlayer(hand) for s in range(4)}
            while not r.is_over and r.to_act != hand.seat:
                assert r.to_act is not None
                r.apply(players[r.to_act].choose(r.view(r.to_act)))
            if r.is_over or r.phase is not Phase.PLAY:
                continue
            assert not guide.on_line(r)
            t0 = time.perf_counter()
            text = guide.hint(r)
            off.append((time.perf_counter() - t0) * 1000)
            fell_back += "ran out of time" in text
    print(f"hints on the main line: {len(on)} positions, p50 {statistics.median(on):.2f} ms, p95 {_pct(on, 95):.2f} ms (target p95 <= 100 ms)")
    print(
        f"hints off the main line: {len(off)} positions, p50 {statistics.median(off):.0f} ms, p95 {_pct(off, 95):.0f} ms "
        f"(target p95 <= 1000 ms); {fell_back} ran out of the 0.9 s budget and gave the rules player's principle"
    )


if __name__ == "__main__":
    main()
