"""Benchmark the computer players: strength, partner blunders, speed, and hints.

* **Strength** on duplicate boards: each seeded deal (same hands, same kitty) is
  played twice with the teams swapped, the dealer rotating from board to board.
  The figure is the mean net points per board for the first team, with a 95%
  confidence interval.  ``rules-random``: the rules player against random
  players; ``search-rules``: the search player against the rules player.
* **Partner blunders** (:mod:`fivehundred.analysis.blunders`): overtaking
  partner's sure winner, trumping partner's winning trick, discarding a boss
  card, as a share of the rules player's plays.
* **Decision time** of the rules player (p50/p95).
* **Speed**: complete hands per CPU second with the rules player in every seat
  (target >= 3,000 scored hands, #24), and with random players, through ``play_hand`` (views, the
  player's choice, and ``Round.apply_legal`` once the choice is found among the legal actions) and
  through the checked path (``Round.apply`` of every choice), one core.
* **Hint latency** over every decision of whole hands, asked from South's view
  the way the table's Hint button asks (p50/p95), and how many hints had search
  evidence; every hint where search disagreed with the rules player's principle
  is written to ``artifacts/hint_disagreements.txt`` for review.
* **Hint agreement**: the hint (20 samples, the UI's time budget) against a
  reference search with 200 samples and no time limit, on late-hand positions.

    python bench/bots.py --quick
    python bench/bots.py --only speed                            # hands per second, 10 s each
    python bench/bots.py --only strength-search --boards 400     # the long run (about an hour)
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Callable

from fivehundred import PRESETS, Round
from fivehundred.actions import Action, Play
from fivehundred.analysis.blunders import BOSS_DISCARD, OVERTAKE, TRUMPED, partner_blunders, plays_by_seat
from fivehundred.analysis.hints import SearchPlayer, hint
from fivehundred.players import MatchResult, Player, RandomPlayer, RulesPlayer, duplicate_match, play_hand
from fivehundred.round import Phase, View
from fivehundred.scoring import NUM_TRICKS

RULES = PRESETS["australian"]
SOUTH = 2


class _Timed(Player):
    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner, self.times = inner, times

    def choose(self, view: View) -> Action:
        start = time.perf_counter()
        action = self.inner.choose(view)
        self.times.append(time.perf_counter() - start)
        return action


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def strength_rules_random(boards: int) -> None:
    times: list[float] = []
    start = time.monotonic()
    m = duplicate_match(lambda b, s: _Timed(RulesPlayer(), times), lambda b, s: RandomPlayer(b * 10 + s), boards)
    mean, half, n = m.mean, m.half_width, m.boards
    print(f"rules vs random, {n} duplicate boards (4 players, australian), {time.monotonic() - start:.0f} s")
    print(f"  net points per board for the rules team: {mean:+.1f}  (95% CI {mean - half:+.1f} to {mean + half:+.1f})")
    print(f"  rules-player decision time: p50 {_pct(times, 0.5) * 1000:.2f} ms  p95 {_pct(times, 0.95) * 1000:.2f} ms  ({len(times)} decisions)")


def strength_search_rules(boards: int, samples: int, max_tricks: int, budget: float, objective: str) -> None:
    times: list[float] = []
    start = time.monotonic()
    every = max(1, boards // 10)

    def report(m: MatchResult) -> None:
        if m.boards % every == 0:
            print(f"    ... {m.boards} boards: {m.mean:+.1f} ± {m.half_width:.1f}  ({time.monotonic() - start:.0f} s)", flush=True)

    m = duplicate_match(
        lambda b, s: _Timed(SearchPlayer(samples=samples, max_tricks=max_tricks, time_budget=budget, seed=b * 10 + s, objective=objective), times),
        lambda b, s: RulesPlayer(),
        boards,
        on_board=report,
    )
    mean, half, n = m.mean, m.half_width, m.boards
    print(f"search vs rules, {n} duplicate boards (search: {samples} samples, last {max_tricks} tricks, {budget:g} s budget, best {objective}), "
          f"{time.monotonic() - start:.0f} s")
    print(f"  net points per board for the search team: {mean:+.1f}  (95% CI {mean - half:+.1f} to {mean + half:+.1f})")
    print(f"  search-player decision time (all its decisions): p50 {_pct(times, 0.5) * 1000:.1f} ms  p95 {_pct(times, 0.95) * 1000:.1f} ms")


def _checked_hand(r: Round, players: list[Player]) -> Round:
    """``play_hand`` before the fast path: every choice through the checked ``Round.apply``."""
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        r.apply(players[seat].choose(r.view(seat)))
    return r


def _rate(seconds: float, hand: Callable[[int], Round]) -> tuple[float, float, int]:
    """``(scored hands, deals, scored count)`` per CPU second: a thrown-in deal is dealt but not a scored hand."""
    start = time.process_time()
    count = scored = 0
    while time.process_time() - start < seconds:
        scored += hand(count).contract is not None
        count += 1
    spent = time.process_time() - start
    return scored / spent, count / spent, scored


def speed(seconds: float) -> None:
    from fivehundred.play import core_compiled

    print(f"complete hands per CPU second, one core, 4 players (australian), about {seconds:g} s each; "
          "a thrown-in deal (everyone passed) is a deal but not a scored hand; "
          f"play core {'compiled' if core_compiled() else 'pure Python'} (FIVEHUNDRED_PURE_PLAY=1: pure)")

    def rules_fast(seed: int) -> Round:
        r = Round.deal(RULES, dealer=seed % 4, seed=seed)
        play_hand(r, [RulesPlayer() for _ in range(4)])
        return r

    def rules_checked(seed: int) -> Round:
        return _checked_hand(Round.deal(RULES, dealer=seed % 4, seed=seed), [RulesPlayer() for _ in range(4)])

    def random_fast(seed: int) -> Round:
        r = Round.deal(RULES, dealer=seed % 4, seed=seed)
        play_hand(r, [RandomPlayer(seed * 4 + s) for s in range(4)])
        return r

    def random_checked(seed: int) -> Round:
        return _checked_hand(Round.deal(RULES, dealer=seed % 4, seed=seed), [RandomPlayer(seed * 4 + s) for s in range(4)])

    for name, fast, checked, target in (
        ("rules player in all seats", rules_fast, rules_checked, 3000),
        ("random player in all seats", random_fast, random_checked, None),
    ):
        c, cd, _ = _rate(seconds, checked)
        f, fd, n = _rate(seconds, fast)
        goal = f" (target >= {target:,} scored: {'met' if f >= target else 'MISSED'})" if target else ""
        print(
            f"  {name}: play_hand {f:.0f} scored hands/s ({n} scored), {fd:.0f} deals/s{goal}; "
            f"checked apply {c:.0f} scored hands/s, {cd:.0f} deals/s"
        )


def partner_blunder_rate(hands: int) -> None:
    plays = 0
    kinds = {OVERTAKE: 0, TRUMPED: 0, BOSS_DISCARD: 0}
    for seed in range(hands):
        r = Round.deal(RULES, dealer=seed % 4, seed=seed)
        play_hand(r, [RulesPlayer() for _ in range(4)])
        if r.contract is None:
            continue
        plays += sum(plays_by_seat(r).values())
        for b in partner_blunders(r):
            kinds[b.kind] += 1
    total = sum(kinds.values())
    print(f"partner blunders, rules player in all four seats, {hands} hands, {plays} plays")
    print(f"  {total} blunders = {total / plays:.2%} of plays (target < 1%): "
          + ", ".join(f"{k} {v}" for k, v in kinds.items()))


def hint_latency(hands: int, budget: float, samples: int) -> None:
    times: list[float] = []
    searched = 0
    play_hints = 0
    flagged: list[str] = []
    drivers = [RulesPlayer() for _ in range(4)]
    for seed in range(hands):
        r = Round.deal(RULES, dealer=seed % 4, seed=1000 + seed)
        while not r.is_over:
            seat = r.to_act
            assert seat is not None
            if seat == SOUTH:
                view = r.view(SOUTH)
                start = time.perf_counter()
                h = hint(view, samples=samples, seed=seed, time_budget=budget)
                times.append(time.perf_counter() - start)
                if view.phase is Phase.PLAY:
                    play_hints += 1
                    searched += h.searched > 0
                if h.disagrees:
                    flagged.append(f"{h.reason}\n{h.evidence}\n{r.record()}\n")
            r.apply(drivers[seat].choose(r.view(seat)))
    print(f"hint latency over every South decision of {hands} hands ({len(times)} hints, {samples} samples, "
          f"time budget {budget:g} s)")
    print(f"  p50 {_pct(times, 0.5) * 1000:.0f} ms  p95 {_pct(times, 0.95) * 1000:.0f} ms  max {max(times) * 1000:.0f} ms "
          f"(targets 500 / 1000 ms); {searched} of {play_hints} card hints had search evidence, "
          "the others the rules player's principle")
    out = Path("artifacts/hint_disagreements.txt")
    out.parent.mkdir(exist_ok=True)
    out.write_text("\n".join(flagged) or "none\n", encoding="utf-8")
    print(f"  search disagreed with the rules player's principle {len(flagged)} times: flagged for review in {out}")


def hint_agreement(positions: int, tricks_left: int, budget: float, samples: int) -> None:
    agree = total = 0
    start = time.monotonic()
    drivers = [RulesPlayer() for _ in range(4)]
    seed = 0
    while total < positions:
        seed += 1
        r = Round.deal(RULES, dealer=seed % 4, seed=5000 + seed)
        while not r.is_over and not (r.phase is Phase.PLAY and NUM_TRICKS - len(r.tricks) <= tricks_left):
            r.apply(drivers[r.to_act].choose(r.view(r.to_act)))  # type: ignore[index, arg-type]
        if r.is_over or r.to_act is None:
            continue
        view = r.view(r.to_act)
        if len({a for a in view.legal_actions if isinstance(a, Play)}) < 2:
            continue
        quick = hint(view, samples=samples, seed=seed, time_budget=budget)
        ref = hint(view, samples=200, seed=10_000 + seed, time_budget=None)
        total += 1
        agree += quick.action in ref.best_supported() or quick.action == ref.action
    print(f"hint agreement ({samples} samples) with a 200-sample reference search, {total} positions with {tricks_left} tricks left "
          f"({time.monotonic() - start:.0f} s)")
    print(f"  {agree}/{total} = {agree / total:.0%} (target 90%); agreement: the hint's card is one the reference "
          "found best in the most samples")


SECTIONS = ("speed", "strength-random", "strength-search", "blunders", "hint-latency", "hint-agreement")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small runs of every section")
    parser.add_argument("--only", choices=SECTIONS, action="append", help="run only these sections")
    parser.add_argument("--boards", type=int, default=None, help="duplicate boards (default 200 rules-random, 400 search-rules)")
    parser.add_argument("--hands", type=int, default=50, help="hands for the hint latency (default 50)")
    parser.add_argument("--positions", type=int, default=100, help="positions for the hint agreement")
    parser.add_argument("--samples", type=int, default=10, help="search player's samples per decision")
    parser.add_argument("--max-tricks", type=int, default=7, help="search player searches the last N tricks")
    parser.add_argument("--objective", choices=("points", "tricks"), default="points", help="what the search player maximises")
    parser.add_argument("--hint-samples", type=int, default=40, help="samples per hint (the reference uses 200)")
    parser.add_argument("--budget", type=float, default=0.9, help="seconds per hint / search decision")
    args = parser.parse_args(argv)
    only = set(args.only or SECTIONS)
    q = args.quick
    if "speed" in only:
        speed(2.0 if q else 10.0)
    if "strength-random" in only:
        strength_rules_random(20 if q else args.boards or 200)
    if "blunders" in only:
        partner_blunder_rate(60 if q else 500)
    if "hint-latency" in only:
        hint_latency(3 if q else args.hands, args.budget, args.hint_samples)
    if "hint-agreement" in only:
        hint_agreement(6 if q else args.positions, 4, args.budget, args.hint_samples)
    if "strength-search" in only:
        strength_search_rules(4 if q else args.boards or 400, args.samples, args.max_tricks, args.budget, args.objective)


if __name__ == "__main__":
    main()
