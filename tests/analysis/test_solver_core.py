"""The search core on both paths: compiled (mypyc) and the same source run as plain Python.

test_solver.py and test_solver_golden.py run every test on both paths (their
``core_path`` fixture); here: the env var that forces the pure path, that a
stale build is never used, a random differential compiled vs pure (values
and node counts), and that the core restates no rule (flip a rule flag and
its answers follow the round's).
"""

from __future__ import annotations

import importlib.util
import os
import random

import pytest

from fivehundred import PRESETS, Play, Round, Rules
from fivehundred.analysis import solver as S
from fivehundred.analysis.endings import random_ending, random_play_start
from fivehundred.players import RandomPlayer


def _built() -> bool:
    spec = importlib.util.find_spec(S._CORE_NAME)
    return spec is not None and spec.origin is not None and not spec.origin.endswith(".py")


def _require_build() -> None:
    if not _built():
        if os.environ.get("FIVEHUNDRED_REQUIRE_COMPILED", "") not in ("", "0"):
            pytest.fail("FIVEHUNDRED_REQUIRE_COMPILED is set but the search core is not compiled")
        pytest.skip("the search core is not compiled here (pip install of the project builds it)")


def _solve(r: Round, pure: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int, bool]:
    if pure:
        monkeypatch.setenv(S.PURE_ENV, "1")
    else:
        monkeypatch.delenv(S.PURE_ENV, raising=False)
    s = S.Solver.from_round(r)
    v = s.value()
    return v, s.nodes, S.core_compiled()


def test_env_var_forces_the_pure_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(S.PURE_ENV, "1")
    assert not S.core_compiled()
    assert S._core().__name__ == S._PURE_NAME
    assert (S._core().__file__ or "").endswith("_search.py")


def test_compiled_core_is_used_when_built(monkeypatch: pytest.MonkeyPatch) -> None:
    _require_build()
    monkeypatch.delenv(S.PURE_ENV, raising=False)
    assert S.core_compiled()


def test_a_build_of_another_source_is_not_used(tmp_path: pytest.TempPathFactory) -> None:
    """The build is used only while _search.py hashes as it did when built (setup.py records the hash)."""
    _require_build()
    spec = importlib.util.find_spec(S._CORE_NAME)
    assert spec is not None and spec.origin is not None
    source = os.path.join(os.path.dirname(S.__file__), "_search.py")
    assert S.build_matches(spec.origin, source)
    edited = tmp_path / "_search.py"  # type: ignore[operator]
    edited.write_text(open(source, encoding="utf-8").read() + "\n# edited\n", encoding="utf-8")
    assert not S.build_matches(spec.origin, str(edited))
    assert not S.build_matches(str(tmp_path / "nowhere.so"), source)  # type: ignore[operator]


def test_compiled_and_pure_agree_on_random_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same value and the same number of nodes (the same search, node for node) on both paths."""
    _require_build()
    rng = random.Random(12)
    checked = 0
    for i in range(36):
        contract = ("7S", "8H", "7NT", "8NT", "MIS", "6D")[i % 6]
        players = (4, 4, 3, 5, 6)[i % 5]
        rules = PRESETS["australian"].replace(misere_requires_seven=False, players=players, misere_six_handed=True)
        tricks = rng.randint(3, 6 if players <= 4 else 4)
        r = random_ending(rules, seed=1000 + i, tricks_left=tricks, contract=contract, mid_trick=rng.randrange(3))
        compiled = _solve(r, False, monkeypatch)
        pure = _solve(r, True, monkeypatch)
        assert compiled[2] and not pure[2]
        assert compiled[:2] == pure[:2], r.record()
        checked += 1
    assert checked == 36


def _replay(rules: Rules, r: Round) -> Round | None:
    """``r``'s deal and actions under other ``rules`` (None if an action is not legal there)."""
    other = Round(rules, r.dealer, r._deal_hands, r._deal_kitty, r._dead)
    for action in r.history:
        if action not in other.legal_actions() and not isinstance(action, Play):
            try:
                other.apply(action)
            except ValueError:
                return None
            continue
        if action not in other.legal_actions():
            return None
        other.apply(action)
    return other


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
@pytest.mark.parametrize(
    "contract,flag,seeds",
    [
        ("MIS", {"misere_joker_compulsory": False}, range(10, 40)),
        ("7NT", {"joker_lead": "last_trick_only"}, range(30, 40)),  # positions where it matters are rarer
    ],
)
def test_a_rule_flag_changes_the_cores_answers(
    contract: str, flag: dict[str, object], seeds: range, pure: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The core's tables come from trumps/play: flip a play rule and its answers follow brute force under
    the new rule, and differ from the old rule's on some positions."""
    if pure:
        monkeypatch.setenv(S.PURE_ENV, "1")
    else:
        monkeypatch.delenv(S.PURE_ENV, raising=False)
    base = PRESETS["australian"].replace(misere_requires_seven=False, joker_nomination_allowed=False)
    flipped = base.replace(**flag)  # type: ignore[arg-type]
    differ = 0
    for seed in seeds:
        start = random_play_start(base, seed=seed, contract=contract)
        bots = [RandomPlayer(seed * 5 + k) for k in range(4)]
        r = start
        while len(r.tricks) < 6 and not r.is_over:
            r.apply(bots[r.to_act].choose(r.view(r.to_act)))  # type: ignore[index]
        if r.is_over:
            continue
        other = _replay(flipped, r)
        if other is None:
            continue
        a, b = S.solve(r), S.solve(other)
        assert a == S.brute_force(r), r.record()
        assert b == S.brute_force(other), other.record()
        differ += a != b
        if differ >= 2:
            break
    assert differ >= 1


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_the_transposition_table_stays_within_its_bound(pure: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A small bound empties the table when full: it never grows past it, and the answers stay exact."""
    if pure:
        monkeypatch.setenv(S.PURE_ENV, "1")
    else:
        monkeypatch.delenv(S.PURE_ENV, raising=False)
    assert S.TABLE_SIZE <= 600_000
    for seed, contract in enumerate(("7S", "7NT", "MIS")):
        rules = PRESETS["australian"].replace(misere_requires_seven=False)
        r = random_ending(rules, seed=seed, tricks_left=4, contract=contract)
        small = S.Solver.from_round(r, table_size=50)
        assert small.value() == S.Solver.from_round(r).value() == S.brute_force(r) - small.position.contractor_tricks
        assert 0 < len(small._tt) <= 50
        # the count the bound is checked against is the true number of entries, in all the table's parts
        assert small._tt.entries == len(small._tt)
    r = random_ending(PRESETS["australian"], seed=5, tricks_left=8, contract="7NT")
    full = S.Solver.from_round(r)
    full.value()
    assert full._tt.entries == len(full._tt) > 50
    assert sum(1 for part in full._tt.parts if part) > 1  # entries are split by leader


def test_a_dropped_solvers_table_is_emptied_unless_another_solver_shares_it() -> None:
    """Solvers are freed when dropped (no reference cycle back to them), and the last user of a
    transposition table empties it, so a run of solves never holds several full tables at once."""
    rules = PRESETS["australian"].replace(misere_requires_seven=False)
    r = random_ending(rules, seed=3, tricks_left=5, contract="7S")
    first = S.Solver.from_round(r)
    first.value()
    table = first._tt
    assert len(table) > 0
    second = S.Solver.from_round(r, reuse=first)
    assert second._tt is table
    del first
    assert len(table) > 0  # the second solver still uses it
    assert second.value() == S.brute_force(r) - second.position.contractor_tricks
    del second
    assert len(table) == 0


def _null_window_cases() -> list[tuple[Rules, str, int, int, int]]:
    """Random positions over 3-6 players and every strain (misère, no trumps with the free joker, a
    called-card partner with five), at a trick boundary and mid-trick."""
    rng = random.Random(2026)
    base = PRESETS["australian"].replace(misere_requires_seven=False)
    tables = [
        base,
        base.replace(players=3),
        base.replace(players=5),
        base.replace(players=5, five_player_partner="call_card"),
        base.replace(players=6, misere_six_handed=True),
        PRESETS["seed_joker_last_trick"].replace(misere_requires_seven=False),
    ]
    out = []
    for i in range(48):
        rules = tables[i % len(tables)]
        contract = ("7S", "8NT", "MIS", "7H", "7NT", "6C", "8D", "OMIS")[i % 8]
        hands = rules.players if not (rules.players == 4 and contract in ("MIS", "OMIS")) else 3
        tricks = rng.randint(2, 5 if hands <= 3 else 4 if hands == 4 else 3)
        out.append((rules, contract, 500 + i, tricks, rng.randrange(hands)))
    # positions where a lead to a partner's top card would be trumped by an opponent void in the suit
    # (found by searching with that safety check removed: these answers then go wrong)
    out += [(base, "8H", 130, 4, 0), (base, "7S", 132, 4, 0), (base, "6D", 195, 3, 0)]
    return out


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_every_null_window_test_matches_brute_force(pure: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """``can_take(k)`` for every k, each on a fresh solver, against brute force: every cut-off the
    search takes (sure-trick bounds with a partner's entries, the table's bounds) gives the exact
    answer at every target, not only at the value's two sides."""
    if pure:
        monkeypatch.setenv(S.PURE_ENV, "1")
    else:
        _require_build()
        monkeypatch.delenv(S.PURE_ENV, raising=False)
    checked = called = 0
    for rules, contract, seed, tricks, mid in _null_window_cases():
        r = random_ending(rules, seed=seed, tricks_left=tricks, contract=contract, mid_trick=mid)
        value = S.brute_force(r) - S.Position.from_round(r).contractor_tricks
        left = S.Position.from_round(r).tricks_left
        assert 0 <= value <= left
        for k in range(0, left + 2):
            assert S.Solver.from_round(r).can_take(k) == (value >= k), (k, value, r.record())
        checked += 1
        called += r.called_card is not None
    assert checked == 51 and called >= 1


def _partition_cases() -> list[tuple[Rules, str, int, int, int]]:
    """Deeper endings for a table whose entries serve many positions (a partition search's, or the
    relative-rank keys'): 3-6 players, every strain, the free joker in no trumps and misère (led naming a
    suit, or only on the last trick), a nominated joker, a called-card partner, the misère joker rule
    flipped."""
    rng = random.Random(24)
    base = PRESETS["australian"].replace(misere_requires_seven=False)
    tables = [
        base,
        base.replace(players=3),
        base.replace(players=5, five_player_partner="call_card"),
        base.replace(players=6, misere_six_handed=True),
        PRESETS["seed_joker_last_trick"].replace(misere_requires_seven=False),
        base.replace(misere_joker_compulsory=not base.misere_joker_compulsory),
        base.replace(players=5),
    ]
    out = []
    for i in range(70):
        rules = tables[i % len(tables)]
        contract = ("7S", "8NT", "MIS", "7H", "7NT", "6C", "8D", "OMIS", "9NT", "7C")[i % 10]
        hands = rules.players if not (rules.players == 4 and contract in ("MIS", "OMIS")) else 3
        tricks = rng.randint(3, 6 if hands <= 3 else 5 if hands == 4 else 3)
        out.append((rules, contract, 900 + i, tricks, rng.randrange(hands)))
    return out


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_one_table_answers_every_target_like_brute_force(pure: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """One solver answers ``can_take(k)`` for every k in turn, up and down (later targets find the
    earlier targets' entries), then the value on a solver sharing that table and every card's value:
    all against brute force."""
    if pure:
        monkeypatch.setenv(S.PURE_ENV, "1")
    else:
        _require_build()
        monkeypatch.delenv(S.PURE_ENV, raising=False)
    kinds = {"called": 0, "nominated": 0, "free joker": 0, "misère": 0, "no trumps": 0, "trumps": 0}
    for rules, contract, seed, tricks, mid in _partition_cases():
        r = random_ending(rules, seed=seed, tricks_left=tricks, contract=contract, mid_trick=mid)
        p = S.Position.from_round(r)
        value = S.brute_force(r) - p.contractor_tricks
        s = S.Solver.from_round(r)
        for k in list(range(0, p.tricks_left + 2)) + list(range(p.tricks_left + 1, -1, -1)):
            assert s.can_take(k) == (value >= k), (k, value, r.record())
        assert S.Solver.from_round(r, reuse=s).value() == value, r.record()
        if tricks <= 4:
            assert S.card_values(r) == _brute_card_values(r), r.record()
        assert r.contract is not None
        kinds["called"] += r.called_card is not None
        kinds["nominated"] += r.nominated is not None
        kinds["free joker"] += r.nominated is None and r.contract.trump is None and any(
            c.is_joker for seat in range(r.players) for c in r.hand(seat)
        )
        kinds["misère"] += r.contract.is_misere
        kinds["no trumps"] += r.contract.trump is None and not r.contract.is_misere
        kinds["trumps"] += r.contract.trump is not None
    assert all(v >= 1 for v in kinds.values()), kinds



def _brute_card_values(r: Round) -> dict[Play, int]:
    """Each legal card's final tricks for the contracting side by brute force after playing it."""
    out: dict[Play, int] = {}
    for action in r.legal_actions():
        assert isinstance(action, Play)
        after = r.copy()
        after.apply(action)
        done = after.is_over and after.result is not None and after.result.score is not None
        out[action] = after.result.score.contractor_tricks if done else S.brute_force(after)  # type: ignore[union-attr]
    return out


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_the_table_changes_no_answer_on_seven_trick_endings(pure: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Deeper than brute force reaches: each value equals the same search with a one-entry table (no
    entry is ever found again).  A table entry that serves positions it should not (a partition search
    that forgets a trick was won by rank, say) shows here: that mistake changed 5 of these 80 values,
    while the brute-force endings above all still passed."""
    if pure:
        monkeypatch.setenv(S.PURE_ENV, "1")
    else:
        _require_build()
        monkeypatch.delenv(S.PURE_ENV, raising=False)
    rules = PRESETS["australian"].replace(misere_requires_seven=False)
    for i in range(80):
        contract = ("7S", "7NT", "MIS", "8H", "9NT")[i % 5]
        r = random_ending(rules, seed=3000 + i, tricks_left=7, contract=contract, mid_trick=i % 3)
        assert S.Solver.from_round(r).value() == S.Solver.from_round(r, table_size=1).value(), r.record()
