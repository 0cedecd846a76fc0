"""CardRow and HandView, driven through their Python API (no browser, no kernel)."""

from __future__ import annotations

from fivehundred.cards import Card
from fivehundred.errors import IllegalPlayError
from fivehundred.play import explain_play, legal_cards
from widgets import CardRow, HandView


def test_card_row_shows_every_card_with_a_label() -> None:
    row = CardRow("JH JD AH", trump="H")
    html = row._picture.value
    assert html.count('data-card=') == 3
    assert 'aria-label="jack of diamonds, left bower"' in html
    assert repr(row) == "CardRow(cards='JH JD AH', trump='H')"


def test_card_row_changes_and_bad_text_is_a_message() -> None:
    row = CardRow("AS")
    row.cards = "KS QS"  # type: ignore[assignment]
    assert [str(c) for c in row.cards] == ["KS", "QS"]
    assert 'data-card="KS"' in row._picture.value
    row.cards = "KS ZZ"  # type: ignore[assignment]
    assert "is not a card" in row._picture.value
    assert "Traceback" not in row._picture.value


def test_card_row_face_down() -> None:
    row = CardRow("AS KS QS", face_down=True)
    assert row._picture.value.count('data-card="back"') == 3
    assert "ace of spades" not in row._picture.value


def test_choose_mirrors_a_click() -> None:
    seen: list[Card] = []
    hand = HandView("AH KH 9S", on_choose=seen.append)
    hand._buttons._on_custom_msg(hand._buttons, {"event": "click", "card": "KH"}, [])
    assert hand.chosen == "KH" and seen == [Card.parse("KH")]
    assert hand.choose("9S") is True
    assert hand.chosen == "9S" and [str(c) for c in seen] == ["KH", "9S"]
    assert hand._buttons.selected == ["9S"]


def test_choosing_the_same_card_twice_calls_back_twice() -> None:
    seen: list[Card] = []
    hand = HandView("AH KH", on_choose=seen.append)
    hand.choose("AH")
    hand.choose("AH")
    assert len(seen) == 2


def test_illegal_cards_are_dimmed_and_explained() -> None:
    # Hearts trumps, A♥ led: J♦ is the left bower, so it is a heart and must be played;
    # 5♦ and 9♠ may not be played (reasoned from RULES.md §2 and §5).
    hand_text = "JD 5D 9S"
    hand = HandView(
        hand_text,
        trump="H",
        legal=lambda: legal_cards(hand_text, "AH", "H"),
        explain=lambda c: explain_play(c, hand_text, "AH", "H"),
    )
    assert sorted(hand._buttons.dimmed) == ["5D", "9S"]
    assert "Greyed cards" in hand._hint.value
    assert hand.choose("5D") is False
    assert hand.chosen == ""
    # the status holds the engine's own sentence, not a made-up one
    assert hand.status == explain_play("5D", hand_text, "AH", "H").reason
    assert "heart" in hand.status
    assert hand._below.spec[hand._below.names.index("status")]["cls"] == "fh-status" and "heart" in hand._status.value
    assert hand.choose("JD") is True
    assert hand.status == ""


def test_why_uses_the_engine() -> None:
    hand = HandView("JD 5D", trump="H", explain=lambda c: explain_play(c, "JD 5D", "AH", "H"))
    assert hand.why("JD") == explain_play("JD", "JD 5D", "AH", "H").reason


def test_bad_input_is_a_message_not_a_traceback() -> None:
    hand = HandView("AH KH")
    assert hand.choose("XX") is False
    assert "not a card" in hand.status
    assert hand.choose("QS") is False
    assert "not in this hand" in hand.status


def test_engine_error_from_callback_is_shown() -> None:
    def refuse(card: Card) -> None:
        raise IllegalPlayError("illegal play: not your turn", explanation="It is not your turn yet.")

    hand = HandView("AH KH", on_choose=refuse)
    assert hand.choose("AH") is False
    assert hand.status == "It is not your turn yet."
    assert hand.chosen == ""
    assert "It is not your turn yet." in hand._status.value


def test_remove_chosen_and_refresh() -> None:
    hand = HandView("AH KH 9S", remove_chosen=True)
    hand.choose("KH")
    assert [str(c) for c in hand.cards] == ["AH", "9S"]
    assert hand._buttons.cards == ["AH", "9S"]


def test_repr_is_deterministic() -> None:
    assert repr(HandView("AH KH 9S")) == "HandView(cards='AH KH 9S', chosen='')"
    assert repr(HandView("AH")._buttons) == "CardButtons(cards='AH')"
    assert "0x" not in repr(HandView("AH")._buttons)


def test_status_observer_is_registered_by_name() -> None:
    hand = HandView("AH")
    calls: list[str] = []
    hand.observe(lambda ch: calls.append(ch["name"]), names=["chosen"])
    hand.choose("AH")
    assert calls == ["chosen"]


def test_a_click_message_from_the_browser_reaches_the_hand() -> None:
    # The comm-level message the front end sends for model.send({...}); this goes
    # through ipywidgets' own dispatch, so a handler that shadows it would fail here.
    hand = HandView("AH KH")
    msg = {"content": {"data": {"method": "custom", "content": {"event": "click", "card": "KH"}}}, "buffers": []}
    hand._buttons._handle_msg(msg)
    assert hand.chosen == "KH"
