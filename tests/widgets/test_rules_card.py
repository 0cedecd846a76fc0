"""The rules card: its trump order, ladder and contract score come from the engine and match the rules."""

from __future__ import annotations

import pytest

from fivehundred import PRESETS, Round
from fivehundred.analysis.endings import random_ending
from fivehundred.bidding import Bid
from fivehundred.cards import Card
from widgets.rules_card import RulesCard, rules_card_sections

RULES = PRESETS["australian"].replace(misere_requires_seven=False)


@pytest.mark.parametrize(
    "contract, first_four",
    [
        ("7S", "Joker, J♠ (right bower), J♣ (left bower), A♠"),
        ("6H", "Joker, J♥ (right bower), J♦ (left bower), A♥"),
        ("8D", "Joker, J♦ (right bower), J♥ (left bower), A♦"),
        ("9C", "Joker, J♣ (right bower), J♠ (left bower), A♣"),
    ],
)
def test_trump_order_for_a_suit_contract(contract: str, first_four: str) -> None:
    r = random_ending(RULES, seed=3, tricks_left=5, contract=contract)
    s = rules_card_sections(r.view(2))
    assert s.trumps[1].startswith(first_four + ", K")
    assert s.trumps[1].count(",") + 1 == int(s.trumps[0].split(", ")[1].split()[0])  # the count matches the list


def test_no_trumps_and_misere_describe_the_joker() -> None:
    nt = rules_card_sections(random_ending(RULES, seed=1, tricks_left=5, contract="7NT").view(2))
    assert "No trump suit (no trumps)" in nt.trumps[0] and "beats every card" in nt.trumps[1]
    mis = rules_card_sections(random_ending(RULES, seed=1, tricks_left=5, contract="MIS").view(2))
    assert "misère" in mis.trumps[0]
    assert mis.score[1] == "No tricks taken: +250. Any trick taken: −250."


@pytest.mark.parametrize(
    "contract, made, slam, down",
    [("6S", "+40", "+250", "−40"), ("7H", "+200", "+250", "−200"), ("10NT", "+520", None, "−520"), ("8D", "+280", None, "−280")],
)
def test_score_of_the_contract(contract: str, made: str, slam: str | None, down: str) -> None:
    r = random_ending(RULES, seed=2, tricks_left=4, contract=contract)
    line = rules_card_sections(r.view(2)).score[1]
    assert line.startswith(f"Made: {made}")
    assert (f"all ten tricks: {slam}" in line) == (slam is not None)
    assert line.endswith(f"One trick short: {down}.")


def test_the_ladder_has_every_bid_and_its_points() -> None:
    s = rules_card_sections()
    assert [name for name, _ in s.ladder] == ["♠", "♣", "♦", "♥", "NT"]
    points = {f"{t}{name}": p for name, cells in s.ladder for t, p in cells}
    assert points["6♠"] == 40 and points["10NT"] == 520 and points["7♥"] == 200
    assert points["8♦"] == Bid.parse("8D").points
    assert dict(s.ladder_extra) == {"misère": 250, "open misère": 500}
    assert s.score == ("No contract yet.",)


def test_the_card_opens_on_a_click_and_follows_the_hand() -> None:
    r = Round.deal(RULES, seed=4)
    card = RulesCard(r.view(2))
    assert not card.is_open and card._panel.value == ""  # a closed card is not drawn (nothing sent for it)
    card.show(random_ending(RULES, seed=4, tricks_left=5, contract="6H").view(2))
    assert card._panel.value == ""
    card.show(r.view(2))
    card._button.click()
    assert card.is_open and card._button.description == "Hide the rules card"
    assert "This contract" in card._panel.value and "No contract yet." in card._panel.value
    later = random_ending(RULES, seed=4, tricks_left=5, contract="7S")
    card.show(later.view(2))
    assert "J♣ (left bower)" in card._panel.value and "−140" in card._panel.value
    assert Card.parse("JC").label in repr(card.sections.trumps)
    card._button.click()
    assert not card.is_open
    card.show(r.view(2))  # closed: remembered, drawn when it opens again
    assert "−140" in card._panel.value
    card._button.click()
    assert "No contract yet." in card._panel.value
