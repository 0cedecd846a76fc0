"""``?lang=xx`` links (classroom/language_links.py, issue #28 item 3).

First the one rule, :func:`language_link`, on its own: every language, English, unknown languages, path
traversal, pages the course does not have.  Then the real local course (tools/serve.py's command line, the
real lessons and voila.json, so the preheated pages too), asked with plain HTTP requests that do not follow
redirects: the status and the ``Location`` of each answer, the 400 page's words, the host check still first,
and the page a link lands on recording its language with the learner's progress.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from classroom.language_links import CoursePages, LanguageLinkError, course_pages, language_link
from fivehundred.errors import LanguageError

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import serve

from tests.conftest import build_translations, stop_voila, wait_for_voila

ROOT = Path(__file__).resolve().parents[2]
LESSON = "13-winning-the-game.ipynb"
#: the course's languages and what each is called in itself, written out here (not taken from the code)
LANGUAGES = {"en": "English", "id": "Bahasa Indonesia", "vi": "Tiếng Việt", "sk": "Slovenčina", "tl": "Tagalog",
             "eo": "Esperanto"}
PAGES = CoursePages(lessons=frozenset({"00-welcome.ipynb", LESSON, "01-the-pack.ipynb"}),
                    english_only=frozenset({"extras/under-the-hood.ipynb"}))


def refusal(path: str, lang: str) -> LanguageLinkError:
    with pytest.raises(LanguageLinkError) as caught:
        language_link(path, lang, PAGES)
    return caught.value


# --- the rule ------------------------------------------------------------------------------------


@pytest.mark.parametrize("start", [f"voila/render/{LESSON}", f"voila/render/sk/{LESSON}", f"voila/render/eo/{LESSON}",
                                   f"/voila/render/vi/{LESSON}/"])
def test_a_lesson_goes_to_the_same_lesson_in_every_language(start: str) -> None:
    expected = {
        "en": "voila/render/13-winning-the-game.ipynb",
        "id": "voila/render/id/13-winning-the-game.ipynb",
        "vi": "voila/render/vi/13-winning-the-game.ipynb",
        "sk": "voila/render/sk/13-winning-the-game.ipynb",
        "tl": "voila/render/tl/13-winning-the-game.ipynb",
        "eo": "voila/render/eo/13-winning-the-game.ipynb",
    }
    assert {lang: language_link(start, lang, PAGES) for lang in LANGUAGES} == expected


def test_the_root_and_the_tree_go_to_the_contents_page() -> None:
    for start in ("", "/", "voila", "voila/", "voila/tree", "voila/tree/", "voila/tree/sk", "voila/tree/extras/"):
        assert language_link(start, "sk", PAGES) == "voila/render/sk/00-welcome.ipynb", start
        assert language_link(start, "en", PAGES) == "voila/render/00-welcome.ipynb", start


def test_a_language_code_may_be_written_in_capitals_or_with_spaces() -> None:
    assert language_link(f"voila/render/{LESSON}", " SK ", PAGES) == f"voila/render/sk/{LESSON}"


def test_a_page_in_english_only_opens_in_english_and_is_refused_in_another_language() -> None:
    assert language_link("voila/render/extras/under-the-hood.ipynb", "en", PAGES) == "voila/render/extras/under-the-hood.ipynb"
    err = refusal("voila/render/extras/under-the-hood.ipynb", "sk")
    assert err.status == 400
    assert "English only" in str(err) and "Slovenčina" in str(err)
    # there is no Slovak copy of it to be reached through the language folder either
    assert refusal("voila/render/sk/extras/under-the-hood.ipynb", "en").status == 404


@pytest.mark.parametrize("lang", ["xx", "qps", "", "fr", "e", "english", "sk,vi", "../x", "../../etc/passwd", "/x",
                                  "//evil.example", "https://evil.example/", "sk/../..", "<script>alert(1)</script>",
                                  "sk\r\nLocation: //evil.example", "s" * 10_000])
def test_a_language_the_course_does_not_have_is_refused_naming_the_ones_it_has(lang: str) -> None:
    err = refusal(f"voila/render/{LESSON}", lang)
    assert err.status == 400
    assert isinstance(err, LanguageError) and isinstance(err, ValueError)
    message = str(err)
    for code in LANGUAGES:
        assert code in message
    assert len(message) < 200  # a long input is cut, not echoed whole


@pytest.mark.parametrize("path", [
    "voila/render/../../etc/passwd",
    "voila/render/../../etc",
    "voila/render/%2e%2e/%2e%2e/etc/passwd",
    "voila/render/sk/../../../etc/passwd",
    f"voila/render/sk/../{LESSON}",
    f"voila/render/sk/%2e%2e/{LESSON}",
    f"voila/render/extras/../{LESSON}",
    f"voila/render//{LESSON}",
    f"voila/render/fr/{LESSON}",
    f"voila/render/en/{LESSON}",
    "voila/render/99-no-such-lesson.ipynb",
    "voila/render/sk/99-no-such-lesson.ipynb",
    "voila/render/13-winning-the-game",
    "voila/render/",
    "voila/tree/../..",
    "voila/tree/fr",
    "voila/files/00-welcome.ipynb",
    "//evil.example",
])
def test_a_page_the_course_does_not_have_is_refused(path: str) -> None:
    err = refusal(path, "sk")
    assert err.status == 404


def test_the_real_course_pages_are_the_lessons_and_the_appendices() -> None:
    pages = course_pages(ROOT / "lessons")
    assert {LESSON, "00-welcome.ipynb", "18-free-play.ipynb", "20-bidding-practice.ipynb"} <= pages.lessons
    assert "extras/under-the-hood.ipynb" in pages.english_only
    assert not any("/" in name for name in pages.lessons)
    assert not pages.lessons & pages.english_only


# --- the real local course -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def built() -> None:
    """lessons/<lang>/, as `make course` builds them."""
    build_translations()


@pytest.fixture(scope="module")
def course(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """tools/serve.py's server on the real lessons (voila.json read, its four pages preheated), with a progress file of its own."""
    folder = tmp_path_factory.mktemp("langlinks")
    progress, log = folder / "progress.json", folder / "voila.log"
    port = serve.free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "FIVEHUNDRED_PROGRESS": str(progress)}
    with log.open("wb") as out:
        proc = subprocess.Popen(serve.voila_argv(port), cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for_voila(proc, url, log)
        yield url, progress
    finally:
        stop_voila(proc)


def location(url: str, path: str) -> tuple[int, str | None]:
    response = requests.get(url + path, allow_redirects=False, timeout=60)
    return response.status_code, response.headers.get("Location")


def test_every_lesson_in_every_language_is_a_page_the_course_builds(built: None) -> None:
    pages = course_pages(ROOT / "lessons")
    for name in pages.lessons:
        for lang in LANGUAGES:
            for start in (f"voila/render/{name}", f"voila/render/sk/{name}"):
                target = language_link(start, lang, pages)
                assert (ROOT / "lessons" / target.removeprefix("voila/render/")).is_file(), (start, lang, target)


def test_a_link_with_lang_is_redirected_to_the_same_page_in_that_language(course: tuple[str, Path]) -> None:
    url, _ = course
    assert location(url, f"/voila/render/{LESSON}?lang=sk") == (302, f"/voila/render/sk/{LESSON}")
    assert location(url, f"/voila/render/sk/{LESSON}?lang=en") == (302, f"/voila/render/{LESSON}")
    assert location(url, f"/voila/render/sk/{LESSON}?lang=tl") == (302, f"/voila/render/tl/{LESSON}")
    assert location(url, "/?lang=sk") == (302, "/voila/render/sk/00-welcome.ipynb")
    assert location(url, "/voila/tree?lang=vi") == (302, "/voila/render/vi/00-welcome.ipynb")
    assert location(url, "/voila/tree/id?lang=en") == (302, "/voila/render/00-welcome.ipynb")
    # the preheated pages (voila.json's pools: 00, 01, 18, 20), to and from
    assert location(url, "/voila/render/00-welcome.ipynb?lang=eo") == (302, "/voila/render/eo/00-welcome.ipynb")
    assert location(url, "/voila/render/sk/00-welcome.ipynb?lang=en") == (302, "/voila/render/00-welcome.ipynb")
    assert location(url, "/voila/render/18-free-play.ipynb?lang=id") == (302, "/voila/render/id/18-free-play.ipynb")
    assert location(url, "/voila/render/vi/20-bidding-practice.ipynb?lang=en") == (302, "/voila/render/20-bidding-practice.ipynb")
    # without lang, the pages are Voila's as before (the preheated one included)
    for path in ("/voila/render/00-welcome.ipynb", "/voila/tree"):
        response = requests.get(url + path, allow_redirects=False, timeout=120)
        assert response.status_code == 200, path
    assert "Five Hundred" in requests.get(url + "/voila/render/00-welcome.ipynb", timeout=120).text


def test_an_unknown_language_gets_a_plain_400_page_naming_the_courses_languages(course: tuple[str, Path]) -> None:
    url, _ = course
    for lang in ("xx", "qps", "", "%2F%2Fevil.example", "https://evil.example", "%3Cscript%3Ealert(1)%3C/script%3E",
                 "sk&lang=vi"):
        response = requests.get(f"{url}/voila/render/{LESSON}?lang={lang}", allow_redirects=False, timeout=60)
        assert response.status_code == 400, lang
        assert "Location" not in response.headers
        assert response.headers["Content-Type"].startswith("text/html")
        body = response.text
        for name in LANGUAGES.values():
            assert name in body, (lang, name)
        assert "Traceback" not in body and "<script>" not in body
        # it offers the page in each language, by the course's own paths only
        links = re.findall(r'href="([^"]*)"', body)
        assert f"/voila/render/sk/{LESSON}" in links
        assert all(link.startswith("/voila/render/") and "evil" not in link for link in links), links
    escaped = requests.get(f"{url}/voila/render/{LESSON}?lang=%3Cscript%3Ealert(1)%3C/script%3E", timeout=60).text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in escaped
    response = requests.get(f"{url}/voila/render/extras/under-the-hood.ipynb?lang=sk", allow_redirects=False, timeout=60)
    assert response.status_code == 400 and "English only" in response.text


def test_a_path_outside_the_course_is_not_redirected(course: tuple[str, Path]) -> None:
    url, _ = course
    host, port = url.removeprefix("http://").split(":")
    for path in ("/voila/render/../../etc/passwd?lang=sk", "/voila/render/%2e%2e/%2e%2e/etc/passwd?lang=sk",
                 f"/voila/render/sk/../../{LESSON}?lang=en", "/voila/render/99-no-such-lesson.ipynb?lang=sk"):
        conn = http.client.HTTPConnection(host, int(port), timeout=60)
        conn.request("GET", path)  # sent as written: no client-side clean-up of the dots
        response = conn.getresponse()
        body = response.read().decode()
        conn.close()
        assert response.status == 404, path
        assert response.getheader("Location") is None
        assert "root:" not in body and "Traceback" not in body


def test_the_host_check_still_comes_first(course: tuple[str, Path]) -> None:
    url, _ = course
    response = requests.get(f"{url}/voila/render/{LESSON}?lang=sk", headers={"Host": "evil.example"},
                            allow_redirects=False, timeout=60)
    assert response.status_code == 403
    assert "Location" not in response.headers


def test_the_page_a_link_lands_on_records_its_language_with_the_progress(course: tuple[str, Path]) -> None:
    url, progress = course
    status, target = location(url, f"/voila/render/{LESSON}?lang=sk")
    assert status == 302 and target
    assert requests.get(url + target, timeout=180).status_code == 200  # Voila runs the page's cells before it answers
    deadline = time.monotonic() + 30
    while not progress.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert json.loads(progress.read_text(encoding="utf-8"))["language"] == "sk"
