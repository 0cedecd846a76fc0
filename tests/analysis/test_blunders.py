"""Partner blunders: the detector on hand-built positions, and the rules player's rate over many hands."""

from __future__ import annotations

import pytest

from fivehundred import PRESETS, Round
from fivehundred.analysis.blunders import BOSS_DISCARD, OVERTAKE, TRUMPED, partner_blunders, plays_by_seat
from fivehundred.errors import FiveHundredError
from fivehundred.players import RulesPlayer, play_hand

AUS = PRESETS["australian"]

# Clubs are trumps (South bids 7♣); seats N, E, S, W.
OVERTAKE_DEAL = (
    ["AH 5H AD KD QD JD 10D 9D 8D 7D", "QH JH 10H 9H 8H 7H AS KS QS JS",
     "KH 6H AC KC QC JC 10C 9C 8C 7C", "4H 10S 9S 8S 7S 6S 5S 6D 5D 4D"],
    "6C 5C JK", "7C 6C 5C",
)
RUFF_DEAL = (
    ["6C 5C AD KD QD JD 10D 9D 8D 7D", "QH JH 10H 9H 8H 7H AS KS QS JS",
     "KH 6H AC KC QC JC 10C 9C 8C 7C", "4H 10S 9S 8S 7S 6S 5S 6D 5D 4D"],
    "AH 5H JK", "7C 6H 5H",
)


def _hand(deal: tuple[list[str], str, str], plays: list[str]) -> Round:
    hands, kitty, discard = deal
    r = Round.from_hands(hands, kitty, rules=AUS, dealer=3)
    for act in ("PASS", "PASS", "7C", "PASS", f"discard {discard}", *plays):
        r.apply(act)
    return r


@pytest.mark.parametrize(
    ("deal", "plays", "expected"),
    [
        # S leads K♥, W follows, N overtakes with A♥ though E (still to play) cannot beat K♥
        (OVERTAKE_DEAL, ["KH", "4H", "AH"], [(0, "AH", OVERTAKE)]),
        # ...but ducking with 5♥ is right
        (OVERTAKE_DEAL, ["KH", "4H", "5H"], []),
        # S leads 6♥: partner is not winning with a sure card (E holds Q♥), so A♥ is no blunder
        (OVERTAKE_DEAL, ["6H", "4H", "AH"], []),
        # S leads the boss A♥, N (void) ruffs partner's sure winner
        (RUFF_DEAL, ["AH", "4H", "6C"], [(0, "6C", TRUMPED)]),
        # N throws A♦, the highest diamond left, while holding small diamonds
        (RUFF_DEAL, ["AH", "4H", "AD"], [(0, "AD", BOSS_DISCARD)]),
        # N throws a small diamond: fine
        (RUFF_DEAL, ["AH", "4H", "7D"], []),
    ],
)
def test_detector_table(deal: tuple[list[str], str, str], plays: list[str], expected: list[tuple[int, str, str]]) -> None:
    r = _hand(deal, plays)
    found = [(b.seat, str(b.card), b.kind) for b in partner_blunders(r)]
    assert found == expected
    for b in partner_blunders(r):
        assert b.trick == 1 and b.kind in b.text


def test_detector_needs_a_contract() -> None:
    with pytest.raises(FiveHundredError, match="contract"):
        partner_blunders(Round.deal(AUS, seed=1))


def test_rules_player_partner_blunders_are_under_one_percent() -> None:
    plays = blunders = 0
    for seed in range(150):
        r = Round.deal(AUS, dealer=seed % 4, seed=seed)
        play_hand(r, [RulesPlayer() for _ in range(4)])
        if r.contract is None:
            continue
        plays += sum(plays_by_seat(r).values())
        blunders += len(partner_blunders(r))
    assert plays > 4000
    assert blunders / plays < 0.01, (blunders, plays)
