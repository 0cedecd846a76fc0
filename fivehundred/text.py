"""Learner text: the one place engine values become the words a learner reads.

Engine notation (``10D``, ``JK``, ``discard 5C 6C KH``, ``-380``) stays in records
and code.  Anything shown to a learner goes through these helpers:

>>> from fivehundred.cards import parse_cards
>>> cards(parse_cards("10D JH JK"))
'10♦ J♥ Joker'
>>> points(-380), signed(40), signed(-10)
('−380', '+40', '−10')
>>> bid("8NT"), bid("MIS")
('eight no trumps', 'misère')
>>> action("discard 5C 6C KH")
'discard 5♣ 6♣ K♥'
>>> plain("Hint: 6D. Score -380.")
'Hint: 6♦. Score −380.'
>>> notation_in("Play 10D, not 6♦; you lost -20")
['10D', '-20']
>>> notation_in("In this hand you bid misère (MIS).")
['MIS']
>>> wording_in("✔ Right. Right: West speaks first.")
['a doubled lead: "Right. Right"']
>>> wording_in("Keep your trumps and aces.", no_trumps=True)
['a trump word in no trumps: "Keep your trumps"']
>>> wording_in("12 of your 13 cards keep that.", held=10)
['a card count that is not the hand held: "of your 13 cards" (10 held)']

This module is pure Python: no widgets, no IPython.
"""

from __future__ import annotations

import re
from typing import Iterable

from fivehundred import i18n
from fivehundred.bidding import Bid, BidKind, Strain, kind_words
from fivehundred.cards import Card, Rank, Suit
from fivehundred.i18n import gettext as _
from fivehundred.i18n import pgettext
from fivehundred.rules import Rules
from fivehundred.seating import seat_name, seat_names, side_name, sides

__all__ = ["MINUS", "card", "cards", "bid", "bid_label", "bid_number", "suit", "rank", "strain", "listing", "seat", "seat_short", "side",
           "side_names", "points", "scores", "signed", "action", "plain", "notation_in", "wording_in"]

#: the minus sign learners see (U+2212), never the hyphen-minus
MINUS = "\u2212"

# A card code as the engine writes it: rank then suit letter, or JK for the joker.
# Word boundaries keep ordinary words ("OK", "KHz") and longer tokens out.
_CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9JQKA])[SCDH](?![A-Za-z0-9])|(?<![A-Za-z0-9])JK(?![A-Za-z0-9])")
# A hyphen-minus standing for a negative number: "-380", "(-20)", "score: -10"; not "6-player" or "1-2".
_HYPHEN_NUMBER = re.compile(r"(?<![\w\-])-(?=\d)")
_NEGATIVE = re.compile(r"(?<![\w\-])-\d+")
# A bid's engine code where its words belong: "misère (MIS)", "OMIS" (7NT and 8♠ are labels, not codes).
_BID_CODE = re.compile(r"(?<![A-Za-z0-9])O?MIS(?![A-Za-z0-9])")
_DOUBLED = re.compile(r"\b(Right|Not quite|Well done)[.!:]\s+\1\b", re.I)
# Trump words that make no sense in a no-trump contract (the joker is the only "trump" there and is named as such).
_TRUMP_WORDS = re.compile(r"[^.;:]*\b(?:trumps? (?:this|it|the|a)|ruff\w*|your trumps|draw(?:ing)? trumps|over-?trump\w*|"
                          r"a trump\b|trumps are)\b", re.I)
_OF_YOUR = re.compile(r"\bof your (\d+) cards\b")


def card(c: Card | str) -> str:
    """One card as the learner sees it: ``10♦``, ``J♥``, ``Joker``."""
    return Card.parse(c).label


def cards(cs: Iterable[Card | str]) -> str:
    """Cards as symbols separated by spaces (an empty list gives ``""``)."""
    return " ".join(card(c) for c in cs)


def bid(b: Bid | str) -> str:
    """A bid in words, in the kernel's language: ``seven hearts``, ``misère``, ``pass`` (``sedem sŕdc`` in Slovak)."""
    parsed = Bid.parse(b)
    if i18n.language() == "en":
        return parsed.words
    if parsed.kind is BidKind.TRICKS:
        assert parsed.strain is not None
        suit_ = parsed.strain.suit
        strain = pgettext("bid", "no trumps") if suit_ is None else _bid_suit(suit_)
        return pgettext("bid", "{tricks} {strain}").format(tricks=bid_number(parsed.tricks), strain=strain)
    return _kind_words(parsed.kind)


def bid_label(b: Bid | str) -> str:
    """A bid's short label, in the kernel's language: ``7♥``, ``8NT``, ``misère``, ``pass``."""
    parsed = Bid.parse(b)
    if parsed.kind is BidKind.TRICKS or i18n.language() == "en":
        return parsed.label
    return _kind_words(parsed.kind)


def suit(s: Suit, *, singular: bool = False) -> str:
    """A suit's name in the kernel's language: ``hearts`` (``heart`` with ``singular``)."""
    if i18n.language() == "en":
        return s.singular if singular else s.plural
    if singular:
        return {
            Suit.SPADES: pgettext("suit, one card", "spade"),
            Suit.CLUBS: pgettext("suit, one card", "club"),
            Suit.DIAMONDS: pgettext("suit, one card", "diamond"),
            Suit.HEARTS: pgettext("suit, one card", "heart"),
        }[s]
    return {
        Suit.SPADES: pgettext("suit", "spades"),
        Suit.CLUBS: pgettext("suit", "clubs"),
        Suit.DIAMONDS: pgettext("suit", "diamonds"),
        Suit.HEARTS: pgettext("suit", "hearts"),
    }[s]


def rank(r: Rank) -> str:
    """A rank in words in the kernel's language: ``seven``, ``ace`` (``sedmička``, ``eso`` in Slovak)."""
    if i18n.language() == "en":
        return r.word
    # Translators: a card's rank in words, as in "the ace of trumps" and "the hearts stop at the seven"
    return {
        Rank.TWO: pgettext("rank", "two"),
        Rank.THREE: pgettext("rank", "three"),
        Rank.FOUR: pgettext("rank", "four"),
        Rank.FIVE: pgettext("rank", "five"),
        Rank.SIX: pgettext("rank", "six"),
        Rank.SEVEN: pgettext("rank", "seven"),
        Rank.EIGHT: pgettext("rank", "eight"),
        Rank.NINE: pgettext("rank", "nine"),
        Rank.TEN: pgettext("rank", "ten"),
        Rank.ELEVEN: pgettext("rank", "eleven"),
        Rank.TWELVE: pgettext("rank", "twelve"),
        Rank.THIRTEEN: pgettext("rank", "thirteen"),
        Rank.JACK: pgettext("rank", "jack"),
        Rank.QUEEN: pgettext("rank", "queen"),
        Rank.KING: pgettext("rank", "king"),
        Rank.ACE: pgettext("rank", "ace"),
    }.get(r, r.word)


def strain(s: Strain) -> str:
    """A strain's name in the kernel's language: ``hearts``, ``no trumps``."""
    if i18n.language() == "en":
        return s.words
    return _("no trumps") if s.suit is None else suit(s.suit)


def listing(items: Iterable[str]) -> str:
    """Words joined as a list in the kernel's language: ``"A"``, ``"A and B"``, ``"A, B and C"``.

    >>> listing(["the joker", "both bowers", "the ace"])
    'the joker, both bowers and the ace'
    """
    words = list(items)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    # Translators: the end of a list, "the joker, both bowers and the ace": {rest} is the items before the last, joined by ", "
    return _("{rest} and {last}").format(rest=", ".join(words[:-1]), last=words[-1])


def seat(n: int | None, players: int) -> str:
    """A seat's name in the kernel's language: ``West`` (``Západ`` in Slovak); ``-`` for none.

    :func:`fivehundred.seating.seat_name` stays English: lessons and records use it as data.
    """
    if n is None:
        return "-"
    english = seat_name(n, players, long=True)
    if i18n.language() == "en":
        return english
    return {
        "N": pgettext("seat", "North"),
        "E": pgettext("seat", "East"),
        "S": pgettext("seat", "South"),
        "W": pgettext("seat", "West"),
        "NE": pgettext("seat", "North-East"),
        "SE": pgettext("seat", "South-East"),
        "SW": pgettext("seat", "South-West"),
        "NW": pgettext("seat", "North-West"),
    }[seat_names(players)[n]]


def seat_short(n: int | None, players: int) -> str:
    """A seat as the score pad and the quiz's calls write it: its letter in English (``W``), its name in
    another language (``Západ``: the English letters are not the other languages' initials); ``-`` for none."""
    if n is None:
        return "-"
    return seat_name(n, players) if i18n.language() == "en" else seat(n, players)


def side(n: int, rules: Rules) -> str:
    """A side's name in the kernel's language: ``N–S`` in English, its seats' names in another (``Sever–Juh``,
    as lesson 13 writes them); a player on their own is their seat.

    :func:`fivehundred.seating.side_name` stays English: records and saves use it as data.
    """
    if i18n.language() == "en":
        return side_name(n, rules)
    return "–".join(seat(s, rules.players) for s in sides(rules)[n])


def side_names(rules: Rules) -> tuple[str, ...]:
    """Every side's name (:func:`side`), in the order of :func:`fivehundred.seating.sides`."""
    return tuple(side(i, rules) for i in range(len(sides(rules))))


def _bid_suit(s: Suit) -> str:
    # Translators: a suit as a bid names it, after the number of tricks ("seven hearts")
    return {
        Suit.SPADES: pgettext("bid", "spades"),
        Suit.CLUBS: pgettext("bid", "clubs"),
        Suit.DIAMONDS: pgettext("bid", "diamonds"),
        Suit.HEARTS: pgettext("bid", "hearts"),
    }[s]


def bid_number(n: int) -> str:
    """A bid's number of tricks in words, in the kernel's language: ``seven`` (``sedem`` in Slovak); a number
    outside 6 to 10 as digits."""
    if not 6 <= n <= 10:
        return str(n)
    return {
        6: pgettext("bid", "six"),
        7: pgettext("bid", "seven"),
        8: pgettext("bid", "eight"),
        9: pgettext("bid", "nine"),
        10: pgettext("bid", "ten"),
    }[n]


_kind_words = kind_words


def points(n: int) -> str:
    """A score with a true minus sign for a negative number: ``−380``, ``40``."""
    return f"{MINUS}{-n}" if n < 0 else str(n)


def scores(names: Iterable[str], totals: Iterable[int]) -> str:
    """The sides' running totals in learner text: ``N–S 50, E–W −60``."""
    return ", ".join(f"{name} {points(t)}" for name, t in zip(names, totals, strict=True))


def signed(n: int) -> str:
    """A change of score, signed unless it is zero: ``+40``, ``−10``, ``0``.

    The one formatter of score changes (the score pad, the rules card, the scoring sentences, the quiz charts).
    """
    return f"{MINUS}{-n}" if n < 0 else (f"+{n}" if n > 0 else "0")


def action(a: object) -> str:
    """An engine action (or its record text, e.g. ``discard 5C 6C KH``) with its cards as symbols."""
    return plain(str(a))


def plain(text: str) -> str:
    """Rewrite engine notation inside free text: card codes to symbols, hyphen-minus numbers to U+2212."""
    text = _CARD_CODE.sub(lambda m: Card.parse(m.group(0)).label, text)
    return _HYPHEN_NUMBER.sub(MINUS, text)


def notation_in(text: str) -> list[str]:
    """Engine notation a learner should never see in ``text``: card codes, misère bid codes, hyphen-minus numbers."""
    found = [m.group(0) for m in _CARD_CODE.finditer(text)]
    return found + [m.group(0) for m in _BID_CODE.finditer(text)] + _NEGATIVE.findall(text)


def wording_in(text: str, *, no_trumps: bool = False, held: int | None = None) -> list[str]:
    """Wording slips in learner text: a doubled lead ("Right. Right:"), trump words in a no-trump hand
    (with ``no_trumps``), and "of your N cards" when the learner holds ``held`` cards."""
    found = [f'a doubled lead: "{m.group(0)}"' for m in _DOUBLED.finditer(text)]
    if no_trumps:
        found += [f'a trump word in no trumps: "{m.group(0).strip()}"' for m in _TRUMP_WORDS.finditer(text)]
    if held is not None:
        found += [f'a card count that is not the hand held: "{m.group(0)}" ({held} held)'
                  for m in _OF_YOUR.finditer(text) if int(m.group(1)) > held]
    return found
