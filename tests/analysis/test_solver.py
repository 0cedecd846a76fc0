from __future__ import annotations

import itertools
import random
import time

import pytest

from fivehundred import PRESETS, Play, Round, Rules
from fivehundred.analysis.endings import random_ending, random_play_start
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
from fivehundred.players import RandomPlayer


@pytest.fixture(autouse=True, params=["compiled", "pure"])
def core_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test here runs on the compiled search core (when built) and on the same source as plain Python."""
    from fivehundred.analysis.solver import PURE_ENV

    if request.param == "pure":
        monkeypatch.setenv(PURE_ENV, "1")
    else:
        monkeypatch.delenv(PURE_ENV, raising=False)
    return str(request.param)

CONTRACTS = ("6S", "7C", "8D", "7H", "7NT", "8NT", "MIS", "OMIS")
RULESETS = (
    PRESETS["australian"].replace(misere_requires_seven=False),
    PRESETS["seed_joker_last_trick"].replace(misere_requires_seven=False),
    PRESETS["australian"].replace(misere_requires_seven=False, joker_nomination_allowed=False),
)


def _cases(n: int, max_tricks: int) -> list[tuple[Rules, str, int, int, int]]:
    """(rules, contract, players, tricks_left, mid_trick) spread over every strain and table size."""
    rng = random.Random(n * 31 + max_tricks)
    out = []
    for i in range(n):
        contract = CONTRACTS[i % len(CONTRACTS)]
        players = (4, 4, 3, 5, 6)[i // len(CONTRACTS) % 5]
        rules = RULESETS[i % 3].replace(players=players, misere_six_handed=players == 6)  # misère six-handed is a flag
        hands_in_play = 3 if players == 3 or (players == 4 and contract in ("MIS", "OMIS")) else players
        top = max_tricks if hands_in_play <= 3 else max_tricks - 1 if hands_in_play == 4 else max_tricks - 2
        k = rng.randint(1, max(1, top))
        out.append((rules, contract, i, k, rng.randrange(hands_in_play)))
    return out


def _check(cases: list[tuple[Rules, str, int, int, int]]) -> int:
    checked = 0
    for rules, contract, seed, k, mid in cases:
        r = random_ending(rules, seed=seed, tricks_left=k, contract=contract, mid_trick=mid)
        assert solve(r) == brute_force(r), r.record()
        checked += 1
    return checked


def test_solver_matches_brute_force_on_300_endings() -> None:
    assert _check(_cases(300, 4)) == 300


@pytest.mark.slow
def test_solver_matches_brute_force_on_2000_endings() -> None:
    assert _check(_cases(2000, 5)) == 2000


def test_card_values_match_brute_force_after_each_play() -> None:
    checked = 0
    for seed, contract in enumerate(itertools.islice(itertools.cycle(CONTRACTS), 24)):
        rules = RULESETS[0]
        r = random_ending(rules, seed=seed, tricks_left=3, contract=contract, mid_trick=seed % 3)
        values = card_values(r)
        assert set(values) == set(r.legal_actions())
        for play, value in values.items():
            child = r.copy()
            child.apply(play)
            expected = child.result.score.contractor_tricks if child.is_over and child.result and child.result.score else brute_force(child)
            assert value == expected, (str(play), r.record())
            checked += 1
    assert checked > 24


def test_solver_moves_and_tricks_agree_with_the_round() -> None:
    """Step a solver's own state beside the round through whole random hands."""
    steps = 0
    for players, contract in [(4, "7H"), (4, "8NT"), (4, "MIS"), (3, "6C"), (5, "7D"), (6, "7NT")]:
        rules = RULESETS[0].replace(players=players)
        for seed in range(3):
            r = random_play_start(rules, seed=seed, contract=contract)
            s = Solver.from_round(r)
            bot = RandomPlayer(seed)
            while not r.is_over:
                mine = {_play(i, n) for i, n in s.legal_moves()}
                assert mine == set(r.legal_actions())
                play = bot.choose(r.view(r.to_act))  # type: ignore[arg-type]
                assert isinstance(play, Play)
                s._push(play.card.index, play.named)
                r.apply(play)
                if not r.is_over:
                    assert s._state.to_act == r.to_act
                steps += 1
    assert steps > 100


def _play(index: int, named: object) -> Play:
    from fivehundred.analysis.solver import _as_play

    return _as_play(index, named)  # type: ignore[arg-type]


def test_misere_contractor_with_only_low_cards_takes_nothing() -> None:
    # 4 players, misère: North (contractor) holds the lowest spades and clubs; East, South sits out, West.
    r = Round.from_hands(
        [
            "5S 6S 7S 8S 9S 5C 6C 7C 8C 9C",
            "10S JS QS KS AS 10C JC QC KC AC",
            "4D 5D 6D 7D 8D 9D 10D JD QD KD",
            "AD 4H 5H 6H 7H 8H 9H 10H JH QH",
        ],
        "KH AH JK",
        rules=RULESETS[0],
    )
    r.apply("PASS")  # East
    r.apply("PASS")  # South
    r.apply("PASS")  # West
    r.apply("MIS")  # North
    r.apply("discard KH AH JK")
    # North leads low cards under East's higher cards; West has no spades or clubs.  Every trick
    # goes to East or West, so the contractor takes none.
    assert solve(r) == 0
    # and no search is needed: North's best card in each suit is below every defender's card there,
    # and East must follow North's lead higher, so the sure-trick bound settles it at the first position
    solver = Solver.from_round(r)
    assert solver.value() == 0
    assert solver.nodes == 1


def test_solver_refuses_a_round_before_play() -> None:
    r = Round.deal(seed=1)
    with pytest.raises(SolverError, match="play phase"):
        solve(r)


def test_cancel_and_deadline_stop_a_search() -> None:
    r = random_play_start(RULESETS[0], seed=5, contract="7NT")
    with pytest.raises(SearchCancelled, match="cancelled"):
        Solver.from_round(r).value(cancel=lambda: True)
    with pytest.raises(SearchCancelled, match="out of time"):
        Solver.from_round(r).value(deadline=time.monotonic() - 1)


def test_progress_callback_and_best_plays() -> None:
    r = random_ending(RULESETS[0], seed=9, tricks_left=3, contract="7S")
    seen: list[tuple[int, int]] = []
    s = Solver.from_round(r)
    values = card_values(r, solver=s, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1][0] == seen[-1][1] == len(values)
    best = best_plays(r)
    maximising = bool(s.position.maximisers >> r.to_act & 1)  # type: ignore[operator]
    target = max(values.values()) if maximising else min(values.values())
    assert best and all(values[p] == target for p in best)
    assert solve(r) == target


def test_position_reads_misere_sides() -> None:
    r = random_play_start(RULESETS[0], seed=2, contract="MIS")
    p = Position.from_round(r)
    assert p.misere and len(p.order) == 3
    # the contractor's tricks are counted, and the defenders want them high
    assert p.side_a == 1 << p.contractor
    assert p.maximisers == sum(1 << s for s in p.order if s != p.contractor)
