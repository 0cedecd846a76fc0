"""Each learner's course language in the classroom: the page a learner's server opens on.

A learner's own choice comes first: the progress file records the language of the lesson page the
learner opened last (``widgets.progress``: ``"language"``).  Until a learner has opened one, the
teacher's default for that learner applies (``tools/teacher.py set-language NAME... --lang sk``, kept
in the hub's private folder as ``languages.json``); without either, English.  The hub asks
:func:`start_page` each time it starts a learner's server (``jupyterhub_config.py``'s
``pre_spawn_hook``).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from classroom.accounts import AccountError, check_name, secrets_dir
from fivehundred.saves import COURSE_LANGUAGES, SaveError, check_progress, read_save

__all__ = ["PROGRESS", "start_page", "learner_language", "load_defaults", "set_defaults"]

#: where a learner's progress file is, inside the learner's home (as widgets.progress.default_path puts it)
PROGRESS = Path(".local") / "share" / "fivehundred" / "progress.json"
#: the contents page in English; a language's is ``/voila/render/<lang>/00-welcome.ipynb``
CONTENTS = "00-welcome.ipynb"


def _defaults_path(state: Path) -> Path:
    return secrets_dir(state) / "languages.json"


def load_defaults(state: Path) -> dict[str, str]:
    """The teacher's default language by learner (``{}`` if none is set or the file can't be used)."""
    try:
        data = json.loads(_defaults_path(state).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and v in COURSE_LANGUAGES}


def set_defaults(state: Path, names: list[str], lang: str) -> dict[str, str]:
    """Set the teacher's default language for these learners (``"en"`` clears it); returns every default.

    Raises:
        AccountError: a name that can't be a learner's, or a language the course does not have.
    """
    if lang not in COURSE_LANGUAGES:
        raise AccountError(f"no language {lang!r} in the course ({', '.join(COURSE_LANGUAGES)})")
    defaults = load_defaults(state)
    for name in names:
        check_name(name)
        if lang == "en":
            defaults.pop(name, None)
        else:
            defaults[name] = lang
    path = _defaults_path(state)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".languages-")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(defaults, f, indent=1, sort_keys=True)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    return defaults


def learner_language(home: Path, default: str | None = None) -> str:
    """The learner's language: the one their progress records, else ``default``, else English.
    A progress file that can't be read counts as none (the course itself sets it aside)."""
    try:
        data = read_save(home / PROGRESS, "the progress file")
        lang = check_progress(data).get("language") if data is not None else None
    except (SaveError, OSError):
        lang = None
    if lang in COURSE_LANGUAGES:
        return str(lang)
    return default if default in COURSE_LANGUAGES else "en"


def start_page(home: Path, default: str | None = None) -> str:
    """The URL path a learner's server opens on: the contents page in the learner's language."""
    lang = learner_language(home, default)
    return f"/voila/render/{CONTENTS}" if lang == "en" else f"/voila/render/{lang}/{CONTENTS}"
