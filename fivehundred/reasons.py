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
    """A bid these rules leave out (``bid`` in words): ``These rules do not allow 10NT.``"""
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


def not_open_now(bid: str) -> str:
    """``7♥ can't be bid now.`` (a ladder that offers only some rungs, such as a lesson's exercise)"""
    return _("{bid} can't be bid now.").format(bid=bid)


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


def no_kitty_now(phase: str) -> str:
    """A kitty card chosen outside the kitty phase: ``There is no kitty to take now: this is the auction.``
    (``phase`` in words: :func:`phase_name`)"""
    return _("There is no kitty to take now: this is the {phase}.").format(phase=phase)


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


# --- typed cards, suits and lists of cards (cards.py) ------------------------------------------


def not_a_suit(text: str) -> str:
    """A text that names no suit: ``'XX' is not a suit. Use S, C, D or H.``

    >>> from fivehundred.i18n import use
    >>> use("en"); not_a_suit("'XX'")
    "'XX' is not a suit. Use S, C, D or H."
    """
    return _("{text} is not a suit. Use S, C, D or H.").format(text=text)


def not_a_card(text: str | None = None) -> str:
    """A text that is not a card: ``'ZZ' is not a card. Write the rank then the suit, such as JH, 10D or JK.``
    (``That is not a card. …`` when the input is not even a text, ``text`` None).

    >>> from fivehundred.i18n import use
    >>> use("en"); not_a_card()
    'That is not a card. Write the rank then the suit, such as JH, 10D or JK.'
    """
    if text is None:
        return _("That is not a card. Write the rank then the suit, such as JH, 10D or JK.")
    return _("{text} is not a card. Write the rank then the suit, such as JH, 10D or JK.").format(text=text)


def no_pack_for_players() -> str:
    """A player count with no pack: ``Five Hundred is played by 2 to 6 players.``"""
    return _("Five Hundred is played by 2 to 6 players.")


def not_a_list_of_cards() -> str:
    """Input that is not a list of cards: ``Write the cards like JH 10D JK.``"""
    return _("Write the cards like JH 10D JK.")


def too_many_cards(most: int) -> str:
    """A list longer than any pack: ``That is too many cards: a list holds at most 100.``"""
    return _("That is too many cards: a list holds at most {n}.").format(n=most)


# --- typed bids (bidding.py) -------------------------------------------------------------------


def not_a_bid(text: str) -> str:
    """A text that is not a bid: ``'7X' is not a bid. Bids run from 6♠ to 10NT, plus misère, open misère and pass.``"""
    return _("{text} is not a bid. Bids run from 6♠ to 10NT, plus misère, open misère and pass.").format(text=text)


def pass_not_on_ladder() -> str:
    """A pass asked for its place on the ladder: ``A pass is not a bid on the ladder: name a bid.``"""
    return _("A pass is not a bid on the ladder: name a bid.")


# --- texts too long, cards twice, unreadable JSON (bounds.py, checks.py) -----------------------


def too_long(what: str, limit: str) -> str:
    """A text past its limit: ``That is too long for a list of cards: at most 2,000 characters.`` (``what``: the
    input's English name, marked ``N_("a list of cards")`` where it is given, put in the learner's language here;
    ``limit``: the number already written as the learner's language writes it)

    >>> from fivehundred.i18n import use
    >>> use("en"); too_long("a card", "40")
    'That is too long for a card: at most 40 characters.'
    """
    # Translators: {what} names the text ("a list of cards"), {limit} is a number ("2,000")
    return _("That is too long for {what}: at most {limit} characters.").format(what=_(what), limit=limit)


def card_listed_twice(card: str) -> str:
    """A card given twice: ``10♦ is listed twice; each card is in the pack once.``"""
    return _("{card} is listed twice; each card is in the pack once.").format(card=card)


def too_deeply_nested(what: str) -> str:
    """JSON nested past the limit: ``That is not readable: a saved game is nested too deeply.`` (``what``: the
    input's English name, marked ``N_("a saved game")`` where it is given)"""
    return _("That is not readable: {what} is nested too deeply.").format(what=_(what))


def not_json(what: str) -> str:
    """A text that is not JSON: ``That is not readable: a saved game is not JSON.`` (``what``: as above)"""
    return _("That is not readable: {what} is not JSON.").format(what=_(what))


# --- what is wrong with a save file, a phrase (saves.py) ---------------------------------------


def save_is_a_folder() -> str:
    """A save file that is a folder: ``it is a folder, not a file``"""
    return _("it is a folder, not a file")


def save_too_big(mb: int) -> str:
    """A save file past its size: ``it is bigger than 2 MB``"""
    return _("it is bigger than {mb} MB").format(mb=mb)


def save_not_text() -> str:
    """A save file that is not UTF-8: ``it is not text``"""
    return _("it is not text")


def save_damaged() -> str:
    """A save file that does not read or check: ``it is damaged``"""
    return _("it is damaged")


# --- a free-play save that cannot be used, a sentence (saves.py) -------------------------------


def not_a_freeplay_save() -> str:
    """``The saved game is not a free-play save.``"""
    return _("The saved game is not a free-play save.")


def freeplay_save_unknown_field() -> str:
    """``The saved game has a field free play does not know.``"""
    return _("The saved game has a field free play does not know.")


def freeplay_save_opponents_damaged() -> str:
    """``The saved game's opponents are damaged.``"""
    return _("The saved game's opponents are damaged.")


def freeplay_save_partners_damaged() -> str:
    """``The saved game's partners' levels are damaged.``"""
    return _("The saved game's partners' levels are damaged.")


def freeplay_save_settings_damaged() -> str:
    """``The saved game's settings are damaged.``"""
    return _("The saved game's settings are damaged.")


# --- the game refusing an action (game.py) -----------------------------------------------------


def game_over() -> str:
    """An action after the game's end: ``The game is over.``"""
    return _("The game is over.")


def hand_finished_not_redealt() -> str:
    """A finished hand asked to be dealt again: ``This hand is finished; it is scored before the next deal.``"""
    return _("This hand is finished; it is scored before the next deal.")


def finish_hand_first() -> str:
    """The next deal asked for before the hand ends: ``Finish this hand before dealing the next one.``"""
    return _("Finish this hand before dealing the next one.")


# --- a saved game that cannot be used (game.py) ------------------------------------------------


def saved_game_not_readable() -> str:
    """``The saved game is not readable (it is not JSON, or it is nested too deeply).``"""
    return _("The saved game is not readable (it is not JSON, or it is nested too deeply).")


def saved_game_unusable(why: str) -> str:
    """A saved game refused, ``why`` one of the phrases below: ``The saved game can't be used: its scores do not add up.``

    >>> from fivehundred.i18n import use
    >>> use("en"); saved_game_unusable(saved_scores_do_not_add_up())
    "The saved game can't be used: its scores do not add up."
    """
    # Translators: {why} is what is wrong with it ("its scores do not add up")
    return _("The saved game can't be used: {why}.").format(why=why)


def not_a_saved_game() -> str:
    """``it is not a saved game``"""
    return _("it is not a saved game")


def saved_game_of_another_kind() -> str:
    """``it is not a saved game of this kind``"""
    return _("it is not a saved game of this kind")


def saved_field_damaged(field: str) -> str:
    """``its totals field is damaged``"""
    return _("its {field} field is damaged").format(field=field)


def saved_rules_damaged() -> str:
    """``its rules line is damaged``"""
    return _("its rules line is damaged")


def too_many_saved_hands() -> str:
    """``it has far too many hands``"""
    return _("it has far too many hands")


def saved_dealer_not_a_seat() -> str:
    """``its dealer is not a seat at the table``"""
    return _("its dealer is not a seat at the table")


def saved_deal_counter_damaged() -> str:
    """``its deal counter is damaged``"""
    return _("its deal counter is damaged")


def saved_hands_after_the_end() -> str:
    """``it has hands after the game ended``"""
    return _("it has hands after the game ended")


def saved_hand_in_progress_after_the_end() -> str:
    """``it has a hand after the game ended``"""
    return _("it has a hand after the game ended")


def saved_hand(number: int) -> str:
    """A finished hand of a saved game, named: ``hand 3``"""
    return _("hand {number}").format(number=number)


def saved_hand_in_progress() -> str:
    """The unfinished hand of a saved game, named: ``the hand in progress``"""
    return _("the hand in progress")


def saved_hand_unfinished(number: int) -> str:
    """``hand 3 stops before its end``"""
    return _("hand {number} stops before its end").format(number=number)


def saved_hand_wrong_dealer(number: int) -> str:
    """``hand 3 has the wrong dealer``"""
    return _("hand {number} has the wrong dealer").format(number=number)


def saved_hand_in_progress_wrong_dealer() -> str:
    """``the hand in progress has the wrong dealer``"""
    return _("the hand in progress has the wrong dealer")


def saved_scores_do_not_add_up() -> str:
    """``its scores do not add up``"""
    return _("its scores do not add up")


def saved_hand_does_not_replay(what: str, why: str) -> str:
    """A saved hand (``what``, named above) refused on replay for ``why``: ``hand 3 does not replay (You don't hold 10♦.)``"""
    return _("{what} does not replay ({why})").format(what=what, why=why)


def saved_hand_other_rules(what: str) -> str:
    """``hand 3 has other rules``"""
    return _("{what} has other rules").format(what=what)


# --- the table refusing an action (session.py) -------------------------------------------------


def table_seats_three_to_six() -> str:
    """``The table seats 3, 4, 5 or 6 players.``"""
    return _("The table seats 3, 4, 5 or 6 players.")


def hand_over_press_new_hand() -> str:
    """An action after the hand's end: ``The hand is over. Press New hand to play another.``"""
    return _("The hand is over. Press New hand to play another.")


def not_your_turn(seat: str) -> str:
    """``It is West's turn, not yours.``"""
    return _("It is {seat}'s turn, not yours.").format(seat=seat)


def nothing_to_undo_hand_scored() -> str:
    """``The hand is over and has been scored. Press New hand to play the next one.``"""
    return _("The hand is over and has been scored. Press New hand to play the next one.")


def no_decision_to_undo() -> str:
    """``You haven't made a decision yet this hand, so there is nothing to undo.``"""
    return _("You haven't made a decision yet this hand, so there is nothing to undo.")


def only_computer_seats(seats: str) -> str:
    """A seat that is not the computer's (``seats`` listed in words): ``Only West, North, East are played by the computer.``"""
    return _("Only {seats} are played by the computer.").format(seats=seats)


def record_for_other_table(n: int, seats: int) -> str:
    """``This record is for 5 players; the table seats 4.``"""
    return _("This record is for {n} players; the table seats {seats}.").format(n=n, seats=seats)


# --- the course's exercises refusing an answer (exercises.py, feedback.py) ---------------------


def not_one_of_the_answers(option: str) -> str:
    """``'maybe' is not one of the answers.``"""
    return _("{option} is not one of the answers.").format(option=option)


def card_not_shown(card: str) -> str:
    """``10♦ is not one of the cards shown.``"""
    return _("{card} is not one of the cards shown.").format(card=card)


def pick_a_card_first() -> str:
    """``Pick at least one card first, then press Check.``"""
    return _("Pick at least one card first, then press Check.")


def card_not_in_trick(card: str) -> str:
    """``10♦ is not in this trick.``"""
    return _("{card} is not in this trick.").format(card=card)


def trump_order_needs_trumps() -> str:
    """``Ordering trumps needs a trump suit, such as hearts.``"""
    return _("Ordering trumps needs a trump suit, such as hearts.")


def not_a_trump(card: str, suits: str) -> str:
    """A card shown among trumps that is not one (``suits`` in words): ``10♠ is not a trump when hearts are trumps.``

    >>> from fivehundred.i18n import use
    >>> use("en"); not_a_trump("10♠", "hearts")
    '10♠ is not a trump when hearts are trumps.'
    """
    return _("{card} is not a trump when {suits} are trumps.").format(card=card, suits=suits)


def use_each_card_once() -> str:
    """``Use each card shown exactly once.``"""
    return _("Use each card shown exactly once.")


def give_two_different_bids() -> str:
    """``Give two different bids.``"""
    return _("Give two different bids.")


def bid_not_one_of_two(bid: str) -> str:
    """``8♠ is not one of the two bids.``"""
    return _("{bid} is not one of the two bids.").format(bid=bid)


def same_bid() -> str:
    """Two bids to compare that are one: ``Those are the same bid.``"""
    return _("Those are the same bid.")


# --- the quizzes refusing a code or an answer (quiz/quiz.py, quiz/grade.py) --------------------


def no_quiz_kind(kind: str) -> str:
    """``There is no quiz kind called 'poker'.``"""
    return _("There is no quiz kind called {kind}.").format(kind=kind)


def quiz_levels() -> str:
    """``Quiz levels run from 1 to 3.``"""
    return _("Quiz levels run from 1 to 3.")


def quiz_number_range() -> str:
    """``A quiz number runs from 0 to 999999999.``"""
    return _("A quiz number runs from 0 to 999999999.")


def not_a_quiz_code(code: str) -> str:
    """``'Q9' is not a quiz code. Codes look like O2-17: a kind letter, a level and a number.``"""
    return _("{code} is not a quiz code. Codes look like O2-17: a kind letter, a level and a number.").format(code=code)


def not_a_ladder_drill() -> str:
    """``This quiz is not a ladder drill.``"""
    return _("This quiz is not a ladder drill.")


def not_a_bidding_quiz() -> str:
    """``This quiz is not a bidding quiz.``"""
    return _("This quiz is not a bidding quiz.")


def not_a_kitty_quiz() -> str:
    """``This quiz is not a kitty quiz.``"""
    return _("This quiz is not a kitty quiz.")


def answer_yes_or_no() -> str:
    """``Answer yes or no.``"""
    return _("Answer yes or no.")


def answer_with_a_bid() -> str:
    """``Answer with a bid, such as 7H or MIS.``"""
    return _("Answer with a bid, such as 7H or MIS.")


def answer_with_points() -> str:
    """``Answer with a number of points.``"""
    return _("Answer with a number of points.")


def not_a_number_of_points(answer: str) -> str:
    """``'lots' is not a number of points.``"""
    return _("{answer} is not a number of points.").format(answer=answer)


def quiz_not_in_bank() -> str:
    """``This quiz has no answer key yet: it is not in the bank.``"""
    return _("This quiz has no answer key yet: it is not in the bank.")


# --- the analysis refusing a hand, an auction or a level (analysis/simulation.py, analysis/levels.py)


def hand_needs_cards(size: int, n: int) -> str:
    """``A hand needs 10 different cards; this one has 9.``"""
    return _("A hand needs {size} different cards; this one has {n}.").format(size=size, n=n)


def no_call_left() -> str:
    """``The auction has ended, so there is no call left to make.``"""
    return _("The auction has ended, so there is no call left to make.")


def choose_a_level(levels: str) -> str:
    """A player level not known (``levels`` listed in words): ``Choose a level: Beginner, Club player.``"""
    return _("Choose a level: {levels}.").format(levels=levels)


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
    return _capital(_("{note}{led} were led, so it follows suit.").format(note=note, led=led))


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
    return _capital(_("{note}you hold it, so you must follow with a {led}.").format(note=note, led=led_one))


def must_follow(note: str, led: str, led_one: str) -> str:
    """``You hold hearts, so you must follow with a heart.`` (after a ``note``, if there is one)

    >>> from fivehundred.i18n import use
    >>> use("en"); must_follow("", "hearts", "heart")
    'You hold hearts, so you must follow with a heart.'
    """
    return _capital(_("{note}you hold {leds}, so you must follow with a {led}.").format(note=note, leds=led, led=led_one))


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
