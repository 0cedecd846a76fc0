"""Lesson 01 "The pack" in Voila + Chromium: reached from the contents page, renders
cleanly, and its exercises answer clicks with the engine's feedback."""

from __future__ import annotations


import nbformat
import pytest
from playwright.sync_api import Page, expect

from fivehundred.cards import Card, pack

from .helpers import RIGHT, ROOT, WRONG, assert_healthy, count_widget_outputs, exercise, open_lesson, render_url, screenshot, wait_rendered

pytestmark = pytest.mark.e2e

LESSON = "01-the-pack.ipynb"


def test_contents_link_opens_lesson_1(page: Page, voila_url: str) -> None:
    open_lesson(page, voila_url, "00-welcome.ipynb")
    link = page.get_by_role("link", name="The pack", exact=True)  # the contents entry
    with page.expect_response(lambda r: r.url.endswith("/voila/render/" + LESSON)) as response_info:
        link.click()
    response = response_info.value
    assert response.ok
    wait_rendered(page, widgets=count_widget_outputs(response.text()))
    assert page.url == render_url(voila_url, LESSON)
    expect(page.get_by_role("heading", name="The pack", exact=False).first).to_be_visible()
    assert_healthy(page)


def test_lesson_1_renders_without_errors_or_hidden_cells(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, LESSON)
    assert widgets >= 8, f"expected the card rows and exercises, found {widgets} widget outputs"
    assert_healthy(page)
    # every card of the four-player pack is drawn in the first picture
    for card in pack(4):
        expect(page.locator(f'svg.fh-card[data-card="{card}"]').first).to_be_visible()
    # remove-cell self-checks are dropped by Voila: one DOM cell per remaining notebook cell
    nb = nbformat.read(ROOT / "lessons" / LESSON, as_version=4)
    kept = [c for c in nb.cells if "remove-cell" not in c.metadata.get("tags", [])]
    assert len(kept) < len(nb.cells), "the lesson should have hidden self-check cells"
    expect(page.locator("#rendered_cells .jp-Cell")).to_have_count(len(kept))
    screenshot(page, "01-the-pack")


def test_multiple_choice_wrong_then_right(page: Page, voila_url: str) -> None:
    open_lesson(page, voila_url, LESSON)
    box = exercise(page, "Six people want to play")
    feedback = box.locator(".fh-feedback")
    box.locator(".fh-option", has_text=str(len(pack(4)))).click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text(f"{len(pack(4))} cards is the pack for four players.")
    expect(feedback).not_to_contain_text(str(len(pack(6))))  # the first miss never names the answer
    reveal = box.locator(".fh-reveal")
    expect(reveal).to_be_hidden()
    box.locator(".fh-option", has_text=str(len(pack(2)))).click()
    expect(feedback).to_contain_text("Hint:")
    expect(feedback).not_to_contain_text(str(len(pack(6))))
    expect(reveal).to_be_visible()  # offered after the second miss, never shown by itself
    screenshot(page, "01-the-pack-hint-ladder")
    reveal.click()
    expect(feedback).to_contain_text("The answer:")
    expect(feedback).to_contain_text(f"{len(pack(6))}.")
    expect(reveal).to_be_hidden()
    box.locator(".fh-option", has_text=str(len(pack(6)))).click()
    expect(feedback).to_have_class(RIGHT)
    expect(feedback).to_contain_text(f"Six players need 6 × 10 + 3 (kitty) = {len(pack(6))} cards")
    assert_healthy(page)
    screenshot(page, "01-the-pack-multiple-choice")


def test_pick_cards_wrong_then_right(page: Page, voila_url: str) -> None:
    open_lesson(page, voila_url, LESSON)
    box = exercise(page, "NOT in the four-player pack")
    feedback = box.locator(".fh-feedback")
    missing = [c for c in ("4H", "4S", "5C", "4D", "10S", "4C", "JK") if Card.parse(c) not in pack(4)]
    assert missing == ["4S", "4C"]
    box.locator('.fh-hand-card[data-card="4H"]').click()
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("4♥ is in the 4-player pack")  # the reason, from the engine
    expect(feedback).not_to_contain_text("4♠")
    box.get_by_role("button", name="Clear").click()
    expect(box.locator(".fh-hand-card.fh-selected")).to_have_count(0)
    # the window as a learner sees it, scrolled to this exercise (used for docs/screenshot.png)
    box.scroll_into_view_if_needed()
    screenshot(page, "01-the-pack-window-wrong-answer", full_page=False)
    for code in missing:
        box.locator(f'.fh-hand-card[data-card="{code}"]').click()
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(RIGHT)
    expect(feedback).to_contain_text("black 4s are put away")
    assert_healthy(page)


def test_number_answer_wrong_then_right(page: Page, voila_url: str) -> None:
    open_lesson(page, voila_url, LESSON)
    box = exercise(page, "How many hearts")
    feedback = box.locator(".fh-feedback")
    hearts = sum(1 for c in pack(4) if c.suit is not None and c.suit.value == "H")
    field = box.locator(".fh-number input")
    field.fill(str(hearts - 1))
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text(f"{hearts - 1} is one short")  # what that number counted wrongly
    expect(feedback).not_to_contain_text(f"{hearts}.")
    field.fill(str(hearts))
    box.locator(".fh-check").click()
    expect(feedback).to_have_class(RIGHT)
    assert_healthy(page)
