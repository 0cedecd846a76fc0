"""A row of card buttons sends each picture once, and after that only the pictures that changed (widgets/_picker.py)."""

from __future__ import annotations

from fivehundred.cards import Card
from widgets._picker import CardButtons


def _cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def test_only_new_and_changed_pictures_are_sent() -> None:
    row = CardButtons()
    sent: list[dict[str, object]] = []
    row.show(_cards("JD JH 5S 9C AH KC QC 4D 6S 7H"))
    assert set(row.face_base) == {"JD", "JH", "5S", "9C", "AH", "KC", "QC", "4D", "6S", "7H"} and row.face_new == {}
    row._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    row.show(_cards("JD JH 5S 9C AH KC QC 4D 6S"))  # a card leaves: only the list of codes
    assert "face_base" not in sent[-1]["state"] and "face_new" not in sent[-1]["state"]
    row.show(_cards("JD JH 5S 9C AH KC QC 4D 6S 10D"), trump="H")  # one new card, and hearts are trumps
    new = sent[-1]["state"]["face_new"]  # type: ignore[index]
    assert set(new) == {"JD", "JH", "10D"}  # the two bowers are drawn again (their marks), and the new card
    assert "fh-left-bower" in row.faces["JD"] and "fh-right-bower" in row.faces["JH"]
    assert "face_base" not in sent[-1]["state"]


def test_many_changes_are_folded_into_one_set_of_pictures() -> None:
    row = CardButtons()
    row.show(_cards("5S 9C"))
    row.show(_cards("AH KH QH JH"))  # more new pictures than half the row's: sent as one set, none left over
    assert row.face_new == {} and {"AH", "KH", "QH", "JH", "5S", "9C"} == set(row.face_base)
    assert set(row.faces) >= set(row.cards)
