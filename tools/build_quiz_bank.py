"""Build the quiz answer bank (fivehundred/quiz/bank.json) by simulating generated quizzes.

    nice -n 10 .venv/bin/python tools/build_quiz_bank.py --per-cell 5 --minutes 50

Quizzes are taken round-robin over kinds (opening, competing, misère, kitty)
and levels 1-3, seeds 1, 2, ...; entries already in the bank are kept, and the
file is rewritten after every quiz, so an interrupted build keeps its work.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from fivehundred.quiz.bank import BANK_NODE_BUDGET, BANK_SAMPLES, BANK_VERSION, bank_path, simulate_quiz
from fivehundred.quiz.quiz import generate

KINDS = ("opening", "competing", "misere", "kitty")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-cell", type=int, default=5, help="quizzes per kind and level")
    ap.add_argument("--minutes", type=float, default=None, help="stop starting new quizzes after this long")
    ap.add_argument("--out", type=Path, default=bank_path())
    args = ap.parse_args(argv)
    data = {"version": BANK_VERSION, "samples": BANK_SAMPLES, "node_budget": BANK_NODE_BUDGET, "items": {}}
    if args.out.exists():
        old = json.loads(args.out.read_text(encoding="utf-8"))
        if old.get("version") == BANK_VERSION and old.get("samples") == BANK_SAMPLES:
            # keep only exact entries (no probe ran out of budget): they are what this build computes too
            data["items"] = {c: e for c, e in old["items"].items() if e.get("timed_out") == 0}
    start = time.monotonic()
    order = [(kind, level, seed) for seed in range(1, args.per_cell + 1) for level in (1, 2, 3) for kind in KINDS]
    for kind, level, seed in order:
        if args.minutes is not None and time.monotonic() - start > args.minutes * 60:
            print("time is up", flush=True)
            break
        quiz = generate(kind, level, seed)
        if quiz.code in data["items"]:
            continue
        t = time.monotonic()
        key = simulate_quiz(quiz)
        entry = key.to_dict()
        entry["seconds"] = round(time.monotonic() - t, 1)
        data["items"][quiz.code] = entry
        tmp = args.out.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")
        tmp.replace(args.out)
        print(f"{quiz.code}: best {key.best} in {time.monotonic() - t:.1f} s (timed out {key.timed_out})", flush=True)
    print(f"{len(data['items'])} items in {args.out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
