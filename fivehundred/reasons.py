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


# (end of the play section)
