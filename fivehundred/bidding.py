"""Bids, their values (the Avondale table) and the bidding ladder.

Notation: ``"7H"``, ``"8NT"``, ``"MIS"`` (misère), ``"OMIS"`` (open misère),
``"BMIS"`` (blind misère) and ``"PASS"``.  The parser also accepts ``"7♥"``,
``"8 no trumps"``, ``"MISERE"``, ``"OPEN_MISERE"``, ``"BLIND_MISERE"``.

Bids are compared by their **position on the ladder, never by points**.  On
the Australian ladder misère (250) sits between 7NT and 8♠ (240), and open
misère (500) between 10♦ (480) and 10♥ (500).

>>> Bid.parse("8s").points, Bid.parse("MIS").points
(240, 250)
>>> outranks(Bid.parse("8S"), Bid.parse("MIS"))
True
>>> outranks(Bid.parse("10H"), Bid.parse("OMIS"))
True
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from functools import lru_cache
from fivehundred.cards import Suit
from fivehundred.checks import rules_arg
from fivehundred.errors import CheckedEnumType, IllegalBidError, NotationError, shown
from fivehundred.bounds import bounded_text
from fivehundred import i18n, reasons
from fivehundred.i18n import N_, pgettext
from fivehundred.limits import MAX_WORD_CHARS
from fivehundred.rules import Rules

#: a strain's value to its trump suit (``None`` for no trumps)
_SUIT_OF_STRAIN: dict[str, Suit | None] = {"S": Suit.SPADES, "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "NT": None}

__all__ = [
    "Strain",
    "BidKind",
    "Bid",
    "PASS",
    "MISERE",
    "OPEN_MISERE",
    "BLIND_MISERE",
    "ladder",
    "ladder_index",
    "ladder_positions",
    "kind_words",
    "outranks",
    "bid_points",
]


class Strain(enum.Enum, metaclass=CheckedEnumType):
    """What a trick bid names: a trump suit, or no trumps.  Ordered S < C < D < H < NT."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    NO_TRUMPS = "NT"

    __hash__ = object.__hash__  # identity hashing, as for Suit (members are singletons)

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` for no trumps."""
        return _SUIT_OF_STRAIN[self._value_]

    @property
    def order(self) -> int:
        """0 for spades up to 4 for no trumps."""
        return _STRAIN_ORDER[self]

    @property
    def symbol(self) -> str:
        suit = _SUIT_OF_STRAIN[self._value_]
        return "NT" if suit is None else suit.symbol

    @property
    def words(self) -> str:
        suit = _SUIT_OF_STRAIN[self._value_]
        return "no trumps" if suit is None else suit.plural

    @classmethod
    def from_suit(cls, suit: Suit | None) -> Strain:
        """The strain whose trumps are ``suit`` (``None``: no trumps).

        Raises:
            NotationError: ``suit`` is neither a :class:`Suit` nor ``None``.
        """
        if suit is None:
            return Strain.NO_TRUMPS
        if suit.__class__ is not Suit:
            raise NotationError(f"not a suit: {shown(suit)} (use Suit.HEARTS, or None for no trumps)")
        return Strain(suit.value)

    @classmethod
    def _missing_(cls, value: object) -> Strain:
        raise NotationError(f"not a strain: {shown(value)} (strains are S, C, D, H and NT)")


_STRAIN_ORDER = {strain: i for i, strain in enumerate(Strain)}


class BidKind(enum.Enum, metaclass=CheckedEnumType):
    """The kinds of call in the auction."""

    PASS = "PASS"
    TRICKS = "TRICKS"
    MISERE = "MIS"
    OPEN_MISERE = "OMIS"
    BLIND_MISERE = "BMIS"

    __hash__ = object.__hash__  # identity hashing, as for Suit (members are singletons)

    @classmethod
    def _missing_(cls, value: object) -> BidKind:
        raise NotationError(f"not a kind of bid: {shown(value)} (kinds are PASS, TRICKS, MIS, OMIS and BMIS)")


_MISERE_WORDS = {
    "MIS": BidKind.MISERE,
    "MISERE": BidKind.MISERE,
    "MISÈRE": BidKind.MISERE,
    "NULLO": BidKind.MISERE,
    "OMIS": BidKind.OPEN_MISERE,
    "OPENMISERE": BidKind.OPEN_MISERE,
    "OPENMISÈRE": BidKind.OPEN_MISERE,
    "OPEN_MISERE": BidKind.OPEN_MISERE,
    "OPEN_MISÈRE": BidKind.OPEN_MISERE,
    "BMIS": BidKind.BLIND_MISERE,
    "BLINDMISERE": BidKind.BLIND_MISERE,
    "BLINDMISÈRE": BidKind.BLIND_MISERE,
    "BLIND_MISERE": BidKind.BLIND_MISERE,
    "BLIND_MISÈRE": BidKind.BLIND_MISERE,
    "PASS": BidKind.PASS,
    "P": BidKind.PASS,
    "NOBID": BidKind.PASS,
}
_STRAIN_WORDS = {
    "S": Strain.SPADES,
    "♠": Strain.SPADES,
    "SPADES": Strain.SPADES,
    "C": Strain.CLUBS,
    "♣": Strain.CLUBS,
    "CLUBS": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "♦": Strain.DIAMONDS,
    "DIAMONDS": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "♥": Strain.HEARTS,
    "HEARTS": Strain.HEARTS,
    "NT": Strain.NO_TRUMPS,
    "N": Strain.NO_TRUMPS,
    "NOTRUMPS": Strain.NO_TRUMPS,
    "NOTRUMP": Strain.NO_TRUMPS,
    "NOTRUMPS.": Strain.NO_TRUMPS,
    "NOS": Strain.NO_TRUMPS,
    "NOIES": Strain.NO_TRUMPS,
}
_TRICKS_RE = re.compile(r"^(6|7|8|9|10)(.+)$")
_FIXED_POINTS = {BidKind.MISERE: 250, BidKind.OPEN_MISERE: 500, BidKind.BLIND_MISERE: 500}


@dataclass(frozen=True, slots=True, eq=False)
class Bid:
    """A call in the auction: a number of tricks and a strain, a misère, or a pass."""

    kind: BidKind
    tricks: int = 0
    strain: Strain | None = None
    #: a small unique number per bid, for fast hashing and equality
    code: int = field(default=0, compare=False, repr=False)

    def __post_init__(self) -> None:
        # every Bid the engine uses is built once, at import (_CANONICAL): these checks cost nothing in play
        if self.kind.__class__ is not BidKind:
            raise NotationError(f"not a bid: kind {shown(self.kind)} is not a BidKind (use Bid.parse('7H'))")
        if self.strain is not None and self.strain.__class__ is not Strain:
            raise NotationError(f"not a bid: strain {shown(self.strain)} is not a Strain (use Bid.parse('7H'))")
        if self.tricks.__class__ is not int:
            raise NotationError(f"not a bid: tricks {shown(self.tricks)} is not a whole number (bids are 6 to 10 tricks)")
        strain_code = 9 if self.strain is None else list(Strain).index(self.strain)
        object.__setattr__(self, "code", list(BidKind).index(self.kind) * 1000 + self.tricks * 10 + strain_code)
        if self.kind is BidKind.TRICKS:
            if self.tricks not in range(6, 11) or self.strain is None:
                raise NotationError(f"not a bid: {shown(self.tricks)} {shown(self.strain)} (bids are 6 to 10 tricks)")
        elif self.tricks or self.strain is not None:
            raise NotationError(f"not a bid: {self.kind.value} takes no tricks or strain")

    @classmethod
    def parse(cls, text: str | Bid) -> Bid:
        """Read a bid: ``"7H"``, ``"8NT"``, ``"MIS"``, ``"OMIS"``, ``"BMIS"`` or ``"PASS"``.

        Raises:
            NotationError: the text is not a bid.
        """
        if isinstance(text, Bid):
            return text
        if not isinstance(text, str):
            raise NotationError(f"not a bid: {shown(text)} (expected text such as '7H')")
        if len(text) > MAX_WORD_CHARS:
            bounded_text(text, N_("a bid"), MAX_WORD_CHARS)
        key = re.sub(r"[\s\-]", "", text.upper())
        kind = _MISERE_WORDS.get(key)
        if kind is not None:
            return _CANONICAL[(kind, 0, None)]
        match = _TRICKS_RE.match(key)
        if match:
            strain = _STRAIN_WORDS.get(match.group(2))
            if strain is not None:
                return _CANONICAL[(BidKind.TRICKS, int(match.group(1)), strain)]
        raise NotationError(
            f"not a bid: {shown(text)} (bids run from 6S to 10NT, or MIS, OMIS, BMIS, PASS)",
            explanation=reasons.not_a_bid(shown(text)),
        )

    from_str = parse

    @property
    def is_pass(self) -> bool:
        return self.kind is BidKind.PASS

    @property
    def is_misere(self) -> bool:
        """Any of misère, open misère and blind misère."""
        return self.kind in (BidKind.MISERE, BidKind.OPEN_MISERE, BidKind.BLIND_MISERE)

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or ``None`` for no trumps, every misère, and a pass."""
        return self.strain.suit if self.strain is not None else None

    @property
    def has_trumps(self) -> bool:
        return self.trump is not None

    @property
    def points(self) -> int:
        """The Avondale value: 40 + 20 per strain step + 100 per trick above 6; misère 250,
        open and blind misère 500; a pass is worth 0."""
        return bid_points(self)

    @property
    def label(self) -> str:
        """Short and friendly: ``"7♥"``, ``"8NT"``, ``"misère"``, ``"open misère"``, ``"pass"``."""
        if self.kind is BidKind.TRICKS:
            assert self.strain is not None
            return f"{self.tricks}{self.strain.symbol}"
        return _KIND_WORDS[self.kind]

    @property
    def words(self) -> str:
        """In words: ``"seven hearts"``, ``"eight no trumps"``, ``"misère"``."""
        if self.kind is BidKind.TRICKS:
            assert self.strain is not None
            return f"{_NUMBER_WORDS[self.tricks]} {self.strain.words}"
        return _KIND_WORDS[self.kind]

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Bid):
            return NotImplemented
        return self.code == other.code

    def __hash__(self) -> int:
        return self.code

    def __str__(self) -> str:
        if self.kind is BidKind.TRICKS:
            assert self.strain is not None
            return f"{self.tricks}{self.strain.value}"
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Bid.parse({str(self)!r})"


_KIND_WORDS = {
    BidKind.PASS: "pass",
    BidKind.MISERE: "misère",
    BidKind.OPEN_MISERE: "open misère",
    BidKind.BLIND_MISERE: "blind misère",
}
_NUMBER_WORDS = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

_CANONICAL: dict[tuple[BidKind, int, Strain | None], Bid] = {}
for _kind in (BidKind.PASS, BidKind.MISERE, BidKind.OPEN_MISERE, BidKind.BLIND_MISERE):
    _CANONICAL[(_kind, 0, None)] = Bid(_kind)
for _n in range(6, 11):
    for _strain in Strain:
        _CANONICAL[(BidKind.TRICKS, _n, _strain)] = Bid(BidKind.TRICKS, _n, _strain)

PASS = _CANONICAL[(BidKind.PASS, 0, None)]
MISERE = _CANONICAL[(BidKind.MISERE, 0, None)]
OPEN_MISERE = _CANONICAL[(BidKind.OPEN_MISERE, 0, None)]
BLIND_MISERE = _CANONICAL[(BidKind.BLIND_MISERE, 0, None)]


def bid_points(bid: Bid | str) -> int:
    """A bid's value on the Avondale table (see :attr:`Bid.points`).

    Raises:
        NotationError: not a bid.
    """
    bid = Bid.parse(bid)
    if bid.kind is BidKind.TRICKS:
        assert bid.strain is not None
        return 40 + 20 * bid.strain.order + 100 * (bid.tricks - 6)
    return _FIXED_POINTS.get(bid.kind, 0)


@lru_cache(maxsize=None)
def _ladder(
    misere: bool, misere_rank: str, open_misere: bool, open_misere_rank: str, blind_misere: bool
) -> tuple[Bid, ...]:
    rungs: list[Bid] = []
    for n in range(6, 11):
        for strain in Strain:
            bid = _CANONICAL[(BidKind.TRICKS, n, strain)]
            if n == 8 and strain is Strain.SPADES and misere and misere_rank == "ladder":
                rungs.append(MISERE)
            if n == 10 and strain is Strain.HEARTS and open_misere and open_misere_rank == "below_10H":
                rungs.append(OPEN_MISERE)
                if blind_misere:
                    rungs.append(BLIND_MISERE)
            rungs.append(bid)
            if n == 8 and strain is Strain.SPADES and misere and misere_rank == "points":
                rungs.append(MISERE)
            if n == 10 and strain is Strain.HEARTS and open_misere and open_misere_rank == "above_10H":
                rungs.append(OPEN_MISERE)
                if blind_misere:
                    rungs.append(BLIND_MISERE)
    if blind_misere and not open_misere:
        rungs.insert(rungs.index(_CANONICAL[(BidKind.TRICKS, 10, Strain.HEARTS)]), BLIND_MISERE)
    return tuple(rungs)


def ladder(rules: Rules | None = None) -> tuple[Bid, ...]:
    """Every bid the rules allow, lowest first (a pass is not on the ladder).

    >>> [str(b) for b in ladder()[5:12]]
    ['7S', '7C', '7D', '7H', '7NT', 'MIS', '8S']
    """
    r = _rules(rules)
    misere_here = r.players != 6 or r.misere_six_handed
    return _ladder(
        r.misere_allowed and misere_here,
        r.misere_rank,
        r.open_misere_allowed and misere_here,
        r.open_misere_rank,
        r.blind_misere_allowed and misere_here,
    )


@lru_cache(maxsize=None)
def _index_table(rungs: tuple[Bid, ...]) -> dict[Bid, int]:
    return {bid: i for i, bid in enumerate(rungs)}


def ladder_positions(rules: Rules | None = None) -> dict[Bid, int]:
    """Each bid on the ladder mapped to its position (0 is 6♠); bids not allowed are absent."""
    return _index_table(ladder(rules))


def kind_words(kind: BidKind) -> str:
    """A pass or a misère's name in the kernel's language: ``pass``, ``misère``, ``open misère``, ``blind misère``
    (:func:`fivehundred.text.bid` and :func:`~fivehundred.text.bid_label` use it)."""
    return {
        BidKind.PASS: pgettext("bid", "pass"),
        BidKind.MISERE: pgettext("bid", "misère"),
        BidKind.OPEN_MISERE: pgettext("bid", "open misère"),
        BidKind.BLIND_MISERE: pgettext("bid", "blind misère"),
    }[kind]


def ladder_index(bid: Bid | str, rules: Rules | None = None) -> int:
    """The bid's position on the ladder (0 is 6♠).

    Raises:
        NotationError: the text is not a bid.
        IllegalBidError: the bid is a pass, or is not on this ladder (misère when the rules have none).
    """
    b = Bid.parse(bid)
    index = _index_table(ladder(rules)).get(b)
    if index is None:
        if b.is_pass:
            raise IllegalBidError("not on the ladder: 'PASS' (a pass is not a bid of any height)",
                                  explanation=reasons.pass_not_on_ladder())
        # a bid's words in English, its label (7♥) or its kind's name (misère) in another language
        shown_bid = b.words if i18n.language() == "en" else b.label if b.kind is BidKind.TRICKS else kind_words(b.kind)
        raise IllegalBidError(
            f"not on the ladder: {shown(str(b))} (these rules do not allow {b.words})",
            explanation=reasons.bid_not_in_rules(shown_bid),
        )
    return index


def outranks(a: Bid | str, b: Bid | str, rules: Rules | None = None) -> bool:
    """Whether bid ``a`` is higher on the ladder than bid ``b``.

    Raises:
        NotationError: either is not a bid.
        IllegalBidError: either is not on this ladder.
    """
    return ladder_index(a, rules) > ladder_index(b, rules)


def _rules(rules: Rules | None) -> Rules:
    return rules_arg(rules)
