"""The lessons' translation catalogues: extract, update, check and build (issue #28).

The English notebooks in ``lessons/`` stay the one source.  Every markdown cell is cut into
blocks (the text between blank lines, a fenced code block or a table kept whole), and each block
is one message of its lesson's catalogue, with the lesson's file stem as the context:

    python tools/i18n.py extract           # locale/templates/<stem>.pot from lessons/*.ipynb
    python tools/i18n.py update sk [vi …]  # create or update locale/<lang>/<stem>.po from the templates
    python tools/i18n.py status            # per language and lesson: translated, fuzzy, missing
    python tools/i18n.py build sk [--out DIR]   # DIR/<lang>/*.ipynb (default build/lessons)
    python tools/i18n.py pseudo            # the pseudo-language catalogue (see below), then build it
    python tools/i18n.py check             # exit 1 if a template is out of date with the lessons

``update`` keeps every translation whose English is unchanged; a block whose English changed
gets its old translation marked **fuzzy** (Babel's fuzzy matching), and a new block gets an empty
one.  ``build`` writes each language's notebooks with the translated blocks; a block with no
translation, or only a fuzzy one, is **never served silently**: the built notebook keeps the
English block, and ``DIR/<lang>/untranslated.json`` records every such block (lesson, cell,
the English, and whether it was missing or fuzzy).  Code cells are copied unchanged: what they
print comes from the engine and the widgets, which translate their own strings.

The pseudo-language ``qps`` (the BCP 47 private-use tag Windows uses for pseudo-locales) wraps
every block in ⟦ ⟧, accents its letters and lengthens it by about a third, while keeping the
markdown syntax, links, code, HTML tags and card symbols intact: a page built in it shows at a
glance which text bypasses the catalogues and which layouts break with longer words.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
LOCALE = ROOT / "locale"
TEMPLATES = LOCALE / "templates"
BUILD = ROOT / "build" / "lessons"
LANGUAGES = ("id", "vi", "sk", "tl", "eo")  # the languages of the rule texts in ../shared/rules/seeds
PSEUDO = "qps"
PROJECT = "fivehundred"
LANGUAGE_NAMES = {
    "en": "English",
    "id": "Bahasa Indonesia",
    "vi": "Tiếng Việt",
    "sk": "Slovenčina",
    "tl": "Tagalog",
    "eo": "Esperanto",
    PSEUDO: "Pseudo-language (tests)",
}


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


def lesson_blocks(path: Path) -> Iterator[Block]:
    nb = read_notebook(path)
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        for text in blocks(cell_source(cell)):
            yield Block(path.stem, i, text)


# --- catalogues ----------------------------------------------------------------------------------


def template_for(path: Path) -> Catalog:
    """The template catalogue of one lesson: every block once, with the cells it stands in."""
    cat = new_catalog(None)
    for b in lesson_blocks(path):
        # the location's number is the cell's, counted from 1 (a translator finds the cell in Jupyter)
        cat.add(b.text, context=b.lesson, locations=[(f"{b.lesson}.ipynb", b.cell + 1)])
    return cat


HEADER = """\
# {title}: the translatable blocks of the lesson's markdown, one message a block.
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
    tmp = path.with_suffix(path.suffix + ".tmp")
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
    except Exception as exc:  # babel raises its own PoFileError and plain ValueErrors
        raise CatalogueError(f"{path.relative_to(ROOT)} cannot be read: {exc}") from None


def extract(lessons: Path = LESSONS, templates: Path = TEMPLATES) -> list[Path]:
    written = []
    for path in lesson_paths(lessons):
        target = templates / f"{path.stem}.pot"
        _write(template_for(path), target)
        written.append(target)
    stems = {p.stem for p in lesson_paths(lessons)}
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


# --- building a language's notebooks --------------------------------------------------------------


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


def build(lang: str, out: Path = BUILD, lessons: Path = LESSONS, locale_dir: Path = LOCALE) -> dict[str, Any]:
    """Write ``out/<lang>/*.ipynb``; return (and write) the report of English left in."""
    target = out / lang
    target.mkdir(parents=True, exist_ok=True)
    left: list[dict[str, Any]] = []
    blocks_total = 0
    for path in lesson_paths(lessons):
        nb = read_notebook(path)
        done, fuzzy = translations(lang, path.stem, locale_dir)
        for i, cell in enumerate(nb["cells"]):
            if cell["cell_type"] != "markdown":
                continue
            parts = []
            for text in blocks(cell_source(cell)):
                blocks_total += 1
                if text in done:
                    parts.append(done[text])
                    continue
                left.append({"lesson": path.stem, "cell": i, "english": text, "why": "fuzzy" if text in fuzzy else "missing"})
                parts.append(text)
            cell["source"] = join_blocks(parts)
        nb.setdefault("metadata", {}).setdefault("fivehundred", {})["language"] = lang
        with (target / path.name).open("w", encoding="utf-8") as f:
            json.dump(nb, f, ensure_ascii=False, indent=1)
            f.write("\n")
    report = {"language": lang, "blocks": blocks_total, "english_left": len(left), "blocks_left": left}
    with (target / "untranslated.json").open("w", encoding="utf-8") as f:
        json.dump(report, f, ensure_ascii=False, indent=1)
        f.write("\n")
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
                cat.add(m.id, pseudo_block(str(m.id)), context=m.context, locations=m.locations)
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
    b.add_argument("langs", nargs="+")
    b.add_argument("--out", type=Path, default=BUILD)
    p = sub.add_parser("pseudo")
    p.add_argument("--out", type=Path, default=BUILD)
    args = ap.parse_args(argv)

    if args.cmd == "extract":
        for path in extract():
            print(path.relative_to(ROOT))
    elif args.cmd == "check":
        stale = stale_templates()
        if stale:
            print("out of date (run `python tools/i18n.py extract`): " + ", ".join(stale))
            return 1
        print("templates up to date")
    elif args.cmd == "update":
        for lang in args.langs:
            update(lang, drafted_by=args.drafted_by)
            print(f"{lang}: {len(list((LOCALE / lang).glob('*.po')))} catalogues")
    elif args.cmd == "status":
        for lang in args.langs:
            rows = status(lang)
            total = sum(r.total for r in rows)
            done = sum(r.translated for r in rows)
            fuzzy = sum(r.fuzzy for r in rows)
            print(f"{lang} ({LANGUAGE_NAMES.get(lang, lang)}): {done}/{total} blocks translated, {fuzzy} fuzzy, {total - done - fuzzy} missing")
            for r in rows:
                if r.translated or r.fuzzy:
                    print(f"  {r.lesson}: {r.translated}/{r.total} translated, {r.fuzzy} fuzzy")
    elif args.cmd == "build":
        for lang in args.langs:
            rep = build(lang, args.out)
            print(f"{lang}: {rep['blocks']} blocks, {rep['english_left']} left in English (see {args.out / lang / 'untranslated.json'})")
    elif args.cmd == "pseudo":
        pseudo()
        rep = build(PSEUDO, args.out)
        print(f"{PSEUDO}: {rep['blocks']} blocks, {rep['english_left']} left in English")
    return 0


if __name__ == "__main__":
    sys.exit(main())
