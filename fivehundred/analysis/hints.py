"""Hints: the best card, the principle behind it, and evidence from search.

* Given a :class:`~fivehundred.round.Round` in the play phase (every hand
  known), the evidence is double-dummy: :func:`~fivehundred.analysis.solver.card_values`.
* Given a :class:`~fivehundred.round.View`, hidden hands are sampled
  consistently with what the seat knows (its hand, cards played, suits players
  have shown out of, the exposed open-misère hand, hand sizes), each sample is
  solved double-dummy, and plays are compared by how often they keep the best
  result.

The reason is always the :class:`~fivehundred.players.RulesPlayer` principle.
When search prefers another card, the hint says so (``disagrees``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from fivehundred.actions import Action, Play
from fivehundred.analysis.rollouts import distinct_plays, played_by, rollout_values, side_net
from fivehundred.analysis.solver import Position, SearchCancelled, Solver, card_values
from fivehundred.bidding import Bid, BidKind, Strain
from fivehundred.cards import ALL_CARDS, JOKER, Card, Rank, Suit
from fivehundred.checks import bool_arg, budget_arg, callback_arg, count_arg, int_arg, seed_arg
from fivehundred.errors import FiveHundredError, shown
from fivehundred.play import play_rules
from fivehundred.players.base import Player, PlayerError
from fivehundred.bidding_method import METHOD, auction_context, count_hand, method_call
from fivehundred.players.rules_player import RulesPlayer, misere_danger
from fivehundred.round import Phase, Round, View, view_arg
from fivehundred.scoring import NUM_TRICKS, score_hand
from fivehundred.seating import side_of
from fivehundred.text import action as say, signed
from fivehundred.trumps import rank_table, suit_masks

__all__ = ["Hint", "hint", "sample_positions", "SearchPlayer"]


@dataclass(frozen=True)
class Hint:
    """A suggested action, the principle behind it, and what search found."""

    action: Action
    reason: str
    evidence: str
    disagrees: bool = False
    #: for a sampled hint, each card and how many of the ``searched`` deals it kept the best result in
    support: tuple[tuple[Play, int], ...] = ()
    searched: int = 0

    def best_supported(self) -> tuple[Play, ...]:
        """The cards that kept the best result in the most sampled deals (empty without search)."""
        if not self.support:
            return ()
        top = max(n for _, n in self.support)
        return tuple(p for p, n in self.support if n == top)


def _side_name(misere: bool) -> str:
    return "the contractor" if misere else "the contracting side"


def hint(
    source: Round | View,
    seat: int | None = None,
    *,
    samples: int = 40,
    seed: int = 0,
    deadline: float | None = None,
    time_budget: float | None = 5.0,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
    objective: str = "tricks",
) -> Hint:
    """The best action for ``seat`` (default: the seat to act) with its reason and evidence.

    Outside the play phase the hint is the rules player's choice; in the
    auction its evidence is the bidding advisor's trick estimates.  ``deadline``
    (a :func:`time.monotonic` time; by default ``time_budget`` seconds from
    now, ``None`` for no limit), ``cancel`` and ``progress(done, total)``
    control long searches.  With hidden hands, ``objective`` ``"tricks"`` picks the
    card that keeps the best trick count in the most sampled deals,
    ``"points"`` the card with the best average score for the seat's side
    (making or setting the contract counts more than an extra trick).  If time runs out, the evidence covers what was done
    (or falls back to the rules player's choice).

    Raises:
        PlayerError: it is not ``seat``'s turn.
        SolverError: the round's state cannot be analysed.
        FiveHundredError: ``objective`` is not "tricks" or "points", or ``samples`` is not from 1 to
            :data:`~fivehundred.checks.MAX_SAMPLES`.
        NotationError: an argument is of the wrong kind (not a round or view, not a number, not a function...).
    """
    if not isinstance(source, Round):
        view_arg(source, "source")
    if seat is not None:
        seat = int_arg(seat, "seat")
    samples = count_arg(samples, "samples")
    seed_arg(seed)  # a whole number (a text seed works as well)
    deadline = budget_arg(deadline, "deadline")
    time_budget = budget_arg(time_budget, "time_budget")
    cancel = callback_arg(cancel, "cancel")
    progress = callback_arg(progress, "progress")
    if not isinstance(objective, str) or objective not in ("tricks", "points"):
        raise FiveHundredError(f"a hint's objective is 'tricks' or 'points', not {shown(objective)}")
    view = source.view(seat if seat is not None else source.to_act or 0) if isinstance(source, Round) else source
    if deadline is None and time_budget is not None:
        deadline = time.monotonic() + time_budget
    rules_player = RulesPlayer()
    decision = rules_player.decide(view)
    if view.phase is Phase.AUCTION and view.to_act == view.seat:
        from fivehundred.analysis.advisor import advise  # here, so the advisor may use search without an import cycle

        advice = advise(view)  # bidding hints are THE method (lesson 14), not the rules player's own count
        return Hint(advice.recommended, advice.reasons[-1], " ".join(advice.reasons[:2]))
    if view.phase is not Phase.PLAY:
        return Hint(decision.action, decision.reason, "Search is used only for card play.")
    if isinstance(source, Round):
        return _double_dummy_hint(source, view, decision.action, decision.reason, deadline, cancel, progress)
    return _sampled_hint(view, decision.action, decision.reason, samples, seed, deadline, cancel, progress, objective)


def _double_dummy_hint(
    round_: Round,
    view: View,
    rule_action: Action,
    rule_reason: str,
    deadline: float | None,
    cancel: Callable[[], bool] | None,
    progress: Callable[[int, int], None] | None,
) -> Hint:
    solver = Solver.from_round(round_)
    try:
        values = card_values(round_, solver=solver, deadline=deadline, cancel=cancel, progress=progress)
    except SearchCancelled:
        return Hint(rule_action, rule_reason, "Search ran out of time; this is the rules player's choice.")
    pos = solver.position
    # values are the contractor's totals; side A (the contracting side, or the misère defenders)
    # wants them high either way
    maximising = bool(pos.maximisers >> view.seat & 1)
    target = max(values.values()) if maximising else min(values.values())
    best = [p for p, v in values.items() if v == target]
    who = _side_name(pos.misere)
    if rule_action in best:
        return Hint(rule_action, rule_reason, f"Double-dummy: {say(rule_action)} keeps {target} tricks for {who}, the best possible.")
    choice = best[0]
    got = values.get(rule_action) if isinstance(rule_action, Play) else None
    return Hint(
        choice,
        f"Search prefers {say(choice)}: the principle ({rule_reason}) costs a trick here.",
        f"Double-dummy: {say(choice)} keeps {target} tricks for {who}; {say(rule_action)} gives {got}.",
        disagrees=True,
    )


def _shown_voids(view: View) -> dict[int, set[Suit]]:
    assert view.contract is not None
    table = play_rules(view.contract, view.nominated, view.rules)
    masks = suit_masks(table.trump, table.nominated)
    voids: dict[int, set[Suit]] = {s: set() for s in range(view.rules.players)}
    tricks = list(view.tricks) + ([view.current] if view.current is not None else [])
    for t in tricks:
        if t.led is None:
            continue
        for s, c in t.plays[1:]:
            if not masks[t.led] & c.bit:
                voids[s].add(t.led)
    return voids


#: how far the sampled deals trust the auction: a drawn deal in which a hidden seat's call is not the call the
#: bidding method makes with those cards is kept with this chance less, per call that does not fit (1: such a
#: deal is always redrawn; 0: the auction is ignored).  The computer players bid by the method exactly, so a
#: deal that does not fit them is almost surely wrong; a person at the table may bid another way, hence not 1.
AUCTION_TRUST = 0.9


def sample_positions(
    view: View, count: int, *, seed: int = 0, tries: int = 200, use_bids: bool = True, trust: float | None = None,
    deadline: float | None = None,
) -> list[Position]:
    """Up to ``count`` full-information positions consistent with ``view`` (in the play phase).

    Unseen cards go to the other seats in play, up to their hand sizes, never in
    a suit a seat has shown out of; the rest are the unseen discards.  With
    ``use_bids``, deals where a seat's bids don't fit its cards are redrawn (see
    :func:`_fits_bids`), unless ``tries`` draws find none that fits, and a deal where a hidden seat's calls
    are not the calls the bidding method makes with its cards (:func:`_method_misfits`) is kept only with
    chance ``(1 - trust)`` per call that does not fit (``trust`` defaults to :data:`AUCTION_TRUST`): the hands
    are drawn as likely as the method makes them.  At ``deadline`` (``time.monotonic()``) it stops drawing and
    returns the deals drawn so far.

    Raises:
        FiveHundredError: the view is not in the play phase; ``count`` or ``tries`` is not from 1 to
            :data:`~fivehundred.checks.MAX_SAMPLES`.
        NotationError: an argument is of the wrong kind.
    """
    view = view_arg(view)
    count = count_arg(count, "count", low=0)
    tries = count_arg(tries, "tries")
    seed_arg(seed)  # a whole number (a text seed works as well)
    use_bids = bool_arg(use_bids, "use_bids")
    deadline = budget_arg(deadline, "deadline")
    if trust is None:
        trust = AUCTION_TRUST
    if isinstance(trust, bool) or not isinstance(trust, (int, float)) or not 0 <= trust <= 1:
        raise FiveHundredError(f"trust is a number from 0 to 1, not {shown(trust)}")
    if view.phase is not Phase.PLAY or view.contract is None or view.contractor is None or view.to_act is None:
        raise FiveHundredError(f"sampling needs a view in the play phase, not {view.phase.value}")
    rng = random.Random(seed)
    table = play_rules(view.contract, view.nominated, view.rules)
    masks = suit_masks(table.trump, table.nominated)
    voids = _shown_voids(view)
    order = tuple(s for s in range(view.rules.players) if s not in view.sitting_out)
    exposed_seat = view.contractor if view.exposed else None
    unseen = list(view.unseen)
    fixed: dict[int, list[Card]] = {view.seat: list(view.hand)}
    if exposed_seat is not None:
        fixed[exposed_seat] = list(view.exposed)
    open_seats = [s for s in order if s not in fixed]
    # a misère bidder's hidden cards are dealt to fit the bid as they are drawn (not drawn and thrown back):
    # rejection alone almost never finds a hand of ten with so few high cards
    bid_checks = _bid_checks(view, open_seats) if use_bids else None
    played, misere_room = (bid_checks[0], bid_checks[1]) if bid_checks is not None else ({}, {})
    calls = _method_calls(view, open_seats) if use_bids and trust > 0 else []
    # the seats each unseen card may go to (never a suit the seat has shown out of), worked out once, not per draw
    fit_seats = {c: [s for s in open_seats if _fits(c, s, voids, masks)] for c in unseen}
    fit_count = {c: len(seats) for c, seats in fit_seats.items()}
    out: list[Position] = []
    for _ in range(count):
        if deadline is not None and time.monotonic() > deadline:
            break
        for _attempt in range(tries):
            rng.shuffle(unseen)
            hands = {s: list(c) for s, c in fixed.items()}
            room = {s: view.hand_sizes[s] for s in open_seats}
            high_room = dict(misere_room)
            for s in open_seats:
                hands[s] = []
            ok = True
            spare = len(unseen) - sum(room.values())  # unseen discards: cards no hand holds
            left_out = 0
            # place the most constrained cards first
            for card in sorted(unseen, key=fit_count.__getitem__):
                high = card.is_joker or card.rank > Rank.NINE
                options = [s for s in fit_seats[card] if room[s] > 0
                           and not (s in high_room and high and (card.is_joker or high_room[s] == 0))]
                if not options or (left_out < spare and rng.random() < spare / max(1, len(unseen))):
                    left_out += 1
                    if left_out > spare:
                        ok = False
                        break
                    continue
                seat = rng.choice(options)
                hands[seat].append(card)
                room[seat] -= 1
                if high and seat in high_room:
                    high_room[seat] -= 1
            if ok and all(room[s] == 0 for s in open_seats):
                if bid_checks is not None and _attempt < tries - 1 and not _fits_bids(view, hands, bid_checks):
                    continue
                if calls and _attempt < tries - 1:
                    misfits = _method_misfits(view, hands, calls, played)
                    if misfits and rng.random() >= (1 - trust) ** misfits:
                        continue
                out.append(_position(view, table, order, hands))
                break
    return out


#: cards above the 9 a misère bidder may hold (held now plus played): one more than the method bids misère with
#: (:attr:`fivehundred.bidding_method.Method.misere_high`), as slack for a player who bids by another method.  The
#: contractor's cards changed with the kitty, but a misère contractor throws its highest cards, so what it keeps
#: has no more high cards than the hand it bid on.
MISERE_HIGH_CARDS = METHOD.misere_high + 1


def _misere_rooms(view: View, seats: list[int]) -> dict[int, int]:
    """For each of ``seats`` that bid misère or open misère (not blind: that is bid unseen): how many more cards
    above the 9 its hidden cards may hold (the joker never), by :data:`MISERE_HIGH_CARDS`.

    A seat whose played cards already break the bid (the joker, or too many high cards) is left out: it did
    not bid by the method, so its bid says nothing about its hidden cards.  So is a contractor whose contract
    is not misère (it bid misère, then a suit, and took the kitty for it: its cards changed).
    """
    bidders = {seat for seat, bid in view.auction if bid.kind in (BidKind.MISERE, BidKind.OPEN_MISERE)}
    if view.contract is not None and not view.contract.is_misere:
        bidders.discard(view.contractor if view.contractor is not None else -1)
    played = played_by(view)
    out: dict[int, int] = {}
    for seat in seats:
        if seat in bidders:
            cards = played.get(seat, [])
            if JOKER not in cards:
                room = MISERE_HIGH_CARDS - misere_danger(cards, view.rules.players)
                if room >= 0:
                    out[seat] = room
    return out


def _bid_checks(view: View, seats: list[int]) -> tuple[dict[int, list[Card]], dict[int, int], list[tuple[int, Strain, str, int]]]:
    """What :func:`_fits_bids` checks, worked out once a decision: the cards each seat has played, the misère
    bidders' room for high cards (:func:`_misere_rooms`), and for each bid of tricks by one of ``seats`` its seat,
    strain, auction context and the count it needs."""
    players = view.rules.players
    calls = tuple(view.auction)
    checks = []
    for i, (seat, bid) in enumerate(calls):
        if seat not in seats or bid.is_pass:
            continue
        if bid.kind is BidKind.TRICKS and bid.strain is not None:
            context = auction_context(seat, calls[:i], bid.strain, players, view.rules)
            slack = 1 if seat == view.contractor else 0
            checks.append((seat, bid.strain, context, bid.tricks - slack))
    return played_by(view), _misere_rooms(view, seats), checks


def _fits_bids(view: View, hands: dict[int, list[Card]], checks: tuple[dict[int, list[Card]], dict[int, int], list[tuple[int, Strain, str, int]]]) -> bool:
    """Whether each hidden seat's cards (held now plus played) could have made its bids.

    The computer players bid by the method (:func:`fivehundred.bidding_method.method_call`), which never bids
    above its count: a bid of k in a strain needs the method's total there (its count with partner and the
    kitty, by what the auction had said when the bid was made) to reach k, or k - 1 for the contractor, whose
    cards changed with the kitty; a misère or open misère bid (the contractor's too) needs at most
    :data:`MISERE_HIGH_CARDS` cards above the 9 and no joker, unless the seat's played cards already break that
    (:func:`_misere_rooms`).
    """
    played, misere_room, bids = checks
    for seat, strain, context, need in bids:
        if count_hand(hands[seat] + played.get(seat, []), strain, context).total < need:
            return False
    players = view.rules.players
    for seat in misere_room:
        cards = hands[seat] + played.get(seat, [])
        if JOKER in cards or misere_danger(cards, players) > MISERE_HIGH_CARDS:
            return False
    return True


@dataclass(frozen=True)
class _Call:
    """One call a hidden seat made before the kitty, with what the method needs to make it again."""

    seat: int
    call: Bid
    before: tuple[tuple[int, Bid], ...]  # the auction up to this call
    legal: tuple[Bid, ...]  # the calls open to the seat then
    to_win: int | None  # the points that seat's side needed to win the game (None outside a game)


def _method_calls(view: View, seats: list[int]) -> list[_Call]:
    """The calls of ``seats`` that their hidden cards decided, in order (worked out once a decision).

    Every call but the contractor's: the contractor's cards changed with the kitty, and the others' did not
    (their cards held now plus those played are the cards they bid with).  The legal calls at each point come
    from replaying the auction at an empty table of the same rules and dealer.
    """
    auction = tuple(view.auction)
    hidden = set(seats) - {view.contractor}
    if not hidden or not auction:
        return []
    try:
        table = Round.deal(seed=0, dealer=view.dealer, rules=view.rules)
    except FiveHundredError:
        return []
    out: list[_Call] = []
    scores = view.scores
    for i, (seat, call) in enumerate(auction):
        if table.to_act != seat:
            return out  # an auction this replay cannot follow: trust what was read so far
        if seat in hidden:
            legal = tuple(table.legal_bids())
            to_win = None if scores is None else view.rules.target - scores[side_of(seat, view.rules)]
            out.append(_Call(seat, call, auction[:i], legal, to_win))
        try:
            table.apply(call)
        except FiveHundredError:
            return out
    return out


def _method_misfits(view: View, hands: dict[int, list[Card]], calls: list[_Call], played: dict[int, list[Card]]) -> int:
    """How many of ``calls`` the bidding method would not make with the sampled cards of their seats (held now
    plus ``played``, :func:`~fivehundred.analysis.rollouts.played_by` worked out once a decision): 0 when the deal fits the auction as the
    computer players bid it."""
    misfits = 0
    cards_of: dict[int, list[Card]] = {}
    for c in calls:
        cards = cards_of.get(c.seat)
        if cards is None:
            cards = cards_of[c.seat] = hands[c.seat] + played.get(c.seat, [])
        made, _count = method_call(cards, c.seat, c.before, c.legal, rules=view.rules, to_win=c.to_win)
        if made != c.call:
            misfits += 1
    return misfits


def _fits(card: Card, seat: int, voids: dict[int, set[Suit]], masks: dict[Suit, int]) -> bool:
    return not any(masks[s] & card.bit for s in voids[seat])


def _position(view: View, table: object, order: tuple[int, ...], hands: dict[int, list[Card]]) -> Position:
    assert view.contract is not None and view.contractor is not None and view.to_act is not None
    contractor = view.contractor
    misere = view.contract.is_misere
    team = {contractor, *view.partners}
    if view.called_card is not None and not view.partners:
        for s, cards in hands.items():
            if view.called_card in cards and s != contractor:
                team.add(s)
    side = [contractor] if misere else [s for s in order if s in team]
    maximisers = [s for s in order if s != contractor] if misere else side
    done = view.tricks_won[contractor] if misere else sum(view.tricks_won[s] for s in team)
    current = view.current
    return Position(
        table=play_rules(view.contract, view.nominated, view.rules),
        rules=view.rules,
        order=order,
        hands=tuple(sum(c.bit for c in hands.get(s, [])) for s in range(view.rules.players)),
        trick=tuple((s, c.index) for s, c in current.plays) if current is not None else (),
        led=current.led if current is not None else None,
        # a bit per suit led so far (a set: a suit led twice is one bit, not the next suit's)
        suits_led=sum(1 << order for order in {t.led.order for t in view.tricks if t.led is not None})
        | (1 << current.led.order if current is not None and current.led is not None else 0),
        tricks_left=NUM_TRICKS - len(view.tricks),
        to_act=view.to_act,
        side_a=sum(1 << s for s in side),
        maximisers=sum(1 << s for s in maximisers),
        misere=misere,
        contractor=contractor,
        contractor_tricks=done,
    )


def _sampled_hint(
    view: View,
    rule_action: Action,
    rule_reason: str,
    samples: int,
    seed: int,
    deadline: float | None,
    cancel: Callable[[], bool] | None,
    progress: Callable[[int, int], None] | None,
    objective: str,
) -> Hint:
    positions = sample_positions(view, samples, seed=seed)
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    kept = {p: 0 for p in plays}
    totals = {p: 0 for p in plays}
    points = {p: 0 for p in plays}
    done = 0
    misere = bool(view.contract and view.contract.is_misere)
    for pos in positions:
        try:
            values = Solver(pos).play_values(deadline=deadline, cancel=cancel)
        except SearchCancelled:
            break
        maximising = bool(pos.maximisers >> view.seat & 1)
        target = max(values.values()) if maximising else min(values.values())
        for p, v in values.items():
            if p in kept:
                kept[p] += v == target
                totals[p] += pos.contractor_total(v)
                if objective == "points":
                    points[p] += _net_points(view, pos.contractor_total(v))
        done += 1
        if progress is not None:
            progress(done, len(positions))
    if done == 0:
        return Hint(rule_action, rule_reason, "Search ran out of time; this is the rules player's choice.")
    best_count = max(kept.values())
    rule_count = kept.get(rule_action, 0) if isinstance(rule_action, Play) else 0
    who = _side_name(misere)
    support = tuple(kept.items())
    if objective == "points":
        mean = {p: points[p] / done for p in plays}
        top = max(mean.values())
        if isinstance(rule_action, Play) and mean[rule_action] >= top - 1e-9:
            return Hint(
                rule_action,
                rule_reason,
                f"{say(rule_action)} scores best over {done} sampled deals ({signed(round(mean[rule_action]))} points for your side on "
                f"average) and keeps the most tricks in {rule_count} of them.",
                support=support,
                searched=done,
            )
        keep = _bosses(view)
        choice = max(plays, key=lambda p: (mean[p], kept[p], p == rule_action, p.card not in keep, -_low(view, p)))
        rule_mean = mean.get(rule_action, 0.0) if isinstance(rule_action, Play) else 0.0
        return Hint(
            choice,
            f"Search prefers {say(choice)}: over the sampled deals it scores more than the principle's {say(rule_action)} ({rule_reason}).",
            f"{say(choice)} averages {signed(round(mean[choice]))} points for your side over {done} sampled deals; {say(rule_action)} {signed(round(rule_mean))}.",
            disagrees=True,
            support=support,
            searched=done,
        )
    if rule_count == best_count:
        avg = totals[rule_action] / done if isinstance(rule_action, Play) else 0.0
        return Hint(
            rule_action,
            rule_reason,
            f"{say(rule_action)} keeps the best result in {rule_count} of {done} sampled deals "
            f"({avg:.1f} tricks for {who} on average).",
            support=support,
            searched=done,
        )
    keep = _bosses(view)
    choice = max(plays, key=lambda p: (kept[p], p == rule_action, p.card not in keep, -_low(view, p)))
    return Hint(
        choice,
        f"Search prefers {say(choice)}: it keeps the best result more often than the principle's {say(rule_action)} ({rule_reason}).",
        f"{say(choice)} keeps the best result in {kept[choice]} of {done} sampled deals; {say(rule_action)} in {rule_count}.",
        disagrees=True,
        support=support,
        searched=done,
    )


def _bosses(view: View) -> set[Card]:
    """The seat's cards that are the highest left in their suit (ties go to other cards: keep winners)."""
    assert view.contract is not None
    table = play_rules(view.contract, view.nominated, view.rules)
    masks = suit_masks(table.trump, table.nominated)
    gone = set(view.played) | set(view.discards)
    out: set[Card] = set()
    for suit, mask in masks.items():
        ranks = rank_table(table.trump, suit, table.nominated)
        alive = [c for c in ALL_CARDS if mask & c.bit and c not in gone]
        if alive:
            top = max(alive, key=lambda c: ranks[c.index])
            if top in view.hand:
                out.add(top)
    return out


def _low(view: View, play: Play) -> int:
    """How high ``play`` ranks in its own suit (ties go to the lower card)."""
    assert view.contract is not None
    table = play_rules(view.contract, view.nominated, view.rules)
    masks = suit_masks(table.trump, table.nominated)
    for suit, mask in masks.items():
        if mask & play.card.bit:
            return rank_table(table.trump, suit, table.nominated)[play.card.index]
    return 1000  # a free joker: keep it


def _net_points(view: View, contractor_tricks: int) -> int:
    """The hand's points for ``view.seat``'s side minus the other side's, for a final trick count."""
    assert view.contract is not None
    return side_net(score_hand(view.contract, contractor_tricks, rules=view.rules),
                    view.seat == view.contractor or view.seat in view.partners)


def _within_method_limits(call: Bid, hand: Sequence[Card]) -> bool:
    """Whether a call keeps the method's hard limits, which bidding by simulation keeps too: without the joker,
    no no-trump bid and no bid above :attr:`~fivehundred.bidding_method.Method.no_joker_ceiling` tricks."""
    if JOKER in hand or call.kind is not BidKind.TRICKS:
        return True
    return call.strain is not Strain.NO_TRUMPS and call.tricks <= METHOD.no_joker_ceiling


def _could_decide_game(view: View, calls: Iterable[Bid]) -> bool:
    """Whether one of ``calls``, made or set, could end the game for ``view.seat``'s side: a made contract
    worth :attr:`~fivehundred.round.View.points_to_win` or more wins it, and a set that takes the side's score
    to :attr:`~fivehundred.rules.Rules.lose_at` or below loses it.  One hand's points, which bidding by
    simulation compares, say nothing of that, so there the search player bids by the method, which knows the
    score (``False`` outside a game)."""
    ours = view.our_score
    if ours is None:
        return False
    to_win, lose_at = view.rules.target - ours, view.rules.lose_at
    return any(not b.is_pass and (b.points >= to_win or ours - b.points <= lose_at) for b in calls)


#: a search player bidding by simulation makes another call than the method's only when it scores this many
#: points a hand more on the sampled deals ...
BID_MARGIN = 20.0
#: ... and this many standard errors of the paired difference more
BID_Z = 2.0
#: a rollout's card replaces the rules player's when it scores more by this many standard errors
ROLLOUT_Z = 1.0


class SearchPlayer(Player):
    """Plays the card :func:`hint` recommends from sampled deals; the rules player elsewhere.

    ``samples`` sets the strength, ``time_budget`` (seconds per decision) the
    speed, ``max_tricks`` how late in the hand search starts (10: from the
    first trick, which bench/search_player.py measured no stronger than the
    rules player; the default 7 measured +4.1 a board), and ``objective``
    what it maximises (``"points"``:
    the side's average score; ``"tricks"``: how often a card keeps the most
    tricks).  Searches stop at nine tenths of the budget, leaving the rest for
    sampling and the rules player's reason; the sampled deals solved by then
    decide (none solved: the rules player's card).

    ``rollout_samples`` (0: off, the default) decides the cards before that search starts by rollouts
    (:mod:`fivehundred.analysis.rollouts`): that many sampled deals that fit the auction and the play, each
    distinct card played on every one of them and the hand played out by the rules player at every seat, each
    seat seeing only its own cards.  The rules player's card stands unless another scores more points a hand on
    those deals by more than :data:`ROLLOUT_Z` standard errors of the paired difference; the deals played out
    by nine tenths of the budget decide.

    ``bid_samples`` (0: off, the default) turns on bidding by simulation (#24): at each of its calls in
    the four-player game it scores the method's call and the calls near its count on that many sampled
    deals that fit the auction, by what follows each (:func:`~fivehundred.analysis.simulation.simulate_follows`,
    the quiz keys' machinery: the rest of the auction bid by the method, the contract played out by the rules
    player, the side's points minus the opponents'), and makes another call than the method's only when that
    call beats it by more than :data:`BID_MARGIN` points a hand and by more than :data:`BID_Z` standard errors
    (so a noisy few deals never overrule the method). ``bid_budget`` caps the seconds a call may take (the
    deals scored by then decide).  In a game, when one of those calls made or set could win or lose the game
    for its side (:func:`_could_decide_game`), it bids by the method, which knows the score: one hand's
    points are not what is at stake then.
    """

    name = "search"

    def __init__(
        self, *, samples: int = 10, time_budget: float = 1.0, max_tricks: int = 7, seed: int = 0, objective: str = "points",
        bid_samples: int = 0, bid_budget: float = 1.0, rollout_samples: int = 0,
    ) -> None:
        if not isinstance(objective, str) or objective not in ("tricks", "points"):
            raise FiveHundredError(f"a search player's objective is 'tricks' or 'points', not {shown(objective, 80)}")
        samples = count_arg(samples, "samples")
        budget = budget_arg(time_budget, "time_budget")
        if budget is None or budget <= 0:
            raise FiveHundredError(f"a search player's time_budget is a number of seconds above 0, not {shown(time_budget)}")
        max_tricks = int_arg(max_tricks, "max_tricks")
        seed = int_arg(seed, "seed")
        bid_samples = int_arg(bid_samples, "bid_samples")
        if bid_samples < 0:
            raise FiveHundredError(f"a search player's bid_samples is 0 (bid by the method) or more, not {bid_samples}")
        bid_time = budget_arg(bid_budget, "bid_budget")
        if bid_time is None or bid_time <= 0:
            raise FiveHundredError(f"a search player's bid_budget is a number of seconds above 0, not {shown(bid_budget)}")
        self.objective = objective
        self.samples = samples
        self.time_budget = time_budget
        self.max_tricks = max_tricks
        self.bid_samples = bid_samples
        self.bid_budget = bid_time
        self.rollout_samples = count_arg(rollout_samples, "rollout_samples", low=0)
        self._seed = seed
        self._rules = RulesPlayer()
        self._last: Hint | None = None
        self._last_bid: tuple[tuple[int, int, int], Bid, str] | None = None  # (seat, dealer, calls made), call, why
        self._last_roll: tuple[tuple[int, int], Action, str] | None = None  # (seat, cards played), card, why
        #: the sampled deals its last searched or rolled-out card was decided on (for the benchmarks)
        self.last_deals = 0

    @property
    def bids_by_method(self) -> bool:  # type: ignore[override]
        """Whether its calls are always the method's (not when it bids by simulation)."""
        return self.bid_samples == 0

    @property
    def departs_from_method(self) -> bool:  # type: ignore[override]
        """Whether it bids by simulation: the method's calls, and now and then a clearly better one."""
        return self.bid_samples > 0

    def choose(self, view: View) -> Action:
        """The searched card in the late play, a rolled-out card before it (with ``rollout_samples``); the rules
        player's action otherwise.

        Raises:
            PlayerError: it is not this seat's turn.
            NotationError: ``view`` is not a view.
        """
        view = view_arg(view)
        if view.to_act != view.seat:
            raise PlayerError(f"not seat {view.seat}'s turn to act ({view.phase.value})")
        if view.phase is Phase.PLAY and NUM_TRICKS - len(view.tricks) <= self.max_tricks:
            self._seed += 1
            h = hint(view, samples=self.samples, seed=self._seed, deadline=time.monotonic() + 0.9 * self.time_budget,
                     objective=self.objective)
            self._last = h
            self.last_deals = h.searched
            return h.action
        if view.phase is Phase.PLAY and self.rollout_samples and len(view.legal_actions) > 1:
            return self._rollout_play(view)
        if view.phase is Phase.AUCTION and self.bid_samples and view.rules.players == 4:
            return self._simulated_call(view)
        return self._rules.choose(view)

    def _rollout_play(self, view: View) -> Action:
        """The rules player's card, unless another scores clearly better when the hand is played out (rollouts)."""
        rule = self._rules.choose(view)
        plays = distinct_plays(view, prefer=rule)
        self.last_deals = 0
        if len(plays) < 2:
            return rule
        self._seed += 1
        start = time.monotonic()
        deadline = start + 0.9 * self.time_budget
        # drawing the deals gets half the time at most (a tight auction can make them slow to find)
        positions = sample_positions(view, self.rollout_samples, seed=self._seed, deadline=start + 0.45 * self.time_budget)
        result = rollout_values(view, positions, deadline=deadline, plays=plays)
        self.last_deals = result.deals
        if result.deals < 2 or not isinstance(rule, Play) or rule not in result.nets:
            return rule
        best = result.best()
        if best == rule:
            return rule
        gain, se = result.difference(best, rule)
        if gain <= ROLLOUT_Z * se:
            return rule
        self._last_roll = ((view.seat, view.played_mask), best, (
            f"played out on {result.deals} deals that fit the bidding and the cards played, {say(best)} scores "
            f"{gain:.0f} points a hand more than {say(rule)}, the rules player's card"))
        return best

    def _simulated_call(self, view: View) -> Bid:
        """The method's call, unless a call near it scores clearly better on sampled deals (see the class)."""
        from fivehundred.analysis.simulation import BiddingProblem, plausible_bids, simulate_follows

        method = self._rules.choose(view)
        assert isinstance(method, Bid)
        problem = BiddingProblem(tuple(view.hand), view.dealer, tuple(b for _, b in view.auction), view.rules, view.seat)
        candidates = {b for b in plausible_bids(problem) if _within_method_limits(b, view.hand)} | {method}
        if len(candidates) < 2 or _could_decide_game(view, candidates):
            return method
        self._seed += 1
        sim = simulate_follows(problem, samples=self.bid_samples, seed=f"bid/{self._seed}", candidates=candidates,
                               time_budget=self.bid_budget)
        best = sim.best.bid
        if best == method:
            return method
        gain, se = sim.difference(method)
        if gain > BID_MARGIN and gain > BID_Z * se:
            self._last_bid = ((view.seat, view.dealer, len(view.auction)), best, (
                f"on {sim.best.samples} deals that fit the bidding, {best.label} scores {gain:.0f} points a hand more "
                f"than {method.label}, the method's call"))
            return best
        return method

    def explain(self, view: View, action: Action) -> str:
        if self._last is not None and self._last.action == action:
            return f"{self._last.reason} ({self._last.evidence})"
        if self._last_bid is not None and self._last_bid[0] == (view.seat, view.dealer, len(view.auction)) and self._last_bid[1] == action:
            return self._last_bid[2]
        if self._last_roll is not None and self._last_roll[0] == (view.seat, view.played_mask) and self._last_roll[1] == action:
            return self._last_roll[2]
        return self._rules.explain(view, action)
