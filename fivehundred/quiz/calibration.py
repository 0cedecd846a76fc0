"""Calibrating the quiz keys: the key's make-rate (the rules player at every seat) against hidden-card play by the search player.

For a quiz, :func:`calibration_pairs` takes the key's own first ``deals``
sampled deals, plays each out with the search player
(:class:`~fivehundred.analysis.hints.SearchPlayer`) at every seat in the key's
best strain (or misère), and returns, for each informative level (a key
make-rate between 5% and 95%), the two make-rates on the same deals.
``bench/quiz.py --calibrate`` runs it on held-out quizzes and prints the mean
absolute error and the bias; the result it measured is stored in
``calibration.json`` beside this module (lesson 20 shows it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from fivehundred.analysis.simulation import Simulation, sample_deals, to_play, win_auction
from fivehundred.bidding import Bid, BidKind
from fivehundred.quiz.bank import simulate_quiz
from fivehundred.quiz.quiz import Quiz
from fivehundred.round import Round

__all__ = ["CalibrationPair", "SEARCH_SETTINGS", "calibration_pairs", "search_tricks", "stored_calibration"]

#: the search player's settings for calibration (samples per decision, seconds per decision, tricks from the end)
SEARCH_SETTINGS: dict[str, Any] = {"samples": 6, "time_budget": 0.3, "max_tricks": 5}


@dataclass(frozen=True)
class CalibrationPair:
    code: str
    bid: Bid
    key_rate: float
    search_rate: float
    deals: int


def search_tricks(r: Round, seed: int, settings: dict[str, Any] = SEARCH_SETTINGS) -> int:
    """The contracting side's tricks (misère: the contractor's) with the search player at every seat."""
    from fivehundred.analysis.hints import SearchPlayer

    r = r.copy()
    players = [SearchPlayer(seed=seed * 4 + s, **settings) for s in range(4)]
    while not r.is_over:
        s = r.to_act
        assert s is not None
        r.apply(players[s].choose(r.view(s)))
    assert r.contractor is not None and r.contract is not None
    if r.contract.is_misere:
        return r.tricks_won[r.contractor]
    return sum(r.tricks_won[x] for x in r.contracting_seats())


def calibration_pairs(quiz: Quiz, deals: int = 48, settings: dict[str, Any] = SEARCH_SETTINGS, most: int = 4) -> list[CalibrationPair]:
    """(key make-rate, search make-rate) per informative level of the key's best strain, on the key's first ``deals`` deals."""
    assert quiz.problem is not None
    # the bid played out as the winning contract (basis "playout"): what the search player is compared with
    key = simulate_quiz(quiz, samples=deals, basis="playout")
    assert isinstance(key, Simulation)
    best = key.best.bid
    if best.is_pass:
        tricks = [o for o in key.outcomes if o.bid.kind is BidKind.TRICKS]
        best = max(tricks, key=lambda o: o.expected).bid if tricks else best
    if best.is_pass:
        return []
    label = best.strain.value if best.strain is not None else best.kind.value
    levels = [o.bid for o in key.outcomes if not o.bid.is_pass and (o.bid.strain.value if o.bid.strain else o.bid.kind.value) == label]
    rates = {b: key.outcome(b).make_rate for b in levels}  # type: ignore[union-attr]
    chosen = [b for b in levels if 0.05 <= rates[b] <= 0.95][:most]
    if not chosen:
        return []
    sampled, _ = sample_deals(quiz.problem, quiz.problem.hand, deals, quiz.code)
    search = [
        search_tricks(to_play(win_auction(quiz.problem.deal(others, kitty), quiz.problem.seat, levels[0])), j, settings)
        for j, (others, kitty) in enumerate(sampled)
    ]
    out = []
    for b in chosen:
        made = sum(1 for t in search if (t == 0 if b.is_misere else t >= b.tricks)) / len(search)
        out.append(CalibrationPair(quiz.code, b, rates[b], made, deals))
    return out


def stored_calibration() -> dict[str, Any]:
    """The calibration ``bench/quiz.py --calibrate`` measured (``{}`` if none is stored)."""
    p = Path(str(resources.files("fivehundred.quiz").joinpath("calibration.json")))
    return json.loads(p.read_text(encoding="utf-8")) if p.exists() else {}
