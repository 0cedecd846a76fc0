"""Scoring a hand and ending the game (RULES.md §6 and §7)."""

from __future__ import annotations

import random

import pytest

from .engine_helpers import play_out
from fivehundred import NotationError, Round, Rules, game_result, score_hand
from fivehundred.round import Phase
from fivehundred.scoring import apply_defence_limit

AMERICAN = Rules.preset("american")


@pytest.mark.parametrize(
    ("contract", "tricks", "made", "slam", "contractors", "defenders"),
    [
        # made: the table value, no overtrick bonus; defenders 10 a trick
        ("6S", 6, True, False, 40, 40),
        ("7H", 7, True, False, 200, 30),
        ("7H", 9, True, False, 200, 10),
        ("9NT", 9, True, False, 420, 10),
        # slam: 250 only when the contract is worth less than 250
        ("6S", 10, True, True, 250, 0),
        ("7NT", 10, True, True, 250, 0),
        ("8S", 10, True, True, 250, 0),
        ("8C", 10, True, False, 260, 0),
        ("8NT", 10, True, False, 320, 0),
        ("10H", 10, True, False, 500, 0),
        ("10NT", 10, True, False, 520, 0),
        # set: minus the value; defenders still score their tricks
        ("7H", 6, False, False, -200, 40),
        ("6S", 0, False, False, -40, 100),
        ("10NT", 9, False, False, -520, 10),
        ("8S", 7, False, False, -240, 30),
        # misère: ± value, defenders nothing
        ("MIS", 0, True, False, 250, 0),
        ("MIS", 1, False, False, -250, 0),
        ("MIS", 10, False, False, -250, 0),
        ("OMIS", 0, True, False, 500, 0),
        ("OMIS", 2, False, False, -500, 0),
        ("BMIS", 0, True, False, 500, 0),
    ],
)
def test_score_hand(contract: str, tricks: int, made: bool, slam: bool, contractors: int, defenders: int) -> None:
    s = score_hand(contract, tricks)
    assert (s.made, s.slam, s.contractors, s.defenders) == (made, slam, contractors, (defenders,))


def test_no_slam_bonus_flag() -> None:
    assert score_hand("8S", 10, rules=Rules(slam_bonus=False)).contractors == 240


@pytest.mark.parametrize(("contract", "tricks"), [("7H", 8), ("7H", 5), ("6NT", 0)])
def test_no_defence_points_flag(contract: str, tricks: int) -> None:
    s = score_hand(contract, tricks, rules=Rules(defence_trick_points=False))
    assert s.defenders == (0,)
    assert s.contractors == score_hand(contract, tricks).contractors
    assert "defenders score nothing" in s.reason


def test_three_players_defenders_score_individually() -> None:
    s = score_hand("7S", 7, defender_tricks=(2, 1))
    assert s.contractors == 140 and s.defenders == (20, 10)
    s = score_hand("8D", 5, defender_tricks=(5, 0))
    assert s.contractors == -280 and s.defenders == (50, 0)
    assert score_hand("MIS", 2, defender_tricks=(5, 3)).defenders == (0, 0)


def test_three_player_round_scores_each_defender_alone() -> None:
    checked = 0
    for seed in range(30):
        r = Round.deal(Rules(players=3), seed=seed)
        play_out(r, random.Random(seed))
        res = r.result
        assert res is not None and r.phase is Phase.OVER
        if res.thrown_in:
            continue
        assert res.contract is not None and res.contractor is not None
        if res.contract.is_misere:
            continue
        for seat in range(3):
            if seat == res.contractor:
                value = res.contract.points
                won = res.tricks_by_seat[seat]
                expect = (250 if won == 10 and value < 250 else value) if won >= res.contract.tricks else -value
            else:
                expect = 10 * res.tricks_by_seat[seat]
            assert res.points_by_side[seat] == expect
        checked += 1
    assert checked >= 5


def test_reasons_mention_outcome() -> None:
    assert "Slam" in score_hand("8S", 10).reason
    assert "set" in score_hand("7H", 6).reason
    assert "made" in score_hand("7H", 8).reason
    assert "defenders score nothing" in score_hand("MIS", 0).reason


@pytest.mark.parametrize(
    ("contract", "tricks", "kwargs", "match"),
    [
        ("PASS", 5, {}, "pass is not a contract"),
        ("7H", 11, {}, "not a trick count"),
        ("7H", -1, {}, "not a trick count"),
        ("7H", 7, {"defender_tricks": (4,)}, "don't add up"),
        ("7H", 7, {"defender_tricks": (-1, 2)}, "don't add up"),
        ("7Q", 7, {}, "not a bid"),
    ],
)
def test_score_hand_bad_input(contract: str, tricks: int, kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(NotationError, match=match):
        score_hand(contract, tricks, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("before", "points", "limit", "after"),
    [
        (470, 30, 490, 490),  # capped at 490
        (490, 20, 490, 490),  # a side on 490 scores nothing on defence
        (480, 10, 490, 490),
        (300, 30, 490, 330),
        (470, 30, None, 500),  # no rule: plain addition
        (470, 20, 480, 480),
        (-100, 40, 490, -60),
    ],
)
def test_490_rule(before: int, points: int, limit: int | None, after: int) -> None:
    assert apply_defence_limit(before, points, Rules(defence_points_limit=limit)) == after


@pytest.mark.parametrize(
    ("before", "after", "side", "made", "rules", "winner", "loser"),
    [
        # win by reaching 500 with a made contract
        ((450, 100), (650, 140), 0, True, None, 0, None),
        ((300, 100), (500, 120), 0, True, None, 0, None),
        # not enough
        ((300, 100), (499, 120), 0, True, None, None, None),
        # reaching 500 on defence doesn't win (Australian) ...
        ((100, 470), (300, 510), 0, True, None, None, None),
        ((100, 480), (-100, 520), 0, False, None, None, None),
        # ... but does under the American rule
        ((100, 470), (300, 510), 0, True, AMERICAN, 1, None),
        ((100, 480), (-100, 520), 0, False, AMERICAN, 1, None),
        # both pass 500: the contractors win even with fewer points
        ((400, 490), (520, 530), 0, True, AMERICAN, 0, None),
        ((400, 490), (520, 530), 0, True, None, 0, None),
        # a side already past 500 on defence wins by making any contract
        ((520, 200), (560, 260), 0, True, None, 0, None),
        # a side past 500 that is set does not win
        ((600, 200), (400, 230), 0, False, None, None, None),
        # a misère made counts as a winning contract
        ((300, 0), (550, 0), 0, True, None, 0, None),
        # -500 or worse loses
        ((-300, 200), (-500, 230), 0, False, None, 1, 0),
        ((-400, 200), (-640, 230), 0, False, None, 1, 0),
        ((-300, 200), (-490, 230), 0, False, None, None, None),
        ((200, -400), (240, -600), 1, False, None, 0, 1),
    ],
)
def test_game_result(
    before: tuple[int, int],
    after: tuple[int, int],
    side: int,
    made: bool,
    rules: Rules | None,
    winner: int | None,
    loser: int | None,
) -> None:
    res = game_result(before, after, contractor_side=side, made=made, rules=rules or Rules())
    if winner is None:
        assert res is None
    else:
        assert res is not None and res.winner == winner and res.loser == loser


def test_game_result_three_players() -> None:
    res = game_result((480, 200, 100), (520, 200, 120), contractor_side=0, made=True)
    assert res is not None and res.winner == 0
    assert game_result((300, 480, 100), (140, 520, 100), contractor_side=0, made=False) is None


def test_game_result_bad_input() -> None:
    with pytest.raises(NotationError, match="scores don't match"):
        game_result((0, 0), (0, 0, 0), contractor_side=0, made=True)
    with pytest.raises(NotationError, match="scores don't match"):
        game_result((0, 0), (0, 0), contractor_side=2, made=True)
