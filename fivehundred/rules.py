"""The rules flags and the named presets.

Every rule the sources disagree about (``RULES.md`` sections 8, 10 and 11) is
one field of the frozen :class:`Rules` object.  The default is the Australian
4-player game as pagat and the seed text describe it.

>>> AUSTRALIAN.players, AUSTRALIAN.misere_rank, AUSTRALIAN.allow_self_raise
(4, 'ladder', False)
>>> Rules.preset("american").defence_points_can_win
True
>>> Rules.preset("australian", players=3).players
3
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from fivehundred.cards import PLAYER_COUNTS
from fivehundred.errors import RulesError, shown
from fivehundred.bounds import bounded_text
from fivehundred.i18n import N_
from fivehundred.limits import MAX_LINE_CHARS, MAX_WORD_CHARS

__all__ = ["Rules", "AUSTRALIAN", "AMERICAN", "PRESETS", "SELF_RAISE_READINGS"]

#: the two sourced readings of a self-raise (the values of ``allow_self_raise`` besides ``False``)
SELF_RAISE_READINGS = ("one_last_chance", "until_all_pass")


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


@dataclass(frozen=True)
class Rules:
    """One table's rules.  Construct with keywords or :meth:`preset`; every field has a source.

    Raises (on construction):
        RulesError: a flag has a value it does not take.
    """

    players: int = field(default=4, metadata=_doc("Number of players, 2 to 6 (RULES.md §1)."))

    # --- the deal -------------------------------------------------------
    deal_pattern: Literal["australian", "american"] = field(
        default="australian",
        metadata=_doc(
            "australian: 3-1-4-1-3-1, one card to the kitty after each round (seed, pagat, wiki). "
            "american: 3 each, 3 to the widow, 4 each, 3 each (USPCC, nullo-txt)."
        ),
    )
    two_player: Literal["dead_hand"] = field(
        default="dead_hand",
        metadata=_doc(
            "The 2-player game: 33-card pack with a dead hand of 10 dealt face down to the "
            "dealer's left and never played (USPCC two-hand page). The only choice implemented."
        ),
    )
    five_player_partner: Literal["name_player", "call_card"] = field(
        default="name_player",
        metadata=_doc(
            "name_player: the contractor names one partner, two for a bid of 8 or more (USPCC). "
            "call_card: the contractor names a card, and its holder is the partner (wiki)."
        ),
    )
    six_player_teams: Literal["two_threes", "three_pairs"] = field(
        default="two_threes",
        metadata=_doc(
            "two_threes: two teams of three, seated alternately (USPCC). "
            "three_pairs: three teams of two, partners opposite (wiki, Trickster)."
        ),
    )

    # --- the auction -----------------------------------------------------
    misere_allowed: bool = field(
        default=True, metadata=_doc("Misère may be bid (seed variation 1 and pagat: no misère at all).")
    )
    misere_rank: Literal["ladder", "points"] = field(
        default="ladder",
        metadata=_doc(
            "ladder: misère sits between 7NT and 8♠, so 8♠ outranks it (seed, pagat). "
            "points: misère sits by its value, between 8♠ and 8♣ (nullo-txt, Web500, pagat variation)."
        ),
    )
    misere_requires_seven: bool = field(
        default=True,
        metadata=_doc(
            "Misère may be bid only after someone has bid seven (seed, pagat). "
            "False: at any time (seed variation 2, American 'nullo any time')."
        ),
    )
    open_misere_allowed: bool = field(default=True, metadata=_doc("Open misère may be bid (seed, pagat)."))
    open_misere_rank: Literal["below_10H", "above_10H"] = field(
        default="below_10H",
        metadata=_doc(
            "below_10H: open misère sits between 10♦ and 10♥ (seed, pagat). "
            "above_10H: above 10♥ (waldo/five_hundred)."
        ),
    )
    open_misere_requires_eight: bool = field(
        default=False,
        metadata=_doc(
            "Open misère only after someone has bid eight (pagat variation). Default: at any time, "
            "even as the first bid (seed, pagat)."
        ),
    )
    blind_misere_allowed: bool = field(
        default=False,
        metadata=_doc(
            "House rule: blind misère (500), bid as a player's first call before looking. Only the "
            "seed mentions it and gives no ladder place; this engine puts it just above open misère."
        ),
    )
    misere_six_handed: bool = field(
        default=False,
        metadata=_doc(
            "Misère (and open and blind misère) may be bid in the 6-player game. Default no: the only "
            "source that speaks to it, Wikipedia's Misère article, says misère cannot be played in "
            "6-hand 500 (RULES.md §1). True: the misère bids work as with other player counts."
        ),
    )
    allow_self_raise: Literal[False, "one_last_chance", "until_all_pass"] = field(
        default=False,
        metadata=_doc(
            "Whether the high bidder may raise their own bid once everyone else has passed. The sources "
            "disagree (RULES.md §4.1). False, the default: no (pagat lists a raise as a variation; "
            "Wikipedia forbids it). 'one_last_chance': the high bidder gets one chance to raise, and the "
            "auction then ends on that bid (Web500). 'until_all_pass': the high bidder may keep raising, "
            "and the auction ends only when they pass too (Gareth001/500; the seed's main rules imply a "
            "raise is allowed without saying how). True is read as 'until_all_pass'."
        ),
    )
    allow_bid_after_pass: bool = field(
        default=False,
        metadata=_doc(
            "A player who passed may bid again later (pagat variation; Trickster bidAfterPass). "
            "Default: a pass is final (seed, pagat, wiki)."
        ),
    )
    single_bidding_round: bool = field(
        default=False,
        metadata=_doc("American: each player calls once and the highest bid wins (USPCC, nullo-txt)."),
    )
    all_pass: Literal["next_dealer", "same_dealer"] = field(
        default="next_dealer",
        metadata=_doc(
            "When everyone passes the hand is thrown in. next_dealer: the deal passes on (pagat). "
            "same_dealer: the same dealer deals again (a USPCC-style text)."
        ),
    )

    # --- the play ----------------------------------------------------------
    joker_nomination_allowed: bool = field(
        default=True,
        metadata=_doc(
            "In no trumps and misère the contractor may nominate the joker's suit before the first "
            "lead (pagat, seed). False: the pagat variation that forbids it."
        ),
    )
    joker_lead: Literal["unled_suit", "last_trick_only"] = field(
        default="unled_suit",
        metadata=_doc(
            "unled_suit: leading an un-nominated joker names a suit not yet led; once all four suits "
            "have been led it may be led only to the last trick (pagat). last_trick_only: it may be "
            "led only to the last trick (seed variation 3, pagat variation)."
        ),
    )
    misere_joker_compulsory: bool = field(
        default=True,
        metadata=_doc("In misère the joker must be played when its holder cannot follow suit (pagat, seed)."),
    )
    open_misere_exposure: Literal["after_first_trick", "before_lead"] = field(
        default="after_first_trick",
        metadata=_doc(
            "When the open-misère hand is spread face up: after trick 1 (pagat, seed) or before the "
            "opening lead (Britannica-style summaries)."
        ),
    )
    stop_when_misere_lost: bool = field(
        default=False,
        metadata=_doc(
            "Stop play as soon as the misère contractor wins a trick (Web500, jbgh2). The sources do "
            "not require it, so by default all ten tricks are played."
        ),
    )

    # --- scoring and the game ------------------------------------------------
    defence_trick_points: bool = field(
        default=True,
        metadata=_doc(
            "Opponents score 10 per trick whether the contract made or failed (pagat, wiki). "
            "False: defenders score nothing (a variation)."
        ),
    )
    defence_points_limit: int | None = field(
        default=None,
        metadata=_doc(
            "The 490 rule (seed variation 5, pagat variation): trick points on defence cannot take a "
            "side above this score (490, or 480). None: no cap."
        ),
    )
    defence_points_can_win: bool = field(
        default=False,
        metadata=_doc(
            "American 'first to 500': a side may win with points scored on defence. Default no: a side "
            "wins only by reaching 500 with a contract it won (pagat, seed)."
        ),
    )
    slam_bonus: bool = field(
        default=True,
        metadata=_doc("Winning all 10 tricks on a contract worth less than 250 scores 250 (seed, pagat, wiki)."),
    )
    target: int = field(default=500, metadata=_doc("The score that wins the game (500)."))

    def __post_init__(self) -> None:
        choices: dict[str, tuple[Any, ...]] = {
            "players": PLAYER_COUNTS,
            "deal_pattern": ("australian", "american"),
            "two_player": ("dead_hand",),
            "five_player_partner": ("name_player", "call_card"),
            "six_player_teams": ("two_threes", "three_pairs"),
            "misere_rank": ("ladder", "points"),
            "open_misere_rank": ("below_10H", "above_10H"),
            "all_pass": ("next_dealer", "same_dealer"),
            "joker_lead": ("unled_suit", "last_trick_only"),
            "open_misere_exposure": ("after_first_trick", "before_lead"),
        }
        if self.players.__class__ is not int:
            raise RulesError(f"bad rules flag: players={shown(self.players)} (a whole number from 2 to 6)")
        for name, allowed in choices.items():
            value = getattr(self, name)
            if not isinstance(value, (int, str)) or value not in allowed:
                raise RulesError(f"bad rules flag: {name}={shown(value)} (choose one of {', '.join(map(repr, allowed))})")
        for f in fields(self):
            if f.type == "bool" and not isinstance(getattr(self, f.name), bool):
                raise RulesError(f"bad rules flag: {f.name}={shown(getattr(self, f.name))} (must be True or False)")
        if self.allow_self_raise is True:  # type: ignore[comparison-overlap]  # the older yes/no form
            # yes meant the behaviour the engine always had: raising until everyone passes
            object.__setattr__(self, "allow_self_raise", "until_all_pass")
        if self.allow_self_raise is not False and (
            not isinstance(self.allow_self_raise, str) or self.allow_self_raise not in SELF_RAISE_READINGS
        ):
            raise RulesError(
                f"bad rules flag: allow_self_raise={shown(self.allow_self_raise)} "
                f"(choose False, {', '.join(map(repr, SELF_RAISE_READINGS))})"
            )
        limit = self.defence_points_limit
        if limit is not None and (limit.__class__ is not int or limit <= 0):
            raise RulesError(f"bad rules flag: defence_points_limit={shown(limit)} (a positive whole number, or None)")
        if self.target.__class__ is not int or self.target <= 0:
            raise RulesError(f"bad rules flag: target={shown(self.target)} (must be a positive whole number)")

    def __hash__(self) -> int:
        # The dataclass's own hash would hash every flag on each call, and rules key many caches
        # (ladders, play tables, sides) that the engine consults at every deal and trick: hash once.
        h: int | None = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, f.name) for f in fields(self)))
            object.__setattr__(self, "_hash", h)
        return h

    def __getstate__(self) -> dict[str, Any]:
        # the cached hash is left out: string hashes differ from one process to the next
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state

    # --- derived facts -------------------------------------------------------
    @property
    def hand_size(self) -> int:
        return 10

    @property
    def kitty_size(self) -> int:
        return 3

    @property
    def lose_at(self) -> int:
        """A side on this score or lower loses ('out backwards'): minus the target."""
        return -self.target

    @classmethod
    def preset(cls, name: str = "australian", **changes: Any) -> Rules:
        """A named preset, optionally with some flags changed.

        Raises:
            RulesError: no preset has that name, or a change is not a valid flag.
        """
        base = PRESETS.get(bounded_text(name, N_("a preset name"), MAX_WORD_CHARS)) if isinstance(name, str) else None
        if base is None:
            raise RulesError(f"no rules preset named {shown(name)} (choose one of {', '.join(PRESETS)})")
        return base.replace(**changes)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some flags changed.

        Raises:
            RulesError: a change names no flag, or gives a flag a value it does not take.
        """
        names = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise RulesError(f"no rules flag named {shown(unknown[0])}")
        return dataclasses.replace(self, **changes)

    def differences(self, other: Rules | None = None) -> dict[str, Any]:
        """The flags that differ from ``other`` (by default the Australian preset)."""
        if other is not None and not isinstance(other, Rules):
            raise RulesError(f"not a rules object: {shown(other)} (compare with Rules(...) or Rules.preset(name))")
        base = other if other is not None else AUSTRALIAN
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != getattr(base, f.name)}

    def name(self) -> str:
        """The preset this equals (ignoring the player count), or ``"custom"``."""
        for key, preset in PRESETS.items():
            if preset.replace(players=self.players) == self:
                return key
        return "custom"

    def to_text(self) -> str:
        """``preset`` plus the flags that differ, as in a hand record: ``australian players=3``."""
        base_name = self.name()
        base = PRESETS["australian"] if base_name == "custom" else PRESETS[base_name]
        parts = [base_name if base_name != "custom" else "australian"]
        for key, value in self.differences(base).items():
            parts.append(f"{key}={_format_value(value)}")
        return " ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Rules:
        """Read :meth:`to_text`'s form.

        Raises:
            RulesError: an unknown preset or flag, or a bad value.
        """
        if not isinstance(text, str):
            raise RulesError(f"rules text must be text, not {shown(text)}")
        words = bounded_text(text, N_("a rules line"), MAX_LINE_CHARS).split()
        if not words:
            raise RulesError("empty rules text")
        changes: dict[str, Any] = {}
        types = {f.name: f.type for f in fields(cls)}
        for word in words[1:]:
            key, sep, raw = word.partition("=")
            if not sep or key not in types:
                raise RulesError(f"bad rules flag: {shown(word)}")
            changes[key] = _parse_value(raw, str(types[key]), key)
        return cls.preset(words[0], **changes)


def _format_value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _parse_value(raw: str, type_name: str, key: str) -> Any:
    if key == "allow_self_raise":
        if raw in ("yes", "no"):
            return raw == "yes"
        return raw  # checked by Rules itself
    if type_name == "bool":
        if raw in ("yes", "no"):
            return raw == "yes"
    elif type_name.startswith("int"):
        if raw == "none" and "None" in type_name:
            return None
        if raw.lstrip("-").isdigit():
            return int(raw)
    else:
        return raw
    raise RulesError(f"bad rules flag value: {key}={shown(raw)}")


AUSTRALIAN = Rules()
AMERICAN = Rules(
    deal_pattern="american",
    single_bidding_round=True,
    misere_rank="points",
    misere_requires_seven=False,
    defence_points_can_win=True,
)
_SEED = Rules(allow_self_raise="until_all_pass")

#: Named presets.  ``seed`` is the seed text's main rules (which imply a self-raise);
#: the ``seed_*`` presets are its five listed variations.
PRESETS: dict[str, Rules] = {
    "australian": AUSTRALIAN,
    "american": AMERICAN,
    "seed": _SEED,
    "seed_no_misere": _SEED.replace(misere_allowed=False),
    "seed_misere_any_time": _SEED.replace(misere_requires_seven=False),
    "seed_joker_last_trick": _SEED.replace(joker_lead="last_trick_only"),
    "seed_no_self_raise": _SEED.replace(allow_self_raise=False),
    "seed_490": _SEED.replace(defence_points_limit=490),
}
