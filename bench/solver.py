"""Benchmark the double-dummy solver on seeded full deals: suit, no trumps and misère.

The deals are set up as at the table (the default): rules players
(``RulesPlayer``) in all four seats bid; a deal counts for the strain of the
contract they reach (thrown-in deals are skipped); the declarer's kitty
discard, partner call and joker nomination are the rules player's.  The rules
players bid no trumps about once in 6,000 deals, so for no trumps each deal's
seat with the best no-trump estimate (``estimate_tricks``) declares no trumps
at the level it counts (6 to 10) over three passes, and discards, calls and
nominates as the rules player does.  ``--random-discards`` gives the older
set-up instead: the first seat bids 7 of the strain, everyone else passes, and
the discard, call and nomination are random (easier deals: the declarer keeps
no plan).

For each strain it solves ``--deals`` seeded deals (``Solver.value()`` from
the opening lead unless ``--tricks`` is lower) and prints, in CPU seconds of
this process: the median, p95 and worst time, the median and total nodes
searched, and µs per node (total time / total nodes), so that fewer nodes
and cheaper nodes show separately.  It also prints the peak RSS of the
process (the transposition table's bound shows there) and whether the
search core ran compiled.

``--baseline`` runs the solver as it was before the fast-core work (the file
``fivehundred/analysis/solver.py`` at commit ``accdb8b``, read from git
history, never copied into the package) on the same deals, each stopped at
``--baseline-timeout`` CPU seconds; it prints how many it finished and the
speed-up on the deals both finished.  Run it in its own process (the peak
RSS figure is per process).

    python bench/solver.py --quick
    python bench/solver.py --deals 200                 # the issue's benchmark (the new solver)
    python bench/solver.py --deals 200 --baseline      # today's solver on the same deals
    FIVEHUNDRED_PURE_SOLVER=1 python bench/solver.py   # the uncompiled core
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

from fivehundred import PRESETS, Phase, Round, Rules
from fivehundred.analysis import solver as current
from fivehundred.analysis.endings import random_ending
from fivehundred.bidding import Bid, Strain
from fivehundred.players.rules_player import RulesPlayer, estimate_tricks

BASELINE_COMMIT = "accdb8b"
STRAINS = (("suit", ("7S", "7C", "7D", "7H")), ("no trumps", ("7NT",)), ("misère", ("MIS",)))


def baseline_module() -> ModuleType:
    """The solver at BASELINE_COMMIT, loaded from git history as a private module."""
    root = Path(__file__).resolve().parents[1]
    src = subprocess.run(
        ["git", "show", f"{BASELINE_COMMIT}:fivehundred/analysis/solver.py"], cwd=root, check=True, capture_output=True, text=True
    ).stdout
    spec = importlib.util.spec_from_loader("_bench_baseline_solver", loader=None)
    assert spec is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    exec(compile(src, f"{BASELINE_COMMIT}:solver.py", "exec"), mod.__dict__)
    return mod


def _rules_to_play(r: Round, players: list[RulesPlayer], tricks_left: int) -> Round:
    """The rules players take ``r`` on from the auction or kitty to ``tricks_left`` tricks to go."""
    while r.phase is not Phase.OVER and (r.phase is not Phase.PLAY or 10 - len(r.tricks) > tricks_left or r.current_trick is not None):
        seat = r.to_act
        assert seat is not None
        r.apply(players[seat].choose(r.view(seat)))
    return r


def table_deals(rules: Rules, label: str, count: int, first_seed: int, tricks_left: int) -> list[tuple[int, Round]]:
    """``count`` deals of strain ``label`` set up as at the table (see the module's docstring), by deal seed."""
    players = [RulesPlayer() for _ in range(rules.players)]
    out: list[tuple[int, Round]] = []
    seed = first_seed
    while len(out) < count:
        r = Round.deal(rules, dealer=seed % rules.players, seed=seed)
        if label == "no trumps":
            est = [estimate_tricks(r.hand(s), Strain.NO_TRUMPS, rules.players) for s in range(rules.players)]
            first = r.to_act
            assert first is not None
            order = [(first + k) % rules.players for k in range(rules.players)]
            declarer = max(order, key=lambda s: est[s])  # the earliest seat among equals
            level = max(6, min(10, int(est[declarer] + 1)))
            while r.phase is Phase.AUCTION:
                r.apply(Bid.parse(f"{level}NT") if r.to_act == declarer else Bid.parse("PASS"))
        else:
            while r.phase is Phase.AUCTION:
                seat = r.to_act
                assert seat is not None
                r.apply(players[seat].choose(r.view(seat)))
            contract = r.contract
            wanted = contract is not None and (
                contract.is_misere if label == "misère" else (not contract.is_misere and contract.trump is not None)
            )
            if not wanted:
                seed += 1
                continue
        _rules_to_play(r, players, tricks_left)
        if r.phase is Phase.PLAY:  # not a misère already lost before tricks_left
            out.append((seed, r))
        seed += 1
    return out


def random_deals(rules: Rules, label: str, count: int, first_seed: int, tricks_left: int) -> list[tuple[int, Round]]:
    """The older set-up: a fixed contract by the first seat, random discard, call, nomination and play."""
    contracts = dict(STRAINS)[label]
    return [
        (seed, random_ending(rules, seed=seed, tricks_left=tricks_left, contract=contracts[seed % len(contracts)]))
        for seed in range(first_seed, first_seed + count)
    ]


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def compare(base_path: Path, new_path: Path) -> None:
    """Speed-up of the new run over the baseline run on the deals both finished (same seeds, same values)."""
    base, new = json.loads(base_path.read_text()), json.loads(new_path.read_text())
    for label in base:
        if label not in new:
            continue
        b = {row[0]: row for row in base[label]}
        pairs = [(b[row[0]], row) for row in new[label] if row[0] in b and b[row[0]][3] is not None and row[3] is not None]
        for old, cur in pairs:
            assert old[3] == cur[3], f"{label} seed {cur[0]}: baseline {old[3]} tricks, new {cur[3]}"
        unfinished = sum(1 for row in base[label] if row[3] is None)
        tb, tn = sum(o[1] for o, _ in pairs), sum(c[1] for _, c in pairs)
        nb, nn = sum(o[2] for o, _ in pairs), sum(c[2] for _, c in pairs)
        ratios = sorted(o[1] / max(c[1], 1e-9) for o, c in pairs)
        print(
            f"{label:9s} {len(pairs)} deals both finished (baseline stopped on {unfinished} of {len(base[label])}): "
            f"CPU {tb:.1f} s -> {tn:.1f} s, x{tb / max(tn, 1e-9):.1f} in all, median per deal x{ratios[len(ratios) // 2]:.1f}; "
            f"nodes x{nb / max(nn, 1):.2f} fewer, µs/node {tb / max(nb, 1) * 1e6:.2f} -> {tn / max(nn, 1) * 1e6:.2f}"
        )


_COLD = """
import time
w0, c0 = time.perf_counter(), time.process_time()
from fivehundred.analysis import hint, solver
from fivehundred.analysis.endings import random_ending
w1 = time.perf_counter()
r = random_ending(seed=4, tricks_left=7, contract="7H")
w2, c2 = time.perf_counter(), time.process_time()
h = hint(r, time_budget=None)  # double-dummy hint from trick 4 (first search loads the core)
w3, c3 = time.perf_counter(), time.process_time()
print(f"{'compiled' if solver.core_compiled() else 'pure':8s} import {(w1 - w0) * 1000:6.0f} ms  first hint {(w3 - w2) * 1000:6.0f} ms wall, {(c3 - c2) * 1000:5.0f} ms CPU  "
      f"(process CPU {(c3 - c0) * 1000:.0f} ms in all)")
"""


def cold_hint() -> None:
    """First-hint latency in a fresh interpreter (Voilà's cold start), compiled core and pure, 3 runs each."""
    import os

    print("first hint in a fresh process: import fivehundred.analysis, then hint() on a seeded 7-trick position")
    for pure in ("0", "1"):
        for _ in range(3):
            env = dict(os.environ, FIVEHUNDRED_PURE_SOLVER=pure)
            out = subprocess.run([sys.executable, "-c", _COLD], env=env, check=True, capture_output=True, text=True).stdout
            print(" ", out.strip(), flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="6 deals per strain with 7 tricks left")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--tricks", type=int, default=10, help="tricks left in each position (10 = a full deal)")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    parser.add_argument("--strains", default="suit,no trumps,misère", help="comma-separated subset")
    parser.add_argument("--random-discards", action="store_true",
                        help="the older deals: a fixed contract, random kitty discard, call and nomination")
    parser.add_argument("--timeout", type=float, default=60.0, help="CPU seconds per solve before giving up")
    parser.add_argument("--baseline", action="store_true", help=f"run the solver of commit {BASELINE_COMMIT} instead")
    parser.add_argument("--baseline-timeout", type=float, default=10.0, help="CPU seconds per baseline solve")
    parser.add_argument("--json", type=Path, help="write every deal's time, nodes and value here")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("BASELINE_JSON", "NEW_JSON"),
                        help="print the speed-up between two --json files (deals both finished) and exit")
    parser.add_argument("--cold-hint", action="store_true", help="measure the first hint in a fresh process and exit")
    args = parser.parse_args(argv)
    if args.cold_hint:
        cold_hint()
        return
    if args.compare:
        compare(*args.compare)
        return
    if args.quick:
        args.deals, args.tricks = 6, 7
    mod = baseline_module() if args.baseline else current
    timeout = args.baseline_timeout if args.baseline else args.timeout
    rules = PRESETS["australian"].replace(misere_requires_seven=False)
    who = f"solver of {BASELINE_COMMIT} (before the fast core)" if args.baseline else (
        "current solver, core " + ("compiled (mypyc)" if current.core_compiled() else "pure Python")
    )
    setup = "random discards (a fixed contract, random kitty, call and nomination)" if args.random_discards else (
        "deals as at the table (rules players' contracts, discards, calls and nominations)"
    )
    print(
        f"solver benchmark: {who}; {args.deals} deals per strain from seed {args.seed}, {setup}, "
        f"{args.tricks} tricks left, 4 players, CPU time per Solver.value(), stopped at {timeout:g} CPU s",
        flush=True,
    )
    make_deals = random_deals if args.random_discards else table_deals
    wanted = set(args.strains.split(","))
    record: dict[str, list[tuple[int, float, int, int | None]]] = {}
    for label, _ in STRAINS:
        if label not in wanted:
            continue
        rows: list[tuple[int, float, int, int | None]] = []
        deals = make_deals(rules, label, args.deals, args.seed, args.tricks)
        if not args.random_discards:
            print(f"  {label}: deal seeds {deals[0][0]}..{deals[-1][0]}", flush=True)
        for seed, r in deals:
            solver = mod.Solver.from_round(r)
            start = time.process_time()
            try:  # the limit is CPU time too, so other jobs on the machine don't make solves time out
                value: int | None = solver.value(cancel=lambda: time.process_time() - start > timeout)
            except mod.SearchCancelled:
                value = None
            rows.append((seed, time.process_time() - start, solver.nodes, value))
        record[label] = rows
        if args.json:  # after each strain, so a stopped run keeps what it finished
            args.json.write_text(json.dumps(record))
        done = [row for row in rows if row[3] is not None]
        times = [row[1] for row in rows]
        nodes = [row[2] for row in rows]
        print(
            f"{label:9s} median {statistics.median(times) * 1000:8.1f} ms  p95 {_pct(times, 0.95) * 1000:8.1f} ms  "
            f"max {max(times) * 1000:8.1f} ms  finished {len(done)}/{len(rows)}  "
            f"median nodes {int(statistics.median(nodes)):>8,}  total nodes {sum(nodes):>11,}  "
            f"{sum(times) / max(1, sum(nodes)) * 1e6:5.2f} µs/node",
            flush=True,
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {rss:.0f} MB")


if __name__ == "__main__":
    main()
