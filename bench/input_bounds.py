"""How fast huge or deep input is refused (issue #22: within 50 ms, quoting at most 200 characters).

The tests check that every public entry point refuses such input in words and quickly (with a
ceiling loose enough for a loaded machine); this prints the time each refusal really takes, on
the inputs the issue found: a 10 MB discard, a million-card list, 100,000 nested brackets in a
saved file, a pasted 10 MB quiz code.

    python bench/input_bounds.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fivehundred import Discard, Game, Round, parse_cards
from fivehundred.errors import FiveHundredError
from fivehundred.limits import MAX_ECHO
from fivehundred.quiz.quiz import make_quiz
from fivehundred.saves import check_progress, read_save


def _deep(n: int) -> Any:
    out: Any = []
    for _ in range(n):
        out = [out]
    return out


def _save_file(folder: Path, text: str) -> Callable[[], Any]:
    path = folder / "progress.json"

    def load() -> Any:
        path.write_text(text, encoding="utf-8")
        return check_progress(read_save(path))

    return load


def cases(folder: Path) -> dict[str, Callable[[], Any]]:
    ten_mb = "JH " * 3_400_000
    return {
        "Discard.parse, 10 MB": lambda: Discard.parse(ten_mb),
        "parse_cards, 10 MB": lambda: parse_cards(ten_mb),
        "parse_cards, a million cards": lambda: parse_cards(["JH"] * 1_000_000),
        "Game.from_text, 10 MB": lambda: Game.from_text(ten_mb),
        "Game.from_dict, 100,000 levels": lambda: Game.from_dict({"hands": _deep(100_000)}),
        "Round.from_record, 10 MB": lambda: Round.from_record(ten_mb),
        "make_quiz, a 10 MB code": lambda: make_quiz("O1-" + "1" * 10_000_000),
        "progress.json, 100,000 nested [": _save_file(folder, "[" * 100_000),
        "progress.json, 4.9 MB of junk": _save_file(folder, json.dumps({"x": "y" * 4_900_000})),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    print(f"{'input':36} {'median ms':>10} {'max ms':>8}  refused with (first {MAX_ECHO} characters at most)")
    with tempfile.TemporaryDirectory() as tmp:
        worst = 0.0
        for name, call in cases(Path(tmp)).items():
            times = []
            message = ""
            for _ in range(args.repeat):
                start = time.process_time()
                try:
                    call()
                    message = "accepted"
                except FiveHundredError as err:
                    message = str(err)
                times.append((time.process_time() - start) * 1000)
            worst = max(worst, max(times))
            print(f"{name:36} {statistics.median(times):10.2f} {max(times):8.2f}  {message[:70]!r} ({len(message)} chars)")
    print(f"worst refusal: {worst:.2f} ms CPU (target: 50 ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
