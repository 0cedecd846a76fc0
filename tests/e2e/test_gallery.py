"""The widget gallery (lessons/extras/widget-gallery.ipynb) renders every widget in Voila without errors."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .helpers import RIGHT, assert_healthy, open_lesson, screenshot

pytestmark = pytest.mark.e2e


def test_gallery_renders_every_widget(page: Page, voila_url: str) -> None:
    open_lesson(page, voila_url, "extras/widget-gallery.ipynb")
    assert_healthy(page)
    for hook in (".fh-exercise", ".fh-trick", ".fh-auction-panel", ".fh-kitty-cards", ".fh-scorepad", ".fh-table-view"):
        expect(page.locator(hook).first).to_be_visible()
    assert page.locator(".fh-exercise").count() >= 8
    box = page.locator(".fh-exercise", has_text="Which card wins this trick?").first
    box.locator(".fh-option").nth(1).click()
    expect(box.locator(".fh-feedback")).to_have_class(RIGHT)
    screenshot(page, "extras-widget-gallery")
