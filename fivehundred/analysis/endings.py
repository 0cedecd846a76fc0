"""Seeded random positions for tests, benchmarks and lessons: deal, bid a contract, play at random.

>>> r = random_ending(seed=3, tricks_left=4, contract="8NT")
>>> str(r.contract), 10 - len(r.tricks)
('8NT', 4)
"""

from __future__ import annotations

import random

from fivehundred.bidding import Bid
from fivehundred.errors import FiveHundredError, shown
from fivehundred.players.random_player import RandomPlayer
from fivehundred.round import Phase, Round
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import NUM_TRICKS

__all__ = ["random_play_start", "random_ending"]


def random_play_start(rules: Rules = AUSTRALIAN, *, seed: int, contract: Bid | str | None = None) -> Round:
    """A seeded deal taken to the start of play.

    The first seat to bid calls ``contract`` and everyone else passes (with
    ``contract=None`` random players bid, redealing until someone bids); the
    kitty discard, partner call and joker nomination are random.

    Raises:
        FiveHundredError: ``contract`` is not a legal first call under ``rules``.
    """
    rng = random.Random(seed)
    for _ in range(1000):
        r = Round.deal(rules, dealer=rng.randrange(rules.players), seed=rng.randrange(2**32))
        bots = [RandomPlayer(rng.randrange(2**32)) for _ in range(rules.players)]
        if contract is not None:
            r.apply(Bid.parse(contract))
            while r.phase is Phase.AUCTION:
                r.apply("PASS")
        while r.phase not in (Phase.PLAY, Phase.OVER):
            seat = r.to_act
            assert seat is not None
            r.apply(bots[seat].choose(r.view(seat)))
        if r.phase is Phase.PLAY:
            return r
    raise FiveHundredError("no contract in 1000 random auctions")  # pragma: no cover


def random_ending(
    rules: Rules = AUSTRALIAN,
    *,
    seed: int,
    tricks_left: int,
    contract: Bid | str | None = None,
    mid_trick: int = 0,
) -> Round:
    """A seeded position with ``tricks_left`` tricks to go, reached by random play.

    ``mid_trick`` more cards are then played to the next trick (at most one
    fewer than the hands in play).

    Raises:
        FiveHundredError: ``contract`` is not a legal first call, or ``tricks_left`` is not 1 to 10.
    """
    if not 1 <= tricks_left <= NUM_TRICKS:
        raise FiveHundredError(f"tricks_left must be 1 to 10, not {shown(tricks_left)}")
    r = random_play_start(rules, seed=seed, contract=contract)
    rng = random.Random(seed * 7919 + 1)
    bots = [RandomPlayer(rng.randrange(2**32)) for _ in range(rules.players)]
    target = NUM_TRICKS - tricks_left
    mid_trick = min(mid_trick, r.players - len(r.sitting_out) - 1)
    while len(r.tricks) < target or (r.current_trick is not None and len(r.current_trick.plays) < mid_trick) or (
        r.current_trick is None and mid_trick and len(r.tricks) == target
    ):
        if r.is_over:  # a misère stopped early under stop_when_misere_lost
            return random_ending(rules, seed=seed + 100_003, tricks_left=tricks_left, contract=contract, mid_trick=mid_trick)
        seat = r.to_act
        assert seat is not None
        r.apply(bots[seat].choose(r.view(seat)))
    return r
