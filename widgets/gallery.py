"""gallery(): one box showing every widget, for a course author to look at.

>>> box = gallery()
>>> len(box.children) > 10
True
"""

from __future__ import annotations

import ipywidgets as w

from fivehundred.play import explain_play, legal_cards

from widgets._common import prompt_html
from widgets.bidding import BiddingLadder
from widgets.card import CardRow
from widgets.exercises import (
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
from widgets.trick import TrickView

__all__ = ["gallery"]


def _title(text: str) -> w.HTML:
    return w.HTML(prompt_html(text).replace("font-size:16px", "font-size:19px"))


def gallery() -> w.VBox:
    """Every widget with sample data (a new set of widgets on each call)."""
    hand_text = "JK JD 5D 9S AH KC"
    trick_text = "KH"
    hand = HandView(
        hand_text,
        trump="H",
        legal=lambda: legal_cards(hand_text, trick_text, "7H"),
        explain=lambda c: explain_play(c, hand_text, trick_text, "7H"),
        label="Your hand (hearts are trumps, K♥ was led)",
    )
    items: tuple[w.Widget, ...] = (
        _title("Card pictures: CardRow"),
        CardRow("JK JH JD AH KH QH 10H 4H", trump="H", caption="Hearts are trumps: the joker, the right and left bowers, then A K Q …"),
        CardRow("AS KC 10D 9H 5C JC", four_colour=True, card_width=56, caption="Four-colour pack (clubs green, diamonds blue)"),
        CardRow("AS KS QS JS 10S 9S 8S", overlap=0.45, card_width=64, caption="Overlapping hand"),
        CardRow("AS KS QS JS 10S", face_down=True, card_width=48, overlap=0.5, caption="Face down"),
        _title("HandView: click a card (greyed cards can't be played)"),
        hand,
        _title("TrickView"),
        TrickView("10H JD AH 5S", "H", leader="W"),
        _title("BiddingLadder"),
        BiddingLadder(standing="7NT"),
        _title("Exercises"),
        WhichCardWins("10H JD AH 5S", trump="H", leader="W"),
        WhichMayYouPlay("JD 5D 9S AH KC", "KH", "7H"),
        OrderTrumps("H", "AH JD KH JK JH 10H"),
        WhichBidHigher("MIS", "8S"),
        ScoreThisHand("7H", 6),
        NumberAnswer("How many points is a bid of six no trumps worth?", 120),
        MultipleChoice("How many cards are in the 4-player pack?", ["52", "43", "45"], correct="43"),
        PickCards("Pick the two red jacks.", "JH JS JD JC", correct="JH JD"),
    )
    box = w.VBox(items, layout=w.Layout(max_width="900px", padding="8px"))
    box.add_class("fh-gallery")
    return box
