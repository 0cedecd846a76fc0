"""The guided hands' learner text in the course's languages (issue #28): the hands' catalogue and the hands read in it."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from fivehundred import i18n as runtime
from fivehundred.library import HAND_IDS, guide_for, load_hand
from fivehundred.library.hand import SampleHand

ROOT = Path(__file__).resolve().parents[2]
HANDS = ROOT / "fivehundred" / "library" / "hands"
CARD = re.compile(r"(?:10|[2-9AKQJ])[♠♣♦♥]")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fivehundred_tools_i18n_hands", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


tool = _tool()


@pytest.fixture(autouse=True)
def _english_afterwards() -> Iterator[None]:
    yield
    runtime.use("en")


def _raw(hand_id: str) -> dict[str, object]:
    data: dict[str, object] = json.loads((HANDS / f"{hand_id}.json").read_text(encoding="utf-8"))
    return data


def _learner_strings(data: dict[str, object]) -> list[str]:
    notes = data["notes"]
    assert isinstance(notes, list)
    return [str(data["title"]), str(data["point"])] + [str(n[k]) for n in notes for k in ("text", "wrong") if n.get(k)]


def test_the_committed_hands_template_holds_every_learner_string_of_the_hands() -> None:
    assert not tool.hands_template_stale(), "run `python tools/i18n.py extract` (and `update`): locale/templates/hands.pot is out of date"
    template = [m for m in tool.read_catalogue(tool.TEMPLATES / "hands.pot") if m.id]
    want = [s for h in HAND_IDS for s in _learner_strings(_raw(h))]
    assert [m.id for m in template] == want, "one message per title, point, note and 'wrong' sentence, in teaching order"
    contexts = [m.context for m in template]
    assert len(set(contexts)) == len(contexts), "each message has its own context"
    assert "take-control: trick 6 S: wrong" in contexts and "slam: title" in contexts, "the context names the hand, the note and the field"


def test_every_hands_catalogue_is_complete_and_none_is_fuzzy() -> None:
    """A gap is named by language, hand (the context) and the English sentence."""
    template = [m for m in tool.read_catalogue(tool.TEMPLATES / "hands.pot") if m.id]
    assert len(template) > 140
    gaps = []
    for lang in tool.LANGUAGES:
        cat = tool.read_catalogue(tool.LOCALE / lang / "hands.po", locale=lang)
        assert "not yet reviewed by a native speaker" in (cat.last_translator or ""), f"{lang}: who drafted the hands' text is recorded"
        for m in template:
            entry = cat.get(m.id, context=m.context)
            if entry is None or not entry.string:
                gaps.append(f"{lang} {m.context}: missing: {m.id[:80]!r}")
            elif entry.fuzzy:
                gaps.append(f"{lang} {m.context}: fuzzy: {m.id[:80]!r}")
            elif sorted(CARD.findall(m.id)) != sorted(CARD.findall(entry.string)):
                gaps.append(f"{lang} {m.context}: card symbols differ: {entry.string[:80]!r}")
    assert gaps == [], "\n".join(gaps)


def test_in_english_a_hands_text_is_the_hand_files_byte_for_byte() -> None:
    runtime.use("en")
    for hand_id in HAND_IDS:
        hand = load_hand(hand_id)
        notes = [s for n in hand.notes for s in (n.text, n.wrong) if s]
        assert [hand.title, hand.point, *notes] == _learner_strings(_raw(hand_id)), hand_id


def test_under_slovak_a_guided_hand_speaks_slovak_with_its_card_symbols() -> None:
    runtime.use("sk")
    before = runtime.untranslated("sk")
    hand = load_hand("take-control")
    assert hand.title == "Prevezmite kontrolu nad tromfami"
    assert "tromf" in hand.point and "trumps" not in hand.point
    english = _raw("take-control")
    notes = english["notes"]
    assert isinstance(notes, list)
    for note, raw in zip(hand.notes, notes, strict=True):
        assert note.text != raw["text"], f"{raw['at']}: still English"
        assert sorted(CARD.findall(note.text)) == sorted(CARD.findall(raw["text"])), f"{raw['at']}: card symbols as they are"
        if raw.get("wrong"):
            assert note.wrong != raw["wrong"] and sorted(CARD.findall(note.wrong)) == sorted(CARD.findall(raw["wrong"]))
    opening = hand.notes[0].text
    assert "7♦" in opening and "talón" in opening, opening
    assert not {m for m in runtime.untranslated("sk") - before if m[0] and m[0].startswith("take-control:")}
    # the engine reads the same line: the note's at and accept are untouched
    runtime.use("en")
    assert [(n.at, n.accept) for n in load_hand("take-control").notes] == [(n.at, n.accept) for n in hand.notes]


def test_under_slovak_the_guide_refuses_an_off_line_card_with_the_slovak_wrong_sentence() -> None:
    runtime.use("sk")
    guide = guide_for("take-control")
    note = next(n for n in guide.hand.notes if n.at and n.accept and str(n.accept[0]) == "QD")
    r = guide.hand.round_at(note.at)
    off = next(a for a in r.legal_actions() if a not in note.accept and str(a) == "7S")
    said = guide.vet(r, off)
    assert said is not None and "Q♦" in said and "7♠" in said
    assert "West" not in said and "Západ" in said, said


def test_a_changed_english_sentence_makes_its_translation_fuzzy_and_the_hand_shows_the_english(tmp_path: Path) -> None:
    hands, templates, locale = tmp_path / "hands", tmp_path / "templates", tmp_path / "locale"
    hands.mkdir()
    shutil.copy(HANDS / "take-control.json", hands)
    tool.extract_hands(templates, hands)
    tool.update("sk", templates, locale)
    po = locale / "sk" / "hands.po"
    cat = tool.read_catalogue(po, locale="sk")
    cat.get("Take control of the trumps", context="take-control: title").string = "Ovládnite tromfy"
    end = "Seven tricks: 7♦ made. Every trump you drew was one the defenders could not use on your winners."
    cat.get(end, context="take-control: end: text").string = "Sedem štychov: 7♦ splnené."
    tool._write(cat, po)

    data = json.loads((hands / "take-control.json").read_text(encoding="utf-8"))
    data["notes"][-1]["text"] = "Seven tricks: 7♦ made. Each trump you drew was one the defenders could not use."
    (hands / "take-control.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    assert tool.hands_template_stale(templates, hands), "a changed sentence makes the template stale"
    tool.extract_hands(templates, hands)
    tool.update("sk", templates, locale)
    text = po.read_text(encoding="utf-8")
    assert re.search(r'#, fuzzy\n(#.*\n)*msgctxt "take-control: end: text"\nmsgid "Seven tricks: 7♦ made. Each trump[^"]*"\nmsgstr "Sedem štychov: 7♦ splnené."', text), text
    [st] = [s for s in tool.status("sk", locale, templates) if s.lesson == "hands"]
    assert (st.translated, st.fuzzy) == (1, 1)

    runtime.use("sk", locale=locale)
    hand = SampleHand.from_json(json.dumps(data))
    assert hand.title == "Ovládnite tromfy"
    assert hand.notes[-1].text == data["notes"][-1]["text"], "a fuzzy translation is never served: the English"
    assert hand.notes[0].text == data["notes"][0]["text"], "a missing one shows the English"
    missing = runtime.untranslated("sk")
    assert ("take-control: end: text", data["notes"][-1]["text"]) in missing
    assert ("take-control: bid S 1: text", data["notes"][0]["text"]) in missing
    assert ("take-control: title", "Take control of the trumps") not in missing

