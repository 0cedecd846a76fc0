"""The contents page renders cleanly and links to every lesson."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .helpers import ROOT, assert_healthy, count_widget_outputs, open_lesson, screenshot, wait_rendered

pytestmark = pytest.mark.e2e

LESSONS = ROOT / "lessons"


def test_contents_page_renders_and_lists_the_lessons(page: Page, voila_url: str) -> None:
    open_lesson(page, voila_url, "00-welcome.ipynb")
    expect(page.get_by_role("heading", name=re.compile("Welcome to Five Hundred"))).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile("^Contents"))).to_be_visible()
    contents = page.locator("#rendered_cells li", has_text="Lesson 1:")
    expect(contents).to_have_count(1)
    expect(contents.get_by_role("link", name="The pack", exact=True)).to_have_attribute("href", "01-the-pack.ipynb")
    expect(contents).to_contain_text("In this lesson you will meet the 43 cards")
    # the generated navigation: "Next" at the top and at the bottom
    expect(page.get_by_role("link", name="Next: The pack »")).to_have_count(2)
    assert_healthy(page)
    screenshot(page, "00-welcome")


def test_the_tree_page_lists_the_welcome_notebook(page: Page, voila_url: str) -> None:
    page.goto(voila_url + "/")
    expect(page.locator('a[href*="00-welcome.ipynb"]')).to_be_visible(timeout=30_000)


def _lesson_links(page: Page) -> list[tuple[str, str]]:
    """(title, href) of every lesson in the contents list, in order."""
    links = page.locator("#rendered_cells li a[href$='.ipynb']")
    out = [(links.nth(i).inner_text(), links.nth(i).get_attribute("href") or "") for i in range(links.count())]
    return [(title, href) for title, href in out if re.match(r"^\d{2}-", href)]


def test_every_lesson_opens_from_the_contents_page(page: Page, voila_url: str) -> None:
    lessons = sorted(p.name for p in LESSONS.glob("[0-9][0-9]-*.ipynb") if not p.name.startswith("00-"))
    assert len(lessons) >= 17, lessons
    open_lesson(page, voila_url, "00-welcome.ipynb")
    links = _lesson_links(page)
    assert [href for _, href in links] == lessons, "the contents page must list every lesson, in order"
    for title, href in links:
        open_lesson(page, voila_url, "00-welcome.ipynb")
        link = page.locator("#rendered_cells li").get_by_role("link", name=title, exact=True)
        with page.expect_response(lambda r, href=href: r.url.split("?")[0].endswith("/" + href)) as answer:
            link.click()
        assert answer.value.ok, f"{href}: HTTP {answer.value.status}"
        wait_rendered(page, widgets=count_widget_outputs(answer.value.text()))
        assert_healthy(page)
        expect(page.get_by_role("heading", level=1)).to_contain_text(title)
        exercises = page.locator(".fh-exercise")
        if href.startswith(("18-", "19-")):
            expect(page.locator(".fh-table-view")).to_be_visible()  # free play and guided hands: the table, no exercises
        else:
            assert exercises.count() >= 3, f"{href}: only {exercises.count()} exercises rendered"
