"""What a finished trick showed, in the coach's words: a ruff, the joker or a bower winning, the last trump drawn.

The guided hands' notes are written for their planned line.  Off that line the
coach still speaks after the tricks worth a word, from this narration
(:func:`trick_story`), and tells what the planned line would have shown with
the same words (:meth:`fivehundred.library.Guide.planned_remark`).

Cards are named by their labels (``K♠``, ``J♥``, ``Joker``) only when the
learner may see them (``known``); a card still hidden is described in words
("a trump", "a spade"), so a remark never places a hidden card in a hand.

>>> from fivehundred.library.hand import SampleHand, load_text
>>> hand = SampleHand.from_json(load_text("hands/take-control.json"))
>>> r = hand.round_at(14)  # trick 2 complete: the line's K♠ and West's ruff
>>> trick_story(r, hand.seat)
'West cannot follow spades and trumps your K♠ with the 4♦, winning the trick.'
"""

from __future__ import annotations

from dataclasses import dataclass

from fivehundred import i18n
from fivehundred import text as words
from fivehundred.cards import Card, Suit, pack
from fivehundred.i18n import gettext as _
from fivehundred.i18n import pgettext
from fivehundred.play import play_rules
from fivehundred.round import Round, round_arg
from fivehundred.trick import Trick
from fivehundred.trumps import effective_suit, is_left_bower, is_right_bower, trick_rank

__all__ = ["TrickFacts", "trick_facts", "trick_story", "card_words", "plays_in_words"]


@dataclass(frozen=True)
class TrickFacts:
    """The facts of one finished trick the coach may talk about (seats; cards as played)."""

    trick: Trick
    winner: int
    winning: Card
    #: seats that could not follow the suit led and played a trump, in play order
    ruffers: tuple[int, ...]
    #: the card of the suit led that was winning before the first ruff, and its seat (``None``: no ruff)
    ruffed: tuple[int, Card] | None
    #: seats that could not follow a trump lead
    void_in_trumps: tuple[int, ...]
    #: whether this trick took the last trump the learner had not yet seen out of the other hands
    last_trump_drawn: bool
    #: whether the winner is a plain card that wins only because every higher card of its suit has gone
    promoted: bool


def _team(r: Round, seat: int) -> bool:
    """Whether ``seat`` is on the contracting side (misère: is the contractor)."""
    assert r.contract is not None
    if r.contract.is_misere:
        return seat == r.contractor
    return seat in r.contracting_seats()


def trick_facts(r: Round, learner: int, index: int = -1) -> TrickFacts:
    """The facts of ``r.tricks[index]`` (by default the last finished trick).

    The last-trump count is the learner's: it holds when ``r`` is the round right after that trick.

    Raises:
        NotationError: ``r`` is not a round.
        IndexError: ``r`` has no such finished trick.
    """
    r = round_arg(r, "r")
    trick = r.tricks[index]
    assert r.contract is not None
    table = play_rules(r.contract, r.nominated, r.rules)
    trump, nominated = table.trump, table.nominated
    led = trick.led
    winner = trick.winner(trump, nominated)
    winning = dict(trick.plays)[winner]
    pos = index % len(r.tricks)
    earlier = r.tricks[:pos]
    # seats already seen out of trumps (said once, at the first trick they show out)
    shown_out = {s for t in earlier if trump is not None and t.led is trump
                 for s, c in t.plays if effective_suit(c, trump, nominated) is not trump}
    ruffers: list[int] = []
    ruffed: tuple[int, Card] | None = None
    best: tuple[int, Card] | None = None
    void: list[int] = []
    for seat, card in trick.plays:
        suit = effective_suit(card, trump, nominated)
        if trump is not None and led is not None and led is not trump and suit is trump:
            if not ruffers:
                ruffed = best
            ruffers.append(seat)
        if trump is not None and led is trump and suit is not trump and seat not in shown_out:
            void.append(seat)
        if suit is led and (best is None or trick_rank(card, trump, led, nominated) > trick_rank(best[1], trump, led, nominated)):
            best = (seat, card)
    last = False
    if trump is not None and led is trump and _team(r, learner):
        view = r.view(learner)
        unseen_after = sum(1 for c in view.unseen if effective_suit(c, trump, nominated) is trump)
        fell = sum(1 for s, c in trick.plays if s != learner and effective_suit(c, trump, nominated) is trump
                   and c not in view.exposed)
        last = unseen_after == 0 and fell > 0
    promoted = False
    low = not winning.is_joker and winning.rank is not None and int(winning.rank) <= 10
    said = any(t.led is led and _low_winner(t, trump, nominated) for t in earlier)  # said once a suit
    if low and not said and effective_suit(winning, trump, nominated) is led and led is not None and led is not trump:
        ranks = {c: trick_rank(c, trump, led, nominated) for c in pack(r.rules.players)}
        higher = {c for c, v in ranks.items() if v > ranks[winning] and effective_suit(c, trump, nominated) is led}
        held = {c for s in range(r.rules.players) for c in r.hand(s)}
        promoted = bool(higher) and not higher & held  # higher cards exist, and none is left in any hand
    return TrickFacts(trick, winner, winning, tuple(ruffers), ruffed, tuple(void), last, promoted)


def _low_winner(t: Trick, trump: Suit | None, nominated: Suit | None) -> bool:
    """Whether ``t`` was won by a card of the suit led ranked 10 or lower."""
    card = dict(t.plays)[t.winner(trump, nominated)]
    return (not card.is_joker and card.rank is not None and int(card.rank) <= 10
            and effective_suit(card, trump, nominated) is t.led)


#: how a card is named in each place of a sentence (a language that declines its nouns needs a form for each):
#: the subject ("a trump from West", "J♦, the left bower, wins"), the object ("throws the 9♠", "trumps your
#: K♠") and after "with" ("trumps with a trump")
ROLES = ("subject", "object", "with")


def _hidden_words(role: str, suit: Suit | None, trump: bool) -> str:
    """A card the learner has not seen, in words, in its place in the sentence."""
    if trump:
        return {"subject": pgettext("hidden card, subject", "a trump"), "object": pgettext("hidden card, object", "a trump"),
                "with": pgettext("hidden card, after with", "a trump")}[role]
    if suit is None:
        return {"subject": pgettext("hidden card, subject", "a card"), "object": pgettext("hidden card, object", "a card"),
                "with": pgettext("hidden card, after with", "a card")}[role]
    if role == "subject":
        return {Suit.SPADES: pgettext("hidden card, subject", "a spade"), Suit.CLUBS: pgettext("hidden card, subject", "a club"),
                Suit.DIAMONDS: pgettext("hidden card, subject", "a diamond"),
                Suit.HEARTS: pgettext("hidden card, subject", "a heart")}[suit]
    if role == "object":
        return {Suit.SPADES: pgettext("hidden card, object", "a spade"), Suit.CLUBS: pgettext("hidden card, object", "a club"),
                Suit.DIAMONDS: pgettext("hidden card, object", "a diamond"),
                Suit.HEARTS: pgettext("hidden card, object", "a heart")}[suit]
    return {Suit.SPADES: pgettext("hidden card, after with", "a spade"), Suit.CLUBS: pgettext("hidden card, after with", "a club"),
            Suit.DIAMONDS: pgettext("hidden card, after with", "a diamond"),
            Suit.HEARTS: pgettext("hidden card, after with", "a heart")}[suit]


def card_words(card: Card, r: Round, led: Suit | None, known: frozenset[Card] | None, *, the: bool = False,
               role: str = "subject") -> str:
    """``card`` by its label when the learner may see it (``the``: "the 4♦"), else in words: "a trump", "a spade", "a card".

    ``role`` is its place in the sentence (:data:`ROLES`), for the languages whose words change with it.
    """
    if known is None or card in known:
        if not the:
            return card.label
        if role == "with":
            # Translators: a card shown, after "with" ("trumps with the 4♦"); {card} is its symbol
            return pgettext("card shown, after with", "the {card}").format(card=card.label)
        # Translators: a card shown, as the object of a verb ("throws the 9♠"); {card} is its symbol
        return pgettext("card shown, object", "the {card}").format(card=card.label)
    assert r.contract is not None
    table = play_rules(r.contract, r.nominated, r.rules)
    suit = effective_suit(card, table.trump, table.nominated)
    if table.trump is not None and suit is table.trump:
        return _hidden_words(role, None, True)
    if suit is not None and suit is led:
        return _hidden_words(role, suit, False)
    return _hidden_words(role, None, False)


def _seat(r: Round, seat: int) -> str:
    return words.seat(seat, r.rules.players)


def plays_in_words(r: Round, trick: Trick, learner: int, known: frozenset[Card] | None = None) -> str:
    """A trick's cards in play order: ``"K♠ from you, a trump from West, Q♠ from North, 8♠ from East"``."""
    out = []
    for s, c in trick.plays:
        card = card_words(c, r, trick.led, known)
        if s == learner:
            out.append(_("{card} from you").format(card=card))
        else:
            out.append(_("{card} from {seat}").format(card=card, seat=_seat(r, s)))
    return ", ".join(out)


def _misere_story(r: Round, f: TrickFacts, learner: int, known: frozenset[Card] | None) -> str:
    assert r.contract is not None
    led = f.trick.led
    if f.winner == r.contractor:
        card = card_words(f.winning, r, led, known, the=True, role="with")
        if f.winner == learner:
            return _("You take this trick with {card}: the misère is lost.").format(card=card)
        if learner == r.contractor:  # not reached: the contractor who wins is the learner
            return _("{seat} takes this trick with {card}: the misère is lost.").format(seat=_seat(r, f.winner), card=card)
        return _("{seat} takes this trick with {card}: the misère is beaten.").format(seat=_seat(r, f.winner), card=card)
    if r.contractor != learner:
        return ""
    # the contractor stayed under: worth a word when the contractor could not follow and threw a high card
    mine = dict(f.trick.plays).get(learner)
    if mine is None or led is None:
        return ""
    table = play_rules(r.contract, r.nominated, r.rules)
    if effective_suit(mine, table.trump, table.nominated) is led:
        return ""
    if not mine.is_joker:
        same = [c for c in (*r.hand(learner), mine) if not c.is_joker and c.suit is mine.suit]
        if int(mine.rank) < 9 or mine != max(same, key=lambda c: int(c.rank)):
            return ""
    return _("You cannot follow {suit} and throw {card}: a high card gone while it cannot win.").format(
        suit=words.suit(led), card=card_words(mine, r, led, known, the=True, role="object"))


def trick_story(r: Round, learner: int, *, index: int = -1, known: frozenset[Card] | None = None) -> str:
    """One or two sentences about ``r.tricks[index]`` worth a coach's word, or ``""`` for an ordinary trick.

    Said: a ruff (and an overtrump), a trick won by the joker or a bower, a low
    card that wins because every higher card of its suit has gone (once a suit),
    a hand that shows out of trumps (once a hand), the last trump drawn (counted
    from the learner's view); in misère, a trick the contractor is made to win,
    and the contractor's high card thrown on a suit it cannot follow.  Cards
    outside ``known`` (default: all named) are described in words.

    Raises:
        NotationError: ``r`` is not a round.
        IndexError: ``r`` has no such finished trick.
    """
    f = trick_facts(r, learner, index)
    assert r.contract is not None
    if r.contract.is_misere:
        return _misere_story(r, f, learner, known)
    led = f.trick.led
    table = play_rules(r.contract, r.nominated, r.rules)
    trump = table.trump

    def say(c: Card, the: bool = False, role: str = "subject") -> str:
        return card_words(c, r, led, known, the=the, role=role)

    def for_whom(seat: int) -> str:
        return "you" if seat == learner else _seat(r, seat)

    parts: list[str] = []
    if f.ruffers:
        first = f.ruffers[0]
        # Translators: "cannot follow {suit}" when no suit was led (a free joker led): "cannot follow suit"
        suit = words.suit(led) if led else pgettext("follow", "suit")
        card = say(dict(f.trick.plays)[first], True, "with")
        target = f.ruffed if f.ruffed is not None and _team(r, f.ruffed[0]) != _team(r, first) else None
        if first == learner:
            if target is None:
                head = _("You cannot follow {suit} and trump with {card}").format(suit=suit, card=card)
            else:
                head = _("You cannot follow {suit} and trump {owner}'s {target} with {card}").format(
                    suit=suit, owner=_seat(r, target[0]), target=say(target[1], role="object"), card=card)
        elif target is None:
            head = _("{seat} cannot follow {suit} and trumps with {card}").format(seat=_seat(r, first), suit=suit, card=card)
        elif target[0] == learner:
            head = _("{seat} cannot follow {suit} and trumps your {target} with {card}").format(
                seat=_seat(r, first), suit=suit, target=say(target[1], role="object"), card=card)
        else:
            head = _("{seat} cannot follow {suit} and trumps {owner}'s {target} with {card}").format(
                seat=_seat(r, first), suit=suit, owner=_seat(r, target[0]), target=say(target[1], role="object"), card=card)
        # Translators: {head} is "West cannot follow spades and trumps your K♠ with the 4♦" (no full stop)
        if len(f.ruffers) > 1 and f.winner != first:
            over = say(f.winning, True, "with")
            if f.winner == learner:
                parts.append(_("{head}, but you overtrump with {card}.").format(head=head, card=over))
            else:
                parts.append(_("{head}, but {seat} overtrumps with {card}.").format(head=head, seat=_seat(r, f.winner), card=over))
        elif f.winner == first:
            parts.append(_("{head}, winning the trick.").format(head=head))
        else:
            parts.append(_("{head}.").format(head=head))
    elif f.winning.is_joker:
        card = say(f.winning, True, "with")
        if f.winner == learner:
            parts.append(_("You win the trick with {card}: no card beats it.").format(card=card))
        else:
            parts.append(_("{seat} wins the trick with {card}: no card beats it.").format(seat=_seat(r, f.winner), card=card))
    elif trump is not None and is_right_bower(f.winning, trump):
        if f.winner == learner:
            parts.append(_("{card}, the right bower, wins the trick for you: only the joker ranks higher.").format(card=say(f.winning)))
        else:
            parts.append(_("{card}, the right bower, wins the trick for {seat}: only the joker ranks higher.").format(
                card=say(f.winning), seat=_seat(r, f.winner)))
    elif trump is not None and is_left_bower(f.winning, trump):
        # Translators: {trump_one} is one card of the trump suit ("diamond"), {trump} the suit ("diamonds")
        if f.winner == learner:
            text = _("{card}, the left bower, wins the trick for you: it counts as a {trump_one} while {trump} are trumps.")
        else:
            text = _("{card}, the left bower, wins the trick for {seat}: it counts as a {trump_one} while {trump} are trumps.")
        parts.append(text.format(card=say(f.winning), seat=for_whom(f.winner), trump_one=words.suit(trump, singular=True),
                                 trump=words.suit(trump)))
    elif f.promoted and led is not None and (known is None or f.winning in known):
        # Translators: {suit_one} is one card of the suit led ("spade"), {suit} the suit ("spades")
        if f.winner == learner:
            text = _("{card} wins the trick for you: every higher {suit_one} has gone, so even a small card is a winner now.")
        else:
            text = _("{card} wins the trick for {seat}: every higher {suit_one} has gone, so even a small card is a winner now.")
        parts.append(text.format(card=say(f.winning), seat=for_whom(f.winner), suit_one=words.suit(led, singular=True),
                                 suit=words.suit(led)))
    names = [_seat(r, s) for s in f.void_in_trumps if s != learner]
    if names:
        if len(names) == 1:
            parts.append(_("{seat} cannot follow trumps: no trumps left in that hand.").format(seat=names[0]))
        else:
            joined = ", ".join(names[:-1]) + " and " + names[-1] if i18n.language() == "en" else words.listing(names)
            parts.append(_("{seats} cannot follow trumps: no trumps left in those hands.").format(seats=joined))
    if f.last_trump_drawn:
        mine = any(effective_suit(c, trump, None) is trump for c in r.view(learner).hand)
        parts.append(_("Count the trumps: that was the last one you had not seen, so every trump still in play is in "
                       "your hand.") if mine else
                     _("Count the trumps: that was the last one you had not seen, so no hand holds a trump now."))
    return " ".join(parts)
