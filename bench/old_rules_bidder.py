"""The rules player's bidder as it was before it bid by the method (main at 4e31b14), frozen for comparison.

Until issue #23 the :class:`~fivehundred.players.RulesPlayer` bid by its own
trick estimate (:func:`fivehundred.players.estimate_tricks` plus 1.5 for
partner and the kitty) and made the *cheapest* legal bid the estimate
supported, passing whenever partner held the bid.  It now bids by the method
lesson 14 teaches (:func:`fivehundred.bidding_method.method_call`).  This copy
of the old bidder is kept only here, so ``bench/rules_bidding.py`` can measure
the new player against the old one in duplicate; nothing in ``fivehundred/``
imports it.  Its card play, kitty and nomination are today's rules player's.
"""

from __future__ import annotations

from functools import lru_cache

from fivehundred.bidding import Bid, BidKind, Strain
from fivehundred.cards import JOKER, Rank, mask_of, pack
from fivehundred.players.rules_player import Decision, RulesPlayer, _allowance, _estimates, _sides
from fivehundred.round import View

_STRAINS = tuple(Strain)
_JOKER_BIT = JOKER.bit


@lru_cache(maxsize=None)
def _danger_mask(players: int) -> int:
    return mask_of(c for c in pack(players) if c.is_joker or c.rank > Rank.NINE)


class OldRulesPlayer(RulesPlayer):
    """Today's rules player with the old bidder (frozen at 4e31b14)."""

    name = "rules (old bidder)"

    def _bid(self, view: View) -> Decision:
        legal = [a for a in view.legal_actions if a.__class__ is Bid]
        passing = next(b for b in legal if b.is_pass)
        hand_mask = view.hand_mask
        players = view.rules.players
        has_joker = bool(hand_mask & _JOKER_BIT)
        est = _estimates(hand_mask, players)  # by strain order
        estimates = dict(zip(_STRAINS, est))
        allow = _allowance(players)
        partner_high = self._partner_holds_bid(view)
        best_strain = _STRAINS[max(range(len(_STRAINS)), key=lambda i: (est[i], i))]
        best = estimates[best_strain] + allow
        # misère: no joker, low cards
        misere: Bid | None = None
        for b in legal:
            if b.kind is BidKind.MISERE:
                misere = b
                break
        danger = (hand_mask & _danger_mask(players)).bit_count()  # misere_danger(view.hand), on bits
        if misere is not None and not has_joker and danger <= 1 and best < 8:
            return Decision(misere, f"Misère: no joker and {'no card' if danger == 0 else 'only one card'} above the 9, so I can expect to lose every trick.")
        if partner_high is not None and best < 8.5:
            return Decision(passing, f"Partner holds the bid at {partner_high.label} and my hand adds nothing more than support.")
        for strain in (_STRAINS[i] for i in sorted(range(len(_STRAINS)), key=lambda i: (-est[i], -i))):
            level = int(estimates[strain] + allow)
            if strain is Strain.NO_TRUMPS and not has_joker and estimates[strain] < 8:
                continue
            if level >= 9 and not has_joker and estimates[strain] < 9:
                level = 8
            level = min(level, 10)
            if level < 6:
                continue
            bid = next((b for b in legal if b.kind is BidKind.TRICKS and b.strain is strain and b.tricks <= level), None)
            if bid is not None:  # the first (cheapest) such bid
                return Decision(
                    bid,
                    f"I count about {estimates[strain]:.1f} tricks in {strain.words} plus {allow:g} from "
                    f"partner and kitty, so {bid.label} is the cheapest bid the hand supports.",
                )
        return Decision(
            passing,
            f"My best strain, {best_strain.words}, is worth about {estimates[best_strain]:.1f} tricks: "
            "not enough to bid higher.",
        )

    def _partner_holds_bid(self, view: View) -> Bid | None:
        bids = [(s, b) for s, b in view.auction if not b.is_pass]
        if not bids or view.rules.players not in (4, 6):
            return None
        seat, bid = bids[-1]
        same_side = any(view.seat in side and seat in side for side in _sides(view.rules))
        return bid if same_side and seat != view.seat else None

