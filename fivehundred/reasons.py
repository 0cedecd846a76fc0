"""Every refusal and explanation the engine says to a learner, in one place (issue #25, item 3).

A rule decides; this module words the decision.  Each function here returns one sentence (or
one phrase of a sentence) in the kernel's language (:func:`fivehundred.i18n.use`): why a card,
a bid or a typed text is refused, why an action is allowed, why a card wins a trick, how a hand
scored, why a saved game can't be used.  The rule modules (:mod:`fivehundred.cards`,
:mod:`fivehundred.round`, :mod:`fivehundred.play`, :mod:`fivehundred.trick`,
:mod:`fivehundred.scoring`, …) call these functions and put their result in an error's
``explanation`` or a :class:`~fivehundred.round.Verdict`; none of them writes a learner sentence
of its own (``tests/engine/test_reasons.py`` reads every engine module and fails on one that does).

The functions take their facts already formatted: a card as its label (``"10♦"``), a bid, a suit
or a seat in words from :mod:`fivehundred.text`, the one formatter of cards, bids and numbers.
That keeps this module at the foot of the layers (just above :mod:`fivehundred.i18n`), so that
every module, the card parser included, may use it.

What is *not* here: the exercise kit's first-miss reasons (:mod:`fivehundred.feedback`, the
exercises' own home), the table's running narration (:mod:`fivehundred.session`), the coach's
advice (:mod:`fivehundred.analysis.coach`) and the error messages for developers (the first
argument of each error, in English, quoting the input).

>>> from fivehundred.i18n import use
>>> use("en"); not_held("10♦")
"You don't hold 10♦."
>>> use("sk"); not_held("10♦")
'Nemáte 10♦.'
>>> use("en")

This module is pure Python: no widgets, no IPython.
"""

from __future__ import annotations

from fivehundred.i18n import N_, ngettext, pgettext  # noqa: F401 - the sections below use them
from fivehundred.i18n import gettext as _


# ---------------------------------------------------------------------------------------------
# The hand: phases, turns, the auction, the kitty, the partner call, the joker's suit (round.py)
# ---------------------------------------------------------------------------------------------


def not_held(card: str) -> str:
    """A card the player does not hold: ``You don't hold 10♦.``"""
    return _("You don't hold {card}.").format(card=card)


def _capital(words: str) -> str:
    """``words`` with its first letter a capital, to open a sentence (``7♥`` and ``misère`` alike)."""
    return words[:1].upper() + words[1:]


def phase_name(phase: str) -> str:
    """A stage of the hand by its engine value (``"auction"``, ``"kitty"``, ``"partner"``, ``"nomination"``,
    ``"play"``, ``"over"``), as a learner reads it in "this is the auction"."""
    # Translators: a stage of the hand, in "It is not time to play cards yet: this is the auction."
    return {
        "auction": pgettext("phase", "auction"),
        "kitty": pgettext("phase", "kitty"),
        "partner": pgettext("phase", "partner"),
        "nomination": pgettext("phase", "nomination"),
        "play": pgettext("phase", "play"),
        "over": pgettext("phase", "over"),
    }[phase]


def not_allowed_now() -> str:
    """The refusal when no rule has more to say (the legal lists and the words disagree: a bug):
    ``That is not allowed now.``"""
    return _("That is not allowed now.")


def hand_over() -> str:
    """``The hand is over.``"""
    return _("The hand is over.")


def auction_over() -> str:
    """A bid after the auction: ``The auction is over.``"""
    return _("The auction is over.")


def nothing_to_undo_yet() -> str:
    """``There is nothing to undo yet.``"""
    return _("There is nothing to undo yet.")


def all_passed() -> str:
    """The result of a hand nobody bid: ``Everyone passed, so the hand is thrown in and nobody scores.``"""
    return _("Everyone passed, so the hand is thrown in and nobody scores.")


# the auction


def bid_not_in_rules(bid: str) -> str:
    """A bid these rules leave out: ``These rules do not allow 10NT.``"""
    return _("These rules do not allow {bid}.").format(bid=bid)


def pass_is_final() -> str:
    """A bid by a seat that has passed."""
    return _("You have passed, and a pass is final: you can't bid again this hand.")


def already_highest() -> str:
    """A second bid by the seat holding the standing bid, before anyone else bids."""
    return _("You already hold the highest bid; you may bid again only after someone else bids.")


def same_as_standing(bid: str, standing: str) -> str:
    """``7♥ is the same as the standing bid of 7♥; each bid must be higher on the ladder.``"""
    return _("{bid} is the same as the standing bid of {standing}; each bid must be higher on the ladder.").format(
        bid=bid, standing=standing)


def lower_than_standing(bid: str, standing: str) -> str:
    """``7♠ is lower than the standing bid of 7♥; each bid must be higher on the ladder.``"""
    return _("{bid} is lower than the standing bid of {standing}; each bid must be higher on the ladder.").format(
        bid=bid, standing=standing)


def misere_needs_seven() -> str:
    """Misère before anyone has bid seven, where the rules ask for it."""
    return _("Misère may be bid only after someone has bid seven.")


def open_misere_needs_eight() -> str:
    """Open misère before anyone has bid eight, where the rules ask for it."""
    return _("At this table open misère may be bid only after someone has bid eight.")


def blind_misere_first() -> str:
    """Blind misère after a seat's first call."""
    return _("Blind misère must be your first call, before you have looked at your cards.")


def may_pass() -> str:
    """Why a pass is allowed."""
    return _("You may always pass; once you pass you take no further part in this auction.")


def legal_opening(bid: str) -> str:
    """``7♥ is a legal opening bid: nobody has bid yet.`` (the bid opens the sentence, with a capital)"""
    return _("{bid} is a legal opening bid: nobody has bid yet.").format(bid=_capital(bid))


def higher_than_standing(bid: str, standing: str) -> str:
    """``8♠ is higher on the ladder than the standing bid of 7♥, so you may bid it.`` (a capital opens it)"""
    return _("{bid} is higher on the ladder than the standing bid of {standing}, so you may bid it.").format(
        bid=_capital(bid), standing=standing)


# the kitty


def discard_chosen_twice(card: str, size: int) -> str:
    """``You chose 10♦ twice: discard 3 different cards.``"""
    return _("You chose {card} twice: discard {size} different cards.").format(card=card, size=size)


def discard_wrong_count(size: int, n: int) -> str:
    """``You must discard exactly 3 cards, not 2.``"""
    return _("You must discard exactly {size} cards, not {n}.").format(size=size, n=n)


def discard_not_now() -> str:
    """A discard outside the kitty phase."""
    return _("Discards are made only by the contractor, straight after taking the kitty.")


def may_discard(cards: str, n: int) -> str:
    """``You may discard 4♠ 5♠ 6♣: any 3 cards from your hand may go.``"""
    return _("You may discard {cards}: any {n} cards from your hand may go.").format(cards=cards, n=n)


# the partner call (five players) and the joker's suit (no trumps and misère)


def partner_not_allowed() -> str:
    """A partner call the contractor may not make now."""
    return _("That is not a partner the contractor may name now.")


def may_call_partner() -> str:
    """Why a partner call is allowed."""
    return _("The contractor may choose this partner now.")


def nomination_not_now() -> str:
    """A nomination outside its moment."""
    return _("Only the contractor in no trumps or misère, holding the joker, nominates its suit, before the first lead.")


def may_leave_joker_unnamed() -> str:
    """Why the contractor may leave the joker without a suit."""
    return _("You may leave the joker without a suit: it then beats every card, but follows special rules.")


def may_nominate(suits: str, suit_one: str) -> str:
    """``You may nominate hearts: the joker becomes the highest heart.``"""
    return _("You may nominate {suits}: the joker becomes the highest {suit}.").format(suits=suits, suit=suit_one)


# the play: whose turn, and naming a suit when the joker is led


def not_time_to_play(phase: str) -> str:
    """A card asked about outside the play: ``It is not time to play cards: this is the auction.``
    (``phase`` in words: :func:`phase_name`)"""
    return _("It is not time to play cards: this is the {phase}.").format(phase=phase)


def not_time_to_play_yet(phase: str) -> str:
    """A card played outside the play: ``It is not time to play cards yet: this is the auction.``"""
    return _("It is not time to play cards yet: this is the {phase}.").format(phase=phase)


def not_your_turn_to_play(seat: str) -> str:
    """``It is West's turn to play, not yours.``"""
    return _("It is {seat}'s turn to play, not yours.").format(seat=seat)


def joker_lead_must_name(suits: str) -> str:
    """The joker led without naming a suit, where it must name one (``suits``: the suits not led yet,
    joined by ", ")."""
    # Translators: {suits} is the suits not led yet, joined by ", " ("clubs, hearts")
    return _("When you lead the joker you must name a suit that hasn't been led yet ({suits}).").format(suits=suits)


def joker_named_led_suit(suits: str) -> str:
    """The joker led naming a suit already led: ``Hearts have already been led; name a suit that hasn't been led yet.``"""
    return _("{suits} have already been led; name a suit that hasn't been led yet.").format(suits=_capital(suits))


def naming_not_allowed() -> str:
    """A suit named with a play that names none."""
    return _("You name a suit only when you lead the joker in no trumps or misère, before the last trick.")


# (end of the hand's section)


# ---------------------------------------------------------------------------------------------
# Reading typed text and saved files; the game and the table refusing an action
# (cards.py, bidding.py, checks.py, saves.py, bounds.py, game.py, session.py, the course's own)
# ---------------------------------------------------------------------------------------------


# (end of the reading section)


# ---------------------------------------------------------------------------------------------
# Why a card may or may not be played, why a card wins a trick, how a hand scored, how a game
# ends (play.py, trick.py, scoring.py)
# ---------------------------------------------------------------------------------------------


# (end of the play section)
