"""The answer bank: simulated answer keys for quizzes, built ahead of time by ``tools/build_quiz_bank.py``.

A quiz's key is :func:`simulate_quiz` run with the bank's settings and the
quiz code as the sampling seed, so anyone can re-run it and get the same key.
The basis is :data:`BANK_BASIS`, "what-follows" (issue #23): on each sampled
deal the learner makes the call, the other seats finish the auction by the
bidding method (as the computer players bid), the final contract is played out
by the rules player at every seat (against an open misère the defenders, who
see the hand, beat it whenever a double-dummy probe within a node budget can
force a trick), and the call is worth the learner's side's points minus the
opponents' for the hand, as the rules score it; a pass is scored the same way,
never 0 by fiat.  A kitty quiz's discards are played out in the contract it
names.  Each key uses :data:`BANK_SAMPLES` deals, the same deals for every call.
The bank is ``bank.json`` beside this module; :func:`answer_key` reads it, and
simulates live only when asked to (``live=True``).
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable

from fivehundred.analysis.simulation import (
    NODE_BUDGET,
    NOISE_Z,
    DiscardSimulation,
    Simulation,
    simulate_bids,
    simulate_discards,
)
from fivehundred.checks import bool_arg, budget_arg, callback_arg, count_arg, node_budget_arg
from fivehundred.errors import FiveHundredError, NotationError, shown
from fivehundred.quiz.quiz import Quiz, make_quiz, quiz_arg

__all__ = [
    "BANK_BASIS", "BASIS_SAMPLES", "BASIS_VERSIONS", "BANK_NODE_BUDGET", "BANK_SAMPLES", "BANK_VERSION", "CLEAR_LEAD", "PASS_SHARE",
    "RANDOM_SHARE", "pass_is_right", "random_right_share", "Key", "simulate_quiz", "load_bank",
    "answer_key", "bank_codes", "bank_path", "key_from_entry", "lead", "level_of_lead", "measured_level",
]

#: samples per quiz for each basis (the same deals for every call): a key that scores every call by what follows
#: it varies more from deal to deal (the rest of the auction, who plays the hand), so it takes twice the deals
#: for the same standard error (on 64, a best opening bid 78 points ahead measured only 2.45 standard errors)
BASIS_SAMPLES = {"playout": 64, "what-follows": 128}
#: the grading basis of the bidding quizzes the bank serves (see :func:`fivehundred.analysis.simulation.simulate_bids`)
BANK_BASIS = "what-follows"
#: the bank's version for each basis, bumped whenever the simulation's inputs change (basis, candidates,
#: sampling), so an old bank is not mixed in.  4: every call scored by what follows it
#: (:func:`~fivehundred.analysis.simulation.simulate_follows`, issue #23), the kitty quizzes' discards still
#: played out by the rules player; ``tools/build_quiz_bank.py --basis what-follows`` builds it (3 was the pass
#: alone scored so, never built)
BASIS_VERSIONS = {"playout": 2, "what-follows": 4}
BANK_VERSION = BASIS_VERSIONS[BANK_BASIS]
#: samples per quiz in the bank the course serves
BANK_SAMPLES = BASIS_SAMPLES[BANK_BASIS]
#: the node budget of the open-misère probes (deterministic: a seed always gives the same key with the same solver)
BANK_NODE_BUDGET: int | None = NODE_BUDGET
#: in a bank of basis "what-follows", at most this share of a kind and level's served quizzes may have a pass
#: among the right answers (best or also fine), so that a learner who always passes is graded right on at most
#: a quarter of them (issue #23)
PASS_SHARE = 0.25
#: in a bank of basis "what-follows", a learner who makes a random legal call is graded right on at most this share
#: of a kind and level's served quizzes on average (issue #23): a quiz where most calls are fine teaches little
RANDOM_SHARE = 0.10

Key = Simulation | DiscardSimulation

#: a "clear" quiz's best answer leads the runner-up by at least this many standard errors (well outside the noise)
CLEAR_LEAD = 3.0


def lead(key: Key) -> tuple[float, float]:
    """How far the best answer leads the runner-up: (points, standard errors of that paired difference).

    The runner-up is the answer with the next-highest mean score.  When the
    difference is the same on every deal its standard error is 0, and the
    lead in standard errors is infinite (or 0 when there is no lead at all).
    """
    best = key.best
    rest = [o for o in key.outcomes if o is not best]
    if not rest:
        return (float("inf"), float("inf"))
    runner = max(rest, key=lambda o: o.expected)
    if isinstance(key, DiscardSimulation):
        points, se = key.difference(runner.discard)  # type: ignore[union-attr]
    else:
        points, se = key.difference(runner.bid)  # type: ignore[union-attr]
    if se == 0:
        return (points, float("inf") if points > 0 else 0.0)
    return (points, points / se)


def level_of_lead(z: float) -> int:
    """The level a lead of ``z`` standard errors measures: 1 "clear" at least :data:`CLEAR_LEAD`, 2 "moderate" at
    least :data:`~fivehundred.analysis.simulation.NOISE_Z` (outside the noise), 3 "close call" below (within it)."""
    return 1 if z >= CLEAR_LEAD else 2 if z >= NOISE_Z else 3


def measured_level(key: Key) -> int:
    """The level a key measures: :func:`level_of_lead` of the best answer's :func:`lead` over the next.

    The bank serves a quiz only at the level its key measures, so the
    levels mean what they say (``bench/quiz.py --method`` reports them).
    """
    return level_of_lead(lead(key)[1])


def pass_is_right(key: Key) -> bool:
    """Whether a pass is among the key's right answers (best or also fine): what :data:`PASS_SHARE` limits."""
    return isinstance(key, Simulation) and any(b.is_pass for b in key.also_fine())


def random_right_share(key: Key) -> float:
    """The chance that a random legal call is among the key's right answers (best or also fine): a bidding key grades
    every legal call, so the share of its calls that are right.  What :data:`RANDOM_SHARE` limits on average."""
    return len(key.also_fine()) / len(key.outcomes) if isinstance(key, Simulation) and key.outcomes else 0.0


def bank_path() -> Path:
    """Where the bank lives (package data)."""
    return Path(str(resources.files("fivehundred.quiz").joinpath("bank.json")))


def simulate_quiz(
    quiz: Quiz,
    *,
    samples: int = BANK_SAMPLES,
    node_budget: int | None = BANK_NODE_BUDGET,
    basis: str = BANK_BASIS,
    time_budget: float | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Key:
    """The simulated answer key of a quiz (seeded by its code).

    Raises:
        FiveHundredError: a ladder drill (its answer comes from the rules, not simulation); ``samples`` not from
            1 to :data:`~fivehundred.checks.MAX_SAMPLES`.
        NotationError: an argument is of the wrong kind (not a quiz, not a number, not a function...).
        SearchCancelled: ``cancel()`` returned true.
    """
    quiz = quiz_arg(quiz)
    samples = count_arg(samples, "samples")
    node_budget = node_budget_arg(node_budget)
    time_budget = budget_arg(time_budget, "time_budget")
    cancel = callback_arg(cancel, "cancel")
    progress = callback_arg(progress, "progress")
    if quiz.problem is None or not quiz.simulated:
        raise FiveHundredError(f"{quiz.code} is a ladder drill: its answer comes straight from the rules")
    if quiz.kind == "kitty":
        assert quiz.contract is not None
        # the discard comes after the auction: what follows it is the play, and the contract's points score it
        return simulate_discards(
            quiz.problem, quiz.kitty, quiz.contract, quiz.discard_candidates(),
            samples=samples, seed=quiz.code, node_budget=node_budget, cancel=cancel, progress=progress,
            basis="playout" if basis == "what-follows" else basis,
        )
    return simulate_bids(
        quiz.problem, samples=samples, seed=quiz.code, node_budget=node_budget,
        time_budget=time_budget, cancel=cancel, progress=progress, basis=basis,
    )


@lru_cache(maxsize=1)
def _load(path: str) -> dict[str, Any]:
    p = Path(path)
    try:
        if not p.exists():
            return {"version": BANK_VERSION, "samples": BANK_SAMPLES, "basis": BANK_BASIS, "node_budget": BANK_NODE_BUDGET, "items": {}}
        data: dict[str, Any] = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise FiveHundredError(f"cannot read a quiz bank at {shown(path, 120)}: {shown(str(exc), 60)}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("items"), dict):
        raise FiveHundredError(f"not a quiz bank: {shown(path, 120)}")
    if data.get("version") != BANK_VERSION:
        raise FiveHundredError(f"the quiz bank at {p} is version {shown(data.get('version'))}, not {BANK_VERSION}: rebuild it")
    return data


def load_bank(path: Path | None = None) -> dict[str, Any]:
    """The bank's JSON (cached): ``{"version", "samples", "basis", "node_budget", "items": {code: entry}}``.

    Raises:
        FiveHundredError: the bank is from another version of the simulation, or the file is not a bank.
        NotationError: ``path`` is not a file path.
    """
    if path is not None and not isinstance(path, (str, os.PathLike)):
        raise NotationError(f"not a file path: path={shown(path, 80)}")
    return _load(str(path or bank_path()))


def bank_codes(kind: str | None = None, level: int | None = None) -> tuple[str, ...]:
    """The codes the bank serves (optionally of one kind and level), in the bank's order.

    A quiz is served only when its key measures the level its code names
    (:func:`measured_level`, stored by the builder under ``"measured"``) and the
    builder did not hold it back (``"held"``: a pass among its right answers once
    :data:`PASS_SHARE` of the cell's quizzes have one); the other keys stay in
    the bank, so their codes are still graded at once.
    """
    from fivehundred.quiz.quiz import parse_code

    data = load_bank()
    measured = data.get("measured", {})
    held = set(data.get("held", ()))
    out = []
    for code in data["items"]:
        k, lv, _ = parse_code(code)
        if measured.get(code) == lv and code not in held and (kind is None or k == kind) and (level is None or lv == level):
            out.append(code)
    return tuple(out)


def key_from_entry(quiz: Quiz, entry: dict[str, Any]) -> Key:
    """Rebuild a key from a bank entry.

    Raises:
        FiveHundredError: the entry is not a stored simulation.
    """
    if quiz.kind == "kitty":
        assert quiz.contract is not None
        return DiscardSimulation.from_compact(quiz.contract, entry)
    assert quiz.problem is not None
    return Simulation.from_compact(quiz.problem, entry)


def answer_key(quiz: Quiz | str, *, live: bool = False, **options: Any) -> Key | None:
    """The quiz's key from the bank; if it is not there, simulate it when ``live`` (else ``None``).

    Raises:
        NotationError: a bad share code; ``live`` not True or False.
        FiveHundredError: a ladder drill.
    """
    q = make_quiz(quiz) if isinstance(quiz, str) else quiz_arg(quiz)
    live = bool_arg(live, "live")
    if not q.simulated:
        raise FiveHundredError(f"{q.code} is a ladder drill: its answer comes straight from the rules")
    entry = load_bank()["items"].get(q.code)
    if entry is not None:
        return key_from_entry(q, entry)
    return simulate_quiz(q, **options) if live else None
