"""Bidding advice: a recommended call, the acceptable range, and the trick counts behind it.

The estimates are the rules player's (:func:`fivehundred.players.estimate_tricks`)
plus an allowance for partner and the kitty; the recommended call is the one
the :class:`~fivehundred.players.RulesPlayer` makes.

>>> from fivehundred import Round
>>> r = Round.deal(seed=3)
>>> a = advise(r.view(r.to_act))
>>> a.recommended in r.legal_actions()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from fivehundred.bidding import Bid, BidKind, Strain
from fivehundred.cards import JOKER
from fivehundred.errors import FiveHundredError
from fivehundred.players.rules_player import RulesPlayer, _allowance, estimate_tricks, misere_danger
from fivehundred.round import Phase, View

__all__ = ["Advice", "advise"]


@dataclass(frozen=True)
class Advice:
    """What to bid and why."""

    recommended: Bid
    acceptable: tuple[Bid, ...]
    estimates: dict[Strain, float]
    reasons: tuple[str, ...]


def advise(view: View) -> Advice:
    """Advice for the seat to act in the auction.

    ``acceptable`` lists the legal trick bids whose level is within the
    estimate (with partner and kitty) for their strain, plus misère when the
    hand suits it; the recommendation is always among the legal calls.

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
    reasons = [
        f"{s.words.capitalize()}: about {estimates[s]:.1f} tricks in hand, {estimates[s] + allow:.1f} with partner and kitty."
        for s in sorted(Strain, key=lambda s: -estimates[s])
    ]
    if not has_joker:
        reasons.append("Without the joker, no-trump bids and bids of 9 or more are ruled out.")
    reasons.append(f"Recommended {decision.action.label}: {decision.reason}")
    return Advice(decision.action, tuple(acceptable), estimates, tuple(reasons))
