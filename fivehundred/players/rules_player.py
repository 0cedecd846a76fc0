"""A rules-based player: the principles a good club player teaches, each with a one-sentence reason.

* Bidding: the method lesson 14 teaches (:mod:`fivehundred.bidding_method`, the
  advisor's own function): count top trumps, length and side winners, add for
  partner and the kitty by what the auction has said, and bid what you count
  (competing just enough while an opponent can still outbid); misère only
  without the joker and with low cards.
* Kitty: keep trumps and aces, throw short side suits to make voids.
* Play: draw trumps from the top (so never a trump lead into the joker while
  other cards are held), cash winners, second hand low, win as cheaply as
  possible, never overtake partner's card when nobody still to play can beat it
  (counting the voids they have shown); in misère the contractor ducks, the
  defenders lead the contractor's suits low and, on a trick the contractor can
  no longer win, throw their highest card of the suit.

Trick ranking comes from :func:`fivehundred.trumps.rank_table` and suit
membership from :func:`fivehundred.trumps.suit_masks`; legality comes from the
view's legal actions.

>>> from fivehundred import Round
>>> from fivehundred.players import RulesPlayer, play_hand
>>> r = Round.deal(seed=4)
>>> _ = play_hand(r, [RulesPlayer() for _ in range(4)])
>>> r.is_over
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from fivehundred.errors import shown
from fivehundred.actions import PLAIN_PLAYS, Action, CallCard, CallPartner, Discard, Nominate, Play
from fivehundred.bidding import Bid, BidKind, Strain
from fivehundred.bidding_method import CONTEXTS, METHOD, Count, has_bid, method_call
from fivehundred.cards import ALL_CARDS, JOKER, PLAYER_COUNTS, Card, Rank, Suit, mask_of, pack
from fivehundred.checks import bool_arg, cards_arg
from fivehundred.round import Phase, View
from fivehundred.seating import sides
from fivehundred.trumps import rank_table, suit_masks
from fivehundred.players.base import Player, PlayerError, check_view

__all__ = ["RulesPlayer", "Decision", "estimate_tricks", "misere_danger"]

_SUITS = tuple(Suit)
_JOKER_BIT = JOKER.bit


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and the one-sentence principle behind it."""

    action: Action
    reason: str


@lru_cache(maxsize=None)
def _suits_by_index(trump: Suit | None, nominated: Suit | None) -> tuple[Suit | None, ...]:
    masks = suit_masks(trump, nominated)
    return tuple(next((s for s in _SUITS if masks[s] & c.bit), None) for c in ALL_CARDS)


@lru_cache(maxsize=None)
def _own_ranks(trump: Suit | None, nominated: Suit | None) -> tuple[int, ...]:
    """For each card index: its trick rank within the suit it follows as (999 for a free joker)."""
    out = []
    for c in ALL_CARDS:
        suit = _suit_of(c, trump, nominated)
        out.append(rank_table(trump, suit, nominated)[c.index] if suit is not None else 999)
    return tuple(out)


@lru_cache(maxsize=None)
def _discard_keys(trump: Suit | None, nominated: Suit | None) -> tuple[tuple[int, int], ...]:
    """For each card index: (0 side card / 1 trump / 2 joker, rank within its suit)."""
    out = []
    for c in ALL_CARDS:
        if c.is_joker:
            out.append((2, 0))
            continue
        suit = _suit_of(c, trump, nominated)
        is_trump = trump is not None and suit is trump
        out.append((1 if is_trump else 0, rank_table(trump, suit, nominated)[c.index]))
    return tuple(out)


@lru_cache(maxsize=None)
def _pack_mask(players: int) -> int:
    return mask_of(pack(players))


@lru_cache(maxsize=None)
def _trump_mask(trump: Suit) -> int:
    """The cards that follow as trumps (what :func:`_suit_of` calls ``trump`` when nothing is nominated)."""
    return suit_masks(trump, None)[trump]


def _suit_of(card: Card, trump: Suit | None, nominated: Suit | None = None) -> Suit | None:
    """The suit ``card`` follows as (from :func:`suit_masks`); ``None`` for a free joker."""
    return _suits_by_index(trump, nominated)[card.index]


@lru_cache(maxsize=None)
def _order(suit: Suit, trump: Suit | None, players: int, nominated: Suit | None = None) -> tuple[Card, ...]:
    """Every card of ``suit`` in the pack, highest first (by the engine's rank table)."""
    ranks = rank_table(trump, suit, nominated)
    mask = suit_masks(trump, nominated)[suit]
    return tuple(sorted((c for c in pack(players) if mask & c.bit), key=lambda c: -ranks[c.index]))


@lru_cache(maxsize=None)
def _orders(trump: Suit | None, players: int, nominated: Suit | None) -> dict[Suit, tuple[Card, ...]]:
    """:func:`_order` of every suit at once (one cache look-up per decision instead of one per suit)."""
    return {suit: _order(suit, trump, players, nominated) for suit in _SUITS}


@lru_cache(maxsize=None)
def _places(trump: Suit | None, players: int) -> dict[int, int]:
    """Each card index's place in :func:`_order` of its own suit (0 for the top card)."""
    return {c.index: i for suit in _SUITS for i, c in enumerate(_order(suit, trump, players))}


class _PlayTable:
    """What the play needs about one contract's cards, looked up once per decision instead of piece by piece.

    Every entry comes from the engine's tables (:func:`suit_masks`, :func:`rank_table`) through the
    helpers above.
    """

    __slots__ = ("trump", "misere", "suit_of", "orders", "pack_mask", "trump_mask", "own_ranks", "discard_order", "ranks")

    def __init__(self, trump: Suit | None, misere: bool, players: int, nominated: Suit | None) -> None:
        self.trump = trump
        self.misere = misere
        self.suit_of = _suits_by_index(trump, nominated)
        self.orders = _orders(trump, players, nominated)
        self.pack_mask = _pack_mask(players)
        self.trump_mask = _trump_mask(trump) if trump is not None else 0
        self.own_ranks = _own_ranks(trump, nominated)
        # _discard_keys packed into one int each, in the same order: kind (side card, trump, joker) * 1000 + rank
        self.discard_order = tuple(kind * 1000 + rank for kind, rank in _discard_keys(trump, nominated))
        self.ranks = {led: rank_table(trump, led, nominated) for led in (*_SUITS, None)}


@lru_cache(maxsize=None)
def _play_table(contract: Bid, players: int, nominated: Suit | None) -> _PlayTable:
    return _PlayTable(contract.trump, contract.is_misere, players, nominated)


def estimate_tricks(hand: tuple[Card, ...] | list[Card], strain: Strain, players: int = 4) -> float:
    """Likely tricks for ``hand`` played in ``strain`` (before partner and kitty).

    Trumps: each of the top cards held in an unbroken run from the top counts a
    full trick, other high trumps part of one, and length beyond four trumps
    adds more.  Side suits: an ace about one trick, a guarded king half.  In no
    trumps the joker is a sure trick and long strong suits add tricks.
    """
    hand = _hand_arg(hand, players)
    if strain.__class__ is not Strain:
        raise PlayerError(f"not a strain: strain={shown(strain)} (use Strain.HEARTS, or Strain.NO_TRUMPS)")
    trump = strain.suit
    total = 0.0
    held_mask = 0
    for c in hand:
        held_mask |= c.bit
    if trump is not None:
        order = _order(trump, trump, players)
        held = [c for c in order if c.bit & held_mask]
        run = 0
        for c in order:
            if c.bit & held_mask:
                run += 1
            else:
                break
        total += run
        for pos, c in enumerate(order):
            if c.bit & held_mask and pos >= run:
                total += 0.8 if pos < 4 else 0.6 if pos < 6 else 0.35
        total += 0.5 * max(0, len(held) - 4)
    trumps_held = -1  # counted when first needed
    for suit in _SUITS:
        if suit is trump:
            continue
        order = _order(suit, trump, players)
        mine = [c for c in order if c.bit & held_mask]
        if not mine:
            if trump is not None:
                if trumps_held < 0:
                    trumps_held = sum(1 for c in hand if _suit_of(c, trump) is trump)
                if trumps_held >= 5:
                    total += 0.4
            continue
        top_held = order[0].bit & held_mask
        if top_held:
            total += 1.0
            if len(order) > 1 and order[1].bit & held_mask:
                total += 0.9
        elif len(order) > 1 and order[1].bit & held_mask and len(mine) >= 2:
            total += 0.5
        if trump is None and top_held and len(mine) >= 5:
            total += 0.6 * (len(mine) - 4)
    if trump is None and held_mask & JOKER.bit:
        total += 1.0
    return total


_STRAINS = tuple(Strain)


@lru_cache(maxsize=4096)
def _estimates(hand_mask: int, players: int) -> tuple[float, ...]:
    """:func:`estimate_tricks` in each strain (in :class:`Strain` order) for the hand with these card bits.

    Cached: a seat bids several times with the same hand.  The estimate depends only
    on which cards are held, not their order, so the bitmask is a fair key.
    """
    return tuple(_estimate_mask(hand_mask, strain.suit, players) for strain in _STRAINS)


@lru_cache(maxsize=None)
def _order_bits(suit: Suit, trump: Suit | None, players: int) -> tuple[tuple[int, ...], int]:
    """:func:`_order` as card bits (highest first), and all of them as one mask."""
    bits = tuple(c.bit for c in _order(suit, trump, players))
    return bits, sum(bits)


def _estimate_mask(held_mask: int, trump: Suit | None, players: int) -> float:
    """:func:`estimate_tricks` for a hand given as a bitmask (no repeated cards, all from this pack).

    The same counts, added in the same order (so the same float to the last bit), on card bits
    instead of card lists: the bidder's path, where hands come from views and need no checks.
    ``tests/players/test_rules_player.py`` compares the two on random hands.
    """
    total = 0.0
    if trump is not None:
        order, order_mask = _order_bits(trump, trump, players)
        run = 0
        for b in order:
            if b & held_mask:
                run += 1
            else:
                break
        total += run
        for pos, b in enumerate(order):
            if b & held_mask and pos >= run:
                total += 0.8 if pos < 4 else 0.6 if pos < 6 else 0.35
        total += 0.5 * max(0, (held_mask & order_mask).bit_count() - 4)
    trumps_held = -1  # counted when first needed
    for suit in _SUITS:
        if suit is trump:
            continue
        order, order_mask = _order_bits(suit, trump, players)
        mine = (held_mask & order_mask).bit_count()
        if not mine:
            if trump is not None:
                if trumps_held < 0:
                    trumps_held = (held_mask & _trump_mask(trump)).bit_count()
                if trumps_held >= 5:
                    total += 0.4
            continue
        top_held = order[0] & held_mask
        if top_held:
            total += 1.0
            if len(order) > 1 and order[1] & held_mask:
                total += 0.9
        elif len(order) > 1 and order[1] & held_mask and mine >= 2:
            total += 0.5
        if trump is None and top_held and mine >= 5:
            total += 0.6 * (mine - 4)
    if trump is None and held_mask & _JOKER_BIT:
        total += 1.0
    return total


def misere_danger(hand: tuple[Card, ...] | list[Card], players: int = 4) -> int:
    """How many cards could be forced to win a trick in misère: the joker, and cards above the 9."""
    hand = _hand_arg(hand, players)
    return sum(1 for c in hand if c.is_joker or c.rank > Rank.NINE)


def _hand_arg(hand: object, players: object) -> tuple[Card, ...] | list[Card]:
    """The hand as cards (text is read leniently); ``players`` 2 to 6.  Cheap when already cards."""
    if players.__class__ is not int or players not in PLAYER_COUNTS:
        raise PlayerError(f"not a player count: players={shown(players)} (2 to 6)")
    if isinstance(hand, (tuple, list)) and all(c.__class__ is Card for c in hand):
        return hand
    return cards_arg(hand, "cards in the hand")


def _bid_reason(call: Bid, count: Count | None, one_say: bool) -> str:
    """The method's reason for ``call`` in one sentence (the count in lesson 14's terms)."""
    if call.kind is BidKind.OPEN_MISERE:
        return "Open misère: no joker and no card above the 9, so I can lose every trick with my cards on the table."
    if call.is_misere:
        return "Misère: no joker and at most one card above the 9, and no trick bid reaches eight, so I can expect to lose every trick."
    assert count is not None
    if call.is_pass and one_say:
        return "I have bid already, and the method gives each player one say: my bid told partner my count, so I pass."
    head = (
        f"I count {count.in_hand} in {count.strain.words} and {CONTEXTS[count.context]}, so partner and the kitty "
        f"add about {count.allowance}: {count.total}"
    )
    if call.is_pass:
        return f"{head}, which reaches no bid I may make now, so I pass."
    return f"{head}, so I bid {call.label}."


_sides = lru_cache(maxsize=None)(sides)  # the same answer for the same rules: worked out once


def _allowance(players: int) -> float:
    """Tricks to expect from partner and the kitty."""
    return {4: 1.5, 6: 1.5, 5: 1.2}.get(players, 0.5)


#: the same, for the analysis modules that estimate bids as this player does (no module imports another's private names)
allowance = _allowance


def _higher_out(table: _PlayTable, led: Suit, ranks: tuple[int, ...], card: Card, cards: int) -> bool:
    """Whether ``cards`` (a bitmask) hold a card of the led suit that beats ``card`` (``ranks``: the trick's)."""
    best = ranks[card.index]
    suit_of = table.suit_of
    rest = cards
    while rest:
        low_bit = rest & -rest
        i = low_bit.bit_length() - 1
        if ranks[i] > best and suit_of[i] is led:
            return True
        rest ^= low_bit
    return False


class RulesPlayer(Player):
    """Plays by published principles; fast (well under 5 ms a decision) and deterministic.

    ``memory`` (on by default) is whether it remembers the cards already played.  With it, "the
    highest card left" of a suit is the highest not yet played or discarded, and a player who did not
    follow suit to an earlier trick is known to be void there.  Without it (the Beginner level,
    :mod:`fivehundred.analysis.levels`) it decides from its own hand, the trick on the table, the
    contract and the cards the rules let it play: "the highest left" is the highest in the pack apart
    from the trick on the table, so it cashes a side suit's top card and draws trumps only while it
    holds the highest card of the whole pack there, takes partner's card for a sure winner only when
    nothing in the pack can beat it, and knows no void beyond what the trick on the table shows.
    Bidding, the kitty, the partner call and the nomination never look at played cards, so they are
    the same either way.

    Raises:
        NotationError: ``memory`` is not ``True`` or ``False``.
    """

    name = "rules"
    bids_by_method = True  # its calls are method_call's

    def __init__(self, *, memory: bool = True, key_basis: bool = False) -> None:
        """``memory=False``: the Beginner level, which sees only its hand and the trick on the table.

        ``key_basis=True``: card play as the bidding quizzes' answer keys were played out (bank key
        version 2, :mod:`fivehundred.analysis.simulation`), before two of issue #24's known-failure
        fixes: partner's card counts as sure only when no higher card of the suit is out and no
        opponent to play has shown out of it with a trump left (:meth:`_partner_sure_key_basis`), and
        the misère defender does not shed its highest card on a trick the contractor cannot win.  The
        keys stay reproducible from the code until the bank is rebuilt (issue #23); nothing else
        plays this way.
        """
        self.memory = bool_arg(memory, "memory")
        self.key_basis = bool_arg(key_basis, "key_basis")
        if not self.memory:
            self.name = "rules, no memory"
        if self.key_basis:
            self.name = "rules, as the quiz keys were played"

    # ------------------------------------------------------------------ public
    def choose(self, view: View) -> Action:
        """The action the principles pick.

        Raises:
            PlayerError: it is not this seat's turn, or there is nothing legal to do.
        """
        return self.decide(view).action

    def explain(self, view: View, action: Action) -> str:
        decision = self.decide(view)
        if decision.action == action:
            return decision.reason
        return f"The rules player would choose {decision.action} instead: {decision.reason}"

    def decide(self, view: View) -> Decision:
        """The chosen action with its reason.

        Raises:
            PlayerError: it is not this seat's turn, or there is nothing legal to do.
        """
        check_view(view)
        if view.to_act != view.seat:
            raise PlayerError(f"not seat {view.seat}'s turn to act ({view.phase.value})")
        if view.phase is Phase.AUCTION:
            return self._bid(view)
        if view.phase is Phase.KITTY:
            return self._discard(view)
        if view.phase is Phase.PARTNER:
            return self._partner(view)
        if view.phase is Phase.NOMINATION:
            return self._nominate(view)
        if view.phase is Phase.PLAY:
            return self._play(view)
        raise PlayerError(f"nothing to do: the hand is over (seat {view.seat})")

    # ------------------------------------------------------------------ bidding
    def _bid(self, view: View) -> Decision:
        """The bidding method's call (:func:`fivehundred.bidding_method.method_call`, what lesson 14 teaches and
        :func:`fivehundred.analysis.advisor.advise` recommends), so that partner's bids mean what the lesson says.

        In a game (the view carries the score) the method bids the cheapest call that wins the game when
        made once no opponent can outbid (``to_win``).  The method is silent on nothing the auction can ask here: it is used unchanged at every table (at 2, 3
        and 5 players nobody is a partner, so only "nobody has bid yet" and "the opponents have bid" apply) and
        never bids blind misère.  The rules player's old bidder (the cheapest level its own trick estimate
        supports) is kept frozen in ``bench/old_rules_bidder.py`` for the strength comparison.
        """
        legal = [a for a in view.legal_actions if a.__class__ is Bid]
        to_win = view.points_to_win
        call, count = method_call(view.hand, view.seat, view.auction, legal, rules=view.rules, to_win=to_win)
        reason = _bid_reason(call, count, METHOD.one_say and has_bid(view.seat, view.auction))
        if to_win is not None and count is not None and call.kind is BidKind.TRICKS and call.points >= to_win:
            full, _ = method_call(view.hand, view.seat, view.auction, legal, rules=view.rules)
            if full != call:  # the score made the difference
                reason = (f"{reason[: reason.rindex(', so I bid')]}, but we need only {to_win} to win the game and no "
                          f"opponent can bid again, so I bid {call.label}: made, it wins the game.")
        return Decision(call, reason)

    # ------------------------------------------------------------------ kitty, partner, nomination
    def _discard(self, view: View) -> Decision:
        contract = view.contract
        assert contract is not None
        hand = list(view.hand)
        size = view.rules.kitty_size
        players = view.rules.players
        if contract.is_misere:
            ranked = sorted(hand, key=lambda c: (c.is_joker, c.rank), reverse=True)
            return Decision(Discard.of(ranked[:size]), "In misère I throw my highest cards (and the joker first: un-nominated it would win a trick).")
        trump = contract.trump
        order_of = _orders(trump, players, None)
        place = _places(trump, players)  # each card's place in its suit's order (order_of[suit].index(card))
        side_suits = {
            suit: sorted((c for c in hand if _suit_of(c, trump) is suit), key=lambda c: place[c.index], reverse=True)
            for suit in _SUITS
            if suit is not trump
        }
        out: list[Card] = []
        voids: list[Suit] = []
        # whole short suits without their top card go first: each one makes a void
        for suit, cards in sorted(side_suits.items(), key=lambda kv: (len(kv[1]), kv[0].order)):
            if cards and order_of[suit][0] not in cards and len(out) + len(cards) <= size:
                out.extend(cards)
                voids.append(suit)
        # then the lowest side cards, never a suit's top card while others remain
        spare = sorted(
            (c for cards in side_suits.values() for c in cards if c not in out and c != order_of[_suit_of(c, trump) or Suit.SPADES][0]),
            key=lambda c: (len(order_of[_suit_of(c, trump) or Suit.SPADES]) - place[c.index]),
        )
        out.extend(spare[: size - len(out)])
        if len(out) < size:
            rest = sorted((c for c in hand if c not in out and not c.is_joker), key=lambda c: rank_table(trump, _suit_of(c, trump), None)[c.index])
            out.extend(rest[: size - len(out)])
        why = f", making a void in {' and '.join(v.plural for v in sorted(voids, key=lambda v: v.order))}" if voids and trump is not None else ""
        return Decision(Discard.of(out), f"I keep my trumps, the joker and aces and throw short-suit losers{why}.")

    def _partner(self, view: View) -> Decision:
        legal = view.legal_actions
        contract = view.contract
        assert contract is not None
        calls = [a for a in legal if isinstance(a, CallCard)]
        if calls:
            trump = contract.trump
            suit = trump if trump is not None else max(_SUITS, key=lambda s: sum(1 for c in view.hand if c.suit is s))
            for c in _order(suit, trump, view.rules.players):
                call = CallCard(c)
                if call in calls:
                    return Decision(call, f"I call {c.label}, the best {suit.singular} I don't hold, so my partner is strong there.")
            return Decision(calls[0], "I call a card I don't hold.")
        named = [a for a in legal if isinstance(a, CallPartner)]
        if not named:
            raise PlayerError("no partner call available")
        bidders = [s for s, b in view.auction if not b.is_pass and s != view.seat]
        for seat in reversed(bidders):
            for named_call in named:
                if named_call.seats == (seat,):
                    return Decision(named_call, "I name the player who bid too: their bid showed a strong hand.")
        return Decision(named[0], "Nobody else bid, so I name the next player.")

    def _nominate(self, view: View) -> Decision:
        contract = view.contract
        assert contract is not None
        if contract.is_misere:
            suit = max(_SUITS, key=lambda s: (sum(1 for c in view.hand if c.suit is s), s.order))
            return Decision(
                Nominate(suit),
                f"In misère an un-nominated joker must win a trick, so I nominate {suit.plural}, my longest suit, "
                "where I can keep it hidden among my other cards.",
            )
        return Decision(Nominate(None), "I keep the joker free: un-nominated it wins any trick, so it is a sure way back in.")

    # ------------------------------------------------------------------ play
    def _play(self, view: View) -> Decision:
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if not plays:
            raise PlayerError(f"no legal play for seat {view.seat}")
        if len(plays) == 1:
            return Decision(plays[0], "It is my only legal card.")
        contract = view.contract
        assert contract is not None and view.contractor is not None
        nominated = view.nominated
        table = _play_table(contract, view.rules.players, nominated)
        trump = table.trump
        # the view's cards as bitmasks (bit ``card.index``), and each card's suit from the engine's tables
        hand_mask = view.hand_mask
        current = view.current
        if self.memory:  # every card played so far, and my own discards
            discards = view.discards
            gone = view.played_mask | mask_of(discards) if discards else view.played_mask
        else:  # only the cards on the table now
            gone = mask_of(current.cards) if current is not None else 0
        exposed = view.exposed
        seen = gone | hand_mask | (mask_of(exposed) if exposed else 0)
        alive = table.pack_mask & ~gone
        suit_of = table.suit_of
        orders = table.orders

        def top_of(suit: Suit) -> Card | None:
            for c in orders[suit]:
                if c.bit & alive:
                    return c
            return None

        if table.misere:
            return self._play_misere(view, plays, alive)
        if current is None or not current.plays:
            # leading
            cards = plays
            trump_mask = table.trump_mask
            contracting = view.seat == view.contractor or view.seat in view.partners
            if trump is not None and contracting and any(p.card.bit & trump_mask for p in cards):
                others_trumps = alive & ~hand_mask & trump_mask
                top = top_of(trump)
                if others_trumps and top is not None and top.bit & hand_mask:
                    return Decision(PLAIN_PLAYS[top.index], f"I lead {top.label}, the highest trump left, to draw the opponents' trumps from the top.")
            for p in cards:
                card = p.card
                s = suit_of[card.index]
                if s is not None and s is not trump:
                    top = top_of(s)
                    if top is not None and top.index == card.index:
                        return Decision(p, f"I cash {card.label}, the highest {s.singular} left.")
            if trump is None and nominated is None:
                joker_leads = [p for p in cards if p.card.is_joker]
                nonjoker = [p for p in cards if not p.card.is_joker]
                if joker_leads and (not nonjoker or hand_mask.bit_count() <= 2):
                    return Decision(joker_leads[0], "I lead the joker now, while it can still be led, to win this trick and keep the lead.")
                cards = nonjoker or cards
            side = [p for p in cards if suit_of[p.card.index] is not trump] or cards
            lengths: dict[Suit | None, int] = {}  # cards held of each suit (None: a free joker)
            rest = hand_mask
            while rest:
                low_bit = rest & -rest
                key = suit_of[low_bit.bit_length() - 1]
                lengths[key] = lengths.get(key, 0) + 1
                rest ^= low_bit
            own = table.own_ranks

            def rank(p: Play) -> int:  # as _rank: within its own suit, the named suit for a joker lead
                return own[p.card.index] if p.named is None else rank_table(trump, p.named, nominated)[p.card.index]

            longest = max(side, key=lambda p: (lengths[suit_of[p.card.index]], -rank(p)))
            suit = suit_of[longest.card.index]
            low = min((p for p in side if suit_of[p.card.index] == suit), key=rank)
            name = suit.plural if suit is not None else "cards"
            return Decision(low, f"With no sure winner I lead low from my longest suit, {name}, keeping my high cards.")
        # following
        led = current.led
        ranks = table.ranks[led]
        win_seat, win_card = max(current.plays, key=lambda sc: ranks[sc[1].index])
        best = ranks[win_card.index]
        order_left = len(view.hand_sizes) - len(view.sitting_out) - len(current.plays) - 1
        team = self._team(view)
        partner_winning = win_seat in team
        winners = sorted((p for p in plays if ranks[p.card.index] > best), key=lambda p: ranks[p.card.index])
        bosses = 0  # the highest card left of each suit, where I hold it
        for s in _SUITS:
            top = top_of(s)
            if top is not None and top.bit & hand_mask:
                bosses |= top.bit
        # the lowest card: min by (can win, is a boss card, discard key), the first of equals, on packed ints
        keys = table.discard_order
        lowest = plays[0]
        lowest_key = 1 << 30
        for p in plays:
            card = p.card
            packed = (8192 if ranks[card.index] > 0 else 0) | (4096 if card.bit & bosses else 0) | keys[card.index]
            if packed < lowest_key:
                lowest, lowest_key = p, packed
        if partner_winning:
            if self.key_basis:
                sure = self._partner_sure_key_basis(view, table, win_card, alive & ~seen, alive & ~hand_mask, ranks, team)
            else:
                sure = self._partner_sure(view, table, win_card, alive & ~seen, alive & ~hand_mask, ranks, team)
            if sure or order_left == 0:
                return Decision(lowest, f"Partner's {win_card.label} is winning the trick, so I don't overtake it and play low.")
        if not winners:
            return Decision(lowest, "I can't win this trick, so I play my lowest card.")
        following = any(suit_of[p.card.index] is led for p in plays)
        if order_left > 0 and len(current.plays) == 1 and not partner_winning and following:
            top = top_of(led) if led is not None else None
            if top is None or not any(p.card.index == top.index for p in winners):
                return Decision(lowest, "Second hand low: a later player may still beat anything but the top card.")
            return Decision(PLAIN_PLAYS[top.index], f"I hold {top.label}, the highest left in the suit, so I win now.")
        cheap = winners[0]
        return Decision(cheap, f"I win as cheaply as I can with {cheap.card.label}.")

    def _partner_sure_key_basis(self, view: View, table: _PlayTable, win_card: Card, unseen: int, others: int,
                                ranks: tuple[int, ...], team: set[int]) -> bool:
        """:meth:`_partner_sure` as the quiz keys were played (``key_basis``): sure only when no higher card of
        the led suit is out and no opponent still to play has shown out of it while a trump is unseen."""
        current = view.current
        assert current is not None
        led = current.led
        trump = table.trump
        later = self._later_seats(view, len(current.plays))
        ruff_danger = trump is not None and led is not trump and bool(unseen & table.trump_mask) and any(
            led in self._shown_void(view, s) for s in later if s not in team
        )
        higher_out = (led is not None and not ruff_danger and not win_card.is_joker
                      and _higher_out(table, led, ranks, win_card, others & ~mask_of(c for _, c in current.plays)))
        return led is not None and (not higher_out or win_card.is_joker) and not ruff_danger

    def _partner_sure(self, view: View, table: _PlayTable, win_card: Card, unseen: int, others: int,
                      ranks: tuple[int, ...], team: set[int]) -> bool:
        """Whether partner's winning card ``win_card`` is sure to win the trick: nobody still to play can beat it.

        Then I never overtake it.  It is sure when it is the joker; when everyone still to play is on my side;
        or when each opponent still to play can neither follow with a higher card (none is left outside my hand
        and the trick, or they have shown out of the suit) nor trump it (they have not shown out of the suit,
        no trump is left unseen, or they have shown out of trumps too).  ``unseen``: the cards left that I have
        not seen; ``others``: the cards left outside my hand.  A suit they have not shown out of is taken as one
        they can follow.
        """
        current = view.current
        assert current is not None
        if win_card.is_joker:
            return True
        led = current.led
        if led is None:
            return False
        trump = table.trump
        opponents = [s for s in self._later_seats(view, len(current.plays)) if s not in team]
        if not opponents:
            return True
        # a card of the led suit above partner's, not in my hand or the trick
        higher_out = _higher_out(table, led, ranks, win_card, others & ~mask_of(c for _, c in current.plays))
        trumps_out = trump is not None and led is not trump and bool(unseen & table.trump_mask)
        if not higher_out and not trumps_out:  # nobody can beat it, whatever they hold
            return True
        for seat in opponents:
            void = self._shown_void(view, seat)
            if led not in void:
                if higher_out:
                    return False
            elif trumps_out and trump not in void:
                return False
        return True

    def _play_misere(self, view: View, plays: list[Play], alive: int) -> Decision:
        contract = view.contract
        assert contract is not None
        nominated = view.nominated
        current = view.current
        me_contractor = view.seat == view.contractor
        if current is None or not current.plays:
            if me_contractor:
                low = min(plays, key=lambda p: self._rank(p, None, nominated))
                return Decision(low, f"In misère I lead my lowest card, {low.card.label}, so someone else should win the trick.")
            # defender: lead a suit the contractor still holds (not shown void), low
            void = self._shown_void(view, view.contractor if view.contractor is not None else view.seat)
            options = [p for p in plays if _suit_of(p.card, None, nominated) not in void and not p.card.is_joker] or plays
            low = min(options, key=lambda p: self._rank(p, None, nominated))
            return Decision(low, "Against misère I lead low in a suit the contractor still holds, so they may be forced to win.")
        led = current.led
        ranks = rank_table(None, led, nominated)
        win_seat, win_card = max(current.plays, key=lambda sc: ranks[sc[1].index])
        best = ranks[win_card.index]
        if me_contractor:
            under = [p for p in plays if ranks[p.card.index] < best]
            if under:
                p = max(under, key=lambda p: (ranks[p.card.index] > 0, self._rank(p, None, nominated)))
                return Decision(p, f"I duck with {p.card.label}, my highest card that still loses to {win_card.label}.")
            p = min(plays, key=lambda p: ranks[p.card.index])
            return Decision(p, "Every card I hold wins here, so I play the lowest to keep my chances later.")
        contractor_played = any(s == view.contractor for s, _ in current.plays)
        if contractor_played and win_seat == view.contractor:
            under = [p for p in plays if ranks[p.card.index] < best]
            if under:
                p = max(under, key=lambda p: self._rank(p, None, nominated))
                return Decision(p, "The contractor is winning this trick, so I play under them and leave it there.")
        shed = None if self.key_basis else self._misere_shed(view, plays, ranks, contractor_played, win_seat)
        if shed is not None:
            return shed
        p = min(plays, key=lambda p: (ranks[p.card.index] > 0, self._rank(p, None, nominated)))
        return Decision(p, "Against misère I play low, so the contractor has to find a card under mine.")

    def _misere_shed(self, view: View, plays: list[Play], ranks: tuple[int, ...], contractor_played: bool,
                     win_seat: int) -> Decision | None:
        """Against misère, when the contractor cannot win this trick: my highest card of the led suit.

        The contractor cannot win it when they have played and another card beats theirs, or when they are
        still to play and have none of the led suit (their open hand shows it, or they have shown out of it) and
        cannot hold the joker.  Nothing I play then makes them win this trick, so I follow with my highest card:
        a high card in their suit can later only win a trick they would otherwise have had to take, while the
        low cards I keep let me play under them.  ``None`` when the rule does not apply (I can't follow suit, or
        the contractor may still win).
        """
        contractor = view.contractor
        assert contractor is not None and view.current is not None
        led = view.current.led
        if led is None:
            return None
        following = [p for p in plays if ranks[p.card.index] > 0 and _suit_of(p.card, None, view.nominated) is led]
        if len(following) < 2:
            return None
        if contractor_played:
            if win_seat == contractor:
                return None
        else:
            exposed = view.exposed
            if exposed:  # their cards are on the table: none of the led suit (and no joker) means they can't win
                if any(c.is_joker or _suit_of(c, None, view.nominated) is led for c in exposed):
                    return None
            elif led not in self._shown_void(view, contractor) or not self._joker_gone(view):
                return None
        high = max(following, key=lambda p: ranks[p.card.index])
        return Decision(high, f"The contractor can't win this trick, so I get rid of {high.card.label}, my highest "
                              f"{led.singular}, and keep my low cards to play under them later.")

    def _joker_gone(self, view: View) -> bool:
        """Whether the joker is out of the contractor's reach: in my hand, played, or (with memory) in my discards."""
        if JOKER in view.hand:
            return True
        if self.memory:
            return bool(view.played_mask & _JOKER_BIT) or JOKER in view.discards
        current = view.current
        return current is not None and any(c.is_joker for _, c in current.plays)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _rank(p: Play, trump: Suit | None, nominated: Suit | None) -> int:
        """The card's rank within its own suit (the named suit for a joker lead; 999 for a free joker)."""
        if p.named is not None:
            return rank_table(trump, p.named, nominated)[p.card.index]
        return _own_ranks(trump, nominated)[p.card.index]

    @staticmethod
    def _team(view: View) -> set[int]:
        contractor = view.contractor
        assert contractor is not None
        contracting = {contractor, *view.partners}
        if view.seat in contracting:
            return contracting
        if view.rules.players in (4, 6):
            for side in _sides(view.rules):
                if view.seat in side:
                    return set(side)
        return {s for s in range(view.rules.players) if s not in contracting}

    @staticmethod
    def _later_seats(view: View, played: int) -> list[int]:
        """The seats still to play to the current trick after this one."""
        order = [s for s in range(view.rules.players) if s not in view.sitting_out]
        i = order.index(view.seat)
        return [order[(i + k) % len(order)] for k in range(1, len(order) - played)]

    def _shown_void(self, view: View, seat: int) -> set[Suit]:
        """The suits ``seat`` has shown out of: in any trick so far, or (without memory) in the trick on the table."""
        void: set[Suit] = set()
        trump = view.contract.trump if view.contract else None
        suit_of = _suits_by_index(trump, view.nominated)
        tricks = view.tricks if self.memory else ((view.current,) if view.current is not None else ())
        for t in tricks:
            if t.led is None:
                continue
            for s, c in t.plays:
                if s == seat and suit_of[c.index] is not t.led:
                    void.add(t.led)
        return void
