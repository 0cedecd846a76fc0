"""The lessons' small tables (widgets.tables): what they show comes from the engine."""

from __future__ import annotations

import re

from fivehundred import Round
from widgets.tables import auction_list, bid_value_grid, call_html, contract_values


def _cells(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", html)]


def test_the_value_grid_holds_the_scoring_table() -> None:
    cells = _cells(bid_value_grid().value)
    assert cells[:6] == ["", "♠", "♣", "♦", "♥", "NT"]
    # the Avondale values: 6♠ 40 up to 10NT 520, 20 a strain step and 100 a trick
    assert cells[6:12] == ["6 tricks", "40", "60", "80", "100", "120"]
    assert cells[-6:] == ["10 tricks", "440", "460", "480", "500", "520"]
    assert "color:#c62828'>♦" in bid_value_grid().value and "color:#c62828'>♠" not in bid_value_grid().value


def test_contract_values_list_each_bid_with_its_worth() -> None:
    assert _cells(contract_values(["7H", "MIS", "OMIS"]).value) == ["Contract", "Worth", "7♥", "200", "Misère", "250",
                                                                    "Open misère", "500"]


def test_the_auction_list_says_who_is_next_then_the_contract() -> None:
    r = Round.deal(seed=7)  # North deals, so East calls first
    r.apply("6S")
    text = re.sub(r"<[^>]+>", "", auction_list(r).value)
    assert "Dealer: North" in text and "1East6♠" in text and "Next to call: South." in text
    for call in ("PASS", "PASS", "PASS"):
        r.apply(call)
    text = re.sub(r"<[^>]+>", "", auction_list(r, title="The whole auction").value)
    assert text.count("Pass") == 3 and "Contract: 6♠, played by East." in text and "The whole auction" in text
    assert "Contract:" not in re.sub(r"<[^>]+>", "", auction_list(r, show_status=False).value)
    assert call_html(r.contract) == "<span style='color:#1b1b1b;font-weight:bold'>6♠</span>"
