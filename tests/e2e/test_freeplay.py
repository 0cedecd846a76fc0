"""Free play in the browser: choose an opponent, play a hand to its score by clicking, see the review,
export the hand, come back to the saved game, and replay the exported record."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .helpers import MOVE_TIMEOUT_MS, assert_healthy, open_lesson, screenshot
from .test_table import _play_hand

pytestmark = pytest.mark.e2e

NOTEBOOK = "18-free-play.ipynb"


def _save_file() -> Path:
    progress = os.environ.get("FIVEHUNDRED_PROGRESS", "")
    assert progress and progress != "off", "the e2e tests run with a temporary progress file"
    return Path(progress).with_name("freeplay.json")


def _saved() -> dict:
    return json.loads(_save_file().read_text())


def test_free_play_a_hand_review_export_resume_and_replay(page: Page, voila_url: str) -> None:
    _save_file().unlink(missing_ok=True)
    open_lesson(page, voila_url, NOTEBOOK)
    expect(page.locator(".fh-freeplay .fh-table-view")).to_be_visible()
    expect(page.locator(".fh-strength-W select")).to_have_value("Club")
    expect(page.locator(".fh-partner-N select")).to_have_value("Club")  # the partner starts at the strongest it may be
    assert_healthy(page)
    # choose a stronger East: the kernel seats it and saves the choice
    page.locator(".fh-strength-E select").select_option("Expert")
    for _ in range(50):
        if _save_file().exists() and _saved()["opponents"]["E"] == "expert":
            break
        page.wait_for_timeout(100)
    assert _saved()["opponents"] == {"W": "club", "E": "expert"} and _saved()["partners"] == {"N": "club"}
    screenshot(page, "freeplay-start")

    # one hand, by clicking, to its score
    page.locator(".fh-speed select").select_option("Fast")
    _play_hand(page, [], [])
    expect(page.locator(".fh-table-result")).to_be_visible()
    expect(page.locator(".fh-table-phase .fh-scorepad .fh-score-line")).to_have_count(1)
    # the review arrives a moment after the hand (off the click path)
    review = page.locator(".fh-review")
    expect(review).to_contain_text("Review of hand 1", timeout=MOVE_TIMEOUT_MS)
    text = review.inner_text()
    assert any(word in text for word in ("checked against perfect play", "nothing to review", "sat out",
                                         "before the review", "could be graded")), text
    saved = _saved()
    assert len(saved["game"]["hands"]) == 1
    screenshot(page, "freeplay-review")
    # on request, what each computer player's call showed, read by the method: partner (North) first
    page.locator(".fh-freeplay .fh-bids").click()
    said = page.locator(".fh-freeplay .fh-hint-text")
    expect(said).to_contain_text(re.compile(r"The bids:\s*North"))
    expect(said).to_contain_text("West")
    screenshot(page, "freeplay-bids")
    assert_healthy(page)

    # the score pad panel under the table has the hand too
    page.locator(".fh-records").get_by_text("Score pad: the game so far").click()
    expect(page.locator(".fh-freeplay-scores .fh-score-line")).to_have_count(1)
    expect(page.locator(".fh-freeplay-scores svg.fh-score-chart")).to_be_visible()

    # export hand 1 from the hand list
    page.locator(".fh-records").get_by_text("Hands this game: export a record").click()
    page.locator(".fh-export-1").click()
    exported = page.locator(".fh-export-text textarea")
    expect(exported).to_have_value(saved["game"]["hands"][0], timeout=10_000)
    screenshot(page, "freeplay-export")

    # come back later: the game resumes where it was (hand 2, the same score)
    score = page.locator(".fh-table-header").inner_text()
    open_lesson(page, voila_url, NOTEBOOK)
    expect(page.locator(".fh-freeplay-notice")).to_contain_text("Welcome back", timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".fh-freeplay-notice")).to_contain_text("hand 2")
    assert score.split("Score:")[1].strip() in page.locator(".fh-table-header").inner_text()
    expect(page.locator(".fh-strength-E select")).to_have_value("Expert")
    expect(page.locator(".fh-review")).to_contain_text("Review of hand 1 (the hand before this one)",
                                                       timeout=MOVE_TIMEOUT_MS)
    screenshot(page, "freeplay-resumed")

    # replay the exported record on its own table; the game is left alone
    page.locator(".fh-records").get_by_text("Import a record and replay it").click()
    page.locator(".fh-import-text textarea").fill(saved["game"]["hands"][0])
    page.locator(".fh-import").click()
    expect(page.locator(".fh-replay .fh-table-view")).to_be_visible(timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".fh-replay .fh-table-status")).to_contain_text("is over", timeout=MOVE_TIMEOUT_MS)
    assert len(_saved()["game"]["hands"]) == 1
    screenshot(page, "freeplay-replay")
    assert_healthy(page)
