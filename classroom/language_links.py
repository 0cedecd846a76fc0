"""``?lang=xx`` links (issue #28, item 3): any course page asked for with ``?lang=xx`` is sent (302)
to the same page in that language, so a link can choose the language (``/voila/render/13-winning-the-game.ipynb?lang=sk``
→ ``/voila/render/sk/13-winning-the-game.ipynb``; ``/voila/render/sk/13-….ipynb?lang=en`` → the English page;
``/``, ``/voila`` or the tree with ``?lang=sk`` → the contents page in Slovak).  The page it lands on records
its language with the learner's progress as any page opened in that language does (``widgets.progress``), so
the choice is remembered.  A language the course does not have is answered 400 with a plain page naming the
languages it has; a page the course does not have, 404.  No redirect, no refusal carries the request's text
unescaped: the target is always a path on this server made of the course's own page names.

:func:`language_link` is the whole rule, pure (a path and a language in, a path or a :class:`LanguageLinkError` out);
both servers use it through :class:`LanguageLinkHandler`, ahead of Voila's own routes and only for requests that
carry ``lang``:

* the local course (``make course``): ``tools/serve.py`` runs Voila as :class:`CourseVoila`, standalone Voila with
  the handler first (``python -m classroom.language_links lessons ...``, the same command line as ``python -m voila``);
* the classroom: each learner's server loads this module as a jupyter server extension
  (``classroom/jupyter_server_config.json``), which puts the handler in front of the Voila extension's routes.
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote

from jupyter_server.base.handlers import JupyterHandler
from tornado import web
from tornado.httputil import HTTPServerRequest
from tornado.routing import Matcher, Rule
from voila.app import Voila  # type: ignore[import-untyped]

from fivehundred.errors import LanguageError, shown
from fivehundred.i18n import COURSE_LANGUAGES, LANGUAGES

__all__ = ["CONTENTS", "COURSE_DATA", "CoursePages", "LanguageLinkError", "LanguageLinkHandler", "course_pages",
           "jupyter_path_with_course", "language_link", "language_link_rule", "CourseVoila"]

#: the course's contents page, where the tree and the server's root send a language link
CONTENTS = "00-welcome.ipynb"
#: a page name this module will ever put in a redirect (the course's files are all like this)
PAGE_NAME = re.compile(r"[0-9A-Za-z][0-9A-Za-z_-]*\.ipynb")
NAMES = dict(COURSE_LANGUAGES)
#: the folders a page in another language lives in (``lessons/<lang>/``), the pseudo-language's included
LANGUAGE_FOLDERS = frozenset(code for code in LANGUAGES if code != "en")


class LanguageLinkError(LanguageError):
    """A ``?lang=`` link that is not followed: no such language (400) or no such page (404)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class CoursePages:
    """The pages a language link may lead to, by path under ``/voila/render/``."""

    #: ``lessons/NN-*.ipynb``: the lessons, built in every language as ``lessons/<lang>/NN-*.ipynb``
    lessons: frozenset[str]
    #: the other pages (``extras/*.ipynb``): in English only
    english_only: frozenset[str] = frozenset()


def course_pages(root: Path) -> CoursePages:
    """The pages in Voila's root folder (``lessons/``), as ``tools/i18n.py`` builds them (lessons start with a digit)."""
    top = {p.name for p in root.glob("*.ipynb") if PAGE_NAME.fullmatch(p.name)}
    extras = {f"extras/{p.name}" for p in (root / "extras").glob("*.ipynb") if PAGE_NAME.fullmatch(p.name)}
    lessons = {name for name in top if name[0].isdigit()}
    return CoursePages(frozenset(lessons), frozenset((top - lessons) | extras))


def _page(lang: str, name: str) -> str:
    return f"voila/render/{name}" if lang == "en" else f"voila/render/{lang}/{name}"


def language_link(path: str, lang: str, pages: CoursePages) -> str:
    """Where a request for ``path`` with ``?lang=<lang>`` goes: the same page in ``lang``.

    ``path`` is the URL path after the server's base URL, as sent (percent-encoded or not), for example
    ``voila/render/13-winning-the-game.ipynb``, ``voila/render/sk/13-winning-the-game.ipynb``, ``voila/tree`` or
    ``""`` (the root); the answer is a path of the same kind (``voila/render/sk/13-winning-the-game.ipynb``), made only
    of the course's own page names.  The root, ``voila`` and the tree lead to the contents page.

    Raises:
        LanguageLinkError: ``lang`` is not one of the course's languages (status 400), the page has no
            version in it (400), or ``path`` is not one of the course's pages (404).

    >>> pages = CoursePages(frozenset({"13-winning-the-game.ipynb", CONTENTS}))
    >>> language_link("voila/render/13-winning-the-game.ipynb", "sk", pages)
    'voila/render/sk/13-winning-the-game.ipynb'
    >>> language_link("voila/render/sk/13-winning-the-game.ipynb", "en", pages)
    'voila/render/13-winning-the-game.ipynb'
    >>> language_link("", "vi", pages)
    'voila/render/vi/00-welcome.ipynb'
    """
    code = lang.strip().lower()
    if code not in NAMES:
        raise LanguageLinkError(f"no language {shown(lang, 40)} in the course ({', '.join(NAMES)})", 400)
    rest = unquote(path).strip("/")
    if rest in ("", "voila", "voila/tree") or (rest.startswith("voila/tree/")
                                               and rest[len("voila/tree/"):] in LANGUAGE_FOLDERS | {"extras"}):
        return _page(code, CONTENTS)
    if rest.startswith("voila/render/"):
        page = rest[len("voila/render/"):]
        folder, _, name = page.partition("/")
        if folder in LANGUAGE_FOLDERS and name in pages.lessons:
            page = name
        if page in pages.lessons:
            return _page(code, page)
        if page in pages.english_only:
            if code != "en":
                raise LanguageLinkError(f"the page {page} is in English only, not in {NAMES[code]}", 400)
            return _page("en", page)
    raise LanguageLinkError(f"no page {shown(path, 80)} in the course", 404)


# --- the handler, for both servers -----------------------------------------------------------------


class _WithLang(Matcher):
    """Matches a request for a course page (under ``prefix``) whose query string names ``lang``, and nothing else,
    so every other request goes on to Voila's own routes."""

    def __init__(self, prefix: str) -> None:
        self.paths = re.compile(re.escape(prefix.rstrip("/") + "/") + r"(?:voila/?|voila/tree(?:/.*)?|voila/render/.*)?$")

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        if self.paths.match(request.path) and "lang" in parse_qs(request.query, keep_blank_values=True):
            return {}
        return None


class LanguageLinkHandler(JupyterHandler):
    """Sends a ``?lang=`` request to :func:`language_link`'s page (302), or answers its refusal in plain words.

    A Jupyter handler, so the server's own checks run first: the ``Host`` check (``allow_remote_access``) and,
    in the classroom, the learner's login."""

    def initialize(self, pages: CoursePages, prefix: str) -> None:
        self.pages = pages
        self.prefix = prefix.rstrip("/") + "/"

    @web.authenticated
    def get(self) -> None:
        asked = self.get_query_arguments("lang")
        lang = asked[0] if len(set(asked)) == 1 else ",".join(asked)  # two different languages: none
        path = self.request.path[len(self.prefix):]
        try:
            target = language_link(path, lang, self.pages)
        except LanguageLinkError as refusal:
            self.refuse(refusal, path)
            return
        self.redirect(self.base_url.rstrip("/") + "/" + target)

    def refuse(self, refusal: LanguageLinkError, path: str) -> None:
        links = []
        for code, name in COURSE_LANGUAGES:
            try:
                href = self.base_url.rstrip("/") + "/" + language_link(path, code, self.pages)
            except LanguageLinkError:
                continue
            links.append(f'<li lang="{code}"><a href="{html.escape(href)}">{html.escape(name)}</a></li>')
        languages = ", ".join(f"{name} ({code})" for code, name in COURSE_LANGUAGES)
        if refusal.status == 404:
            title, words = "No such page", "This course has no such page."
            contents = html.escape(self.base_url.rstrip("/") + "/" + _page("en", CONTENTS))
            offer = f'<p><a href="{contents}">The course’s contents page</a></p>'
        else:
            title, words = "No such language", f"{str(refusal)[:1].upper()}{str(refusal)[1:]}."
            offer = f"<p>Open it in:</p><ul>{''.join(links)}</ul>" if links else ""
        self.set_status(refusal.status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish(
            f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>\n'
            f"<body><h1>{title}</h1><p>{html.escape(words)}</p>\n"
            f"<p>The course is in {html.escape(languages)}.</p>\n{offer}</body></html>\n"
        )


def language_link_rule(prefix: str, pages: CoursePages) -> Rule:
    """The route for ``?lang=`` requests under ``prefix`` (the server's base URL), to go before Voila's."""
    return Rule(_WithLang(prefix), LanguageLinkHandler, {"pages": pages, "prefix": prefix})


# --- the classroom: a jupyter server extension ------------------------------------------------------


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "classroom.language_links"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Put the ``?lang=`` route in front of every other (the Voila extension's included, whichever loads first)."""
    web_app = server_app.web_app
    rules = web_app.default_router.rules
    before = list(rules)
    pages = course_pages(Path(server_app.root_dir))
    web_app.add_handlers(".*$", [language_link_rule(web_app.settings["base_url"], pages)])
    added = [rule for rule in rules if not any(rule is old for old in before)]
    rules[:] = added + [rule for rule in rules if not any(rule is new for new in added)]
    server_app.log.info("Course language links (?lang=) for %d lessons", len(pages.lessons))


# --- the local course: standalone Voila with the route first ---------------------------------------

#: the course's Jupyter data folder, holding its Voilà page template (``voila/templates/fivehundred``: Voilà's lab
#: template with nothing loaded from another site), which voila.json names.  Voilà looks for templates on the
#: Jupyter data path, so every server of the course puts this folder first on ``JUPYTER_PATH``: the local course
#: below, each learner's server in classroom/jupyterhub_config.py, the single-user image in the Dockerfile.
COURSE_DATA = Path(__file__).resolve().parent.parent / "share" / "jupyter"


def jupyter_path_with_course(current: str | None) -> str:
    """``JUPYTER_PATH`` with :data:`COURSE_DATA` first (``current``: the value it had, if any)."""
    rest = [part for part in (current or "").split(os.pathsep) if part and part != str(COURSE_DATA)]
    return os.pathsep.join([str(COURSE_DATA), *rest])


class CourseVoila(Voila):  # type: ignore[misc]
    """Standalone Voila (same command line, same voila.json) that also follows ``?lang=`` links."""

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = super().init_handlers()
        return [language_link_rule(self.server_url, course_pages(Path(self.root_dir))), *handlers]


if __name__ == "__main__":
    os.environ["JUPYTER_PATH"] = jupyter_path_with_course(os.environ.get("JUPYTER_PATH"))  # before Voila looks
    CourseVoila.launch_instance()
