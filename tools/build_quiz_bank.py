"""Build the quiz answer bank (fivehundred/quiz/bank.json) by simulating generated quizzes.

    nice -n 10 .venv/bin/python tools/build_quiz_bank.py --per-cell 120 --kitty-per-cell 40 --hours 4

Quizzes are taken round-robin over kinds (opening, competing, misère, kitty)
and levels 1-3, seeds 1, 2, ...; entries already in the bank are kept (the
build is resumable: stop it at any time and start it again), and the file is
rewritten atomically every ``--save-every`` quizzes and at the end, so an
interrupted build keeps its work.  Each entry is one line of compact JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

from fivehundred.quiz.bank import BANK_BASIS, BANK_NODE_BUDGET, BANK_SAMPLES, BANK_VERSION, bank_path, simulate_quiz
from fivehundred.quiz.quiz import generate

KINDS = ("opening", "competing", "misere", "kitty")


def write_bank(data: dict[str, Any], out: Path) -> None:
    """Write the bank atomically: header fields, then one item per line."""
    head = {k: v for k, v in data.items() if k != "items"}
    lines = [json.dumps(code) + ": " + json.dumps(entry, separators=(",", ":")) for code, entry in data["items"].items()]
    text = json.dumps(head)[:-1] + ', "items": {\n' + ",\n".join(lines) + "\n}}\n"
    tmp = out.with_name(out.name + f".{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-cell", type=int, default=120, help="bidding quizzes per kind and level")
    ap.add_argument("--kitty-per-cell", type=int, default=40, help="kitty quizzes per level")
    ap.add_argument("--hours", type=float, default=None, help="stop starting new quizzes after this long")
    ap.add_argument("--save-every", type=int, default=10, help="rewrite the file after this many new quizzes")
    ap.add_argument("--first-seed", type=int, default=1, help="the first quiz seed (a training set for fitting the method uses seeds the bank never does)")
    ap.add_argument("--out", type=Path, default=bank_path())
    args = ap.parse_args(argv)
    header = {"version": BANK_VERSION, "samples": BANK_SAMPLES, "basis": BANK_BASIS, "node_budget": BANK_NODE_BUDGET}
    data: dict[str, Any] = {**header, "items": {}}
    if args.out.exists():
        old = json.loads(args.out.read_text(encoding="utf-8"))
        if all(old.get(k) == v for k, v in header.items()):
            data["items"] = old["items"]
    stop = False

    def on_term(_sig: int, _frame: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, on_term)
    start = time.monotonic()
    order = [
        (kind, level, seed)
        for seed in range(args.first_seed, args.first_seed + max(args.per_cell, args.kitty_per_cell))
        for level in (1, 2, 3)
        for kind in KINDS
        if seed - args.first_seed < (args.kitty_per_cell if kind == "kitty" else args.per_cell)
    ]
    new = 0
    spent = 0.0
    for kind, level, seed in order:
        if stop or (args.hours is not None and time.monotonic() - start > args.hours * 3600):
            print("stopping", flush=True)
            break
        quiz = generate(kind, level, seed)
        if quiz.code in data["items"]:
            continue
        t = time.monotonic()
        key = simulate_quiz(quiz)
        data["items"][quiz.code] = key.to_compact()
        spent += time.monotonic() - t
        new += 1
        if new % args.save_every == 0:
            write_bank(data, args.out)
        print(f"{quiz.code}: best {key.best} in {time.monotonic() - t:.2f} s (timed out {key.timed_out})", flush=True)
    write_bank(data, args.out)
    rate = f", {spent / new:.2f} s a quiz" if new else ""
    print(f"{len(data['items'])} items in {args.out} ({new} new{rate})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
