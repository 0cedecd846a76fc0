"""The public entry points of the engine, each with one argument slot left open for junk.

Used by test_architecture.py.  ``SLOTS`` maps a readable id to a function of
one argument that calls a public function with that argument in one slot and
sensible values everywhere else.
"""

from __future__ import annotations

from typing import Any, Callable

import fivehundred as fh
from fivehundred import Bid, Card, Round, Rules, Suit
from fivehundred.actions import Discard, Nominate, Play
from fivehundred.limits import MAX_GAME_CHARS, MAX_LINE_CHARS, MAX_RECORD_CHARS, MAX_WORD_CHARS

H = Suit.HEARTS
JH = Card.parse("JH")
R4 = Rules()

SLOTS: dict[str, Callable[[Any], object]] = {
    "bid_points(x)": lambda x: fh.bid_points(x),
    "ladder(x)": lambda x: fh.ladder(x),
    "ladder_index(x)": lambda x: fh.ladder_index(x),
    "ladder_index(7H, rules=x)": lambda x: fh.ladder_index("7H", x),
    "outranks(x, 7H)": lambda x: fh.outranks(x, "7H"),
    "outranks(7H, x)": lambda x: fh.outranks("7H", x),
    "outranks(7H, 8H, rules=x)": lambda x: fh.outranks("7H", "8H", x),
    "format_cards(x)": lambda x: fh.format_cards(x),
    "pack(x)": lambda x: fh.pack(x),
    "parse_cards(x)": lambda x: fh.parse_cards(x),
    "legal_cards(x)": lambda x: fh.legal_cards(x),
    "legal_cards(hand, x)": lambda x: fh.legal_cards("AS KS", x),
    "legal_cards(hand, trick, x)": lambda x: fh.legal_cards("AS KS", "QS", x),
    "legal_cards(led=x)": lambda x: fh.legal_cards("AS KS", "JK", None, led=x),
    "legal_cards(suits_led=x)": lambda x: fh.legal_cards("AS KS", "", None, suits_led=x),
    "legal_cards(nominated=x)": lambda x: fh.legal_cards("AS JK", "QS", None, nominated=x),
    "legal_cards(rules=x)": lambda x: fh.legal_cards("AS KS", "QS", None, rules=x),
    "explain_play(x)": lambda x: fh.explain_play(x, "AS KS"),
    "explain_play(card, x)": lambda x: fh.explain_play("AS", x),
    "explain_play(card, hand, x)": lambda x: fh.explain_play("AS", "AS KS", x),
    "explain_play(card, hand, trick, x)": lambda x: fh.explain_play("AS", "AS KS", "QS", x),
    "explain_play(led=x)": lambda x: fh.explain_play("AS", "AS KS", "JK", None, led=x),
    "explain_play(suits_led=x)": lambda x: fh.explain_play("AS", "AS KS", "", None, suits_led=x),
    "explain_play(rules=x)": lambda x: fh.explain_play("AS", "AS KS", "QS", None, rules=x),
    "score_hand(x, 7)": lambda x: fh.score_hand(x, 7),
    "score_hand(7H, x)": lambda x: fh.score_hand("7H", x),
    "score_hand(defender_tricks=x)": lambda x: fh.score_hand("7H", 7, defender_tricks=x),
    "score_hand(rules=x)": lambda x: fh.score_hand("7H", 7, rules=x),
    "game_result(x, after)": lambda x: fh.game_result(x, (0, 0), contractor_side=0, made=True),
    "game_result(before, x)": lambda x: fh.game_result((0, 0), x, contractor_side=0, made=True),
    "game_result(contractor_side=x)": lambda x: fh.game_result((0, 0), (0, 0), contractor_side=x, made=True),
    "game_result(rules=x)": lambda x: fh.game_result((0, 0), (0, 0), contractor_side=0, made=True, rules=x),
    "parse_seat(x, 4)": lambda x: fh.parse_seat(x, 4),
    "parse_seat(N, x)": lambda x: fh.parse_seat("N", x),
    "seat_name(x, 4)": lambda x: fh.seat_name(x, 4),
    "seat_name(0, x)": lambda x: fh.seat_name(0, x),
    "seat_names(x)": lambda x: fh.seat_names(x),
    "sides(x)": lambda x: fh.sides(x),
    "trick_winner(x)": lambda x: fh.trick_winner(x, "H"),
    "trick_winner(cards, x)": lambda x: fh.trick_winner("AS KS", x),
    "trick_winner(led=x)": lambda x: fh.trick_winner("JK AS KS", None, led=x),
    "trick_winner(nominated=x)": lambda x: fh.trick_winner("AS JK", None, nominated=x),
    "explain_trick_winner(x)": lambda x: fh.explain_trick_winner(x, "H"),
    "explain_trick_winner(cards, x)": lambda x: fh.explain_trick_winner("AS KS", x),
    "explain_trick_winner(led=x)": lambda x: fh.explain_trick_winner("JK AS KS", None, led=x),
    "effective_suit(x, H)": lambda x: fh.effective_suit(x, H),
    "effective_suit(JH, x)": lambda x: fh.effective_suit(JH, x),
    "effective_suit(JK, None, x)": lambda x: fh.effective_suit(fh.JOKER, None, x),
    "is_trump(x, H)": lambda x: fh.is_trump(x, H),
    "is_trump(JH, x)": lambda x: fh.is_trump(JH, x),
    "is_left_bower(x, H)": lambda x: fh.is_left_bower(x, H),
    "is_left_bower(JH, x)": lambda x: fh.is_left_bower(JH, x),
    "is_right_bower(x, H)": lambda x: fh.is_right_bower(x, H),
    "is_right_bower(JH, x)": lambda x: fh.is_right_bower(JH, x),
    "trick_rank(x, H, H)": lambda x: fh.trick_rank(x, H, H),
    "trick_rank(JH, x, H)": lambda x: fh.trick_rank(JH, x, H),
    "trick_rank(JH, None, x)": lambda x: fh.trick_rank(JH, None, x),
    "trump_order(x)": lambda x: fh.trump_order(x),
    "trump_order(H, x)": lambda x: fh.trump_order(H, x),
    # the parsers and constructors exported with the public classes
    "Card.parse(x)": lambda x: Card.parse(x),
    "Bid.parse(x)": lambda x: Bid.parse(x),
    "Suit.parse(x)": lambda x: Suit.parse(x),
    "Play.parse(x)": lambda x: Play.parse(x),
    "Discard.parse(x)": lambda x: Discard.parse(x),
    "Nominate.parse(x)": lambda x: Nominate.parse(x),
    "Rules.preset(x)": lambda x: Rules.preset(x),
    "Rules.from_text(x)": lambda x: Rules.from_text(x),
    "Rules(players=x)": lambda x: Rules(players=x),
    "Round.from_record(x)": lambda x: Round.from_record(x),
    "Round.deal(dealer=x)": lambda x: Round.deal(dealer=x, seed=1),
    "Round.deal(order=x)": lambda x: Round.deal(order=x),
    "Round.from_hands(x, kitty)": lambda x: Round.from_hands(x, "4D 4H JK"),
    "Round.apply(x)": lambda x: Round.deal(seed=1).apply(x),
    "Round.view(x)": lambda x: Round.deal(seed=1).view(x),
    "Round.hand(x)": lambda x: Round.deal(seed=1).hand(x),
    "Round.explain(x)": lambda x: Round.deal(seed=1).explain(x),
}


# ---------------------------------------------------------------------- length bounds
def _record() -> str:
    r = Round.deal(seed=1)
    r.apply(r.legal_actions()[-1])  # a bid, so the record has an auction line
    return r.record()


def _pad(text: str, length: int, filler: str = " ") -> str:
    """``text`` padded with ``filler`` to exactly ``length`` characters."""
    return text + filler * (length - len(text))


#: every text a learner or caller can paste or pass, with its documented limit (fivehundred/limits.py)
#: and a valid text of exactly that length: (call, limit, text at the limit)
TEXT_LIMITS: dict[str, tuple[Callable[[str], object], int, Callable[[], str]]] = {
    "Card.parse": (Card.parse, MAX_WORD_CHARS, lambda: _pad("JH", MAX_WORD_CHARS)),
    "Suit.parse": (Suit.parse, MAX_WORD_CHARS, lambda: _pad("H", MAX_WORD_CHARS)),
    "Bid.parse": (Bid.parse, MAX_WORD_CHARS, lambda: _pad("7H", MAX_WORD_CHARS)),
    "Play.parse": (Play.parse, MAX_WORD_CHARS, lambda: _pad("JH", MAX_WORD_CHARS)),
    "Nominate.parse": (Nominate.parse, MAX_WORD_CHARS, lambda: _pad("nominate H", MAX_WORD_CHARS)),
    "parse_seat": (lambda t: fh.parse_seat(t, 4), MAX_WORD_CHARS, lambda: _pad("N", MAX_WORD_CHARS)),
    "Rules.preset": (Rules.preset, MAX_WORD_CHARS, lambda: _pad("australian", MAX_WORD_CHARS)),
    "quiz code": (lambda t: __import__("fivehundred.quiz", fromlist=["parse_code"]).parse_code(t),
                  MAX_WORD_CHARS, lambda: "O1-" + "0" * (MAX_WORD_CHARS - 3)),
    "parse_cards": (fh.parse_cards, MAX_LINE_CHARS, lambda: _pad("JH 10D JK", MAX_LINE_CHARS)),
    "legal_cards(hand)": (lambda t: fh.legal_cards(t, "QS", "H"), MAX_LINE_CHARS,
                          lambda: _pad("AS KS JH", MAX_LINE_CHARS)),
    "Discard.parse": (Discard.parse, MAX_LINE_CHARS, lambda: _pad("discard 4D 5S 6S", MAX_LINE_CHARS)),
    "Rules.from_text": (Rules.from_text, MAX_LINE_CHARS, lambda: _pad("australian players=3", MAX_LINE_CHARS)),
    "Round.from_record": (Round.from_record, MAX_RECORD_CHARS,
                          lambda: _pad(_record() + "#", MAX_RECORD_CHARS, "#")),
    "Game.from_text": (fh.Game.from_text, MAX_GAME_CHARS,
                       lambda: _pad(fh.Game(seed=1).to_text(), MAX_GAME_CHARS)),
}
