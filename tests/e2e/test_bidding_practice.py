"""Lesson 20, bidding practice, in Voila + Chromium: each quiz kind answered by clicking, the feedback and the
make-rate chart checked against the engine, a practice session advanced, and a quiz not in the bank graded
live (progress bar, then feedback); screenshots saved."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from fivehundred.quiz import answer_key, grade, ladder_answer, make_quiz
from fivehundred.text import signed

from .helpers import RIGHT, SCREENSHOTS, WRONG, assert_healthy, open_lesson, screenshot

pytestmark = pytest.mark.e2e

LESSON = "20-bidding-practice.ipynb"


def _best_bid(code: str) -> str:
    key = answer_key(code)
    assert key is not None
    return str(key.best.bid)  # type: ignore[union-attr]


def test_bidding_practice(page: Page, voila_url: str) -> None:
    widgets = open_lesson(page, voila_url, LESSON)
    assert widgets >= 8
    assert_healthy(page)

    # opening: pass is too low, the key's best bid is best, with the chart
    # the lesson's own quizzes come before the practice session's on the page
    expect(page.locator(".fh-practice .fh-quiz")).to_have_count(1)
    box = page.locator(".fh-quiz-opening").first
    feedback = box.locator(".fh-feedback")
    box.locator(".fh-bid-PASS").click()
    expect(feedback).to_have_class(WRONG)
    expect(feedback).to_contain_text("Too low")
    best = _best_bid("O1-12")
    box.locator(f".fh-bid-{best}").click()
    expect(feedback).to_have_class(RIGHT)
    expect(feedback).to_contain_text(f"Best: {answer_key('O1-12').best.bid.label}")  # type: ignore[union-attr]
    expect(box.locator(".fh-rate-chart")).to_be_visible()
    rows = grade(make_quiz("O1-12"), best, answer_key("O1-12")).rates
    expect(box.locator(".fh-rate-row")).to_have_count(len(rows))
    expect(box.locator(".fh-rate-chart")).to_contain_text("sampled deals; the black line shows how far luck alone could move it")
    expect(feedback).to_contain_text("you count")
    expect(feedback).to_contain_text("Clear: the best call beats the next best by")
    expect(feedback).not_to_contain_text("standard error")
    # the grader's terms wait behind the toggle
    how = box.locator(".fh-how-graded")
    expect(how.locator("summary")).to_have_text("How was this graded?")
    expect(how).not_to_have_attribute("open", "")
    how.locator("summary").click()
    expect(how).to_contain_text("Level 1 (clear): the best call leads the next by")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    box.screenshot(path=str(SCREENSHOTS / "20-opening-quiz.png"))

    # competing: East's 7♠ stands. A pass is not a free 0: it hands East the contract, and the feedback reads out
    # what that gave on the key's deals (issue #23); then the best call over the opponent's bid
    box = page.locator(".fh-quiz-competing").first
    key = answer_key("C1-73")
    box.locator(".fh-bid-PASS").click()
    expect(box.locator(".fh-feedback")).to_have_class(WRONG)
    expect(box.locator(".fh-feedback")).to_contain_text("If you pass, the hand is most often played in 7♠ by East")
    passed = key.outcome("PASS")  # type: ignore[union-attr]
    expect(box.locator(".fh-feedback")).to_contain_text(
        f"Your side scores {signed(round(passed.expected))} points a hand on average")  # type: ignore[union-attr]
    best = _best_bid("C1-73")
    box.locator(f".fh-bid-{best}").click()
    expect(box.locator(".fh-feedback")).to_have_class(RIGHT)
    expect(box.locator(".fh-feedback")).to_contain_text("sampled deals")
    expect(box.locator(".fh-feedback")).to_contain_text("Clear: the best call beats the next best by about")

    # misère judgement: a pass is too low, misère is best
    box = page.locator(".fh-quiz-misere").first
    box.locator(".fh-bid-PASS").click()
    expect(box.locator(".fh-feedback")).to_have_class(WRONG)
    expect(box.locator(".fh-feedback")).to_contain_text("Too low")
    box.locator(".fh-bid-MIS").click()
    expect(box.locator(".fh-feedback")).to_have_class(RIGHT)
    expect(box.locator(".fh-feedback")).to_contain_text("For misère: no joker, and 1 card above the 9")

    # the kitty: two cards are refused with the engine's reason, then the best three
    box = page.locator(".fh-quiz-kitty").first
    key = answer_key("K1-8")
    cards = [str(c) for c in key.best.discard.cards]  # type: ignore[union-attr]
    for code in cards[:2]:
        box.locator(f'.fh-kitty-cards .fh-hand-card[data-card="{code}"]').click()
    box.locator(".fh-kitty-confirm").click()
    expect(box.locator(".fh-kitty-picker .fh-status")).to_contain_text("exactly 3 cards, not 2")
    box.locator(f'.fh-kitty-cards .fh-hand-card[data-card="{cards[2]}"]').click()
    box.locator(".fh-kitty-confirm").click()
    expect(box.locator(".fh-feedback")).to_have_class(RIGHT)
    expect(box.locator(".fh-rate-chart")).to_be_visible()

    # ladder drills: next bid, worth, misère now
    drills = page.locator(".fh-quiz-ladder")
    nxt = drills.nth(0)
    nxt.locator(".fh-bid-8S").click()
    expect(nxt.locator(".fh-feedback")).to_have_class(WRONG)
    nxt.locator(f".fh-bid-{ladder_answer(make_quiz('L2-5'))}").click()
    expect(nxt.locator(".fh-feedback")).to_have_class(RIGHT)
    worth = drills.nth(1)
    worth.locator("input").fill(str(ladder_answer(make_quiz("L2-19"))))
    worth.locator(".fh-check").click()
    expect(worth.locator(".fh-feedback")).to_have_class(RIGHT)
    mis = drills.nth(2)
    mis.locator(".fh-option", has_text="Yes").click()
    expect(mis.locator(".fh-feedback")).to_have_class(WRONG)
    expect(mis.locator(".fh-feedback")).to_contain_text("the answer is no")

    # the practice session: answer, see the streak line change, go on
    session = page.locator(".fh-practice")
    header = session.locator(".fh-practice-header")
    expect(header).to_contain_text("accuracy —")
    current = session.locator(".fh-quiz").first
    current.locator(".fh-bid-PASS").click()  # kinds come in turn: the session opens with an opening-bid quiz
    expect(header).to_contain_text("of 1")
    session.locator(".fh-practice-next").click()
    expect(header).to_contain_text("Quiz 2")
    session.screenshot(path=str(SCREENSHOTS / "20-practice-session.png"))

    # share a quiz: a bad code is explained, a good one opens
    by_code = page.locator(".fh-quiz-by-code")
    by_code.locator(".fh-code-input input").fill("Q1-1")
    by_code.locator(".fh-code-open").click()
    expect(by_code.locator(".fh-status")).to_contain_text("is not a quiz code")
    by_code.locator(".fh-code-input input").fill("M1-3")
    by_code.locator(".fh-code-open").click()
    opened = by_code.locator(".fh-quiz-misere")
    expect(opened).to_have_count(1)
    opened.locator(".fh-bid-MIS").click()
    expect(opened.locator(".fh-feedback")).to_have_class(RIGHT)
    # a code not in the bank: its key is worked out live, with a progress bar; an answer is graded when it is ready
    live_code = "O1-900003"
    assert answer_key(live_code) is None
    by_code.locator(".fh-code-input input").fill(live_code)
    by_code.locator(".fh-code-open").click()
    expect(by_code.locator(".fh-status").first).to_contain_text("not in the answer bank", timeout=60_000)
    opened = by_code.locator(".fh-quiz-opening")
    # the bar shows while the key is worked out (under a second on a quiet machine); then a note says where it came from
    expect(opened.locator(".fh-live-progress, .fh-live-status")).not_to_have_count(0)
    expect(opened.locator(".fh-live-status")).to_contain_text("worked out just now", timeout=120_000)
    opened.locator(".fh-bid-PASS").click()
    expect(opened.locator(".fh-feedback")).to_contain_text("sampled deals", timeout=120_000)
    expect(opened.locator(".fh-rate-chart")).to_be_visible()
    opened.screenshot(path=str(SCREENSHOTS / "20-live-quiz.png"))
    page.locator(".fh-quiz-kitty").first.screenshot(path=str(SCREENSHOTS / "20-kitty-quiz.png"))
    assert_healthy(page)
    screenshot(page, "20-bidding-practice")
