"""Benchmark free play: a computer player's move time, the review, and whole games.

Whole games to 500 are played through the Python API exactly as the lesson's
:class:`widgets.freeplay.FreePlay` plays them (``pace=0``, no save file): South
is played by the rules player through the table's gestures; West and East at
each level (Random / Beginner / Club / Expert), North the Club partner.

Printed, per opponent strength:

* **move time**: every computer decision (bids, discards, cards), p50 / p95 / max,
  and separately the cards of the last five tricks (where the Expert player
  searches); the target is p95 ≤ 1 s (the Expert player's budget is
  ``freeplay.SEARCH_BUDGET``);
* **review time**: the graded review after each hand (double dummy over the last
  tricks with ``freeplay.REVIEW_BUDGET`` per card), p50 / p95 / max (it runs after
  the hand, on the kernel's loop, so this is how long the page waits);
* **whole game**: wall time per game (moves, reviews and drawing), hands per game.

    python bench/freeplay.py --quick      # one game per strength
    python bench/freeplay.py --games 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("FIVEHUNDRED_PROGRESS", "off")

from fivehundred.actions import Action
from fivehundred.analysis.levels import level_arg
from fivehundred.players import Player, RulesPlayer
from fivehundred.round import Phase, View
from fivehundred.scoring import NUM_TRICKS
from widgets import freeplay
from widgets.freeplay import FreePlay
from widgets.table import LEARNER


class Timed(Player):
    """Wraps a player and records how long each ``choose`` takes."""

    def __init__(self, inner: Player, times: list[float], late: list[float]) -> None:
        self.inner = inner
        self.times = times
        self.late = late
        self.name = inner.name

    def choose(self, view: View) -> Action:
        t = time.perf_counter()
        act = self.inner.choose(view)
        dt = time.perf_counter() - t
        self.times.append(dt)
        if view.phase is Phase.PLAY and NUM_TRICKS - len(view.tricks) <= freeplay.REVIEW_TRICKS:
            self.late.append(dt)  # the cards where the Expert player searches
        return act

    def explain(self, view: View, action: Action) -> str:
        return self.inner.explain(view, action)


def _south(fp: FreePlay, me: Player) -> None:
    t = fp.table
    act = me.choose(t.round.view(LEARNER))
    assert t.act(act), t.feedback


def play_game(
    strength: str, seed: int, moves: dict[str, list[float]], late: dict[str, list[float]], reviews: list[float]
) -> tuple[float, int]:
    """One whole game; returns (wall seconds, hands)."""
    original = freeplay.review_hand

    def timed_review(*args: object, **kwargs: object) -> freeplay.Review:
        t = time.perf_counter()
        out = original(*args, **kwargs)  # type: ignore[arg-type]
        reviews.append(time.perf_counter() - t)
        return out

    freeplay.review_hand = timed_review  # type: ignore[assignment]
    try:
        start = time.perf_counter()
        fp = FreePlay(seed=seed, opponents=strength, pace=0, path=None)
        for seat, player in fp.table.players.items():
            key = "partner (club)" if seat == 0 else strength
            fp.table.set_player(seat, Timed(player, moves.setdefault(key, []), late.setdefault(key, [])))
        # the computer may have moved before the wrappers went in: start from a fresh game
        fp.new_game()
        me = RulesPlayer()
        hands = 0
        while not fp.game.is_over:
            while not fp.table.round.is_over:
                _south(fp, me)
            hands += 1
            if not fp.game.is_over:
                fp.table.new_hand()
            if hands > 200:
                raise RuntimeError("the game did not end")
        return time.perf_counter() - start, hands
    finally:
        freeplay.review_hand = original


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p * (len(xs) - 1))))]


def _ms(x: float) -> str:
    return f"{x * 1000:7.1f} ms"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="one game per strength")
    parser.add_argument("--games", type=int, default=3, help="games per strength")
    parser.add_argument("--strengths", default="random,beginner,club,expert")
    args = parser.parse_args(argv)
    games = 1 if args.quick else args.games
    print(f"free play: {games} game(s) per opponent strength, South = rules player through the table, pace=0")
    print(f"search budget {freeplay.SEARCH_BUDGET} s per card, review budget {freeplay.REVIEW_BUDGET} s per card, "
          f"review over the last {freeplay.REVIEW_TRICKS} tricks")
    for strength in args.strengths.split(","):
        moves: dict[str, list[float]] = {}
        late: dict[str, list[float]] = {}
        reviews: list[float] = []
        walls, hands = [], []
        for g in range(games):
            wall, n = play_game(strength, 1000 + g, moves, late, reviews)
            walls.append(wall)
            hands.append(n)
        print(f"\n== opponents: {freeplay.STRENGTHS[level_arg(strength).key]} ==")
        for who, times in moves.items():
            ok = "ok" if _pct(times, 0.95) <= 1.0 else "OVER TARGET"
            print(f"  move time {who:16s} n={len(times):5d}  p50 {_ms(_pct(times, .5))}  p95 {_ms(_pct(times, .95))}"
                  f"  max {_ms(max(times))}   (target p95 <= 1 s: {ok})")
            cards = late[who]
            if cards:
                print(f"    of which late cards         n={len(cards):5d}  p50 {_ms(_pct(cards, .5))}  "
                      f"p95 {_ms(_pct(cards, .95))}  max {_ms(max(cards))}")
        if reviews:
            print(f"  review after a hand       n={len(reviews):5d}  p50 {_ms(_pct(reviews, .5))}  "
                  f"p95 {_ms(_pct(reviews, .95))}  max {_ms(max(reviews))}")
        print(f"  whole game: mean {statistics.mean(walls):6.1f} s  (min {min(walls):.1f}, max {max(walls):.1f}), "
              f"{statistics.mean(hands):.1f} hands per game")


if __name__ == "__main__":
    main()
