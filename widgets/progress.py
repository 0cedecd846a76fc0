"""Saved progress: which exercises a learner has answered, kept in a JSON file.

The file lives in the user's data directory (``$XDG_DATA_HOME/fivehundred/progress.json``,
by default ``~/.local/share/fivehundred/progress.json``); ``FIVEHUNDRED_PROGRESS``
names another file (the tests use it).

* Writes are atomic (:func:`atomic_write_text`, also used by free play): a
  temporary file in the same folder, flushed and fsynced, then ``os.replace``,
  then the folder fsynced.  A process killed at any instant leaves the old file
  or the new one, never a mixture; a full disk leaves the old file as it was.
* Every change is a read-modify-write under an exclusive lock on a lock file
  next to it, and changes are counts to add rather than whole files to write,
  so two browser tabs (two kernels) answering at once lose nothing.
* A missing file starts fresh.  A file that can't be used (over 5 MB, not UTF-8,
  nested too deeply, not JSON, or any field of the wrong kind, ``stats`` included:
  :mod:`fivehundred.saves` checks them all) is moved aside to the first free
  ``progress.json.unreadable-N`` (never over an earlier one) and the learner sees a
  notice; every lesson carries on with fresh progress.

>>> import tempfile, os
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "p.json"))
>>> store.record("02-tricks/which-wins", right=False); store.record("02-tricks/which-wins", right=True)
>>> store.exercise("02-tricks/which-wins")
{'right': 1, 'wrong': 1, 'solved': True, 'reveals': 0, 'mastered': True}

Each exercise's entry counts right and wrong answers and ``reveals`` (times the
learner pressed "Show the answer").  ``mastered`` means solved before any reveal:
an answer copied from a revealed one solves the exercise but does not master it.
Entries written before these two fields existed read as no reveals, and
mastered if solved.

Preheated pages (Voilà's ``preheat_kernel``, see ``voila.json``): a pooled kernel runs its
page before any learner asks for it, so nothing here reads or writes the learner's files
until the page's request has arrived.  :func:`default_path` (where the progress and the
free-play save are) first waits for it (:func:`wait_for_learner`), so a contents page or a
resumed game is read when the learner opens it; an exercise registers itself with its lesson
only then (:func:`when_learner_arrives`), so a page nobody opened never counts as visited.
Outside a preheated kernel (a page Voilà starts on request, nbval, tests) nothing waits.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from fivehundred import i18n
from fivehundred.saves import (COURSE_LANGUAGES, PROGRESS_VERSION, SaveError, check_progress, empty_progress, read_save,
                               savable_id, set_aside)

if TYPE_CHECKING:
    from widgets.exercises import Exercise

__all__ = [
    "ProgressStore",
    "default_path",
    "SCHEMA_VERSION",
    "attach",
    "lesson_of",
    "shared_store",
    "atomic_write_text",
    "save_failure_text",
    "wait_for_learner",
    "when_learner_arrives",
]

SCHEMA_VERSION = PROGRESS_VERSION
ENV_VAR = "FIVEHUNDRED_PROGRESS"


#: set by Voilà in a kernel it starts for its pool, before any page request ("True")
PREHEAT_ENV = "VOILA_PREHEAT"
_arrived = threading.Event()
_arrival_lock = threading.Lock()
_pending: list[Callable[[], None]] = []
_waiter: list[threading.Thread] = []


def _preheated() -> bool:
    """True in a kernel Voilà preheated whose page has not been asked for yet."""
    return os.environ.get(PREHEAT_ENV) == "True" and not _arrived.is_set()


def _await_request() -> None:
    """The waiter thread: block until Voilà hands this kernel's page to a request, then run what waited."""
    try:
        from voila.utils import wait_for_request  # type: ignore[import-untyped]

        wait_for_request()  # returns once the page's request info has come (and put it in os.environ)
    except Exception:  # noqa: BLE001  # pragma: no cover - no Voilà, or it could not connect: carry on as an ordinary kernel
        pass
    with _arrival_lock:
        _arrived.set()  # from now on nothing waits or is deferred (the deferred work below reads the store too)
    while True:
        with _arrival_lock:
            batch = list(_pending)
            _pending.clear()
        if not batch:
            return
        for fn in batch:
            try:
                fn()
            except Exception:  # noqa: BLE001  # pragma: no cover - a deferred save must never break the page
                pass


def _start_waiter() -> None:
    """Start the one waiter thread (call with ``_arrival_lock`` held)."""
    if not _waiter:
        thread = threading.Thread(target=_await_request, name="fivehundred-wait-for-learner", daemon=True)
        _waiter.append(thread)
        thread.start()


def when_learner_arrives(fn: Callable[[], None]) -> None:
    """Call ``fn()`` now, or, in a preheated kernel, once the page's request has arrived (on another thread)."""
    with _arrival_lock:
        if _preheated():
            _pending.append(fn)
            _start_waiter()
            return
    fn()


def wait_for_learner() -> None:
    """In a preheated kernel, block until the page's request has arrived; elsewhere return at once."""
    with _arrival_lock:
        if not _preheated():
            return
        _start_waiter()
    _arrived.wait()


def default_path() -> Path:
    """Where progress is kept: ``$FIVEHUNDRED_PROGRESS``, else the XDG data directory.

    In a preheated kernel this first waits for the learner's request (:func:`wait_for_learner`).
    """
    wait_for_learner()
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "fivehundred" / "progress.json"


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Replace the file at ``path`` with ``text`` so that a crash or a full disk never loses the old one.

    The text goes to a temporary file in the same folder (so ``os.replace`` is a
    rename on one file system), which is flushed and fsynced before it replaces
    ``path``; then the folder itself is fsynced so the rename survives a power cut.
    Missing folders are created.  On any error the temporary file is removed and
    the error is raised (``OSError``, for example ``ENOSPC`` when the disk is full),
    with ``path`` untouched.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # some file systems can't fsync a folder; the rename is done anyway
        dir_fd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def save_failure_text(err: OSError, what: str | None = None) -> str:
    """A plain sentence for the learner when saving failed (the old save is kept); ``what`` is what failed to save,
    in the learner's language (default: "Your progress")."""
    if err.errno == errno.ENOSPC:
        why = i18n.gettext("the disk is full")
    elif err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        why = i18n.gettext("this computer does not allow writing there")
    else:
        why = (err.strerror or str(err)).lower()  # the system's own words
    return i18n.gettext("{what} could not be saved just now ({why}). What was saved before is kept; carry on as normal.").format(
        what=what if what is not None else i18n.gettext("Your progress"), why=why)


class ProgressStore:
    """Read and update one learner's progress file safely (see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        #: a sentence for the learner when the file had to be set aside, else ""
        self.notice = ""
        with self._locked():
            self._load()

    # -- file handling ---------------------------------------------------------------
    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock_path = self.path.with_name(self.path.name + ".lock")
        with open(lock_path, "a+") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)

    def _load(self) -> dict[str, Any]:
        """Read the file (call with the lock held).  Sets aside a file that can't be used."""
        try:
            data = read_save(self.path, i18n.N_("the progress file"))
            if data is None:
                return empty_progress()
            return check_progress(data)
        except SaveError as err:
            why = err.explanation
        try:
            aside = set_aside(self.path)
            kept = i18n.gettext("The old file was kept as {name}.").format(name=aside.name)
        except OSError:
            kept = i18n.gettext("The old file could not be moved, so it is left as it was.")
        self.notice = i18n.gettext("Your saved progress could not be read ({why}), so it starts fresh. {kept}").format(why=why, kept=kept)
        return empty_progress()

    def _write(self, data: dict[str, Any]) -> None:
        """Atomically replace the file (call with the lock held)."""
        atomic_write_text(self.path, json.dumps(data, indent=1, sort_keys=True))

    # -- reading -----------------------------------------------------------------------
    def data(self) -> dict[str, Any]:
        """A fresh copy of everything saved."""
        with self._locked():
            return self._load()

    def exercise(self, exercise_id: str) -> dict[str, Any]:
        """``{'right', 'wrong', 'solved', 'reveals', 'mastered'}`` for one exercise (zeros if never tried)."""
        entry = self.data()["exercises"].get(exercise_id) or {"right": 0, "wrong": 0, "solved": False}
        return {
            "right": entry["right"],
            "wrong": entry["wrong"],
            "solved": entry["solved"],
            "reveals": entry.get("reveals", 0),
            "mastered": entry.get("mastered", entry["solved"]),
        }

    def stats(self, prefix: str = "") -> dict[str, dict[str, int]]:
        """The per-kind statistics (``{kind: {'right': n, 'wrong': n}}``), optionally only kinds starting with ``prefix``."""
        return {k: dict(v) for k, v in self.data()["stats"].items() if k.startswith(prefix)}

    def lesson_summary(self, lesson: str) -> tuple[int, int]:
        """(exercises mastered, exercises known) for a lesson; known means registered by a visit.

        An exercise solved only after its answer was revealed does not count.
        """
        data = self.data()
        ids = data["lessons"].get(lesson, [])
        entries = [data["exercises"].get(i, {}) for i in ids]
        mastered = sum(1 for e in entries if e.get("mastered", e.get("solved")))
        return mastered, len(ids)

    # -- changing ------------------------------------------------------------------------
    def register(self, lesson: str, exercise_ids: list[str], *, language: str | None = None) -> None:
        """Note which exercises a lesson has (merged with what is already known), and, with ``language``,
        the language the learner opened it in (the learner's language from now on: :meth:`language`)."""
        if not savable_id(lesson):
            return
        with self._locked():
            data = self._load()
            known = data["lessons"].setdefault(lesson, [])
            added = [i for i in exercise_ids if i not in known and savable_id(i)]
            if added:
                known.extend(added)
            new_language = language in COURSE_LANGUAGES and data.get("language", "en") != language
            if new_language:
                data["language"] = language
            if added or new_language:
                self._write(data)

    def language(self) -> str:
        """The language of the lesson page the learner opened last (``"en"`` until one is opened)."""
        lang = self.data().get("language", "en")
        return lang if isinstance(lang, str) else "en"

    def record(self, exercise_id: str, *, right: bool) -> None:
        """Add one attempt, right or wrong (a right one masters the exercise unless its answer was revealed)."""
        if not savable_id(exercise_id):
            return
        with self._locked():
            data = self._load()
            entry = data["exercises"].setdefault(exercise_id, {"right": 0, "wrong": 0, "solved": False})
            entry["right" if right else "wrong"] += 1
            was_mastered = entry.get("mastered", entry["solved"])
            entry["solved"] = entry["solved"] or right
            entry["mastered"] = was_mastered or (right and not entry.get("reveals", 0))
            entry.setdefault("reveals", 0)
            self._write(data)

    def record_reveal(self, exercise_id: str) -> None:
        """Note that the learner asked to see this exercise's answer."""
        if not savable_id(exercise_id):
            return
        with self._locked():
            data = self._load()
            entry = data["exercises"].setdefault(exercise_id, {"right": 0, "wrong": 0, "solved": False})
            entry["mastered"] = entry.get("mastered", entry["solved"])
            entry["reveals"] = entry.get("reveals", 0) + 1
            self._write(data)

    def record_stat(self, kind: str, *, right: bool) -> None:
        """Add one answer to the per-kind statistics (used by the bidding practice)."""
        if not savable_id(kind):
            return
        with self._locked():
            data = self._load()
            entry = data["stats"].setdefault(kind, {"right": 0, "wrong": 0})
            entry["right" if right else "wrong"] += 1
            self._write(data)

    def reset(self) -> None:
        """Forget everything."""
        with self._locked():
            self._write(empty_progress())
        self.notice = ""


# -- saving exercises as they are answered ------------------------------------------------
_SHARED: dict[Path, ProgressStore] = {}


def shared_store() -> ProgressStore | None:
    """The kernel's store for :func:`default_path` (``None`` when ``FIVEHUNDRED_PROGRESS=off``)."""
    if os.environ.get(ENV_VAR, "").lower() == "off":
        return None
    path = default_path()
    store = _SHARED.get(path)
    if store is None:
        try:
            store = _SHARED[path] = ProgressStore(path)
        except OSError:
            return None
    return store


def lesson_of(exercise_id: str) -> str:
    """The lesson an exercise belongs to: its id's leading ``NN`` lesson number, else ``"other"``.

    >>> lesson_of("04-the-bowers/order"), lesson_of("which-card-wins/10h-jd")
    ('04', 'other')
    """
    head = exercise_id.split("-", 1)[0]
    return head if len(head) == 2 and head.isdigit() else "other"


def attach(exercise: Exercise) -> None:
    """Register ``exercise`` with its lesson and save each answer to it.

    Saving never breaks an exercise: if the file can't be written the answer
    still counts on the page, and the learner sees no traceback.  In a
    preheated kernel the registration waits for the learner's request
    (:func:`when_learner_arrives`); the store is looked up when it is used.
    """
    if os.environ.get(ENV_VAR, "").lower() == "off":
        return
    lesson = lesson_of(exercise.exercise_id)
    registered: list[ProgressStore] = []

    def register() -> None:
        store = shared_store()
        if store is None:
            return
        try:
            store.register(lesson, [exercise.exercise_id], language=i18n.language())
        except OSError:
            return
        registered.append(store)

    when_learner_arrives(register)

    def save(ex: Exercise, right: bool) -> None:
        if not ex.by_learner or not registered:
            return  # a Python call (a self-check cell), not the learner, or no store: never saved
        store = registered[0]
        try:
            store.record(ex.exercise_id, right=right)
        except OSError as err:
            from widgets._common import message_html

            # the answer still counts on the page; say so under its feedback, and on the contents page
            store.notice = save_failure_text(err)
            ex._feedback.value += message_html(store.notice, "info", lead="")

    def save_reveal(ex: Exercise) -> None:
        if not ex.by_learner or not registered:
            return
        try:
            registered[0].record_reveal(ex.exercise_id)
        except OSError:
            pass

    exercise.on_attempt(save)
    exercise.on_reveal(save_reveal)
