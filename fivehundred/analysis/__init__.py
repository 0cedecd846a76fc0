"""Analysis: double-dummy solving, hints, move grading and bidding advice.

* :mod:`fivehundred.analysis.solver` — exact best play with every hand visible.
* :mod:`fivehundred.analysis.hints` — hints with reasons and evidence, and the search player.
* :mod:`fivehundred.analysis.grading` — each card graded against double-dummy play.
* :mod:`fivehundred.analysis.blunders` — partner blunders.
* :mod:`fivehundred.analysis.levels` — the difficulty levels (Random, Beginner, Club, Expert) and their players.
* :mod:`fivehundred.analysis.advisor` and :mod:`~fivehundred.analysis.simulation` — bidding advice, heuristic and simulated.
"""

from __future__ import annotations

from fivehundred.analysis.solver import (
    Position,
    SearchCancelled,
    Solver,
    SolverError,
    best_plays,
    brute_force,
    card_values,
    solve,
)
from fivehundred.analysis.hints import Hint, SearchPlayer, hint, sample_positions
from fivehundred.analysis.grading import GRADES, GradedPlay, grade_hand, worst_moments
from fivehundred.analysis.advisor import Advice, advise
from fivehundred.analysis.simulation import (
    BiddingProblem,
    BidOutcome,
    DiscardSimulation,
    Simulation,
    simulate_bids,
    simulate_discards,
)
from fivehundred.analysis.blunders import Blunder, partner_blunders
from fivehundred.analysis.levels import LEVELS, Level, level_arg, make_player

__all__ = [
    "Position",
    "SearchCancelled",
    "Solver",
    "SolverError",
    "best_plays",
    "brute_force",
    "card_values",
    "solve",
    "Hint",
    "SearchPlayer",
    "hint",
    "sample_positions",
    "GRADES",
    "GradedPlay",
    "grade_hand",
    "worst_moments",
    "Advice",
    "advise",
    "BiddingProblem",
    "BidOutcome",
    "DiscardSimulation",
    "Simulation",
    "simulate_bids",
    "simulate_discards",
    "Blunder",
    "partner_blunders",
    "LEVELS",
    "Level",
    "level_arg",
    "make_player",
]
