"""The two rule flags whose sources disagree (RULES.md §1 and §4.1): self-raise and six-handed misère."""

from __future__ import annotations

import pytest

from .engine_helpers import E, N, bids
from fivehundred import (
    BLIND_MISERE,
    MISERE,
    OPEN_MISERE,
    PRESETS,
    Bid,
    IllegalBidError,
    Round,
    Rules,
    RulesError,
    ladder,
)
from fivehundred.round import Phase
from fivehundred.rules import SELF_RAISE_READINGS


def deal(rules: Rules) -> Round:
    return Round.deal(rules, dealer=N, seed=11)


# ---------------------------------------------------------------- self-raise
def test_the_flag_offers_both_sourced_readings() -> None:
    assert SELF_RAISE_READINGS == ("one_last_chance", "until_all_pass")
    doc = Rules.__dataclass_fields__["allow_self_raise"].metadata["doc"]
    assert "'one_last_chance'" in doc and "Web500" in doc
    assert "'until_all_pass'" in doc and "Gareth001" in doc
    assert Rules().allow_self_raise is False


@pytest.mark.parametrize("reading", [False, "one_last_chance", "until_all_pass"])
def test_everyone_else_passing(reading: object) -> None:
    r = deal(Rules(allow_self_raise=reading))  # type: ignore[arg-type]
    bids(r, "7H PASS PASS PASS")  # E bids 7H, S W N pass
    if reading is False:
        assert r.phase is Phase.KITTY and str(r.contract) == "7H" and r.contractor == E
    else:
        assert r.phase is Phase.AUCTION and r.to_act == E  # E may raise their own bid
        assert [str(b) for b in r.legal_bids()][:3] == ["PASS", "7NT", "MIS"]


def test_one_last_chance_ends_the_auction_on_the_raise() -> None:
    """Web500: the high bidder gets one chance to raise; the raise is the contract."""
    r = deal(Rules(allow_self_raise="one_last_chance"))
    bids(r, "7H PASS PASS PASS 8H")
    assert r.phase is Phase.KITTY and str(r.contract) == "8H" and r.contractor == E


def test_until_all_pass_lets_the_high_bidder_raise_again_until_they_pass() -> None:
    """Gareth001/500: the auction ends only when everyone, the high bidder too, passes."""
    r = deal(Rules(allow_self_raise="until_all_pass"))
    bids(r, "7H PASS PASS PASS 8H")
    assert r.phase is Phase.AUCTION and r.to_act == E  # the others stay out; E may raise again
    r.apply("9H")
    assert r.phase is Phase.AUCTION and r.to_act == E
    r.apply("PASS")
    assert r.phase is Phase.KITTY and str(r.contract) == "9H" and r.contractor == E


@pytest.mark.parametrize("reading", SELF_RAISE_READINGS)
def test_declining_the_raise_keeps_the_bid(reading: str) -> None:
    r = deal(Rules(allow_self_raise=reading))  # type: ignore[arg-type]
    bids(r, "7H PASS PASS PASS PASS")
    assert str(r.contract) == "7H" and r.contractor == E


def test_true_is_the_older_spelling_of_until_all_pass() -> None:
    assert Rules(allow_self_raise=True) == Rules(allow_self_raise="until_all_pass")  # type: ignore[arg-type]
    assert Rules.from_text("australian allow_self_raise=yes").allow_self_raise == "until_all_pass"
    assert PRESETS["seed"].allow_self_raise == "until_all_pass"
    assert PRESETS["seed_no_self_raise"].allow_self_raise is False


@pytest.mark.parametrize("reading", SELF_RAISE_READINGS)
def test_the_reading_is_saved_with_the_hand(reading: str) -> None:
    rules = Rules(allow_self_raise=reading, target=400)  # type: ignore[arg-type]  # (not a preset)
    assert f"allow_self_raise={reading}" in rules.to_text()
    assert Rules.from_text(rules.to_text()) == rules
    r = deal(rules)
    bids(r, "7H PASS PASS PASS 8H")
    back = Round.from_record(r.record())
    assert back.rules.allow_self_raise == reading and back.record() == r.record()


@pytest.mark.parametrize("bad", ["sometimes", "", 1, 0, None, "ONE_LAST_CHANCE", ["until_all_pass"]])
def test_other_values_are_refused(bad: object) -> None:
    with pytest.raises(RulesError, match="allow_self_raise"):
        Rules(allow_self_raise=bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        Rules.from_text(f"australian allow_self_raise={bad}")


# ---------------------------------------------------------------- six-handed misère
def test_no_misere_six_handed_by_default() -> None:
    """Wikipedia's Misère article, the only source on it: misère cannot be played in 6-hand 500."""
    six = Rules(players=6, blind_misere_allowed=True)
    assert six.misere_six_handed is False
    assert not {MISERE, OPEN_MISERE, BLIND_MISERE} & set(ladder(six))
    doc = Rules.__dataclass_fields__["misere_six_handed"].metadata["doc"]
    assert "Wikipedia" in doc and "RULES.md" in doc


def test_six_handed_misere_refused_in_the_auction() -> None:
    r = Round.deal(Rules(players=6, misere_requires_seven=False), seed=2)
    assert all(not b.is_misere for b in r.legal_bids())
    with pytest.raises(IllegalBidError):
        r.apply("OMIS")
    assert r.auction == []


def test_the_flag_allows_misere_six_handed() -> None:
    six = Rules(players=6, misere_six_handed=True, blind_misere_allowed=True)
    rungs = ladder(six)
    assert {MISERE, OPEN_MISERE, BLIND_MISERE} <= set(rungs)
    assert rungs == ladder(Rules(players=4, blind_misere_allowed=True))  # the same ladder as four-handed
    r = Round.deal(six.replace(misere_requires_seven=False), seed=2)
    r.apply("MIS")
    assert r.auction[-1][1] == MISERE
    assert Rules.from_text(six.to_text()) == six and "misere_six_handed=yes" in six.to_text()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_other_player_counts_keep_misere(players: int) -> None:
    assert MISERE in ladder(Rules(players=players)) and OPEN_MISERE in ladder(Rules(players=players))
    assert ladder(Rules(players=players)) == ladder(Rules(players=players, misere_six_handed=True))


def test_the_flag_is_a_true_false_flag() -> None:
    with pytest.raises(RulesError, match="misere_six_handed"):
        Rules(misere_six_handed="yes")  # type: ignore[arg-type]
    assert Bid.parse("MIS") in ladder(Rules(players=6, misere_six_handed=True))
