"""The lessons' translation catalogues: extract, update, check and build (issue #28).

The English notebooks in ``lessons/`` stay the one source.  Every markdown cell is cut into
blocks (the text between blank lines, a fenced code block or a table kept whole), and each block
is one message of its lesson's catalogue, with the lesson's file stem as the context:

    python tools/i18n.py extract           # locale/templates/<stem>.pot from lessons/*.ipynb
    python tools/i18n.py update sk [vi …]  # create or update locale/<lang>/<stem>.po from the templates
    python tools/i18n.py status            # per language and lesson: translated, fuzzy, missing
    python tools/i18n.py build sk [--out DIR]   # DIR/<lang>/*.ipynb (default lessons/, so lessons/sk/)
    python tools/i18n.py build --all          # every language (make course and the browser tests do this)
    python tools/i18n.py pseudo            # the pseudo-language catalogue (see below), then build it
    python tools/i18n.py check             # exit 1 if a template is out of date with the lessons or the code

The code's learner strings (the engine's and the widgets' ``_()``, ``pgettext``, ``ngettext``; see
``fivehundred/i18n.py``) are a second domain, ``fivehundred``: ``extract`` also writes its template
``locale/fivehundred.pot`` from ``fivehundred/`` and ``widgets/`` with Babel, ``update`` also makes
``locale/<lang>/LC_MESSAGES/fivehundred.po``, ``status`` counts it as ``(code)``, ``pseudo`` makes
its ``qps`` catalogue, and ``check`` fails if the template is out of date with the code.  The
catalogues are read as they are at run time (no compiled ``.mo`` to build or to forget).

``update`` keeps every translation whose English is unchanged; a block whose English changed
gets its old translation marked **fuzzy** (Babel's fuzzy matching), and a new block gets an empty
one.  ``build`` writes each language's notebooks with the translated blocks; a block with no
translation, or only a fuzzy one, is **never served silently**: the built notebook keeps the
English block, and ``DIR/<lang>/untranslated.json`` records every such block (lesson, cell,
the English, and whether it was missing or fuzzy); a page with English left in says so at its
top, in its language.  Every built contents page says that the translation is new and how to
report a mistake.  A lesson's code cells mark the words they write themselves (questions,
captions, options) as ``_("...")`` (``fivehundred.i18n._``, which gives the English on the English
page); these are messages of the lesson's catalogue too, after its blocks, with the lesson as
context and a comment saying they are code strings (placeholders such as ``{seat}`` stay in the
message; the cell calls ``.format()`` on the result).  ``build`` replaces each such call that has a
translation by the translated string literal, and keeps the call (the English) where the
translation is missing or fuzzy, counted and recorded as a block is (``"code": true`` in
``untranslated.json``).  The code cells are otherwise copied unchanged, after one added first cell that shows
nothing and runs ``fivehundred.i18n.use("<lang>")``, so the exercise kit's and the table's words
come from the code catalogue; what is not translated there yet (the prompts of the lessons whose code
cells are not marked yet, the guided hands' stored notes) stays English, and the page says so.  The language picker under each page's navigation (made by ``tools/nav.py``) is not
translated but rebuilt for each language, so its links lead to the same page in every language.

The guided hands' learner text (the ``title``, ``point`` and each note's ``text`` and ``wrong`` of
``fivehundred/library/hands/*.json``) is a third catalogue, ``hands``: ``extract`` writes its template
``locale/templates/hands.pot`` (one message per string, the hand's id, the note's ``at`` and the field as
context: ``take-control: trick 6 S: wrong``), ``update`` makes ``locale/<lang>/hands.po`` as it does a
lesson's (changed English: fuzzy), ``status`` counts it as ``(hands)``, ``check`` fails if the template is
out of date with the hands, and ``pseudo`` makes its ``qps`` catalogue.  The kernel reads it when it loads
a hand (``fivehundred.i18n.hand_text``); a missing or fuzzy entry shows the English and is recorded.

The pseudo-language ``qps`` (the BCP 47 private-use tag Windows uses for pseudo-locales) wraps
every block in ⟦ ⟧, accents its letters and lengthens it by about a third, while keeping the
markdown syntax, links, code, HTML tags and card symbols intact: a page built in it shows at a
glance which text bypasses the catalogues and which layouts break with longer words.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import re
import sys
import tokenize
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
LOCALE = ROOT / "locale"
TEMPLATES = LOCALE / "templates"
BUILD = LESSONS  # lessons/<lang>/: inside Voila's root, so /voila/render/sk/01-the-pack.ipynb serves it (git ignores them)
PSEUDO = "qps"
PICKER = "languages"  # the nav role of the language picker cell (tools/nav.py)
PROJECT = "fivehundred"
CODE_DOMAIN = "fivehundred"
CODE_TEMPLATE = LOCALE / f"{CODE_DOMAIN}.pot"
CODE_DIRS = ("fivehundred", "widgets")


def _nav_tools() -> Any:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        import nav  # tools/nav.py: the course's languages and the picker's text, written once
    finally:
        sys.path.pop(0)
    return nav


#: the languages the course is built in (the rule texts' languages, ../shared/rules/seeds), each named in
#: itself: tools/nav.py's list, English first
LANGUAGE_NAMES = {**dict(_nav_tools().COURSE_LANGUAGES), PSEUDO: "Pseudo-language (tests)"}
LANGUAGES = tuple(code for code, _ in _nav_tools().COURSE_LANGUAGES if code != "en")


class CatalogueError(ValueError):
    """A catalogue is missing, unreadable or out of date with its lesson."""


# --- blocks -------------------------------------------------------------------------------------

FENCE = re.compile(r"^\s*(```|~~~)")


def blocks(markdown: str) -> list[str]:
    """The translatable blocks of one markdown cell, in order.

    Blocks are separated by blank lines; a fenced code block is one block even if it holds blank
    lines.  Leading and trailing blank lines are not part of any block.

    >>> blocks("# Title\\n\\nOne line.\\nTwo lines.\\n\\n\\n- a\\n- b\\n")
    ['# Title', 'One line.\\nTwo lines.', '- a\\n- b']
    >>> blocks("Code:\\n\\n```\\nx = 1\\n\\ny = 2\\n```")
    ['Code:', '```\\nx = 1\\n\\ny = 2\\n```']
    """
    out: list[str] = []
    current: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            current.append(line)
            continue
        if not fenced and not line.strip():
            if current:
                out.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        out.append("\n".join(current))
    return out


def join_blocks(parts: Iterable[str]) -> str:
    return "\n\n".join(parts)


@dataclass(frozen=True)
class Block:
    lesson: str  # the notebook's file stem: the message context
    cell: int  # the cell's index in the notebook
    text: str


def lesson_paths(lessons: Path = LESSONS) -> list[Path]:
    return sorted(p for p in lessons.glob("*.ipynb") if re.match(r"^\d", p.name))


def read_notebook(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as f:
        nb: dict[str, Any] = json.load(f)
    return nb


def cell_source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def nav_role(cell: dict[str, Any]) -> str | None:
    meta = cell.get("metadata", {}).get("fivehundred", {})
    return meta.get("nav") if isinstance(meta, dict) else None


def lesson_blocks(path: Path) -> Iterator[Block]:
    nb = read_notebook(path)
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "markdown" or nav_role(cell) is not None:
            continue  # tools/nav.py's cells are made again in each language, from the translated titles
        for text in blocks(cell_source(cell)):
            yield Block(path.stem, i, text)


# --- the lessons' code strings ---------------------------------------------------------------------

#: the comment a code string's catalogue entry carries (what tells it from a markdown block)
CODE_COMMENT = "A string of the lesson's code cells: keep its {placeholders}."  # short: Babel wraps comments
#: the prefixes a plain string literal may have (no f-strings, no bytes)
_PLAIN = re.compile(r"^[rRuU]?(['\"])")


@dataclass(frozen=True)
class CodeString:
    """One ``_("...")`` call of a lesson's code cell: the English, and where the whole call stands in the cell."""

    lesson: str
    cell: int
    text: str
    start: int  # offsets into the cell's source: source[start:end] is the whole call, ``_("...")``
    end: int


def _offsets(source: str) -> list[int]:
    """The offset in ``source`` at which each line (numbered from 1, as tokenize numbers them) starts."""
    starts = [0, 0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def code_strings(source: str, lesson: str = "", cell: int = 0) -> list[CodeString]:
    """The ``_()`` calls of one code cell whose argument is plain string literals only (adjacent ones joined).

    ``_(f"...")``, ``_(name)`` and ``obj._("...")`` are not messages; placeholders such as ``{seat}`` stay in
    the message (the cell formats the translated string with ``.format()`` after the call).

    >>> [(c.text, c.start, c.end) for c in code_strings('x = _("The kitty") + _(f"{n}") + _("a {seat}" "b")')]
    [('The kitty', 4, 18), ('a {seat}b', 33, 50)]
    """
    try:
        toks = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
                if t.type not in (tokenize.NL, tokenize.COMMENT, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return []  # IPython magics and the like: such a cell has no messages
    lines = _offsets(source)
    out = []
    for i, t in enumerate(toks):
        if t.type != tokenize.NAME or t.string != "_" or i + 2 >= len(toks) or toks[i + 1].string != "(":
            continue
        if i > 0 and toks[i - 1].string in (".", "def"):
            continue
        j = i + 2
        while j < len(toks) and toks[j].type == tokenize.STRING and _PLAIN.match(toks[j].string):
            j += 1
        if j == i + 2 or j >= len(toks) or toks[j].string != ")":
            continue
        text = "".join(ast.literal_eval(toks[k].string) for k in range(i + 2, j))
        start = lines[t.start[0]] + t.start[1]
        end = lines[toks[j].end[0]] + toks[j].end[1]
        out.append(CodeString(lesson, cell, text, start, end))
    return out


def lesson_code_strings(path: Path) -> Iterator[CodeString]:
    nb = read_notebook(path)
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code" and nav_role(cell) is None:
            yield from code_strings(cell_source(cell), path.stem, i)


def translated_code(source: str, strings: dict[str, str], lesson: str = "", cell: int = 0) -> tuple[str, list[CodeString], list[CodeString]]:
    """``source`` with each ``_("english")`` that has a translation replaced by the translated literal;
    (the new source, the calls replaced, the calls kept in English)."""
    done, kept = [], []
    pieces = []
    pos = 0
    for c in code_strings(source, lesson, cell):
        if c.text in strings:
            pieces.append(source[pos:c.start])
            pieces.append(repr(strings[c.text]))
            pos = c.end
            done.append(c)
        else:
            kept.append(c)
    pieces.append(source[pos:])
    return "".join(pieces), done, kept


# --- catalogues ----------------------------------------------------------------------------------


def template_for(path: Path) -> Catalog:
    """The template catalogue of one lesson: every block once, with the cells it stands in."""
    cat = new_catalog(None)
    for b in lesson_blocks(path):
        # the location names the notebook only: cell numbers would change every catalogue whenever a cell moves
        cat.add(b.text, context=b.lesson, locations=[(f"{b.lesson}.ipynb", None)])
    for c in lesson_code_strings(path):
        if cat.get(c.text, context=c.lesson) is not None:
            continue  # the same English twice in the lesson's code: one message
        cat.add(c.text, context=c.lesson, locations=[(f"{c.lesson}.ipynb#code", None)], auto_comments=[CODE_COMMENT])
    return cat


def is_code_message(message: Any) -> bool:
    """Whether a catalogue entry is a string of the lesson's code cells (not a markdown block)."""
    return any(str(loc[0]).endswith(".ipynb#code") for loc in getattr(message, "locations", ()))


HEADER = """\
# {title}: the translatable blocks of the lesson's markdown, one message a block, and the strings its code cells mark with _().
# Made by tools/i18n.py from lessons/*.ipynb; the English notebook is the source.
# Report a mistake in a translation as an issue naming the language, the lesson and the sentence."""


def new_catalog(lang: str | None) -> Catalog:
    title = "Five Hundred course" if lang is None else f"Five Hundred course, {LANGUAGE_NAMES.get(lang, lang)}"
    return Catalog(
        locale=lang,
        project=PROJECT,
        version="1",
        msgid_bugs_address="the fivehundred issue tracker",
        header_comment=HEADER.format(title=title),
        fuzzy=False,
    )


def _write(cat: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # two test processes may write at once
    with tmp.open("wb") as f:
        # no dates and no line wrapping, so the files change only when their text does
        write_po(f, cat, width=0, omit_header=False, sort_output=False, include_previous=True)
    text = tmp.read_text(encoding="utf-8")
    text = re.sub(r'^"(POT-Creation-Date|PO-Revision-Date): .*\\n"\n', "", text, flags=re.M)
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def read_catalogue(path: Path, locale: str | None = None) -> Catalog:
    try:
        with path.open("rb") as f:
            return read_po(f, locale=locale, abort_invalid=True)
    except FileNotFoundError:
        raise CatalogueError(f"no catalogue at {path.relative_to(ROOT)}") from None
    except Exception as exc:  # noqa: BLE001 - babel raises its own PoFileError and plain ValueErrors
        raise CatalogueError(f"{path.relative_to(ROOT)} cannot be read: {exc}") from None


def extract(lessons: Path = LESSONS, templates: Path = TEMPLATES) -> list[Path]:
    written = []
    for path in lesson_paths(lessons):
        target = templates / f"{path.stem}.pot"
        _write(template_for(path), target)
        written.append(target)
    stems = {p.stem for p in lesson_paths(lessons)} | {HANDS_STEM}
    for old in templates.glob("*.pot"):
        if old.stem not in stems:
            old.unlink()
    return written


def stale_templates(lessons: Path = LESSONS, templates: Path = TEMPLATES) -> list[str]:
    """Lessons whose template does not hold exactly their blocks (``extract`` was not rerun)."""
    stale = []
    for path in lesson_paths(lessons):
        target = templates / f"{path.stem}.pot"
        if not target.exists():
            stale.append(path.stem)
            continue
        have = [(m.context, m.id) for m in read_catalogue(target) if m.id]
        want = [(m.context, m.id) for m in template_for(path) if m.id]
        if have != want:
            stale.append(path.stem)
    return stale


def language_header(cat: Catalog, lang: str, drafted_by: str | None) -> None:
    cat.language_team = f"{LANGUAGE_NAMES.get(lang, lang)} (the fivehundred course)"
    if drafted_by:
        cat.last_translator = drafted_by


def update(lang: str, templates: Path = TEMPLATES, locale_dir: Path = LOCALE, drafted_by: str | None = None) -> list[Path]:
    """Create or update ``locale/<lang>/<stem>.po`` for every template."""
    written = []
    for tpl_path in sorted(templates.glob("*.pot")):
        tpl = read_catalogue(tpl_path)
        target = locale_dir / lang / f"{tpl_path.stem}.po"
        if target.exists():
            cat = read_catalogue(target, locale=lang)
            cat.update(tpl, update_header_comment=False, keep_user_comments=True)
            cat.obsolete.clear()  # an English block that left the lesson leaves the catalogue
        else:
            cat = new_catalog(lang)
            if tpl_path.stem == HANDS_STEM:
                cat.header_comment = tpl.header_comment
            cat.update(tpl)
        language_header(cat, lang, drafted_by or (None if target.exists() else "not drafted yet"))
        _write(cat, target)
        written.append(target)
    return written


@dataclass(frozen=True)
class Status:
    lang: str
    lesson: str
    total: int
    translated: int
    fuzzy: int

    @property
    def missing(self) -> int:
        return self.total - self.translated - self.fuzzy


def status(lang: str, locale_dir: Path = LOCALE, templates: Path = TEMPLATES) -> list[Status]:
    out = []
    for tpl_path in sorted(templates.glob("*.pot")):
        n = sum(1 for m in read_catalogue(tpl_path) if m.id)
        po = locale_dir / lang / f"{tpl_path.stem}.po"
        if not po.exists():
            out.append(Status(lang, tpl_path.stem, n, 0, 0))
            continue
        cat = read_catalogue(po, locale=lang)
        ids = {(m.context, m.id) for m in read_catalogue(tpl_path) if m.id}
        done = fuzzy = 0
        for m in cat:
            if not m.id or (m.context, m.id) not in ids or not m.string:
                continue
            if m.fuzzy:
                fuzzy += 1
            else:
                done += 1
        out.append(Status(lang, tpl_path.stem, n, done, fuzzy))
    return out


# --- the guided hands' catalogue (locale/templates/hands.pot) ---------------------------------------

HANDS = ROOT / "fivehundred" / "library" / "hands"
HANDS_STEM = "hands"
HANDS_COMMENT = "A guided hand's learner text: keep the card symbols (10♦, J♥, Joker)."  # short: Babel wraps comments
HANDS_HEADER = """\
# Five Hundred course: the guided hands' learner text (titles, teaching points, the coach's notes), one message a string.
# Made by tools/i18n.py extract from fivehundred/library/hands/*.json; the English in the hand files is the source.
# Report a mistake in a translation as an issue naming the language, the hand and the sentence."""


def hands_template(hands: Path = HANDS) -> Catalog:
    """Every learner string of the hand files, in the library's teaching order (context: hand, note, field)."""
    sys.path.insert(0, str(ROOT))
    try:
        from fivehundred.library import HAND_IDS
        from fivehundred.library.hand import learner_texts  # the one place the contexts are made
    finally:
        sys.path.pop(0)
    order = {h: i for i, h in enumerate(HAND_IDS)}
    cat = new_catalog(None)
    cat.header_comment = HANDS_HEADER
    for path in sorted(hands.glob("*.json"), key=lambda p: (order.get(p.stem, len(order)), p.stem)):
        data = json.loads(path.read_text(encoding="utf-8"))
        where: Any = (f"hands/{path.name}", None)  # the file only (Babel's stubs want a line number)
        for context, english in learner_texts(data):
            cat.add(english, context=context, locations=[where], auto_comments=[HANDS_COMMENT])
    return cat


def extract_hands(templates: Path = TEMPLATES, hands: Path = HANDS) -> Path:
    target = templates / f"{HANDS_STEM}.pot"
    _write(hands_template(hands), target)
    return target


def hands_template_stale(templates: Path = TEMPLATES, hands: Path = HANDS) -> bool:
    """Whether the hands' template does not hold exactly the hands' learner strings (``extract`` was not rerun)."""
    target = templates / f"{HANDS_STEM}.pot"
    if not target.exists():
        return True
    return [(m.context, m.id) for m in read_catalogue(target) if m.id] != [(m.context, m.id) for m in hands_template(hands) if m.id]


# --- the code's catalogue (the domain fivehundred) --------------------------------------------------


def code_template(root: Path = ROOT) -> Catalog:
    """Every learner string of ``fivehundred/`` and ``widgets/`` (Babel's extractor, its default keywords)."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

    cat = new_catalog(None)
    cat.header_comment = CODE_HEADER
    for folder in CODE_DIRS:
        found = extract_from_dir(root / folder, method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS,
                                 comment_tags=("Translators:",), strip_comment_tags=True)
        for filename, lineno, message, comments, context in sorted(found, key=lambda f: (f[0], f[1])):
            msgid = message if isinstance(message, str) else tuple(message)
            if not msgid or (isinstance(msgid, tuple) and not msgid[0]):
                continue
            # the location names the file only: line numbers would change the template with every edit
            loc = (f"{folder}/{filename}", None)
            old = cat.get(msgid[0] if isinstance(msgid, tuple) else msgid, context)
            if old is not None:
                if loc not in old.locations:
                    old.locations.append(loc)
                continue
            cat.add(msgid, context=context, locations=[loc], auto_comments=comments)
    return cat


CODE_HEADER = """\
# Five Hundred course: the words the engine and the widgets write (buttons, feedback, status lines).
# Made by tools/i18n.py extract from fivehundred/ and widgets/; the English in the code is the source.
# Report a mistake in a translation as an issue naming the language, the button or the sentence."""


def _code_keys(cat: Catalog) -> list[tuple[str, tuple[str, ...]]]:
    """Every message as (context, (msgid[, msgid_plural])), sorted."""
    return sorted((m.context or "", (m.id,) if isinstance(m.id, str) else tuple(m.id)) for m in cat if m.id)


def extract_code(target: Path = CODE_TEMPLATE, root: Path = ROOT) -> Path:
    _write(code_template(root), target)
    return target


def code_template_stale(target: Path = CODE_TEMPLATE, root: Path = ROOT) -> bool:
    """Whether the code template does not hold exactly the code's messages (``extract`` was not rerun)."""
    if not target.exists():
        return True
    return _code_keys(read_catalogue(target)) != _code_keys(code_template(root))


def code_catalogue(lang: str, locale_dir: Path = LOCALE) -> Path:
    return locale_dir / lang / "LC_MESSAGES" / f"{CODE_DOMAIN}.po"


def update_code(lang: str, template: Path = CODE_TEMPLATE, locale_dir: Path = LOCALE, drafted_by: str | None = None) -> Path:
    """Create or update ``locale/<lang>/LC_MESSAGES/fivehundred.po`` from the code template (changed English: fuzzy)."""
    tpl = read_catalogue(template)
    target = code_catalogue(lang, locale_dir)
    if target.exists():
        cat = read_catalogue(target, locale=lang)
        cat.update(tpl, update_header_comment=False, keep_user_comments=True)
        cat.obsolete.clear()
    else:
        cat = new_catalog(lang)
        cat.header_comment = CODE_HEADER
        cat.update(tpl)
    language_header(cat, lang, drafted_by or (None if target.exists() else "not drafted yet"))
    _write(cat, target)
    return target


def code_status(lang: str, locale_dir: Path = LOCALE, template: Path = CODE_TEMPLATE) -> Status:
    tpl = read_catalogue(template)
    ids = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in tpl if m.id}
    po = code_catalogue(lang, locale_dir)
    if not po.exists():
        return Status(lang, "(code)", len(ids), 0, 0)
    done = fuzzy = 0
    for m in read_catalogue(po, locale=lang):
        key = (m.context, m.id if isinstance(m.id, str) else tuple(m.id))
        if not m.id or key not in ids:
            continue
        strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
        if not all(strings):
            continue
        if m.fuzzy:
            fuzzy += 1
        else:
            done += 1
    return Status(lang, "(code)", len(ids), done, fuzzy)


BRACES = re.compile(r"\{[^{}]*\}|%\(\w+\)[sd]|%[sd]")


def pseudo_code(text: str) -> str:
    """A code message in the pseudo-language: its ``{placeholders}`` and card symbols kept.

    >>> pseudo_code("{seat} to play")
    '⟦{seat} tóó plááý⟧'
    """
    pieces = []
    pos = 0
    for m in re.finditer(BRACES.pattern + "|" + PROTECTED.pattern, text):
        pieces.append(_pseudo_text(text[pos : m.start()]))
        pieces.append(m.group(0))
        pos = m.end()
    pieces.append(_pseudo_text(text[pos:]))
    return "⟦" + "".join(pieces) + "⟧"


def pseudo_code_catalogue(template: Path = CODE_TEMPLATE, locale_dir: Path = LOCALE) -> Path:
    cat = new_catalog("en")  # babel knows no 'qps'; its plural rule is English's
    cat.header_comment = CODE_HEADER
    for m in read_catalogue(template):
        if not m.id:
            continue
        if isinstance(m.id, (list, tuple)):
            cat.add(tuple(m.id), tuple(pseudo_code(x) for x in m.id), context=m.context, locations=m.locations)
        else:
            cat.add(m.id, pseudo_code(str(m.id)), context=m.context, locations=m.locations)
    language_header(cat, PSEUDO, "tools/i18n.py pseudo (generated)")
    target = code_catalogue(PSEUDO, locale_dir)
    _write(cat, target)
    return target


# --- building a language's notebooks --------------------------------------------------------------

# What a built page says about its own translation, in its language ({n} of {m}: blocks and code strings left in
# English; the phrasing avoids plural forms).  Written by the same drafters as the catalogues.  "widgets" is for a
# page whose own questions are partly English still, "widgets-page" for one whose own questions are all translated,
# "widgets-none" for a page that writes none of its own (the contents page, free play, the guided hands).
NOTICES: dict[str, dict[str, str]] = {
    "sk": {
        "none": "Táto lekcia ešte nie je preložená do slovenčiny, preto sa zobrazuje po anglicky.",
        "partial": "Táto lekcia ešte nie je celá preložená do slovenčiny: chýbajúce časti sa zobrazujú po anglicky (nepreložené časti: {n} z {m}).",
        "new": "Tento preklad je nový: pripravil ho jazykový model umelej inteligencie a rodený hovoriaci ho ešte neskontroloval. Ak vám niektorá veta znie zle, povedzte to učiteľovi alebo to nahláste ako chybu (uveďte lekciu a vetu).",
        "widgets": "Tlačidlá cvičení a stola, ich spätná väzba, hlásenia a rady trénera sú už po slovensky; otázky niektorých cvičení sú zatiaľ po anglicky.",
        "widgets-page": "Tlačidlá cvičení a stola, ich spätná väzba, hlásenia a rady trénera sú už po slovensky, rovnako ako otázky a popisy na tejto stránke.",
        "widgets-none": "Tlačidlá cvičení a stola, ich spätná väzba, hlásenia a rady trénera sú už po slovensky.",
    },
    "id": {
        "none": "Pelajaran ini belum diterjemahkan ke bahasa Indonesia, jadi ditampilkan dalam bahasa Inggris.",
        "partial": "Pelajaran ini belum seluruhnya diterjemahkan ke bahasa Indonesia: bagian yang belum diterjemahkan ditampilkan dalam bahasa Inggris ({n} dari {m} bagian).",
        "new": "Terjemahan ini masih baru: disusun dengan bantuan model bahasa AI dan belum diperiksa oleh penutur asli. Jika ada kalimat yang terasa janggal, beri tahu guru Anda atau laporkan sebagai masalah (sebutkan pelajaran dan kalimatnya).",
        "widgets": "Tombol latihan dan meja, umpan balik, tawaran, serta saran pelatih sudah dalam bahasa Indonesia; pertanyaan beberapa latihan masih dalam bahasa Inggris.",
        "widgets-page": "Tombol latihan dan meja, umpan balik, tawaran, serta saran pelatih sudah dalam bahasa Indonesia, begitu pula pertanyaan dan keterangan di halaman ini.",
        "widgets-none": "Tombol latihan dan meja, umpan balik, tawaran, serta saran pelatih sudah dalam bahasa Indonesia.",
    },
    "vi": {
        "none": "Bài học này chưa được dịch sang tiếng Việt nên được hiển thị bằng tiếng Anh.",
        "partial": "Bài học này chưa được dịch hết sang tiếng Việt: những phần chưa dịch được hiển thị bằng tiếng Anh ({n} trên {m} phần).",
        "new": "Bản dịch này còn mới: được soạn với sự trợ giúp của một mô hình ngôn ngữ AI và chưa được người bản ngữ kiểm tra. Nếu thấy câu nào không ổn, hãy báo cho giáo viên hoặc gửi báo lỗi (ghi rõ bài học và câu đó).",
        "widgets": "Các nút bấm của bài tập và bàn chơi, lời nhận xét, lời gọi và lời khuyên của huấn luyện viên đã bằng tiếng Việt; câu hỏi của một số bài tập vẫn bằng tiếng Anh.",
        "widgets-page": "Các nút bấm của bài tập và bàn chơi, lời nhận xét, lời gọi và lời khuyên của huấn luyện viên đã bằng tiếng Việt, cả câu hỏi và chú thích trên trang này cũng vậy.",
        "widgets-none": "Các nút bấm của bài tập và bàn chơi, lời nhận xét, lời gọi và lời khuyên của huấn luyện viên đã bằng tiếng Việt.",
    },
    "tl": {
        "none": "Hindi pa naisasalin sa Tagalog ang araling ito, kaya nasa Ingles ito.",
        "partial": "Hindi pa buong naisasalin sa Tagalog ang araling ito: nasa Ingles ang mga bahaging hindi pa naisasalin ({n} sa {m} bahagi).",
        "new": "Bago pa ang salin na ito: binuo ito sa tulong ng isang AI language model at hindi pa nasusuri ng katutubong nagsasalita. Kung may pangungusap na mali ang dating, sabihin sa iyong guro o i-report ito bilang isyu (banggitin ang aralin at ang pangungusap).",
        "widgets": "Nasa Tagalog na ang mga button ng mga ehersisyo at ng mesa, ang feedback, ang mga bid at ang payo ng coach; nasa Ingles pa ang mga tanong ng ilang ehersisyo.",
        "widgets-page": "Nasa Tagalog na ang mga button ng mga ehersisyo at ng mesa, ang feedback, ang mga bid at ang payo ng coach, pati ang mga tanong at caption sa pahinang ito.",
        "widgets-none": "Nasa Tagalog na ang mga button ng mga ehersisyo at ng mesa, ang feedback, ang mga bid at ang payo ng coach.",
    },
    "eo": {
        "none": "Ĉi tiu leciono ankoraŭ ne estas tradukita al Esperanto, do ĝi aperas angle.",
        "partial": "Ĉi tiu leciono ankoraŭ ne estas tute tradukita al Esperanto: la netradukitaj partoj aperas angle ({n} el {m} partoj).",
        "new": "Ĉi tiu traduko estas nova: ĝin preparis AI-lingvomodelo, kaj sperta parolanto ankoraŭ ne kontrolis ĝin. Se iu frazo sonas malĝuste, diru tion al via instruisto aŭ raportu ĝin kiel eraron (nomu la lecionon kaj la frazon).",
        "widgets": "La butonoj de la ekzercoj kaj de la tablo, iliaj respondoj, la licitoj kaj la konsiloj de la trejnisto jam estas en Esperanto; la demandoj de kelkaj ekzercoj ankoraŭ estas anglaj.",
        "widgets-page": "La butonoj de la ekzercoj kaj de la tablo, iliaj respondoj, la licitoj kaj la konsiloj de la trejnisto jam estas en Esperanto, same kiel la demandoj kaj klarigoj de ĉi tiu paĝo.",
        "widgets-none": "La butonoj de la ekzercoj kaj de la tablo, iliaj respondoj, la licitoj kaj la konsiloj de la trejnisto jam estas en Esperanto.",
    },
}
NOTICES["en"] = {
    "none": "This lesson is not translated yet, so it is shown in English.",
    "partial": "This lesson is not fully translated yet: the missing parts are shown in English ({n} of {m} parts: paragraphs, questions and captions).",
    "new": "This translation is new. If a sentence reads wrong, tell your teacher or report it as an issue (name the lesson and the sentence).",
    "widgets": "The exercises' and the table's buttons, their feedback, the bids and the coach's advice are translated; the questions some exercises ask are still in English.",
    "widgets-page": "The exercises' and the table's buttons, their feedback, the bids and the coach's advice are translated, and so are this page's questions and captions.",
    "widgets-none": "The exercises' and the table's buttons, their feedback, the bids and the coach's advice are translated.",
}


def notice(lang: str, key: str, **numbers: int) -> str:
    """One of a built page's notes about its translation, in ``lang`` (the pseudo-language's are pseudo English)."""
    if lang == PSEUDO:
        return pseudo_block(NOTICES["en"][key].format(**numbers))
    return NOTICES.get(lang, NOTICES["en"])[key].format(**numbers)



def _notice_cell(text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "id": "i18n-notice", "metadata": {"fivehundred": {"i18n": "notice"}}, "source": f"> {text}"}


def _language_cell(lang: str) -> dict[str, Any]:
    """The first code cell of a built page: the kernel speaks ``lang`` (it shows nothing; not remove-cell, which Voila
    drops before running)."""
    return {"cell_type": "code", "id": "i18n-language", "metadata": {"fivehundred": {"i18n": "language"}},
            "execution_count": None, "outputs": [], "source": f"import fivehundred.i18n\nfivehundred.i18n.use({lang!r})"}


def _switch_cell(lang: str, role: str) -> dict[str, Any]:
    """A removed cell (Voila drops it; nbval runs it) that switches the kernel's language around a self-check."""
    return {"cell_type": "code", "id": f"i18n-{role}", "metadata": {"tags": ["remove-cell"], "fivehundred": {"i18n": role}},
            "execution_count": None, "outputs": [], "source": f"fivehundred.i18n.use({lang!r})"}


def _with_language_cells(cells: list[Any], lang: str) -> list[Any]:
    """The page's cells with the language cell before the first code cell, and each self-check cell (a code cell
    tagged remove-cell: nbval runs it, Voila drops it) run in English, the language its assertions are written in."""
    out: list[Any] = []
    first = True
    for cell in cells:
        if cell.cell_type == "code" and first:
            out.append(nbformat.from_dict(_language_cell(lang)))
            first = False
        check = cell.cell_type == "code" and "remove-cell" in cell.metadata.get("tags", [])
        if check:
            out.append(nbformat.from_dict({**_switch_cell("en", "english-check"), "id": f"i18n-en-{len(out)}"}))
        out.append(cell)
        if check:
            out.append(nbformat.from_dict({**_switch_cell(lang, "language-back"), "id": f"i18n-{lang}-{len(out)}"}))
    return out


def translations(lang: str, stem: str, locale_dir: Path = LOCALE) -> tuple[dict[str, str], set[str]]:
    """(block → translation, blocks whose translation is only fuzzy) for one lesson."""
    po = locale_dir / lang / f"{stem}.po"
    if not po.exists():
        return {}, set()
    done: dict[str, str] = {}
    fuzzy: set[str] = set()
    for m in read_catalogue(po, locale=lang):
        if not m.id or not isinstance(m.string, str) or not m.string:
            continue
        if m.fuzzy:
            fuzzy.add(str(m.id))
        else:
            done[str(m.id)] = m.string
    return done, fuzzy


def _write_text(path: Path, text: str) -> None:
    """Write atomically: two test processes may build at once while Voila serves the pages."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def build(lang: str, out: Path = BUILD, lessons: Path = LESSONS, locale_dir: Path = LOCALE) -> dict[str, Any]:
    """Write ``out/<lang>/*.ipynb``; return (and write) the report of English left in.

    The cells ``tools/nav.py`` owns (the navigation, the contents list, the language picker) are
    not translated as text: they are made again for the language, from its own navigation words
    and from the titles and summaries of the translated lessons, so a title is translated once,
    in its lesson.  A first code cell makes the page's kernel speak ``lang`` (``fivehundred.i18n.use``), and each
    self-check cell (tagged remove-cell: nbval runs it, Voila drops it) runs between two removed cells that switch
    the kernel to English and back, since its assertions quote the English feedback.
    """
    if not re.fullmatch(r"[a-z]{2,3}", lang) or lang == "en":
        raise CatalogueError(f"not a language code to build: {lang!r}")
    nav = _nav_tools()
    if lang == PSEUDO:
        nav.NAV_WORDS.setdefault(PSEUDO, {k: pseudo_block(v) for k, v in nav.ENGLISH.items()})
    if lang not in nav.NAV_WORDS:
        raise CatalogueError(f"tools/nav.py has no navigation words for {lang!r}")
    target = out / lang
    target.mkdir(parents=True, exist_ok=True)
    paths = lesson_paths(lessons)
    keep = {p.name for p in paths}
    for old in target.glob("*.ipynb"):
        if old.name not in keep:
            old.unlink()  # a lesson that was renamed or removed leaves no stale page behind
    left: list[dict[str, Any]] = []
    blocks_total = 0
    pages = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        done, fuzzy = translations(lang, path.stem, locale_dir)
        page_blocks = page_left = page_code = page_code_left = 0
        for i, cell in enumerate(nb.cells):
            if cell.cell_type == "code" and nav_role(cell) is None:
                # the code's _("english") calls: a translated one becomes the translated literal; a missing or fuzzy one
                # stays the call (it shows the English) and is counted and recorded as a markdown block is
                cell.source, replaced, kept = translated_code(cell.source, done, path.stem, i)
                page_code += len(replaced) + len(kept)
                page_code_left += len(kept)
                for c in kept:
                    left.append({"lesson": path.stem, "cell": i, "english": c.text, "why": "fuzzy" if c.text in fuzzy else "missing", "code": True})
                continue
            if cell.cell_type != "markdown" or nav_role(cell) is not None:
                continue
            parts = []
            for text in blocks(cell.source):
                blocks_total += 1
                page_blocks += 1
                if text in done:
                    parts.append(done[text])
                    continue
                page_left += 1
                left.append({"lesson": path.stem, "cell": i, "english": text, "why": "fuzzy" if text in fuzzy else "missing"})
                parts.append(text)
            cell.source = join_blocks(parts)
        blocks_total += page_code
        pages.append((path, nb, page_blocks + page_code, page_left + page_code_left, page_code, page_code_left))
    titles = [nav.lesson_of(nb, path) for path, nb, *_ in pages]
    extras = [nav.appendix_in(a, lang) for a in nav.appendices(lessons)]
    if lang == PSEUDO:
        extras = [nav.Appendix(href=a.href, title=pseudo_block(a.title), about=pseudo_block(a.about)) for a in extras]
    for i, (path, nb, page_blocks, page_left, page_code, page_code_left) in enumerate(pages):
        nb = nav.updated_notebook(nb, titles, i, extras, lang)
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                # the appendices are not translated: from lessons/<lang>/ they are one folder up
                cell.source = cell.source.replace("](extras/", "](../extras/")
        notes = []
        if path.name == "00-welcome.ipynb":
            notes.append(notice(lang, "new"))
        if page_left == page_blocks:
            notes.append(notice(lang, "none"))
        elif page_left:
            notes.append(notice(lang, "partial", n=page_left, m=page_blocks))
        if any(c.cell_type == "code" for c in nb.cells) and page_left < page_blocks:
            # the page's own questions and captions (its code's _() strings): all translated, some still English, or none
            notes.append(notice(lang, "widgets" if page_code_left else "widgets-page" if page_code else "widgets-none"))
        if notes:
            at = next((k + 1 for k, c in enumerate(nb.cells) if nav_role(c) == PICKER), 0)
            nb.cells.insert(at, nbformat.from_dict(_notice_cell("<br>".join(notes))))
        nb.cells = _with_language_cells(nb.cells, lang)
        nb.metadata.setdefault("fivehundred", {})["language"] = lang
        _write_text(target / path.name, nbformat.writes(nb) + "\n")
    report = {"language": lang, "blocks": blocks_total, "english_left": len(left), "blocks_left": left}
    _write_text(target / "untranslated.json", json.dumps(report, ensure_ascii=False, indent=1) + "\n")
    return report


# --- the pseudo-language -------------------------------------------------------------------------

# Spans kept as they are: link targets, inline code, HTML tags and entities, URLs, card symbols
# and numbers (so that 10♦ stays 10♦), and markdown's own markers at the start of a line.
PROTECTED = re.compile(
    r"\]\([^)]*\)"  # a link's target
    r"|`[^`]*`"  # inline code
    r"|<[^>]+>"  # an HTML tag
    r"|&[a-zA-Z]+;|&#\d+;"  # an entity
    r"|https?://\S+"
    r"|\b(?:10|[2-9AKQJ])[♠♣♦♥]|\bJoker\b"  # cards
    r"|\$[^$]*\$"  # maths
)
LINE_MARKER = re.compile(r"^(\s*(?:#{1,6}\s|[-*+]\s|>\s?|\d+\.\s|\|)?)(.*)$")
ACCENTS = str.maketrans("aeiouyAEIOUYcnsz", "áéíóúýÁÉÍÓÚÝçñšž")


def _pseudo_text(text: str) -> str:
    out = []
    for ch in text:
        out.append(ch.translate(ACCENTS))
        if ch in "aeiouAEIOU":
            out.append(ch.translate(ACCENTS))  # every vowel twice: about a third longer, as Slovak or German runs
    return "".join(out)


def pseudo_line(line: str) -> str:
    if re.fullmatch(r"\s*\|?[\s:|-]*\|?\s*", line) or FENCE.match(line):
        return line  # a table's rule line, a fence
    marker, rest = LINE_MARKER.match(line).groups()  # type: ignore[union-attr]
    pieces = []
    pos = 0
    for m in PROTECTED.finditer(rest):
        pieces.append(_pseudo_text(rest[pos : m.start()]))
        pieces.append(m.group(0))
        pos = m.end()
    pieces.append(_pseudo_text(rest[pos:]))
    body = "".join(pieces)
    if not body.strip():
        return line
    return f"{marker}⟦{body}⟧"


def pseudo_block(text: str) -> str:
    """The pseudo-language form of one block.

    >>> pseudo_block("# Trumps")
    '# ⟦Trúúmpš⟧'
    >>> pseudo_block("Play [the next lesson](03-trumps.ipynb) with 10♦.")
    '⟦Plááý [théé ñééxt lééššóóñ](03-trumps.ipynb) wííth 10♦.⟧'
    """
    lines = text.split("\n")
    if lines and FENCE.match(lines[0]):
        return text  # code is not translated
    return "\n".join(pseudo_line(line) for line in lines)


def pseudo(templates: Path = TEMPLATES, locale_dir: Path = LOCALE) -> list[Path]:
    written = []
    for tpl_path in sorted(templates.glob("*.pot")):
        tpl = read_catalogue(tpl_path)
        cat = new_catalog("en")  # babel knows no 'qps'; its plural rule is English's
        for m in tpl:
            if m.id:
                text = pseudo_code(str(m.id)) if is_code_message(m) else pseudo_block(str(m.id))  # a code string keeps its {placeholders}
                cat.add(m.id, text, context=m.context, locations=m.locations, auto_comments=m.auto_comments)
        language_header(cat, PSEUDO, "tools/i18n.py pseudo (generated)")
        target = locale_dir / PSEUDO / f"{tpl_path.stem}.po"
        _write(cat, target)
        written.append(target)
    return written


# --- command line --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("extract")
    sub.add_parser("check")
    u = sub.add_parser("update")
    u.add_argument("langs", nargs="*", default=list(LANGUAGES))
    u.add_argument("--drafted-by", help="recorded as the catalogue's Last-Translator")
    s = sub.add_parser("status")
    s.add_argument("langs", nargs="*", default=list(LANGUAGES))
    b = sub.add_parser("build")
    b.add_argument("langs", nargs="*")
    b.add_argument("--all", action="store_true", help="every language of the course")
    b.add_argument("--out", type=Path, default=BUILD)
    p = sub.add_parser("pseudo")
    p.add_argument("--out", type=Path, default=BUILD)
    args = ap.parse_args(argv)

    if args.cmd == "extract":
        for path in [*extract(), extract_code(), extract_hands()]:
            print(path.relative_to(ROOT))
    elif args.cmd == "check":
        stale = stale_templates()
        if code_template_stale():
            stale.append(f"the code ({CODE_TEMPLATE.relative_to(ROOT)})")
        if hands_template_stale():
            stale.append(f"the guided hands ({(TEMPLATES / HANDS_STEM).relative_to(ROOT)}.pot)")
        if stale:
            print("out of date (run `python tools/i18n.py extract`): " + ", ".join(stale))
            return 1
        print("templates up to date")
    elif args.cmd == "update":
        for lang in args.langs:
            update(lang, drafted_by=args.drafted_by)
            update_code(lang, drafted_by=args.drafted_by)
            print(f"{lang}: {len(list((LOCALE / lang).glob('*.po')))} catalogues and the code's")
    elif args.cmd == "status":
        for lang in args.langs:
            rows = status(lang)
            code = code_status(lang)
            print(f"{lang} code: {code.translated}/{code.total} messages translated, {code.fuzzy} fuzzy, {code.missing} missing")
            for h in (r for r in rows if r.lesson == HANDS_STEM):
                print(f"{lang} (hands): {h.translated}/{h.total} messages translated, {h.fuzzy} fuzzy, {h.missing} missing")
            rows = [r for r in rows if r.lesson != HANDS_STEM]
            total = sum(r.total for r in rows)
            done = sum(r.translated for r in rows)
            fuzzy = sum(r.fuzzy for r in rows)
            print(f"{lang} ({LANGUAGE_NAMES.get(lang, lang)}): {done}/{total} blocks translated, {fuzzy} fuzzy, {total - done - fuzzy} missing")
            for r in rows:
                if r.translated or r.fuzzy:
                    print(f"  {r.lesson}: {r.translated}/{r.total} translated, {r.fuzzy} fuzzy")
    elif args.cmd == "build":
        if not args.langs and not args.all:
            ap.error("build: name the languages, or --all")
        for lang in args.langs or LANGUAGES:
            rep = build(lang, args.out)
            print(f"{lang}: {rep['blocks']} blocks, {rep['english_left']} left in English (see {args.out / lang / 'untranslated.json'})")
    elif args.cmd == "pseudo":
        pseudo()
        pseudo_code_catalogue()
        rep = build(PSEUDO, args.out)
        print(f"{PSEUDO}: {rep['blocks']} blocks, {rep['english_left']} left in English")
    return 0


if __name__ == "__main__":
    sys.exit(main())
