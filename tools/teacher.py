"""The teacher's view: every learner's progress in the classroom, read-only.

Reads each learner's progress file (``<homes>/<name>/.local/share/fivehundred/progress.json``,
the file widgets/progress.py writes in the learner's home) and prints one line per
learner: lessons done, exercises mastered, quiz accuracy.  It never writes, never
takes the files' lock (writes replace the file atomically, so a read sees a whole
file), and reads defensively through the course's own reader (:func:`fivehundred.saves.read_save`:
at most 5 MB, UTF-8, at most 20 levels of nesting): a missing file is "not started", a
file it can't make sense of is "unreadable (why)" and the others are listed all the same,
and fields it doesn't know are ignored.  Time is linear in the size of the files.

For the hub's admins: run it on the hub's machine (``make classroom`` keeps the
homes in ``.classroom/homes``; on The Littlest JupyterHub they are ``/home/jupyter-*``;
on Kubernetes each learner's home is a volume, see docs/classroom.md).

    python tools/teacher.py [--homes DIR] [--json]
    python tools/teacher.py add-learners NAME... | remove-learners NAME...   # the class list
    python tools/teacher.py set-language NAME... --lang sk                   # where their servers open
    python tools/teacher.py open-class [NAME...]      # start the learners' servers before the class arrives

* lessons done: lessons whose exercises (all those a visit registered) are all solved;
* exercises mastered: solved before the answer was ever revealed (files written before
  reveals were recorded count solved as mastered), out of the exercises registered;
* quiz accuracy: right answers out of all answers in the bidding quizzes (``quiz:*`` stats).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # run from a checkout without the project installed

from fivehundred.saves import SaveError, read_save  # noqa: E402
DEFAULT_HOMES = ROOT / ".classroom" / "homes"
PROGRESS = Path(".local") / "share" / "fivehundred" / "progress.json"


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def summarise(data: Any) -> dict[str, Any] | None:
    """One learner's figures from a progress file's contents (``None`` if it isn't one).

    >>> summarise({"version": 1, "lessons": {"01": ["a", "b"], "02": ["c"]},
    ...            "exercises": {"a": {"right": 1, "wrong": 0, "solved": True},
    ...                          "b": {"right": 1, "wrong": 2, "solved": True, "reveals": 1, "mastered": False},
    ...                          "c": {"right": 0, "wrong": 1, "solved": False}},
    ...            "stats": {"quiz:opening": {"right": 3, "wrong": 1}, "other": {"right": 9, "wrong": 0}}})
    {'lessons_done': ['01'], 'lessons_started': 2, 'mastered': 1, 'solved': 2, 'exercises': 3, 'quiz_right': 3, 'quiz_answered': 4}
    """
    if not isinstance(data, dict):
        return None
    def part(key: str) -> dict[Any, Any]:
        value = data.get(key)
        return value if isinstance(value, dict) else {}

    exercises, lessons, stats = part("exercises"), part("lessons"), part("stats")

    def entry(exercise_id: Any) -> dict[str, Any]:
        e = exercises.get(exercise_id) if isinstance(exercise_id, str) else None
        return e if isinstance(e, dict) else {}

    def solved(e: dict[str, Any]) -> bool:
        return e.get("solved") is True

    def mastered(e: dict[str, Any]) -> bool:
        if isinstance(e.get("mastered"), bool):
            return bool(e["mastered"])
        return solved(e) and _count(e.get("reveals", 0)) == 0

    known: dict[str, None] = {}  # an ordered set: one look-up per id, so linear in the number of ids
    done = []
    for lesson, ids in sorted(lessons.items()):
        if not isinstance(ids, list) or not ids:
            continue
        known.update((i, None) for i in ids if isinstance(i, str))
        if all(solved(entry(i)) for i in ids):
            done.append(str(lesson))
    # exercises answered but not registered by a lesson visit still count
    known.update((i, None) for i in exercises if isinstance(i, str))
    quiz = [v for k, v in stats.items() if isinstance(k, str) and k.startswith("quiz:") and isinstance(v, dict)]
    right = sum(_count(v.get("right")) for v in quiz)
    return {
        "lessons_done": done,
        "lessons_started": sum(1 for ids in lessons.values() if isinstance(ids, list) and ids),
        "mastered": sum(1 for i in known if mastered(entry(i))),
        "solved": sum(1 for i in known if solved(entry(i))),
        "exercises": len(known),
        "quiz_right": right,
        "quiz_answered": right + sum(_count(v.get("wrong")) for v in quiz),
    }


def read_learner(home: Path) -> dict[str, Any]:
    """``{"learner", "status", ...figures}`` for one home folder."""
    row: dict[str, Any] = {"learner": home.name}
    path = home / PROGRESS
    try:
        data = read_save(path, "the progress file")
    except SaveError as err:
        return {**row, "status": f"unreadable ({err.explanation})"}
    except OSError as exc:
        return {**row, "status": f"unreadable ({exc.strerror})"}
    if data is None:
        return {**row, "status": "not started"}
    try:
        figures = summarise(data)
    except Exception as exc:  # noqa: BLE001 - one learner's odd file must not stop the class list
        return {**row, "status": f"unreadable ({type(exc).__name__})"}
    if figures is None:
        return {**row, "status": "unreadable (not a progress file)"}
    return {**row, "status": "ok", **figures}


def table(rows: list[dict[str, Any]]) -> str:
    head = ("Learner", "Lessons done", "Exercises mastered", "Quiz accuracy")
    lines = []
    for r in rows:
        if r["status"] != "ok":
            lines.append((r["learner"], r["status"], "", ""))
            continue
        done = ", ".join(r["lessons_done"]) or "none"
        mastered = f"{r['mastered']} of {r['exercises']}"
        quiz = (f"{100 * r['quiz_right'] / r['quiz_answered']:.0f}% of {r['quiz_answered']}"
                if r["quiz_answered"] else "no answers")
        lines.append((r["learner"], f"{len(r['lessons_done'])} ({done})", mastered, quiz))
    widths = [max(len(str(x)) for x in col) for col in zip(head, *lines)]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    out = [fmt.format(*head), fmt.format(*("-" * w for w in widths))]
    out += [fmt.format(*line).rstrip() for line in lines]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="List the learners' progress in the classroom (read-only).")
    parser.add_argument("--homes", type=Path, default=DEFAULT_HOMES,
                        help="the folder holding one home folder per learner (default: .classroom/homes)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if not args.homes.is_dir():
        print(f"No learners' homes at {args.homes}.", file=sys.stderr)
        return 1
    rows = [read_learner(home) for home in sorted(args.homes.iterdir()) if home.is_dir()]
    if args.json:
        print(json.dumps(rows, indent=1, ensure_ascii=False))
    else:
        print(table(rows) if rows else "No learners yet.")
    return 0


# -- accounts: the class list the classroom hub's logins are checked against --------------------
def accounts_main(argv: list[str]) -> int:
    """``teacher.py add-learners NAME... [--state DIR] [--reset]``: make learners' accounts.

    Each new learner gets a generated password, printed once here for the teacher to hand out;
    the hub keeps only its hash (classroom/accounts.py).  ``--reset`` gives existing learners a
    new password; ``remove-learners NAME...`` takes learners off the list.
    """
    sys.path.insert(0, str(ROOT))
    from classroom.accounts import AccountError, add_accounts, class_list_path, remove_accounts

    command, rest = argv[0], argv[1:]
    parser = argparse.ArgumentParser(prog=f"teacher.py {command}",
                                     description="Make learners' accounts for the classroom hub (the class list).")
    parser.add_argument("names", nargs="+", help="learners' names: lower-case letters, digits, - or _")
    parser.add_argument("--state", type=Path, default=ROOT / ".classroom",
                        help="the classroom's folder (default: .classroom, as make classroom)")
    if command == "add-learners":
        parser.add_argument("--reset", action="store_true", help="give learners already on the list a new password")
    args = parser.parse_args(rest)
    try:
        if command == "remove-learners":
            gone = remove_accounts(args.state, args.names)
            print(f"Removed: {', '.join(gone) or 'nobody'} ({class_list_path(args.state)})")
            return 0
        made = add_accounts(args.state, args.names, reset=args.reset)
    except (AccountError, OSError) as exc:
        print(f"teacher.py: {exc}", file=sys.stderr)
        return 1
    skipped = [n for n in dict.fromkeys(args.names) if n not in made]
    if made:
        width = max(len(n) for n in made)
        print("New passwords (shown only now; the hub keeps only their hashes):")
        for name, password in made.items():
            print(f"  {name:<{width}}  {password}")
    if skipped:
        print(f"Already on the class list (unchanged; --reset gives a new password): {', '.join(skipped)}")
    return 0


def language_main(argv: list[str]) -> int:
    """``teacher.py set-language NAME... --lang sk [--state DIR]``: the language these learners' servers open in
    until they choose one themselves (``--lang en`` clears it; classroom/languages.py)."""
    sys.path.insert(0, str(ROOT))
    from classroom.accounts import AccountError
    from classroom.languages import set_defaults
    from fivehundred.saves import COURSE_LANGUAGES

    parser = argparse.ArgumentParser(prog="teacher.py set-language",
                                     description="Set learners' default course language in the classroom.")
    parser.add_argument("names", nargs="+", help="learners' names")
    parser.add_argument("--lang", required=True, choices=COURSE_LANGUAGES, help="the language code")
    parser.add_argument("--state", type=Path, default=ROOT / ".classroom",
                        help="the classroom's folder (default: .classroom, as make classroom)")
    args = parser.parse_args(argv[1:])
    try:
        defaults = set_defaults(args.state, args.names, args.lang)
    except (AccountError, OSError) as exc:
        print(f"teacher.py: {exc}", file=sys.stderr)
        return 1
    shown = ", ".join(f"{n}: {defaults.get(n, 'en')}" for n in dict.fromkeys(args.names))
    print(f"Default language set ({shown}). A learner's own choice, once made, comes first.")
    return 0


def open_main(argv: list[str]) -> int:
    """``teacher.py open-class [NAME...] [--state DIR] [--url URL] [--at-once N]``: start the servers of everyone on
    the class list (or of NAME...) before the class arrives, a few at a time, so a login costs only the contents
    page (classroom/opening.py).  Run it as the hub's user while the hub runs; servers nobody uses are culled
    after the hub's idle time (an hour by default)."""
    sys.path.insert(0, str(ROOT))
    import os

    import requests

    from classroom.accounts import TEACHER, AccountError, load_class_list
    from classroom.opening import AT_ONCE, OpeningError, open_class, opener_token

    parser = argparse.ArgumentParser(prog="teacher.py open-class",
                                     description="Start the learners' servers before the class arrives.")
    parser.add_argument("names", nargs="*", help="learners to open for (default: everyone on the class list)")
    parser.add_argument("--state", type=Path, default=ROOT / ".classroom",
                        help="the classroom's folder (default: .classroom, as make classroom)")
    parser.add_argument("--url", default=f"http://127.0.0.1:{os.environ.get('CLASSROOM_PORT') or 8000}",
                        help="the hub's address (default: make classroom's, http://127.0.0.1:8000)")
    parser.add_argument("--at-once", type=int, default=AT_ONCE, help=f"servers started together (default {AT_ONCE})")
    args = parser.parse_args(argv[1:])
    try:
        listed = [n for n in load_class_list(args.state) if n != TEACHER]
        unknown = [n for n in args.names if n not in listed]
        if unknown:
            print(f"teacher.py: not on the class list: {', '.join(unknown)}", file=sys.stderr)
            return 1
        names = list(dict.fromkeys(args.names)) or listed
        if not names:
            print("teacher.py: the class list has no learners yet (teacher.py add-learners NAME...)", file=sys.stderr)
            return 1
        opened = open_class(args.url, opener_token(args.state), names, at_once=args.at_once)
    except (AccountError, OpeningError, OSError) as exc:
        print(f"teacher.py: {exc}", file=sys.stderr)
        return 1
    except requests.RequestException as exc:
        print(f"teacher.py: the hub at {args.url} did not answer ({type(exc).__name__}); is make classroom running?",
              file=sys.stderr)
        return 1
    print(f"The class is open: {len(opened.ready)} servers started in {opened.seconds:.0f} s"
          + (f", {len(opened.already)} already running" if opened.already else "") + ".")
    return 0


def run(argv: list[str]) -> int:
    """The command line: a subcommand for the class list or languages, else the progress report (:func:`main`)."""
    if argv[:1] in (["add-learners"], ["remove-learners"]):
        return accounts_main(argv)
    if argv[:1] == ["set-language"]:
        return language_main(argv)
    if argv[:1] == ["open-class"]:
        return open_main(argv)
    return main(argv)


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
