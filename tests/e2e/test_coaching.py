"""The coach in the browser: the hint ladder in guided mode, played to the end by following the hints."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from fivehundred.analysis.coach import cards_named

from .helpers import MOVE_TIMEOUT_MS, TURN, assert_healthy, open_lesson, screenshot, wait_for_decision

pytestmark = pytest.mark.e2e

NOTEBOOK = "19-guided-hands.ipynb"
HAND = ".fh-table-hand .fh-hand-card"
HINT = ".fh-hint-text"


def _ladder(page: Page) -> tuple[str, str, str]:
    """Press Hint three times; the texts after each press (the nudge, the card, the evidence)."""
    texts = []
    for want in ("Press Hint again for the card", "Press Hint again for the evidence", "With best play"):
        page.locator(".fh-hint").click()
        expect(page.locator(HINT)).to_contain_text(want, timeout=MOVE_TIMEOUT_MS)
        texts.append(page.locator(HINT).inner_text())
    return texts[0], texts[1], texts[2]


def test_guided_hand_one_played_by_the_hints_card_keeps_the_coach_talking(page: Page, voila_url: str) -> None:
    """take-control: the hint's J♦ at trick 2 leaves the planned line (it needs K♠); the coach follows to the end."""
    open_lesson(page, voila_url, NOTEBOOK)
    expect(page.locator(".fh-guided")).to_be_visible()
    page.locator(".fh-speed select").select_option("Instant")
    expect(page.locator(TURN)).to_have_text("Your turn to bid.", timeout=MOVE_TIMEOUT_MS)
    # the auction and discard are set by the hand: follow them (a set auction offers only its call)
    page.locator(".fh-set-7D").click()
    expect(page.locator(TURN)).to_contain_text("discard", timeout=MOVE_TIMEOUT_MS)
    for i, code in enumerate(("5C", "8C", "JC")):
        page.locator(f".fh-kitty-cards .fh-hand-card[data-card='{code}']").click()
        expect(page.locator(".fh-kitty-cards .fh-selected")).to_have_count(i + 1)
    page.locator(".fh-kitty-confirm").click()
    expect(page.locator(HAND)).to_have_count(10, timeout=MOVE_TIMEOUT_MS)

    left_line = live_moments = 0
    for trick in range(1, 11):
        turn = wait_for_decision(page)
        assert "Your turn" in turn, turn
        nudge, card, evidence = _ladder(page)
        assert card.startswith(nudge.replace(" (Press Hint again for the card.)", ""))
        named = cards_named(card.split("Play ")[-1])
        assert len(named) == 1, card
        code = str(next(iter(named)))
        if trick == 2:
            screenshot(page, "coach-hint-ladder-trick-2")
            assert code != "KS"  # the planned line's card; the hint finds a better one
        cards = page.locator(HAND).count()
        page.locator(f"{HAND}[data-card='{code}']").click()
        expect(page.locator(HAND)).to_have_count(cards - 1, timeout=MOVE_TIMEOUT_MS)
        coach = page.locator(".fh-guided-coach").inner_text()
        left_line += "The coach follows you" in coach
        live_moments += "A moment that matters" in coach
        if trick == 4:
            screenshot(page, "coach-following-off-the-line")
    assert left_line >= 8, left_line  # off the line from trick 2 on, and the coach says so every time
    expect(page.locator(".fh-guided-off")).to_contain_text("The hand is over", timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".fh-guided-review")).to_contain_text("made with 9 tricks", timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".fh-guided-par-story")).to_contain_text("Par for your side was 9 tricks")
    assert_healthy(page)
    screenshot(page, "coach-guided-end")
    assert live_moments >= 1, live_moments  # a live moment off the line (the engine test finds 4 on this path)


FREEPLAY = "18-free-play.ipynb"


def test_free_play_hint_ladder_and_rules_card(page: Page, voila_url: str) -> None:
    """Free play: Hint climbs nudge → card → evidence at your decision; the rules card opens beside the table."""
    import os
    from pathlib import Path

    progress = os.environ.get("FIVEHUNDRED_PROGRESS", "")
    if progress and progress != "off":  # the page resumes a saved game: another test may have left one mid-hand
        Path(progress).with_name("freeplay.json").unlink(missing_ok=True)
    open_lesson(page, voila_url, FREEPLAY)
    expect(page.locator(".fh-freeplay .fh-table-view")).to_be_visible()
    page.locator(".fh-speed select").select_option("Instant")
    turn = wait_for_decision(page)
    assert "Your turn" in turn, turn
    page.locator(".fh-hint").click()
    expect(page.locator(HINT)).to_contain_text("Press Hint again for the card", timeout=MOVE_TIMEOUT_MS)
    nudge = page.locator(HINT).inner_text()
    page.locator(".fh-hint").click()
    expect(page.locator(HINT)).to_contain_text("The method says", timeout=MOVE_TIMEOUT_MS)  # the auction comes first
    page.locator(".fh-hint").click()
    expect(page.locator(HINT)).not_to_contain_text("Press Hint again", timeout=MOVE_TIMEOUT_MS)
    full = page.locator(HINT).inner_text()
    assert full.startswith(nudge.split(" (Press")[0].replace("Hint:", "").strip()[:30]) or nudge.split(" (Press")[0][-30:] in full
    assert "seat" not in full and "(auction)" not in full
    screenshot(page, "coach-freeplay-hint-ladder")
    page.locator(".fh-rules-card-button").click()
    card = page.locator(".fh-rules-card")
    expect(card).to_be_visible()
    expect(card.locator(".fh-rules-ladder")).to_contain_text("NT")
    expect(card.locator(".fh-rules-trumps")).to_contain_text("right bower")
    assert_healthy(page)
    screenshot(page, "coach-freeplay-rules-card")


def test_second_hand_low_played_by_the_hints_card_is_narrated_to_the_end(page: Page, voila_url: str) -> None:
    """second-hand-low: the duck is South's first card. The king is refused with the reason, the hint finds the
    10♦, and the hint's card is the planned one at every step, so the notes carry on to the end."""
    from fivehundred.library import HAND_IDS, load_hand

    hand = load_hand("second-hand-low")
    duck = next(n for n in hand.notes if n.accept and str(hand.line[n.at]) == "10D")
    open_lesson(page, voila_url, NOTEBOOK)
    page.locator(".fh-guided-picker select").select_option(label=f"{HAND_IDS.index(hand.id) + 1}. {hand.title}")
    expect(page.locator(".fh-guided-intro")).to_contain_text(hand.title, timeout=MOVE_TIMEOUT_MS)
    page.locator(".fh-speed select").select_option("Instant")
    expect(page.locator(TURN)).to_have_text("Your turn to bid.", timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".fh-guided-coach")).to_contain_text("East has bid 6♠", timeout=MOVE_TIMEOUT_MS)
    page.locator(".fh-set-PASS").click()  # the set auction's only button: the method's call, as the note says
    # the turn line still says "Your turn to bid." for a moment: wait for the auction, the kitty and East's lead
    expect(page.locator(TURN)).to_contain_text("Your turn to play", timeout=MOVE_TIMEOUT_MS)
    played: list[str] = []
    for trick in range(1, 11):
        turn = wait_for_decision(page)
        assert "Your turn" in turn, turn
        cards = page.locator(HAND).count()
        if trick == 1:
            expect(page.locator(".fh-guided-coach")).to_contain_text(duck.text, timeout=MOVE_TIMEOUT_MS)
            expect(page.locator(".fh-guided-ask")).to_be_visible()
            screenshot(page, "coach-second-hand-low-duck")
            page.locator(f"{HAND}[data-card='KD']").click()  # rushing the king: refused, with the reason
            expect(page.locator(".fh-table-feedback")).to_contain_text(duck.wrong, timeout=MOVE_TIMEOUT_MS)
            expect(page.locator(HAND)).to_have_count(cards)
            screenshot(page, "coach-second-hand-low-king-refused")
        _nudge, card, _evidence = _ladder(page)
        named = cards_named(card.split("Play ")[-1])
        assert len(named) == 1, card
        code = str(next(iter(named)))
        page.locator(f"{HAND}[data-card='{code}']").click()
        expect(page.locator(HAND)).to_have_count(cards - 1, timeout=MOVE_TIMEOUT_MS)
        played.append(code)
        expect(page.locator(".fh-guided-off")).to_have_count(0)  # the hint's card is the planned one: still on the line
    assert played[0] == "10D" and played[4] == "KD", played
    expect(page.locator(".fh-guided-coach")).to_contain_text(hand.notes[-1].text, timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".fh-guided-review")).to_contain_text("made with 8 tricks", timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".fh-guided-par-story")).to_contain_text("East's 4♦ gave your side 1 trick")
    assert_healthy(page)
    screenshot(page, "coach-second-hand-low-end")
