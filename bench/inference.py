"""The search player's inference: how often sampled deals fit the auction as the computer players bid it.

On seeded deals, rules players at every seat bid and take the kitty; at the first trick, from a defender's
seat, the sampler draws deals with the auction read by the bidding method (``trust`` 1 and the default
:data:`fivehundred.analysis.hints.AUCTION_TRUST`) and without it (``trust`` 0), and this prints the share of
sampled deals in which every hidden seat's calls are the method's calls with its sampled cards, and the CPU
time a sample.

    python bench/inference.py                 # 40 views, 20 samples each
    python bench/inference.py --views 100 --samples 50
"""

from __future__ import annotations

import argparse
import statistics
import time

from fivehundred import Round
from fivehundred.analysis import hints
from fivehundred.analysis.hints import _method_calls, sample_positions
from fivehundred.bidding_method import method_call
from fivehundred.cards import ALL_CARDS, Card
from fivehundred.players import RulesPlayer
from fivehundred.round import Phase, View


def first_trick_view(seed: int) -> View | None:
    r = Round.deal(seed=seed, dealer=seed % 4)
    players = [RulesPlayer() for _ in range(4)]
    while not r.is_over and r.phase is not Phase.PLAY:
        assert r.to_act is not None
        r.apply(players[r.to_act].choose(r.view(r.to_act)))
    if r.is_over:
        return None
    for _ in range(2):
        if r.to_act is not None and r.to_act != r.contractor:
            break
        r.apply(players[r.to_act].choose(r.view(r.to_act)))
    assert r.to_act is not None
    return r.view(r.to_act)


def cards_of(position: object, seat: int, view: View) -> list[Card]:
    held = getattr(position, "hands")[seat]
    played = [c for t in (*view.tricks, view.current) if t is not None for s, c in t.plays if s == seat]
    return [c for c in ALL_CARDS if held & c.bit] + played


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--views", type=int, default=40)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=50_000)
    args = parser.parse_args(argv)
    trusts = (0.0, hints.AUCTION_TRUST, 1.0)
    fit = {t: 0 for t in trusts}
    drawn = {t: 0 for t in trusts}
    ms: dict[float, list[float]] = {t: [] for t in trusts}
    views = 0
    seed = args.first_seed
    while views < args.views:
        view = first_trick_view(seed)
        seed += 1
        if view is None:
            continue
        calls = _method_calls(view, [s for s in range(4) if s != view.seat])
        if not calls:
            continue
        views += 1
        for t in trusts:
            start = time.process_time()
            positions = sample_positions(view, args.samples, seed=seed, trust=t)
            ms[t].append((time.process_time() - start) * 1000 / max(1, len(positions)))
            for p in positions:
                drawn[t] += 1
                fit[t] += all(method_call(cards_of(p, c.seat, view), c.seat, c.before, c.legal, rules=view.rules,
                                          to_win=c.to_win)[0] == c.call for c in calls)
    print(f"inference: {views} first-trick views (seeds from {args.first_seed}), {args.samples} samples each, CPU")
    for t in trusts:
        print(f"  trust {t:g}: {fit[t] / drawn[t]:.1%} of sampled deals fit every hidden call; "
              f"median {statistics.median(ms[t]):.2f} ms a sample, max {max(ms[t]):.1f} ms")


if __name__ == "__main__":
    main()
