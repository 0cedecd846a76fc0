"""The bidding method's counting: what lesson 14 teaches, in the engine's base layer.

This module holds the method itself (its numbers, the count, the call and its
words) so that the computer players (:mod:`fivehundred.players`) and the
advisor (:mod:`fivehundred.analysis.advisor`, which re-exports every name here)
use one function, :func:`method_call`, without the players importing the
analysis layer (which imports the players).  The method is described in
:mod:`fivehundred.analysis.advisor`.

>>> from fivehundred.cards import parse_cards
>>> call, count = method_call(parse_cards("JK JH JD AH 10H 9H AS 7C 6C 5S"), 0, [], [PASS, Bid.parse("6H"), Bid.parse("10H")])
>>> str(call), count.total
('10H', 10)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping, Sequence

from fivehundred.bidding import PASS, Bid, BidKind, Strain
from fivehundred.cards import JOKER, Card, Rank, Suit
from fivehundred.errors import FiveHundredError, shown
from fivehundred.i18n import N_, ngettext
from fivehundred.i18n import gettext as _
from fivehundred.rules import Rules
from fivehundred.seating import sides
from fivehundred.text import bid_label, listing, seat as seat_words, strain as strain_words
from fivehundred.trumps import is_left_bower, is_right_bower, is_trump, suit_masks

__all__ = [
    "Count",
    "Method",
    "METHOD",
    "CONTEXTS",
    "auction_context",
    "expert_note",
    "context_words",
    "count_hand",
    "count_words",
    "game_winning_call",
    "has_bid",
    "method_call",
    "method_words",
    "misere_high_cards",
    "misere_words",
    "open_misere_words",
    "opponents_can_bid",
    "partners_of",
    "promise_words",
    "strain_counts",
    "strains_by_count",
    "NO_TRUMPS_WITHOUT_JOKER",
    "no_trumps_without_joker",
    "top_cards",
]

#: what the auction has said, as the method reads it (keys of :attr:`Method.allowance`); the values are
#: English, marked for the catalogue: show them with :func:`context_words` (the kernel's language)
CONTEXTS: dict[str, str] = {
    # Translators: what the auction has said, after "when" ("partner and the kitty add about 2 when nobody has bid yet")
    "open": N_("nobody has bid yet"),
    "support": N_("partner has bid this suit"),
    "partner": N_("partner has bid"),
    "compete": N_("the opponents have bid"),
}


def context_words(context: str) -> str:
    """What the auction has said (a key of :data:`CONTEXTS`), in the kernel's language: ``"nobody has bid yet"``."""
    return _(CONTEXTS[context])


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
    #: one say: once you have bid, pass when the auction comes back to you (your bid already told partner your count)
    one_say: bool = True

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
        out.append(_("the joker"))
    if trump is not None:
        right = any(is_right_bower(c, trump) for c in cards)
        left = any(is_left_bower(c, trump) for c in cards)
        if right and left:
            out.append(_("both bowers"))
        elif right or left:
            out.append(_("the right bower") if right else _("the left bower"))
        if any(not c.is_joker and c.suit is trump and c.rank is Rank.ACE for c in cards):
            # Translators: the ace of trumps, in a list of the top trumps held ("the joker, both bowers and the ace")
            out.append(_("the ace"))
    return out


def _listing(names: Sequence[str]) -> str:
    return listing(names)


def top_cards(hand: Iterable[Card], strain: Strain) -> str:
    """The trumps that count most, in words: ``"6 trumps: the joker, both bowers and the ace"``.

    In no trumps: ``"the joker and 2 aces"``; ``""`` when there is nothing to name.
    """
    cards = tuple(hand)
    trump = strain.suit
    if trump is None:
        names = [_("the joker")] if JOKER in cards else []
        aces = sum(1 for c in cards if not c.is_joker and c.rank is Rank.ACE)
        if aces:
            names.append(ngettext("{n} ace", "{n} aces", aces).format(n=aces))
        return listing(names)
    names = _names(cards, strain)
    count = sum(1 for c in cards if is_trump(c, trump))
    head = ngettext("{n} trump", "{n} trumps", count).format(n=count)
    # Translators: how many trumps a hand holds, then the top ones: "6 trumps: the joker, both bowers and the ace"
    return _("{trumps}: {cards}").format(trumps=head, cards=listing(names)) if names else head


def partners_of(seat: int, players: int = 4, rules: Rules | None = None) -> frozenset[int]:
    """The seats on ``seat``'s side for the whole game: its partner at four players, its two partners
    in six-handed teams of three (the default) or its opposite seat in three pairs; nobody at 2, 3 or 5
    players (at five the partner is only known once the contractor calls a card).  With ``rules`` the
    sides are :func:`fivehundred.seating.sides` (``rules.players`` replaces ``players``)."""
    if rules is not None:
        mine = next(side for side in sides(rules) if seat in side)
        return frozenset(mine) - {seat}
    if players == 4:
        return frozenset({(seat + 2) % 4})
    if players == 6:  # the default six-handed game: two teams of three, alternate seats
        return frozenset(s for s in range(6) if s % 2 == seat % 2 and s != seat)
    return frozenset()


def auction_context(seat: int, auction: Iterable[tuple[int, Bid]], strain: Strain | None = None, players: int = 4,
                    rules: Rules | None = None) -> str:
    """What the auction has said, for the seat: ``"open"``, ``"support"`` (partner bid ``strain``), ``"partner"`` or ``"compete"``.

    Partner's bid counts when it is the latest bid of the seat's side; the
    opponents' when only they have bid.  Who is partner: :func:`partners_of`.
    """
    return _context(*_side_facts(seat, auction, players, rules), strain)


def _side_facts(seat: int, auction: Iterable[tuple[int, Bid]], players: int, rules: Rules | None) -> tuple[Bid | None, bool]:
    """(the latest bid of the seat's side, whether an opponent has bid): what :func:`auction_context` reads."""
    partners = partners_of(seat, players, rules)
    last_ours: Bid | None = None
    theirs = False
    for s, b in auction:
        if b.is_pass:
            continue
        if s in partners:
            last_ours = b
        elif s != seat:
            theirs = True
    return last_ours, theirs


def _context(last_ours: Bid | None, theirs: bool, strain: Strain | None) -> str:
    if last_ours is not None:
        return "support" if strain is not None and last_ours.strain is strain else "partner"
    return "compete" if theirs else "open"


def strain_counts(hand: Iterable[Card], seat: int, auction: Iterable[tuple[int, Bid]], players: int = 4,
                  rules: Rules | None = None, method: Method = METHOD) -> dict[Strain, Count]:
    """The method's count of ``hand`` in every strain, each in its :func:`auction_context` (the auction read once).

    Raises:
        FiveHundredError: what :func:`count_hand` raises.
    """
    cards = tuple(hand)
    last_ours, theirs = _side_facts(seat, tuple(auction), players, rules)
    return {s: count_hand(cards, s, _context(last_ours, theirs, s), method) for s in Strain}


def strains_by_count(counts: Mapping[Strain, Count], has_joker: bool) -> list[Strain]:
    """The strains the method may bid (no trumps only with the joker), best count first: the most tricks
    counted, then the most trumps, then the higher strain."""
    return sorted((s for s in Strain if has_joker or s is not Strain.NO_TRUMPS),
                  key=lambda s: (-counts[s].total, -counts[s].trumps, -s.order))


def count_hand(hand: Iterable[Card], strain: Strain, context: str = "open", method: Method = METHOD) -> Count:
    """The method's count for ``hand`` played in ``strain`` when the auction has said ``context``.

    Raises:
        FiveHundredError: ``context`` is not one of :data:`CONTEXTS`.
    """
    if context not in CONTEXTS:
        raise FiveHundredError(f"no auction context {shown(context)} (contexts: {', '.join(CONTEXTS)})")
    cards = tuple(hand)
    held = 0
    for c in cards:
        held |= c.bit
    trump = strain.suit
    if trump is None:
        tops: tuple[Card, ...] = (JOKER,) if held & JOKER.bit else ()
        trumps = 0
        trump_bits = 0
    else:
        # the joker, the right bower, the left bower and the ace of trumps, in that order, as held
        trump_bits, top_cards = _TRUMP_FACTS[trump]
        tops = tuple([c for c in top_cards if held & c.bit])
        trumps = (held & trump_bits).bit_count()
    length = max(0, trumps - method.length_from)
    side: list[Card] = []
    for suit, ace, king in _ACES_KINGS:  # each side suit's ace, and its king with the ace (the left bower is a trump)
        if suit is trump:
            continue
        if held & ace.bit:
            side.append(ace)
            if held & king.bit:
                side.append(king)
    return Count(strain, tops, trumps, length, tuple(side), context, method.allowance[context])


#: per trump suit: the bitmask of its trumps (the joker and the left bower too), and its top cards in order
_TRUMP_FACTS: dict[Suit, tuple[int, tuple[Card, ...]]] = {
    t: (
        suit_masks(t)[t],
        (JOKER, Card(Rank.JACK, t), Card(Rank.JACK, t.sibling), Card(Rank.ACE, t)),
    )
    for t in Suit
}
_ACES_KINGS = tuple((s, Card(Rank.ACE, s), Card(Rank.KING, s)) for s in Suit)


def misere_high_cards(hand: Iterable[Card]) -> tuple[Card, ...]:
    """The cards that could be forced to win a trick in misère: the joker and every card above the 9."""
    return tuple(c for c in hand if c.is_joker or c.rank > Rank.NINE)


def level_reached(count: Count, has_joker: bool, method: Method) -> int:
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
    rules: Rules | None = None,
    to_win: int | None = None,
) -> tuple[Bid, Count | None]:
    """The call the method makes, and the count behind it (``None`` for a misère or a pass with nothing counted).

    ``auction`` is (seat, call) so far; ``legal`` the calls allowed now.  With
    ``rules`` (whose player count then replaces ``players``) the method knows
    whether an opponent can still bid: it competes just enough (the cheapest
    bid that outranks theirs) only while one can, and bids what it counts once
    none can (:func:`opponents_can_bid`).  Without ``rules`` it assumes one can.

    ``to_win`` is the points a made contract must bring the caller's side to win the game (the
    view's :attr:`~fivehundred.round.View.points_to_win`; ``None``: the score is not known).  Once
    no opponent can outbid, a made contract that wins the game is all a side needs, so of the calls
    the count reaches in its strain the method bids the cheapest that wins the game when made
    (:func:`game_winning_call`) instead of the full count.
    """
    _to_win_arg(to_win)
    cards = tuple(hand)
    calls = tuple(auction)
    legal_bids = tuple(legal)
    if rules is not None:
        players = rules.players
    outbid = True if rules is None else opponents_can_bid(seat, calls, rules)
    has_joker = JOKER in cards
    counts = strain_counts(cards, seat, calls, players, rules, method)
    order = strains_by_count(counts, has_joker)
    if method.one_say and has_bid(seat, calls):
        return PASS, counts[order[0]]
    best_level = max(level_reached(counts[s], has_joker, method) for s in order)
    high = len(misere_high_cards(cards))
    if not has_joker and best_level < 8:
        omis = next((b for b in legal_bids if b.kind is BidKind.OPEN_MISERE), None)
        if omis is not None and high <= method.open_misere_high:
            return omis, None
        mis = next((b for b in legal_bids if b.kind is BidKind.MISERE), None)
        if mis is not None and high <= method.misere_high:
            return mis, None
    by_strain: dict[Strain | None, list[Bid]] = {}
    for b in legal_bids:
        if b.kind is BidKind.TRICKS:
            by_strain.setdefault(b.strain, []).append(b)
    for s in order:
        level = level_reached(counts[s], has_joker, method)
        options = [b for b in by_strain.get(s, ()) if b.tricks <= level]
        if options:
            winning = game_winning_call(options, to_win) if not outbid else None
            if winning is not None:
                return winning, counts[s]
            full = method.bid_full and not (method.compete_cheap and counts[s].context == "compete" and outbid)
            return (options[-1] if full else options[0]), counts[s]
    return PASS, counts[order[0]]


def game_winning_call(options: Sequence[Bid], to_win: int | None) -> Bid | None:
    """The cheapest of ``options`` (lowest first) that wins the game when made: worth at least ``to_win``
    points (``None`` when none is, or ``to_win`` is ``None``).

    >>> game_winning_call([Bid.parse("6S"), Bid.parse("7S"), Bid.parse("8S")], 120)  # at 380: 7♠ (140) wins
    Bid.parse('7S')
    >>> game_winning_call([Bid.parse("6S")], 120) is None
    True

    Raises:
        FiveHundredError: ``options`` is not a list of bids, or ``to_win`` not a whole number or ``None``.
    """
    if isinstance(options, (str, bytes)) or not isinstance(options, (list, tuple)) or any(b.__class__ is not Bid for b in options):
        raise FiveHundredError(f"not a list of bids: options={shown(options, 80)}")
    _to_win_arg(to_win)
    if to_win is None:
        return None
    return next((b for b in options if b.points >= to_win), None)


def _to_win_arg(to_win: object) -> None:
    if to_win is not None and to_win.__class__ is not int:
        raise FiveHundredError(f"not a number of points: to_win={shown(to_win)} (a whole number, or None)")


def has_bid(seat: int, auction: Iterable[tuple[int, Bid]]) -> bool:
    """Whether ``seat`` has already made a bid (not a pass) in this auction: the method's "one say"."""
    return any(s == seat and not b.is_pass for s, b in auction)


def opponents_can_bid(seat: int, auction: Iterable[tuple[int, Bid]], rules: Rules) -> bool:
    """Whether an opponent of ``seat`` may still make a call that outbids it in this auction.

    An opponent is every seat outside ``seat``'s side (:func:`fivehundred.seating.sides`).  A
    pass is final (unless the rules let a player bid again after passing), and
    with one bidding round an opponent who has called may not call again.

    >>> from fivehundred.rules import AUSTRALIAN
    >>> calls = [(0, Bid.parse("7S")), (1, PASS), (2, PASS)]  # West bid 7♠, North and East passed; South to call
    >>> opponents_can_bid(3, calls, AUSTRALIAN)  # West still holds the bid and may bid over South
    True
    >>> opponents_can_bid(3, calls, AUSTRALIAN.replace(single_bidding_round=True))  # one call each: nobody can
    False
    """
    calls = tuple(auction)
    mine = next(side for side in sides(rules) if seat in side)
    opponents = [s for s in range(rules.players) if s not in mine]
    if rules.single_bidding_round:
        called = {s for s, _call in calls}
        return any(s not in called for s in opponents)
    if rules.allow_bid_after_pass:
        return True
    passed = {s for s, b in calls if b.is_pass}
    return any(s not in passed for s in opponents)


def count_words(count: Count) -> str:
    """Step 1 of the method in words: ``"In hearts you count 4 top trumps (...), 2 for length (6 trumps) and 1 side ace: 7."``"""
    strain = count.strain
    pieces: list[str] = []
    if strain.suit is not None:
        if count.tops:
            n = len(count.tops)
            # Translators: {cards} lists the top trumps held: "the joker, both bowers and the ace"
            pieces.append(ngettext("{n} top trump ({cards})", "{n} top trumps ({cards})", n)
                          .format(n=n, cards=_listing(_names(count.tops, strain))))
        if count.length:
            # Translators: {length} tricks counted for the trumps beyond the third; {n} is how many trumps the hand holds
            pieces.append(ngettext("{length} for length ({n} trump)", "{length} for length ({n} trumps)", count.trumps)
                          .format(length=count.length, n=count.trumps))
    elif count.tops:
        pieces.append(_("the joker"))
    aces = sum(1 for c in count.side if c.rank is Rank.ACE)
    kings = len(count.side) - aces
    if aces:
        pieces.append(ngettext("{n} side ace", "{n} side aces", aces).format(n=aces) if strain.suit is not None
                      else ngettext("{n} ace", "{n} aces", aces).format(n=aces))
    if kings:
        pieces.append(ngettext("{n} king with its ace", "{n} kings with their ace", kings).format(n=kings))
    # Translators: what a hand counts when it counts no trick at all ("In hearts you count nothing: 0.")
    counted = _listing(pieces) if pieces else _("nothing")
    # Translators: {strain} is the trump suit or "no trumps"; {counted} lists what was counted; {n} the tricks in all
    return _("In {strain} you count {counted}: {n}.").format(strain=strain_words(strain), counted=counted, n=count.in_hand)


#: the method's caution on no trumps, in lesson 14's words (English, marked for the catalogue: show it with
#: :func:`no_trumps_without_joker`, in the kernel's language)
NO_TRUMPS_WITHOUT_JOKER = N_("No trumps only with the joker: without it, whoever holds the joker can take the lead "
                             "from you at the worst moment.")


def no_trumps_without_joker() -> str:
    """:data:`NO_TRUMPS_WITHOUT_JOKER` in the kernel's language."""
    return _(NO_TRUMPS_WITHOUT_JOKER)


def method_words(count: Count) -> str:
    """THE method's words for a count: what lesson 14, the advisor, the quiz feedback and the coach all say.

    ``"In hearts you count 4 top trumps (...), 2 for length (6 trumps) and 1 side ace: 7. Nobody has bid yet,
    so partner and the kitty add about 2: 9 in all."``
    """
    why = context_words(count.context)
    # Translators: {count} is the sentence "In hearts you count ...: 7."; {why} what the auction has said,
    # capitalised ("Nobody has bid yet"); {allowance} the tricks added; {total} the sum
    return _("{count} {why}, so partner and the kitty add about {allowance}: {total} in all.").format(
        count=count_words(count), why=why[0].upper() + why[1:], allowance=count.allowance, total=count.total)


def misere_words(hand: Iterable[Card], method: Method = METHOD) -> str:
    """The method's words on misère for this hand."""
    cards = tuple(hand)
    if JOKER in cards:
        return _("For misère: not with the joker, which wins any trick it is played to.")
    high = misere_high_cards(cards)
    named = f" ({', '.join(c.label for c in high)})" if high else ""
    verdict = (
        _("few enough for misère") if len(high) <= method.misere_high
        else _("too many for misère (at most {n})").format(n=method.misere_high)
    )
    # Translators: {named} is empty, or a space and the cards in brackets (" (A♥, K♠)"); {verdict} says whether
    # that is few enough ("few enough for misère")
    return ngettext("For misère: no joker, and {n} card above the 9{named}: {verdict}.",
                    "For misère: no joker, and {n} cards above the 9{named}: {verdict}.", len(high)).format(
        n=len(high), named=named, verdict=verdict)


def open_misere_words(hand: Iterable[Card], method: Method = METHOD) -> str:
    """The method's words on open misère for this hand (lesson 14 teaches them)."""
    cards = tuple(hand)
    if JOKER in cards:
        return _("For open misère: not with the joker.")
    high = len(misere_high_cards(cards))
    if method.open_misere_high < 0:
        return _("For open misère: the method never bids it. Your cards go face up after the first trick, so the "
                 "defenders lead straight at your weak spots; when the method was fitted on simulated hands, bidding it did no better than never bidding it.")
    verdict = (_("low enough") if high <= method.open_misere_high
               else _("too many (at most {n})").format(n=method.open_misere_high))
    return ngettext("For open misère: {n} card above the 9: {verdict}.",
                    "For open misère: {n} cards above the 9: {verdict}.", high).format(n=high, verdict=verdict)


def promise_words(seat: int, auction: Iterable[tuple[int, Bid]], *, rules: Rules, method: Method = METHOD,
                  by_method: bool = True, departs: bool = False) -> str:
    """What ``seat``'s latest call in ``auction`` shows, read by the method (the calls are (seat, call) in order).

    The method's bid is its count: the tricks in hand (top trumps, length, side aces) plus what partner
    and the kitty add for what the auction had said (:data:`CONTEXTS`), so a bid of 7 with 2 added
    shows about 5 tricks in the bidder's own hand.  It shows *at least* that many where the method
    may stop short of its count: competing just enough while an opponent can still outbid, the
    cheapest game-winning bid once none can, ten (the top), or seven without the joker (its ceiling).
    A pass shows a count that reached no allowed call, or a player who has had its one say.
    ``by_method`` is false for a player that does not bid by the method (Random): its calls show nothing.
    ``departs`` is true for a player that bids by the method but now and then makes another call that its
    simulation finds clearly better (Expert, :attr:`~fivehundred.players.base.Player.departs_from_method`): the
    reading says so after the call's own sentence.

    >>> from fivehundred.rules import AUSTRALIAN
    >>> print(promise_words(0, [(3, PASS), (0, Bid.parse("8C"))], rules=AUSTRALIAN))
    North's 8♣ counts about 6 tricks in North's own hand with clubs as trumps (top trumps, length and side aces and kings): partner and the kitty add about 2 when nobody has bid yet, making 8.

    Raises:
        FiveHundredError: ``seat`` is not a seat at this table.
    """
    n = rules.players
    _check_seat(seat, n)
    calls = tuple(auction)
    who = seat_words(seat, n)
    latest = max((i for i, (s, _call) in enumerate(calls) if s == seat), default=None)
    if latest is None:
        # Translators: {seat} is a seat's name ("North") in this and the following sentences
        return _("{seat} has not called yet.").format(seat=who)
    if not by_method:
        return _("{seat} plays at random: its calls show nothing about its hand.").format(seat=who)
    reading = _method_reading(seat, calls, latest, rules, method, who)
    if departs:
        return reading + " " + expert_note([seat], n)
    return reading


def _check_seat(seat: object, n: int) -> None:
    """Refuse anything but a seat at an ``n``-player table (a bool is no seat)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise FiveHundredError(f"no seat {shown(seat)} at a {n}-player table (seats 0 to {n - 1})")


def expert_note(seats: Sequence[int], players: int = 4) -> str:
    """The sentence that these seats' Expert players bid by the method but now and then make another call
    (``""`` for no seat): said once for all of them after their calls have been read.

    >>> expert_note([1, 3])
    'East and West are Expert players: they bid this way, but now and then make another call, when trying the calls out on many possible deals shows that one clearly scores more.'

    Raises:
        FiveHundredError: a seat is not at this table.
    """
    for seat in seats:
        _check_seat(seat, players)
    if not seats:
        return ""
    if len(seats) == 1:
        return _("{seat} is an Expert player: it bids this way, but now and then makes another call, "
                 "when trying the calls out on many possible deals shows that one clearly scores "
                 "more.").format(seat=seat_words(seats[0], players))
    # Translators: {seats} is a list of seats' names ("East and West")
    return _("{seats} are Expert players: they bid this way, but now and then make another call, when trying the "
             "calls out on many possible deals shows that one clearly scores more.").format(
        seats=listing([seat_words(s, players) for s in seats]))


def _method_reading(seat: int, calls: Sequence[tuple[int, Bid]], latest: int, rules: Rules, method: Method, who: str) -> str:
    """:func:`promise_words` for a seat that has called, read by the method."""
    n = rules.players
    call = calls[latest][1]
    before = calls[:latest]
    label = bid_label(call)
    if call.is_pass:
        if method.one_say and has_bid(seat, before):
            return _("{seat} passed after bidding once: by the method you have one say, and {seat}'s first bid "
                     "already told partner what the hand counts.").format(seat=who)
        standing = [b for _s, b in before if b.kind is BidKind.TRICKS or b.kind in _MISERES]
        if standing:
            # Translators: {bid} is the standing bid ("7♥", "misère")
            return _("{seat}'s pass says the count, with partner and the kitty, did not reach a call above {bid}.").format(
                seat=who, bid=bid_label(standing[-1]))
        return _("{seat}'s pass says the count reached fewer than 6 tricks in every suit, even with partner and the "
                 "kitty, and the hand was not one for misère.").format(seat=who)
    if call.kind is BidKind.MISERE:
        if method.misere_high == 0:
            return _("{seat}'s misère shows no joker and no card above the 9: a hand meant to lose every trick.").format(seat=who)
        return ngettext("{seat}'s misère shows no joker and at most {n} card above the 9: a hand meant to lose every trick.",
                        "{seat}'s misère shows no joker and at most {n} cards above the 9: a hand meant to lose every trick.",
                        method.misere_high).format(seat=who, n=method.misere_high)
    if call.kind is BidKind.OPEN_MISERE:
        if method.open_misere_high < 0:
            return _("{seat}'s open misère is a call the method never makes: it says {seat} expects to lose every trick "
                     "even with the cards face up, so a very low hand with no joker.").format(seat=who)
        return ngettext("{seat}'s open misère shows no joker and at most {n} card above the 9, "
                        "low enough to lose every trick with the cards face up.",
                        "{seat}'s open misère shows no joker and at most {n} cards above the 9, "
                        "low enough to lose every trick with the cards face up.",
                        method.open_misere_high).format(seat=who, n=method.open_misere_high)
    if call.kind is not BidKind.TRICKS:  # blind misère: called before looking
        return _("{seat}'s {bid} was called before looking at the cards: it shows nothing about the hand.").format(
            seat=who, bid=label)
    assert call.strain is not None
    context = auction_context(seat, before, call.strain, n, rules)
    allowance = method.allowance[context]
    in_hand = max(call.tricks - allowance, 0)
    trump = call.strain.suit
    more = _shows_more(seat, before, call, context, rules, method)
    amount = (ngettext("at least {n} trick", "at least {n} tricks", in_hand) if more
              else ngettext("about {n} trick", "about {n} tricks", in_hand)).format(n=in_hand)
    if trump is None:
        # Translators: {bid} is the bid ("8NT"); {amount} the tricks it counts ("about 6 tricks")
        opening = _("{seat}'s {bid} shows the joker and counts {amount} in {seat}'s own hand without trumps "
                    "(the joker, aces and kings with their ace)").format(seat=who, bid=label, amount=amount)
    else:
        # Translators: {bid} is the bid ("8♣"); {amount} the tricks it counts ("about 6 tricks"); {strain} the trump suit
        opening = _("{seat}'s {bid} counts {amount} in {seat}'s own hand with {strain} as trumps "
                    "(top trumps, length and side aces and kings)").format(
            seat=who, bid=label, amount=amount, strain=strain_words(call.strain))
    # Translators: {opening} is the sentence so far ("North's 8♣ counts about 6 tricks ..."); {context} what the
    # auction had said ("nobody has bid yet"); {tricks} the bid's number of tricks
    sentence = _("{opening}: partner and the kitty add about {allowance} when {context}, making {tricks}.").format(
        opening=opening, allowance=allowance, context=context_words(context), tricks=call.tricks)
    return f"{sentence} {more}" if more else sentence


_MISERES = (BidKind.MISERE, BidKind.OPEN_MISERE, BidKind.BLIND_MISERE)


def _shows_more(seat: int, before: Sequence[tuple[int, Bid]], call: Bid, context: str, rules: Rules,
                method: Method) -> str:
    """Why the method's ``call`` may stand for more than its level (a sentence), or ``""`` when it is the count."""
    if call.tricks >= 10:
        return _("Ten is the top of the ladder, so the hand may count more.")
    if call.strain is not Strain.NO_TRUMPS and call.tricks == method.no_joker_ceiling:
        return _("Without the joker the method stops at {n}, so the hand may count more.").format(n=method.no_joker_ceiling)
    outbid = opponents_can_bid(seat, before, rules)
    if outbid and context == "compete" and method.compete_cheap:
        return _("While an opponent can still outbid, the method bids only just enough to compete, so the hand may count more.")
    if not outbid:
        return _("Once no opponent can outbid, the method may stop at the cheapest bid that wins the game, so the hand may count more.")
    if not method.bid_full:
        return _("The method bids the cheapest level it may, so the hand may count more.")
    return ""
