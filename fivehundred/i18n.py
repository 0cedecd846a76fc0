"""The words the engine and the widgets write, in the learner's language (issue #28, item 2).

Every learner string of the code goes through one of these, with its English as the message:

    _("Check")                                   # a plain string
    pgettext("trick", "lead")                    # a game term that needs its context
    ngettext("{n} trick", "{n} tricks", n)       # plural forms (Slovak has three, Vietnamese one)
    N_("Show the answer")                        # marks a module constant; translate it with _() where it is shown

The running kernel has one language, English until :func:`use` names another (each translated
notebook that ``tools/i18n.py build`` writes calls ``use("xx")`` in its first cell).  The
catalogues are the code domain's ``locale/<lang>/LC_MESSAGES/fivehundred.po`` (template
``locale/fivehundred.pot``, extracted with Babel by ``python tools/i18n.py extract``); they are
read here at run time with the standard library only.  A message with no translation, or only a
fuzzy one, is shown in English and recorded in :func:`untranslated`, as the lesson catalogues do.

The guided hands' stored learner text (``fivehundred/library/hands/*.json``) is a third catalogue,
``locale/<lang>/hands.po`` (template ``locale/templates/hands.pot``), one message per string with the
hand's id, the note and the field as its context; :func:`hand_text` looks a message up there.

>>> use("en"); _("Check"), ngettext("{n} trick", "{n} tricks", 2).format(n=2)
('Check', '2 tricks')
>>> use("sk"); _("Check"), [ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (1, 2, 5)]
('Skontrolovať', ['1 štych', '2 štychy', '5 štychov'])
>>> decimal(2.5)
'2,5'
>>> use("en"); decimal(2.5)
'2.5'
>>> use("xx")
Traceback (most recent call last):
fivehundred.errors.LanguageError: no language 'xx' in the course (en, id, vi, sk, tl, eo, qps)

This module is pure Python: no widgets, no IPython.
"""

from __future__ import annotations

import ast
import gettext as _gettext
import io
import os
import re
import struct
from pathlib import Path

from fivehundred.errors import LanguageError, shown

__all__ = [
    "LANGUAGES",
    "COURSE_LANGUAGES",
    "DOMAIN",
    "use",
    "reload",
    "language",
    "gettext",
    "_",
    "N_",
    "pgettext",
    "ngettext",
    "npgettext",
    "decimal",
    "untranslated",
    "catalogue_path",
    "hand_text",
    "hands_catalogue_path",
]

#: the course's languages, each named in itself: English (the source), then the five languages of the rule
#: texts (the one list: tools/nav.py's language picker and tools/i18n.py take theirs from it)
COURSE_LANGUAGES: tuple[tuple[str, str], ...] = (
    ("en", "English"),
    ("id", "Bahasa Indonesia"),
    ("vi", "Tiếng Việt"),
    ("sk", "Slovenčina"),
    ("tl", "Tagalog"),
    ("eo", "Esperanto"),
)
#: every language code :func:`use` takes: the course's and the pseudo-language of the tests
LANGUAGES = (*(code for code, _name in COURSE_LANGUAGES), "qps")
DOMAIN = "fivehundred"
#: where the catalogues live: the repository's locale/ (FIVEHUNDRED_LOCALE overrides it, for tests)
LOCALE = Path(os.environ.get("FIVEHUNDRED_LOCALE") or Path(__file__).resolve().parent.parent / "locale")
#: languages that write a decimal comma (English and Tagalog write a point)
_DECIMAL_COMMA = {"id", "vi", "sk", "eo"}


class _Recorder(_gettext.NullTranslations):
    """The last fallback: the English, with the message recorded as untranslated."""

    def __init__(self) -> None:
        super().__init__()
        self.missing: set[tuple[str | None, str]] = set()

    def gettext(self, message: str) -> str:
        self.missing.add((None, message))
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.missing.add((None, msgid1))
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.missing.add((context, message))
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        self.missing.add((context, msgid1))
        return msgid1 if n == 1 else msgid2


_current = "en"
_english = _gettext.NullTranslations()
_translations: _gettext.NullTranslations = _english
_recorders: dict[str, _Recorder] = {}
_cache: dict[str, _gettext.NullTranslations] = {}
_locale: Path | None = None
_hands: dict[str, dict[tuple[str, str], str]] = {}


def catalogue_path(lang: str, locale: Path | None = None) -> Path:
    return (locale or LOCALE) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _unquote(line: str) -> str:
    value = ast.literal_eval(line)
    if not isinstance(value, str):
        raise ValueError(f"not a quoted string: {line!r}")
    return value


def _entries(text: str) -> list[tuple[dict[str, str], bool]]:
    """The entries of a .po file: (field → text, fuzzy); obsolete (``#~``) entries are left out."""
    entries: list[tuple[dict[str, str], bool]] = []
    fields: dict[str, str] = {}
    fuzzy = False
    key: str | None = None

    def flush() -> None:
        nonlocal fields, fuzzy, key
        if "msgid" in fields:
            entries.append((fields, fuzzy))
        fields, fuzzy, key = {}, False, None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#"):
            if any(k.startswith("msgstr") for k in fields):
                flush()  # a comment after a msgstr begins the next entry
            if line.startswith("#,") and "fuzzy" in [f.strip() for f in line[2:].split(",")]:
                fuzzy = True
            continue
        m = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(\".*\")$", line)
        if m:
            if m.group(1) in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in fields):
                flush()
            key = m.group(1)
            fields[key] = _unquote(m.group(2))
        elif line.startswith('"') and key is not None:
            fields[key] += _unquote(line)
        else:
            raise ValueError(f"cannot read the line {raw!r}")
    flush()
    return entries


def _mo_bytes(entries: list[tuple[dict[str, str], bool]]) -> tuple[bytes, int]:
    """A GNU .mo image of the translated, not fuzzy entries (and the header); and how many were left out."""
    table: dict[bytes, bytes] = {}
    left_out = 0
    for fields, fuzzy in entries:
        msgid = fields["msgid"]
        if "msgid_plural" in fields:
            forms = [v for k, v in sorted(fields.items()) if k.startswith("msgstr[")]
            value = "\x00".join(forms)
            done = bool(forms) and all(forms)
            msgid = f"{msgid}\x00{fields['msgid_plural']}"
        else:
            value = fields.get("msgstr", "")
            done = bool(value)
        if "msgctxt" in fields:
            msgid = f"{fields['msgctxt']}\x04{msgid}"
        if fields["msgid"] == "" and "msgctxt" not in fields:
            table[b""] = value.encode("utf-8")  # the header: the charset and the plural rule
            continue
        if fuzzy or not done:
            left_out += 1
            continue
        table[msgid.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(table)
    ids = b"".join(k + b"\x00" for k in keys)
    strs = b"".join(table[k] + b"\x00" for k in keys)
    n = len(keys)
    start = 7 * 4 + 16 * n
    offsets_ids, offsets_strs = [], []
    pos = 0
    for k in keys:
        offsets_ids.append((len(k), start + pos))
        pos += len(k) + 1
    base = start + len(ids)
    pos = 0
    for k in keys:
        offsets_strs.append((len(table[k]), base + pos))
        pos += len(table[k]) + 1
    header = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, 0)
    body = b"".join(struct.pack("<2I", *o) for o in offsets_ids) + b"".join(struct.pack("<2I", *o) for o in offsets_strs)
    return header + body + ids + strs, left_out


def _load(lang: str, locale: Path | None = None) -> _gettext.NullTranslations:
    recorder = _recorders.setdefault(lang, _Recorder())
    path = catalogue_path(lang, locale)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return recorder  # no catalogue yet (the pseudo-language before `tools/i18n.py pseudo`): all English, recorded
    try:
        image, _left = _mo_bytes(_entries(text))
        translations = _gettext.GNUTranslations(io.BytesIO(image))
    except (ValueError, SyntaxError, OSError) as exc:
        raise LanguageError(f"the {lang!r} catalogue {path} cannot be read: {exc}") from None
    translations.add_fallback(recorder)
    return translations


def use(lang: str, *, locale: Path | None = None) -> None:
    """Make ``lang`` (``"sk"``, ``"en"`` …) the language of everything the engine and the widgets write from now on.

    Raises:
        LanguageError: ``lang`` is not one of :data:`LANGUAGES`, or its catalogue is unreadable.
    """
    global _current, _translations, _locale
    if not isinstance(lang, str) or lang not in LANGUAGES:
        raise LanguageError(f"no language {shown(lang)} in the course ({', '.join(LANGUAGES)})")
    if lang == "en":
        _current, _translations, _locale = lang, _english, None
        return
    key = f"{lang}:{locale}" if locale else lang
    if key not in _cache:
        _cache[key] = _load(lang, locale)
    _current, _translations, _locale = lang, _cache[key], locale


def reload() -> None:
    """Forget the catalogues read so far (after a catalogue file changed), keeping the language."""
    _cache.clear()
    _hands.clear()
    _recorders.clear()
    use(_current, locale=_locale)


def language() -> str:
    """The kernel's language now."""
    return _current


def gettext(message: str) -> str:
    """``message`` in the kernel's language (the English if it has no translation there)."""
    return _translations.gettext(message)


_ = gettext


def N_(message: str) -> str:
    """Mark a module constant for the catalogue; it is translated with :func:`_` where it is shown."""
    return message


def pgettext(context: str, message: str) -> str:
    """``message`` in its ``context`` (for a game term: ``pgettext("trick", "lead")``)."""
    return _translations.pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` (the language's plural rule chooses)."""
    return _translations.ngettext(singular, plural, n)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translations.npgettext(context, singular, plural, n)


def decimal(x: float, places: int = 1) -> str:
    """A number with decimals as the language writes it: ``2.5`` in English, ``2,5`` in Slovak."""
    text = f"{x:.{places}f}"
    return text.replace(".", ",") if _current in _DECIMAL_COMMA else text


def hands_catalogue_path(lang: str, locale: Path | None = None) -> Path:
    return (locale or LOCALE) / lang / "hands.po"


def _hands_table(lang: str, locale: Path | None) -> dict[tuple[str, str], str]:
    """(context, English) → translation for the hands' catalogue of ``lang``: translated, not fuzzy entries only."""
    key = f"{lang}:{locale}" if locale else lang
    if key not in _hands:
        path = hands_catalogue_path(lang, locale)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            text = ""  # no catalogue yet: every hand's text in English, recorded
        try:
            entries = _entries(text)
        except (ValueError, SyntaxError) as exc:
            raise LanguageError(f"the {lang!r} hands catalogue {path} cannot be read: {exc}") from None
        _hands[key] = {(f["msgctxt"], f["msgid"]): f["msgstr"] for f, fuzzy in entries
                       if not fuzzy and f.get("msgstr") and "msgctxt" in f}
    return _hands[key]


def hand_text(context: str, message: str) -> str:
    """A guided hand's learner string in the kernel's language, looked up by its ``context`` in the hands' catalogue
    (``"take-control: trick 6 S: wrong"``; see :func:`fivehundred.library.hand.text_context`).

    A missing or only fuzzy translation gives the English ``message``, recorded in :func:`untranslated`.
    """
    if _current == "en":
        return message
    got = _hands_table(_current, _locale).get((context, message))
    if got is None:
        _recorders.setdefault(_current, _Recorder()).missing.add((context, message))
        return message
    return got


def untranslated(lang: str | None = None) -> set[tuple[str | None, str]]:
    """The (context, English) messages shown in English in ``lang`` (default: the kernel's language) so far."""
    rec = _recorders.get(lang or _current)
    return set(rec.missing) if rec else set()
