"""Engine throughput: random complete hands per second on one core (CPU time), on both action paths.

Each hand: a seeded deal, a random legal auction, a random kitty discard, a
random legal play to the end, and the score.  A deal everyone passes is thrown
in and not scored: the table counts both, scored hands a second and deals a
second (every deal dealt, thrown in or not), and the target is on scored hands.

* ``checked``: every action through the public, validating
  ``Round.legal_actions()`` / ``Round.apply()`` path (what learners' gestures use);
* ``fast``: the integer-action path, ``Round.legal_action_ids()`` /
  ``Round.apply_legal_id()`` (what simulations and computer players use).

    python bench/engine.py            # 10 s per configuration and path
    python bench/engine.py --quick    # 2 s
    FIVEHUNDRED_PURE_PLAY=1 python bench/engine.py --quick   # on the uncompiled play core

The play core (``fivehundred/_playcore.py``) runs compiled when ``make venv`` built it; the first line
printed says which path ran.

The figures are CPU seconds (``time.process_time``), so other processes on the
machine slow them less than wall time, but not to zero: say "loaded" beside
figures taken while others shared the cores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

from fivehundred import Discard, Phase, Round, Rules
from fivehundred.play import core_compiled
from fivehundred.round import DISCARD_ID

#: the engine issue's target for the fast path, and #24's for it with the compiled play core
TARGET = 10_000
TARGET_COMPILED = 15_000


def random_hand(rules: Rules, seed: int, rng: random.Random) -> Round:
    """Deal and play one hand with uniformly random legal actions, through the checked path."""
    r = Round.deal(rules, dealer=seed % rules.players, seed=seed)
    while not r.is_over:
        if r.phase is Phase.KITTY:
            assert r.to_act is not None
            r.apply(Discard.of(rng.sample(r.hand(r.to_act), rules.kitty_size)))
        else:
            r.apply(rng.choice(r.legal_actions()))
    return r


def random_hand_fast(rules: Rules, seed: int, rng: random.Random) -> Round:
    """The same hand through the integer-action path (a random discard of three held cards)."""
    r = Round.deal(rules, dealer=seed % rules.players, seed=seed)
    kitty, over = Phase.KITTY, Phase.OVER
    while r.phase is not over:
        if r.phase is kitty:
            assert r.to_act is not None
            r.apply_legal_id(DISCARD_ID | sum(c.bit for c in rng.sample(r.hand(r.to_act), rules.kitty_size)))
        else:
            ids = r.legal_action_ids()
            r.apply_legal_id(ids[rng.randrange(len(ids))])
    return r


def hands_per_second(rules: Rules, seconds: float, hand: Callable[[Rules, int, random.Random], Round]) -> tuple[float, float]:
    """``(scored hands, deals)`` per CPU second over about ``seconds`` of CPU time (a thrown-in deal is no scored hand)."""
    rng = random.Random(2026)
    start = time.process_time()
    count = scored = 0
    while time.process_time() - start < seconds:
        r = hand(rules, count, rng)
        count += 1
        scored += r.contract is not None
    spent = time.process_time() - start
    return scored / spent, count / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 s per configuration instead of 10")
    args = parser.parse_args()
    seconds = 2.0 if args.quick else 10.0
    print("engine: random complete hands per CPU second (one core); scored hands (deals, thrown-in ones too); "
          f"play core {'compiled' if core_compiled() else 'pure Python'}")
    print(f"{'rules':<28}{'checked/s':>20}{'fast/s':>20}{'speed-up':>10}")
    fast_rates = []
    for name, rules in [
        ("australian, 4 players", Rules()),
        ("australian, 3 players", Rules(players=3)),
        ("australian, 6 players", Rules(players=6)),
        ("american, 4 players", Rules.preset("american")),
    ]:
        checked, checked_deals = hands_per_second(rules, seconds, random_hand)
        fast, fast_deals = hands_per_second(rules, seconds, random_hand_fast)
        fast_rates.append(fast)
        print(f"{name:<28}{checked:>11.0f} ({checked_deals:>6.0f}){fast:>11.0f} ({fast_deals:>6.0f}){fast / checked:>9.2f}x")
    four = fast_rates[0]
    target = TARGET_COMPILED if core_compiled() else TARGET
    print(f"fast path, australian 4 players: {four:.0f} scored hands/s (target >= {target:,}"
          f"{' with the compiled play core' if core_compiled() else ''}): {'met' if four >= target else 'MISSED'}")
    print(f"median over configurations (fast): {statistics.median(fast_rates):.0f} scored hands/s")


if __name__ == "__main__":
    main()
