"""Rollouts: each card judged by playing the hand out, with every seat seeing only its own cards.

Early in the hand a double-dummy search of every sampled deal is too slow for a computer player's turn (50
deals from trick 1 take seconds), and it answers a different question: how the cards fall when every player
sees every hand.  A rollout asks the question a player at the table faces.  Hidden hands are sampled as the
search player samples them (:func:`fivehundred.analysis.hints.sample_positions`: they fit the cards played, the
suits shown out of and the auction), each sample becomes a whole round again (the same auction, kitty, calls and
cards played so far), and for each card the seat may play, the rest of the hand is played by the rules player
at every seat, each deciding from its own view.  The card whose hands score best for the seat's side, on the
same sampled deals for every card, is chosen.

Everything here reuses the engine: :class:`~fivehundred.round.Round` replays the hand, its views are what the
rules player reads, and the score is :func:`fivehundred.scoring.score_hand`'s.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from fivehundred.actions import CallCard, CallPartner, Discard, Nominate, Play
from fivehundred.analysis.solver import Position
from fivehundred.cards import ALL_CARDS, Card, Suit, cards_from_mask, mask_of, pack
from fivehundred.checks import budget_arg
from fivehundred.errors import FiveHundredError, NotationError, shown
from fivehundred.play import play_rules
from fivehundred.players.rules_player import RulesPlayer
from fivehundred.round import Phase, Round, View, view_arg
from fivehundred.scoring import HandScore

__all__ = ["RolloutResult", "distinct_plays", "played_by", "rollout_values", "sampled_round", "side_net"]


def _play_view(view: object) -> View:
    """``view`` checked: a :class:`View` in the play phase."""
    view = view_arg(view)
    if view.phase is not Phase.PLAY or view.contract is None or view.contractor is None:
        raise FiveHundredError(f"rollouts need a view in the play phase, not {view.phase.value}")
    return view


def played_by(view: View) -> dict[int, list[Card]]:
    """The cards each seat has played so far (the trick on the table included)."""
    played: dict[int, list[Card]] = {}
    for t in (*view.tricks, *([view.current] if view.current is not None else [])):
        for seat, card in t.plays:
            played.setdefault(seat, []).append(card)
    return played


def side_net(score: HandScore, contracting: bool) -> int:
    """A hand's points for one side minus the other side's: the contracting side's (``contracting``) or the
    defence's, every defender together."""
    defence = sum(score.defenders)
    return score.contractors - defence if contracting else defence - score.contractors


def sampled_round(view: View, pos: Position) -> Round:
    """The whole round, replayed to ``view``'s moment, with the hidden hands of the sampled ``pos``.

    Each seat in play is dealt the cards it holds in ``pos`` and the cards it has played.  When ``view`` is the
    contractor's, the contractor is dealt what it held before the kitty (its cards, its discards, less the kitty
    it saw) and takes the same kitty and throws the same cards, so its own view of the replayed round is
    ``view`` exactly; for any other seat the contractor's kitty is cards no hand holds in ``pos``, and it throws
    them back, keeping the hand it played with.  Seats sitting out and the two-player dead hand get the other
    cards no hand holds.  The auction, the kitty, the calls and every card played so far are then applied again
    through :meth:`Round.apply`, which checks each.

    Raises:
        FiveHundredError: the view is not in the play phase, or ``pos`` does not fit it (a replayed action is not
            legal with these hands).
        NotationError: an argument is of the wrong kind.
    """
    view = _play_view(view)
    if not isinstance(pos, Position):
        raise NotationError(f"not a sampled position: {shown(pos)} (a Position, from sample_positions)")
    rules = view.rules
    contractor = view.contractor
    played = {seat: mask_of(cards) for seat, cards in played_by(view).items()}
    players = rules.players
    hands = {s: pos.hands[s] | played.get(s, 0) for s in range(players) if s not in view.sitting_out}
    used = 0
    for mask in hands.values():
        used |= mask
    own_kitty = view.seat == contractor and bool(view.kitty)
    if own_kitty:
        kitty_cards, thrown_cards = view.kitty, view.discards  # as the seat saw them, in their order
        kitty, thrown = mask_of(kitty_cards), mask_of(thrown_cards)
        hands[view.seat] = (hands[view.seat] | thrown) & ~kitty
        used |= kitty | thrown
    spare = [c for c in pack(players) if not used & c.bit]
    if not own_kitty:
        kitty_cards = thrown_cards = tuple(spare[: rules.kitty_size])
        spare = spare[rules.kitty_size:]
    dealt: list[tuple[Card, ...]] = []
    for s in range(players):
        if s in hands:
            dealt.append(cards_from_mask(hands[s]))
        else:  # sitting out: ten of the cards nobody holds
            dealt.append(tuple(spare[:10]))
            spare = spare[10:]
    r = Round(rules, view.dealer, dealt, kitty_cards, spare)
    r.game_scores = view.scores
    for _, bid in view.auction:
        r.apply(bid)
    while r.phase is not Phase.PLAY:
        if r.phase is Phase.KITTY:
            r.apply(Discard(thrown_cards))
        elif r.phase is Phase.PARTNER:
            r.apply(CallCard(view.called_card) if view.called_card is not None else CallPartner(view.partners))
        elif r.phase is Phase.NOMINATION:
            r.apply(Nominate(view.nominated))
        else:
            raise FiveHundredError(f"a sampled deal does not replay: the round stopped at {r.phase.value}")
    for t in (*view.tricks, *([view.current] if view.current is not None else [])):
        for i, (_, card) in enumerate(t.plays):
            play = Play(card)
            if i == 0 and card.is_joker:  # a free joker led names the suit it leads (the trick's suit led)
                play = next((p for p in r.legal_plays() if p.card == card and p.named == t.led), play)
            r.apply(play)
    return r


@dataclass(frozen=True)
class RolloutResult:
    """For each card, the points for the seat's side (minus the other side's) on each sampled deal, in order."""

    nets: dict[Play, tuple[int, ...]]

    @property
    def deals(self) -> int:
        """How many sampled deals every card was played on."""
        return len(next(iter(self.nets.values()), ()))

    def mean(self, play: Play) -> float:
        """``play``'s mean points a hand over the deals."""
        xs = self.nets[play]
        return sum(xs) / len(xs)

    def best(self) -> Play:
        """The card with the best mean (the first listed of equals)."""
        return max(self.nets, key=self.mean)

    def difference(self, a: Play, b: Play) -> tuple[float, float]:
        """How many points a hand ``a`` scores more than ``b`` on the same deals, and that mean's standard error."""
        d = [x - y for x, y in zip(self.nets[a], self.nets[b])]
        n = len(d)
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else 0.0
        return mean, (var / n) ** 0.5


_PLAYER = RulesPlayer()


def _net(r: Round, seat: int) -> int:
    """The finished hand's points for ``seat``'s side minus the other side's (the round's own score of it)."""
    assert r.result is not None and r.result.score is not None
    return side_net(r.result.score, seat in r.contracting_seats())


def distinct_plays(view: View, prefer: object = None) -> list[Play]:
    """The legal plays of ``view`` with equivalent cards kept once: two cards of the same suit (as the contract
    ranks them) are equivalent when every card ranked between them is in the hand or already played, so either
    wins or loses the same tricks.  ``prefer`` stands for its run, the lowest card for each other run; a free
    joker's leads stay apart.

    Raises:
        FiveHundredError: the view is not in the play phase.
        NotationError: ``view`` is not a view.
    """
    view = _play_view(view)
    assert view.contract is not None
    table = play_rules(view.contract, view.nominated, view.rules)
    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    gone = view.hand_mask | view.played_mask
    out: list[Play] = []
    by_suit: dict[Suit, list[Play]] = {}
    for p in plays:
        own = table.suit_of[p.card.index]
        if p.named is not None or own is None:
            out.append(p)
        else:
            by_suit.setdefault(own, []).append(p)
    for suit, group in by_suit.items():
        rank = table.ranks[suit]
        members = [c for c in ALL_CARDS if table.masks[suit] & c.bit]
        group.sort(key=lambda p: rank[p.card.index])
        runs = [[group[0]]]
        for low, high in zip(group, group[1:]):
            between = [c for c in members if rank[low.card.index] < rank[c.index] < rank[high.card.index]]
            if any(not gone & c.bit for c in between):
                runs.append([high])
            else:
                runs[-1].append(high)
        out.extend(prefer if prefer in run else run[0] for run in runs)  # type: ignore[misc]
    return out


def rollout_values(view: View, positions: list[Position], *, deadline: float | None = None,
                   player: RulesPlayer = _PLAYER, plays: list[Play] | None = None) -> RolloutResult:
    """Each of ``plays`` (default: :func:`distinct_plays`) played on each of ``positions``, the hand finished by
    ``player`` at every seat.

    A deal that does not replay is skipped; the run stops at ``deadline`` (``time.monotonic()``) after the deal in
    hand, so every card is judged on the same deals.

    Raises:
        FiveHundredError: the view is not in the play phase, or ``plays`` holds a card it may not play.
        NotationError: an argument is of the wrong kind.
    """
    view = _play_view(view)
    deadline = budget_arg(deadline, "deadline")
    if not isinstance(positions, (list, tuple)) or not all(isinstance(p, Position) for p in positions):
        raise NotationError(f"not a list of sampled positions: {shown(positions)} (from sample_positions)")
    if plays is None:
        plays = distinct_plays(view)
    elif not isinstance(plays, (list, tuple)) or not plays or not set(plays) <= set(view.legal_actions):
        raise FiveHundredError(f"plays to roll out are legal plays of the view, not {shown(plays)}")
    nets: dict[Play, list[int]] = {p: [] for p in plays}
    for pos in positions:
        if deadline is not None and time.monotonic() > deadline:
            break
        try:
            r = sampled_round(view, pos)
        except FiveHundredError:
            continue
        at = len(r.history)
        for p in plays:
            r.apply(p)
            while not r.is_over:
                s = r.to_act
                assert s is not None
                r.apply_legal(player.choose(r.view(s)))
            nets[p].append(_net(r, view.seat))
            while len(r.history) > at:
                r.undo()
    return RolloutResult({p: tuple(xs) for p, xs in nets.items()})
