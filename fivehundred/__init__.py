"""fivehundred: the rules of Five Hundred (500), as a pure-Python engine.

Everything a lesson, widget or computer player needs is importable from here.

>>> from fivehundred import Card, Round, legal_cards, trick_winner
>>> trick_winner("10H JD AH 5S", "H")        # the left bower wins
1
>>> r = Round.deal(seed=3)
>>> len(r.view(0).hand)
10

The engine never imports ipywidgets or IPython.

The names are imported on first use (a module ``__getattr__``), so ``import fivehundred`` costs
next to nothing and a page pays only for the modules it uses; ``from fivehundred import Card``
imports ``fivehundred.cards`` and no more.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what mypy and readers see; at run time each name is imported on first use (below)
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

#: each public name and the module that defines it: the TYPE_CHECKING imports above, as data
#: (tests/test_lazy_exports.py checks that the two agree)
_EXPORTS: dict[str, str] = {
    "Action": "fivehundred.actions",
    "CallCard": "fivehundred.actions",
    "CallPartner": "fivehundred.actions",
    "Discard": "fivehundred.actions",
    "Nominate": "fivehundred.actions",
    "Play": "fivehundred.actions",
    "BLIND_MISERE": "fivehundred.bidding",
    "MISERE": "fivehundred.bidding",
    "OPEN_MISERE": "fivehundred.bidding",
    "PASS": "fivehundred.bidding",
    "Bid": "fivehundred.bidding",
    "BidKind": "fivehundred.bidding",
    "Strain": "fivehundred.bidding",
    "bid_points": "fivehundred.bidding",
    "ladder": "fivehundred.bidding",
    "ladder_index": "fivehundred.bidding",
    "outranks": "fivehundred.bidding",
    "ALL_CARDS": "fivehundred.cards",
    "JOKER": "fivehundred.cards",
    "PLAYER_COUNTS": "fivehundred.cards",
    "Card": "fivehundred.cards",
    "Rank": "fivehundred.cards",
    "Suit": "fivehundred.cards",
    "format_cards": "fivehundred.cards",
    "pack": "fivehundred.cards",
    "parse_cards": "fivehundred.cards",
    "FiveHundredError": "fivehundred.errors",
    "IllegalActionError": "fivehundred.errors",
    "IllegalBidError": "fivehundred.errors",
    "IllegalPlayError": "fivehundred.errors",
    "NotationError": "fivehundred.errors",
    "RulesError": "fivehundred.errors",
    "Game": "fivehundred.game",
    "Verdict": "fivehundred.play",
    "explain_play": "fivehundred.play",
    "legal_cards": "fivehundred.play",
    "HandResult": "fivehundred.round",
    "Phase": "fivehundred.round",
    "Round": "fivehundred.round",
    "View": "fivehundred.round",
    "AMERICAN": "fivehundred.rules",
    "AUSTRALIAN": "fivehundred.rules",
    "PRESETS": "fivehundred.rules",
    "Rules": "fivehundred.rules",
    "GameResult": "fivehundred.scoring",
    "HandScore": "fivehundred.scoring",
    "game_result": "fivehundred.scoring",
    "score_hand": "fivehundred.scoring",
    "parse_seat": "fivehundred.seating",
    "seat_name": "fivehundred.seating",
    "seat_names": "fivehundred.seating",
    "sides": "fivehundred.seating",
    "Trick": "fivehundred.trick",
    "explain_trick_winner": "fivehundred.trick",
    "trick_winner": "fivehundred.trick",
    "effective_suit": "fivehundred.trumps",
    "is_left_bower": "fivehundred.trumps",
    "is_right_bower": "fivehundred.trumps",
    "is_trump": "fivehundred.trumps",
    "trick_rank": "fivehundred.trumps",
    "trump_order": "fivehundred.trumps",
}

if not TYPE_CHECKING:  # hidden from mypy, so that a misspelt name is still an error there

    def __getattr__(name: str) -> Any:
        """Import a public name's module on first use (PEP 562) and keep the name here."""
        module = _EXPORTS.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(globals()) | set(__all__))
