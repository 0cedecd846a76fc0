"""Engine throughput: random complete hands per second on one core.

Each hand: a seeded deal, a random legal auction, a random kitty discard, a
random legal play to the end, and the score.  Every action goes through the
public, validating ``Round.legal_actions()`` / ``Round.apply()`` path.

    python bench/engine.py            # 10 s per configuration
    python bench/engine.py --quick    # 2 s
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from fivehundred import Discard, Phase, Round, Rules


def random_hand(rules: Rules, seed: int, rng: random.Random) -> Round:
    """Deal and play one hand with uniformly random legal actions."""
    r = Round.deal(rules, dealer=seed % rules.players, seed=seed)
    while not r.is_over:
        if r.phase is Phase.KITTY:
            assert r.to_act is not None
            r.apply(Discard.of(rng.sample(r.hand(r.to_act), rules.kitty_size)))
        else:
            r.apply(rng.choice(r.legal_actions()))
    return r


def hands_per_second(rules: Rules, seconds: float) -> tuple[float, int]:
    rng = random.Random(2026)
    start = time.perf_counter()
    count = 0
    while time.perf_counter() - start < seconds:
        random_hand(rules, count, rng)
        count += 1
    return count / (time.perf_counter() - start), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 s per configuration instead of 10")
    args = parser.parse_args()
    seconds = 2.0 if args.quick else 10.0
    print("engine: random complete hands per second (one core)")
    print(f"{'rules':<28}{'hands/s':>10}{'hands':>9}")
    rates = []
    for name, rules in [
        ("australian, 4 players", Rules()),
        ("australian, 3 players", Rules(players=3)),
        ("australian, 6 players", Rules(players=6)),
        ("american, 4 players", Rules.preset("american")),
    ]:
        rate, count = hands_per_second(rules, seconds)
        rates.append(rate)
        print(f"{name:<28}{rate:>10.0f}{count:>9}")
    print(f"median over configurations: {statistics.median(rates):.0f} hands/s (target >= 5000 for 4 players)")


if __name__ == "__main__":
    main()
