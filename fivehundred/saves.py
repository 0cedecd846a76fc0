"""Reading saved data that may be damaged or tampered with: the course's progress and free-play files.

One place for the rules every loader follows (``widgets/progress.py``, ``widgets/freeplay.py`` and
``tools/teacher.py`` call these):

* :func:`read_save` reads at most :data:`~fivehundred.limits.MAX_SAVE_BYTES` (5 MB), decodes strict
  UTF-8 and parses JSON no deeper than :data:`~fivehundred.limits.MAX_JSON_DEPTH`
  (:func:`fivehundred.checks.parse_json`).  Whatever is wrong with the file, it raises a :class:`SaveError` (never a
  ``UnicodeDecodeError``, ``RecursionError`` or ``MemoryError``); a missing file gives ``None``.
* :func:`check_progress` and :func:`check_freeplay` validate every field of what was read.
* :func:`set_aside` moves a bad file to the first free ``<name>.unreadable-N``, never overwriting an
  earlier one, and keeps its bytes as they were.

>>> check_progress({"version": 1, "exercises": {}, "lessons": {}, "stats": {"quiz:ladder": 5}})
Traceback (most recent call last):
fivehundred.saves.SaveError: progress file: stats['quiz:ladder'] must be {'right': n, 'wrong': n}, not 5
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Any

from fivehundred import reasons
from fivehundred.checks import parse_json
from fivehundred.errors import NotationError, shown
from fivehundred.i18n import COURSE_LANGUAGES as _NAMED_LANGUAGES
from fivehundred.i18n import N_
from fivehundred.limits import MAX_COUNT, MAX_LINE_CHARS, MAX_SAVE_BYTES

__all__ = [
    "SaveError",
    "read_save",
    "set_aside",
    "check_progress",
    "check_freeplay",
    "empty_progress",
    "savable_id",
    "PROGRESS_VERSION",
    "ASIDE_SUFFIX",
]

#: the ``version`` of the progress file
PROGRESS_VERSION = 1
#: a bad file ``progress.json`` is kept as ``progress.json.unreadable-1`` (then ``-2``, ...)
ASIDE_SUFFIX = "unreadable"


class SaveError(NotationError):
    """A save file that cannot be used; ``explanation`` says why in plain words."""


def read_save(path: str | os.PathLike[str], what: str = N_("the saved file"), *, max_bytes: int = MAX_SAVE_BYTES) -> Any:
    """The JSON data in the file at ``path`` (``None`` if there is no file).

    Raises:
        SaveError: the file is bigger than ``max_bytes``, not UTF-8, nested too deeply or not JSON.
        OSError: the file exists but cannot be opened (permissions): nothing is known about its contents.
    """
    try:
        with open(path, "rb") as f:
            raw = f.read(max_bytes + 1)
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        raise SaveError(f"{what} is a folder, not a file", explanation=reasons.save_is_a_folder()) from None
    if len(raw) > max_bytes:
        raise SaveError(f"{what} is bigger than {max_bytes:,} bytes", explanation=reasons.save_too_big(max_bytes // 1_000_000))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise SaveError(f"{what} is not UTF-8 text (byte {err.start})", explanation=reasons.save_not_text()) from None
    try:
        return parse_json(text, what, max_chars=max_bytes)
    except NotationError as err:
        raise SaveError(str(err), explanation=reasons.save_damaged()) from None


def set_aside(path: str | os.PathLike[str]) -> Path:
    """Move the file at ``path`` to the first free ``<name>.unreadable-N`` and return where it went.

    An earlier file set aside is never overwritten (the new name is claimed with a hard link, which
    fails if the name is taken, then the old name is removed); the bytes are kept exactly.

    Raises:
        OSError: the file could not be moved (it is left where it was).
    """
    src = Path(path)
    n = 1
    while True:
        aside = src.with_name(f"{src.name}.{ASIDE_SUFFIX}-{n}")
        try:
            os.link(src, aside)
        except FileExistsError:
            n += 1
            continue
        except OSError:  # a file system without hard links: check, then rename
            if aside.exists() or aside.is_symlink():
                n += 1
                continue
            os.rename(src, aside)
            return aside
        with contextlib.suppress(FileNotFoundError):
            os.unlink(src)
        return aside


def empty_progress() -> dict[str, Any]:
    """A fresh progress file's contents."""
    return {"version": PROGRESS_VERSION, "exercises": {}, "lessons": {}, "stats": {}}


def _count(value: Any) -> bool:
    return value.__class__ is int and 0 <= value <= MAX_COUNT


def savable_id(value: Any) -> bool:
    """Whether ``value`` may be a key of a save file (an exercise id, a lesson, a stats kind): a text of at most
    :data:`~fivehundred.limits.MAX_LINE_CHARS` characters.  The progress store saves nothing under any other
    key, so that it never writes a file it would refuse to read."""
    return value.__class__ is str and len(value) <= MAX_LINE_CHARS


_id = savable_id


#: the languages a progress file may name as the learner's (the course's, without the test pseudo-language)
COURSE_LANGUAGES: tuple[str, ...] = tuple(code for code, _name in _NAMED_LANGUAGES)


def check_progress(data: Any) -> dict[str, Any]:
    """``data`` if it is a valid progress file's contents, every field checked (``stats`` included).

    Raises:
        SaveError: naming the first field that is missing, of the wrong kind or out of range.
    """

    def bad(problem: str) -> SaveError:
        return SaveError(f"progress file: {problem}"[:300], explanation=reasons.save_damaged())

    if not isinstance(data, dict):
        raise bad(f"expected an object, not {type(data).__name__}")
    if data.get("version") != PROGRESS_VERSION:
        raise bad(f"version {shown(data.get('version'), 40)} is not {PROGRESS_VERSION}")
    unknown = set(data) - {"version", "exercises", "lessons", "stats", "language"}
    if unknown:
        raise bad(f"unknown field {shown(sorted(unknown)[0], 60)}")
    for key in ("exercises", "lessons", "stats"):
        if not isinstance(data.get(key), dict):
            raise bad(f"{key} must be an object, not {shown(data.get(key), 60)}")
    for exercise_id, entry in data["exercises"].items():
        if not _id(exercise_id):
            raise bad(f"exercise id {shown(exercise_id, 60)} is not a short text")
        if not (
            isinstance(entry, dict)
            and set(entry) <= {"right", "wrong", "solved", "reveals", "mastered"}
            and _count(entry.get("right"))
            and _count(entry.get("wrong"))
            and entry.get("solved").__class__ is bool
            and _count(entry.get("reveals", 0))
            and entry.get("mastered", False).__class__ is bool
        ):
            raise bad(f"exercises[{shown(exercise_id, 60)}] is not an exercise's counts: {shown(entry, 80)}")
    for lesson, ids in data["lessons"].items():
        if not _id(lesson):
            raise bad(f"lesson {shown(lesson, 60)} is not a short text")
        if not isinstance(ids, list) or not all(_id(i) for i in ids):
            raise bad(f"lessons[{shown(lesson, 60)}] must be a list of exercise ids, not {shown(ids, 80)}")
    for kind, entry in data["stats"].items():
        if not _id(kind):
            raise bad(f"stats kind {shown(kind, 60)} is not a short text")
        if not (isinstance(entry, dict) and set(entry) == {"right", "wrong"}
                and _count(entry["right"]) and _count(entry["wrong"])):
            raise bad(f"stats[{shown(kind, 60)}] must be {{'right': n, 'wrong': n}}, not {shown(entry, 80)}")
    if "language" in data and data["language"] not in COURSE_LANGUAGES:
        raise bad(f"language {shown(data['language'], 40)} is not one of the course's ({', '.join(COURSE_LANGUAGES)})")
    return data


def check_freeplay(data: Any, save_format: str) -> dict[str, Any]:
    """``data`` if it is a free-play save's outer object (format, game, opponents, partners, mark_best) of the
    right kinds; the game itself is checked by :meth:`fivehundred.game.Game.from_dict`.

    Raises:
        NotationError: what is wrong, in plain words in its ``explanation`` (a whole sentence).
    """
    if not isinstance(data, dict) or data.get("format") != save_format:
        raise NotationError("not a free-play save", explanation=reasons.not_a_freeplay_save())
    unknown = set(data) - {"format", "game", "opponents", "partners", "mark_best"}
    if unknown:
        raise NotationError(f"free-play save: unknown field {shown(sorted(unknown)[0], 60)}",
                        explanation=reasons.freeplay_save_unknown_field())
    for field, words in (("opponents", reasons.freeplay_save_opponents_damaged()),
                         ("partners", reasons.freeplay_save_partners_damaged())):
        levels = data.get(field)
        if levels is not None and not (isinstance(levels, dict) and all(_id(k) and _id(v) for k, v in levels.items())):
            raise NotationError(f"free-play save: {field} {shown(levels, 80)}",
                                explanation=words)
    if data.get("mark_best", False).__class__ is not bool:
        raise NotationError(f"free-play save: mark_best {shown(data.get('mark_best'), 40)}",
                        explanation=reasons.freeplay_save_settings_damaged())
    return data
