"""Hand records: a whole hand as plain text, in the spirit of PBN.

A record is a list of ``key: value`` lines, in this order::

    rules: australian
    dealer: N
    N: 5S 9S JS 7C 10C 4D 8D QD 5H AH     <- each seat's hand as dealt, clockwise
    E: ...
    S: ...
    W: ...
    kitty: 6C 9D JK                      <- the kitty as dealt
    auction: PASS 7H PASS PASS PASS       <- every call, starting at the dealer's left
    discard: 5S 6S 4D                    <- the contractor's discards
    nominate: H                          <- only in no trumps / misère with the joker
    play: JH 5H 9H 10H | AS ...           <- cards in play order, '|' between tricks;
                                            'JK:H' leads the joker naming hearts
    result: 7H by S made with 8 tricks: N–S +200, E–W +20

Tokens: cards as in :mod:`fivehundred.cards`, bids as in
:mod:`fivehundred.bidding`, seats ``N E S W`` (see :mod:`fivehundred.seating`).
Two players add ``dead:``; five players add ``partner: NE`` or ``partner: call AH``.
Blank lines and lines starting with ``#`` are ignored.  Lines after the last
action may be missing: a record can stop in the middle of a hand.  The
``result`` line, if present, must match what replaying the hand gives.

>>> from fivehundred.round import Round
>>> r = Round.deal(seed=1)
>>> Round.from_record(r.record()).record() == r.record()
True
"""

from __future__ import annotations

from fivehundred.actions import CallCard, CallPartner, Discard, Nominate, Play
from fivehundred.bidding import Bid
from fivehundred.errors import NotationError, shown
from fivehundred.bounds import bounded_text
from fivehundred.i18n import N_
from fivehundred.limits import MAX_RECORD_CHARS
from fivehundred.round import Round
from fivehundred.rules import Rules
from fivehundred.seating import parse_seat, seat_name, seat_names, side_name

__all__ = ["write_record", "read_record", "result_line"]


def result_line(r: Round) -> str | None:
    """The ``result`` line's text for a finished hand (``None`` before the end)."""
    res = r.result
    if res is None:
        return None
    if res.contract is None:
        return "thrown in"
    assert res.contractor is not None and res.score is not None
    won = res.score.contractor_tricks
    outcome = "made" if res.score.made else "lost" if res.contract.is_misere else "set"
    points = ", ".join(
        f"{side_name(i, r.rules)} {'+' if p >= 0 else '−'}{abs(p)}" for i, p in enumerate(res.points_by_side)
    )
    return f"{res.contract} by {seat_name(res.contractor, r.players)} {outcome} with {won} tricks: {points}"


def write_record(r: Round) -> str:
    """Write ``r`` as record text."""
    n = r.players
    lines = [f"rules: {r.rules.to_text()}", f"dealer: {seat_name(r.dealer, n)}"]
    for seat, hand in enumerate(r.dealt_hands):
        lines.append(f"{seat_name(seat, n)}: {' '.join(map(str, hand))}")
    if r.dead_hand:
        lines.append(f"dead: {' '.join(map(str, r.dead_hand))}")
    lines.append(f"kitty: {' '.join(map(str, r.kitty))}")
    calls: list[str] = []
    plays: list[str] = []
    per_trick = len([s for s in range(n) if s not in r.sitting_out])
    rest: list[str] = []
    for action in r.history:
        if isinstance(action, Bid):
            calls.append(str(action))
        elif isinstance(action, Play):
            if plays and len([p for p in plays if p != "|"]) % per_trick == 0:
                plays.append("|")
            plays.append(str(action))
        elif isinstance(action, Discard):
            rest.append(f"discard: {' '.join(map(str, action.cards))}")
        elif isinstance(action, Nominate):
            rest.append(f"nominate: {action.suit.value if action.suit else 'none'}")
        elif isinstance(action, CallPartner):
            rest.append(f"partner: {' '.join(seat_name(s, n) for s in action.seats)}")
        elif isinstance(action, CallCard):
            rest.append(f"partner: call {action.card}")
    if calls:
        lines.append(f"auction: {' '.join(calls)}")
    partner_lines = [x for x in rest if x.startswith("partner")]
    lines.extend(x for x in rest if x.startswith("discard"))
    lines.extend(partner_lines)
    lines.extend(x for x in rest if x.startswith("nominate"))
    if plays:
        lines.append(f"play: {' '.join(plays)}")
    result = result_line(r)
    if result is not None:
        lines.append(f"result: {result}")
    return "\n".join(lines) + "\n"


_ORDER = ("rules", "dealer", "hands", "dead", "kitty", "auction", "discard", "partner", "nominate", "play", "result")


def read_record(text: str) -> Round:
    """Read record text and replay it.

    Raises:
        NotationError: a line does not parse, a key is unknown or repeated, or the result line disagrees.
        IllegalActionError: an action in the record is not legal at its point.
    """
    if not isinstance(text, str):
        raise NotationError(f"a record is text, not {type(text).__name__}")
    bounded_text(text, N_("a hand record"), MAX_RECORD_CHARS)
    fields: dict[str, str] = {}
    hands: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise NotationError(f"record line {number} is not 'key: value': {shown(raw)}")
        key = key.strip()
        if key.lower() in _ORDER:
            key = key.lower()
            if key in fields:
                raise NotationError(f"record line {number} repeats {shown(key)}")
            fields[key] = value.strip()
        else:
            hands[key.upper()] = value.strip()
    if "rules" not in fields or "dealer" not in fields or "kitty" not in fields:
        raise NotationError("a record needs rules, dealer, the hands and kitty lines")
    rules = Rules.from_text(fields["rules"])
    names = seat_names(rules.players)
    unknown = sorted(set(hands) - set(names))
    if unknown:
        raise NotationError(f"unknown record key or seat {shown(unknown[0])} (seats: {' '.join(names)})")
    missing = [name for name in names if name not in hands]
    if missing:
        raise NotationError(f"the record has no hand for seat {missing[0]}")
    r = Round.from_hands(
        [hands[name] for name in names],
        fields["kitty"],
        rules=rules,
        dealer=parse_seat(fields["dealer"], rules.players),
        dead=fields.get("dead", ""),
    )
    for call in fields.get("auction", "").split():
        r.apply(Bid.parse(call))
    if "discard" in fields:
        r.apply(Discard.parse(fields["discard"]))
    if "partner" in fields:
        value = fields["partner"]
        if value.lower().startswith("call"):
            r.apply(CallCard.parse(value))
        else:
            r.apply(CallPartner(tuple(sorted(parse_seat(w, rules.players) for w in value.split()))))
    if "nominate" in fields:
        r.apply(Nominate.parse(fields["nominate"]))
    for token in fields.get("play", "").split():
        if token != "|":
            r.apply(Play.parse(token))
    if "result" in fields:
        replayed = result_line(r)
        if replayed != fields["result"]:
            raise NotationError(f"the record's result {shown(fields['result'])} does not match the replay ({shown(replayed)})")
    return r

