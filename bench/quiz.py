"""Bidding practice: quiz-to-feedback latency, and how far the heuristic advisor agrees with the simulation key.

* Latency, through the widget API: a practice session's "next quiz" (the
  quiz is generated from its code, its key looked up in the bank, the widget
  built) and an answer until the feedback and chart are set.  p50/p95 over
  ``--quizzes`` quizzes.  Target: new quiz + feedback <= 200 ms p95.
* Agreement: the heuristic advisor's call (``advise(view).recommended``, the
  rules player's cheapest supported call, and ``.worth``, the highest level its
  count supports) is "within the also-fine margin" when the simulation key
  counts it best or also fine.  ``--source bank`` uses every bidding quiz in
  the answer bank (no simulation needed); ``--source fresh`` simulates held-out
  opening hands (seeded deals never used for the bank) until ``--hands`` or
  ``--minutes`` runs out.  Target: >= 75% on >= 300 hands.

* Calibration (``--calibrate N``): the key's basis (the rules player at
  every seat) against hidden-card play (the search player at every seat) on
  the same 48 sampled deals of N held-out quizzes (seeds from 1001, never in
  the bank): for each informative level of the key's best strain (make-rate
  between 5% and 95% on the key) and for misère, the two make-rates.  Prints
  the mean absolute error and the bias (key minus search) in percentage
  points.  Target: MAE <= 8 on >= 40 quiz/bid pairs.

    python bench/quiz.py [--quick] [--quizzes 60] [--source bank|fresh|both] [--hands 300] [--minutes 20]
    nice -n 10 python bench/quiz.py --calibrate 16 --minutes 30
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
import sys
import time

from fivehundred import Round
from fivehundred.analysis.advisor import advise
from fivehundred.analysis.simulation import BiddingProblem, Simulation, simulate_bids
from fivehundred.bidding import Bid
from fivehundred.quiz import answer_key, bank_codes, ladder_answer, make_quiz

HELD_OUT_BASE = 900_000  # deal seeds for the held-out set (the bank uses quiz seeds from its own generator)


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def latency(n: int) -> None:
    from widgets.quiz import PracticeSession

    session = PracticeSession(n + 1, seed=11)
    shown_ms: list[float] = []  # click -> the feedback text is set (its comm message goes out then)
    handler_ms: list[float] = []  # the whole answer handler, including building the next quiz ahead
    new_ms: list[float] = []  # "Next quiz" -> the new quiz is in place
    for _ in range(n):
        view = session.current
        assert view is not None
        q = view.quiz
        if q.kind == "ladder":
            right = ladder_answer(q)
            answer: object = ("yes" if right else "no") if isinstance(right, bool) else right
        else:
            key = answer_key(q)
            assert key is not None
            best = key.best
            answer = best.bid if hasattr(best, "bid") else best.discard.cards  # type: ignore[union-attr]
        stamp: list[float] = []
        view.observe(lambda _c: stamp.append(time.perf_counter()), names=["feedback"])
        t = time.perf_counter()
        view.answer(answer)  # type: ignore[attr-defined]
        end = time.perf_counter()
        assert view.result is not None and stamp
        shown_ms.append(1000 * (stamp[0] - t))
        handler_ms.append(1000 * (end - t))
        t = time.perf_counter()
        session.next()
        new_ms.append(1000 * (time.perf_counter() - t))
    both = [a + b for a, b in zip(new_ms, shown_ms)]
    print(f"latency over {n} quizzes (widget API, in-process; the next quiz is built while the learner reads the feedback):")
    print(f"  click -> feedback set      p50 {statistics.median(shown_ms):6.1f} ms   p95 {_pct(shown_ms, 0.95):6.1f} ms")
    print(f"  Next -> new quiz in place  p50 {statistics.median(new_ms):6.1f} ms   p95 {_pct(new_ms, 0.95):6.1f} ms")
    print(f"  new quiz + its feedback    p50 {statistics.median(both):6.1f} ms   p95 {_pct(both, 0.95):6.1f} ms   (target p95 <= 200 ms)")
    print(f"  (answer handler in full, with the next quiz built ahead: p50 {statistics.median(handler_ms):.1f} ms, p95 {_pct(handler_ms, 0.95):.1f} ms)")
    from widgets.quiz import quiz_widget

    cold: list[float] = []
    for code in session.queue.codes:
        t = time.perf_counter()
        quiz_widget(code)
        cold.append(1000 * (time.perf_counter() - t))
    print(f"  a quiz built from its code with nothing ahead (first quiz, QuizByCode): p50 {statistics.median(cold):.1f} ms, p95 {_pct(cold, 0.95):.1f} ms")


def _agrees(problem: BiddingProblem, key: Simulation) -> tuple[bool, bool, bool]:
    advice = advise(problem.view())
    fine = key.also_fine()
    simulated = {o.bid for o in key.outcomes}
    return advice.recommended in fine, (advice.worth or advice.recommended) in fine, advice.recommended in simulated


def _report(label: str, rows: list[tuple[bool, bool, bool]], seconds: float | None = None) -> None:
    n = len(rows)
    if not n:
        print(f"{label}: no hands")
        return
    rec = sum(r[0] for r in rows)
    worth = sum(r[1] for r in rows)
    unsim = sum(not r[2] for r in rows)
    extra = f", {seconds / n:.1f} s a hand" if seconds is not None else ""
    print(
        f"{label}: {n} hands{extra}\n"
        f"  advisor's call within the also-fine margin: {rec}/{n} = {100 * rec / n:.0f}%\n"
        f"  advisor's 'worth' level within the margin:  {worth}/{n} = {100 * worth / n:.0f}%\n"
        f"  (advisor's call outside the simulated set, counted as disagreeing: {unsim})"
    )


def agreement_bank() -> None:
    rows = []
    for code in bank_codes():
        q = make_quiz(code)
        if q.kind in ("kitty", "ladder") or q.problem is None:
            continue
        key = answer_key(q)
        assert isinstance(key, Simulation)
        rows.append(_agrees(q.problem, key))
    _report("agreement on the answer bank's bidding quizzes", rows)


def agreement_fresh(hands: int, minutes: float) -> None:
    rows = []
    start = time.monotonic()
    for i in range(hands):
        if time.monotonic() - start > minutes * 60:
            break
        r = Round.deal(seed=HELD_OUT_BASE + i)
        problem = BiddingProblem.make(r.hand(r.to_act), dealer=r.dealer)
        key = simulate_bids(problem, samples=12, seed=f"bench/{i}", node_budget=None)
        rows.append(_agrees(problem, key))
        print(f"  hand {i}: best {key.best.bid}, advisor {advise(problem.view()).recommended} ({key.seconds:.1f} s)", flush=True)
    _report(f"agreement on held-out opening hands (asked for {hands}, {minutes:g} min budget)", rows, time.monotonic() - start)


CAL_DEALS = 48


def calibrate(n: int, minutes: float, store: bool = False, first: int = 1001) -> list[tuple[str, str, float, float]]:
    """(code, bid, key make-rate, search make-rate) for informative quiz/bid pairs on held-out quizzes (seeds 1001 on)."""
    import json
    from pathlib import Path

    from fivehundred.quiz.calibration import SEARCH_SETTINGS, calibration_pairs
    from fivehundred.quiz.quiz import generate

    start = time.monotonic()
    pairs: list[tuple[str, str, float, float]] = []
    kinds = ("opening", "competing", "misere")
    for i in range(n):
        if time.monotonic() - start > minutes * 60:
            print(f"  time is up after {i} quizzes", flush=True)
            break
        q = generate(kinds[(first + i) % 3], 1 + ((first + i) // 3) % 3, first + i)
        t0 = time.monotonic()
        for p in calibration_pairs(q, CAL_DEALS):
            pairs.append((p.code, str(p.bid), p.key_rate, p.search_rate))
            print(f"  {p.code} {p.bid}: key {100 * p.key_rate:.0f}%  search {100 * p.search_rate:.0f}%", flush=True)
        print(f"  ({q.code}: {time.monotonic() - t0:.0f} s)", flush=True)
    if pairs:
        errs = [100 * (k - s) for _, _, k, s in pairs]
        mae = sum(abs(e) for e in errs) / len(errs)
        bias = sum(errs) / len(errs)
        se = (statistics.stdev(errs) / len(errs) ** 0.5) if len(errs) > 1 else 0.0
        print(
            f"calibration: {len(pairs)} quiz/bid pairs on {CAL_DEALS} deals each: mean absolute error {mae:.1f} points, "
            f"bias (key minus search player) {bias:+.1f} points (standard error {se:.1f}); target MAE <= 8",
            flush=True,
        )
        if store:
            out = Path(__file__).resolve().parents[1] / "fivehundred" / "quiz" / "calibration.json"
            out.write_text(json.dumps({
                "pairs": len(pairs), "deals": CAL_DEALS, "mae": round(mae, 1), "bias": round(bias, 1), "bias_se": round(se, 1),
                "search": SEARCH_SETTINGS, "rows": [[c, b, round(k, 3), round(s, 3)] for c, b, k, s in pairs],
            }, indent=1) + "\n", encoding="utf-8")
    return pairs


def _miss_kind(call: Bid, best: Bid) -> str:
    """How a call that is not among the right ones misses the best call, in a few words."""
    if call.is_pass:
        return "passes where misère is best" if best.is_misere else "passes where a bid is best"
    if best.is_pass:
        return "bids where a pass is best"
    if call.is_misere or best.is_misere:
        return "misère against a trick bid"
    if call.strain is best.strain:
        return "too high in the best strain" if call.tricks > best.tricks else "too low in the best strain"
    return "another strain"


def agreement_per_kind() -> None:
    """The method (the advisor's call) against the bank's keys, per kind and level: best or also fine."""
    from fivehundred.analysis.advisor import method_call
    from fivehundred.quiz.bank import pass_is_right, random_right_share

    rows: dict[tuple[str, int], list[bool]] = {}
    passes: dict[tuple[str, int], list[bool]] = {}  # a learner who always passes
    randoms: dict[tuple[str, int], list[float]] = {}  # a learner who makes a random legal call: the chance it is fine
    misses: dict[tuple[str, int], Counter[str]] = {}  # where the method's call is not among the right ones: how it misses
    for code in bank_codes():
        q = make_quiz(code)
        if q.kind in ("kitty", "ladder") or q.problem is None:
            continue
        key = answer_key(q)
        assert isinstance(key, Simulation)
        legal = q.problem.legal_bids()
        call, _ = method_call(q.problem.hand, q.problem.seat, tuple(q.problem._filler().auction), legal, rules=q.problem.rules)
        fine = set(key.also_fine())
        rows.setdefault((q.kind, q.level), []).append(call in fine)
        if call not in fine:
            misses.setdefault((q.kind, q.level), Counter())[_miss_kind(call, key.best.bid)] += 1
        passes.setdefault((q.kind, q.level), []).append(pass_is_right(key))
        randoms.setdefault((q.kind, q.level), []).append(random_right_share(key))
    total = [x for v in rows.values() for x in v]
    print(f"the method (advisor = lesson 14) on the bank, held out from the fit: {sum(total)}/{len(total)} = {100 * sum(total) / max(1, len(total)):.0f}% best or also fine")
    for kind in ("opening", "competing", "misere"):
        sub = [x for (k, _), v in rows.items() if k == kind for x in v]
        cells = ", ".join(f"level {lv} {sum(rows.get((kind, lv), []))}/{len(rows.get((kind, lv), []))}" for lv in (1, 2, 3))
        if sub:
            print(f"  {kind}: {sum(sub)}/{len(sub)} = {100 * sum(sub) / len(sub):.0f}%  ({cells})")
    for lv, name in ((1, "clear"), (2, "moderate"), (3, "close call")):
        sub = [x for (_, level), v in rows.items() if level == lv for x in v]
        print(f"  level {lv} ({name}): {sum(sub)}/{len(sub)} = {100 * sum(sub) / max(1, len(sub)):.0f}%")
    print("how the method misses, per kind and level (its call against the best one):")
    for cell in sorted(misses):
        print(f"  {cell[0]} level {cell[1]}: " + ", ".join(f"{what} {n}" for what, n in misses[cell].most_common()))
    print("a learner who always passes / makes a random legal call, graded right (best or also fine), per kind and level:")
    for kind in ("opening", "competing", "misere"):
        cells = []
        for lv in (1, 2, 3):
            ps, rs = passes.get((kind, lv), []), randoms.get((kind, lv), [])
            if ps:
                cells.append(f"level {lv} {100 * sum(ps) / len(ps):.0f}% / {100 * sum(rs) / len(rs):.0f}%")
        all_p = [x for (k, _), v in passes.items() if k == kind for x in v]
        all_r = [x for (k, _), v in randoms.items() if k == kind for x in v]
        if all_p:
            print(f"  {kind}: {100 * sum(all_p) / len(all_p):.1f}% / {100 * sum(all_r) / len(all_r):.1f}%  ({', '.join(cells)})")
    all_p = [x for v in passes.values() for x in v]
    all_r = [x for v in randoms.values() for x in v]
    print(f"  all: always pass {100 * sum(all_p) / max(1, len(all_p)):.1f}%, random legal call {100 * sum(all_r) / max(1, len(all_r)):.1f}% "
          "(targets once every call is scored by what follows: at most 25% and 10% per kind and level)")


def levels() -> None:
    """Do levels mean something? The best answer's lead over the next, per served level; and how often each generator level measures as each level."""
    from fivehundred.quiz.bank import lead, load_bank
    from fivehundred.quiz.quiz import parse_code

    by_level: dict[int, list[tuple[float, float]]] = {}
    for code in bank_codes():
        key = answer_key(code)
        assert key is not None
        by_level.setdefault(make_quiz(code).level, []).append(lead(key))
    print("served quizzes: the best answer's lead over the next, per level (median points; median in standard errors; share outside noise):")
    for lv in sorted(by_level):
        xs = by_level[lv]
        pts = statistics.median(d for d, _ in xs)
        zs = statistics.median(min(z, 99.0) for _, z in xs)
        clear = sum(1 for _, z in xs if z >= 2) / len(xs)
        print(f"  level {lv}: {len(xs)} quizzes, lead {pts:.0f} points, {zs:.1f} standard errors, {100 * clear:.0f}% outside noise")
    measured = load_bank()["measured"]
    yields: dict[tuple[str, int], list[int]] = {}
    for code, lv in measured.items():
        kind, level, _ = parse_code(code)
        yields.setdefault((kind, level), []).append(lv)
    print("what each generator level measures (share of its keys at levels 1 / 2 / 3; only matching ones are served):")
    for (kind, level), lvs in sorted(yields.items()):
        shares = " / ".join(f"{100 * lvs.count(x) / len(lvs):.0f}%" for x in (1, 2, 3))
        print(f"  {kind} level {level}: {len(lvs)} keys, {shares}")


def live(n: int) -> None:
    """Live grading: a quiz not in the bank, its key simulated from scratch (seeds from 800001, never in the bank)."""
    from fivehundred.quiz import simulate_quiz
    from fivehundred.quiz.quiz import generate

    kinds = ("opening", "competing", "misere", "kitty")
    secs: list[float] = []
    for i in range(n):
        q = generate(kinds[i % 4], 1 + (i // 4) % 3, 800_001 + i)
        t = time.perf_counter()
        simulate_quiz(q)
        secs.append(time.perf_counter() - t)
    print(f"live grading over {n} quizzes not in the bank: p50 {statistics.median(secs):.2f} s, p95 {_pct(secs, 0.95):.2f} s, max {max(secs):.2f} s (target p95 <= 10 s)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="20 quizzes, bank agreement only")
    ap.add_argument("--quizzes", type=int, default=60)
    ap.add_argument("--source", choices=("bank", "fresh", "both"), default="both")
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--minutes", type=float, default=20.0)
    ap.add_argument("--first-seed", type=int, default=1001, help="with --calibrate: the first held-out quiz seed")
    ap.add_argument("--store", action="store_true", help="with --calibrate: write fivehundred/quiz/calibration.json")
    ap.add_argument("--method", action="store_true", help="the method's agreement with the bank per kind, and the levels' margins")
    ap.add_argument("--live", type=int, default=0, help="time live grading on this many quizzes not in the bank")
    ap.add_argument("--calibrate", type=int, default=0, help="calibrate the key against the search player on this many held-out quizzes (and nothing else)")
    args = ap.parse_args(argv)
    if args.calibrate:
        calibrate(args.calibrate, args.minutes, store=args.store, first=args.first_seed)
        return 0
    if args.method:
        agreement_per_kind()
        levels()
        return 0
    if args.live:
        live(args.live)
        return 0
    latency(20 if args.quick else args.quizzes)
    if args.quick or args.source in ("bank", "both"):
        agreement_bank()
    if not args.quick and args.source in ("fresh", "both"):
        agreement_fresh(args.hands, args.minutes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
