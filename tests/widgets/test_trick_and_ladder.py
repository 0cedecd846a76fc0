"""TrickView and BiddingLadder."""

from __future__ import annotations

from fivehundred.bidding import Bid, ladder
from fivehundred.cards import Card
from fivehundred.errors import IllegalBidError
from fivehundred.rules import Rules
from fivehundred.trick import explain_trick_winner
from widgets import BiddingLadder, TrickView


def test_left_bower_wins_and_is_highlighted() -> None:
    # Hearts trumps; West leads 10♥, North J♦, East A♥, South 5♠.
    # J♦ is the left bower, above the ace of trumps: North (seat 0) wins.
    t = TrickView("10H JD AH 5S", "H", leader="W")
    assert t.winner_card == Card.parse("JD")
    assert t.winner_seat == 0
    html = t._table.value
    assert html.count("fh-winner") == 1
    assert 'data-seat="W"' in html and ">led<" in html
    assert t.reason == explain_trick_winner("10H JD AH 5S", "H")
    assert "left bower" in t._reason.value


def test_no_trumps_highest_of_suit_led() -> None:
    # No trumps: J♦ is just a diamond, so 10♥ led and A♥ wins.
    t = TrickView("10H JD AH 5S", "NT", leader="N")
    assert t.winner_card == Card.parse("AH")
    assert t.winner_seat == 2


def test_partial_trick_says_so_far() -> None:
    t = TrickView("KS", "H", leader="E")
    assert "So far" in t._reason.value
    assert ">winning<" in t._table.value
    assert t._table.value.count("dashed") == 3


def test_bad_trick_is_a_message() -> None:
    t = TrickView("AS", "H")
    t.set_trick("AS AS", "H")
    assert "twice" in t._reason.value
    assert t.cards == (Card.parse("AS"),)
    t.set_trick("AS KS QS JS 10S", "H")
    assert "at most 4 cards" in t._reason.value


def test_trick_repr() -> None:
    assert repr(TrickView("10H JD", "H", leader="S")) == "TrickView(cards='10H JD', trump='H', leader='S')"


def test_ladder_has_every_rung_in_order() -> None:
    lad = BiddingLadder()
    assert lad.rungs == ladder()
    assert len(lad.labels()) == 27 and lad._grid.codes == tuple(str(b) for b in ladder())  # 25 trick bids + misère + open misère
    labels = [label for label, _title in lad.labels().values()]
    assert "7♥ · 200" in labels and "misère · 250" in labels and "open misère · 500" in labels
    # misère sits alone between the seven row and the eight row
    rows = [[str(b) for b in row] for row in lad.rows()]
    assert rows[2] == ["MIS"]
    assert rows[5] == ["10S", "10C", "10D", "OMIS", "10H", "10NT"]


def test_ladder_bid_and_standing() -> None:
    seen: list[Bid] = []
    lad = BiddingLadder(standing="7NT", on_bid=seen.append)
    # 8♠ (240 points) is above misère (250) on the Australian ladder, and above 7NT.
    assert lad.bid("7H") is False and lad.status == "7♥ is lower than the standing bid of 7NT; each bid must be higher on the ladder."
    assert lad.bid("7NT") is False and "is the same as the standing bid of 7NT" in lad.status
    assert lad.bid("MIS") is True and lad.selected == "MIS"
    lad.press("8S")
    assert lad.selected == "8S" and [str(b) for b in seen] == ["MIS", "8S"]
    assert lad._grid.selected == "8S"  # marked in the browser
    assert Bid.parse("7D") in lad.dimmed and "7D" in lad._grid.dimmed
    assert Bid.parse("8C") not in lad.dimmed and Bid.parse("8C") in lad.open_rungs


def test_ladder_without_misere_explains() -> None:
    lad = BiddingLadder(Rules(misere_allowed=False))
    assert Bid.parse("MIS") not in lad.rungs
    assert lad.bid("MIS") is False
    assert lad.status == "These rules do not allow misère."
    assert lad.bid("banana") is False and "not a bid" in lad.status


def test_ladder_callback_error_is_shown() -> None:
    def refuse(bid: Bid) -> None:
        raise IllegalBidError("illegal bid", explanation="You have already passed.")

    lad = BiddingLadder(on_bid=refuse)
    assert lad.bid("6S") is False and lad.status == "You have already passed."
    assert "You have already passed." in lad._status.value


def test_points_rank_puts_misere_in_the_eight_row() -> None:
    lad = BiddingLadder(Rules(misere_rank="points"))
    rows = [[str(b) for b in row] for row in lad.rows()]
    assert ["8S", "MIS", "8C", "8D", "8H", "8NT"] in rows


def test_compass_layout_style_is_a_single_attribute() -> None:
    # double quotes inside style="..." would end the attribute and break the layout
    html = TrickView("10H JD AH 5S", "H")._table.value
    style = html.split('style="', 1)[1].split('"', 1)[0]
    assert "grid-template-areas:'. n .' 'w c e' '. s .'" in style
