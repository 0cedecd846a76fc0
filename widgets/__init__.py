"""Course widgets for Five Hundred (ipywidgets 8 and anywidget).

Widgets only draw and forward gestures: every legality decision, trick
winner, score and explanation comes from the :mod:`fivehundred` engine.

>>> from widgets import WhichCardWins
>>> quiz = WhichCardWins("10H JD AH 5S", "H", leader="W")
>>> quiz.answer("JD"), quiz.solved
(True, True)
"""

from __future__ import annotations

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
