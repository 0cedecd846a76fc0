"""The learner's hint service: one ladder of help, from the learner's own view only.

Every table (lesson tables, free play, guided hands) asks :func:`coach_hint`
with the learner's :class:`~fivehundred.round.View`, never the whole round, so
a hint cannot know a card the learner has not seen.  The answer is a
:class:`HintLadder` of three rungs, shown one at a time:

1. the **nudge**: the principle, with no card named ("Draw trumps while the
   opponents may still hold the left bower.");
2. the **card** (or bid, discard, nomination) to choose, in words;
3. the **evidence**: what search found ("keeps the best result in 38 of 40
   deals dealt to fit what you have seen").

When it is not the learner's decision, the ladder is empty and
:attr:`HintLadder.waiting` says why in plain words ("It is West's turn to
play. A hint is ready when it is your turn.").

The principle for a card is :func:`principle`; it describes what the
recommended card does (draw trumps, cash a winner, second hand low, ...), in
the same words as the rules player's method.

>>> from fivehundred.round import Round
>>> r = Round.deal(seed=3)
>>> other = (r.to_act + 1) % 4
>>> coach_hint(r.view(other)).waiting.startswith("It is ")
True
>>> ladder = coach_hint(r.view(r.to_act))
>>> ladder.ready, len(ladder.rungs())
(True, 3)
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable

from fivehundred import i18n
from fivehundred import text as words
from fivehundred.actions import Action, CallCard, CallPartner, Discard, Nominate, Play
from fivehundred.bidding import Bid
from fivehundred.cards import ALL_CARDS, Card, Suit, pack
from fivehundred.errors import FiveHundredError, shown
from fivehundred.i18n import gettext as _
from fivehundred.i18n import ngettext, pgettext
from fivehundred.play import play_rules
from fivehundred.players.rules_player import RulesPlayer
from fivehundred.round import Phase, View
from fivehundred.trumps import is_left_bower, rank_table, suit_masks, trick_rank

__all__ = [
    "HintLadder", "LadderHints", "coach_hint", "waiting_reason", "principle", "visible_cards", "cards_named", "say_action",
    "bids_in_words", "BestMarks", "best_marks", "and_list", "or_list", "advice_words",
]

#: the rungs of the ladder, in the order they are shown
RUNGS = ("nudge", "card", "evidence")

_LABEL = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♠♣♦♥])")


@dataclass(frozen=True)
class HintLadder:
    """Help for the learner's decision, one rung at a time (or why there is none now)."""

    #: plain words when there is no decision to help with (not the learner's turn, hand over); else ""
    waiting: str = ""
    nudge: str = ""
    card: str = ""
    evidence: str = ""
    #: the recommended action (``None`` while waiting)
    action: Action | None = None
    #: cards that kept the best result in the most sampled deals (play phase, with search)
    best: tuple[Play, ...] = ()

    @property
    def ready(self) -> bool:
        """Whether there is a decision to help with."""
        return not self.waiting

    def rungs(self) -> tuple[str, ...]:
        """The rungs' texts in order (empty while waiting)."""
        return () if self.waiting else (self.nudge, self.card, self.evidence)

    def upto(self, level: int) -> str:
        """The text shown after ``level`` presses (1: the nudge; 3: all three), or the waiting reason."""
        if self.waiting:
            return self.waiting
        return " ".join(self.rungs()[: max(1, min(level, len(RUNGS)))])


# ---------------------------------------------------------------------- what the learner can see
def visible_cards(view: View) -> frozenset[Card]:
    """Every card ``view.seat`` has seen: its hand, the cards played, an exposed hand, its kitty and discards."""
    unseen = set(view.unseen)
    return frozenset(c for c in pack(view.rules.players) if c not in unseen)


def cards_named(text: str) -> frozenset[Card]:
    """The cards a learner text names by label (``10♦``, ``J♥``, ``Joker``).

    ``"the joker"`` in lower case is a word about the joker in general, not a
    card shown; the label ``Joker`` (capital J) is the card.
    """
    out = set()
    for m in _LABEL.finditer(text):
        out.add(Card.parse(m.group(1) + {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}[m.group(2)]))
    if re.search(r"\bJoker\b", text):
        out.add(Card.parse("JK"))
    return frozenset(out)


# ---------------------------------------------------------------------- words
def and_list(items: list[str]) -> str:
    """Words joined with "and" as the coach has always written them in English ("A and B and C"); in another
    language, that language's list (:func:`fivehundred.text.listing`: "A, B a C")."""
    items = _words_arg(items)
    if i18n.language() == "en":
        return " and ".join(items)
    return words.listing(items)


def or_list(items: list[str]) -> str:
    """Words joined with "or" ("A or B or C"; in another language its own list with "or")."""
    items = _words_arg(items)
    if i18n.language() == "en" or len(items) < 2:
        return " or ".join(items)
    # Translators: the end of a list of choices, "K♠, Q♠ or J♦": {rest} is the items before the last, joined by ", "
    return _("{rest} or {last}").format(rest=", ".join(items[:-1]), last=items[-1])


def _words_arg(items: object) -> list[str]:
    if not isinstance(items, (list, tuple)) or not all(isinstance(x, str) for x in items):
        raise FiveHundredError(f"a list of words is a list of strings, not {shown(items)}")
    return list(items)


def say_action(action: Action) -> str:
    """An action in learner words: ``"10♦"``, ``"the joker, naming hearts"``, ``"bid seven spades"``."""
    if isinstance(action, Play):
        if action.named is not None:
            # Translators: a joker led with a suit named for it; {suit} is a suit in the plural ("hearts")
            return _("the joker, naming {suit}").format(suit=words.suit(action.named))
        return action.card.label
    if isinstance(action, Bid):
        # Translators: what the coach says to do in the auction ("The method says: pass."; "... bid seven spades.")
        return pgettext("action", "pass") if action.is_pass else pgettext("action", "bid {bid}").format(bid=words.bid(action))
    if isinstance(action, Discard):
        return pgettext("action", "discard {cards}").format(cards=", ".join(c.label for c in action.cards))
    if isinstance(action, Nominate):
        if action.suit is not None:
            return pgettext("action", "nominate {suit}").format(suit=words.suit(action.suit))
        return pgettext("action", "leave the joker without a suit")
    if isinstance(action, CallCard):
        return pgettext("action", "call {card}").format(card=action.card.label)
    if isinstance(action, CallPartner):
        return pgettext("action", "choose your partner")
    return str(action)


def _turn_words(view: View) -> str:
    """"It is West's turn to bid. A hint is ready when it is your turn." (one sentence a phase)."""
    assert view.to_act is not None
    who = words.seat(view.to_act, view.rules.players)
    if view.phase is Phase.AUCTION:
        text = _("It is {seat}'s turn to bid. A hint is ready when it is your turn.")
    elif view.phase is Phase.KITTY:
        text = _("It is {seat}'s turn to take the kitty and discard. A hint is ready when it is your turn.")
    elif view.phase is Phase.PARTNER:
        text = _("It is {seat}'s turn to choose a partner. A hint is ready when it is your turn.")
    elif view.phase is Phase.NOMINATION:
        text = _("It is {seat}'s turn to nominate a suit for the joker. A hint is ready when it is your turn.")
    elif view.phase is Phase.PLAY:
        text = _("It is {seat}'s turn to play. A hint is ready when it is your turn.")
    else:
        text = _("It is {seat}'s turn to act. A hint is ready when it is your turn.")
    return text.format(seat=who)


def waiting_reason(view: View) -> str:
    """Why there is no hint for ``view.seat`` now, in plain words ("" when it is the seat's decision)."""
    if view.phase is Phase.OVER or view.to_act is None:
        return _("The hand is over: there is nothing left to decide.")
    if view.seat in view.sitting_out:
        return _("You sit out this hand while your partner plays misère alone.")
    if view.to_act != view.seat:
        return _turn_words(view)
    return ""


# ---------------------------------------------------------------------- the principle
def principle(view: View, action: Action) -> str:
    """What ``action`` does, as a principle with no card named (the ladder's first rung)."""
    if isinstance(action, Bid):
        return _("Count your tricks in your best suit, add what partner and the kitty usually bring, and bid no more than that.")
    if isinstance(action, Discard):
        if view.contract is not None and view.contract.is_misere:
            return _("In misère, throw away your highest cards: they are the ones that could win a trick.")
        if view.contract is not None and view.contract.trump is None:
            return _("Keep the joker, your aces and your long suits; throw away losers from your shortest suits.")
        return _("Keep your trumps, the joker and your aces; throw away losers from your shortest suits.")
    if isinstance(action, Nominate):
        if action.suit is None:
            return _("A free joker beats every card: keep it free as a sure way back in.")
        return _("Give the joker a suit so it counts as the top card of that suit.")
    if not isinstance(action, Play) or view.contract is None:
        return _("Choose what the method recommends here.")
    return _play_principle(view, action)


def _play_principle(view: View, action: Play) -> str:
    assert view.contract is not None
    table = play_rules(view.contract, view.nominated, view.rules)
    trump, nominated = table.trump, table.nominated
    masks = suit_masks(trump, nominated)
    card = action.card
    misere = view.contract.is_misere
    contracting = view.seat == view.contractor or view.seat in view.partners
    current = view.current
    plays = current.plays if current is not None else ()
    if not plays:
        if misere and view.seat == view.contractor:
            return _("In misère, lead a low card that someone else is sure to beat.")
        if misere:
            return _("Against misère, lead low in a suit the contractor still holds, so they may be forced to win.")
        if card.is_joker:
            return _("Lead the joker while you may: it wins the trick and keeps the lead.")
        gone = set(view.played) | set(view.discards)
        if trump is not None and masks[trump] & card.bit:
            held = set(view.hand)
            left_out = [c for c in ALL_CARDS if masks[trump] & c.bit and c not in gone and c not in held
                        and c not in view.exposed]
            if contracting and left_out:
                if any(is_left_bower(c, trump) for c in left_out):
                    return _("Draw trumps while the opponents may still hold the left bower.")
                return _("Draw trumps: lead them until the opponents have none left to ruff your winners.")
            return _("Lead a trump to take control of the hand.")
        suit = next((s for s, m in masks.items() if m & card.bit), None)
        if suit is not None and _is_top(card, suit, trump, nominated, gone):
            return _("Cash a sure winner: lead the highest card left in a suit.")
        return _("With no sure winner, lead low from a long suit and keep your high cards for later.")
    led = current.led if current is not None else None
    winner_seat, winner_card = max(plays, key=lambda sc: trick_rank(sc[1], trump, led, nominated))
    top = trick_rank(winner_card, trump, led, nominated)
    mine = trick_rank(card, trump, led, nominated)
    wins = mine > top
    follows = led is not None and bool(masks.get(led, 0) & card.bit)
    team = {view.contractor, *view.partners}
    partner_winning = winner_seat != view.seat and ((winner_seat in team) == contracting)
    if misere:
        if view.seat == view.contractor:
            return _("In misère, stay under: play a card that loses this trick.")
        if winner_seat == view.contractor:
            return _("The contractor is winning this trick: play under and leave it there.")
        return _("Against misère, play low, so the contractor has to find a card under yours.")
    last = len(plays) == len([s for s in range(view.rules.players) if s not in view.sitting_out]) - 1
    if not follows and wins:
        if trump is None:  # no trumps: only the joker wins a trick it doesn't follow
            return _("You can't follow suit, and the joker beats every card: play it to win this trick.")
        return _("You can't follow suit, so trump this trick and win it.")
    if not follows:
        return _("You can't follow suit: throw away a card you won't need.")
    if partner_winning and not wins:
        return _("Your partner is winning this trick: don't overtake, play low.")
    if wins:
        if last:
            return _("You play last: win the trick as cheaply as you can.")
        return _("Win this trick now with a card that is high enough.")
    if len(plays) == 1:
        return _("Second hand low: a later player may still beat anything but the top card.")
    return _("You can't win this trick cheaply: play low and keep your winners for later.")


def _is_top(card: Card, suit: Suit, trump: Suit | None, nominated: Suit | None, gone: set[Card]) -> bool:
    ranks = rank_table(trump, suit, nominated)
    mask = suit_masks(trump, nominated)[suit]
    alive = [c for c in ALL_CARDS if mask & c.bit and c not in gone]
    return bool(alive) and max(alive, key=lambda c: ranks[c.index]) == card


# ---------------------------------------------------------------------- the ladder
def coach_hint(
    view: View,
    *,
    samples: int = 20,
    seed: int = 0,
    time_budget: float | None = 1.5,
    cancel: Callable[[], bool] | None = None,
) -> HintLadder:
    """The hint ladder for the learner whose view is ``view`` (only for the learner's own decision).

    In the play phase the card is chosen by sampling the hidden hands to fit
    what the learner has seen and solving each deal double-dummy
    (:func:`fivehundred.analysis.hints.hint`, ``samples`` deals, at most
    ``time_budget`` seconds); in the auction it is the bidding advisor's call
    (:func:`fivehundred.analysis.advisor.advise`); for the kitty and the
    nomination it is the rules player's choice.  It never names a card the
    learner has not seen.

    Raises:
        FiveHundredError: ``view`` is not a :class:`View` (a whole round would show hidden cards), or
            ``samples`` is not positive.
    """
    if not isinstance(view, View):
        raise FiveHundredError(f"a hint needs the learner's view (Round.view(seat)), not {type(view).__name__}")
    if not isinstance(samples, int) or samples < 1:
        raise FiveHundredError(f"a hint needs at least one sampled deal, not samples={shown(samples)}")
    why = waiting_reason(view)
    if why:
        return HintLadder(waiting=why)
    if view.phase is Phase.AUCTION:
        from fivehundred.analysis.advisor import advise  # the advisor may use search: import here

        advice = advise(view)
        call = advice.recommended
        evidence = " ".join(r for r in advice.reasons if r.startswith("Recommended")) or " ".join(advice.reasons[:1])
        evidence = bids_in_words(evidence, view)
        if i18n.language() == "en":  # the advisor's words are the learner's already, translated
            evidence = _own_words(evidence)
        return HintLadder(nudge=principle(view, call), card=_method_says(call), evidence=evidence, action=call)
    if view.phase is not Phase.PLAY:
        decision = RulesPlayer().decide(view)
        return HintLadder(nudge=principle(view, decision.action), card=_method_says(decision.action),
                          evidence=advice_words(decision.reason), action=decision.action)
    from fivehundred.analysis.hints import hint

    plays = [a for a in view.legal_actions if isinstance(a, Play)]
    if len(plays) == 1:
        only = plays[0]
        return HintLadder(nudge=_("Only one card is legal here."), card=play_words(only),
                          evidence=_("Every other card would break the rules of following suit."), action=only, best=(only,))
    deadline = time.monotonic() + time_budget if time_budget is not None else None
    h = hint(view, samples=samples, seed=seed, deadline=deadline, time_budget=None, cancel=cancel)
    act = h.action
    assert isinstance(act, Play)
    kept = dict(h.support)
    ours = view.seat == view.contractor or view.seat in view.partners
    if h.searched:
        n, m = kept.get(act, 0), h.searched
        if ours:
            evidence = ngettext("{card} keeps the best result for your side in {n} of {m} deal dealt to fit what you "
                                "have seen, each played out with every hand in view.",
                                "{card} keeps the best result for your side in {n} of {m} deals dealt to fit what you "
                                "have seen, each played out with every hand in view.", m)
        else:
            evidence = ngettext("{card} keeps the best result for the defence in {n} of {m} deal dealt to fit what you "
                                "have seen, each played out with every hand in view.",
                                "{card} keeps the best result for the defence in {n} of {m} deals dealt to fit what you "
                                "have seen, each played out with every hand in view.", m)
        evidence = evidence.format(card=say_action(act), n=n, m=m)
        rivals = [p for p in h.best_supported() if p != act]
        if rivals:
            # Translators: {cards} is one card or a list of cards ("K♠", "K♠ and Q♠") that did as well as the hint's
            evidence += " " + ngettext("{cards} did as well.", "{cards} did as well.", len(rivals)).format(
                cards=and_list([say_action(p) for p in rivals]))
    else:
        evidence = _("There was no time to search, so this is the method's choice: {reason}").format(
            reason=advice_words(h.reason))
    return HintLadder(nudge=principle(view, act), card=play_words(act), evidence=evidence, action=act,
                      best=h.best_supported())


def _method_says(action: Action) -> str:
    # Translators: {action} is what to do, in words ("pass", "bid seven spades", "discard 5♣, 6♣, K♥")
    return _("The method says: {action}.").format(action=say_action(action))


def play_words(action: Action) -> str:
    """The ladder's card rung: ``"Play 10♦."``."""
    # Translators: {card} is a card ("10♦") or "the joker, naming hearts"
    return _("Play {card}.").format(card=say_action(action))


def bids_in_words(text: str, view: View) -> str:
    """Bid labels (``6♦``, which look like cards) written as words (``six diamonds``)."""
    bids = {b for _, b in view.auction} | {a for a in view.legal_actions if isinstance(a, Bid)}
    for b in sorted(bids, key=lambda b: -len(b.label)):
        if not b.is_pass:
            text = re.sub(r"(?<![0-9A-Za-z])" + re.escape(b.label), words.bid(b).replace("\\", r"\\"), text)
    return text


def _own_words(text: str) -> str:
    """A rules-player reason as advice ("I keep" → "Keep"), cards in labels."""
    text = text.strip()
    for a, b in (("I can't", "You can't"), ("I hold", "You hold"), ("I ", ""), ("my ", "your "), (" I ", " you ")):
        text = text.replace(a, b)
    return text[:1].upper() + text[1:]


_SUIT_NAMES = {name: suit for suit in Suit for name in (suit.singular, suit.plural)}
_CARD = r"((?:1[0-3]|[2-9JQKA])[♠♣♦♥]|Joker)"
_SUIT = r"(spades?|clubs?|diamonds?|hearts?)"


def _suits(text: str) -> str:
    """English suit names joined by " and " ("clubs and hearts") in the kernel's language."""
    return words.listing([words.suit(_SUIT_NAMES[name]) for name in text.split(" and ")])


def _suit_one(name: str) -> str:
    return words.suit(_SUIT_NAMES[name], singular=True)


# The rules player's reasons (its own words, "I keep ...") as advice to the learner, one message each; the groups
# are the cards and suits the reason names.  English keeps :func:`_own_words`; another language takes these.
_ADVICE: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"In misère I throw my highest cards \(and the joker first: un-nominated it would win a trick\)\."),
     lambda m: _("In misère, throw away your highest cards (and the joker first: un-nominated it would win a trick).")),
    (re.compile(r"I keep my trumps, the joker and aces and throw short-suit losers\."),
     lambda m: _("Keep your trumps, the joker and your aces, and throw away losers from your short suits.")),
    (re.compile(r"I keep my trumps, the joker and aces and throw short-suit losers, making a void in (.+)\."),
     lambda m: _("Keep your trumps, the joker and your aces, and throw away losers from your short suits, "
                 "leaving you with no {suits}.").format(suits=_suits(m.group(1)))),
    (re.compile(rf"I call {_CARD}, the best {_SUIT} I don't hold, so my partner is strong there\."),
     lambda m: _("Call {card}, the best {suit_one} you don't hold, so your partner is strong there.").format(
         card=m.group(1), suit_one=_suit_one(m.group(2)))),
    (re.compile(r"I call a card I don't hold\."), lambda m: _("Call a card you don't hold.")),
    (re.compile(r"I name the player who bid too: their bid showed a strong hand\."),
     lambda m: _("Name the player who bid too: their bid showed a strong hand.")),
    (re.compile(r"Nobody else bid, so I name the next player\."), lambda m: _("Nobody else bid, so name the next player.")),
    (re.compile(rf"In misère an un-nominated joker must win a trick, so I nominate {_SUIT}, my longest suit, where I can "
                r"keep it hidden among my other cards\."),
     lambda m: _("In misère an un-nominated joker must win a trick, so nominate {suit}, your longest suit, where you "
                 "can keep it hidden among your other cards.").format(suit=words.suit(_SUIT_NAMES[m.group(1)]))),
    (re.compile(r"I keep the joker free: un-nominated it wins any trick, so it is a sure way back in\."),
     lambda m: _("Keep the joker free: un-nominated it wins any trick, so it is a sure way back in.")),
    (re.compile(r"It is my only legal card\."), lambda m: _("It is your only legal card.")),
    (re.compile(rf"I lead {_CARD}, the highest trump left, to draw the opponents' trumps from the top\."),
     lambda m: _("Lead {card}, the highest trump left, to draw the opponents' trumps from the top.").format(card=m.group(1))),
    (re.compile(rf"I cash {_CARD}, the highest {_SUIT} left\."),
     lambda m: _("Cash {card}, the highest {suit_one} left.").format(card=m.group(1), suit_one=_suit_one(m.group(2)))),
    (re.compile(r"I lead the joker now, while it can still be led, to win this trick and keep the lead\."),
     lambda m: _("Lead the joker now, while it can still be led, to win this trick and keep the lead.")),
    (re.compile(rf"With no sure winner I lead low from my longest suit, {_SUIT}, keeping my high cards\."),
     lambda m: _("With no sure winner, lead low from your longest suit, {suit}, keeping your high cards.").format(
         suit=words.suit(_SUIT_NAMES[m.group(1)]))),
    (re.compile(r"With no sure winner I lead low from my longest suit, cards, keeping my high cards\."),
     lambda m: _("With no sure winner, lead low from your longest suit, keeping your high cards.")),
    (re.compile(rf"Partner's {_CARD} is winning the trick, so I don't overtake it and play low\."),
     lambda m: _("Partner's {card} is winning the trick, so don't overtake it: play low.").format(card=m.group(1))),
    (re.compile(r"I can't win this trick, so I play my lowest card\."),
     lambda m: _("You can't win this trick, so play your lowest card.")),
    (re.compile(r"Second hand low: a later player may still beat anything but the top card\."),
     lambda m: _("Second hand low: a later player may still beat anything but the top card.")),
    (re.compile(rf"I hold {_CARD}, the highest left in the suit, so I win now\."),
     lambda m: _("You hold {card}, the highest left in the suit, so win now.").format(card=m.group(1))),
    (re.compile(rf"I win as cheaply as I can with {_CARD}\."),
     lambda m: _("Win as cheaply as you can, with {card}.").format(card=m.group(1))),
    (re.compile(rf"In misère I lead my lowest card, {_CARD}, so someone else should win the trick\."),
     lambda m: _("In misère, lead your lowest card, {card}, so someone else should win the trick.").format(card=m.group(1))),
    (re.compile(r"Against misère I lead low in a suit the contractor still holds, so they may be forced to win\."),
     lambda m: _("Against misère, lead low in a suit the contractor still holds, so they may be forced to win.")),
    (re.compile(rf"I duck with {_CARD}, my highest card that still loses to {_CARD}\."),
     lambda m: _("Duck with {card}, your highest card that still loses to {winner}.").format(card=m.group(1), winner=m.group(2))),
    (re.compile(r"Every card I hold wins here, so I play the lowest to keep my chances later\."),
     lambda m: _("Every card you hold wins here, so play the lowest to keep your chances later.")),
    (re.compile(r"The contractor is winning this trick, so I play under them and leave it there\."),
     lambda m: _("The contractor is winning this trick: play under and leave it there.")),
    (re.compile(r"Against misère I play low, so the contractor has to find a card under mine\."),
     lambda m: _("Against misère, play low, so the contractor has to find a card under yours.")),
    (re.compile(rf"The contractor can't win this trick, so I get rid of {_CARD}, my highest {_SUIT}, and keep my low "
                r"cards to play under them later\."),
     lambda m: _("The contractor can't win this trick, so get rid of {card}, your highest {suit_one}, and keep your low "
                 "cards to play under them later.").format(card=m.group(1), suit_one=_suit_one(m.group(2)))),
)


def advice_words(reason: str) -> str:
    """A rules-player reason as advice to the learner, in the kernel's language ("I keep my trumps" → "Keep your
    trumps"; in English exactly :func:`_own_words`)."""
    if not isinstance(reason, str):
        raise FiveHundredError(f"a rules player's reason is a sentence (a string), not {shown(reason)}")
    if i18n.language() == "en":
        return _own_words(reason)
    text = reason.strip()
    for pattern, say in _ADVICE:
        m = pattern.fullmatch(text)
        if m:
            return say(m)
    return _own_words(reason)  # a reason with no message yet stays English (the tests list every one)



class LadderHints:
    """A table's hint callback (``view -> sentence``): each press at the same decision climbs one rung.

    The first press shows the nudge, the second adds the card, the third the
    evidence; a new decision starts again at the nudge.  The ladder is worked
    out once per decision (``ask`` defaults to :func:`coach_hint`; a guided
    table passes its guide's ladder).  While the learner waits, the answer is
    the plain-words reason.

    The ladders are kept for the last few decisions and shared: the "mark the
    best cards" overlay (:meth:`best_marks`) and the Hint button read the same
    ladder, so whichever asks second waits for (or reuses) the first one's
    search instead of searching again.  Any thread may ask; two askers of the
    same decision share one search.

    >>> from fivehundred.round import Round
    >>> r = Round.deal(seed=3)
    >>> hints = LadderHints()
    >>> view = r.view(r.to_act)
    >>> first, second = hints(view), hints(view)
    >>> ladder = hints.ladder(view)
    >>> first.startswith(ladder.nudge) and ladder.card not in first and ladder.card in second
    True
    """

    #: how many decisions' ladders are kept (undo and replay come back to recent ones)
    KEEP = 8

    def __init__(self, ask: Callable[[View], HintLadder] | None = None, **options: object) -> None:
        self._ask = ask if ask is not None else (lambda v: coach_hint(v, **options))  # type: ignore[arg-type]
        # the default search can be cancelled (a guide's ladder can't: it is asked without ``cancel``)
        self._ask_cancellable: Callable[[View, Callable[[], bool]], HintLadder] | None = (
            (lambda v, c: coach_hint(v, cancel=c, **options)) if ask is None else None)  # type: ignore[arg-type]
        self._lock = threading.Lock()
        self._ladders: OrderedDict[object, HintLadder] = OrderedDict()
        self._busy: dict[object, threading.Event] = {}
        self._level_key: object = None
        self.level = 0
        #: how many times a ladder was worked out (a second asker of the same decision does not add one)
        self.searches = 0

    @staticmethod
    def _decision(view: View) -> object:
        current = view.current.plays if view.current is not None else ()
        return (view.seat, view.phase, view.auction, view.hand, view.tricks, current, view.nominated, view.to_act)

    def cached(self, view: View) -> HintLadder | None:
        """The ladder for ``view``'s decision if it has been worked out already (no search)."""
        with self._lock:
            return self._ladders.get(self._decision(view))

    def ladder(self, view: View, *, cancel: Callable[[], bool] | None = None) -> HintLadder:
        """The ladder for ``view``'s decision (worked out once per decision; a ladder being worked
        out on another thread is waited for, not searched again).

        ``cancel`` (checked during the search) stops a search nobody needs any more; a ladder
        cut short that way is returned but not kept, so the next asker searches afresh.
        """
        key = self._decision(view)
        while True:
            with self._lock:
                if key in self._ladders:
                    self._ladders.move_to_end(key)
                    return self._ladders[key]
                busy = self._busy.get(key)
                if busy is None:
                    done = self._busy[key] = threading.Event()
                    self.searches += 1
                    break
            busy.wait()  # another thread is searching this decision: take its answer (or try again if it failed)
        try:
            if cancel is not None and self._ask_cancellable is not None:
                ladder = self._ask_cancellable(view, cancel)
            else:
                ladder = self._ask(view)
            with self._lock:
                if ladder.ready and not (cancel is not None and cancel()):  # a waiting reason is not kept either
                    self._ladders[key] = ladder
                    while len(self._ladders) > self.KEEP:
                        self._ladders.popitem(last=False)
            return ladder
        finally:
            with self._lock:
                del self._busy[key]
            done.set()

    def best_marks(self, view: View, *, cancel: Callable[[], bool] | None = None) -> BestMarks:
        """The learner's cards to mark as best at ``view``'s decision, from the shared ladder (see :func:`best_marks`;
        ``cancel`` as for :meth:`ladder`)."""
        if waiting_reason(view) or view.phase is not Phase.PLAY:
            return BestMarks()  # no search for a decision that is not the learner's card to play
        return best_marks(view, self.ladder(view, cancel=cancel))

    def __call__(self, view: View) -> str:
        ladder = self.ladder(view)
        if not ladder.ready:
            return ladder.waiting
        key = self._decision(view)
        with self._lock:
            if key != self._level_key:
                self._level_key, self.level = key, 0
            self.level = min(self.level + 1, len(RUNGS))
            level = self.level
        more = {1: _("(Press Hint again for the card.)"), 2: _("(Press Hint again for the evidence.)")}.get(level, "")
        return ladder.upto(level) + (" " + more if more else "")


@dataclass(frozen=True)
class BestMarks:
    """What the "mark the best cards" overlay shows on the learner's hand: which cards, and a note in plain words."""

    #: the learner's cards to mark (in hand order; empty: mark nothing)
    cards: tuple[Card, ...] = ()
    #: a sentence shown beside the hand ("" when there is nothing to say)
    note: str = ""


def best_marks(view: View, ladder: HintLadder) -> BestMarks:
    """Which of the learner's cards to mark as best at ``view``'s decision, given its hint ``ladder``.

    Only at the learner's own card play: the cards of ``ladder.best`` (the cards
    that kept the best result in the most deals dealt to fit what the learner
    has seen; a joker lead counts once, whatever suit it names), in the order
    of the hand.  Nothing in the auction, the kitty or the nomination, while
    another seat is to act, or after the hand.  When search found nothing in
    time, nothing is marked and the note says so.

    >>> from fivehundred.round import Round
    >>> r = Round.deal(seed=3)
    >>> best_marks(r.view(r.to_act), coach_hint(r.view(r.to_act)))  # the auction: nothing to mark
    BestMarks(cards=(), note='')

    Raises:
        FiveHundredError: ``view`` is not a :class:`View` or ``ladder`` not a :class:`HintLadder`.
    """
    if not isinstance(view, View):
        raise FiveHundredError(f"best cards need the learner's view (Round.view(seat)), not {type(view).__name__}")
    if not isinstance(ladder, HintLadder):
        raise FiveHundredError(f"best cards come from a HintLadder, not {type(ladder).__name__}")
    if waiting_reason(view) or view.phase is not Phase.PLAY or not ladder.ready:
        return BestMarks()
    best = {p.card for p in ladder.best}
    cards = tuple(c for c in view.hand if c in best)
    if not cards:
        return BestMarks((), _("There was no time to search this position, so no card is marked."))
    legal = {p.card for p in view.legal_actions if isinstance(p, Play)}
    if len(legal) == 1:
        return BestMarks(cards, _("Only one card is legal here."))
    if set(cards) == legal:
        note = _("Every card you may play here did equally well: each kept the best result in the most deals that fit what you have seen.")
    elif len(cards) == 1:
        note = _("The marked card kept the best result in the most deals that fit what you have seen.")
    else:
        note = ngettext("The {n} marked card did equally well: each kept the best result in the most deals that fit what you have seen.",
                        "The {n} marked cards did equally well: each kept the best result in the most deals that fit what you have seen.",
                        len(cards)).format(n=len(cards))
    return BestMarks(cards, note)
