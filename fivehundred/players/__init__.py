"""Computer players: each sees only its own seat's view and chooses an action.

* :class:`Player` — the interface (``choose(view)``, ``explain(view, action)``).
* :class:`RandomPlayer` — random legal moves.
* :class:`RulesPlayer` — plays by stated principles and explains each decision.
* :func:`play_hand` — drive a round to the end with one player per seat.
* :func:`duplicate_match` — compare two kinds of player on duplicate boards.
"""

from __future__ import annotations

from fivehundred.players.base import Player, PlayerError, Seating, play_hand
from fivehundred.players.match import MatchResult, duplicate_match
from fivehundred.players.random_player import RandomPlayer
from fivehundred.players.rules_player import Decision, RulesPlayer, estimate_tricks, misere_danger

__all__ = [
    "Decision",
    "MatchResult",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "RulesPlayer",
    "Seating",
    "duplicate_match",
    "estimate_tricks",
    "misere_danger",
    "play_hand",
]
