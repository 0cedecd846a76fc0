"""AuctionPanel: the calls by seat, your legal bids from the engine, and the engine's refusals."""

from __future__ import annotations

from fivehundred import Round
from fivehundred.bidding import Bid
from fivehundred.round import Phase
from widgets import AuctionPanel
from widgets.auction import SKIPPED, auction_rows


def test_rows_by_seat_with_the_dealer_marked() -> None:
    r = Round.deal(seed=7)  # dealer North, East bids first
    panel = AuctionPanel(r)
    assert panel.rows == ()
    assert "No calls yet" in panel._grid.value
    assert panel.bid("PASS") and panel.bid("7H") and panel.bid("PASS")
    assert panel.rows == (("", "PASS", "7H", "PASS"),)
    assert panel.bid("PASS")  # North passes: South's 7♥ wins
    assert panel.rows == (("", "PASS", "7H", "PASS"), ("PASS", "", "", ""))
    assert r.phase is Phase.KITTY
    html = panel._grid.value
    assert 'data-seat="N"' in html and "fh-dealer" in html
    assert html.index("fh-dealer") < html.index('data-seat="E"')  # the badge is in North's header
    assert "South won it with 7♥" in panel._heading.value
    assert panel._controls.layout.display == "none"


def test_skipped_seats_after_a_pass() -> None:
    r = Round.deal(seed=7)
    for call in ("6S", "PASS", "6C", "PASS", "6D", "6H"):  # E, S, W, N, E, W (South and North passed)
        r.apply(call)
    rows = auction_rows(r)
    assert rows[0] == ("", "6S", "PASS", "6C")
    assert rows[1] == ("PASS", "6D", SKIPPED, "6H")


def test_only_legal_bids_are_open_and_greyed_rungs() -> None:
    r = Round.deal(seed=7)
    panel = AuctionPanel(r)
    panel.bid("7H")
    legal = set(r.legal_bids())
    assert set(panel.legal_bids) == legal
    lad = panel._ladder
    assert set(lad.dimmed) == set(lad.rungs) - legal and set(lad.open_rungs) == legal - {Bid.parse("PASS")}
    assert lad._grid.dimmed == [str(b) for b in lad.rungs if b not in legal]  # what the browser greys


def test_illegal_bid_shows_the_engines_explanation() -> None:
    r = Round.deal(seed=7)
    panel = AuctionPanel(r)
    panel.bid("7H")
    assert not panel.bid("7S")
    assert "lower than the standing bid of 7♥" in panel.status
    assert "lower than the standing bid" in panel._status.value
    assert len(r.auction) == 1


def test_misere_before_a_seven_is_refused_with_the_reason() -> None:
    r = Round.deal(seed=7)
    panel = AuctionPanel(r)
    assert not panel.bid("MIS")
    assert panel.status
    assert r.auction == []


def test_seat_panel_acts_only_on_its_turn() -> None:
    r = Round.deal(seed=7)  # East to bid
    panel = AuctionPanel(r, seat="S")
    assert not panel.my_turn and panel._pass.disabled
    assert not panel.pass_()
    assert "East's turn" in panel.status
    r.apply("PASS")
    panel.refresh()
    assert panel.my_turn and not panel._pass.disabled
    assert "Your turn" in panel._turn.description
    panel._pass.click()
    assert r.auction[-1] == (2, Bid.parse("PASS"))


def test_ladder_button_click_bids() -> None:
    r = Round.deal(seed=7)
    panel = AuctionPanel(r)
    panel._ladder._grid._on_custom_msg(panel._ladder._grid, {"event": "click", "bid": "8D"}, [])  # as the browser sends it
    assert r.auction == [(1, Bid.parse("8D"))]
    panel._ladder.press("6S")
    assert "lower than the standing bid" in panel.status


def test_not_a_bid_is_a_message() -> None:
    panel = AuctionPanel(Round.deal(seed=7))
    assert not panel.bid("11H")
    assert "not a bid" in panel.status


def test_submit_callback_is_used() -> None:
    r = Round.deal(seed=7)
    seen: list[str] = []

    def submit(action: object) -> None:
        seen.append(str(action))
        r.apply(action)  # type: ignore[arg-type]

    panel = AuctionPanel(r, submit=submit)
    panel.bid("6NT")
    panel.pass_()
    assert seen == ["6NT", "PASS"]


def test_repr() -> None:
    r = Round.deal(seed=7)
    panel = AuctionPanel(r)
    panel.bid("7H")
    assert repr(panel) == "AuctionPanel(dealer='N', calls='7H')"
