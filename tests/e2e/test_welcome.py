"""The contents page renders cleanly and links to every lesson."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .helpers import assert_healthy, open_lesson, screenshot

pytestmark = pytest.mark.e2e


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
