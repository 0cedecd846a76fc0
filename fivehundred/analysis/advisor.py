"""Bidding advice by THE method the course teaches: count, add for partner and the kitty, bid what you count.

The method (lesson 14 teaches it step by step; the quiz feedback and the
guided hands use the same words, from :func:`method_words`):

1. **Count your tricks in each suit** you could name as trumps: one for each
   top trump you hold (the joker, the right bower, the left bower, the ace of
   trumps), one for each trump beyond the :attr:`Method.length_from`-th, one
   for each side ace and one for a side king held with its ace.  In no trumps:
   the joker, your aces and kings held with their ace (no trumps only with
   the joker).
2. **Add for partner and the kitty**, by what the auction has said
   (:attr:`Method.allowance`): nobody has bid yet; partner has bid this
   strain (support); partner has bid another strain; only the opponents
   have bid (compete only when the count still reaches a legal bid).
3. **Bid what you count**: the highest legal level your total reaches in
   the best strain (on a tie, the one with more trumps; a contract scores
   only what you bid); without the joker
   go no higher than :attr:`Method.no_joker_ceiling`.  If no legal bid is
   reached in any strain, pass.
4. **Misère** needs no joker and few high cards: at most
   :attr:`Method.misere_high` cards above the 9 (the discard throws three of
   them, the kitty may bring more); open misère needs at most
   :attr:`Method.open_misere_high`.  A trick bid of eight or more beats it.

Its few numbers were fitted by ``tools/fit_method.py`` on a training set of
99 simulated quizzes (seeds 4001 on, never in the bank; ``bench/data/method_train.json``)
and checked on the bank, which is held out (``bench/quiz.py --method``).

>>> a = advise_hand("JK JH JD AH 10H 9H AS 7C 6C 5S", dealer=3, auction=["7NT"])
>>> str(a.recommended)
'8H'
>>> print(a.reasons[0])  # doctest: +NORMALIZE_WHITESPACE
In hearts you count 4 top trumps (the joker, both bowers and the ace), 3 for length (6 trumps) and 1 side ace: 8.
The opponents have bid, so partner and the kitty add about 3: 11 in all.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

from fivehundred.bidding import PASS, Bid, BidKind, Strain, ladder_positions
from fivehundred.cards import JOKER, Card, Rank, Suit
from fivehundred.errors import FiveHundredError
from fivehundred.round import Phase, View, view_arg
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.trumps import is_left_bower, is_right_bower, is_trump

__all__ = [
    "Advice",
    "Count",
    "Method",
    "METHOD",
    "CONTEXTS",
    "advise",
    "advise_hand",
    "auction_context",
    "count_hand",
    "count_words",
    "method_call",
    "method_words",
    "misere_high_cards",
    "top_cards",
]

#: what the auction has said, as the method reads it (keys of :attr:`Method.allowance`)
CONTEXTS: dict[str, str] = {
    "open": "nobody has bid yet",
    "support": "partner has bid this suit",
    "partner": "partner has bid",
    "compete": "the opponents have bid",
}


@dataclass(frozen=True)
class Method:
    """The method's few numbers (fitted; see the module docstring)."""

    #: partner and the kitty's tricks, by what the auction has said
    allowance: dict[str, int] = field(default_factory=lambda: {"open": 2, "support": 5, "partner": 3, "compete": 3})
    #: each trump beyond this many counts one more trick
    length_from: int = 3
    #: without the joker, bid no higher than this
    no_joker_ceiling: int = 7
    #: misère with at most this many cards above the 9 (and no joker)
    misere_high: int = 1
    #: open misère with at most this many (-1: never)
    open_misere_high: int = -1
    #: bid the highest level the count reaches (True) or the cheapest legal one (False)
    bid_full: bool = True
    #: once the opponents have bid, compete with the cheapest bid that outranks theirs (still only if the count reaches it)
    compete_cheap: bool = True

    def with_(self, **changes: object) -> Method:
        return replace(self, **changes)  # type: ignore[arg-type]


#: the fitted method: what the advisor, lesson 14, the quiz feedback and the guided hands use
METHOD = Method()


@dataclass(frozen=True)
class Count:
    """The method's count for one strain: the pieces a person adds up at the table."""

    strain: Strain
    tops: tuple[Card, ...]
    trumps: int
    length: int
    side: tuple[Card, ...]
    context: str
    allowance: int

    @property
    def in_hand(self) -> int:
        """Tricks counted in the hand: top trumps, length and side winners."""
        return len(self.tops) + self.length + len(self.side)

    @property
    def total(self) -> int:
        """With partner and the kitty."""
        return self.in_hand + self.allowance


def _names(cards: Sequence[Card], strain: Strain) -> list[str]:
    trump = strain.suit
    out: list[str] = []
    if JOKER in cards:
        out.append("the joker")
    if trump is not None:
        right = any(is_right_bower(c, trump) for c in cards)
        left = any(is_left_bower(c, trump) for c in cards)
        if right and left:
            out.append("both bowers")
        elif right or left:
            out.append("the right bower" if right else "the left bower")
        if any(not c.is_joker and c.suit is trump and c.rank is Rank.ACE for c in cards):
            out.append("the ace")
    return out


def _listing(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def top_cards(hand: Iterable[Card], strain: Strain) -> str:
    """The trumps that count most, in words: ``"6 trumps: the joker, both bowers and the ace"``.

    In no trumps: ``"the joker and 2 aces"``; ``""`` when there is nothing to name.
    """
    cards = tuple(hand)
    trump = strain.suit
    if trump is None:
        names = ["the joker"] if JOKER in cards else []
        aces = sum(1 for c in cards if not c.is_joker and c.rank is Rank.ACE)
        if aces:
            names.append(f"{aces} ace{'s' if aces > 1 else ''}")
        return " and ".join(names)
    names = _names(cards, strain)
    count = sum(1 for c in cards if is_trump(c, trump))
    head = f"{count} trump{'s' if count != 1 else ''}"
    return f"{head}: {_listing(names)}" if names else head


def auction_context(seat: int, auction: Iterable[tuple[int, Bid]], strain: Strain | None = None, players: int = 4) -> str:
    """What the auction has said, for the seat: ``"open"``, ``"support"`` (partner bid ``strain``), ``"partner"`` or ``"compete"``.

    Partner's bid counts when it is the latest bid of the seat's side; the
    opponents' when only they have bid.
    """
    partner = (seat + players // 2) % players if players in (4, 6) else None
    last_ours: Bid | None = None
    theirs = False
    for s, b in auction:
        if b.is_pass:
            continue
        if s == partner:
            last_ours = b
        elif s != seat:
            theirs = True
    if last_ours is not None:
        return "support" if strain is not None and last_ours.strain is strain else "partner"
    return "compete" if theirs else "open"


def count_hand(hand: Iterable[Card], strain: Strain, context: str = "open", method: Method = METHOD) -> Count:
    """The method's count for ``hand`` played in ``strain`` when the auction has said ``context``.

    Raises:
        FiveHundredError: ``context`` is not one of :data:`CONTEXTS`.
    """
    if context not in CONTEXTS:
        raise FiveHundredError(f"no auction context {context!r} (contexts: {', '.join(CONTEXTS)})")
    cards = tuple(hand)
    trump = strain.suit
    tops: list[Card] = []
    if JOKER in cards:
        tops.append(JOKER)
    trumps = 0
    if trump is not None:
        trumps = sum(1 for c in cards if is_trump(c, trump))
        plain = [c for c in cards if not c.is_joker]
        tops.extend(c for c in plain if is_right_bower(c, trump))
        tops.extend(c for c in plain if is_left_bower(c, trump))
        tops.extend(c for c in plain if c.suit is trump and c.rank is Rank.ACE)
    length = max(0, trumps - method.length_from)
    side: list[Card] = []
    for suit in Suit:
        if suit is trump:
            continue
        mine = [c for c in cards if not c.is_joker and c.suit is suit and not (trump is not None and is_trump(c, trump))]
        ace = next((c for c in mine if c.rank is Rank.ACE), None)
        if ace is not None:
            side.append(ace)
            king = next((c for c in mine if c.rank is Rank.KING), None)
            if king is not None:
                side.append(king)
    return Count(strain, tuple(tops), trumps, length, tuple(side), context, method.allowance[context])


def misere_high_cards(hand: Iterable[Card]) -> tuple[Card, ...]:
    """The cards that could be forced to win a trick in misère: the joker and every card above the 9."""
    return tuple(c for c in hand if c.is_joker or c.rank > Rank.NINE)


def _level(count: Count, has_joker: bool, method: Method) -> int:
    level = min(count.total, 10)
    if not has_joker:
        level = min(level, method.no_joker_ceiling)
    return level


def method_call(
    hand: Iterable[Card],
    seat: int,
    auction: Iterable[tuple[int, Bid]],
    legal: Iterable[Bid],
    *,
    players: int = 4,
    method: Method = METHOD,
) -> tuple[Bid, Count | None]:
    """The call the method makes, and the count behind it (``None`` for a misère or a pass with nothing counted).

    ``auction`` is (seat, call) so far; ``legal`` the calls allowed now.
    """
    cards = tuple(hand)
    calls = tuple(auction)
    legal_bids = tuple(legal)
    has_joker = JOKER in cards
    counts = {s: count_hand(cards, s, auction_context(seat, calls, s, players), method) for s in Strain}
    order = sorted((s for s in Strain if has_joker or s is not Strain.NO_TRUMPS), key=lambda s: (-counts[s].total, -counts[s].trumps, -s.order))
    best_level = max(_level(counts[s], has_joker, method) for s in Strain if has_joker or s is not Strain.NO_TRUMPS)
    high = len(misere_high_cards(cards))
    if not has_joker and best_level < 8:
        omis = next((b for b in legal_bids if b.kind is BidKind.OPEN_MISERE), None)
        if omis is not None and high <= method.open_misere_high:
            return omis, None
        mis = next((b for b in legal_bids if b.kind is BidKind.MISERE), None)
        if mis is not None and high <= method.misere_high:
            return mis, None
    for s in order:
        level = _level(counts[s], has_joker, method)
        options = [b for b in legal_bids if b.kind is BidKind.TRICKS and b.strain is s and b.tricks <= level]
        if options:
            full = method.bid_full and not (method.compete_cheap and counts[s].context == "compete")
            return (options[-1] if full else options[0]), counts[s]
    return PASS, counts[order[0]]


def count_words(count: Count) -> str:
    """Step 1 of the method in words: ``"In hearts you count 4 top trumps (...), 2 for length (6 trumps) and 1 side ace: 7."``"""
    strain = count.strain
    pieces: list[str] = []
    if strain.suit is not None:
        if count.tops:
            n = len(count.tops)
            pieces.append(f"{n} top trump{'s' if n > 1 else ''} ({_listing(_names(count.tops, strain))})")
        if count.length:
            pieces.append(f"{count.length} for length ({count.trumps} trumps)")
    elif count.tops:
        pieces.append("the joker")
    aces = sum(1 for c in count.side if c.rank is Rank.ACE)
    kings = len(count.side) - aces
    if aces:
        pieces.append(f"{aces} side ace{'s' if aces > 1 else ''}" if strain.suit is not None else f"{aces} ace{'s' if aces > 1 else ''}")
    if kings:
        pieces.append(f"{kings} king{'s' if kings > 1 else ''} with {'its' if kings == 1 else 'their'} ace")
    counted = _listing(pieces) if pieces else "nothing"
    return f"In {strain.words} you count {counted}: {count.in_hand}."


def method_words(count: Count) -> str:
    """THE method's words for a count: what lesson 14, the advisor, the quiz feedback and the coach all say.

    ``"In hearts you count 4 top trumps (...), 2 for length (6 trumps) and 1 side ace: 7. Nobody has bid yet,
    so partner and the kitty add about 2: 9 in all."``
    """
    why = CONTEXTS[count.context]
    return (
        f"{count_words(count)} {why[0].upper()}{why[1:]}, so partner and the kitty add about {count.allowance}: "
        f"{count.total} in all."
    )


def misere_words(hand: Iterable[Card], method: Method = METHOD) -> str:
    """The method's words on misère for this hand."""
    cards = tuple(hand)
    if JOKER in cards:
        return "For misère: not with the joker, which wins any trick it is played to."
    high = misere_high_cards(cards)
    named = f" ({', '.join(c.label for c in high)})" if high else ""
    verdict = (
        "few enough for misère" if len(high) <= method.misere_high
        else f"too many for misère (at most {method.misere_high})"
    )
    return f"For misère: no joker, and {len(high)} card{'s' if len(high) != 1 else ''} above the 9{named}: {verdict}."


__all__ += ["misere_words"]


# --------------------------------------------------------------------------- the advisor
@dataclass(frozen=True)
class Advice:
    """What to bid and why (the method's call, count and words)."""

    recommended: Bid
    acceptable: tuple[Bid, ...]
    #: the method's total (with partner and the kitty) per strain
    estimates: dict[Strain, float]
    reasons: tuple[str, ...]
    #: the highest level the count reaches in the recommended strain (the recommendation itself: the method bids what it counts)
    worth: Bid | None = None
    #: the count behind the recommendation (``None`` for a misère)
    count: Count | None = None

    @property
    def range(self) -> tuple[Bid, ...]:
        """The lowest and highest acceptable trick bids (empty if no trick bid is acceptable)."""
        tricks = [b for b in self.acceptable if b.kind is BidKind.TRICKS]
        return (tricks[0], tricks[-1]) if tricks else ()


def advise_hand(
    hand: str | Iterable[Card | str],
    *,
    dealer: int = 0,
    auction: Iterable[Bid | str] = (),
    rules: Rules = AUSTRALIAN,
) -> Advice:
    """Advice for ten cards and the calls so far (from the dealer's left); the seat is whoever is to call.

    Raises:
        NotationError: the hand or a call does not parse.
        IllegalBidError: the auction is not possible, or it is over.
    """
    from fivehundred.analysis.simulation import BiddingProblem

    return advise(BiddingProblem.make(hand, dealer=dealer, auction=auction, rules=rules).view())


def advise(view: View, method: Method = METHOD) -> Advice:
    """The method's advice for the seat to act in the auction.

    ``acceptable`` lists the legal trick bids the count reaches in any strain
    (no trumps only with the joker) and misère when the method allows it.

    Raises:
        FiveHundredError: the view is not the seat's turn in the auction.
        NotationError: ``view`` is not a view.
    """
    view = view_arg(view)
    if not isinstance(method, Method):
        raise FiveHundredError(f"advise's method is a Method (the fitted numbers, e.g. METHOD), not {method!r}")
    if view.phase is not Phase.AUCTION or view.to_act != view.seat:
        raise FiveHundredError(f"bidding advice needs the seat's turn in the auction, not {view.phase.value}")
    players = view.rules.players
    hand = tuple(view.hand)
    auction = tuple(view.auction)
    legal = [a for a in view.legal_actions if isinstance(a, Bid)]
    call, count = method_call(hand, view.seat, auction, legal, players=players, method=method)
    has_joker = JOKER in hand
    counts = {s: count_hand(hand, s, auction_context(view.seat, auction, s, players), method) for s in Strain}
    acceptable: list[Bid] = []
    for bid in legal:
        if bid.kind is BidKind.TRICKS and bid.strain is not None:
            if bid.strain is Strain.NO_TRUMPS and not has_joker:
                continue
            if bid.tricks <= _level(counts[bid.strain], has_joker, method):
                acceptable.append(bid)
        elif bid.kind is BidKind.MISERE and call.kind is BidKind.MISERE:
            acceptable.append(bid)
        elif bid.kind is BidKind.OPEN_MISERE and call.kind is BidKind.OPEN_MISERE:
            acceptable.append(bid)
    positions = ladder_positions(view.rules)
    acceptable.sort(key=lambda b: positions[b])
    shown = sorted((s for s in Strain if has_joker or s is not Strain.NO_TRUMPS), key=lambda s: (-counts[s].total, -counts[s].trumps, -s.order))
    reasons: list[str] = []
    lead = count if count is not None else counts[shown[0]]
    if call.is_misere:
        reasons.append(misere_words(hand, method))
    reasons.append(method_words(lead))
    misere_legal = any(b.kind is BidKind.MISERE for b in legal)
    if not call.is_misere and not has_joker and (misere_legal or len(misere_high_cards(hand)) <= method.misere_high):
        reasons.append(misere_words(hand, method))
    if not has_joker:
        reasons.append(f"Without the joker: no no-trump bids, and nothing above {method.no_joker_ceiling}.")
    if call.is_pass:
        reasons.append(f"Pass: no strain reaches a bid you may make now (your best, {lead.strain.words}, counts {lead.total}).")
    elif call.is_misere:
        reasons.append(f"Bid {call.label}: no trick bid reaches eight, and the hand is low enough.")
    else:
        reasons.append(f"Bid {call.label}: the highest level your count reaches in {call.strain.words if call.strain else ''}.")
    estimates = {s: float(counts[s].total) for s in Strain}
    return Advice(call, tuple(acceptable), estimates, tuple(reasons), call if not call.is_pass else None, count)
