"""Computer players: each sees only its own seat's view and chooses an action.

* :class:`Player` — the interface (``choose(view)``, ``explain(view, action)``).
* :class:`RandomPlayer` — random legal moves.
* :func:`play_hand` — drive a round to the end with one player per seat.
"""

from __future__ import annotations

from fivehundred.players.base import Player, PlayerError, Seating, play_hand
from fivehundred.players.random_player import RandomPlayer

__all__ = ["Player", "PlayerError", "RandomPlayer", "Seating", "play_hand"]
