"""Bids: the Avondale values, the ladder by position (not points), parsing (RULES.md §4)."""

from __future__ import annotations

import pytest

from fivehundred import (
    BLIND_MISERE,
    MISERE,
    OPEN_MISERE,
    PASS,
    Bid,
    BidKind,
    IllegalBidError,
    NotationError,
    Rules,
    Strain,
    bid_points,
    ladder,
    ladder_index,
    outranks,
)

STRAINS = ["S", "C", "D", "H", "NT"]
TRICK_BIDS = [f"{n}{s}" for n in range(6, 11) for s in STRAINS]

# RULES.md §4.2, typed in from the table (not computed)
AVONDALE = {
    6: (40, 60, 80, 100, 120),
    7: (140, 160, 180, 200, 220),
    8: (240, 260, 280, 300, 320),
    9: (340, 360, 380, 400, 420),
    10: (440, 460, 480, 500, 520),
}


@pytest.mark.parametrize("text", TRICK_BIDS)
def test_avondale_value(text: str) -> None:
    bid = Bid.parse(text)
    n = int(text[:-2] if text.endswith("NT") else text[:-1])
    s = STRAINS.index(text[len(str(n)) :])
    assert bid.points == AVONDALE[n][s] == 40 + 20 * s + 100 * (n - 6)
    assert bid_points(bid) == bid.points


@pytest.mark.parametrize(("text", "points"), [("MIS", 250), ("OMIS", 500), ("BMIS", 500), ("PASS", 0)])
def test_fixed_values(text: str, points: int) -> None:
    assert Bid.parse(text).points == points


def test_australian_ladder_exact() -> None:
    expected = (
        "6S 6C 6D 6H 6NT 7S 7C 7D 7H 7NT MIS 8S 8C 8D 8H 8NT 9S 9C 9D 9H 9NT 10S 10C 10D OMIS 10H 10NT".split()
    )
    assert [str(b) for b in ladder()] == expected
    assert [str(b) for b in ladder(Rules())] == expected


@pytest.mark.parametrize(
    ("higher", "lower"),
    [
        ("6C", "6S"),
        ("6NT", "6H"),
        ("7S", "6NT"),
        ("MIS", "7NT"),
        ("MIS", "7S"),
        ("8S", "MIS"),  # 8♠ (240) outranks misère (250): position, not points
        ("8C", "MIS"),
        ("OMIS", "10D"),
        ("10H", "OMIS"),  # 10♥ and open misère are both worth 500; 10♥ is higher
        ("10NT", "OMIS"),
        ("10NT", "10H"),
    ],
)
def test_ladder_order_australian(higher: str, lower: str) -> None:
    assert outranks(higher, lower)
    assert not outranks(lower, higher)
    assert ladder_index(higher) > ladder_index(lower)


def test_misere_by_points_sits_between_8s_and_8c() -> None:
    r = Rules(misere_rank="points")
    assert outranks("MIS", "8S", r)
    assert outranks("8C", "MIS", r)
    assert ladder_index("MIS", r) == ladder_index("8S", r) + 1


def test_open_misere_above_10h() -> None:
    r = Rules(open_misere_rank="above_10H")
    assert outranks("OMIS", "10H", r)
    assert outranks("10NT", "OMIS", r)  # 10NT is always the highest bid (RULES.md §4.1)
    assert ladder()[-1] == Bid.parse("10NT")
    assert ladder(r)[-1] == Bid.parse("10NT")


def test_ladder_without_misere() -> None:
    r = Rules(misere_allowed=False, open_misere_allowed=False)
    assert [str(b) for b in ladder(r)] == TRICK_BIDS
    with pytest.raises(IllegalBidError, match="do not allow"):
        ladder_index("MIS", r)


def test_blind_misere_only_with_flag() -> None:
    assert BLIND_MISERE not in ladder()
    assert BLIND_MISERE in ladder(Rules(blind_misere_allowed=True))


def test_every_trick_bid_strictly_ordered_by_tricks_then_strain() -> None:
    rungs = [b for b in ladder() if b.kind is BidKind.TRICKS]
    keys = [(b.tricks, b.strain.order) for b in rungs]  # type: ignore[union-attr]
    assert keys == sorted(keys)
    assert len(rungs) == 25


def test_pass_not_on_ladder() -> None:
    with pytest.raises(IllegalBidError, match="PASS"):
        ladder_index("PASS")


@pytest.mark.parametrize("text", [*TRICK_BIDS, "MIS", "OMIS", "BMIS", "PASS"])
def test_round_trip(text: str) -> None:
    bid = Bid.parse(text)
    assert str(bid) == text
    assert Bid.parse(str(bid)) == bid
    assert eval(repr(bid)) == bid
    assert Bid.parse(bid.label) == bid


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("7♥", "7H"),
        ("7h", "7H"),
        ("8 no trumps", "8NT"),
        ("8 No Trumps", "8NT"),
        ("10nt", "10NT"),
        ("6 ♠", "6S"),
        ("9 diamonds", "9D"),
        ("MISERE", "MIS"),
        ("misère", "MIS"),
        ("mis", "MIS"),
        ("OPEN_MISERE", "OMIS"),
        ("open misère", "OMIS"),
        ("BLIND_MISERE", "BMIS"),
        ("pass", "PASS"),
    ],
)
def test_aliases(text: str, canonical: str) -> None:
    assert str(Bid.parse(text)) == canonical


@pytest.mark.parametrize("bad", ["", "5S", "11H", "6", "7X", "NT", "7 hearts please", "OPEN", "6SS", "ZZ", "0NT"])
def test_bad_bid_names_input(bad: str) -> None:
    with pytest.raises(NotationError, match="not a bid") as info:
        Bid.parse(bad)
    assert repr(bad) in str(info.value)


@pytest.mark.parametrize("bad", [None, 7, 7.5, ["7H"]])
def test_bad_bid_type(bad: object) -> None:
    with pytest.raises(NotationError, match="not a bid"):
        Bid.parse(bad)  # type: ignore[arg-type]


def test_bid_fields() -> None:
    b = Bid.parse("8NT")
    assert b.tricks == 8 and b.strain is Strain.NO_TRUMPS and b.trump is None
    assert Bid.parse("7H").trump is not None and str(Bid.parse("7H").trump) == "H"
    assert MISERE.is_misere and OPEN_MISERE.is_misere and BLIND_MISERE.is_misere
    assert PASS.is_pass and not MISERE.is_pass
    assert Bid.parse("7H").words == "seven hearts"
    assert Bid.parse("7H").label == "7♥"


@pytest.mark.parametrize(("tricks", "strain"), [(5, Strain.SPADES), (11, Strain.HEARTS), (7, None)])
def test_bad_bid_construction(tricks: int, strain: Strain | None) -> None:
    with pytest.raises(NotationError):
        Bid(BidKind.TRICKS, tricks, strain)
