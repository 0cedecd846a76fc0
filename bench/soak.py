"""Soak run: many random hands across every preset and player count, checking invariants.

Not part of CI.  Prints the number of hands and of invariant violations.

    python bench/soak.py --hands 1000000 --workers 2
    python bench/soak.py --quick                        # 20,000 hands

Invariants checked on every hand:
  * every card of the pack is dealt exactly once (hands, kitty, dead hand);
  * no card is played twice, and only cards of the pack are played;
  * legal actions are never empty until the hand is over;
  * 10 tricks are played, or fewer only when a lost misère stops play early;
  * the contracting side's score matches the contract and trick count.
And on every 25th hand:
  * the record replays to an identical record;
  * an illegal action raises a ValueError subclass and leaves the record unchanged.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from collections import Counter

from fivehundred import Discard, Phase, Play, Round, pack
from fivehundred.errors import FiveHundredError
from fivehundred.rules import PRESETS

CONFIGS = [(name, players) for name in PRESETS for players in (2, 3, 4, 5, 6)]


def _check_hand(r: Round, rng: random.Random, deep: bool) -> list[str]:
    problems: list[str] = []
    full = pack(r.players)
    dealt = [c for h in r.dealt_hands for c in h] + list(r.kitty) + list(r.dead_hand)
    if sorted(dealt, key=lambda c: c.index) != list(full):
        problems.append("deal is not the pack, each card once")
    while not r.is_over:
        actions = r.legal_actions()
        if not actions:
            problems.append(f"no legal actions in phase {r.phase.value}")
            return problems
        if deep and r.phase is Phase.PLAY and rng.random() < 0.2:
            before = r.record()
            held = set(r.hand(r.to_act)) if r.to_act is not None else set()
            wrong = [c for c in full if c not in held]
            try:
                r.apply(Play(rng.choice(wrong)))
                problems.append("illegal play was accepted")
            except FiveHundredError:
                pass
            if r.record() != before:
                problems.append("illegal play changed the state")
        if r.phase is Phase.KITTY:
            assert r.to_act is not None
            r.apply(Discard.of(rng.sample(r.hand(r.to_act), r.rules.kitty_size)))
        else:
            r.apply(rng.choice(actions))
    played = [c for t in r.tricks for c in t.cards]
    if len(set(played)) != len(played) or not set(played) <= set(full):
        problems.append("a card was played twice or is not in the pack")
    res = r.result
    assert res is not None
    if res.contract is not None:
        assert res.score is not None
        stopped = res.contract.is_misere and r.rules.stop_when_misere_lost and res.score.contractor_tricks > 0
        if len(r.tricks) != 10 and not (stopped and len(r.tricks) < 10):
            problems.append(f"{len(r.tricks)} tricks played")
        if res.score.made != (
            res.score.contractor_tricks == 0 if res.contract.is_misere else res.score.contractor_tricks >= res.contract.tricks
        ):
            problems.append("made/set disagrees with the trick count")
    if deep:
        record = r.record()
        if Round.from_record(record).record() != record:
            problems.append("record does not replay to the same record")
    return problems


def run(args: tuple[int, int, int]) -> tuple[int, Counter[str]]:
    """Play ``count`` hands starting at ``first``; returns (hands, problems)."""
    first, count, worker = args
    rng = random.Random(1000 + worker)
    problems: Counter[str] = Counter()
    for i in range(first, first + count):
        name, players = CONFIGS[i % len(CONFIGS)]
        rules = PRESETS[name].replace(players=players)
        r = Round.deal(rules, dealer=i % players, seed=i)
        for p in _check_hand(r, rng, deep=i % 25 == 0):
            problems[f"{name}/{players}p: {p}"] += 1
    return count, problems


def main() -> None:
    parser = argparse.ArgumentParser(description="soak run of random hands")
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="20,000 hands")
    args = parser.parse_args()
    total = 20_000 if args.quick else args.hands
    chunk = 5_000
    jobs = [(start, min(chunk, total - start), n) for n, start in enumerate(range(0, total, chunk))]
    started = time.perf_counter()
    hands = 0
    problems: Counter[str] = Counter()
    with multiprocessing.Pool(args.workers) as pool:
        for count, found in pool.imap_unordered(run, jobs):
            hands += count
            problems.update(found)
    elapsed = time.perf_counter() - started
    print(f"soak: {hands} hands over {len(CONFIGS)} preset × player-count configurations in {elapsed:.0f} s")
    print(f"invariant violations: {sum(problems.values())}")
    for text, n in problems.most_common(20):
        print(f"  {n:>7}  {text}")


if __name__ == "__main__":
    main()
