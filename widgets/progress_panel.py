"""The contents page's progress panel: how far the learner has got in each lesson, and a reset button."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import ipywidgets as w

from fivehundred import i18n
from fivehundred.i18n import _, ngettext
from widgets._common import message_html
from widgets.progress import ProgressStore, shared_store

__all__ = ["ProgressPanel", "lesson_titles", "contents_in"]

CONTENTS = "00-welcome.ipynb"


def contents_in(lang: str, here: str) -> str:
    """The link from the contents page in language ``here`` to the contents page in ``lang``: the English pages
    are in lessons/, each language's in lessons/<code>/ (``contents_in("sk", "en")`` is ``"sk/00-welcome.ipynb"``)."""
    up = "" if here == "en" else "../"
    return f"{up}{CONTENTS}" if lang == "en" else f"{up}{lang}/{CONTENTS}"

_LESSON_FILE = re.compile(r"^(\d{2})-[a-z0-9-]+\.ipynb$")


def lesson_titles(lessons_dir: str | Path = ".") -> list[tuple[str, str, str]]:
    """``(number, title, file name)`` for every ``NN-*.ipynb`` lesson except the contents page, in order."""
    out = []
    for path in sorted(Path(lessons_dir).glob("[0-9][0-9]-*.ipynb")):
        match = _LESSON_FILE.match(path.name)
        if not match or match.group(1) == "00":
            continue
        title = path.stem
        for cell in json.loads(path.read_text(encoding="utf-8")).get("cells", []):
            if cell.get("cell_type") != "markdown":
                continue
            source = "".join(cell.get("source", []))
            heading = re.search(r"^# (.+)$", source, re.MULTILINE)
            if heading:
                title = heading.group(1).strip()
                break
        out.append((match.group(1), title, path.name))
    return out


class ProgressPanel(w.VBox):
    """A table of lessons with the exercises solved in each, and a "Start again" button.

    ``store`` defaults to the kernel's shared progress store; ``lessons_dir``
    is where the lesson notebooks are (Voilà runs a page in its own folder).
    """

    def __init__(self, lessons_dir: str | Path = ".", store: ProgressStore | None = None) -> None:
        super().__init__()
        self.add_class("fh-progress")
        self._store = store if store is not None else shared_store()
        self._lessons = lesson_titles(lessons_dir)
        self._table = w.HTML()
        self._notice = w.HTML()
        self._notice.add_class("fh-progress-notice")
        self._language = w.HTML()
        self._language.add_class("fh-progress-language")
        self._reset = w.Button(description=_("Start again (forget my progress)"), layout=w.Layout(width="auto"))
        self._reset.add_class("fh-progress-reset")
        self._confirm = w.Button(description=_("Yes, forget it all"), button_style="danger", layout=w.Layout(width="auto"))
        self._confirm.add_class("fh-progress-confirm")
        self._confirm.layout.display = "none"
        self._reset.on_click(lambda _b: self._ask())
        self._confirm.on_click(lambda _b: self.reset())
        self.children = (self._notice, self._language, self._table, w.HBox((self._reset, self._confirm)))
        self.refresh()

    def _language_html(self) -> str:
        """A link to the contents page in the language the learner last studied in, when this page is in another."""
        try:
            saved = self._store.language() if self._store else "en"
        except OSError:
            return ""
        here = i18n.language()
        names = dict(i18n.COURSE_LANGUAGES)
        if saved == here or saved not in names or here not in names:
            return ""
        text = _("You last studied in {language}.").format(language=names[saved])
        link = _("Continue in {language}").format(language=names[saved])
        href = html.escape(contents_in(saved, here), quote=True)
        return (f'<p style="font-size:15px;margin:4px 0 8px 0">{html.escape(text)} '
                f'<a href="{href}">{html.escape(link)} »</a></p>')

    def summary(self) -> list[tuple[str, str, int, int]]:
        """``(number, title, solved, known)`` per lesson."""
        rows = []
        for number, title, _name in self._lessons:
            solved, known = self._store.lesson_summary(number) if self._store else (0, 0)
            rows.append((number, title, solved, known))
        return rows

    def refresh(self) -> None:
        """Re-read the saved progress and redraw.

        The contents list above already names every lesson, so the panel lists only
        the lessons the learner has started, under one line with the totals.
        """
        notice = self._store.notice if self._store else _("Progress can't be saved on this computer.")
        self._notice.value = message_html(notice, "info") if notice else ""
        self._language.value = self._language_html()
        rows = self.summary()
        started = [r for r in rows if r[3]]
        if not started:
            nothing = _("Nothing yet: not started. Your progress appears here as you answer the exercises.")
            self._table.value = (
                '<p class="fh-progress-total" style="font-size:15px;margin:4px 0 8px 0">'
                f"{html.escape(nothing)}</p>"
            )
            return
        mastered = sum(r[2] for r in started)
        known = sum(r[3] for r in started)
        done = sum(1 for r in started if r[2] == r[3])
        lessons = ngettext("{done} of {total} lesson done", "{done} of {total} lessons done", len(rows)).format(
            done=done, total=len(rows))
        exercises = ngettext(
            "{mastered} of the {known} exercise you have met mastered "
            "(an exercise counts once you solve it before asking for its answer).",
            "{mastered} of the {known} exercises you have met mastered "
            "(an exercise counts once you solve it before asking for its answer).", known).format(
            mastered=mastered, known=known)
        total = _("{lessons}; {exercises}").format(lessons=lessons, exercises=exercises)
        cells = []
        for number, title, solved, known_here in started:
            if solved == known_here:
                status, colour = _("✓ done"), "#1b7f3b"
            elif solved:
                status = ngettext("{solved} of {known} exercise", "{solved} of {known} exercises", known_here).format(
                    solved=solved, known=known_here)
                colour = "#8a5a00"
            else:
                status, colour = _("started"), "#555"
            cells.append(
                f'<tr data-lesson="{number}"><td style="padding:3px 10px 3px 0;color:#555">{number}</td>'
                f'<td style="padding:3px 14px 3px 0">{html.escape(title)}</td>'
                f'<td class="fh-progress-status" style="padding:3px 0;color:{colour};font-weight:600">{html.escape(status)}</td></tr>'
            )
        lesson_head, progress_head = _("Lesson started"), _("Your progress")
        self._table.value = (
            f'<p class="fh-progress-total" style="font-size:15px;margin:4px 0">{html.escape(total)}</p>'
            '<table style="border-collapse:collapse;font-size:15px;margin:4px 0 8px 0">'
            '<tr><th style="text-align:left;padding-right:10px">#</th>'
            f'<th style="text-align:left">{html.escape(lesson_head)}</th>'
            f'<th style="text-align:left">{html.escape(progress_head)}</th></tr>' + "".join(cells) + "</table>"
        )

    def _ask(self) -> None:
        self._confirm.layout.display = None

    def reset(self) -> None:
        """Forget all saved progress (what the confirm button does)."""
        if self._store is not None:
            self._store.reset()
        self._confirm.layout.display = "none"
        self.refresh()

    def __repr__(self) -> str:
        return f"ProgressPanel(lessons={len(self._lessons)})"
