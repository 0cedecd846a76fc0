"""gallery(): one box showing every widget, for a course author to look at.

>>> box = gallery()
>>> len(box.children) > 10
True
"""

from __future__ import annotations

import ipywidgets as w

from fivehundred.game import Game
from fivehundred.play import explain_play, legal_cards
from fivehundred.round import Round

from widgets._common import prompt_html
from widgets.auction import AuctionPanel
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
from widgets.kitty import KittyPicker
from widgets.nomination import JokerNomination
from widgets.scorepad import ScorePad
from widgets.table import TableView
from widgets.trick import TrickView
from widgets.wiring import play_out

__all__ = ["gallery"]


def _title(text: str) -> w.HTML:
    return w.HTML(prompt_html(text).replace("font-size:16px", "font-size:19px"))


def _nomination_round() -> Round:
    """The first seeded deal where East (first to bid) holds the joker after the kitty: 6NT, then nominate."""
    for seed in range(200):
        r = Round.deal(seed=seed)
        if any(str(c) == "JK" for c in r.hand(1) + r.kitty):
            for call in ("6NT", "PASS", "PASS", "PASS"):
                r.apply(call)
            r.apply(_discard_not_joker(r))
            return r
    raise AssertionError("no seed gives East the joker")  # pragma: no cover - 200 deals always do


def _discard_not_joker(r: Round) -> str:
    held = [c for c in r.hand(1) if str(c) != "JK"]
    return "discard " + " ".join(str(c) for c in held[:3])


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
    auction_round = Round.deal(seed=7)
    auction_round.apply("PASS")
    auction_round.apply("7H")
    kitty_round = Round.deal(seed=7)
    for call in ("PASS", "7H", "PASS", "PASS"):
        kitty_round.apply(call)
    nt_round = _nomination_round()
    game = Game(seed=11)
    for _ in range(3):
        play_out(game.round)
        game.next_hand()
        if game.is_over:
            break
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
        _title("AuctionPanel"),
        AuctionPanel(auction_round),
        _title("KittyPicker"),
        KittyPicker(kitty_round),
        _title("JokerNomination"),
        JokerNomination(nt_round),
        _title("ScorePad"),
        ScorePad(game),
        _title("TableView: a whole hand against the computer"),
        TableView(seed=3, dealer="E", pace=0),
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
