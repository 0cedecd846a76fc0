"""Partner blunders: the three card-play mistakes players forgive a computer partner least.

:func:`partner_blunders` replays a hand and finds every card that

* **overtook partner's sure winner**: partner was winning the trick with a card
  nobody still to play could beat, and the card beat it although a legal
  card that did not was held;
* **trumped partner's winning trick**: the same, when the card that beat it was
  a trump played on another suit;
* **discarded a boss card**: a card that could not follow suit, was not a trump,
  and was the highest card left in its suit, thrown away while a card that was
  not the boss of its suit was held.

"Sure" and "boss" are judged with every hand visible (the hands as they were
at that moment), so a partner who could not have known is still counted: the
rate is an upper bound on the blunders a player makes.  Trick ranks come from
:func:`fivehundred.trumps.rank_table` and legal cards from
:meth:`fivehundred.play.PlayRules.legal_mask`, never restated here.

>>> from fivehundred import Round
>>> from fivehundred.players import RulesPlayer, play_hand
>>> r = Round.deal(seed=4)
>>> _ = play_hand(r, [RulesPlayer() for _ in range(4)])
>>> [b.kind for b in partner_blunders(r)]
[]
"""

from __future__ import annotations

from dataclasses import dataclass

from fivehundred.actions import Play
from fivehundred.cards import ALL_CARDS, Card, Suit
from fivehundred.errors import FiveHundredError
from fivehundred.play import PlayRules, play_rules
from fivehundred.round import Phase, Round, round_arg
from fivehundred.seating import seat_name, side_of
from fivehundred.trumps import rank_table, suit_masks

__all__ = ["Blunder", "OVERTAKE", "TRUMPED", "BOSS_DISCARD", "partner_blunders", "plays_by_seat"]

OVERTAKE = "overtook partner's sure winner"
TRUMPED = "trumped partner's winning trick"
BOSS_DISCARD = "discarded a boss card"


@dataclass(frozen=True)
class Blunder:
    """One partner blunder: who, in which trick (1-based), the card, the kind, and a sentence."""

    seat: int
    trick: int
    card: Card
    kind: str
    text: str


def _teammates(r: Round, a: int, b: int) -> bool:
    """Whether seats ``a`` and ``b`` play on the same side this hand."""
    contracting = set(r.contracting_seats())
    if a in contracting or b in contracting:
        return a in contracting and b in contracting
    if r.rules.players in (4, 6):
        return side_of(a, r.rules) == side_of(b, r.rules)
    return True  # the defenders of a 3- or 5-player hand play together


def plays_by_seat(round_: Round) -> dict[int, int]:
    """How many cards each seat played in ``round_`` so far."""
    out: dict[int, int] = {}
    for trick in (*round_.tricks, *([round_.current_trick] if round_.current_trick is not None else [])):
        for seat, _card in trick.plays:
            out[seat] = out.get(seat, 0) + 1
    return out


def partner_blunders(round_: Round) -> tuple[Blunder, ...]:
    """Every partner blunder in ``round_``'s card play so far (see the module docstring).

    Raises:
        FiveHundredError: the round has no contract yet (nothing has been played).
        NotationError: ``round_`` is not a round.
    """
    round_ = round_arg(round_)
    if round_.contract is None:
        raise FiveHundredError(f"partner blunders need a hand with a contract, not one in the {round_.phase.value}")
    r = round_.from_deal()
    found: list[Blunder] = []
    for act in round_.history:
        if r.phase is Phase.PLAY and isinstance(act, Play):
            blunder = _judge(r, act)
            if blunder is not None:
                found.append(blunder)
        r.apply(act)
    return tuple(found)


def _judge(r: Round, act: Play) -> Blunder | None:
    trick = r.current_trick
    seat = r.to_act
    if trick is None or not trick.plays or seat is None:
        return None  # leads are never partner blunders
    contract = r.contract
    assert contract is not None
    table = play_rules(contract, r.nominated, r.rules)
    trump = table.trump
    led = trick.led
    ranks = rank_table(trump, led, table.nominated)
    masks = suit_masks(trump, table.nominated)
    legal = [p.card for p in r.legal_plays()]
    card = act.card
    win_seat, win_card = max(trick.plays, key=lambda sc: ranks[sc[1].index])
    best = ranks[win_card.index]
    number = len(r.tricks) + 1
    who = seat_name(seat, r.rules.players)

    if win_seat != seat and _teammates(r, seat, win_seat) and ranks[card.index] > best:
        later = _later_seats(r, seat, len(trick.plays))
        suits_led = sum(1 << s.order for s in r.suits_led)
        last = len(r.tricks) == 9
        sure = all(
            not any(ranks[c.index] > best for c in _cards(table.legal_mask(_mask(r.hand(t)), led, False, suits_led, last)))
            for t in later
        )
        if sure and any(ranks[c.index] <= best for c in legal):
            ruffed = trump is not None and led is not trump and bool(masks[trump] & card.bit)
            kind = TRUMPED if ruffed else OVERTAKE
            return Blunder(seat, number, card, kind, f"{who} {kind} ({win_card.label}) with {card.label} in trick {number}.")

    own = _suit_of(card, masks)
    if led is not None and own is not None and own is not led and own is not trump and not card.is_joker:
        if _is_boss(r, card, table) and any(not _is_boss(r, c, table) for c in legal if c != card):
            return Blunder(seat, number, card, BOSS_DISCARD, f"{who} {BOSS_DISCARD}, {card.label}, in trick {number}.")
    return None


def _later_seats(r: Round, seat: int, played: int) -> list[int]:
    order = [s for s in range(r.rules.players) if s not in r.sitting_out]
    i = order.index(seat)
    remaining = len(order) - played - 1
    return [order[(i + k) % len(order)] for k in range(1, remaining + 1)]


def _mask(cards: tuple[Card, ...] | list[Card]) -> int:
    return sum(c.bit for c in cards)


def _cards(mask: int) -> list[Card]:
    return [c for c in ALL_CARDS if mask & c.bit]


def _suit_of(card: Card, masks: dict[Suit, int]) -> Suit | None:
    for suit, mask in masks.items():
        if mask & card.bit:
            return suit
    return None


def _is_boss(r: Round, card: Card, table: PlayRules) -> bool:
    """Whether ``card`` is the highest card of its suit still in anyone's hand (a free joker always is)."""
    masks = suit_masks(table.trump, table.nominated)
    suit = _suit_of(card, masks)
    if suit is None:
        return True
    ranks = rank_table(table.trump, suit, table.nominated)
    alive = (c for s in range(r.rules.players) if s not in r.sitting_out for c in r.hand(s) if masks[suit] & c.bit)
    return all(ranks[c.index] <= ranks[card.index] for c in alive)
