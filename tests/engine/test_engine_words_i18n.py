"""The engine's learner sentences in another language (issue #28, item 2): the bidding method's words and the
first-miss reasons come out in Slovak under ``fivehundred.i18n.use("sk")``, with the card symbols intact and
Slovak's three plural forms (1, 2–4, 5 and more)."""

from __future__ import annotations

import re

import pytest

from fivehundred import i18n
from fivehundred.bidding import PASS, Bid, Strain
from fivehundred.bidding_method import (
    CONTEXTS,
    NO_TRUMPS_WITHOUT_JOKER,
    count_hand,
    count_words,
    method_words,
    misere_words,
    no_trumps_without_joker,
    open_misere_words,
    promise_words,
    top_cards,
)
from fivehundred.cards import parse_cards
from fivehundred.rules import AUSTRALIAN

# English words any of these sentences would keep if a piece bypassed the catalogue (none is a Slovak word;
# "bower" is: the Slovak glossary keeps it, "ľavý bower")
ENGLISH = re.compile(r"\b(the|and|you|count|counts|trumps?|tricks?|kitty|joker|bowers|aces?|kings?|length|side|"
                     r"nobody|opponents?|add|about|least|in all|making|North|hand|own|with|without|cards?|above|"
                     r"for|not|pass|passed|shows?|yet)\b")


def english_in(text: str) -> list[str]:
    return ENGLISH.findall(text)


def test_method_words_come_out_in_slovak(slovak: None) -> None:
    hand = parse_cards("JK JH JD AH 10H 9H AS KS 7C 6C")
    text = method_words(count_hand(hand, Strain.HEARTS))
    assert english_in(text) == [], text
    assert text.startswith("Keď hráte srdcia, napočítate: 4 najvyššie tromfy (žolík, oba bowery a eso), 3 za dĺžku (6 tromfov)")
    assert "Zatiaľ nikto nehlásil, takže partner a talón pridajú asi 2: spolu 11." in text
    no_trumps = method_words(count_hand(hand, Strain.NO_TRUMPS, "compete"))
    assert english_in(no_trumps) == [] and "bez tromfov" in no_trumps and "Súperi hlásili" in no_trumps


def test_promise_words_come_out_in_slovak_with_the_card_symbols(slovak: None) -> None:
    text = promise_words(0, [(3, PASS), (0, Bid.parse("8C"))], rules=AUSTRALIAN)
    assert english_in(text) == [], text
    assert "8♣" in text and "Sever" in text and "asi 6 štychov" in text and "trefy" in text
    top = promise_words(0, [(3, PASS), (0, Bid.parse("10H"))], rules=AUSTRALIAN)
    assert english_in(top) == [] and "10♥" in top and "aspoň 8 štychov" in top and top.endswith("môžu napočítať aj viac.")
    passed = promise_words(1, [(0, Bid.parse("7S")), (1, PASS)], rules=AUSTRALIAN)
    assert english_in(passed) == [] and "7♠" in passed, passed
    assert english_in(promise_words(2, [(0, PASS)], rules=AUSTRALIAN)) == []


def test_misere_words_come_out_in_slovak_with_the_cards_named(slovak: None) -> None:
    text = misere_words(parse_cards("AH KS 7C 6C 5S 4D 6H 7H 8H 9H"))
    assert english_in(text) == [], text
    assert "2 karty nad 9 (A♥, K♠)" in text and "priveľa na misère (najviac 1)" in text
    assert english_in(open_misere_words(parse_cards("AH KS 7C 6C 5S 4D 6H 7H 8H 9H"))) == []
    assert english_in(open_misere_words(parse_cards("JK 7C"))) == []


def test_the_module_constants_are_translated_when_shown_not_at_import(slovak: None) -> None:
    assert NO_TRUMPS_WITHOUT_JOKER.startswith("No trumps only with the joker"), "the constant stays the English source"
    assert no_trumps_without_joker().startswith("Bez tromfov iba so žolíkom")
    assert CONTEXTS["open"] == "nobody has bid yet"
    i18n.use("en")
    assert no_trumps_without_joker() == NO_TRUMPS_WITHOUT_JOKER


@pytest.mark.parametrize(
    ("cards", "piece"),
    [
        ("AH 7H 6H 5S 6S 7S 5C 6C 7C 5D", "1 najvyšší tromf (eso)"),
        ("JH AH 7H 5S 6S 7S 5C 6C 7C 5D", "2 najvyššie tromfy (pravý bower a eso)"),
        ("JK JH JD AH 5S 6S 5C 6C 7C 5D", "4 najvyššie tromfy (žolík, oba bowery a eso)"),
    ],
)
def test_slovak_top_trumps_take_the_form_for_one_and_for_two_to_four(slovak: None, cards: str, piece: str) -> None:
    assert piece in count_words(count_hand(parse_cards(cards), Strain.HEARTS))


def test_slovak_plurals_for_one_two_to_four_and_five_and_more(slovak: None) -> None:
    # a hand holds at most 4 top trumps, so 5 and more is the catalogue's third form, and the trumps held
    forms = [i18n.ngettext("{n} top trump ({cards})", "{n} top trumps ({cards})", n).format(n=n, cards="…") for n in (1, 3, 5, 7)]
    assert forms == ["1 najvyšší tromf (…)", "3 najvyššie tromfy (…)", "5 najvyšších tromfov (…)", "7 najvyšších tromfov (…)"]
    assert top_cards(parse_cards("JK 7H"), Strain.HEARTS) == "2 tromfy: žolík"
    assert top_cards(parse_cards("AH 7H 8H 9H 10H 5S"), Strain.HEARTS) == "5 tromfov: eso"
    assert "3 za dĺžku (6 tromfov)" in count_words(count_hand(parse_cards("AH 5H 6H 7H 8H 9H 5S 6S 5C 6C"), Strain.HEARTS))


def test_english_is_unchanged() -> None:
    i18n.use("en")
    hand = parse_cards("JK JH JD AH 10H 9H AS KS 7C 6C")
    assert method_words(count_hand(hand, Strain.HEARTS)) == (
        "In hearts you count 4 top trumps (the joker, both bowers and the ace), 3 for length (6 trumps), 1 side ace "
        "and 1 king with its ace: 9. Nobody has bid yet, so partner and the kitty add about 2: 11 in all.")
    assert top_cards(hand, Strain.NO_TRUMPS) == "the joker and 2 aces"


def test_first_miss_reasons_come_out_in_slovak(slovak: None) -> None:
    from fivehundred import feedback

    reason = feedback.trump_count_reasons("C")[11]
    assert reason == "11 vynecháva jeden tromf. Keď sú tromfy trefy, aj žolík a J♠ (ľavý bower) sú tromfy."
    count = count_hand(parse_cards("JK JH AH 7H 8H 9H AS KS 7C 6C"), Strain.HEARTS)
    texts = [
        *feedback.count_reasons(count).values(),
        *feedback.total_reasons(count).values(),
        *feedback.held_trump_reasons(parse_cards("JK JD 7H 8H 9H AS KS 7C 6C 5C"), "H").values(),
        *feedback.score_reasons("8H", 6).values(),
        feedback.higher_bid_reason("7D", "7H"),
        feedback.higher_bid_reason("MIS", "8S"),
        feedback.misere_rung_hint("MIS"),
        feedback.top_trump_reason("7H", "H"),
        feedback.suit_reason("JD", "H", "D"),
        feedback.pack_size_reasons(3)[43],
    ]
    for text in texts:
        assert english_in(text) == [], text
    assert "pridáva partnera a talón" in texts[0]
    assert feedback.pack_size_reasons(3)[43].startswith("43 je balíček pre štyroch hráčov. Traja hráči")
    assert "J♦ nie je káro: je to ľavý bower" in feedback.suit_reason("JD", "H", "D")


def test_slovak_trick_counts_in_the_reasons_take_three_forms(slovak: None) -> None:
    from fivehundred import feedback

    def own_count(cards: str) -> str:
        count = count_hand(parse_cards(cards), Strain.HEARTS)
        return feedback.total_reasons(count)[count.in_hand]

    assert "(1 štych)" in own_count("AH 7S 8S 9S 7C 8C 9C 7D 8D 9D")
    assert "(3 štychy)" in own_count("JH AH 7S 8S 9S AD 8C 9C 7D 8D")
    assert "(6 štychov)" in own_count("JK JH JD AH 7S AS 9C 7C 7D 8D")  # 4 top trumps, 1 for length, 1 side ace


def test_who_wins_a_trick_comes_out_in_slovak(slovak: None) -> None:
    from fivehundred.trick import explain_trick_winner

    text = explain_trick_winner("10H JD AH 5S", "H")
    assert text == ("J♦ berie: ľavý bower (J♦ sa počíta ako srdce, keď sú tromfy srdcia) je vyššia karta ako "
                    "eso tromfovej farby.")
    for cards, contract in (("KS 7S 5H", "H"), ("KS QS 5C", "H"), ("KS 5C", None), ("7H", "S")):
        assert english_in(explain_trick_winner(cards, contract)) == [], (cards, contract)
