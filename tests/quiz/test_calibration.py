"""The key's calibration against hidden-card play, reproduced small: one held-out quiz, a few deals, a quick search player.

The full figures (>= 40 quiz/bid pairs, 48 deals each) come from bench/quiz.py --calibrate.
"""

from __future__ import annotations

from fivehundred.quiz.calibration import calibration_pairs, stored_calibration
from fivehundred.quiz.quiz import generate

QUICK = {"samples": 3, "time_budget": 0.05, "max_tricks": 3}


def test_the_key_make_rate_is_close_to_the_search_players_on_the_same_deals() -> None:
    quiz = generate("opening", 2, 1004)  # held out: the bank uses seeds 1 to 120
    pairs = calibration_pairs(quiz, deals=8, settings=QUICK)
    assert len(pairs) >= 2
    for p in pairs:
        assert 0.05 <= p.key_rate <= 0.95 and p.deals == 8
    error = sum(abs(p.key_rate - p.search_rate) for p in pairs) / len(pairs)
    assert error <= 0.25, [(str(p.bid), p.key_rate, p.search_rate) for p in pairs]
    # higher levels make no more often than lower ones, for both players
    for a, b in zip(pairs, pairs[1:]):
        assert b.key_rate <= a.key_rate and b.search_rate <= a.search_rate


def test_the_stored_calibration_met_its_target() -> None:
    cal = stored_calibration()
    assert cal["pairs"] >= 40 and cal["deals"] >= 48  # issue 13: at least 40 quiz/bid pairs, 48 deals each
    assert cal["mae"] <= 8.0
    rows = cal["rows"]
    assert len(rows) == cal["pairs"]
    assert abs(sum(100 * abs(k - s) for _, _, k, s in rows) / len(rows) - cal["mae"]) < 0.2
