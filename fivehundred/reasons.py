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

# --- why a card may or may not be played (play.explain_play decides which) --------------------
#
# Each takes the suits in words (``suit_words(led)``, ``suit_words(led, singular=True)``) and the
# cards as labels.  A sentence built on a ``note`` (a sentence's start such as "J♦ counts as a
# heart while hearts are trumps, and ") comes back with its first letter capitalised, since the
# note may be empty.


def _capitalised(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def joker_not_held() -> str:
    """A player plays the joker they don't hold: ``You don't hold the joker.``"""
    return _("You don't hold the joker.")


def joker_led_to_last_trick() -> str:
    """Leading the joker to trick 10: ``You may lead the joker to the last trick; it wins.``"""
    return _("You may lead the joker to the last trick; it wins.")


def joker_led_last_trick_only() -> str:
    """This table lets the joker be led only to trick 10: ``At this table the joker may be led only to the last trick.``"""
    return _("At this table the joker may be led only to the last trick.")


def joker_lead_all_suits_led() -> str:
    """``All four suits have been led, so the joker may now be led only to the last trick.``"""
    return _("All four suits have been led, so the joker may now be led only to the last trick.")


def joker_lead_names_suit(suits: str) -> str:
    """``You may lead the joker and name a suit that hasn't been led yet (clubs, hearts); the others must follow it.``

    ``suits`` is the suits not led yet, in words, joined by ", ".
    """
    # Translators: {suits} is the suits not led yet, joined by ", " ("clubs, hearts")
    return _("You may lead the joker and name a suit that hasn't been led yet ({suits}); the others must follow it.").format(
        suits=suits)


def leads_left_bower(card: str, trump_one: str) -> str:
    """``You are leading, so any card will do; J♦ counts as a heart, so this leads trumps.``"""
    return _("You are leading, so any card will do; {card} counts as a {trump}, so this leads trumps.").format(
        card=card, trump=trump_one)


def leads_any_card() -> str:
    """``You are leading, so you may lead any card.``"""
    return _("You are leading, so you may lead any card.")


def after_joker_led_to_last_trick() -> str:
    """``The joker was led to the last trick, so any card may be played.``"""
    return _("The joker was led to the last trick, so any card may be played.")


def trump_note_joker(trumps: str) -> str:
    """A sentence's start, ending in a space: ``The joker is the highest trump while hearts are trumps, and ``"""
    # Translators: the start of a sentence, which goes on "… hearts were led, so it follows suit." or
    # "… you hold it, so you must follow with a heart."; keep the space at its end
    return _("The joker is the highest trump while {trumps} are trumps, and ").format(trumps=trumps)


def trump_note_left_bower(card: str, trump_one: str, trumps: str) -> str:
    """A sentence's start, ending in a space: ``J♦ counts as a heart while hearts are trumps, and ``"""
    # Translators: the start of a sentence, which goes on "… hearts were led, so it follows suit." or
    # "… you hold it, so you must follow with a heart."; keep the space at its end
    return _("{card} counts as a {trump} while {trumps} are trumps, and ").format(card=card, trump=trump_one, trumps=trumps)


def follows_suit_after_note(note: str, led: str) -> str:
    """``J♦ counts as a heart while hearts are trumps, and hearts were led, so it follows suit.``"""
    # Translators: {note} is the sentence's start ("J♦ counts as a heart while hearts are trumps, and ")
    return _capitalised(_("{note}{led} were led, so it follows suit.").format(note=note, led=led))


def joker_follows_suit(led_one: str) -> str:
    """``The joker counts as a heart here, so it follows suit.``"""
    return _("The joker counts as a {led} here, so it follows suit.").format(led=led_one)


def follows_suit(card: str, led: str) -> str:
    """``10♥ follows suit: hearts were led.``"""
    return _("{card} follows suit: {led} were led.").format(card=card, led=led)


def joker_only_when_void(led: str, cards: str) -> str:
    """``The joker may be played to someone else's lead only when you have no hearts, and you hold 10♥ A♥.``"""
    return _("The joker may be played to someone else's lead only when you have no {led}, and you hold {cards}.").format(
        led=led, cards=cards)


def must_follow_with_it(note: str, led_one: str) -> str:
    """The only card of the suit led is the one the note names: ``J♦ counts as …, and you hold it, so you must follow with a heart.``"""
    return _capitalised(_("{note}you hold it, so you must follow with a {led}.").format(note=note, led=led_one))


def must_follow(note: str, led: str, led_one: str) -> str:
    """``You hold hearts, so you must follow with a heart.`` (after a ``note``, if there is one)

    >>> from fivehundred.i18n import use
    >>> use("en"); must_follow("", "hearts", "heart")
    'You hold hearts, so you must follow with a heart.'
    """
    return _capitalised(_("{note}you hold {leds}, so you must follow with a {led}.").format(note=note, leds=led, led=led_one))


def void_misere_must_play_joker(led: str) -> str:
    """``You have no hearts, and in misère a player who can't follow suit must play the joker.``"""
    return _("You have no {led}, and in misère a player who can't follow suit must play the joker.").format(led=led)


def void_may_play_joker(led: str) -> str:
    """``You have no hearts, so you may play the joker, and it wins the trick.``"""
    return _("You have no {led}, so you may play the joker, and it wins the trick.").format(led=led)


def void_may_play_any(led: str) -> str:
    """``You have no hearts, so you may play any card.``"""
    return _("You have no {led}, so you may play any card.").format(led=led)

# --- a trick: a card's role, who wins and why (trick.describe_card, trick.explain_trick_winner) --


def trick_needs_a_card() -> str:
    """An empty trick: ``A trick needs at least one card.``"""
    return _("A trick needs at least one card.")


def card_twice_in_trick() -> str:
    """``A card can't appear twice in one trick: there is only one of each card in the pack.``"""
    return _("A card can't appear twice in one trick: there is only one of each card in the pack.")


def role_joker_highest_trump() -> str:
    """The joker's role in a trump contract: ``the joker (the highest trump)``"""
    return _("the joker (the highest trump)")


def role_joker_nominated(suit_one: str) -> str:
    """The joker's role when the contractor nominated its suit: ``the joker (nominated as the highest heart)``"""
    # Translators: {suit_one} is one card's suit ("heart")
    return _("the joker (nominated as the highest {suit_one})").format(suit_one=suit_one)


def role_joker_no_suit() -> str:
    """The joker's role in no trumps and misère: ``the joker (it belongs to no suit and beats every card)``"""
    return _("the joker (it belongs to no suit and beats every card)")


def role_right_bower(card: str) -> str:
    """``the right bower (J♥, the highest trump after the joker)``"""
    return _("the right bower ({card}, the highest trump after the joker)").format(card=card)


def role_left_bower(card: str, suit_one: str, suit: str) -> str:
    """``the left bower (J♦ counts as a heart while hearts are trumps)``"""
    # Translators: {card} is the left bower ("J♦"), {suit_one} one card's suit ("heart"), {suit} the trumps ("hearts")
    return _("the left bower ({card} counts as a {suit_one} while {suit} are trumps)").format(
        card=card, suit_one=suit_one, suit=suit)


def role_trump(rank: str) -> str:
    """Any other trump: ``the ace of trumps``"""
    # Translators: {rank} is a rank in words ("ace", "seven")
    return _("the {rank} of trumps").format(rank=rank)


def role_plain(rank: str, suit: str) -> str:
    """A card that is not a trump: ``the seven of hearts``"""
    # Translators: {rank} is a rank in words ("seven"), {suit} a suit ("hearts"): "the seven of hearts"
    return _("the {rank} of {suit}").format(rank=rank, suit=suit)


def trick_won_alone(card: str) -> str:
    """``A♥ wins: it is the only card in the trick.``"""
    # Translators: {card} is the card that wins the trick ("J♦") in this and the following sentences
    return _("{card} wins: it is the only card in the trick.").format(card=card)


def trick_won_by_free_joker(card: str) -> str:
    """``Joker wins: in no trumps and misère the joker belongs to no suit and beats every other card.``"""
    return _("{card} wins: in no trumps and misère the joker belongs to no suit and beats every other card.").format(card=card)


def trick_won_higher_trump(card: str, winner: str, runner: str) -> str:
    """``J♦ wins: the left bower (…) beats the ace of trumps.`` (``winner`` and ``runner`` are the roles)

    >>> from fivehundred.i18n import use
    >>> use("en"); trick_won_higher_trump("J♦", "the left bower (…)", "the ace of trumps")
    'J♦ wins: the left bower (…) beats the ace of trumps.'
    """
    # Translators: {winner} and {runner} are the two cards' roles ("the left bower (…)", "the ace of trumps")
    return _("{card} wins: {winner} beats {runner}.").format(card=card, winner=winner, runner=runner)


def trick_won_only_trump(card: str, winner: str) -> str:
    """``5♥ wins: the five of trumps is the only trump, and any trump beats the other suits.``"""
    return _("{card} wins: {winner} is the only trump, and any trump beats the other suits.").format(card=card, winner=winner)


def trick_won_highest_of_led(card: str, suit_one: str, trumps: bool) -> str:
    """``A♠ wins: no trump was played, and it is the highest spade, the suit led.`` (without trumps: ``A♠ wins: it is …``)"""
    if trumps:
        # Translators: {suit_one} is the suit led, as one card's suit ("heart")
        why = _("{card} wins: no trump was played, and it is the highest {suit_one}, the suit led.")
    else:
        why = _("{card} wins: it is the highest {suit_one}, the suit led.")
    return why.format(card=card, suit_one=suit_one)


def trick_won_only_of_led(card: str, suit_one: str, trumps: bool) -> str:
    """``7♠ wins: no trump was played, and it is the only spade, and only the suit led can win.`` (or without trumps)"""
    if trumps:
        why = _("{card} wins: no trump was played, and it is the only {suit_one}, and only the suit led can win.")
    else:
        why = _("{card} wins: it is the only {suit_one}, and only the suit led can win.")
    return why.format(card=card, suit_one=suit_one)

# --- how a hand scored, how a game ends (scoring.score_hand, scoring.game_result) ----------------
#
# ``bid`` is the contract as the learner reads it (``text.bid_label``: "7♥"), ``points`` a score already formatted
# (``text.signed`` for a change, ``text.points`` for a total); ``n`` a count of tricks, as an int.


def misere_made(bid: str, points: str) -> str:
    """``Misère made: the contractor took no tricks, so +250. In misère the defenders score nothing.``"""
    return _("{bid} made: the contractor took no tricks, so {points}. In misère the defenders score nothing.").format(
        bid=bid, points=points)


def misere_lost(bid: str, n: int, points: str) -> str:
    """``Misère lost: the contractor took 1 trick, so −250. In misère the defenders score nothing.``"""
    return ngettext("{bid} lost: the contractor took {n} trick, so {points}. In misère the defenders score nothing.",
                    "{bid} lost: the contractor took {n} tricks, so {points}. In misère the defenders score nothing.",
                    n).format(bid=bid, n=n, points=points)


def slam_scored(bid: str, value: int, slam: int) -> str:
    """``Slam! All 10 tricks on 8♠, which is worth 240, scores 250.``"""
    return _("Slam! All 10 tricks on {bid}, which is worth {value}, scores {slam}.").format(bid=bid, value=value, slam=slam)


def contract_made(bid: str, n: int, points: str) -> str:
    """``7♥ made with 8 tricks: +200.``"""
    return ngettext("{bid} made with {n} trick: {points}.", "{bid} made with {n} tricks: {points}.", n).format(
        bid=bid, n=n, points=points)


def contract_set(bid: str, n: int, needed: int, points: str) -> str:
    """``7♥ set: 6 tricks of 7 needed, so −200.``"""
    return ngettext("{bid} set: {n} trick of {needed} needed, so {points}.",
                    "{bid} set: {n} tricks of {needed} needed, so {points}.", n).format(
        bid=bid, n=n, needed=needed, points=points)


def defence_scores_nothing() -> str:
    """This table gives nothing for defenders' tricks: ``At this table the defenders score nothing for their tricks.``"""
    return _("At this table the defenders score nothing for their tricks.")


def defenders_took(n: int, points: str) -> str:
    """``The defenders took 2 tricks: +20.``"""
    return ngettext("The defenders took {n} trick: {points}.", "The defenders took {n} tricks: {points}.", n).format(
        n=n, points=points)


def each_defender_scores() -> str:
    """More than one defending side: ``Each defender scores 10 for every trick they took.``"""
    return _("Each defender scores 10 for every trick they took.")


def hand_scored(contract: str, defence: str) -> str:
    """The hand's whole reason: the contract's sentence, then the defence's (if any) after a space.

    >>> from fivehundred.i18n import use
    >>> use("en"); hand_scored(contract_made("7♥", 8, "+200"), defenders_took(2, "+20"))
    '7♥ made with 8 tricks: +200. The defenders took 2 tricks: +20.'
    """
    return contract + " " + defence if defence else contract


def side_name(n: int) -> str:
    """A side with no name, counted from 1: ``side 1``"""
    return _("side {n}").format(n=n)


def game_won_by_contract(side: str, points: str) -> str:
    """``side 1 reached 520 by making their contract.``"""
    return _("{side} reached {points} by making their contract.").format(side=side, points=points)


def game_won_on_defence(side: str, points: str) -> str:
    """``side 2 reached 510; at this table defence points can win.``"""
    return _("{side} reached {points}; at this table defence points can win.").format(side=side, points=points)


def game_lost_backwards(loser: str, points: str, winner: str) -> str:
    """``side 1 fell to −520 and went out backwards, so side 2 win.``"""
    return _("{loser} fell to {points} and went out backwards, so {winner} win.").format(loser=loser, points=points, winner=winner)


# (end of the play section)
