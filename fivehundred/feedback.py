"""Why a learner's wrong answer is wrong: the engine's reasons for the exercise kit's first miss.

Each ``*_reasons`` function takes the facts of a question and returns the likely
wrong answers, each with what that answer would mean or what it counted wrongly,
so the first miss explains something specific to the answer (never only "is not
right").  The sentences never state the right answer.

>>> pack_size_reasons(3)[43]
'43 is the four-player pack. Three players use a smaller one: put away every card below the 7.'
>>> trump_count_reasons("C")[11]
'11 leaves out one trump. While clubs are trumps the joker and J♠ (the left bower) are trumps too.'
>>> bid_value_reasons("8D")[260]
'260 is what 8♣ is worth: count the strain steps above spades again (spades, clubs, diamonds, hearts, no trumps).'
>>> higher_bid_reason("7D", "7H")
'7♦ promises seven tricks, the same number as the other bid, so the strain decides: from low to high spades, clubs, diamonds, hearts, no trumps.'

This module is pure Python: no widgets, no IPython.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from fivehundred.bidding import Bid, ladder, ladder_index, outranks
from fivehundred.bidding_method import CONTEXTS, METHOD, Count, Method
from fivehundred.cards import Card, Suit, pack
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import DEFENCE_TRICK_VALUE, NUM_TRICKS, SLAM_VALUE, apply_defence_limit, score_hand
from fivehundred.text import cards as card_text
from fivehundred.text import points as pts
from fivehundred.trumps import effective_suit, is_left_bower, is_trump, trump_order

__all__ = [
    "pack_size_reasons",
    "suit_count_reasons",
    "trump_count_reasons",
    "held_trump_reasons",
    "bid_value_reasons",
    "tricks_needed_reasons",
    "defence_limit_reasons",
    "defender_score_reasons",
    "score_reasons",
    "score_miss",
    "higher_bid_reason",
    "misere_rung_hint",
    "in_pack_reason",
    "suit_reason",
    "value_reason",
    "subset_reason",
    "top_trump_reason",
    "top_trumps_rule",
    "count_reasons",
    "total_reasons",
]

_WORDS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six"}
_STRAINS = "spades, clubs, diamonds, hearts, no trumps"


def _suit(s: Suit | str) -> Suit:
    return s if isinstance(s, Suit) else Suit.parse(s)


def _add(out: dict[int, str], n: int, why: str, correct: int) -> None:
    """Keep the first reason for ``n``; never give one for the right answer."""
    if n != correct and n not in out:
        out[n] = why


def pack_size_reasons(players: int) -> dict[int, str]:
    """How many cards are in the pack for ``players``: the other packs, the hands alone, the joker forgotten."""
    correct = len(pack(players))
    out: dict[int, str] = {}
    for other in (4, 3, 5, 6):
        if other != players and len(pack(other)) != correct:
            _add(out, len(pack(other)), f"{len(pack(other))} is the {_WORDS[other].lower()}-player pack. "
                 f"{_WORDS[players]} players use a {'smaller' if len(pack(other)) > correct else 'bigger'} one: "
                 f"{_pack_rule(players)}.", correct)
    _add(out, correct - 1, f"{correct - 1} leaves out the joker, which is in every Five Hundred pack.", correct)
    _add(out, 52, "52 is the ordinary pack without the joker; Five Hundred changes it for the number of players.", correct)
    _add(out, players * 10, f"{players * 10} is only the players' hands: {players} × 10. Count the kitty's 3 cards too.", correct)
    return out


def _pack_rule(players: int) -> str:
    return {
        2: "put away every card below the 7",
        3: "put away every card below the 7",
        4: "put away the 2s and 3s, and the black 4s",
        5: "keep all 52 cards",
        6: "add 11s and 12s, and red 13s",
    }[players]


def suit_count_reasons(suit: Suit | str, players: int = 4) -> dict[int, str]:
    """How many cards of ``suit`` are in the pack: a full 52-card suit, the joker counted, a hand's worth."""
    s = _suit(suit)
    in_suit = [c for c in pack(players) if not c.is_joker and c.suit is s]
    correct = len(in_suit)
    lowest = min(in_suit, key=lambda c: c.rank.value)
    out: dict[int, str] = {}
    _add(out, 13, f"13 is a whole suit of the ordinary 52-card pack; this pack stops the {s.plural} at the "
         f"{lowest.rank.word}.", correct)
    _add(out, correct + 1, f"{correct + 1} counts one card too many: the joker belongs to no suit, and the "
         f"{s.plural} stop at the {lowest.rank.word}.", correct)
    _add(out, correct - 1, f"{correct - 1} is one short: count the picture cards and the 10 as well, from the ace "
         f"down to the {lowest.rank.word}.", correct)
    _add(out, 10, "10 is how many cards each player is dealt, not how many of one suit the pack holds.", correct)
    return out


def trump_count_reasons(trump: Suit | str, players: int = 4) -> dict[int, str]:
    """How many trumps the pack holds: the printed suit alone, the joker or left bower forgotten."""
    s = _suit(trump)
    order = trump_order(s, players)
    correct = len(order)
    printed = [c for c in pack(players) if not c.is_joker and c.suit is s]
    left = next(c for c in order if is_left_bower(c, s))
    out: dict[int, str] = {}
    _add(out, len(printed), f"{len(printed)} counts only the cards printed as {s.plural}. The joker and "
         f"{left.label} (the left bower) are trumps as well.", correct)
    _add(out, correct - 1, f"{correct - 1} leaves out one trump. While {s.plural} are trumps the joker and "
         f"{left.label} (the left bower) are trumps too.", correct)
    _add(out, 13, f"13 is a whole suit of the 52-card pack. This pack is shorter, and the joker and {left.label} "
         "join the trumps.", correct)
    _add(out, correct + 1, f"{correct + 1} is one too many: only one other jack, {left.label}, joins the trumps.", correct)
    return out


def held_trump_reasons(hand: Iterable[Card | str], trump: Suit | str) -> dict[int, str]:
    """How many trumps ``hand`` holds: the printed suit alone, the joker or the left bower left out, every card."""
    s = _suit(trump)
    held = [Card.parse(c) for c in hand]
    trumps = [c for c in held if is_trump(c, s)]
    correct = len(trumps)
    joker = any(c.is_joker for c in trumps)
    left = next((c for c in trumps if is_left_bower(c, s)), None)
    out: dict[int, str] = {}
    printed = [c for c in trumps if not c.is_joker and c.suit is s]
    extra = " and ".join(x for x in ("the joker" if joker else "", f"{left.label} (the left bower)" if left else "") if x)
    if extra:
        _add(out, len(printed), f"{len(printed)} counts only the cards printed as {s.plural}; {extra} "
             f"{'are' if joker and left else 'is'} trumps too.", correct)
    if joker:
        _add(out, correct - 1, f"{correct - 1} leaves out a trump: the joker is the highest trump.", correct)
    if left is not None:
        _add(out, correct - 1, f"{correct - 1} leaves out a trump: {left.label} is the left bower, a "
             f"{s.singular} while {s.plural} are trumps.", correct)
    same_colour = [c for c in held if not c.is_joker and c.suit is s.sibling and not is_left_bower(c, s)]
    if same_colour:
        _add(out, correct + len(same_colour), f"{correct + len(same_colour)} counts "
             f"{card_text(same_colour)} as trumps, but only the jack of the same colour joins the {s.plural}.", correct)
    _add(out, len(held), f"{len(held)} is every card in the hand; count only the trumps.", correct)
    _add(out, correct + 1, f"{correct + 1} is one too many: look again at which cards are {s.plural} "
         "(plus the joker and the left bower).", correct)
    return out


def _bid_value_reason(bid: Bid, other: Bid) -> str:
    v = other.points
    if other.is_misere:
        return f"{v} is what {other.words} is worth; {bid.label} is worked out from its tricks and strain."
    if other.tricks == bid.tricks:
        return (f"{v} is what {other.label} is worth: count the strain steps above spades again "
                f"({_STRAINS}).")
    if other.strain == bid.strain:
        return f"{v} is what {other.label} is worth: add 100 for each trick above six, and {bid.label} promises {_tricks_word(bid.tricks)}."
    return f"{v} is what {other.label} is worth, a different number of tricks and a different strain."


def _tricks_word(n: int) -> str:
    return {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}[n]


def bid_value_reasons(bid: Bid | str, rules: Rules = AUSTRALIAN) -> dict[int, str]:
    """What a bid is worth: each other bid's value says which bid it belongs to, and what was miscounted."""
    b = Bid.parse(bid)
    correct = b.points
    out: dict[int, str] = {}
    near = sorted((x for x in ladder(rules) if x.points != correct),
                  key=lambda x: (x.tricks != b.tricks and x.strain != b.strain, abs(ladder_index(x, rules) - ladder_index(b, rules))))
    for other in near:
        _add(out, other.points, _bid_value_reason(b, other), correct)
    return out


def bid_value_miss(bid: Bid | str, answer: int, rules: Rules = AUSTRALIAN) -> str:
    """The reason for any wrong value of ``bid``: whose value it is, or that no bid is worth it."""
    reasons = bid_value_reasons(bid, rules)
    if answer in reasons:
        return reasons[answer]
    return (f"No bid is worth {pts(answer)}: every value is 40, plus 20 for each strain step above spades, "
            "plus 100 for each trick above six.")


def tricks_needed_reasons(bid: Bid | str) -> dict[int, str]:
    """How many tricks a contract needs: its points, the defenders' allowance, all ten."""
    b = Bid.parse(bid)
    correct = b.tricks
    out: dict[int, str] = {}
    _add(out, b.points, f"{b.points} is what {b.label} is worth in points; the question asks for tricks.", correct)
    _add(out, NUM_TRICKS - correct, f"{NUM_TRICKS - correct} is how many tricks the defenders may take "
         "before the contract fails, not how many the contractors need.", correct)
    _add(out, NUM_TRICKS, "10 is every trick, a slam; a contract needs only the number of tricks it names.", correct)
    _add(out, 6, "6 is the smallest bid of all; the number in the bid is the number of tricks it promises.", correct)
    _add(out, correct + 1, f"{correct + 1} is one more than needed: the number in the bid is the number of tricks.", correct)
    _add(out, correct - 1, f"{correct - 1} is one short: the number in the bid is the number of tricks, all of them.", correct)
    return out


def defence_limit_reasons(before: int, gained: int, rules: Rules) -> dict[int, str]:
    """A side's score after defence points under a limit such as the 490 rule."""
    correct = apply_defence_limit(before, gained, rules)
    limit = rules.defence_points_limit
    out: dict[int, str] = {}
    _add(out, before + gained, f"{before + gained} is {before} + {gained} with no limit; at this table defence "
         f"points stop at {limit}.", correct)
    _add(out, before, f"{before} ignores the defence points, but they count until the side reaches {limit}.", correct)
    _add(out, gained, f"{gained} is only this hand's defence points; add them to the score before the hand.", correct)
    _add(out, 500, "500 would win the game, and defence points alone can never take a side out.", correct)
    return out


def defender_score_reasons(contract: Bid | str, contractor_tricks: int, defender_tricks: Iterable[int],
                           rules: Rules, defender: int = 0) -> dict[int, str]:
    """One defender's score when each defender scores alone (three-handed)."""
    tricks = tuple(defender_tricks)
    result = score_hand(contract, contractor_tricks, defender_tricks=tricks, rules=rules)
    correct = result.defenders[defender]
    out: dict[int, str] = {}
    both = DEFENCE_TRICK_VALUE * sum(tricks)
    _add(out, both, f"{both} is both defenders' tricks together; here each defender scores only the tricks "
         "they won themselves.", correct)
    for k, other in enumerate(result.defenders):
        if k != defender:
            _add(out, other, f"{other} is the other defender's score, for {tricks[k]} trick"
                 f"{'s' if tricks[k] != 1 else ''}.", correct)
    _add(out, result.contractors, f"{result.contractors} is what the contractor scores, not a defender.", correct)
    _add(out, tricks[defender], f"{tricks[defender]} is the number of tricks; each trick is worth "
         f"{DEFENCE_TRICK_VALUE} points to a defender.", correct)
    return out


def score_reasons(contract: Bid | str, contractor_tricks: int, side: str = "contractors",
                  rules: Rules = AUSTRALIAN) -> dict[int, str]:
    """A side's score for a hand: the likely wrong answers (wrong sign, slam, the other side, tricks as points)."""
    b = Bid.parse(contract)
    r = score_hand(b, contractor_tricks, rules=rules)
    correct = r.contractors if side == "contractors" else r.defenders[0]
    defence_tricks = NUM_TRICKS - contractor_tricks
    out: dict[int, str] = {}
    if side == "contractors":
        if correct:
            _add(out, -correct, f"{pts(-correct)} has the wrong sign: it is what the contractors would score if the "
                 f"contract had been {'lost' if correct > 0 else 'made'}.", correct)
        if r.slam:
            _add(out, b.points, f"{b.points} is the contract's own value, but the contractors won all 10 tricks: "
                 "look at what a slam scores.", correct)
        elif r.made and not b.is_misere and contractor_tricks == NUM_TRICKS:
            _add(out, SLAM_VALUE, f"{SLAM_VALUE} is the slam score, but only a contract worth less than "
                 f"{SLAM_VALUE} is raised to it; {b.label} is worth more.", correct)
        if r.made and not b.is_misere and contractor_tricks > b.tricks:
            extra = b.points + DEFENCE_TRICK_VALUE * (contractor_tricks - b.tricks)
            _add(out, extra, f"{extra} adds 10 for each extra trick; in Five Hundred a made contract scores just its "
                 "value, however many tricks over.", correct)
        _add(out, DEFENCE_TRICK_VALUE * contractor_tricks, f"{DEFENCE_TRICK_VALUE * contractor_tricks} is 10 a "
             "trick, which is how defenders score; the contractors score the contract's value.", correct)
        if b.is_misere:
            _add(out, 0, "0 would mean nothing happened, but a misère is always either won or lost: its value, "
                 "plus or minus.", correct)
        elif not r.made:
            _add(out, 0, "0 would mean a lost contract costs nothing, but it costs the contract's value.", correct)
    else:
        _add(out, r.contractors, f"{pts(r.contractors)} is the contractors' score; the question asks about the "
             "defenders.", correct)
        if b.is_misere or not rules.defence_trick_points:
            _add(out, DEFENCE_TRICK_VALUE * defence_tricks, f"{DEFENCE_TRICK_VALUE * defence_tricks} is 10 for each "
                 f"defenders' trick, but {'in misère' if b.is_misere else 'at this table'} the defenders score "
                 "nothing for their tricks.", correct)
        else:
            _add(out, defence_tricks, f"{defence_tricks} is the number of tricks the defenders took; each is "
                 f"worth {DEFENCE_TRICK_VALUE} points.", correct)
            _add(out, DEFENCE_TRICK_VALUE * contractor_tricks, f"{DEFENCE_TRICK_VALUE * contractor_tricks} counts "
                 "the contractors' tricks; the defenders score for their own.", correct)
            _add(out, -correct, f"{pts(-correct)} has the wrong sign: defenders never lose points for their tricks.",
                 correct)
            _add(out, 0, "0 would mean the defenders' tricks earn nothing, but each one scores 10, made contract "
                 "or not.", correct)
    return out


def score_miss(contract: Bid | str, contractor_tricks: int, answer: int, side: str = "contractors",
               rules: Rules = AUSTRALIAN) -> str:
    """The reason for any wrong score: the likely slips by name, otherwise how this hand is scored."""
    reasons = score_reasons(contract, contractor_tricks, side, rules)
    if answer in reasons:
        return reasons[answer]
    b = Bid.parse(contract)
    if side == "defenders":
        if b.is_misere:
            return f"{pts(answer)} can't be the defenders' score: in misère the defenders score nothing for tricks."
        return f"{pts(answer)} can't be the defenders' score: they score 10 for each trick they took, nothing else."
    if abs(answer) not in (b.points, SLAM_VALUE):
        return (f"{pts(answer)} can't be the contractors' score: they score the contract's value, {b.points}, "
                "plus or minus (a slam on a small contract scores 250).")
    return f"{pts(answer)} is not what this hand scores: did the contractors make their {b.tricks or 'no'} tricks?"


def higher_bid_reason(chosen: Bid | str, other: Bid | str, rules: Rules | None = None) -> str:
    """Why ``chosen`` is not the higher of two bids (it is the lower one), without naming the other bid."""
    c, o = Bid.parse(chosen), Bid.parse(other)
    if outranks(c, o, rules):
        raise ValueError(f"{c} is the higher bid")
    name = c.label[:1].upper() + c.label[1:]
    if c.is_misere or o.is_misere:
        if (rules or AUSTRALIAN).misere_rank == "points":
            return f"At this table misère bids sit on the ladder by their points, and {c.label} is worth {c.points}."
        if c.is_misere:
            lad = ladder(rules)
            below = lad[ladder_index(c, rules) - 1]
            return (f"{name} is worth {c.points} points, but points don't decide: {c.label} has its own rung on the "
                    f"ladder{', just above ' + below.label if below != o else ''}.")
        return (f"{name} is worth {c.points} points, but points don't decide: a misère bid has its own rung on the "
                "ladder, and that rung is what you compare.")
    if c.tricks == o.tricks:
        return (f"{name} promises {_tricks_word(c.tricks)} tricks, the same number as the other bid, so the strain "
                f"decides: from low to high {_STRAINS}.")
    return (f"{name} promises only {_tricks_word(c.tricks)} tricks: the number of tricks decides first, whatever the "
            "strain.")


def misere_rung_hint(misere: Bid | str, rules: Rules | None = None) -> str:
    """Where a misère bid sits on the ladder, to compare it with another bid."""
    m = Bid.parse(misere)
    lad = ladder(rules)
    i = ladder_index(m, rules)
    how = "by its points" if (rules or AUSTRALIAN).misere_rank == "points" else "on its own rung, not by its points"
    return f"{m.label[:1].upper() + m.label[1:]} sits {how}: just above {lad[i - 1].label} and just below {lad[i + 1].label}."


def in_pack_reason(card: Card | str, players: int = 4) -> str:
    """Why ``card`` is (or is not) in the pack for ``players``."""
    c = Card.parse(card)
    inside = c in pack(players)
    if c.is_joker:
        return "The joker is in every Five Hundred pack."
    colour = "red" if c.suit in (Suit.HEARTS, Suit.DIAMONDS) else "black"
    return (f"{c.label} is {'in' if inside else 'not in'} the {players}-player pack: {_pack_rule(players)}"
            f"{'' if players != 4 else f' (the {colour} suits stop at the ' + ('4' if colour == 'red' else '5') + ')'}.")


def suit_reason(card: Card | str, trump: Suit | str | None, wanted: Suit | str) -> str:
    """Why ``card`` is not one of the ``wanted`` suit (the bowers and the joker change suit)."""
    c = Card.parse(card)
    s = _suit(wanted)
    t = _suit(trump) if trump is not None else None
    if c.is_joker:
        return "The joker is not a " + s.singular + (": it is the highest trump." if t is not None else ".")
    eff = effective_suit(c, t)
    if t is not None and is_left_bower(c, t):
        return f"{c.label} is not a {s.singular}: it is the left bower, a {t.singular} while {t.plural} are trumps."
    return f"{c.label} is a {eff.singular if eff else 'card of no suit'}, not a {s.singular}."


def value_reason(card: Card | str, values: Mapping[Card, int], who: str, verb: str = "Leading",
                 best: str = "max") -> str:
    """A card that is not among the best by solver value: what it gives ``who`` and what the best give."""
    c = Card.parse(card)
    target = max(values.values()) if best == "max" else min(values.values())
    mine = values[c]
    return (f"{verb} {c.label} gives {who} {mine} trick{'s' if mine != 1 else ''} with best play by everyone; "
            f"the best cards here give {target}.")


def subset_reason(picked: Iterable[Card | str], rule: str) -> str:
    """Right cards, but not all of them: which rule lets more cards in."""
    p = [Card.parse(c) for c in picked]
    return f"{card_text(p)} {'is' if len(p) == 1 else 'are'} right, but you have left out at least one more: {rule}"


_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def top_trumps_rule(trump: Suit | str) -> str:
    """What lesson 14's count calls a top trump, in words."""
    s = _suit(trump)
    return f"the joker, both bowers and the ace of {s.plural} each count as a top trump (the ones you hold)."


def top_trump_reason(card: Card | str, trump: Suit | str) -> str:
    """Why ``card`` is not one of the top trumps the method counts."""
    c = Card.parse(card)
    s = _suit(trump)
    if not is_trump(c, s):
        side = effective_suit(c, s)
        what = f": it is a {side.singular}, a side suit" if side is not None else ""
        return f"{c.label} is not a trump at all while {s.plural} are trumps{what}."
    return (f"{c.label} is a trump, but not a top trump: only the joker, the two bowers and the ace count one trick each "
            f"on their own; a lower trump like {c.label} counts only for length.")


def _tricks(n: int) -> str:
    return f"{n} trick{'s' if n != 1 else ''}"


def count_reasons(count: Count, method: Method = METHOD) -> dict[int, str]:
    """The likely wrong answers to "count this hand's tricks in the strain" (the method's step 1): every trump
    counted, length or the side winners left out, partner and the kitty added, the top trumps counted twice."""
    correct = count.in_hand
    tops, side, length = len(count.tops), len(count.side), count.length
    past = _ORDINAL.get(method.length_from, f"{method.length_from}th")
    out: dict[int, str] = {}
    _add(out, count.total, f"{count.total} adds partner and the kitty; this question counts only the cards in the hand.",
         correct)
    if count.strain.suit is not None:
        _add(out, count.trumps + side, f"{count.trumps + side} counts every trump as a trick. The top trumps count one "
             f"each, and after that only each trump beyond the {past} adds one for length.", correct)
        _add(out, tops + count.trumps + side,
             f"{tops + count.trumps + side} counts the top trumps twice: once as top trumps and again among the trumps "
             "for length.", correct)
        if length:
            _add(out, tops + side, f"{tops + side} leaves out length: each trump beyond the {past} counts one more trick.",
                 correct)
        _add(out, count.trumps, f"{count.trumps} is how many trumps the hand holds; the count adds the top trumps, "
             "length and the side winners.", correct)
    if side:
        _add(out, tops + length, f"{tops + length} leaves out the side winners: an ace outside the trumps counts one "
             "trick, and a king beside its ace one more.", correct)
    _add(out, correct + 1, f"{correct + 1} is one too many: check each piece again (top trumps, length, side winners).",
         correct)
    _add(out, correct - 1, f"{correct - 1} is one short: check each piece again (top trumps, length, side winners).",
         correct)
    return out


def total_reasons(count: Count, method: Method = METHOD) -> dict[int, str]:
    """The likely wrong answers to "add partner and the kitty" (the method's step 2): the hand's count alone,
    or an allowance for an auction other than this one."""
    correct = count.total
    out: dict[int, str] = {}
    _add(out, count.in_hand, f"{count.in_hand} is the hand's own count ({_tricks(count.in_hand)}); now add what "
         f"partner and the kitty are worth when {CONTEXTS[count.context]}.", correct)
    for context, allowance in method.allowance.items():
        if context != count.context and allowance != count.allowance:
            _add(out, count.in_hand + allowance, f"{count.in_hand + allowance} adds {allowance}, what partner and the "
                 f"kitty are worth when {CONTEXTS[context]}; here {CONTEXTS[count.context]}.", correct)
    _add(out, NUM_TRICKS, "10 is every trick; add only what partner and the kitty are likely to bring.", correct)
    _add(out, correct + 1, f"{correct + 1} adds one too many for partner and the kitty.", correct)
    _add(out, correct - 1, f"{correct - 1} adds one too few for partner and the kitty.", correct)
    return out
