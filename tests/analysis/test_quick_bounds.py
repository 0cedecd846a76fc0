"""The search core's sure-trick bounds at the root (``_Search.quick``) against brute force, in no trumps.

``quick(ch, ac, leader, left, need)`` returns ``(lo, hi)``: side A (the contracting side) takes at
least ``lo`` and at most ``hi`` of the ``left`` tricks still to play.  The search stores both in its
transposition table and stops at a position as soon as ``lo >= need`` or ``hi < need``, so each must
hold for every ``need`` (the costlier bounds are tried only when they could answer the test for
``need``).  Here every root bound, for every ``need``, is checked against the value a plain minimax
over every legal play finds (written here on the round's public play API, no solver code), on
4-5-trick no-trump endings with and without the joker: hand-made ones that reach each bound of
issue #24 item 2 (a long suit counted in full once no other seat is longer than the cashing seat's
top cards; the partner-entry bound, where the leader first cashes and the partner discards spare
cards; the other side's sure tricks when it holds the top card of every suit the leader can lead),
and seeded random ones (endings dealt from two to four suits so that long suits and voids are
common, the joker placed where the joker clauses matter, and endings of random play at 3, 4 and 5
players).  The bounds are compared on both paths: the compiled core (when built) and the pure one.

Each bound was broken on purpose against these tests (the long suit counted with another seat longer, or
one card longer; the partner's entry suit, or a suit where it holds a top card, counted as spare; the
pre-cash's length rule without its condition, the extra rounds without the spare cards or without the
partner's length; the other side's tricks with the leader's partner's joker ignored, with the top card of
only some of the leader's suits, with its own joker counted twice, or with the leader's side as holder):
every break fails here.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from functools import cache

import pytest

from fivehundred import PRESETS, Round, Rules
from fivehundred.analysis import solver as S
from fivehundred.analysis.endings import random_ending
from fivehundred.cards import pack

RULES = PRESETS["australian"]
PACK = [str(c) for c in pack(4)]
RANK = {c: i for i, c in enumerate(PACK)}  # within a suit the pack runs low to high (no trumps: no bowers)


def _suit(card: str) -> str:
    return card[-1]


# ---------------------------------------------------------------------- endings
class NoHistory(Exception):
    """No legal earlier tricks were found that lead to the ending (some, such as three seats holding every
    suit at the end, have none: every earlier trick then takes three cards of the suit led)."""


def ending(hands: list[str], leader: int, contractor: int = 0, seed: int = 0) -> Round:
    """A four-player 7NT round with ``hands`` (k cards each, by seat) left and ``leader`` on lead.

    The deal and the first 10 - k tricks are made up to fit: a small seeded search over the cards left
    plays each earlier trick legally (a seat follows suit while it holds the suit led, in its ending
    too), so that the last of them goes to ``leader``; the three cards no one plays (the joker among
    them if no hand holds it) are the kitty, which the contractor takes and discards again.
    """
    final = [h.split() for h in hands]
    k = len(final[0])
    m = 10 - k
    used = {c for h in final for c in h}
    assert len(used) == 4 * k and all(len(h) == k for h in final) and used <= set(PACK), hands
    kept = ["JK"] if "JK" not in used else []
    pool0 = [c for c in PACK if c not in used and c != "JK"]
    held = [{_suit(c) for c in h} for h in final]
    rng = random.Random(seed)
    budget = [0]

    def tricks(pool: list[str], void: list[set[str]], lead: int, done: int, plays: list[dict[int, str]]) -> list[dict[int, str]] | None:
        if done == m:
            return plays if lead == leader and len(pool) + len(kept) == 3 else None
        budget[0] -= 1
        if budget[0] < 0:
            return None
        seats = [(lead + i) % 4 for i in range(4)]
        suits = sorted({_suit(c) for c in pool if _suit(c) not in void[lead]})
        rng.shuffle(suits)
        for s in suits:
            for _ in range(3):
                trick: dict[int, str] = {}
                rest = list(pool)
                nv = [set(v) for v in void]  # the suits a seat has shown out of (it may hold none of them later)
                ok = True
                for i, x in enumerate(seats):
                    follow = [c for c in rest if _suit(c) == s] if s not in nv[x] else []
                    if follow and (i == 0 or s in held[x] or rng.random() < 0.85):
                        c = rng.choice(follow)
                    else:
                        if i == 0 or s in held[x]:
                            ok = False
                            break
                        nv[x].add(s)
                        other = [c for c in rest if _suit(c) != s and _suit(c) not in nv[x]]
                        if not other:
                            ok = False
                            break
                        c = rng.choice(other)
                    trick[x] = c
                    rest.remove(c)
                if ok:
                    win = max((x for x in seats if _suit(trick[x]) == s), key=lambda x: RANK[trick[x]])
                    got = tricks(rest, nv, win, done + 1, [*plays, trick])
                    if got is not None:
                        return got
        return None

    for _ in range(30):
        budget[0] = 400
        found = tricks(pool0, [set() for _ in range(4)], contractor, 0, [])
        if found is not None:
            break
    else:
        raise NoHistory(f"no earlier tricks found for {hands}")
    filler = [[t[x] for t in found] for x in range(4)]
    kitty = kept + [c for c in pool0 if all(c not in f for f in filler)]
    deal = [" ".join(filler[x] + final[x]) for x in range(4)]
    r = Round.from_hands(deal, " ".join(kitty), rules=RULES, dealer=(contractor - 1) % 4)
    r.apply("7NT")
    for _ in range(3):
        r.apply("PASS")
    r.apply("discard " + " ".join(kitty))
    if r.phase.value == "nomination":
        r.nominate(None)  # the joker stays free
    for t in found:
        for _ in range(4):
            assert r.to_act is not None
            r.play(t[r.to_act])
    assert r.to_act == leader and r.current_trick is None and len(r.tricks) == m
    assert [sorted(str(c) for c in r.hand(x)) for x in range(4)] == [sorted(h) for h in final]
    return r


def _random_hands(rng: random.Random, k: int, joker_at: Callable[[int], int] | None = None) -> tuple[list[str], int]:
    """Seeded ending hands (k cards a seat) and a leader: from two to four suits (long suits and voids are
    common), the joker in half of them, or always and at the seat ``joker_at(leader)``."""
    suits = rng.sample("SCDH", rng.choice((2, 3, 3, 4)))
    cards = [c for c in PACK if c != "JK" and _suit(c) in suits]
    joker = joker_at is not None or rng.random() < 0.5
    chosen = rng.sample(cards, 4 * k - joker) + ["JK"] * joker
    rng.shuffle(chosen)
    hands = [chosen[i * k:(i + 1) * k] for i in range(4)]
    leader = rng.randrange(4)
    if joker_at is not None:
        to = joker_at(leader)
        at = next(i for i in range(4) if "JK" in hands[i])
        j = rng.randrange(k)
        hands[at][hands[at].index("JK")], hands[to][j] = hands[to][j], "JK"
    return [" ".join(h) for h in hands], leader


# ---------------------------------------------------------------------- brute force and the root bounds
def brute(r: Round) -> int:
    """Side A's tricks from here with best play: minimax over every legal play (the round's public API).

    Trick-boundary positions are remembered; a search stops early only at the most (or the least) its
    side can take, so the value is exact.
    """
    side = set(r.contracting_seats())
    seats = range(r.players)
    memo: dict[tuple[object, ...], int] = {}

    def won() -> int:
        return sum(r.tricks_won[s] for s in side)

    def best(left: int) -> int:
        if r.is_over:
            return 0
        key: tuple[object, ...] | None = None
        if r.current_trick is None:
            key = (tuple(r.hand(s) for s in seats), r.suits_led, r.to_act)
            if key in memo:
                return memo[key]
            left = 10 - len(r.tricks)
        maxing = r.to_act in side
        v = -1 if maxing else left + 1
        for a in r.legal_action_ids():
            w = won()
            r.apply_legal_id(a)
            x = won() - w + best(left)
            r.undo()
            if maxing and x > v:
                v = x
                if v == left:
                    break
            elif not maxing and x < v:
                v = x
                if v == 0:
                    break
        if key is not None:
            memo[key] = v
        return v

    return best(10 - len(r.tricks))


def root_bounds(r: Round) -> list[tuple[int, int]]:
    """``quick()``'s ``(lo, hi)`` at ``r`` (a trick boundary) for need = 1 .. left, on the core in use."""
    s = S.Solver.from_round(r)
    search = s._boundary.__self__  # type: ignore[attr-defined]
    st = s._state
    hands = [0] * len(s._order)
    for seat, i in s._pos_of.items():
        h = st.hands[seat]
        while h:
            low = h & -h
            hands[i] |= s._bit_of[low.bit_length() - 1]
            h ^= low
    ch = S._compress(hands, sum(hands), s._B)
    ac = 0
    for h in ch:
        ac |= h
    left = st.left
    leader = s._pos_of[st.to_act]
    out: list[tuple[int, int]] = []
    for need in range(1, left + 1):
        lo, hi = search.quick(tuple(ch), ac, leader, left, need)
        out.append((lo, hi))
    return out


def bounds_on_both_paths(r: Round, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The root bounds on the pure core, and the same on the compiled core when it is built and current."""
    monkeypatch.setenv(S.PURE_ENV, "1")
    pure = root_bounds(r)
    monkeypatch.delenv(S.PURE_ENV)
    if S.core_compiled():
        assert root_bounds(r) == pure, r.record()
    elif os.environ.get("FIVEHUNDRED_REQUIRE_COMPILED", "") not in ("", "0"):
        pytest.fail("FIVEHUNDRED_REQUIRE_COMPILED is set but the search core is not compiled (or is stale)")
    return pure


def check(r: Round, monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[tuple[int, int]]]:
    v = brute(r)
    bounds = bounds_on_both_paths(r, monkeypatch)
    for need, (lo, hi) in enumerate(bounds, 1):
        assert lo <= v <= hi, (need, lo, hi, v, r.record())
    return v, bounds


# ---------------------------------------------------------------------- hand-made endings
# (hands by seat, leader, contractor, the value, the bound quick() must reach: ("lo", n) or ("hi", n) for
# the best lower or upper bound over every need); side A is the contractor and the seat opposite.
HAND_MADE = {
    # (a) North cashes AK of spades and then the 7 and 6: no one else holds more than two spades
    "long suit": (["AS KS 7S 6S", "QS JS 5C 6C", "4D 5D 6D 7D", "4H 5H 6H 7H"], 0, 0, 4, ("lo", 4)),
    # (a) the same, but East has three spades to the queen: North takes only AK
    "long suit, East longer": (["AS KS 7S 6S", "QS JS 10S 5C", "4D 5D 6D 7D", "4H 5H 6H 7H"], 0, 0, 2, ("lo", 2)),
    # (a) East's joker may fall on the third spade: the length does not count past its two spades
    "long suit, East's joker": (["AS KS 7S 6S", "QS JS JK 5C", "4D 5D 6D 7D", "4H 5H 6H 7H"], 0, 0, 2, ("lo", 2)),
    # (a) for the defence: East (leader, side B) runs five clubs against North-South's two
    "long suit, five tricks": (
        ["4D 5D 6D 7D 8D", "AC KC QC 5C 6C", "JC 10C 9C 4H 5H", "6H 7H 8H 9H 10H"], 1, 0, 0, ("hi", 0)
    ),
    # (b) North cashes the ace of hearts (South discards its spare diamond), then the 5 of clubs to South's
    # AK8 of clubs, counted in full (no one else has more than two clubs): all four tricks
    "partner entry, spare discard": (["AH KH QH 5C", "6C 7C 6D 7D", "AC KC 8C 5D", "9C 4H 5H 6H"], 0, 0, 4, ("lo", 4)),
    # (b) North's spades run (no other seat has more than two) while South discards two diamonds, then a
    # club to South's ace
    "partner entry, leader's long suit": (["AS KS 6S 5C", "QS JS 6D 7D", "7S AC 4D 5D", "6C 7C 8C 9C"], 0, 0, 4, ("lo", 4)),
    # (b) as before but South has no spare card (its other cards are the entry suit's): South may not
    # throw its clubs, so North cashes one heart only before the entry
    "partner entry, no spare": (["AH KH QH 5C", "6C 7C 6D 7D", "AC KC QC 8C", "9C 4H 5H 6H"], 0, 0, 4, ("lo", 4)),
    # (b) East holds the joker and two hearts: North cashes two hearts (a third, East could play the joker
    # on) while South throws a diamond, then the 5 of clubs to South's ace
    "partner entry, East's joker": (["AH KH QH 5C", "JK 6H 7H 8C", "AC 10C 4D 5D", "6C 7C 9C 8D"], 0, 0, 3, ("lo", 3)),
    # (c) North (leader, side A) holds low spades and hearts; East and West hold the top of each: whatever
    # North leads, they win it and cash four
    "other side's tops": (["5S 6S 5H 6H", "AS KS QS JS", "4D 5D 6D 7D", "AH KH QH JH"], 0, 0, 0, ("hi", 0)),
    # (c) East's ace of spades and the joker: two sure tricks for East-West whatever North leads
    "other side's tops, its joker": (["5S 6S 7S 8S", "AS JK 5H 6H", "AH KH QH JH", "5C 6C 7C 8C"], 0, 0, 2, ("hi", 2)),
    # (c) the joker with West while East holds the top spades: a trick more for East-West on East's cash
    "other side's tops, partner's joker": (["5S 6S 5H 6H", "AS KS 4D 5D", "7C 8C 9C 10C", "AH KH JK 6D"], 0, 0, 0, ("hi", 1)),
    # (c) South (North's partner) holds the joker and no spade: it may win the spade lead, so no bound
    "leader's partner's joker": (["5S 6S 7S 8S", "AS KS QS JS", "JK AD KD QD", "5C 6C 7C 8C"], 0, 0, 4, ("lo", 1)),
    # (c) for the defence: East (side B) leads into North-South's tops, and they cash three
    "other side's tops, side B leads": (["AS KS QS 4D", "5S 6S 7S 5C", "AC KC QC 5D", "8C 9C 10C 6D"], 1, 0, 3, ("lo", 3)),
}


@pytest.mark.parametrize("name", list(HAND_MADE))
def test_hand_made_endings_reach_each_bound_and_stay_below_brute_force(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    hands, leader, contractor, value, (kind, reach) = HAND_MADE[name]
    r = ending(hands, leader, contractor)
    v, bounds = check(r, monkeypatch)
    assert v == value
    if kind == "lo":
        assert max(lo for lo, _ in bounds) == reach, bounds
    else:
        assert min(hi for _, hi in bounds) == reach, bounds


# ---------------------------------------------------------------------- seeded random endings
def _seat_after(d: int) -> Callable[[int], int]:
    return lambda leader: (leader + d) % 4


@cache
def _random_endings() -> list[tuple[str, Round]]:
    out: list[tuple[str, Round]] = []

    def dealt(seed: int, k: int, joker_at: Callable[[int], int] | None = None) -> Round:
        rng = random.Random(seed)
        while True:
            hands, leader = _random_hands(rng, k, joker_at)
            try:
                return ending(hands, leader, rng.randrange(4), seed)
            except NoHistory:
                continue

    for seed in range(140):  # dealt endings of four tricks, one in twenty with five
        out.append((f"dealt {seed}", dealt(seed, 5 if seed % 20 == 0 else 4)))
    for seed in range(60):  # the joker with the leader's partner or next to it: the bounds' joker clauses
        out.append((f"joker {seed}", dealt(1000 + seed, 4, _seat_after(1 + seed % 3))))
    # endings of random play, 3 to 5 players; at five, seeds 327 and 594 (found by a search over seeds) lead
    # into the other side's top card where the leader's partner holds the joker and may win the trick with it
    # (then the other side's seat that holds the top card need never be on lead)
    played: list[tuple[Rules, int, list[int]]] = [
        (RULES, 4, list(range(60))),
        (RULES.replace(players=3), 5, list(range(30))),
        (RULES.replace(players=5), 4, [*range(8), 327, 594]),
    ]
    for rules, k, seeds in played:
        for seed in seeds:
            contract = ("7NT", "8NT", "9NT")[seed % 3]
            out.append((f"{rules.players}p {seed}", random_ending(rules, seed=seed, tricks_left=k, contract=contract, mid_trick=0)))
    return out


def test_root_bounds_never_cross_brute_force_on_seeded_endings(monkeypatch: pytest.MonkeyPatch) -> None:
    settled = 0
    for _name, r in _random_endings():
        v, bounds = check(r, monkeypatch)
        left = 10 - len(r.tricks)
        settled += max(lo for lo, _ in bounds) == v or min(hi for _, hi in bounds) == v < left
    assert settled > 100  # the bounds often settle the value at the root, so the checks bite
