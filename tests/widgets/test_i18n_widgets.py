"""The widgets speak the kernel's language (issue #28, item 2): fivehundred.i18n.use("sk") gives Slovak buttons,
feedback frames, status lines, seat and bid words and plural forms; English stays the default and unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fivehundred import i18n
from fivehundred import text as learner
from fivehundred.errors import FiveHundredError, LanguageError
from fivehundred.seating import seat_name
from widgets import table_parts
from widgets.exercises import PickCards, ScoreThisHand, WhichCardWins
from widgets.felt import _tricks


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the kernel in English, whatever it switched to."""
    yield
    i18n.use("en")


def _pick() -> PickCards:
    return PickCards("Which are hearts?", "AH KS 7H", "AH 7H", exercise_id="t/pick")


def test_english_is_the_default_and_reads_as_before() -> None:
    assert i18n.language() == "en"
    ex = _pick()
    assert ex._check.description == "Check" and ex._reveal_button.description == "Show the answer"
    assert ex.check() is None and ex.feedback == "Pick at least one card first, then press Check."
    assert ex.answer("AH 7H") is True and "✔ Right." in ex._feedback.value


def test_a_slovak_kernel_gives_slovak_buttons_and_feedback_frames() -> None:
    i18n.use("sk")
    ex = _pick()
    assert ex._check.description == "Skontrolovať"
    assert ex._reveal_button.description == "Ukázať odpoveď"
    assert ex.check() is None and ex.feedback == "Najprv vyberte aspoň jednu kartu, potom stlačte Skontrolovať."
    assert ex.answer("AH 7H") is True and "✔ Správne." in ex._feedback.value and "Right" not in ex._feedback.value
    row, bar = table_parts.controls(None, False, "Normal", (("Normal", 0.8),))
    assert [bar[name].description for name in ("undo", "new", "show", "hint", "step")] == [
        "Späť", "Nové rozdanie", "Ukázať všetky karty", "Nápoveda", "Ďalší ťah"]
    assert bar["speed"].options == (("Normálne", "Normal"),)  # the menu shows Slovak and keeps the English key


def test_slovak_has_three_plural_forms_for_tricks() -> None:
    i18n.use("sk")
    assert [_tricks(n) for n in (1, 2, 3, 4, 5, 11)] == ["1 štych", "2 štychy", "3 štychy", "4 štychy", "5 štychov", "11 štychov"]
    questions = {n: ScoreThisHand("7H", n, exercise_id=f"t/score-{n}").question for n in (1, 2, 5)}
    assert "získajú 1 štych." in questions[1]
    assert "získajú 2 štychy." in questions[2]
    assert "získajú 5 štychov." in questions[5]
    i18n.use("id")  # Indonesian has one form
    assert {_tricks(n) for n in (1, 2, 5)} == {"1 trik", "2 trik", "5 trik"}


def test_seat_and_bid_words_are_translated_but_the_engine_keeps_its_english_data() -> None:
    i18n.use("sk")
    assert learner.seat(3, 4) == "Západ" and learner.bid("7H") == "sedem sŕdc" and learner.bid("8NT") == "osem bez tromfov"
    assert seat_name(3, 4, long=True) == "West", "lessons and records use the engine's seat names as data"
    trick = WhichCardWins("KC 2C 9C 3C", "H", leader="W", exercise_id="t/trick")
    assert [c for c in trick._picker.captions] == ["Západ (vyniesol)", "Sever", "Východ", "Juh"]
    i18n.use("en")
    assert learner.seat(3, 4) == "West" and learner.bid("7H") == "seven hearts"


def test_an_unknown_language_is_refused_naming_it_and_the_language_stays() -> None:
    i18n.use("sk")
    for bad in ("xx", "SK", "", "../sk", None):
        with pytest.raises(LanguageError, match="no language") as err:
            i18n.use(bad)  # type: ignore[arg-type]
        assert isinstance(err.value, FiveHundredError) and isinstance(err.value, ValueError)
        assert repr(bad) in str(err.value)
        assert i18n.language() == "sk"


def test_the_speed_menu_and_the_best_cards_switch_read_in_the_page_s_language_and_keep_english_values() -> None:
    from widgets import TableView

    i18n.use("sk")
    t = TableView.deal(seed=1, pace=0.35, best=lambda view: {})
    shown = [words for words, _value in t._speed.options]
    assert shown[:4] == ["Pomaly", "Normálne", "Rýchlo", "Okamžite"]
    assert t._speed.value == "Fast"  # the value stays the English key: saves, tests and the pace map read it
    t._speed.value = "Slow"
    assert t.pace == 1.6
    assert t._best is not None and t._best.toggle.description == "Označiť najlepšie karty"
    i18n.use("en")
    assert [words for words, _value in TableView.deal(seed=1, pace=None)._speed.options][-1] == "Step by step"


def test_a_kitty_card_chosen_outside_the_kitty_phase_is_refused_in_slovak() -> None:
    from fivehundred import Round
    from widgets import KittyPicker

    i18n.use("sk")
    k = KittyPicker(Round.deal(seed=7))
    assert not k.toggle("AS")
    assert k.status == "Teraz sa talón neberie: je na rade licitácia."
