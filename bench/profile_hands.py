"""Where a simulated hand's time goes: cProfile's top rows for the two speed benchmarks.

* ``random``: random complete hands on the integer-action path (``bench/engine.py``'s fast path);
* ``rules``: the rules player in all four seats through ``play_hand`` (``bench/bots.py --only speed``).

    python bench/profile_hands.py                 # both, 2,000 and 600 hands, top 20 rows by own time
    python bench/profile_hands.py --only rules --hands 300 --rows 30

The profiler slows function calls several times over, so the shares matter, not the
absolute times: the figures are in ``bench/engine.py`` and ``bench/bots.py``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from engine import random_hand_fast

from fivehundred import PRESETS, Round
from fivehundred.players import RulesPlayer, play_hand

RULES = PRESETS["australian"]


def random_hands(n: int) -> None:
    rng = random.Random(2026)
    for seed in range(n):
        random_hand_fast(RULES, seed, rng)


def rules_hands(n: int) -> None:
    for seed in range(n):
        play_hand(Round.deal(RULES, dealer=seed % 4, seed=seed), [RulesPlayer() for _ in range(4)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("random", "rules"), action="append")
    parser.add_argument("--hands", type=int, default=None, help="hands to profile (default 2,000 random, 600 rules)")
    parser.add_argument("--rows", type=int, default=20)
    args = parser.parse_args()
    for name, run, default in (("random", random_hands, 2000), ("rules", rules_hands, 600)):
        if args.only and name not in args.only:
            continue
        hands = args.hands or default
        profiler = cProfile.Profile()
        profiler.runcall(run, hands)
        stats = pstats.Stats(profiler)
        print(f"=== {name}: {hands} hands, {stats.total_tt:.2f} s under the profiler ({stats.total_tt / hands * 1e6:.0f} µs a hand)")
        stats.strip_dirs().sort_stats("tottime").print_stats(args.rows)


if __name__ == "__main__":
    main()
