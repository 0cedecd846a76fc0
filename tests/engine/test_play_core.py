"""The play core on both paths: ``fivehundred/_playcore.py`` compiled (mypyc) and the same file as plain Python.

* After ``make venv`` on a machine with a C compiler, the compiled build is the one in use.
* A build whose recorded hash does not match the source (a stale build) is refused.
* Random hands in every preset at every table size are driven three ways side by side: the round on
  the compiled core through ``apply_legal_id``, the round on the pure core through ``apply_legal_id``,
  and the round on the compiled core through the checked ``Round.apply``.  After every action they
  must agree on the legal ids, every field of the round and of its play state, and at the end on
  the result; undo is mixed in.
"""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import pytest

from fivehundred import PRESETS, Round, Rules
from fivehundred import play as play_module
from fivehundred import round as round_module
from fivehundred.round import Phase

TABLES: list[tuple[str, Rules]] = [
    (f"{name} players={n}", rules.replace(players=n)) for name, rules in PRESETS.items() for n in (2, 3, 4, 5, 6)
] + [("australian players=5 call_card", PRESETS["australian"].replace(players=5, five_player_partner="call_card"))]

PURE = play_module.play_core(pure=True)
BUILT = play_module.play_core(pure=False)


def _has_compiler() -> bool:
    return bool(shutil.which("cc") or shutil.which("gcc"))


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def require_compiled() -> ModuleType:
    if BUILT is PURE:
        if _flag("FIVEHUNDRED_REQUIRE_COMPILED"):
            pytest.fail("FIVEHUNDRED_REQUIRE_COMPILED is set but the play core is not compiled")
        pytest.skip("the play core is not compiled here (pip install of the project builds it)")
    return BUILT


def test_the_pure_core_is_the_source_file_run_as_python() -> None:
    assert PURE.__name__ == "fivehundred._playcore_pure"
    assert (PURE.__file__ or "").endswith("_playcore.py")
    assert PURE.PlayState is not BUILT.PlayState or BUILT is PURE


def test_the_compiled_core_is_in_use_after_make_venv_when_a_compiler_exists() -> None:
    """``make venv`` compiles the play core (setup.py) whenever a C compiler is there: then it must be in use."""
    if _flag(play_module.PURE_ENV):
        pytest.skip(f"{play_module.PURE_ENV} is set: this process runs the pure core on purpose")
    if not _has_compiler() or _flag("FIVEHUNDRED_PURE_SOLVER") or _flag("FIVEHUNDRED_PURE_PLAY"):
        require_compiled()  # skips, or fails under FIVEHUNDRED_REQUIRE_COMPILED
    assert play_module.core_compiled(), "a C compiler is here but the play core is not compiled (or stale): run `make venv`"
    assert play_module.PlayState is BUILT.PlayState is round_module.PlayState
    assert BUILT.__name__ == "fivehundred._playcore"
    assert not (BUILT.__file__ or "").endswith(".py")
    assert Round.deal(seed=3).__class__ is Round  # and the engine runs on it


def test_a_stale_build_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = require_compiled()
    origin = built.__file__
    assert origin is not None
    source = Path(play_module._CORE_FILE)
    assert play_module.build_matches(origin, str(source))
    # the same build against a source one comment longer: refused, and the loader falls back to the source
    edited = tmp_path / "_playcore.py"
    edited.write_text(source.read_text(encoding="utf-8") + "# edited after the build\n", encoding="utf-8")
    assert not play_module.build_matches(origin, str(edited))
    monkeypatch.setattr(play_module, "_CORE_FILE", str(edited))
    assert play_module._load_core(pure=False).__name__ == "fivehundred._playcore_pure"
    # no stamp beside the build: refused too
    lone = tmp_path / "lone" / os.path.basename(origin)
    lone.parent.mkdir()
    shutil.copy(origin, lone)
    assert not play_module.build_matches(str(lone), str(source))


def test_the_pure_env_forces_the_pure_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(play_module.PURE_ENV, "1")
    assert play_module.play_core() is PURE
    monkeypatch.setenv(play_module.PURE_ENV, "0")
    assert play_module.play_core() is BUILT


@contextmanager
def on_core(core: ModuleType) -> Iterator[None]:
    """Rounds that start their play inside this block run it on ``core``'s PlayState."""
    saved = round_module.PlayState
    round_module.PlayState = core.PlayState
    try:
        yield
    finally:
        round_module.PlayState = saved


def snapshot(r: Round) -> dict[str, object]:
    """Every field of the round (its play state field by field: the two cores' classes differ) and its legal ids."""
    fields: dict[str, object] = {name: getattr(r, name) for name in Round.__slots__ if name not in ("_log", "_legal_cache", "_ps")}
    ps = r._ps
    fields["_ps"] = None if ps is None else {name: getattr(ps, name) for name in PURE.FIELDS}
    fields["ids"] = r.legal_action_ids()
    fields["legal_mask"] = None if ps is None else ps.legal_mask()
    return fields


def drive(rules: Rules, seed: int, rng: random.Random, cores: tuple[ModuleType, ModuleType]) -> tuple[Round, int, int]:
    """One hand on the three paths, compared after every step; returns the round, the plays and the undos."""
    compiled, pure = cores
    dealer = seed % rules.players
    fast, slow, checked = (Round.deal(rules, dealer=dealer, seed=seed) for _ in range(3))
    plays = undos = 0
    for _ in range(400):
        undo = rng.random() < (0.1 if fast.is_over else 0.05)
        if fast.is_over and not undo:
            break
        if fast.history and undo:
            assert fast.undo() == slow.undo() == checked.undo()
            undos += 1
        else:
            ids = fast.legal_action_ids()
            choice = rng.randrange(len(ids))
            plays += fast.phase is Phase.PLAY
            with on_core(compiled):
                fast.apply_legal_id(ids[choice])
                checked.apply(checked.legal_actions()[choice])
            with on_core(pure):
                slow.apply_legal_id(ids[choice])
        expected = snapshot(fast)
        assert snapshot(slow) == expected
        assert snapshot(checked) == expected
    assert fast.is_over and fast.result == slow.result == checked.result
    for r, core in ((fast, compiled), (slow, pure), (checked, compiled)):
        assert r._ps is None or type(r._ps) is core.PlayState  # each round really ran on its own core
    return fast, plays, undos


@pytest.mark.parametrize("name, rules", TABLES, ids=[name for name, _ in TABLES])
def test_compiled_and_pure_cores_and_checked_apply_agree(name: str, rules: Rules) -> None:
    """A seeded loop: 60 hands at each of 41 tables (8 presets × 2–6 players, and 5 players calling a card:
    2,460 hands), every step compared on the three paths."""
    compiled = require_compiled()
    rng = random.Random(f"play core {name}")
    played_out = plays = undos = 0
    for seed in range(60):
        r, p, u = drive(rules, 1000 + seed, rng, (compiled, PURE))
        played_out += len(r.tricks) == 10
        plays += p
        undos += u
    assert played_out >= 30 and plays >= 300 and undos >= 20  # the loop really played hands out, and undid


def test_brute_force_is_the_same_on_both_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's brute-force reference runs on PlayState too: the same values on either core."""
    from fivehundred.analysis import solver

    compiled = require_compiled()
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        r = Round.deal(seed=seed)
        while not r.is_over and len(r.tricks) < 7:
            ids = r.legal_action_ids()
            r.apply_legal_id(ids[rng.randrange(len(ids))])
        if r.is_over:
            continue
        values = []
        for core in (compiled, PURE):
            monkeypatch.setattr(solver, "PlayState", core.PlayState)
            values.append(solver.brute_force(r))
        assert values[0] == values[1]
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_a_round_in_its_play_copies_and_pickles_on_either_core(pure: bool) -> None:
    """A round in its play holds a PlayState: deepcopy, copy and pickle still work (a native class can't be
    rebuilt without its arguments, so play.py registers how), and the copy shares its lists as the round does."""
    import copy
    import pickle

    core = PURE if pure else require_compiled()
    rng = random.Random(4)
    with on_core(core):
        r = Round.deal(seed=21)
        while len(r.tricks) < 3 or not r._ps or not r._ps.trick:
            ids = r.legal_action_ids()
            r.apply_legal_id(ids[rng.randrange(len(ids))])
    assert type(r._ps) is core.PlayState
    for twin in (copy.deepcopy(r), pickle.loads(pickle.dumps(r))):
        assert twin._ps is not None and twin._ps is not r._ps
        assert twin._ps.hands is twin._hands and twin._ps.tricks is twin.tricks and twin._ps.won is twin.tricks_won
        assert snapshot(twin) == snapshot(r)
        ids = r.legal_action_ids()
        twin.apply_legal_id(ids[0])
        assert r.legal_action_ids() == ids  # the copy is independent
    shallow = copy.copy(r._ps)
    assert shallow.hands is r._ps.hands and {n: getattr(shallow, n) for n in PURE.FIELDS} == {n: getattr(r._ps, n) for n in PURE.FIELDS}


@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_a_free_joker_lead_names_the_suits_not_led_whatever_else_the_bitset_holds(pure: bool) -> None:
    """``suits_led`` bits above the four suits are not suits (``nameable_suits`` ignores them; the hint's
    sampler passes a sum of suit bits): the joker's names come from the four suit bits only."""
    from fivehundred.cards import JOKER, Card
    from fivehundred.play import JOKER_LEAD_ID, nameable_suits, play_rules

    core = PURE if pure else require_compiled()
    five = Card.parse("5S")
    table = play_rules(None)
    for suits_led in (0, 0b0001, 0b0110, 0b10001, 0b110100):
        hands = [JOKER.bit | five.bit, 0, 0, 0]
        ps = core.PlayState(table, PRESETS["australian"], hands, (0, 1, 2, 3), {0: 1, 1: 2, 2: 3, 3: 0}, 0, suits_led=suits_led, left=5)
        names = [JOKER_LEAD_ID + s.order for s in nameable_suits(suits_led)]
        assert names == [JOKER_LEAD_ID + o for o in range(4) if not suits_led >> o & 1]
        assert ps.legal_ids() == (five.index, *names)
