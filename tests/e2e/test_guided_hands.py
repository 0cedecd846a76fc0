"""Finish a guided sample hand by clicking in Chromium: a refused card and its explanation, a hint, undo, the review."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from fivehundred.actions import Play
from fivehundred.library import HAND_IDS, load_hand

from .helpers import MOVE_TIMEOUT_MS, TURN, assert_healthy, open_lesson, screenshot, wait_for_decision

pytestmark = pytest.mark.e2e

NOTEBOOK = "19-guided-hands.ipynb"
HAND = ".fh-table-hand .fh-hand-card"
HAND_ID = "take-control"  # the page's first hand


def _card(page: Page, code: str):  # type: ignore[no-untyped-def]
    return page.locator(f"{HAND}[data-card='{code}']")


def _click_card(page: Page, code: str, cards_before: int) -> None:
    _card(page, code).click()
    expect(page.locator(HAND)).to_have_count(cards_before - 1, timeout=MOVE_TIMEOUT_MS)


def test_finish_a_guided_hand_by_clicking(page: Page, voila_url: str) -> None:
    hand = load_hand(HAND_ID)
    open_lesson(page, voila_url, NOTEBOOK)
    expect(page.locator(".fh-guided")).to_be_visible()
    expect(page.locator(".fh-guided-intro")).to_contain_text(hand.title)
    expect(page.locator(".fh-guided-picker select option")).to_have_count(len(HAND_IDS))
    # guided mode hides free play's New hand and record loader
    expect(page.locator(".fh-guided .fh-new-hand")).to_be_hidden()
    page.locator(".fh-speed select").select_option("Instant")
    expect(page.locator(TURN)).to_have_text("Your turn to bid.", timeout=MOVE_TIMEOUT_MS)
    assert_healthy(page)
    screenshot(page, "guided-start")

    # the auction is set: only its call is offered, not the whole ladder
    expect(page.locator(".fh-auction-set")).to_contain_text("auction is set: seven diamonds", timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".fh-bid-6D")).to_be_hidden()
    expect(page.locator(".fh-auction-panel .fh-pass")).to_be_hidden()
    page.locator(".fh-set-7D").click()
    expect(page.locator(TURN)).to_contain_text("discard", timeout=MOVE_TIMEOUT_MS)
    for i, code in enumerate(("5C", "8C", "JC")):
        page.locator(f".fh-kitty-cards .fh-hand-card[data-card='{code}']").click()
        expect(page.locator(".fh-kitty-cards .fh-selected")).to_have_count(i + 1)
    page.locator(".fh-kitty-confirm").click()
    expect(page.locator(HAND)).to_have_count(10, timeout=MOVE_TIMEOUT_MS)
    # the turn line may trail the hand by a message: wait until it no longer asks for the discard
    expect(page.locator(TURN)).not_to_contain_text("discard", timeout=MOVE_TIMEOUT_MS)

    decisions = hand.learner_decisions()
    narrated = {n.at: n for n in hand.notes if n.accept}
    first = decisions[0]
    moment = next(i for i in decisions if i in narrated)
    undone = hinted = refused = False
    for index in decisions:
        turn = wait_for_decision(page)
        assert "Your turn" in turn, turn
        cards = page.locator(HAND).count()
        play = hand.line[index]
        assert isinstance(play, Play)
        if index == first and not undone:
            # leave the line with another card, then undo back to it
            other = next(
                c for c in page.locator(f"{HAND}:not(.fh-dimmed)").evaluate_all("els => els.map(e => e.dataset.card)")
                if c != str(play.card)
            )
            _click_card(page, other, cards)
            expect(page.locator(".fh-guided-off")).to_be_visible(timeout=MOVE_TIMEOUT_MS)
            wait_for_decision(page)
            screenshot(page, "guided-off-line")
            page.locator(".fh-undo").click()
            expect(page.locator(HAND)).to_have_count(cards, timeout=MOVE_TIMEOUT_MS)
            expect(page.locator(".fh-guided-off")).to_have_count(0, timeout=MOVE_TIMEOUT_MS)
            undone = True
            wait_for_decision(page)
        if index == moment:
            note = narrated[index]
            expect(page.locator(".fh-guided-ask")).to_be_visible(timeout=MOVE_TIMEOUT_MS)
            wrong = next(
                c for c in page.locator(f"{HAND}:not(.fh-dimmed)").evaluate_all("els => els.map(e => e.dataset.card)")
                if c not in {str(a) for a in note.accept}
            )
            _card(page, wrong).click()
            expect(page.locator(".fh-table-feedback")).to_contain_text(note.wrong, timeout=MOVE_TIMEOUT_MS)
            expect(page.locator(HAND)).to_have_count(cards)
            refused = True
            page.locator(".fh-hint").click()  # the ladder: the nudge first, then the card, then the evidence
            expect(page.locator(".fh-hint-text")).to_contain_text("Press Hint again for the card", timeout=MOVE_TIMEOUT_MS)
            page.locator(".fh-hint").click()
            expect(page.locator(".fh-hint-text")).to_contain_text("Press Hint again for the evidence", timeout=MOVE_TIMEOUT_MS)
            page.locator(".fh-hint").click()
            expect(page.locator(".fh-hint-text")).to_contain_text("With best play", timeout=MOVE_TIMEOUT_MS)
            hinted = True
            screenshot(page, "guided-refused-and-hint")
        _click_card(page, str(play.card), cards)
    assert undone and hinted and refused

    review = page.locator(".fh-guided-review")
    expect(review).to_contain_text("Double-dummy par", timeout=MOVE_TIMEOUT_MS)
    expect(review).to_contain_text("made")
    expect(page.locator(".fh-guided-move")).to_have_count(10)
    expect(page.locator(TURN)).to_contain_text("is over")
    assert_healthy(page)
    screenshot(page, "guided-review")

    page.locator(".fh-guided-replay").click()
    expect(page.locator(".fh-guided-coach")).to_contain_text("Replay of the intended line", timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".fh-guided-coach")).to_contain_text(hand.notes[-1].text, timeout=60_000)
    screenshot(page, "guided-replay")


def _play_line_by_clicks(page: Page, hand_id: str) -> None:
    """Make every one of the learner's moves on ``hand_id``'s planned line by clicking."""
    hand = load_hand(hand_id)
    seats_moves = [i for i in range(len(hand.line)) if hand.round_at(i).to_act == hand.seat]
    for index in seats_moves:
        act = hand.line[index]
        turn = wait_for_decision(page)
        assert "Your turn" in turn, turn
        text = str(act)
        if text.startswith("discard"):
            for i, code in enumerate(text.split()[1:]):
                page.locator(f".fh-kitty-cards .fh-hand-card[data-card='{code}']").click()
                expect(page.locator(".fh-kitty-cards .fh-selected")).to_have_count(i + 1)
            page.locator(".fh-kitty-confirm").click()
            expect(page.locator(TURN)).not_to_contain_text("discard", timeout=MOVE_TIMEOUT_MS)
        elif text.startswith("nominate"):
            page.locator(f".fh-nominate-{text.split()[1]}").click()
            expect(page.locator(TURN)).not_to_contain_text("joker", timeout=MOVE_TIMEOUT_MS)
        elif isinstance(act, Play):
            cards = page.locator(HAND).count()
            _card(page, str(act.card)).click()
            if act.named is not None:
                page.locator(f".fh-joker-lead-{act.named.value}").click()
            expect(page.locator(HAND)).to_have_count(cards - 1, timeout=MOVE_TIMEOUT_MS)
        else:
            before = page.locator(".fh-table-status").inner_text()
            page.locator(f".fh-set-{text}").click()  # a guided hand's auction is set: its call is the only button
            page.wait_for_function(
                "(b) => document.querySelector('.fh-table-status').innerText !== b", arg=before, timeout=MOVE_TIMEOUT_MS
            )


@pytest.mark.parametrize("hand_id", ["joker-lead", "nominate-the-joker"])
def test_pick_a_hand_and_play_it_by_clicking(page: Page, voila_url: str, hand_id: str) -> None:
    hand = load_hand(hand_id)
    open_lesson(page, voila_url, NOTEBOOK)
    page.locator(".fh-guided-picker select").select_option(label=f"{HAND_IDS.index(hand_id) + 1}. {hand.title}")
    expect(page.locator(".fh-guided-intro")).to_contain_text(hand.title, timeout=MOVE_TIMEOUT_MS)
    page.locator(".fh-speed select").select_option("Instant")
    _play_line_by_clicks(page, hand_id)
    expect(page.locator(".fh-guided-review")).to_contain_text("Double-dummy par", timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(".fh-table-result")).to_contain_text("made")
    assert_healthy(page)
    screenshot(page, f"guided-{hand_id}-review")


def test_hand_one_following_the_hint_shows_what_the_planned_line_would_have_shown(page: Page, voila_url: str) -> None:
    """take-control: the Hint's J♦ at trick 2 is better than the line's K♠; the coach's panel then says what the
    planned line shows (West trumps the K♠), naming the planned card, with West's hidden trump described in words."""
    hand = load_hand(HAND_ID)
    open_lesson(page, voila_url, NOTEBOOK)
    page.locator(".fh-speed select").select_option("Instant")
    expect(page.locator(TURN)).to_have_text("Your turn to bid.", timeout=MOVE_TIMEOUT_MS)
    page.locator(".fh-set-7D").click()
    expect(page.locator(TURN)).to_contain_text("discard", timeout=MOVE_TIMEOUT_MS)
    for i, code in enumerate(("5C", "8C", "JC")):
        page.locator(f".fh-kitty-cards .fh-hand-card[data-card='{code}']").click()
        expect(page.locator(".fh-kitty-cards .fh-selected")).to_have_count(i + 1)
    page.locator(".fh-kitty-confirm").click()
    expect(page.locator(HAND)).to_have_count(10, timeout=MOVE_TIMEOUT_MS)
    expect(page.locator(TURN)).not_to_contain_text("discard", timeout=MOVE_TIMEOUT_MS)
    planned = hand.line[hand.learner_decisions()[1]]
    assert isinstance(planned, Play)
    for trick in (1, 2):  # follow the Hint: its second press names the card
        turn = wait_for_decision(page)
        assert "Your turn" in turn, turn
        page.locator(".fh-hint").click()
        expect(page.locator(".fh-hint-text")).to_contain_text("Press Hint again for the card", timeout=MOVE_TIMEOUT_MS)
        page.locator(".fh-hint").click()
        expect(page.locator(".fh-hint-text")).to_contain_text("Play ", timeout=MOVE_TIMEOUT_MS)
        text = page.locator(".fh-hint-text").inner_text()
        code = next(c for c in page.locator(HAND).evaluate_all("els => els.map(e => e.dataset.card)")
                    if f"Play {Play.parse(c).card.label}." in text)
        if trick == 2:
            assert code != str(planned.card), text  # the Hint's card is not the planned K♠
        _click_card(page, code, page.locator(HAND).count())
    remark = page.locator(".fh-guided-planned")
    expect(remark).to_be_visible(timeout=MOVE_TIMEOUT_MS)
    expect(remark).to_contain_text(f"is better than the planned {planned.card.label}")
    expect(remark).to_contain_text(f"What the planned line shows: you lead the {planned.card.label} in trick 2")
    expect(remark).to_contain_text(f"West cannot follow spades and trumps your {planned.card.label} with a trump")
    expect(page.locator(".fh-guided-off")).to_contain_text("The coach follows you")
    assert_healthy(page)
    screenshot(page, "guided-planned-line-remark")
    page.set_viewport_size({"width": 390, "height": 844})
    remark.scroll_into_view_if_needed()
    expect(remark).to_be_visible()
    screenshot(page, "guided-planned-line-remark-390", full_page=False)
    page.set_viewport_size({"width": 1366, "height": 768})
    remark.scroll_into_view_if_needed()
    screenshot(page, "guided-planned-line-remark-1366", full_page=False)
