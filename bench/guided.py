"""Guided play: hint latency on and off the line, and how often the coach speaks.

    .venv/bin/python bench/guided.py            # every hand
    .venv/bin/python bench/guided.py --quick    # fewer off-line positions

* On the line: every learner decision of every hand, the guide's hint ladder
  (precomputed double-dummy values; target p95 <= 100 ms).
* Off the line: at some learner decisions the learner plays another legal
  card than the line's, the computer seats answer, and the ladder for the
  learner's next decision is timed with a fresh guide (a cold transposition
  table: the worst case; live double-dummy solve, no time budget).
* Coaching: each hand is played by a line-following learner (the line's
  cards) and by a hint-following learner (the hint's card every time, which
  may leave the line when it is at least as good), and the moments the coach
  speaks at are counted: narrated decisions on the line plus live moments off it.
  The review's time (every card graded, no budget) is printed too.
"""

from __future__ import annotations

import argparse
import statistics
import time

from fivehundred.library import HAND_IDS, LinePlayer, guide_for
from fivehundred.library.guide import Guide
from fivehundred.round import Phase, Round


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def _play(guide: Guide, follow_hint: bool) -> tuple[Round, int, int, bool]:
    """(final round, narrated decisions met on the line, live moments off it, whether it left the line)."""
    r = guide.hand.fresh()
    computer = LinePlayer(guide.hand)
    narrated = live = 0
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        if seat == guide.hand.seat:
            note = guide.note(r)
            if note is not None and note.accept:
                narrated += 1
            elif guide.moment(r) is not None:
                live += 1
            act = guide.ladder(r).action if follow_hint or not guide.on_line(r) else guide.next_action(r)
            assert act is not None
        else:
            act = computer.choose(r.view(seat))
        r.apply(act)
    return r, narrated, live, not guide.on_line(r)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="off the line: two positions per hand")
    ap.add_argument("--freeplay", type=int, default=0, metavar="HANDS",
                    help="instead: the learner's-view hint ladder (coach_hint) over HANDS seeded free-play hands")
    args = ap.parse_args()
    if args.freeplay:
        freeplay_hints(args.freeplay)
        return
    on: list[float] = []
    off: list[float] = []
    for hand_id in HAND_IDS:
        guide = guide_for(hand_id)
        hand = guide.hand
        decisions = hand.learner_decisions()
        for index in decisions:
            r = hand.round_at(index)
            t0 = time.perf_counter()
            guide.ladder(r)
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
            fresh = guide_for(hand_id)
            fresh._live.clear()
            assert not fresh.on_line(r)
            t0 = time.perf_counter()
            fresh.ladder(r)
            off.append((time.perf_counter() - t0) * 1000)
    print(f"hint on the line:  n={len(on)} p50={statistics.median(on):.1f} ms p95={_pct(on, 95):.1f} ms max={max(on):.1f} ms")
    print(f"hint off the line: n={len(off)} p50={statistics.median(off):.1f} ms p95={_pct(off, 95):.1f} ms "
          f"max={max(off):.1f} ms (live double-dummy, cold table)")
    print()
    print(f"{'hand':20} {'line: narrated':>14} {'hint: narrated':>14} {'live':>5} {'left line':>9} {'line tricks':>11} "
          f"{'hint tricks':>11} {'review s':>8}")
    totals = [0, 0, 0]
    for hand_id in HAND_IDS:
        g1 = guide_for(hand_id)
        r1, n1, l1, _ = _play(g1, follow_hint=False)
        g2 = guide_for(hand_id)
        r2, n2, l2, left = _play(g2, follow_hint=True)
        t0 = time.perf_counter()
        g2.review(r2)
        review = time.perf_counter() - t0

        def side(r: Round) -> int:
            assert r.contract is not None and r.contractor is not None
            return r.tricks_won[r.contractor] if r.contract.is_misere else sum(r.tricks_won[s] for s in r.contracting_seats())

        totals[0] += n1 + l1
        totals[1] += n2 + l2
        totals[2] += l2
        print(f"{hand_id:20} {n1 + l1:>14} {n2:>14} {l2:>5} {'yes' if left else 'no':>9} {side(r1):>11} {side(r2):>11} "
              f"{review:>8.2f}")
    k = len(HAND_IDS)
    print(f"moments coached per hand: line-following {totals[0] / k:.2f}, hint-following {totals[1] / k:.2f} "
          f"(of which live off the line {totals[2] / k:.2f})")


def freeplay_hints(hands: int) -> None:
    """Time :func:`coach_hint` at every decision of South in ``hands`` seeded hands played by the rules player."""
    from fivehundred.analysis.coach import coach_hint
    from fivehundred.players.rules_player import RulesPlayer

    by_phase: dict[str, list[float]] = {}
    rp = RulesPlayer()
    seed = 0
    done = 0
    while done < hands:
        r = Round.deal(seed=seed, dealer=seed % 4)
        seed += 1
        while not r.is_over:
            seat = r.to_act
            assert seat is not None
            if seat == 2:
                t0 = time.perf_counter()
                coach_hint(r.view(2), seed=seed)
                by_phase.setdefault(r.phase.value, []).append((time.perf_counter() - t0) * 1000)
            r.apply(rp.choose(r.view(seat)))
        done += r.contract is not None
    for phase, xs in by_phase.items():
        print(f"free-play hint ({phase}): n={len(xs)} p50={statistics.median(xs):.0f} ms p95={_pct(xs, 95):.0f} ms "
              f"max={max(xs):.0f} ms")


if __name__ == "__main__":
    main()
