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
   have bid (compete only when the count still reaches a legal bid, and
   just enough, the cheapest bid that outranks theirs, while an opponent
   can still outbid you; once none can, bid what you count).
3. **Bid what you count**: the highest legal level your total reaches in
   the best strain (on a tie, the one with more trumps; a contract scores
   only what you bid); without the joker
   go no higher than :attr:`Method.no_joker_ceiling`.  If no legal bid is
   reached in any strain, pass.  **One say**: once you have bid, pass when
   the auction comes back to you (:attr:`Method.one_say`; your bid already
   told partner your count, and a second bid counts partner's help twice).
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

from dataclasses import dataclass
from typing import Iterable

from fivehundred.bidding import Bid, BidKind, Strain, ladder_positions
from fivehundred.bidding_method import (  # the method itself lives in the base layer, where the computer players read it too
    CONTEXTS,
    METHOD,
    Count,
    Method,
    level_reached,
    auction_context,
    count_hand,
    count_words,
    has_bid,
    method_call,
    method_words,
    misere_high_cards,
    misere_words,
    open_misere_words,
    opponents_can_bid,
    strain_counts,
    strains_by_count,
    top_cards,
)
from fivehundred.cards import JOKER, Card
from fivehundred.errors import FiveHundredError, shown
from fivehundred.i18n import gettext as _
from fivehundred.round import Phase, View, view_arg
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.text import bid_label, strain as strain_words

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
    "has_bid",
    "method_call",
    "method_words",
    "misere_high_cards",
    "misere_words",
    "open_misere_words",
    "opponents_can_bid",
    "top_cards",
]


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
        raise FiveHundredError(f"advise's method is a Method (the fitted numbers, e.g. METHOD), not {shown(method)}")
    if view.phase is not Phase.AUCTION or view.to_act != view.seat:
        raise FiveHundredError(f"bidding advice needs the seat's turn in the auction, not {view.phase.value}")
    players = view.rules.players
    hand = tuple(view.hand)
    auction = tuple(view.auction)
    legal = [a for a in view.legal_actions if isinstance(a, Bid)]
    to_win = view.points_to_win
    call, count = method_call(hand, view.seat, auction, legal, method=method, rules=view.rules, to_win=to_win)
    full_call = call if to_win is None else method_call(hand, view.seat, auction, legal, method=method, rules=view.rules)[0]
    has_joker = JOKER in hand
    counts = strain_counts(hand, view.seat, auction, players, view.rules, method)
    acceptable: list[Bid] = []
    for bid in legal:
        if bid.kind is BidKind.TRICKS and bid.strain is not None:
            if bid.strain is Strain.NO_TRUMPS and not has_joker:
                continue
            if bid.tricks <= level_reached(counts[bid.strain], has_joker, method):
                acceptable.append(bid)
        elif bid.kind is BidKind.MISERE and call.kind is BidKind.MISERE:
            acceptable.append(bid)
        elif bid.kind is BidKind.OPEN_MISERE and call.kind is BidKind.OPEN_MISERE:
            acceptable.append(bid)
    positions = ladder_positions(view.rules)
    acceptable.sort(key=lambda b: positions[b])
    strains_shown = strains_by_count(counts, has_joker)
    reasons: list[str] = []
    lead = count if count is not None else counts[strains_shown[0]]
    if call.is_misere:
        reasons.append(misere_words(hand, method))
    reasons.append(method_words(lead))
    misere_legal = any(b.kind is BidKind.MISERE for b in legal)
    if not call.is_misere and not has_joker and (misere_legal or len(misere_high_cards(hand)) <= method.misere_high):
        reasons.append(misere_words(hand, method))
    if not has_joker and any(b.kind is BidKind.OPEN_MISERE for b in legal) and (
        call.kind is BidKind.OPEN_MISERE or len(misere_high_cards(hand)) <= method.misere_high
    ):
        reasons.append(open_misere_words(hand, method))
    if not has_joker:
        reasons.append(_("Without the joker: no no-trump bids, and nothing above {level}.").format(level=method.no_joker_ceiling))
    label = bid_label(call)
    in_strain = strain_words(call.strain) if call.strain else ""
    if call.is_pass and method.one_say and has_bid(view.seat, auction):
        reasons.append(_("Pass: you have bid already, and you have one say (your bid told partner your count)."))
    elif call.is_pass:
        reasons.append(_("Pass: no strain reaches a bid you may make now (your best, {strain}, counts {total}).").format(
            strain=strain_words(lead.strain), total=lead.total))
    elif call.is_misere:
        reasons.append(_("Bid {call}: no trick bid reaches eight, and the hand is low enough.").format(call=label))
    elif to_win is not None and call != full_call:  # the score made the difference
        reasons.append(_("Bid {call}: your side needs only {points} points to win the game and no opponent can "
                         "bid again, so the cheapest call your count reaches that wins the game is enough (your count "
                         "reaches {full}).").format(call=label, points=to_win, full=bid_label(full_call)))
    elif count is not None and count.context == "compete" and method.compete_cheap and opponents_can_bid(view.seat, auction, view.rules):
        reasons.append(_("Bid {call}: the cheapest bid that outranks theirs, which your count reaches (compete just enough "
                         "while an opponent can still outbid you).").format(call=label))
    elif count is not None and count.context == "compete" and method.compete_cheap:
        reasons.append(_("Bid {call}: no opponent can bid again, so bid what you count, the highest level your count "
                         "reaches in {strain}.").format(call=label, strain=in_strain))
    else:
        reasons.append(_("Bid {call}: the highest level your count reaches in {strain}.").format(call=label, strain=in_strain))
    estimates = {s: float(counts[s].total) for s in Strain}
    return Advice(call, tuple(acceptable), estimates, tuple(reasons), call if not call.is_pass else None, count)
