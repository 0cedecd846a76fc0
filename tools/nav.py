"""Generate the lesson navigation and the contents list, idempotently.

Every ``lessons/NN-title.ipynb`` (or ``NN.MM-title.ipynb``) gets a navigation
markdown cell at the top and at the bottom (previous / contents / next), and
the welcome notebook ``00-welcome.ipynb`` gets its contents list.  The
notebook metadata ``title`` (the browser tab's title in Voila) is set too.  The cells
this tool owns carry cell metadata ``{"fivehundred": {"nav": "top" | "bottom"
| "contents" | "languages"}}``, so a second run rewrites them instead of adding more.
The "languages" cell, just below the top navigation, links to the same page in every
language the course is built in (``tools/i18n.py build`` writes ``lessons/<code>/``).

Titles come from each notebook's first ``# Title`` markdown cell.  The one-line
summary in the contents list comes from the notebook metadata
``{"fivehundred": {"summary": "..."}}`` if present, otherwise from the first
non-empty line after the title.

Usage::

    python tools/nav.py            # rewrite notebooks that are out of date
    python tools/nav.py --check    # exit 1 (and list them) if any would change
    python tools/nav.py --lessons DIR
    python tools/nav.py lessons/01-the-pack.ipynb   # write only these (links still use every lesson)

Links are relative (``01-the-pack.ipynb``): they work in Voila directory mode
and in JupyterLab.

Notebooks in ``lessons/extras/`` whose metadata has ``{"fivehundred": {"appendix":
"what it is"}}`` are listed after the lessons under "Appendix", with that
sentence.  They are not lessons: no lesson links to them as Previous or Next,
and the progress count leaves them out.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
WELCOME = "00-welcome.ipynb"
LESSON_NAME = re.compile(r"^(?P<num>\d{2}(?:\.\d{2})?)-[a-z0-9]+(?:-[a-z0-9]+)*\.ipynb$")
META_KEY = "fivehundred"
NAV_TOP, NAV_BOTTOM, CONTENTS, LANGUAGES = "top", "bottom", "contents", "languages"
NAV_ROLES = (NAV_TOP, NAV_BOTTOM, CONTENTS, LANGUAGES)

# The languages the course is built in (tools/i18n.py builds lessons/<code>/), each named in itself.
# English is the source; the picker on every page links to the same page in each language.
def _course_languages() -> tuple[tuple[str, str], ...]:
    """The course's languages and their names, from the engine's one list (fivehundred.i18n)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from fivehundred.i18n import COURSE_LANGUAGES as languages

    return languages


COURSE_LANGUAGES = _course_languages()


# The navigation's own words, per language (tools/i18n.py builds each language's navigation with them and
# with the lesson titles and summaries from that language's catalogues).
ENGLISH = {"previous": "Previous", "contents": "Contents", "next": "Next", "lesson": "Lesson", "appendix": "Appendix"}
NAV_WORDS = {
    "en": ENGLISH,
    "id": {"previous": "Sebelumnya", "contents": "Daftar isi", "next": "Berikutnya", "lesson": "Pelajaran", "appendix": "Lampiran"},
    "vi": {"previous": "Bài trước", "contents": "Mục lục", "next": "Bài sau", "lesson": "Bài", "appendix": "Phụ lục"},
    "sk": {"previous": "Predchádzajúca", "contents": "Obsah", "next": "Ďalšia", "lesson": "Lekcia", "appendix": "Príloha"},
    "tl": {"previous": "Nakaraan", "contents": "Nilalaman", "next": "Susunod", "lesson": "Aralin", "appendix": "Apendiks"},
    "eo": {"previous": "Antaŭa", "contents": "Enhavo", "next": "Sekva", "lesson": "Leciono", "appendix": "Aldono"},
}


def languages_markdown(page: str, here: str = "en") -> str:
    """The language picker for ``page`` (a notebook's file name) as seen from language ``here``.

    English pages sit in ``lessons/``, a language's in ``lessons/<code>/``, so the links climb
    one folder from a translated page.

    >>> languages_markdown("03-trumps.ipynb")[:58]
    '**English** · [Bahasa Indonesia](id/03-trumps.ipynb) · [Ti'
    >>> languages_markdown("03-trumps.ipynb", "sk").split(" · ")[:2]
    ['[English](../03-trumps.ipynb)', '[Bahasa Indonesia](../id/03-trumps.ipynb)']
    """
    up = "" if here == "en" else "../"
    parts = []
    for code, name in COURSE_LANGUAGES:
        if code == here:
            parts.append(f"**{name}**")
        elif code == "en":
            parts.append(f"[{name}]({up}{page})")
        else:
            parts.append(f"[{name}]({up}{code}/{page})")
    return " · ".join(parts)  # no globe symbol: the fonts of a plain Debian machine draw it as a box


class NavError(Exception):
    """A lesson notebook is misnamed or has no title."""


@dataclass(frozen=True)
class Lesson:
    path: Path
    number: str  # "01" or "03.02"
    title: str
    summary: str

    @property
    def href(self) -> str:
        return self.path.name

    @property
    def label(self) -> str:
        """``"Lesson 1"``, ``"Lesson 3.2"``."""
        return self.label_in(ENGLISH)

    def label_in(self, words: dict[str, str]) -> str:
        major, _, minor = self.number.partition(".")
        return f"{words['lesson']} {int(major)}" + (f".{int(minor)}" if minor else "")


def _role(cell: Any) -> str | None:
    meta = cell.get("metadata", {}).get(META_KEY, {})
    role = meta.get("nav") if isinstance(meta, dict) else None
    return role if role in NAV_ROLES else None


def lesson_paths(lessons: Path = LESSONS) -> list[Path]:
    """Every ``NN-*.ipynb`` in ``lessons``, sorted; raises on a misnamed notebook."""
    paths = sorted(p for p in lessons.glob("*.ipynb"))
    bad = [p.name for p in paths if not LESSON_NAME.match(p.name)]
    if bad:
        raise NavError(f"lesson notebooks must be named NN-title-with-hyphens.ipynb: {', '.join(bad)}")
    return paths


def _markdown_lines(nb: Any) -> list[str]:
    """The lines of every markdown cell that this tool does not own, in order."""
    lines: list[str] = []
    for cell in nb.cells:
        if cell.cell_type == "markdown" and _role(cell) is None:
            lines.extend(cell.source.splitlines())
    return lines


def read_lesson(path: Path) -> Lesson:
    return lesson_of(nbformat.read(path, as_version=4), path)


def lesson_of(nb: Any, path: Path) -> Lesson:
    """The lesson ``nb`` (the notebook at ``path``, or its translation): number, title and summary."""
    match = LESSON_NAME.match(path.name)
    if match is None:
        raise NavError(f"{path.name}: not named NN-title-with-hyphens.ipynb")
    lines = _markdown_lines(nb)
    title_at = next((i for i, line in enumerate(lines) if line.startswith("# ")), None)
    if title_at is None:
        raise NavError(f"{path.name}: no '# Title' markdown cell")
    title = lines[title_at][2:].strip()
    summary = str(nb.metadata.get(META_KEY, {}).get("summary", "")).strip()
    if not summary:
        summary = next((line.strip() for line in lines[title_at + 1 :] if line.strip()), "")
    return Lesson(path=path, number=match["num"], title=title, summary=summary)


def nav_markdown(lessons: list[Lesson], i: int, words: dict[str, str] = ENGLISH) -> str:
    """The navigation line for ``lessons[i]``."""
    here = lessons[i]
    parts: list[str] = []
    if here.href == WELCOME:
        parts.append(f"**{words['contents']}**")
    else:
        if i > 0 and lessons[i - 1].href != WELCOME:
            prev = lessons[i - 1]
            parts.append(f"[« {words['previous']}: {prev.title}]({prev.href})")
        parts.append(f"[{words['contents']}]({WELCOME})")
    if i + 1 < len(lessons):
        nxt = lessons[i + 1]
        parts.append(f"[{words['next']}: {nxt.title} »]({nxt.href})")
    return " &nbsp;|&nbsp; ".join(parts)


@dataclass(frozen=True)
class Appendix:
    href: str  # relative to the lessons folder: "extras/under-the-hood.ipynb"
    title: str
    about: str


def appendices(lessons: Path = LESSONS) -> list[Appendix]:
    """The notebooks in ``lessons/extras`` marked as appendices, sorted by file name."""
    out = []
    for path in sorted((lessons / "extras").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        about = str(nb.metadata.get(META_KEY, {}).get("appendix", "")).strip()
        if not about:
            continue
        lines = _markdown_lines(nb)
        title = next((line[2:].strip() for line in lines if line.startswith("# ")), path.stem)
        out.append(Appendix(href=f"extras/{path.name}", title=title, about=about))
    return out


#: each appendix's title and sentence in each language, by its English sentence (an appendix is English-only: its
#: entry on a translated contents page says so; a changed English sentence falls back to the English entry)
APPENDIX_WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "For the curious: how the course's rules engine works, shown with short pieces of Python. Not a lesson: you never need code to learn or play, and it does not count toward your progress.": {
        "sk": ("Pod kapotou (po anglicky)",
               "Pre zvedavých: ako funguje pravidlový stroj kurzu, ukázaný na krátkych kúskoch Pythonu. Nie je to lekcia: na učenie ani hru kód nikdy nepotrebujete a do vášho pokroku sa nepočíta. Táto príloha je len po anglicky."),
        "id": ("Di balik layar (dalam bahasa Inggris)",
               "Untuk yang penasaran: cara kerja mesin aturan kursus ini, ditunjukkan dengan potongan-potongan pendek Python. Ini bukan pelajaran: Anda tidak pernah memerlukan kode untuk belajar atau bermain, dan ini tidak dihitung dalam kemajuan Anda. Lampiran ini hanya dalam bahasa Inggris."),
        "vi": ("Bên trong bộ máy (bằng tiếng Anh)",
               "Dành cho người tò mò: bộ máy luật của khóa học hoạt động ra sao, minh họa bằng những đoạn Python ngắn. Đây không phải bài học: bạn không bao giờ cần code để học hay chơi, và phần này không tính vào tiến độ của bạn. Phụ lục này chỉ có bằng tiếng Anh."),
        "tl": ("Sa ilalim ng makina (sa Ingles)",
               "Para sa mausisa: kung paano gumagana ang makina ng mga tuntunin ng kurso, ipinapakita sa maiikling piraso ng Python. Hindi ito aralin: hindi mo kailanman kailangan ng code para matuto o maglaro, at hindi ito kasama sa iyong pag-usad. Nasa Ingles lamang ang apendiks na ito."),
        "eo": ("Sub la kapoto (angle)",
               "Por la scivolemaj: kiel funkcias la regula motoro de la kurso, montrite per mallongaj pecoj de Python. Ne leciono: vi neniam bezonas kodon por lerni aŭ ludi, kaj ĝi ne kalkuliĝas en via progreso. Ĉi tiu aldono estas nur angla."),
    },
}


def appendix_in(appendix: Appendix, lang: str) -> Appendix:
    """``appendix``'s entry for the contents page in ``lang`` (the English one if it has no translation)."""
    title, about = APPENDIX_WORDS.get(appendix.about, {}).get(lang, (appendix.title, appendix.about))
    return Appendix(href=appendix.href, title=title, about=about)


def contents_markdown(lessons: list[Lesson], extras: list[Appendix] | None = None, words: dict[str, str] = ENGLISH) -> str:
    """The contents list written into the welcome notebook (lessons, then any appendix)."""
    rows = [f"## {words['contents']}", ""]
    for lesson in lessons:
        if lesson.href == WELCOME:
            continue
        line = f"- **{lesson.label_in(words)}: [{lesson.title}]({lesson.href})**"
        if lesson.summary:
            line += f"<br>{lesson.summary}"
        rows.append(line)
    if extras:
        rows += ["", f"### {words['appendix']}", ""]
        rows += [f"- **[{a.title}]({a.href})**<br>{a.about}" for a in extras]
    return "\n".join(rows)


def _nav_cell(role: str, source: str) -> Any:
    return nbformat.v4.new_markdown_cell(source=source, metadata={META_KEY: {"nav": role}})


def updated_notebook(
    nb: Any, lessons: list[Lesson], i: int, extras: list[Appendix] | None = None, lang: str = "en"
) -> Any:
    """``nb`` with its navigation cells (and, for the welcome page, contents) rewritten, in ``lang``."""
    words = NAV_WORDS[lang]
    nav = nav_markdown(lessons, i, words)
    contents_at = next((k for k, c in enumerate(nb.cells) if _role(c) == CONTENTS), None)
    body = []
    for k, cell in enumerate(nb.cells):
        role = _role(cell)
        if role in (NAV_TOP, NAV_BOTTOM, LANGUAGES):
            continue
        if role == CONTENTS and k != contents_at:
            continue  # a duplicated contents cell: keep only the first
        body.append(cell)
    if lessons[i].href == WELCOME:
        contents = _nav_cell(CONTENTS, contents_markdown(lessons, extras, words))
        where = next((k for k, c in enumerate(body) if _role(c) == CONTENTS), None)
        if where is None:
            body.append(contents)
        else:
            body[where] = contents
    picker = _nav_cell(LANGUAGES, languages_markdown(lessons[i].href, lang))
    nb.cells = [_nav_cell(NAV_TOP, nav), picker, *body, _nav_cell(NAV_BOTTOM, nav)]
    title = lessons[i].title
    nb.metadata["title"] = title if "Five Hundred" in title else f"{title} · Five Hundred"  # the tab's title
    for k, cell in enumerate(nb.cells):
        cell["id"] = str(k)  # the ids nbstripout writes, so `nbstripout --verify` stays clean
    return nb


def plan(lessons_dir: Path = LESSONS) -> dict[Path, str]:
    """The new text of every notebook whose navigation is out of date."""
    paths = lesson_paths(lessons_dir)
    lessons = [read_lesson(p) for p in paths]
    extras = appendices(lessons_dir)
    changes: dict[Path, str] = {}
    for i, path in enumerate(paths):
        old = path.read_text(encoding="utf-8")
        nb = updated_notebook(nbformat.reads(old, as_version=4), lessons, i, extras)
        new = nbformat.writes(nb) + "\n"
        if new != old:
            changes[path] = new
    return changes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if any notebook would change")
    parser.add_argument("--lessons", type=Path, default=LESSONS, help="the lessons folder")
    parser.add_argument("only", nargs="*", type=Path, help="check or write only these notebooks")
    args = parser.parse_args(argv)
    try:
        changes = plan(args.lessons)
    except NavError as err:
        print(f"nav: {err}", file=sys.stderr)
        return 2
    if args.only:
        wanted = {p.resolve() for p in args.only}
        changes = {path: text for path, text in changes.items() if path.resolve() in wanted}
    if args.check:
        for path in changes:
            print(f"nav: out of date: {path.name} (run `make nav`)")
        return 1 if changes else 0
    for path, text in changes.items():
        path.write_text(text, encoding="utf-8")
        print(f"nav: updated {path.name}")
    if not changes:
        print("nav: all notebooks up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
