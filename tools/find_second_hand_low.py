"""Search seeded deals for a guided hand that teaches "second hand low" (the library's second-hand-low).

Each seed is dealt and played out: North, East and West are the rules player
(:class:`~fivehundred.players.RulesPlayer`) bidding as it did when the library's
hand was found (the old bidder, frozen in ``bench/old_rules_bidder.py``: today's
computer players bid by the method, which gives seed 123967 another auction, so
the search pins the bidder it was run with; :func:`finding_bidder`), South bids the bidding method's
call (:func:`~fivehundred.analysis.advisor.advise`) and plays as a learner who
follows the guided coach's hint (the rules player's card when it keeps the
best double-dummy result, else the first card that does).  A deal qualifies
when, on that line:

* East or West is the contractor, in a suit (South defends);
* at some trick East leads a low plain card (below the jack) and South, second
  to play, holds an honour (queen, king or ace) of that suit that beats it and
  at least one lower card;
* double dummy, every card of South's below the honour keeps the defence's
  best result and each honour costs at least one trick;
* after South's duck, South's honour wins a later trick on the line.

* nobody (East's lead aside) loses a trick double dummy from the duck on, so
  the honour's trick is earned, not handed back by a later slip;
* with ``--max-free N``: at most N of South's decisions before the duck offer
  a choice of cards (0: the duck is South's first choice, so a learner can't
  have left the planned line before it; the guide narrates only on the line).

The search is bounded (``--seconds``) and seeded (``--start``, ``--count``):

    nice -n 10 .venv/bin/python tools/find_second_hand_low.py --start 0 --count 400000 --seconds 840 --max-free 0

The library's hand is seed 123967 (dealer West): East's 4♦ at trick 1, South's
K♦ 10♦, West's A♦ behind; the 10♦ holds 6♠ to 8 tricks, the K♦ gives East 9.

Each find prints its seed, the double-dummy figures (the defence's tricks
after the duck and after the honour), the number of other "moments" on
South's line, and the hand record of the line.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from fivehundred.actions import Play
from fivehundred.analysis.advisor import advise
from fivehundred.analysis.grading import grade_hand
from fivehundred.analysis.solver import SearchCancelled, card_values
from fivehundred.cards import Rank
from fivehundred.players.rules_player import RulesPlayer
from fivehundred.round import Phase, Round
from fivehundred.scoring import NUM_TRICKS
from fivehundred.trumps import effective_suit, trick_rank

SOUTH, EAST, WEST = 2, 1, 3
HONOURS = (Rank.QUEEN, Rank.KING, Rank.ACE)


@dataclass
class Find:
    seed: int
    dealer: int
    trick: int
    led: str
    honours: tuple[str, ...]
    duck: int  # the defence's final tricks after the best low card
    rush: int  # ... after the best honour
    moments: int  # other South decisions where a minority of cards keep the best result
    top: bool  # the rules player, as South, would play the honour here (it holds the top card)
    slips: tuple[str, ...]  # cards before the duck (and East's lead) that cost their side a trick double dummy
    free: int  # South's decisions before the duck with more than one legal card (a learner may leave the line there)
    made: bool
    record: str


def finding_bidder() -> RulesPlayer:
    """The rules player with the bidder this search was run with (``bench/old_rules_bidder.py``, frozen)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "bench" / "old_rules_bidder.py"
    spec = importlib.util.spec_from_file_location("old_rules_bidder", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    player: RulesPlayer = module.OldRulesPlayer()
    return player


def _auction(r: Round, rules: RulesPlayer) -> None:
    while r.phase is Phase.AUCTION:
        seat = r.to_act
        assert seat is not None
        view = r.view(seat)
        r.apply(advise(view).recommended if seat == SOUTH else rules.choose(view))
    while r.phase is not Phase.PLAY and not r.is_over:
        seat = r.to_act
        assert seat is not None
        r.apply(rules.choose(r.view(seat)))


def _candidate(r: Round) -> tuple[Play, ...] | None:
    """South's honours that could win here, when this is a second-hand position after East's low plain lead."""
    trick = r.current_trick
    contract = r.contract
    if trick is None or len(trick.plays) != 1 or trick.plays[0][0] != EAST or r.to_act != SOUTH or contract is None:
        return None
    trump = contract.trump
    led_card = trick.plays[0][1]
    led = effective_suit(led_card, trump)
    if led is None or led is trump or led_card.is_joker or led_card.rank >= Rank.JACK:
        return None
    plays = r.legal_plays()
    if any(effective_suit(p.card, trump) is not led for p in plays):
        return None  # South must follow suit: every legal card is of the led suit
    beat = trick_rank(led_card, trump, led)
    honours = tuple(p for p in plays if p.card.rank in HONOURS and trick_rank(p.card, trump, led) > beat)
    low = [p for p in plays if p not in honours]
    return honours if honours and low else None


def _ducks(values: dict[Play, int], honours: tuple[Play, ...]) -> bool:
    """Whether every low card keeps the defence's best result and every honour costs at least a trick."""
    target = min(values.values())
    return all((values[p] > target) == (p in honours) for p in values)


def _hint_card(r: Round, rules: RulesPlayer, deadline: float) -> tuple[Play, dict[Play, int]]:
    """The guided coach's hint for South: the rules player's card if it keeps the best result, else the first that does."""
    values = card_values(r, deadline=deadline)
    target = min(values.values())  # South defends: fewer contractor tricks is better
    best = [p for p, v in values.items() if v == target]
    choice = rules.choose(r.view(SOUTH))
    pick = choice if isinstance(choice, Play) and choice in best else best[0]
    return pick, values


def examine(seed: int, deadline: float, max_free: int = 10, grade_budget: float | None = 5.0) -> Find | None:
    dealer = seed % 4
    rules = finding_bidder()
    r = Round.deal(seed=seed, dealer=dealer)
    _auction(r, rules)
    if r.is_over or r.contract is None or r.contractor not in (EAST, WEST) or r.contract.trump is None:
        return None
    # a quick pass with the rules player as South: is there a second-hand position at all?
    # (solving only there), before the costlier line where every South card is solved
    quick = r.copy()
    free = 0
    while not quick.is_over:
        honours = _candidate(quick)
        if honours and _ducks(card_values(quick, deadline=deadline), honours):
            break
        seat = quick.to_act
        assert seat is not None
        if seat == SOUTH and len(quick.legal_plays()) > 1:
            free += 1
            if free > max_free:
                return None
        quick.apply(rules.choose(quick.view(seat)))
    else:
        return None
    # the learner's line: South follows the hint at every card
    start = len(r.history)
    moments = 0
    free = 0
    found: tuple[int, Play, tuple[Play, ...], dict[Play, int], bool] | None = None
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        if seat != SOUTH:
            r.apply(rules.choose(r.view(seat)))
            continue
        pick, values = _hint_card(r, rules, deadline)
        honours = _candidate(r)
        target = min(values.values())
        best = {p for p, v in values.items() if v == target}
        if found is None and honours:
            if _ducks(values, honours):
                found = (len(r.history), pick, honours, values, rules.choose(r.view(SOUTH)) in honours)
                r.apply(pick)
                continue
        if len(values) > 1 and 2 * len(best) < len(values):
            moments += 1
        if found is None and len(values) > 1:
            free += 1
        r.apply(pick)
    if found is None or free > max_free:
        return None
    at, duck, honours, values, rushes = found
    trick_no = (at - start) // 4 + 1
    assert r.contract is not None
    won_later = any(
        t.winner(r.contract.trump) == SOUTH and any(seat == SOUTH and Play(card) in honours for seat, card in t.plays)
        for t in r.tricks[trick_no:]
    )
    if not won_later:
        return None
    # the K (or Q, A) must earn its trick: nobody slips from the duck on, so the line after it is best play
    graded = grade_hand(r, time_budget=grade_budget)  # seconds a card (None: no limit)
    if any(g.grade is None for g in graded):
        return None
    slips = [g for g in graded if g.tricks_lost]
    if any(g.trick > trick_no or (g.trick == trick_no and g.seat != EAST) for g in slips):
        return None
    earlier = tuple(f"trick {g.trick} {'NESW'[g.seat]} {g.play.card.label}" for g in slips)
    led = r.tricks[trick_no - 1].plays[0][1]
    contract_total = sum(r.tricks_won[s] for s in r.contracting_seats())
    assert r.contract is not None
    return Find(
        seed,
        dealer,
        trick_no,
        led.label,
        tuple(h.card.label for h in honours),
        NUM_TRICKS - values[duck],
        NUM_TRICKS - min(values[h] for h in honours),
        moments,
        rushes,
        earlier,
        free,
        contract_total >= r.contract.tricks,
        r.record(),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=600.0)
    parser.add_argument("--max-free", type=int, default=10,
                        help="at most this many of South's decisions before the duck offer a choice (0: the duck is South's first choice)")
    parser.add_argument("--solve-seconds", type=float, default=20.0, help="give up on a deal whose solves take longer")
    args = parser.parse_args()
    stop = time.monotonic() + args.seconds
    finds = 0
    for seed in range(args.start, args.start + args.count):
        if time.monotonic() > stop:
            print(f"time is up at seed {seed}", flush=True)
            break
        try:
            f = examine(seed, time.monotonic() + args.solve_seconds, args.max_free)
        except SearchCancelled:
            print(f"seed {seed}: solves too slow, skipped", flush=True)
            continue
        if f is None:
            continue
        finds += 1
        print(
            f"seed {f.seed} (dealer {f.dealer}): trick {f.trick}, East leads {f.led}, South holds {', '.join(f.honours)}; "
            f"defence {f.duck} tricks after the duck, {f.rush} after the honour; {f.moments} other moments; {f.free} free choices before it; "
            f"{'the rules player would rush the honour; ' if f.top else ''}"
            f"contract {'made' if f.made else 'set'}; slips: {', '.join(f.slips) or 'none'}",
            flush=True,
        )
        print("  " + f.record.replace("\n", "\n  "), flush=True)
    print(f"{finds} finds", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
