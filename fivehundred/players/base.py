"""The computer-player interface: a player sees one seat's :class:`View` and chooses an action.

A player never receives the :class:`~fivehundred.round.Round`, only
``round.view(seat)``, so it cannot peek at hidden cards.

>>> from fivehundred import Round
>>> from fivehundred.players import RandomPlayer, play_hand
>>> r = Round.deal(seed=1)
>>> result = play_hand(r, [RandomPlayer(seed=s) for s in range(4)])
>>> r.is_over
True
"""

from __future__ import annotations

import abc
from typing import Mapping, Sequence, Union

from fivehundred.actions import Action, Play
from fivehundred.bidding import Bid
from fivehundred.errors import FiveHundredError, IllegalActionError, shown
from fivehundred.round import HandResult, Round, View

__all__ = ["Player", "PlayerError", "play_hand", "Seating", "check_view"]


class PlayerError(FiveHundredError):
    """A computer player was asked to act when it cannot (not its turn, or no legal action)."""


def check_view(view: object) -> None:
    """Refuse anything but a :class:`View` (a player is handed ``round.view(seat)``).

    Raises:
        PlayerError: ``view`` is not a :class:`View`.
    """
    if view.__class__ is not View:
        raise PlayerError(f"not a view: {shown(view, 80)} (pass round.view(seat))")


class Player(abc.ABC):
    """Anything that picks an action from a view.

    Subclasses implement :meth:`choose`; :meth:`explain` gives a one-sentence
    reason for an action (the default says nothing useful, so players that can
    explain override it).
    """

    #: a short name for tables and benchmarks
    name: str = "player"
    #: whether its calls are the bidding method's (:func:`fivehundred.bidding_method.method_call`), so that
    #: :func:`~fivehundred.bidding_method.promise_words` may read them
    bids_by_method: bool = False
    #: whether it bids by the method but now and then makes another call its simulation finds clearly better
    #: (Expert), so that :func:`~fivehundred.bidding_method.promise_words` reads its calls by the method and says so
    departs_from_method: bool = False

    @abc.abstractmethod
    def choose(self, view: View) -> Action:
        """The action to take in ``view`` (a bid, discard, nomination, partner call or play).

        Raises:
            PlayerError: the view has no legal action for this seat.
        """

    def explain(self, view: View, action: Action) -> str:
        """One sentence saying why ``action`` suits ``view``."""
        return f"{self.name} chose {action}."


#: players by seat: a sequence indexed by seat, or a mapping from seat to player
Seating = Union[Sequence[Player], Mapping[int, Player]]


def play_hand(round_: Round, players: Seating, *, max_actions: int = 1000) -> HandResult:
    """Drive ``round_`` to the end, asking each seat's player with that seat's view.

    The round is changed in place; the result is returned.

    Raises:
        PlayerError: a seat has no player, or the hand does not end within ``max_actions``.
        IllegalActionError: a player chose an illegal action (a bug in that player).
    """
    if not isinstance(round_, Round):
        raise PlayerError(f"not a round: round_={shown(round_, 80)}")
    if max_actions.__class__ is not int or max_actions < 0:
        raise PlayerError(f"not a number of actions: max_actions={shown(max_actions)}")
    if isinstance(players, (str, bytes)) or not isinstance(players, (Sequence, Mapping)):
        raise PlayerError(f"not players by seat: players={shown(players, 80)} (a list, or a dict from seat to player)")
    seated: dict[int, Player] = {}  # each seat's player, checked the first time the seat acts
    for _ in range(max_actions):
        if round_.is_over:
            assert round_.result is not None
            return round_.result
        seat = round_.to_act
        if seat is None:
            raise PlayerError(f"no seat to act in phase {round_.phase.value} ({shown(round_)})")
        player = seated.get(seat)
        if player is None:
            try:
                player = players[seat]
            except (IndexError, KeyError):
                raise PlayerError(f"no player for seat {round_.seat_name(seat)} ({shown(round_)})") from None
            if not callable(getattr(player, "choose", None)):
                raise PlayerError(f"not a player at seat {round_.seat_name(seat)}: {shown(player, 80)}")
            seated[seat] = player
        view = round_.view(seat)
        action = player.choose(view)
        cls = action.__class__
        if cls is Play or cls is Bid:
            try:
                round_.apply_legal(action)  # one of the legal actions: done without working out reasons
                continue
            except IllegalActionError:
                pass  # not legal: apply says why
        round_.apply(action)  # checked: an illegal choice raises here
    raise PlayerError(f"the hand did not end within {max_actions} actions ({shown(round_)})")
