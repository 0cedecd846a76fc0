"""Ladder drills: the right answers come from the engine; here they are checked against the published table."""

from __future__ import annotations

import pytest

from fivehundred import IllegalBidError, NotationError
from fivehundred.quiz import DRILLS, generate, grade, ladder_answer
from fivehundred.quiz.quiz import Quiz
from fivehundred.bidding import Bid

# the Avondale table (RULES.md): 6♠ 40, steps of 20 by suit, 100 a trick; misère 250, open misère 500
WORTH = {"6S": 40, "7C": 160, "7D": 180, "8H": 300, "7NT": 220, "MIS": 250, "10H": 500, "OMIS": 500, "10NT": 520, "9S": 340}
# the Australian ladder: misère between 7NT and 8♠, open misère between 10♦ and 10♥
NEXT = {"6H": "6NT", "7D": "7H", "7NT": "MIS", "MIS": "8S", "10D": "OMIS", "OMIS": "10H", "9NT": "10S"}


def _drill(drill: str, subject: str, auction: tuple[str, ...] = ()) -> Quiz:
    return Quiz("ladder", 1, 0, drill=drill, subject=Bid.parse(subject), auction=tuple(Bid.parse(b) for b in auction))


@pytest.mark.parametrize(("bid", "points"), sorted(WORTH.items()))
def test_worth(bid: str, points: int) -> None:
    q = _drill("worth", bid)
    assert ladder_answer(q) == points
    assert grade(q, str(points)).verdict == "best"
    assert grade(q, points + 20).verdict == "too high"
    assert grade(q, str(points - 20)).headline == f"Not quite: {Bid.parse(bid).label} is worth {points}."


@pytest.mark.parametrize(("bid", "after"), sorted(NEXT.items()))
def test_outrank(bid: str, after: str) -> None:
    q = _drill("outrank", bid)
    assert ladder_answer(q) == Bid.parse(after)
    fb = grade(q, after)
    assert fb.verdict == "best" and fb.headline == f"Right: {Bid.parse(after).label}."


def test_outrank_misere_explains_the_ladder() -> None:
    q = _drill("outrank", "7NT")
    fb = grade(q, "8S")
    assert fb.verdict == "too high"
    assert "misère sits between 7NT and 8♠" in fb.explanation
    assert grade(q, "7H").verdict == "too low"


@pytest.mark.parametrize(
    ("auction", "allowed"),
    [(("6S",), False), (("7H",), True), (("PASS", "6C"), False), (("6H", "7S"), True), (("6NT", "PASS", "PASS"), False)],
)
def test_misere_now(auction: tuple[str, ...], allowed: bool) -> None:
    q = _drill("misere_now", "MIS", auction)
    assert ladder_answer(q) is allowed
    right = "yes" if allowed else "no"
    wrong = "no" if allowed else "yes"
    assert grade(q, right).verdict == "best"
    fb = grade(q, wrong)
    assert fb.verdict == "wrong" and fb.headline == f"Not quite: the answer is {right}."
    if not allowed:
        assert "only after someone has bid seven" in fb.explanation


def test_bad_drill_answers() -> None:
    with pytest.raises(NotationError, match="not a bid: '11H'"):
        grade(_drill("outrank", "7D"), "11H")
    with pytest.raises(IllegalBidError, match="blind misère"):
        grade(_drill("outrank", "7D"), "BMIS")
    with pytest.raises(NotationError, match="a pass is not on the ladder"):
        grade(_drill("outrank", "7D"), "PASS")
    with pytest.raises(NotationError, match="not a number"):
        grade(_drill("worth", "7D"), "lots")
    with pytest.raises(NotationError, match="yes/no"):
        grade(_drill("misere_now", "MIS", ("7H",)), "perhaps")


def test_generated_drills_cover_every_drill() -> None:
    seen = {generate("ladder", level, seed).drill for level in (1, 2, 3) for seed in range(30)}
    assert seen == set(DRILLS)
