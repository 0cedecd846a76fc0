"""A player that makes random legal moves: the baseline every other bot must beat."""

from __future__ import annotations

import random

from fivehundred.errors import shown
from fivehundred.actions import Action, CallCard, CallPartner, Discard, Nominate, Play
from fivehundred.bidding import Bid
from fivehundred.round import Phase, View
from fivehundred.players.base import Player, PlayerError, check_view

_ACTIONS = (Bid, Discard, CallPartner, CallCard, Nominate, Play)

__all__ = ["RandomPlayer"]


class RandomPlayer(Player):
    """Uniformly random legal actions, seeded for repeatable games.

    In the kitty phase it discards 3 random cards from its hand rather than
    choosing among every combination.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and seed.__class__ is not int:
            raise PlayerError(f"not a seed: {shown(seed)} (a whole number, or None)")
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        """A random legal action.

        Raises:
            PlayerError: it is not this seat's turn, or there is nothing legal to do.
        """
        check_view(view)
        if view.to_act != view.seat:
            raise PlayerError(f"not seat {view.seat}'s turn to act ({view.phase.value})")
        if view.phase is Phase.KITTY:
            return Discard.of(self._rng.sample(list(view.hand), view.rules.kitty_size))
        if not view.legal_actions:
            raise PlayerError(f"no legal action for seat {view.seat} ({view.phase.value})")
        return self._rng.choice(view.legal_actions)

    def explain(self, view: View, action: Action) -> str:
        return f"{action if isinstance(action, _ACTIONS) else shown(action, 80)} was picked at random from the legal moves."
