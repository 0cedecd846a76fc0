"""fivehundred: the rules of Five Hundred (500), as a pure-Python engine.

Everything a lesson, widget or computer player needs is importable from here.

>>> from fivehundred import Card, Round, legal_cards, trick_winner
>>> trick_winner("10H JD AH 5S", "H")        # the left bower wins
1
>>> r = Round.deal(seed=3)
>>> len(r.view(0).hand)
10

The engine never imports ipywidgets or IPython.
"""

from __future__ import annotations

from fivehundred.actions import Action, CallCard, CallPartner, Discard, Nominate, Play
from fivehundred.bidding import (
    BLIND_MISERE,
    MISERE,
    OPEN_MISERE,
    PASS,
    Bid,
    BidKind,
    Strain,
    bid_points,
    ladder,
    ladder_index,
    outranks,
)
from fivehundred.cards import (
    ALL_CARDS,
    JOKER,
    PLAYER_COUNTS,
    Card,
    Rank,
    Suit,
    format_cards,
    pack,
    parse_cards,
)
from fivehundred.errors import (
    FiveHundredError,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    NotationError,
    RulesError,
)
from fivehundred.game import Game
from fivehundred.play import Verdict, explain_play, legal_cards
from fivehundred.round import HandResult, Phase, Round, View
from fivehundred.rules import AMERICAN, AUSTRALIAN, PRESETS, Rules
from fivehundred.scoring import GameResult, HandScore, game_result, score_hand
from fivehundred.seating import parse_seat, seat_name, seat_names, sides
from fivehundred.trick import Trick, explain_trick_winner, trick_winner
from fivehundred.trumps import effective_suit, is_left_bower, is_right_bower, is_trump, trick_rank, trump_order

__all__ = [
    "Action",
    "CallCard",
    "CallPartner",
    "Discard",
    "Nominate",
    "Play",
    "BLIND_MISERE",
    "MISERE",
    "OPEN_MISERE",
    "PASS",
    "Bid",
    "BidKind",
    "Strain",
    "bid_points",
    "ladder",
    "ladder_index",
    "outranks",
    "ALL_CARDS",
    "JOKER",
    "PLAYER_COUNTS",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "pack",
    "parse_cards",
    "FiveHundredError",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "NotationError",
    "RulesError",
    "Game",
    "Verdict",
    "explain_play",
    "legal_cards",
    "HandResult",
    "Phase",
    "Round",
    "View",
    "AMERICAN",
    "AUSTRALIAN",
    "PRESETS",
    "Rules",
    "GameResult",
    "HandScore",
    "game_result",
    "score_hand",
    "parse_seat",
    "seat_name",
    "seat_names",
    "sides",
    "Trick",
    "explain_trick_winner",
    "trick_winner",
    "effective_suit",
    "is_left_bower",
    "is_right_bower",
    "is_trump",
    "trick_rank",
    "trump_order",
]
