"""The bidding advisor's simulation mode: make-rate and expected score per bid over sampled deals.

For one seat's ten cards and the auction so far, :func:`simulate_bids` deals
the 33 cards the seat cannot see at random (seeded) to the other hands and
the kitty, keeping only deals where each other bidder's hand could have made
its bid (the rules player's trick count in the bid strain, with the usual
allowance for partner and kitty, reaches one less than the level bid).  For
each candidate strain the seat then wins the auction, takes the kitty, and
discards (and in no trumps nominates) as the :class:`~fivehundred.players.RulesPlayer`
would; the play is solved double-dummy by :mod:`fivehundred.analysis.solver`.

* Trick bids: null-window probes ("can the contracting side take k?") at the
  levels that are candidates, so a make-rate needs only the probes that
  separate the candidate levels, never a full solve.
* Open misère: one probe, "can the defenders force the contractor to take a
  trick?".  Everyone sees every card, as the defenders do against open misère.
* Misère: the defenders cannot see the contractor's cards, so a double-dummy
  solve would be far too harsh; the hand is played out by the rules player on
  every seat instead (cheap and deterministic).
* A pass scores 0: the simulation does not guess what the others would make.

Points come from :func:`fivehundred.scoring.score_hand` (a trick bid is scored
as made with exactly its tricks or set one short: overtricks are not searched,
so a slam bonus is not counted).

Cost is bounded: each probe has a **node budget** (a deterministic stand-in
for a deadline, so a seed always gives the same answer with the same solver;
``node_budget=None`` searches to the end).
A probe that runs out falls back to the rules player's playout for that
sample, kept within whatever the finished probes proved; the result reports
how many samples fell back (``timed_out``).  ``time_budget`` stops early with
``complete=False``; ``cancel()`` raises :class:`~fivehundred.analysis.solver.SearchCancelled`;
``progress(done, total)`` is called after each sample of each strain.

>>> p = BiddingProblem.make("JK JH JD AH KH QH 10H AS KS AC", dealer=3)
>>> sim = simulate_bids(p, samples=2, seed=1, candidates=["PASS", "8H"])
>>> [(str(o.bid), o.made, o.samples) for o in sim.outcomes]
[('PASS', 0, 2), ('8H', 2, 2)]
>>> str(sim.best.bid)
'8H'
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any, Callable, Generic, Iterable, Mapping, Sequence, TypeVar

from fivehundred.actions import Discard
from fivehundred.analysis.solver import SearchCancelled, Solver
from fivehundred.bidding import PASS, Bid, BidKind, Strain, ladder_positions
from fivehundred.cards import JOKER, Card, format_cards, pack
from fivehundred.checks import (
    bool_arg, budget_arg, callback_arg, cards_arg, count_arg, instance_arg, int_arg, items_arg, node_budget_arg,
    rules_arg, seed_arg,
)
from fivehundred import reasons
from fivehundred.errors import FiveHundredError, IllegalBidError, NotationError, shown
from fivehundred.players.rules_player import RulesPlayer, allowance, estimate_tricks, misere_danger
from fivehundred.round import Phase, Round, View
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import score_hand
from fivehundred.seating import side_of

__all__ = [
    "BiddingProblem",
    "BidOutcome",
    "Simulation",
    "DiscardOutcome",
    "DiscardSimulation",
    "simulate_bids",
    "standing_contract_value",
    "truthful_pass",
    "Follow",
    "follow_value",
    "simulate_follows",
    "TRUTHFUL_PASS_VERSION",
    "simulate_discards",
    "plausible_bids",
    "bid_score",
    "paired_difference",
    "NODE_BUDGET",
    "ALSO_FINE_MARGIN",
    "NOISE_Z",
    "BASES",
    "all_calls",
]

#: solver nodes one probe may visit before the sample falls back to a rules-player playout
NODE_BUDGET = 40_000
#: a bid whose expected score is within this many points of the best is "also fine" (or within noise: see :data:`NOISE_Z`)
ALSO_FINE_MARGIN = 40
#: a difference smaller than this many standard errors is noise: never "too high" or "too low" on it
NOISE_Z = 2.0
#: the grading bases: the rules player at every seat ("playout"), double-dummy probes ("double-dummy"), or every
#: call scored by what follows it: the rest of the auction by the method, the final contract played out, the
#: learner's side's points minus the opponents' ("what-follows", :func:`simulate_follows`)
BASES = ("playout", "double-dummy", "what-follows")
_MAX_TRIES = 400
#: the rules player the keys' playouts use: card play as the committed bank's keys (key version 2) were
#: played, before two of #24's known-failure fixes (RulesPlayer's ``key_basis``), so that a banked key and the
#: same quiz simulated again agree; the bank's rebuild (#23) moves it to the current player
_PLAYER = RulesPlayer(key_basis=True)


def bid_score(bid: Bid, made: bool, rules: Rules = AUSTRALIAN) -> int:
    """The contracting side's points for ``bid`` made (exactly) or set by one trick, from the scoring module.

    Raises:
        FiveHundredError: ``bid`` is a pass.
    """
    if bid.is_pass:
        raise FiveHundredError("a pass scores nothing: it is not a contract")
    if bid.is_misere:
        return score_hand(bid, 0 if made else 1, rules=rules).contractors
    return score_hand(bid, bid.tricks if made else bid.tricks - 1, rules=rules).contractors


# --------------------------------------------------------------------------- the problem
@dataclass(frozen=True)
class BiddingProblem:
    """A bidding decision: the seat's ten cards, the dealer and the calls made so far (from dealer's left).

    Build it with :meth:`make`, which checks the input.
    """

    hand: tuple[Card, ...]
    dealer: int
    auction: tuple[Bid, ...]
    rules: Rules
    seat: int

    @classmethod
    def make(
        cls,
        hand: str | Iterable[Card | str],
        *,
        dealer: int = 0,
        auction: Iterable[Bid | str] = (),
        rules: Rules = AUSTRALIAN,
    ) -> BiddingProblem:
        """Check and build a problem; the seat is whoever is to call after ``auction``.

        Raises:
            NotationError: the hand is not ten different cards of the pack, or a call does not parse.
            IllegalBidError: a call in the auction is not allowed, or the auction is over.
        """
        cards = cards_arg(hand, "hand")
        dealer = int_arg(dealer, "dealer")
        calls = items_arg(auction, "calls (auction)")
        rules = rules_arg(rules)
        if rules.players != 4:
            raise FiveHundredError(f"the bidding simulation covers the four-player game, not {rules.players} players")
        if len(cards) != rules.hand_size or len(set(cards)) != len(cards):
            raise NotationError(
                f"a hand is {rules.hand_size} different cards, not {len(cards)}: {shown(format_cards(cards))}",
                explanation=reasons.hand_needs_cards(rules.hand_size, len(set(cards))),
            )
        full = pack(rules.players)
        strange = [c for c in cards if c not in full]
        if strange:
            raise NotationError(f"not in the {len(full)}-card pack: {shown(strange[0].label)}")
        bids = tuple(Bid.parse(b) for b in calls)
        if not 0 <= dealer < rules.players:
            raise NotationError(f"no dealer seat {shown(dealer)}")
        # find the seat by replaying the auction on any filling of the pack
        rest = [c for c in full if c not in cards]
        probe = Round(rules, dealer, [cards, *(tuple(rest[i * 10:(i + 1) * 10]) for i in range(3))], tuple(rest[30:33]))
        for b in bids:
            if probe.phase is not Phase.AUCTION:
                raise IllegalBidError(f"the auction is already over before {shown(b.label)}")
            probe.apply(b)
        if probe.phase is not Phase.AUCTION or probe.to_act is None:
            raise IllegalBidError(
                f"the auction {shown(' '.join(str(b) for b in bids))} is over: nobody is left to call",
                explanation=reasons.no_call_left(),
            )
        return cls(cards, dealer, bids, rules, probe.to_act)

    def deal(self, others: Sequence[Sequence[Card]], kitty: Sequence[Card]) -> Round:
        """A round with this hand at the seat, ``others`` at the other seats (clockwise from the seat's left), auction replayed.

        Raises:
            NotationError: ``others`` is not a list of hands, or a card does not parse.
            FiveHundredError: the hands and kitty are not a deal of the pack (the round's own checks).
        """
        hands = [cards_arg(h, "cards of the other hands") for h in items_arg(others, "other hands")]
        if len(hands) != self.rules.players - 1:
            raise NotationError(f"the other hands are {self.rules.players - 1} hands, not {len(hands)}")
        return self._deal(hands, cards_arg(kitty, "kitty"))

    def _deal(self, others: Sequence[Sequence[Card]], kitty: Sequence[Card]) -> Round:
        """:meth:`deal` for the simulations' own deals (already cards: no checks)."""
        hands: list[tuple[Card, ...]] = [()] * self.rules.players
        hands[self.seat] = self.hand
        for i, h in enumerate(others):
            hands[(self.seat + 1 + i) % self.rules.players] = tuple(h)
        r = Round(self.rules, self.dealer, hands, tuple(kitty))
        for b in self.auction:
            r.apply(b)
        return r

    def _filler(self) -> Round:
        rest = [c for c in pack(self.rules.players) if c not in self.hand]
        return self._deal([rest[0:10], rest[10:20], rest[20:30]], rest[30:33])

    def view(self) -> View:
        """The seat's view of the auction (what :func:`~fivehundred.analysis.advisor.advise` reads)."""
        return self._filler().view(self.seat)

    def legal_bids(self) -> tuple[Bid, ...]:
        """The calls the seat may make now (pass first, then up the ladder)."""
        return self._filler().legal_bids()

    def check_bid(self, bid: Bid | str) -> Bid:
        """Parse ``bid`` and check the seat may make it now.

        Raises:
            NotationError: not a bid.
            IllegalBidError: not allowed in this auction (the message says why).
        """
        b = Bid.parse(bid)
        r = self._filler()
        r.check(b)
        return b

    def bidders(self) -> tuple[tuple[int, Bid], ...]:
        """The (seat, bid) pairs of every bid (not pass) made so far."""
        return tuple((s, b) for s, b in self._filler().auction if not b.is_pass)

    @property
    def code(self) -> str:
        """A compact text form: ``"<hand>|<dealer>|<calls>"``."""
        return f"{format_cards(self.hand)}|{self.dealer}|{' '.join(str(b) for b in self.auction)}"


def _fits(hand: Sequence[Card], bid: Bid, players: int) -> bool:
    """Could a seat holding ``hand`` have made ``bid``? (loose: the rules player's count, one trick of slack)."""
    if bid.is_misere:
        return JOKER not in hand and misere_danger(tuple(hand), players) <= 3
    if bid.kind is BidKind.TRICKS and bid.strain is not None:
        return estimate_tricks(tuple(hand), bid.strain, players) + allowance(players) >= bid.tricks - 1
    return True


def fits_auction(problem: BiddingProblem, hands_by_seat: Mapping[int, Sequence[Card]]) -> bool:
    """Whether every other bidder's hand in ``hands_by_seat`` could have made its (last) bid."""
    return _fits_last(_last_bids(problem), hands_by_seat, problem.rules.players)


def _last_bids(problem: BiddingProblem) -> dict[int, Bid]:
    """Each other bidder's last bid (worked out once per problem: :meth:`BiddingProblem.bidders` replays the auction)."""
    last: dict[int, Bid] = {}
    for s, b in problem.bidders():
        if s != problem.seat:
            last[s] = b
    return last


def _fits_last(last: Mapping[int, Bid], hands_by_seat: Mapping[int, Sequence[Card]], players: int) -> bool:
    return all(_fits(hands_by_seat[s], b, players) for s, b in last.items() if s in hands_by_seat)


def sample_deals(problem: BiddingProblem, known: Sequence[Card], n: int, seed: int | str) -> tuple[list[tuple[list[list[Card]], list[Card]]], int]:
    """``n`` seeded deals of the unseen cards: (other hands clockwise from the seat's left, kitty); and how many missed the auction fit."""
    players = problem.rules.players
    unseen = [c for c in pack(players) if c not in known]
    kitty_size = problem.rules.kitty_size
    out: list[tuple[list[list[Card]], list[Card]]] = []
    unfit = 0
    last = _last_bids(problem)
    for i in range(n):
        rng = random.Random(f"fivehundred-sim/{seed}/{i}")
        deal: tuple[list[list[Card]], list[Card]] | None = None
        for _try in range(_MAX_TRIES):
            cards = unseen[:]
            rng.shuffle(cards)
            others = [cards[k * 10:(k + 1) * 10] for k in range(players - 1)]
            kitty = cards[(players - 1) * 10:] if len(known) == problem.rules.hand_size else []
            deal = (others, kitty[:kitty_size])
            by_seat = {(problem.seat + 1 + k) % players: others[k] for k in range(players - 1)}
            if _fits_last(last, by_seat, players):
                break
        else:
            unfit += 1
        assert deal is not None
        out.append(deal)
    return out, unfit


# --------------------------------------------------------------------------- candidates
def plausible_bids(problem: BiddingProblem, *, strains: int = 2) -> tuple[Bid, ...]:
    """The calls worth simulating: pass, the legal levels near the count in the best ``strains`` strains, and misère when the hand is low.

    Strains are ranked by the rules player's trick count (the heuristic advisor's reasons).
    """
    legal = problem.legal_bids()
    players = problem.rules.players
    allow = allowance(players)
    est = {s: estimate_tricks(problem.hand, s, players) for s in Strain}
    ranked = sorted(Strain, key=lambda s: (-est[s], -s.order))
    out: list[Bid] = [PASS]
    chosen = 0
    for s in ranked:
        if chosen >= strains or est[s] < est[ranked[0]] - 1.0:
            break
        levels = [b for b in legal if b.kind is BidKind.TRICKS and b.strain is s]
        if not levels:
            continue
        chosen += 1
        centre = min(int(est[s] + allow), 10)
        near = [b for b in levels if centre - 1 <= b.tricks <= centre + 1]
        out.extend(near or levels[:1])
    if JOKER not in problem.hand and misere_danger(problem.hand, players) <= 3:
        out.extend(b for b in legal if b.kind in (BidKind.MISERE, BidKind.OPEN_MISERE))
    positions = ladder_positions(problem.rules)
    return tuple(sorted(set(out), key=lambda b: -1 if b.is_pass else positions[b]))


def all_calls(problem: BiddingProblem) -> tuple[Bid, ...]:
    """Every call the seat may make now (pass first, then up the ladder): what the playout key grades."""
    return problem.legal_bids()


# --------------------------------------------------------------------------- results
_O = TypeVar("_O", bound="_Outcome")
_C = TypeVar("_C")


class _Outcome:
    """What a call's or a discard's outcome holds besides the choice itself (:class:`BidOutcome`,
    :class:`DiscardOutcome`): how often the contract made over the samples, and the mean score."""

    made: int
    samples: int
    expected: float

    @property
    def make_rate(self) -> float:
        return self.made / self.samples if self.samples else 0.0


def paired_difference(top: Sequence[int], mine: Sequence[int]) -> tuple[float, float]:
    """How many points ``top`` scores above ``mine`` on average over the same deals, and the standard
    error of that paired difference (the spread of the per-deal differences over the square root of
    their number; 0 with fewer than two deals)."""
    diffs = [a - b for a, b in zip(top, mine)]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    if n < 2:
        return (mean, 0.0)
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return (mean, (var / n) ** 0.5)


class _Comparison(Generic[_O, _C]):
    """What :class:`Simulation` (calls) and :class:`DiscardSimulation` (discards) share: the candidates'
    outcomes on the same sampled deals, the best of them, and which others are as good within a margin
    or within noise.  A subclass says what a candidate is (:meth:`_choice`), whether the per-deal
    results were kept (:meth:`_paired`) and how far a candidate falls short (:meth:`difference`)."""

    outcomes: tuple[_O, ...]

    @property
    def best(self) -> _O:
        """The candidate with the highest expected score (on a tie, the earlier: the lower call)."""
        return max(self.outcomes, key=lambda o: (round(o.expected, 6), -self.outcomes.index(o)))

    def _choice(self, outcome: _O) -> _C:
        raise NotImplementedError

    def _paired(self) -> bool:
        raise NotImplementedError

    def difference(self, choice: _C) -> tuple[float, float]:
        raise NotImplementedError

    def within_noise(self, choice: _C) -> bool:
        """Whether the best candidate beats ``choice`` by less than :data:`NOISE_Z` standard errors."""
        diff, se = self.difference(choice)
        return diff <= NOISE_Z * se

    def also_fine(self, margin: float = ALSO_FINE_MARGIN) -> tuple[_C, ...]:
        """Every candidate within ``margin`` points of the best, or whose shortfall is within noise."""
        top = self.best.expected
        paired = self._paired()
        return tuple(self._choice(o) for o in self.outcomes
                     if o.expected >= top - margin or (paired and self.within_noise(self._choice(o))))


@dataclass(frozen=True)
class BidOutcome(_Outcome):
    """One call's result over the samples: how often it made and its mean score (a pass scores 0)."""

    bid: Bid
    made: int
    samples: int
    expected: float


@dataclass(frozen=True)
class Simulation(_Comparison[BidOutcome, Bid]):
    """What :func:`simulate_bids` found.

    ``tricks`` maps a strain label ("H", "NT", "MIS", "OMIS") to, per sample,
    the contracting side's tricks as far as the probes pinned them (the highest
    candidate level reached, or one below the lowest; for misère the
    contractor's tricks, 0 or 1+ shown as 1).  ``exact`` says per strain
    and sample whether the solver settled it (``False``: a rules-player playout
    stood in).
    """

    problem: BiddingProblem
    seed: int | str
    outcomes: tuple[BidOutcome, ...]
    tricks: dict[str, tuple[int, ...]]
    exact: dict[str, tuple[bool, ...]]
    timed_out: int
    unfit: int
    complete: bool
    seconds: float = 0.0
    basis: str = "double-dummy"
    #: the pass's points on each deal when it is scored by what follows (:func:`truthful_pass`); ``None``: 0 each
    pass_scores: tuple[int, ...] | None = None
    #: basis "what-follows": per call, what it led to on each deal (:class:`Follow`); ``None`` for the other bases
    follows: Mapping[Bid, tuple[Follow, ...]] | None = None

    def _choice(self, outcome: BidOutcome) -> Bid:
        return outcome.bid

    def _paired(self) -> bool:
        return bool(self.tricks) or self.follows is not None

    def outcome(self, bid: Bid | str) -> BidOutcome | None:
        b = Bid.parse(bid)
        return next((o for o in self.outcomes if o.bid == b), None)

    def scores(self, bid: Bid | str) -> tuple[int, ...]:
        """The call's points on each sampled deal (a pass: 0 on each).

        Raises:
            FiveHundredError: the call was not simulated.
        """
        b = Bid.parse(bid)
        if self.follows is not None:
            if b not in self.follows:
                raise FiveHundredError(f"{b.label} was not simulated")
            return tuple(f.value for f in self.follows[b])
        if b.is_pass:
            return self.pass_scores if self.pass_scores is not None else (0,) * self.best.samples
        label = b.strain.value if b.strain is not None else b.kind.value
        if label not in self.tricks or self.outcome(b) is None:
            raise FiveHundredError(f"{b.label} was not simulated")
        win, lose = bid_score(b, True, self.problem.rules), bid_score(b, False, self.problem.rules)
        return tuple(win if _made(b, t) else lose for t in self.tricks[label])

    def difference(self, bid: Bid | str) -> tuple[float, float]:
        """How many points the best call scores above ``bid`` on average, and the standard error of that difference.

        The difference is paired (the same deals for every call): :func:`paired_difference`.

        Raises:
            FiveHundredError: the call was not simulated.
        """
        return paired_difference(self.scores(self.best.bid), self.scores(bid))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (what the quiz bank stores)."""
        return {
            "seed": self.seed,
            "outcomes": [[str(o.bid), o.made, o.samples, round(o.expected, 3)] for o in self.outcomes],
            "tricks": {k: list(v) for k, v in self.tricks.items()},
            "exact": {k: [int(x) for x in v] for k, v in self.exact.items()},
            "timed_out": self.timed_out,
            "unfit": self.unfit,
            "complete": self.complete,
            "basis": self.basis,
        }

    def to_compact(self) -> dict[str, Any]:
        """A small JSON form for the bank: the tricks per strain as digit strings ("a" for ten); outcomes are recomputed on reading.

        Basis "what-follows": per call, the final contracts it led to and what each deal gave (:func:`_follows_text`).
        """
        if self.follows is not None:
            return {
                "seed": self.seed,
                "basis": self.basis,
                "calls": [str(o.bid) for o in self.outcomes],
                "follows": {str(b): _follows_text(fs) for b, fs in self.follows.items()},
                "inexact": {str(b): "".join("01"[not f.exact] for f in fs) for b, fs in self.follows.items()
                            if not all(f.exact for f in fs)},
                "unfit": self.unfit,
                "complete": self.complete,
            }
        return {
            "seed": self.seed,
            "basis": self.basis,
            "calls": [str(o.bid) for o in self.outcomes],
            "tricks": {k: "".join("0123456789a"[t] for t in v) for k, v in self.tricks.items()},
            "inexact": {k: "".join("01"[not x] for x in v) for k, v in self.exact.items() if not all(v)},
            "unfit": self.unfit,
            "complete": self.complete,
        }

    @classmethod
    def from_compact(cls, problem: BiddingProblem, data: dict[str, Any]) -> Simulation:
        """Read :meth:`to_compact`'s output back (the outcomes are recomputed from the tricks).

        Raises:
            FiveHundredError: the data is not a stored simulation.
        """
        if data.get("basis") == "what-follows":
            return cls._from_compact_follows(problem, data)
        try:
            tricks = {k: tuple(int(ch, 16) for ch in v) for k, v in data["tricks"].items()}
            exact = {k: tuple(True for _ in v) for k, v in tricks.items()}
            for k, v in data.get("inexact", {}).items():
                exact[k] = tuple(ch == "0" for ch in v)
            bids = tuple(Bid.parse(b) for b in data["calls"])
            n = len(next(iter(tricks.values()))) if tricks else 0
            timed_out = sum(1 for i in range(n) if not all(exact[k][i] for k in exact))
            return cls(
                problem, data["seed"], _outcomes(problem, bids, tricks, n), tricks, exact, timed_out,
                int(data["unfit"]), bool(data["complete"]), 0.0, str(data.get("basis", "playout")),
            )
        except (KeyError, TypeError, ValueError, StopIteration) as exc:
            raise FiveHundredError(f"not a stored simulation: {exc}") from exc


    @classmethod
    def _from_compact_follows(cls, problem: BiddingProblem, data: dict[str, Any]) -> Simulation:
        try:
            follows: dict[Bid, tuple[Follow, ...]] = {}
            for label, text in data["follows"].items():
                bid = Bid.parse(label)
                inexact = data.get("inexact", {}).get(label, "")
                follows[bid] = _follows_read(problem, text, inexact)
            bids = tuple(Bid.parse(b) for b in data["calls"])
            n = len(follows[bids[0]])
            if set(follows) != set(bids) or any(len(fs) != n for fs in follows.values()):
                raise ValueError("every call needs a result on each of the same deals")
            timed_out = sum(1 for i in range(n) if not all(fs[i].exact for fs in follows.values()))
            return cls(
                problem, data["seed"], _follow_outcomes(problem.seat, bids, follows), {}, {}, timed_out,
                int(data["unfit"]), bool(data["complete"]), 0.0, "what-follows", None, follows,
            )
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise FiveHundredError(f"not a stored simulation: {exc}") from exc


def _made(bid: Bid, tricks: int) -> bool:
    """Whether ``bid`` made with the contracting side's ``tricks`` (misère: the contractor's tricks)."""
    return tricks == 0 if bid.is_misere else tricks >= bid.tricks


def _outcomes(problem: BiddingProblem, bids: Sequence[Bid], tricks: Mapping[str, Sequence[int]], n: int) -> tuple[BidOutcome, ...]:
    out: list[BidOutcome] = []
    for b in bids:
        if b.is_pass:
            out.append(BidOutcome(b, 0, n, 0.0))
            continue
        label = b.strain.value if b.strain is not None else b.kind.value
        ts = tricks[label][:n]
        made = sum(1 for t in ts if _made(b, t))
        win, lose = bid_score(b, True, problem.rules), bid_score(b, False, problem.rules)
        expected = (made * win + (len(ts) - made) * lose) / len(ts) if ts else 0.0
        out.append(BidOutcome(b, made, len(ts), expected))
    return tuple(out)


# --------------------------------------------------------------------------- solving
def to_play(r: Round, player: RulesPlayer = _PLAYER) -> Round:
    """Let the rules player take the kitty steps (discard, nomination) until the play starts."""
    while r.phase not in (Phase.PLAY, Phase.OVER):
        seat = r.to_act
        assert seat is not None
        r.apply(player.choose(r.view(seat)))
    return r


def win_auction(r: Round, seat: int, bid: Bid) -> Round:
    r.apply(bid)
    while r.phase is Phase.AUCTION:
        r.apply(PASS)
    if r.contractor != seat:
        raise FiveHundredError(f"simulation: seat {seat} did not win the auction with {bid.label}")
    return r


def _playout_tricks(r: Round, player: RulesPlayer = _PLAYER) -> int:
    """The contracting side's tricks when the rules player plays every seat (misère: the contractor's)."""
    r = r.copy()
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        r.apply(player.choose(r.view(seat)))
    assert r.contractor is not None and r.contract is not None
    if r.contract.is_misere:
        return r.tricks_won[r.contractor]
    return sum(r.tricks_won[s] for s in r.contracting_seats())


class _Clock:
    def __init__(self, time_budget: float | None, cancel: Callable[[], bool] | None) -> None:
        self.end = None if time_budget is None else time.monotonic() + time_budget
        self.cancel = cancel

    def out_of_time(self) -> bool:
        if self.cancel is not None and self.cancel():
            raise SearchCancelled("simulation stopped: cancelled")
        return self.end is not None and time.monotonic() > self.end


def _probe(solver: Solver, k: int, budget: int | None, clock: _Clock) -> bool | None:
    """``solver.can_take(k)`` within about ``budget`` nodes; ``None`` if the budget ran out.

    The solver polls its ``cancel`` callable once every 1024 nodes, so counting
    the polls measures the work done, the same on every run (``None``: no limit).
    """
    polls = 0
    limit = None if budget is None else max(1, budget // 1024)

    def stop() -> bool:
        nonlocal polls
        if clock.cancel is not None and clock.cancel():
            raise SearchCancelled("simulation stopped: cancelled")
        polls += 1
        return limit is not None and polls >= limit

    try:
        return solver.can_take(k, cancel=stop)
    except SearchCancelled:
        if clock.cancel is not None and clock.cancel():
            raise
        return None


def _threshold_tricks(r: Round, levels: Sequence[int], budget: int | None, clock: _Clock) -> tuple[int, bool]:
    """The highest of ``levels`` the contracting side can reach (or min(levels) - 1), and whether it is exact."""
    solver = Solver.from_round(r)
    lo, hi = -1, len(levels)  # levels[:lo+1] reached; levels[hi:] not reached
    exact = True
    while hi - lo > 1:
        mid = (lo + hi) // 2
        ok = _probe(solver, levels[mid], budget, clock)
        if ok is None:
            exact = False
            break
        if ok:
            lo = mid
        else:
            hi = mid
    if not exact:
        played = _playout_tricks(r)
        reached = sum(1 for k in levels if k <= played) - 1
        lo = min(max(reached, lo), hi - 1)
    return (levels[lo] if lo >= 0 else levels[0] - 1), exact


def simulate_bids(
    problem: BiddingProblem,
    *,
    samples: int = 12,
    seed: int | str = 0,
    candidates: Iterable[Bid | str] | None = None,
    node_budget: int | None = NODE_BUDGET,
    time_budget: float | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
    extend: bool | None = None,
    basis: str = "double-dummy",
) -> Simulation:
    """Make-rate and expected score for each candidate call (default: :func:`plausible_bids`).

    ``basis="playout"`` plays every deal out with the rules player at every
    seat (open misère: a double-dummy probe, since its defenders see the
    contractor's hand), once per strain, so every legal call is graded
    (``candidates`` default: :func:`all_calls`) and the actual tricks are
    kept; this is the quiz key's basis (see ``bench/quiz.py`` for its
    calibration against the search player).

    With ``extend`` (the default when ``candidates`` is not given), a strain
    whose highest candidate still makes in three samples of four is tried one
    level higher, and so on, so the key never stops below a bid that is worth it.

    Raises:
        NotationError: a candidate is not a bid.
        IllegalBidError: a candidate is not allowed in this auction.
        NotationError: an argument is of the wrong kind (not a problem, not a number, not a function...).
        FiveHundredError: ``samples`` is not a whole number from 1 to :data:`~fivehundred.checks.MAX_SAMPLES`.
        SearchCancelled: ``cancel()`` returned true.
    """
    problem = instance_arg(problem, BiddingProblem, "problem", "use BiddingProblem.make(hand, ...)")
    samples = count_arg(samples, "samples")
    seed = seed_arg(seed)
    if candidates is not None:
        candidates = items_arg(candidates, "candidate calls")
    node_budget = node_budget_arg(node_budget)
    time_budget = budget_arg(time_budget, "time_budget")
    cancel = callback_arg(cancel, "cancel")
    progress = callback_arg(progress, "progress")
    if extend is not None:
        extend = bool_arg(extend, "extend")
    if basis not in BASES:
        raise FiveHundredError(f"no grading basis {shown(basis)} (bases: {', '.join(BASES)})")
    if basis == "what-follows":
        return _simulate_follows(problem, samples, seed, candidates, node_budget, time_budget, cancel, progress)
    if basis == "playout":
        return _simulate_playout(problem, samples, seed, candidates, node_budget, time_budget, cancel, progress)
    started = time.monotonic()
    bids = plausible_bids(problem) if candidates is None else tuple(problem.check_bid(b) for b in candidates)
    if extend is None:
        extend = candidates is None
    if PASS not in bids:
        bids = (PASS, *bids)
    positions = ladder_positions(problem.rules)
    bids = tuple(sorted(set(bids), key=lambda b: -1 if b.is_pass else positions[b]))
    # one job per strain (or misère kind): the cheapest candidate in it is the contract played
    jobs: dict[str, list[Bid]] = {}
    for b in bids:
        if b.is_pass:
            continue
        label = b.strain.value if b.strain is not None else b.kind.value
        jobs.setdefault(label, []).append(b)
    deals, unfit = sample_deals(problem, problem.hand, samples, seed)
    clock = _Clock(time_budget, cancel)
    tricks: dict[str, list[int]] = {k: [] for k in jobs}
    exact: dict[str, list[bool]] = {k: [] for k in jobs}
    total = samples * len(jobs)
    done = 0
    complete = True
    n_done = 0
    for i, (others, kitty) in enumerate(deals):
        if clock.out_of_time():
            complete = False
            break
        for label, group in jobs.items():
            r = to_play(win_auction(problem._deal(others, kitty), problem.seat, group[0]))
            kind = group[0].kind
            if kind is BidKind.MISERE:
                t, ok = _playout_tricks(r), True
                t = min(t, 1)
            elif kind in (BidKind.OPEN_MISERE, BidKind.BLIND_MISERE):
                res = _probe(Solver.from_round(r), 1, node_budget, clock)
                ok = res is not None
                t = (1 if res else 0) if ok else min(_playout_tricks(r), 1)
            else:
                t, ok = _threshold_tricks(r, [b.tricks for b in group], node_budget, clock)
            tricks[label].append(t)
            exact[label].append(ok)
            done += 1
            if progress is not None:
                progress(done, total)
        n_done = i + 1
    # a strain whose top candidate still makes three times in four: try the next level up, on the samples that reached it
    for label, group in jobs.items() if extend and complete else ():
        top = group[-1]
        while top.kind is BidKind.TRICKS and top.tricks < 10 and n_done:
            reached = [i for i in range(n_done) if tricks[label][i] >= top.tricks]
            if 4 * len(reached) < 3 * n_done:
                break
            nxt = Bid.parse(f"{top.tricks + 1}{label}")
            total += len(reached)
            if clock.out_of_time():
                complete = False
                break
            for i in reached:
                others, kitty = deals[i]
                r = to_play(win_auction(problem._deal(others, kitty), problem.seat, group[0]))
                res = _probe(Solver.from_round(r), nxt.tricks, node_budget, clock)
                if res is None:
                    exact[label][i] = False
                    res = _playout_tricks(r) >= nxt.tricks
                if res:
                    tricks[label][i] = nxt.tricks
                done += 1
                if progress is not None:
                    progress(done, total)
            group.append(nxt)
            bids = (*bids, nxt)
            top = nxt
    bids = tuple(sorted(set(bids), key=lambda b: -1 if b.is_pass else positions[b]))
    timed_out = sum(1 for i in range(n_done) if not all(exact[label][i] for label in jobs))
    outcomes: list[BidOutcome] = []
    for b in bids:
        if b.is_pass:
            outcomes.append(BidOutcome(b, 0, n_done, 0.0))
            continue
        label = b.strain.value if b.strain is not None else b.kind.value
        ts = tricks[label][:n_done]
        made = sum(1 for t in ts if (t == 0 if b.is_misere else t >= b.tricks))
        win, lose = bid_score(b, True, problem.rules), bid_score(b, False, problem.rules)
        expected = (made * win + (len(ts) - made) * lose) / len(ts) if ts else 0.0
        outcomes.append(BidOutcome(b, made, len(ts), expected))
    return Simulation(
        problem,
        seed,
        tuple(outcomes),
        {k: tuple(v[:n_done]) for k, v in tricks.items()},
        {k: tuple(v[:n_done]) for k, v in exact.items()},
        timed_out,
        unfit,
        complete,
        time.monotonic() - started,
    )


def _graded_calls(problem: BiddingProblem, candidates: Iterable[Bid | str] | None) -> tuple[Bid, ...]:
    """The calls a key grades (default: every legal call), checked, with pass, in ladder order."""
    bids = all_calls(problem) if candidates is None else tuple(problem.check_bid(b) for b in candidates)
    if PASS not in bids:
        bids = (PASS, *bids)
    positions = ladder_positions(problem.rules)
    return tuple(sorted(set(bids), key=lambda b: -1 if b.is_pass else positions[b]))


def _simulate_playout(
    problem: BiddingProblem,
    samples: int,
    seed: int | str,
    candidates: Iterable[Bid | str] | None,
    node_budget: int | None,
    time_budget: float | None,
    cancel: Callable[[], bool] | None,
    progress: Callable[[int, int], None] | None,
) -> Simulation:
    started = time.monotonic()
    bids = _graded_calls(problem, candidates)
    jobs: dict[str, Bid] = {}
    for b in bids:
        if not b.is_pass:
            jobs.setdefault(b.strain.value if b.strain is not None else b.kind.value, b)
    deals, unfit = sample_deals(problem, problem.hand, samples, seed)
    clock = _Clock(time_budget, cancel)
    tricks: dict[str, list[int]] = {k: [] for k in jobs}
    exact: dict[str, list[bool]] = {k: [] for k in jobs}
    total, done, n_done, complete = samples * len(jobs), 0, 0, True
    for i, (others, kitty) in enumerate(deals):
        if clock.out_of_time():
            complete = False
            break
        for label, contract in jobs.items():
            r = to_play(win_auction(problem._deal(others, kitty), problem.seat, contract))
            ok = True
            if contract.is_misere and JOKER in problem.hand:
                t = 1  # the joker wins the trick it is played to: a misère with it is always beaten
            elif contract.kind in (BidKind.OPEN_MISERE, BidKind.BLIND_MISERE):
                # defenders who see the hand beat it at least as often as the rules player does; probe the rest
                t = min(_playout_tricks(r), 1)
                if t == 0:
                    res = _probe(Solver.from_round(r), 1, node_budget, clock)
                    ok = res is not None
                    t = (1 if res else 0) if ok else 0
            else:
                t = _playout_tricks(r)
            tricks[label].append(t)
            exact[label].append(ok)
            done += 1
            if progress is not None:
                progress(done, total)
        n_done = i + 1
    timed_out = sum(1 for i in range(n_done) if not all(exact[k][i] for k in jobs))
    return Simulation(
        problem, seed, _outcomes(problem, bids, tricks, n_done),
        {k: tuple(v) for k, v in tricks.items()}, {k: tuple(v) for k, v in exact.items()},
        timed_out, unfit, complete, time.monotonic() - started, "playout",
    )


# --------------------------------------------------------------------------- every call scored by what follows
#: the player the "what-follows" keys bid and play with at every seat: the computer players as they play today
#: (their calls are the method's, :func:`fivehundred.bidding_method.method_call`), not the frozen ``key_basis``
#: card play of the playout keys
_FOLLOW_PLAYER = RulesPlayer()
_TRICK_DIGITS = "0123456789a"
#: the characters that write a final contract's index (two of them, base 91: a pass can lead to many contracts)
_FINAL_INDEX = "".join(chr(c) for c in range(33, 127) if chr(c) not in '"\\|')


@dataclass(frozen=True)
class Follow:
    """What one call led to on one sampled deal (the key basis "what-follows", :func:`simulate_follows`).

    ``contractor`` and ``contract`` are the hand's final contract (``None``: everyone passed and nobody
    scores); ``tricks`` the contracting side's tricks (misère: the contractor's, 1 standing for "beaten");
    ``value`` the learner's side's points minus the opponents' for the hand, as :func:`follow_value`
    scores it; ``exact`` is false when an open-misère probe ran out of its node budget and the rules
    player's playout stood in.
    """

    contractor: int | None
    contract: Bid | None
    tricks: int
    value: int
    exact: bool = True

    @property
    def made(self) -> bool:
        """Whether the hand's contract made (false when nobody played one)."""
        return self.contract is not None and _made(self.contract, self.tricks)


def follow_value(rules: Rules, seat: int, contractor: int | None, contract: Bid | None, tricks: int) -> int:
    """The points of ``seat``'s side minus the other side's for a hand whose final contract is ``contract``
    played by ``contractor`` and taking ``tricks`` (the contracting side's; misère: the contractor's), scored by
    :func:`fivehundred.scoring.score_hand` with the defenders' tricks; 0 when everyone passed.

    >>> follow_value(AUSTRALIAN, 0, 1, Bid.parse("7S"), 6)   # East's 7♠ set by one: East-West -140, North-South 40
    180
    >>> follow_value(AUSTRALIAN, 0, 2, Bid.parse("7S"), 8)   # partner's 7♠ made with 8: 140, the defence 20
    120
    """
    if contract is None or contractor is None:
        return 0
    score = score_hand(contract, tricks, rules=rules)
    swing = score.contractors - sum(score.defenders)
    return swing if side_of(seat, rules) == side_of(contractor, rules) else -swing


#: one deal's hands already played out by :func:`_follow`: (contractor, contract, partners) → (tricks, exact)
_Played = dict[tuple[int, Bid, tuple[int, ...]], tuple[int, bool]]


def _follow(problem: BiddingProblem, others: Sequence[Sequence[Card]], kitty: Sequence[Card], call: Bid,
            node_budget: int | None, clock: _Clock, played: _Played | None = None) -> Follow:
    """``call`` at the seat on one deal, then the rest of the auction by the method and the hand played out.

    ``played`` (one deal's, shared by its calls) keeps each play-out: once the kitty, the partner call and the
    nomination are made, the rules player's card play depends on the auction only through who plays which
    contract with whom, so two calls that end in the same contract, contractor and partners on the same deal
    play the same hand (a test checks it against playing every call out)."""
    r = problem._deal(others, kitty)
    r.apply(call)
    while r.phase is Phase.AUCTION:
        seat = r.to_act
        assert seat is not None
        r.apply(_FOLLOW_PLAYER.choose(r.view(seat)))
    contract, contractor = r.contract, r.contractor
    if contract is None or contractor is None:
        return Follow(None, None, 0, 0)
    r = to_play(r, _FOLLOW_PLAYER)
    hand = (contractor, contract, tuple(sorted(r.partners)))
    if played is not None and hand in played:
        tricks, exact = played[hand]
        return Follow(contractor, contract, tricks, follow_value(problem.rules, problem.seat, contractor, contract, tricks), exact)
    tricks, exact = _playout_tricks(r, _FOLLOW_PLAYER), True
    if contract.is_misere:
        tricks = min(tricks, 1)
        if tricks == 0 and contract.kind in (BidKind.OPEN_MISERE, BidKind.BLIND_MISERE):
            # the defenders see the open hand: they beat it whenever a double-dummy search can force a trick
            res = _probe(Solver.from_round(r), 1, node_budget, clock)
            exact = res is not None
            tricks = 1 if res else 0
    if played is not None:
        played[hand] = (tricks, exact)
    return Follow(contractor, contract, tricks, follow_value(problem.rules, problem.seat, contractor, contract, tricks), exact)


def _follow_outcomes(seat: int, bids: Sequence[Bid], follows: Mapping[Bid, Sequence[Follow]]) -> tuple[BidOutcome, ...]:
    """Each call's outcome: ``expected`` is the mean of its values; ``made`` counts, for a bid, the deals on which
    the seat played that very contract and made it (on the others it was set, or someone bid on), and for a pass
    the deals on which the contract the hand was played in made, whoever played it."""
    out = []
    for b in bids:
        fs = follows[b]
        made = sum(f.made for f in fs) if b.is_pass else sum(f.made and f.contractor == seat and f.contract == b for f in fs)
        out.append(BidOutcome(b, made, len(fs), sum(f.value for f in fs) / len(fs) if fs else 0.0))
    return tuple(out)


def _follows_text(fs: Sequence[Follow]) -> str:
    """The compact form of one call's results: the final contracts (``"seat:bid"``, space-separated, the most
    common first), a bar, then each deal: the contracting side's tricks alone when the hand was played in the
    first contract, ``.`` with the contract's index (two characters) and the tricks when in another, ``-`` when
    everyone passed."""
    counts: dict[str, int] = {}
    for f in fs:
        if f.contract is not None:
            name = f"{f.contractor}:{f.contract}"
            counts[name] = counts.get(name, 0) + 1
    finals = sorted(counts, key=lambda name: -counts[name])
    codes = []
    for f in fs:
        if f.contract is None:
            codes.append("-")
            continue
        i = finals.index(f"{f.contractor}:{f.contract}")
        base = len(_FINAL_INDEX)
        codes.append(_TRICK_DIGITS[f.tricks] if i == 0
                     else "." + _FINAL_INDEX[i // base] + _FINAL_INDEX[i % base] + _TRICK_DIGITS[f.tricks])
    return " ".join(finals) + "|" + "".join(codes)


def _follows_read(problem: BiddingProblem, text: str, inexact: str) -> tuple[Follow, ...]:
    head, codes = text.split("|")
    finals = [(int(seat), Bid.parse(bid)) for seat, bid in (name.split(":") for name in head.split())]
    out: list[Follow] = []
    i = 0
    while i < len(codes):
        exact = not inexact or inexact[len(out)] == "0"
        if codes[i] == "-":
            out.append(Follow(None, None, 0, 0, exact))
            i += 1
            continue
        if codes[i] == ".":
            index = _FINAL_INDEX.index(codes[i + 1]) * len(_FINAL_INDEX) + _FINAL_INDEX.index(codes[i + 2])
            tricks = _TRICK_DIGITS.index(codes[i + 3])
            i += 4
        else:
            index, tricks = 0, _TRICK_DIGITS.index(codes[i])
            i += 1
        contractor, contract = finals[index]
        out.append(Follow(contractor, contract, tricks, follow_value(problem.rules, problem.seat, contractor, contract, tricks), exact))
    if inexact and len(inexact) != len(out):
        raise ValueError("the inexact marks do not match the deals")
    return tuple(out)


def simulate_follows(
    problem: BiddingProblem,
    *,
    samples: int = 12,
    seed: int | str = 0,
    candidates: Iterable[Bid | str] | None = None,
    node_budget: int | None = NODE_BUDGET,
    time_budget: float | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Simulation:
    """Every call scored by what follows it (``simulate_bids(..., basis="what-follows")``, issue #23).

    On each sampled deal (the same deals for every call), the seat makes the call; every seat then calls as
    the computer players do, by the bidding method (the seat's own later turns too: once it has bid, the
    method passes), until the auction ends; the final contract, whoever bought it, is played out by the
    rules player at every seat (kitty, partner call and nomination included; against an open misère the
    defenders, who see the hand, beat it whenever a double-dummy probe can force a trick); and the call's
    value on that deal is the seat's side's points minus the opponents' for the hand, scored by the rules
    (:func:`follow_value`): contract points, set penalties and the defenders' tricks.  A pass is scored the
    same way as every other call, never 0 by fiat: over a standing bid it usually hands the opponents their
    contract; with nothing standing, the others may still bid, or the hand is thrown in (0).

    ``candidates`` default: every legal call.  Raises as :func:`simulate_bids`.
    """
    return simulate_bids(problem, samples=samples, seed=seed, candidates=candidates, node_budget=node_budget,
                         time_budget=time_budget, cancel=cancel, progress=progress, basis="what-follows")


def _simulate_follows(
    problem: BiddingProblem,
    samples: int,
    seed: int | str,
    candidates: Iterable[Bid | str] | None,
    node_budget: int | None,
    time_budget: float | None,
    cancel: Callable[[], bool] | None,
    progress: Callable[[int, int], None] | None,
) -> Simulation:
    started = time.monotonic()
    bids = _graded_calls(problem, candidates)
    deals, unfit = sample_deals(problem, problem.hand, samples, seed)
    clock = _Clock(time_budget, cancel)
    follows: dict[Bid, list[Follow]] = {b: [] for b in bids}
    total, done, n_done, complete = samples * len(bids), 0, 0, True
    for others, kitty in deals:
        if clock.out_of_time():
            complete = False
            break
        played: _Played = {}
        for b in bids:
            follows[b].append(_follow(problem, others, kitty, b, node_budget, clock, played))
            done += 1
            if progress is not None:
                progress(done, total)
        n_done += 1
    kept = {b: tuple(v[:n_done]) for b, v in follows.items()}
    timed_out = sum(1 for i in range(n_done) if not all(fs[i].exact for fs in kept.values()))
    return Simulation(
        problem, seed, _follow_outcomes(problem.seat, bids, kept), {}, {}, timed_out, unfit, complete,
        time.monotonic() - started, "what-follows", None, kept,
    )


# --------------------------------------------------------------------------- the kitty
@dataclass(frozen=True)
class DiscardOutcome(_Outcome):
    """One discard's result: how often the contract made after it, and the mean score."""

    discard: Discard
    made: int
    samples: int
    expected: float


@dataclass(frozen=True)
class DiscardSimulation(_Comparison[DiscardOutcome, Discard]):
    """What :func:`simulate_discards` found, per candidate discard."""

    contract: Bid
    outcomes: tuple[DiscardOutcome, ...]
    timed_out: int
    complete: bool
    #: per candidate (in ``outcomes`` order), whether the contract made on each sampled deal (empty: not kept)
    per_deal: tuple[tuple[bool, ...], ...] = ()
    basis: str = "double-dummy"

    def _choice(self, outcome: DiscardOutcome) -> Discard:
        return outcome.discard

    def _paired(self) -> bool:
        return bool(self.per_deal)

    def difference(self, discard: Discard) -> tuple[float, float]:
        """Points the best discard scores above ``discard`` on average, and the standard error of that
        (paired) difference (:func:`paired_difference`).

        Raises:
            FiveHundredError: the discard was not simulated, or the per-deal results were not kept.
        """
        idx = next((i for i, o in enumerate(self.outcomes) if o.discard == discard), None)
        if idx is None or not self.per_deal:
            raise FiveHundredError(f"no per-deal results for the discard {' '.join(c.label for c in discard.cards)}")
        win, lose = bid_score(self.contract, True), bid_score(self.contract, False)
        points = [tuple(win if made else lose for made in deals) for deals in self.per_deal]
        return paired_difference(points[self.outcomes.index(self.best)], points[idx])

    def to_compact(self) -> dict[str, Any]:
        """A small JSON form for the bank: each discard with its made/set string over the deals."""
        return {
            "basis": self.basis,
            "discards": [" ".join(str(c) for c in o.discard.cards) for o in self.outcomes],
            "made": ["".join("1" if x else "0" for x in v) for v in self.per_deal],
            "timed_out": self.timed_out,
            "complete": self.complete,
        }

    @classmethod
    def from_compact(cls, contract: Bid, data: dict[str, Any]) -> DiscardSimulation:
        """Read :meth:`to_compact`'s output back.

        Raises:
            FiveHundredError: the data is not a stored simulation.
        """
        try:
            per = tuple(tuple(ch == "1" for ch in v) for v in data["made"])
            win, lose = bid_score(contract, True), bid_score(contract, False)
            outs = tuple(
                DiscardOutcome(Discard.parse(d), sum(v), len(v), (sum(v) * win + (len(v) - sum(v)) * lose) / len(v))
                for d, v in zip(data["discards"], per, strict=True)
            )
            return cls(contract, outs, int(data["timed_out"]), bool(data["complete"]), per, str(data.get("basis", "playout")))
        except (KeyError, TypeError, ValueError) as exc:
            raise FiveHundredError(f"not a stored discard simulation: {exc}") from exc

    def to_dict(self) -> dict[str, Any]:
        return {
            "outcomes": [[" ".join(str(c) for c in o.discard.cards), o.made, o.samples, round(o.expected, 3)] for o in self.outcomes],
            "timed_out": self.timed_out,
            "complete": self.complete,
        }


def simulate_discards(
    problem: BiddingProblem,
    kitty: str | Iterable[Card | str],
    contract: Bid | str,
    candidates: Iterable[Discard | str | Iterable[Card | str]],
    *,
    samples: int = 12,
    seed: int | str = 0,
    node_budget: int | None = NODE_BUDGET,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
    basis: str = "double-dummy",
) -> DiscardSimulation:
    """The seat bids ``contract`` and wins it, takes ``kitty``; for each candidate discard, the make-rate over sampled deals.

    The other 30 cards are dealt at random (seeded) to the other three hands.
    ``basis="playout"``: the rules player plays every seat (the quiz key's basis).

    Raises:
        NotationError: a card or bid does not parse.
        IllegalBidError: the contract is not allowed in this auction.
        IllegalPlayError: a candidate is not three different cards of the hand and kitty.
        FiveHundredError: the kitty is not three cards the seat cannot see, or the contract is a misère;
            ``samples`` is not a whole number from 1 to :data:`~fivehundred.checks.MAX_SAMPLES`.
    """
    problem = instance_arg(problem, BiddingProblem, "problem", "use BiddingProblem.make(hand, ...)")
    samples = count_arg(samples, "samples")
    seed = seed_arg(seed)
    node_budget = node_budget_arg(node_budget)
    cancel = callback_arg(cancel, "cancel")
    progress = callback_arg(progress, "progress")
    if basis not in BASES:
        raise FiveHundredError(f"no grading basis {shown(basis)} (bases: {', '.join(BASES)})")
    bid = problem.check_bid(contract)
    if bid.kind is not BidKind.TRICKS:
        raise FiveHundredError(f"the discard simulation needs a trick contract, not {shown(bid.label)}")
    kitty_cards = cards_arg(kitty, "kitty")
    if len(kitty_cards) != problem.rules.kitty_size or any(c in problem.hand for c in kitty_cards):
        raise FiveHundredError(
            f"the kitty is {problem.rules.kitty_size} cards not in the hand, not {shown(format_cards(kitty_cards))}"
        )
    discards = [
        d if isinstance(d, Discard) else Discard.parse(d) if isinstance(d, str) else Discard.of(cards_arg(d, "discard"))
        for d in items_arg(candidates, "candidate discards")
    ]
    known = (*problem.hand, *kitty_cards)
    deals, _unfit = sample_deals(problem, known, samples, seed)
    clock = _Clock(None, cancel)
    results: dict[Discard, list[bool]] = {d: [] for d in discards}
    timed_out = 0
    total = samples * len(discards)
    done = 0
    for others, _k in deals:
        any_out = False
        for d in discards:
            r = win_auction(problem._deal(others, kitty_cards), problem.seat, bid)
            r.apply(d)
            r = to_play(r)
            if basis == "playout":
                clock.out_of_time()  # polls cancel
                res: bool | None = _playout_tricks(r) >= bid.tricks
            else:
                res = _probe(Solver.from_round(r), bid.tricks, node_budget, clock)
            if res is None:
                any_out = True
                res = _playout_tricks(r) >= bid.tricks
            results[d].append(res)
            done += 1
            if progress is not None:
                progress(done, total)
        timed_out += any_out
    win, lose = bid_score(bid, True, problem.rules), bid_score(bid, False, problem.rules)
    outs = tuple(
        DiscardOutcome(d, sum(v), len(v), (sum(v) * win + (len(v) - sum(v)) * lose) / len(v)) for d, v in results.items()
    )
    return DiscardSimulation(bid, outs, timed_out, True, tuple(tuple(v) for v in results.values()), basis)


# --------------------------------------------------------------------------- the pass scored by what follows
#: the key version that scores a pass over a standing bid by playing that contract out (issue #23); the bank's
#: keys (:data:`fivehundred.quiz.bank.BANK_VERSION` 2) still score a pass as 0
TRUTHFUL_PASS_VERSION = 3


def standing_contract_value(problem: BiddingProblem, others: Sequence[Sequence[Card]], kitty: Sequence[Card]) -> tuple[int, bool] | None:
    """What a pass gives on one deal: the learner's side's points minus the opponents' for the hand, and whether
    the standing contract made; ``None`` when no bid stands (then nobody scores if all pass, and a pass is 0).

    The seat passes, every seat still to call passes too, and the standing contract is played out by the rules
    player at every seat (its kitty and discard included), scored exactly as the rules score it: the contract's
    points for the side that made or lost it, and the defenders' tricks.
    """
    r = problem._deal(others, kitty)
    if not any(not b.is_pass for _, b in r.auction):
        return None
    r.apply(PASS)
    while r.phase is Phase.AUCTION:
        r.apply(PASS)
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        r.apply(_PLAYER.choose(r.view(seat)))
    result = r.result
    assert result is not None and result.score is not None

    mine = side_of(problem.seat, problem.rules)
    pts = result.points_by_side
    return pts[mine] - sum(p for i, p in enumerate(pts) if i != mine), result.score.made


def truthful_pass(key: Simulation) -> Simulation:
    """``key`` with its pass scored by what follows (key version :data:`TRUTHFUL_PASS_VERSION`): over a standing
    bid, the pass is :func:`standing_contract_value` on the key's own deals (the same seed, so the same deals as
    every other call); with no bid standing it stays 0.  The pass's ``made`` counts the deals the standing
    contract made.
    """
    key = instance_arg(key, Simulation, "key", "a bidding key (simulate_bids)")
    problem = key.problem
    pass_o = key.outcome(PASS)
    if pass_o is None or not any(not b.is_pass for b in problem.auction):
        return key
    n = pass_o.samples
    deals, _unfit = sample_deals(problem, problem.hand, n, key.seed)
    values: list[int] = []
    made = 0
    for others, kitty in deals[:n]:
        got = standing_contract_value(problem, others, kitty)
        assert got is not None
        values.append(got[0])
        made += got[1]
    outcome = BidOutcome(PASS, made, n, sum(values) / n if n else 0.0)
    outcomes = tuple(outcome if o.bid.is_pass else o for o in key.outcomes)
    return replace(key, outcomes=outcomes, pass_scores=tuple(values))
