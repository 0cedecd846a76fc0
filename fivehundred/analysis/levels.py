"""Difficulty levels: the computer players a learner may choose, named and ordered in one table.

:data:`LEVELS` lists them weakest first; each is a :class:`Level` with the key a save stores, the
menu label, one sentence on how it plays and whether it may sit as the learner's partner.

* ``random`` — Random: any legal card (kept for the first games and for old saves).
* ``beginner`` — Beginner: the rules player without card memory
  (:class:`~fivehundred.players.RulesPlayer` with ``memory=False``).
* ``club`` — Club: the rules player.
* ``expert`` — Expert: the search player (:class:`~fivehundred.analysis.hints.SearchPlayer`),
  which plays its early cards by rollouts on :data:`EXPERT_ROLLOUT_SAMPLES` sampled deals
  (:mod:`fivehundred.analysis.rollouts`), searches :data:`EXPERT_SEARCH_SAMPLES` sampled deals double dummy
  in the last :data:`EXPERT_SEARCH_TRICKS` tricks and bids by simulation: the method's call
  (:mod:`fivehundred.bidding_method`) unless a call near its count scores clearly better on
  :data:`EXPERT_BID_SAMPLES` sampled deals that fit the auction (``bench/sim_bidding.py``).

Saves written before the levels named the players ``"rules"`` and ``"search"``; :func:`level_arg`
reads them as Club and Expert (:data:`OLD_NAMES`).  This module sits in the analysis layer, above
the players, because Expert is the search player.

>>> [level.key for level in LEVELS]
['random', 'beginner', 'club', 'expert']
>>> level_arg("rules").key, stronger("expert", "club")
('club', True)
>>> make_player("beginner").memory
False
"""

from __future__ import annotations

from dataclasses import dataclass

from fivehundred.analysis.hints import SearchPlayer
from fivehundred.checks import budget_arg, int_arg
from fivehundred import reasons
from fivehundred.errors import shown
from fivehundred.i18n import N_
from fivehundred.i18n import gettext as _
from fivehundred.players.base import Player, PlayerError
from fivehundred.players.random_player import RandomPlayer
from fivehundred.players.rules_player import RulesPlayer

__all__ = ["Level", "LEVELS", "OLD_NAMES", "EXPERT_BUDGET", "EXPERT_BID_SAMPLES", "EXPERT_ROLLOUT_SAMPLES",
           "EXPERT_SEARCH_TRICKS", "EXPERT_SEARCH_SAMPLES", "level_arg", "level_keys", "partner_levels",
           "strongest_partner", "stronger", "make_player"]

#: seconds the Expert player may think about one card or one call at the table (its p95 is measured by bench/freeplay.py)
EXPERT_BUDGET = 0.5
#: sampled deals Expert scores its candidate calls on (bench/sim_bidding.py measured 16)
EXPERT_BID_SAMPLES = 16
#: sampled deals Expert plays each early card out on, before its search of the last tricks takes over
#: (:mod:`fivehundred.analysis.rollouts`; bench/levels.py measures it)
EXPERT_ROLLOUT_SAMPLES = 50
#: the last tricks Expert searches double dummy on sampled deals, and how many deals a card (bench/levels.py: with
#: rollouts before them, the last 5 on 50 deals played +4.4 a board better than the last 7 on 10)
EXPERT_SEARCH_TRICKS = 5
EXPERT_SEARCH_SAMPLES = 50


@dataclass(frozen=True)
class Level:
    """One difficulty level: its saved key, its menu label, how it plays, and whether it may partner you."""

    key: str
    label: str
    about: str
    #: may sit as the learner's partner (North at 4 players, the team-mates at 6)
    partner: bool = True
    #: why not, in plain words ("" when it may)
    not_partner: str = ""

    def shown_label(self) -> str:
        """Its menu label in the learner's language (:attr:`label` stays the English)."""
        return _(self.label)

    def shown_about(self) -> str:
        """How it plays, in the learner's language."""
        return _(self.about)

    def why_not_partner(self) -> str:
        """Why it may not partner you, in the learner's language ("" when it may)."""
        return _(self.not_partner) if self.not_partner else ""

    @property
    def strength(self) -> int:
        """Its place in :data:`LEVELS` (0: the weakest)."""
        return LEVELS.index(self)


#: the levels, weakest first
LEVELS: tuple[Level, ...] = (
    # Translators: the difficulty levels' names (a menu of the computer players' strength)
    Level("random", N_("Random"), N_("Plays any card the rules allow, at random."), partner=False,
          not_partner=N_("Random is not offered as your partner: it would throw your side's tricks away.")),
    Level("beginner", N_("Beginner"),
          N_("Plays by the rules of thumb but forgets which cards have gone: it sees only its own hand and the "
          "trick on the table, so it counts only a suit's highest card in the whole pack as a sure winner and may "
          "throw away a card that has become the top one left.")),
    Level("club", N_("Club"),
          N_("Plays by the rules of thumb and remembers every card played: it cashes the top card left in a suit, "
          "draws trumps while the other side may hold some and never overtakes your card that it can see is sure "
          "to win.")),
    Level("expert", N_("Expert"),
          N_("Tries out its cards on many possible deals that fit what it has seen and plays the one that scores "
          "best: early in the hand it plays each deal out the way Club would play it, and in the last tricks it "
          "works out the best play of each deal. It bids like Club, but first tries out its call "
          "and the calls near it on possible deals, and makes another call when that one clearly scores more."),
          partner=False,
          not_partner=N_("Expert is not offered as your partner: it thinks up to half a second about each card, and "
                       "when its search finds two cards worth the same it may throw away the top card left in a "
                       "suit, which a partner should never do.")),
)

#: the players' names before the levels, as old saves store them
OLD_NAMES: dict[str, str] = {"rules": "club", "search": "expert"}

_BY_KEY = {level.key: level for level in LEVELS}


def level_keys() -> tuple[str, ...]:
    """The levels' keys, weakest first."""
    return tuple(level.key for level in LEVELS)


def level_arg(level: object) -> Level:
    """The :class:`Level` named ``level``: a key of :data:`LEVELS`, an old name (:data:`OLD_NAMES`) or a Level.

    Raises:
        PlayerError: no such level.
    """
    if isinstance(level, Level) and level in LEVELS:
        return level
    if isinstance(level, str):
        found = _BY_KEY.get(OLD_NAMES.get(level, level))
        if found is not None:
            return found
    labels = ", ".join(lv.shown_label() for lv in LEVELS)
    raise PlayerError(f"no player level {shown(level, 40)} (choose one of {', '.join(level_keys())})",
                      explanation=reasons.choose_a_level(labels))


def stronger(a: object, b: object) -> bool:
    """Whether level ``a`` is above level ``b`` in :data:`LEVELS`.

    Raises:
        PlayerError: either is not a level.
    """
    return level_arg(a).strength > level_arg(b).strength


def partner_levels() -> tuple[Level, ...]:
    """The levels that may sit as the learner's partner, weakest first."""
    return tuple(level for level in LEVELS if level.partner)


def strongest_partner() -> Level:
    """The strongest level that may sit as the learner's partner (the partner's default)."""
    return partner_levels()[-1]


def make_player(level: object, seed: int = 0, *, time_budget: float = EXPERT_BUDGET) -> Player:
    """A new computer player of ``level`` (a key, an old name or a :class:`Level`).

    ``seed`` seeds the players that draw at random (Random, and Expert's sampled deals);
    ``time_budget`` is Expert's seconds a card.

    Raises:
        PlayerError: no such level.
        FiveHundredError: ``seed`` is not a whole number or ``time_budget`` not a number of seconds above 0.
    """
    key = level_arg(level).key
    seed = int_arg(seed, "seed")
    budget = budget_arg(time_budget, "time_budget")
    if key == "random":
        return RandomPlayer(seed=seed)
    if key == "beginner":
        return RulesPlayer(memory=False)
    if key == "club":
        return RulesPlayer()
    if budget is None or budget <= 0:
        raise PlayerError(f"Expert's time_budget is a number of seconds above 0, not {shown(time_budget)}")
    return SearchPlayer(time_budget=budget, seed=seed, bid_samples=EXPERT_BID_SAMPLES, bid_budget=budget,
                        rollout_samples=EXPERT_ROLLOUT_SAMPLES, max_tricks=EXPERT_SEARCH_TRICKS,
                        samples=EXPERT_SEARCH_SAMPLES)
