"""Course widgets for Five Hundred (ipywidgets 8 and anywidget).

Widgets only draw and forward gestures: every legality decision, trick
winner, score and explanation comes from the :mod:`fivehundred` engine.

>>> from widgets import WhichCardWins
>>> quiz = WhichCardWins("10H JD AH 5S", "H", leader="W")
>>> quiz.answer("JD"), quiz.solved
(True, True)

The names are imported on first use (a module ``__getattr__``): ``import widgets`` imports no
widget module, and ``from widgets import CardRow`` imports ``widgets.card`` and what it needs,
not the quizzes, the solver or the sample-hand library.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what mypy and readers see; at run time each name is imported on first use (below)
    from widgets.auction import AuctionPanel
    from widgets.bidding import BiddingLadder
    from widgets.card import CardRow
    from widgets.exercises import (
        Attempts,
        Exercise,
        MultipleChoice,
        NumberAnswer,
        OrderTrumps,
        PickCards,
        ScoreThisHand,
        WhichBidHigher,
        WhichCardWins,
        WhichMayYouPlay,
    )
    from widgets.hand import HandView
    from widgets.kitty import KittyPicker
    from widgets.nomination import JokerNomination
    from widgets.progress_panel import ProgressPanel
    from widgets.quiz import BidQuiz, KittyQuiz, LadderDrill, PracticeSession, QuizByCode, quiz_widget
    from widgets.scorepad import ScorePad
    from widgets.guided import GuidedHandView
    from widgets.table import MoveRefused, TableView
    from widgets.trick import TrickView

__all__ = [
    "CardRow",
    "HandView",
    "TrickView",
    "BiddingLadder",
    "Attempts",
    "Exercise",
    "MultipleChoice",
    "PickCards",
    "NumberAnswer",
    "WhichCardWins",
    "WhichMayYouPlay",
    "OrderTrumps",
    "WhichBidHigher",
    "ScoreThisHand",
    "AuctionPanel",
    "KittyPicker",
    "JokerNomination",
    "ScorePad",
    "TableView",
    "MoveRefused",
    "GuidedHandView",
    "ProgressPanel",
    "BidQuiz", "KittyQuiz", "LadderDrill", "PracticeSession", "QuizByCode", "quiz_widget",
]

#: each public name and the module that defines it: the TYPE_CHECKING imports above, as data
#: (tests/test_lazy_exports.py checks that the two agree)
_EXPORTS: dict[str, str] = {
    "AuctionPanel": "widgets.auction",
    "BiddingLadder": "widgets.bidding",
    "CardRow": "widgets.card",
    "Attempts": "widgets.exercises",
    "Exercise": "widgets.exercises",
    "MultipleChoice": "widgets.exercises",
    "NumberAnswer": "widgets.exercises",
    "OrderTrumps": "widgets.exercises",
    "PickCards": "widgets.exercises",
    "ScoreThisHand": "widgets.exercises",
    "WhichBidHigher": "widgets.exercises",
    "WhichCardWins": "widgets.exercises",
    "WhichMayYouPlay": "widgets.exercises",
    "HandView": "widgets.hand",
    "KittyPicker": "widgets.kitty",
    "JokerNomination": "widgets.nomination",
    "ProgressPanel": "widgets.progress_panel",
    "BidQuiz": "widgets.quiz",
    "KittyQuiz": "widgets.quiz",
    "LadderDrill": "widgets.quiz",
    "PracticeSession": "widgets.quiz",
    "QuizByCode": "widgets.quiz",
    "quiz_widget": "widgets.quiz",
    "ScorePad": "widgets.scorepad",
    "GuidedHandView": "widgets.guided",
    "MoveRefused": "widgets.table",
    "TableView": "widgets.table",
    "TrickView": "widgets.trick",
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
