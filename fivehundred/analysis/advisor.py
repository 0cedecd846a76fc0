"""Bidding advice: a recommended call, the acceptable range, and the trick counts behind it.

The estimates are the rules player's (:func:`fivehundred.players.estimate_tricks`)
plus an allowance for partner and the kitty; the recommended call is the one
the :class:`~fivehundred.players.RulesPlayer` makes.

>>> from fivehundred import Round
>>> r = Round.deal(seed=3)
>>> a = advise(r.view(r.to_act))
>>> a.recommended in r.legal_actions()
True

For a hand written out, :func:`advise_hand` builds the view itself:

>>> a = advise_hand("JK JH JD AH 10H 9H AS 7C 6C 5S", dealer=3, auction=["7NT"])
>>> str(a.recommended), [str(b) for b in a.range]
('8H', ['8H', '8H'])
>>> a.reasons[0]
'Hearts: about 7.1 tricks in hand (6 trumps: the joker, both bowers and the ace), 8.6 with partner and kitty.'

The simulation mode (:mod:`fivehundred.analysis.simulation`) checks these
estimates against sampled deals played double-dummy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from fivehundred.bidding import Bid, BidKind, Strain, ladder_positions
from fivehundred.cards import JOKER, Card, Rank
from fivehundred.errors import FiveHundredError
from fivehundred.players.rules_player import RulesPlayer, _allowance, estimate_tricks, misere_danger
from fivehundred.round import Phase, View
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.trumps import is_left_bower, is_right_bower, is_trump

__all__ = ["Advice", "advise", "advise_hand", "top_cards"]


@dataclass(frozen=True)
class Advice:
    """What to bid and why."""

    recommended: Bid
    acceptable: tuple[Bid, ...]
    estimates: dict[Strain, float]
    reasons: tuple[str, ...]
    #: the highest acceptable bid in the recommended strain: what the hand is worth (the recommendation itself when no higher one is)
    worth: Bid | None = None

    @property
    def range(self) -> tuple[Bid, ...]:
        """The lowest and highest acceptable trick bids (empty if no trick bid is acceptable)."""
        tricks = [b for b in self.acceptable if b.kind is BidKind.TRICKS]
        return (tricks[0], tricks[-1]) if tricks else ()


def top_cards(hand: Iterable[Card], strain: Strain) -> str:
    """The trumps that count most, in words: ``"6 trumps: the joker, both bowers and the ace"``.

    In no trumps: ``"the joker and 2 aces"``; ``""`` when there is nothing to name.
    """
    cards = tuple(hand)
    trump = strain.suit
    names: list[str] = []
    if JOKER in cards:
        names.append("the joker")
    if trump is None:
        aces = sum(1 for c in cards if not c.is_joker and c.rank is Rank.ACE)
        if aces:
            names.append(f"{aces} ace{'s' if aces > 1 else ''}")
        return " and ".join(names)
    right = any(is_right_bower(c, trump) for c in cards)
    left = any(is_left_bower(c, trump) for c in cards)
    if right and left:
        names.append("both bowers")
    elif right or left:
        names.append("the right bower" if right else "the left bower")
    if any(not c.is_joker and c.suit is trump and c.rank is Rank.ACE for c in cards):
        names.append("the ace")
    count = sum(1 for c in cards if is_trump(c, trump))
    head = f"{count} trump{'s' if count != 1 else ''}"
    if not names:
        return head
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{head}: {listed}"


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


def advise(view: View) -> Advice:
    """Advice for the seat to act in the auction.

    ``acceptable`` lists the legal trick bids whose level is within the
    estimate (with partner and kitty) for their strain, plus misère when the
    hand suits it; the recommendation is always among the legal calls (the
    rules player's call: the cheapest bid the count supports).  ``worth`` is
    the highest acceptable level in that strain, since a contract scores only
    the value of the bid.

    Raises:
        FiveHundredError: the view is not the seat's turn in the auction.
    """
    if view.phase is not Phase.AUCTION or view.to_act != view.seat:
        raise FiveHundredError(f"bidding advice needs the seat's turn in the auction, not {view.phase.value}")
    players = view.rules.players
    allow = _allowance(players)
    estimates = {s: round(estimate_tricks(view.hand, s, players), 1) for s in Strain}
    has_joker = JOKER in view.hand
    decision = RulesPlayer().decide(view)
    assert isinstance(decision.action, Bid)
    acceptable: list[Bid] = []
    for bid in view.legal_actions:
        if not isinstance(bid, Bid) or bid.is_pass:
            continue
        if bid.kind is BidKind.TRICKS:
            assert bid.strain is not None
            level = estimates[bid.strain] + allow
            if bid.tricks <= level and (has_joker or (bid.strain is not Strain.NO_TRUMPS and bid.tricks < 9)):
                acceptable.append(bid)
        elif bid.kind is BidKind.MISERE and not has_joker and misere_danger(view.hand, players) <= 1:
            acceptable.append(bid)
    def in_hand(strain: Strain) -> str:
        tops = top_cards(view.hand, strain)
        return f" ({tops})" if tops else ""

    reasons = [
        f"{s.words.capitalize()}: about {estimates[s]:.1f} tricks in hand{in_hand(s)}, {estimates[s] + allow:.1f} with partner and kitty."
        for s in sorted(Strain, key=lambda s: -estimates[s])
    ]
    if not has_joker:
        reasons.append("Without the joker, no-trump bids and bids of 9 or more are ruled out.")
    if acceptable:
        positions = ladder_positions(view.rules)
        acceptable.sort(key=lambda b: positions[b])
        tricks = [b for b in acceptable if b.kind is BidKind.TRICKS]
        if len(tricks) > 1:
            reasons.append(f"Acceptable: from {tricks[0].label} up to {tricks[-1].label}.")
    worth: Bid = decision.action
    if worth.kind is BidKind.TRICKS and worth.strain is not None:
        same = [b for b in acceptable if b.kind is BidKind.TRICKS and b.strain is worth.strain]
        if same and same[-1] != worth:
            worth = same[-1]
            reasons.append(
                f"Worth up to {worth.label}: a contract scores only what you bid, so once the auction goes on, "
                f"the count in {worth.strain.words if worth.strain else ''} supports bidding as high as {worth.label}."
            )
    reasons.append(f"Recommended {decision.action.label}: {decision.reason}")
    return Advice(decision.action, tuple(acceptable), estimates, tuple(reasons), worth)
