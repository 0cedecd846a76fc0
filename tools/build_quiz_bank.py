"""Build the quiz answer bank (fivehundred/quiz/bank.json) by simulating generated quizzes.

    nice -n 10 .venv/bin/python tools/build_quiz_bank.py --hours 4

A quiz is served at a level only when its key measures that level
(:func:`fivehundred.quiz.bank.measured_level`: the best answer's lead over
the next, in standard errors), so the builder keeps drawing quizzes of each
kind and level (seeds 1, 2, ...) until that cell serves its target:
``--clear``, ``--moderate`` and ``--close`` per bidding kind (opening,
competing, misère), ``--kitty`` per kitty level.  Every simulated key is kept
(a code that measured another level is still graded at once), with its
measured level under ``"measured"``.  Entries already in the bank are kept
(the build is resumable: stop it at any time and start it again), and the
file is rewritten atomically every ``--save-every`` quizzes and at the end,
so an interrupted build keeps its work.  Each entry is one line of compact JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any, Callable

from fivehundred.analysis.simulation import Simulation
from fivehundred.quiz.bank import (
    BANK_BASIS,
    CLEAR_LEAD,
    BANK_NODE_BUDGET,
    BASIS_SAMPLES,
    BASIS_VERSIONS,
    PASS_SHARE,
    RANDOM_SHARE,
    bank_path,
    key_from_entry,
    lead,
    measured_level,
    pass_is_right,
    random_right_share,
    simulate_quiz,
)
from fivehundred.quiz.quiz import generate, parse_code

KINDS = ("opening", "competing", "misere", "kitty")


#: the deals a what-follows quiz is first simulated on before the full key (``--screen``)
SCREEN_SAMPLES = 32
#: a would-be clear quiz whose best call leads by less than this many standard errors on the first deals is dropped
SCREEN_CLEAR_MIN = 0.35


def promising(first: Simulation, level: int, quota_full: bool) -> bool:
    """Whether a quiz whose key on its first :data:`SCREEN_SAMPLES` deals is ``first`` may serve at ``level``.

    The lead on a few deals predicts the lead on all of them poorly (the runner-up itself changes), so the
    screen drops only what it can tell: a quiz whose best call is already a pass when its cell's quota of
    quizzes with a pass among the right answers is full (on 26 quizzes tried, a pass best on 32 deals was
    always among the right answers on 128), a would-be clear quiz whose lead is within a third of a standard
    error of nothing (:data:`SCREEN_CLEAR_MIN`), and a would-be close call that already leads by
    :data:`CLEAR_LEAD` (on 32 deals; the lead only grows with more deals).
    """
    if quota_full and first.best.bid.is_pass:
        return False
    z = lead(first)[1]
    if level == 1:
        return z >= SCREEN_CLEAR_MIN
    if level == 3:
        return z < CLEAR_LEAD
    return True


def write_bank(data: dict[str, Any], out: Path) -> None:
    """Write the bank atomically: header fields, then one item per line."""
    head = {k: v for k, v in data.items() if k not in ("items", "measured")}
    head["held"] = sorted(set(head.get("held", ())))
    if "screened" in head:
        head["screened"] = sorted(set(head["screened"]))
    measured = json.dumps(data.get("measured", {}), separators=(",", ":"))
    lines = [json.dumps(code) + ": " + json.dumps(entry, separators=(",", ":")) for code, entry in data["items"].items()]
    text = json.dumps(head)[:-1] + ', "measured": ' + measured + ', "items": {\n' + ",\n".join(lines) + "\n}}\n"
    tmp = out.with_name(out.name + f".{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)


def read_bank(path: Path, header: dict[str, Any]) -> dict[str, Any] | None:
    """A bank file's items and measured levels, or ``None`` when it was built with other settings."""
    old = json.loads(path.read_text(encoding="utf-8"))
    if not all(old.get(k) == v for k, v in header.items()):
        return None
    return {"items": old["items"], "measured": old.get("measured", {}), "held": old.get("held", []),
            "screened": old.get("screened", [])}


def refresh_inexact(data: dict[str, Any], stale: list[str], out: Path, save_every: int, stop: Callable[[], bool]) -> None:
    """Re-simulate the ``stale`` keys (some of their probes ran out of node budget), keeping what changed."""
    changed = 0
    for i, code in enumerate(stale):
        if stop():
            break
        key = simulate_quiz(generate(*parse_code(code)), basis=data["basis"], samples=data["samples"])
        entry = key.to_compact()
        if entry != data["items"][code]:
            changed += 1
            data["items"][code] = entry
            data["measured"][code] = measured_level(key)
        if (i + 1) % save_every == 0:
            write_bank(data, out)
            print(f"refreshed {i + 1}/{len(stale)} keys with inexact probes, {changed} changed", flush=True)
    write_bank(data, out)
    print(f"refreshed {len(stale)} keys with inexact probes: {changed} changed", flush=True)


#: one served quiz in :func:`served_rows`: its seed, its code, whether a pass is among its right answers, and
#: :func:`random_right_share` (``False`` and 0 for a kitty quiz)
Row = tuple[int, str, bool, float]


def served_rows(data: dict[str, Any]) -> dict[tuple[str, int], list[Row]]:
    """The quizzes each (kind, level) cell serves: those whose key measured the code's level and were not held back."""
    held = set(data.get("held", ()))
    cells: dict[tuple[str, int], list[Row]] = {}
    for code, lv in data["measured"].items():
        kind, level, seed = parse_code(code)
        if lv != level or code in held or code not in data["items"]:
            continue
        if kind == "kitty":
            row: Row = (seed, code, False, 0.0)
        else:
            key = key_from_entry(generate(kind, level, seed), data["items"][code])
            row = (seed, code, pass_is_right(key), random_right_share(key))
        cells.setdefault((kind, level), []).append(row)
    return cells


def served(rows: dict[tuple[str, int], list[Row]]) -> tuple[dict[tuple[str, int], int], dict[tuple[str, int], int], dict[tuple[str, int], float]]:
    """From :func:`served_rows`: how many quizzes each cell serves, how many of those have a pass among their right
    answers, and the sum of their :func:`random_right_share`."""
    return ({cell: len(r) for cell, r in rows.items()}, {cell: sum(x[2] for x in r) for cell, r in rows.items()},
            {cell: sum(x[3] for x in r) for cell, r in rows.items()})


def trim_shares(data: dict[str, Any], pass_share: float, random_share: float, slim: bool,
                rows: dict[tuple[str, int], list[Row]] | None = None) -> dict[tuple[str, int], int]:
    """Hold back served quizzes until, in every bidding cell, at most ``pass_share`` of them have a pass among their
    right answers (so a learner who always passes is right on at most that share of each kind and level) and a
    random legal call is right on at most ``random_share`` of them on average (:func:`random_right_share`).

    The builder's quotas count against a cell's *target* and as quizzes arrive; a cell whose target was lowered, or
    that was built before a quota, can serve more than the shares of what it serves.  For the pass share the
    highest seeds with a pass among the right answers are held first; for the random share, the quiz with the most
    right calls (a pass among them first, then the highest seed), so the result does not depend on the order the
    files were merged in.  ``rows`` (:func:`served_rows` of ``data``, computed when not given) loses the rows held.
    Returns how many were held per cell.
    """
    if rows is None:
        rows = served_rows(data)
    out: dict[tuple[str, int], int] = {}
    for cell, cell_rows in rows.items():
        if cell[0] == "kitty":
            continue

        def hold(row: Row) -> None:
            cell_rows.remove(row)
            data["held"].append(row[1])
            if slim:
                del data["items"][row[1]]
            out[cell] = out.get(cell, 0) + 1

        while cell_rows:
            passes = [r for r in cell_rows if r[2]]
            if len(passes) > pass_share * len(cell_rows):
                hold(max(passes))
            elif sum(r[3] for r in cell_rows) > random_share * len(cell_rows):
                hold(max(cell_rows, key=lambda r: (r[3], r[2], r[0])))
            else:
                break
    data["held"] = sorted(set(data["held"]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clear", type=int, default=60, help="level-1 quizzes to serve per bidding kind")
    ap.add_argument("--moderate", type=int, default=50, help="level-2 quizzes to serve per bidding kind")
    ap.add_argument("--close", type=int, default=225, help="level-3 quizzes to serve per bidding kind")
    ap.add_argument("--kitty", type=int, default=34, help="kitty quizzes to serve per level")
    ap.add_argument("--basis", choices=sorted(BASIS_VERSIONS), default=BANK_BASIS,
                    help="the bidding keys' basis (what-follows: every call scored by what follows it, bank version 4)")
    ap.add_argument("--pass-share", type=float, default=None,
                    help="hold back a quiz with a pass among its right answers once this share of its cell's target has one "
                         f"(default {PASS_SHARE} for the basis what-follows, no limit for playout, whose pass scores 0)")
    ap.add_argument("--random-share", type=float, default=None,
                    help="hold back quizzes with many right calls until a random legal call is right on at most this share "
                         f"of a cell's served quizzes on average (default {RANDOM_SHARE} for the basis what-follows, 1: no limit)")
    ap.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS), help="build only these kinds (run one build per group of kinds in parallel, then --merge)")
    ap.add_argument("--merge", type=Path, nargs="*", default=[], help="fold these bank files into --out first (same version and settings)")
    ap.add_argument("--refresh-inexact", action="store_true",
                    help="first re-simulate every stored key some of whose probes ran out of node budget (after a solver change moves node counts)")
    ap.add_argument("--shard", default="0/1", help="with --refresh-inexact: refresh only every n-th stale key from the i-th (i/n), to split the work between processes")
    ap.add_argument("--max-seed", type=int, default=2000, help="draw at most this many seeds in any cell")
    ap.add_argument("--hours", type=float, default=None, help="stop starting new quizzes after this long")
    ap.add_argument("--save-every", type=int, default=10, help="rewrite the file after this many new quizzes")
    ap.add_argument("--first-seed", type=int, default=1, help="the first quiz seed (a training set for fitting the method uses seeds the bank never does)")
    ap.add_argument("--screen", type=int, default=None,
                    help="first simulate each bidding quiz on this many deals (the first of its own) and simulate it in full "
                         "only when it may serve at its level (promising(); default 32 for the basis what-follows, 0: never)")
    ap.add_argument("--slim", action=argparse.BooleanOptionalAction, default=None,
                    help="keep only the keys the bank serves (default for what-follows: its keys are large); the measured "
                         "level of every other simulated code is kept, so a resumed build skips it, and a learner who types "
                         "such a code is graded live")
    ap.add_argument("--out", type=Path, default=bank_path())
    args = ap.parse_args(argv)
    header = {"version": BASIS_VERSIONS[args.basis], "samples": BASIS_SAMPLES[args.basis], "basis": args.basis,
              "node_budget": BANK_NODE_BUDGET}
    if args.screen is None:
        args.screen = SCREEN_SAMPLES if args.basis == "what-follows" else 0
    if args.slim is None:
        args.slim = args.basis == "what-follows"
    if args.pass_share is None:
        args.pass_share = PASS_SHARE if args.basis == "what-follows" else 1.0
    if args.random_share is None:
        args.random_share = RANDOM_SHARE if args.basis == "what-follows" else 1.0
    data: dict[str, Any] = {**header, "held": [], "measured": {}, "items": {}}
    if args.out.exists():
        data.update(read_bank(args.out, header) or {})
    for extra in args.merge:
        more = read_bank(extra, header)
        if more is None:
            raise SystemExit(f"{extra}: another bank version or settings")
        data["items"].update(more["items"])
        data["measured"].update(more["measured"])
        data["held"] = sorted({*data["held"], *more["held"]})
        data["screened"] = sorted({*data.get("screened", ()), *more["screened"]})
    order = {letter: i for i, letter in enumerate("OCMK")}

    def place(code: str) -> tuple[int, int, int]:
        _, level, seed = parse_code(code)
        return (level, order[code[0]], seed)

    data["items"] = dict(sorted(data["items"].items(), key=lambda kv: place(kv[0])))
    if args.slim:  # keep only the keys the bank serves
        held_back = set(data["held"])
        keep = {c for c, lv in data["measured"].items() if lv == parse_code(c)[1] and c not in held_back}
        data["items"] = {c: e for c, e in data["items"].items() if c in keep}
    for code, entry in data["items"].items():  # older banks stored no measured levels
        if code not in data["measured"]:
            data["measured"][code] = measured_level(key_from_entry(generate(*parse_code(code)), entry))
    rows = served_rows(data)
    trimmed = trim_shares(data, args.pass_share, args.random_share, args.slim, rows)
    if trimmed:
        print("held back for the pass and random shares: " + ", ".join(f"{k[0].upper()}{lv} {n}" for (k, lv), n in sorted(trimmed.items())), flush=True)
    stop = False

    def on_term(_sig: int, _frame: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, on_term)
    if args.refresh_inexact:
        stale = [c for c, e in data["items"].items() if (e.get("inexact") or e.get("timed_out")) and parse_code(c)[0] in args.kinds]
        shard, shards = (int(x) for x in args.shard.split("/"))
        refresh_inexact(data, stale[shard::shards], args.out, args.save_every, lambda: stop)
    start = time.monotonic()

    def out_of_time() -> bool:
        return stop or (args.hours is not None and time.monotonic() - start > args.hours * 3600)

    targets = {
        (kind, level): (args.kitty if kind == "kitty" else (args.clear, args.moderate, args.close)[level - 1])
        for level in (1, 2, 3) for kind in KINDS if kind in args.kinds
    }
    seeds = dict.fromkeys(targets, args.first_seed)
    screened: set[str] = set(data.get("screened", ()))
    have, passes, shares = served(rows)
    new = 0
    spent = 0.0
    while not stop:
        open_cells = [c for c in targets if have.get(c, 0) < targets[c] and seeds[c] < args.first_seed + args.max_seed]
        if not open_cells or out_of_time():
            break
        for kind, level in open_cells:
            if out_of_time():
                break
            quiz = generate(kind, level, seeds[(kind, level)])
            seeds[(kind, level)] += 1
            if quiz.code in data["measured"] or quiz.code in screened:
                continue  # simulated before (every stored key has a measured level; a slim bank keeps only what it serves)
            t = time.monotonic()
            cell = (kind, level)
            quota_full = passes.get(cell, 0) >= int(args.pass_share * targets[cell])
            if args.screen and kind != "kitty":
                first = simulate_quiz(quiz, basis=args.basis, samples=args.screen)
                if isinstance(first, Simulation) and not promising(first, level, quota_full):
                    screened.add(quiz.code)
                    spent += time.monotonic() - t
                    new += 1
                    print(f"{quiz.code}: screened out on {args.screen} deals in {time.monotonic() - t:.2f} s", flush=True)
                    continue
            key = simulate_quiz(quiz, basis=args.basis, samples=header["samples"])
            data["items"][quiz.code] = key.to_compact()
            lv = data["measured"][quiz.code] = measured_level(key)
            share = random_right_share(key)
            # too many right calls: serving it would lift the cell's random-call share over the limit
            crowded = share > args.random_share and shares.get(cell, 0.0) + share > args.random_share * (have.get(cell, 0) + 1)
            why = ""
            if lv == level and pass_is_right(key) and quota_full:
                why = "a pass is right"  # enough quizzes of this cell already have a pass among the right answers
            elif lv == level and crowded:
                why = f"{round(100 * share)}% of the calls are right"
            if why:
                data["held"].append(quiz.code)
                lv = -lv
                if args.slim:
                    del data["items"][quiz.code]
            elif lv == level:
                have[cell] = have.get(cell, 0) + 1
                passes[cell] = passes.get(cell, 0) + pass_is_right(key)
                shares[cell] = shares.get(cell, 0.0) + share
            elif args.slim:
                del data["items"][quiz.code]  # not served: a learner who types its code is graded live
            spent += time.monotonic() - t
            new += 1
            if new % args.save_every == 0:
                data["screened"] = sorted(screened)
                write_bank(data, args.out)
            held = f" (held: {why})" if lv < 0 else ""
            print(f"{quiz.code}: best {key.best} in {time.monotonic() - t:.2f} s, measures level {abs(lv)}{held} (timed out {key.timed_out})", flush=True)
    print("stopping", flush=True)
    trim_shares(data, args.pass_share, args.random_share, args.slim)
    data["screened"] = sorted(screened)
    write_bank(data, args.out)
    rate = f", {spent / new:.2f} s a quiz" if new else ""
    cells = ", ".join(f"{k[0].upper()}{lv} {have.get((k, lv), 0)}" for lv in (1, 2, 3) for k in KINDS)
    print(f"{len(data['items'])} items in {args.out} ({new} new{rate}); served: {cells}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
