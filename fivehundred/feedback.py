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

Every sentence is in the kernel's language (:func:`fivehundred.i18n.use`); the examples are the English.

This module is pure Python: no widgets, no IPython.
"""

from __future__ import annotations

from typing import Iterable, Mapping

from fivehundred import reasons as refusal  # (``reasons`` names a question's wrong-answer reasons here)
from fivehundred.bidding import Bid, BidKind, ladder, ladder_index, outranks
from fivehundred.bidding_method import METHOD, Count, Method, context_words
from fivehundred.cards import Card, Rank, Suit, pack
from fivehundred.errors import IllegalBidError, shown
from fivehundred.i18n import gettext as _
from fivehundred.i18n import ngettext, pgettext
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import DEFENCE_TRICK_VALUE, NUM_TRICKS, SLAM_VALUE, apply_defence_limit, score_hand
from fivehundred.text import bid as bid_words
from fivehundred.text import bid_label, bid_number, listing
from fivehundred.text import strain as strain_words
from fivehundred.text import cards as card_text
from fivehundred.text import points as pts
from fivehundred.text import rank as rank_words
from fivehundred.text import suit as suit_words
from fivehundred.trumps import effective_suit, is_left_bower, is_trump, trump_order

__all__ = [
    "explain_outranks",
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

def _suit(s: Suit | str) -> Suit:
    return s if isinstance(s, Suit) else Suit.parse(s)


def _plural(s: Suit) -> str:
    return suit_words(s)


def _singular(s: Suit) -> str:
    return suit_words(s, singular=True)


def _players_word(n: int) -> str:
    """A number of players inside "the four-player pack"."""
    # Translators: a number of players as in "43 is the four-player pack"
    return {
        2: pgettext("players, as in the four-player pack", "two"),
        3: pgettext("players, as in the four-player pack", "three"),
        4: pgettext("players, as in the four-player pack", "four"),
        5: pgettext("players, as in the four-player pack", "five"),
        6: pgettext("players, as in the four-player pack", "six"),
    }[n]


def _players_start(n: int) -> str:
    """A number of players starting a sentence: "Three" (players use a smaller one)."""
    # Translators: a number of players starting a sentence, as in "Three players use a smaller one"
    return {
        2: pgettext("players, starting a sentence", "Two"),
        3: pgettext("players, starting a sentence", "Three"),
        4: pgettext("players, starting a sentence", "Four"),
        5: pgettext("players, starting a sentence", "Five"),
        6: pgettext("players, starting a sentence", "Six"),
    }[n]


def _rank(r: Rank) -> str:
    """The lowest rank of a suit in words: "the seven" in "the hearts stop at the seven"."""
    return rank_words(r)


def _strains() -> str:
    return _("spades, clubs, diamonds, hearts, no trumps")


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
            if len(pack(other)) > correct:
                # Translators: {other} is a number of players ("four"), {players} another ("Three"), {rule} what they do ("put away every card below the 7")
                why = _("{n} is the {other}-player pack. {players} players use a smaller one: {rule}.")
            else:
                why = _("{n} is the {other}-player pack. {players} players use a bigger one: {rule}.")
            _add(out, len(pack(other)), why.format(n=len(pack(other)), other=_players_word(other),
                                                    players=_players_start(players), rule=_pack_rule(players)), correct)
    _add(out, correct - 1, _("{n} leaves out the joker, which is in every Five Hundred pack.").format(n=correct - 1), correct)
    _add(out, 52, _("52 is the ordinary pack without the joker; Five Hundred changes it for the number of players."), correct)
    _add(out, players * 10, _("{n} is only the players' hands: {players} × 10. Count the kitty's 3 cards too.").format(
        n=players * 10, players=players), correct)
    return out


def _pack_rule(players: int) -> str:
    return {
        2: _("put away every card below the 7"),
        3: _("put away every card below the 7"),
        4: _("put away the 2s and 3s, and the black 4s"),
        5: _("keep all 52 cards"),
        6: _("add 11s and 12s, and red 13s"),
    }[players]


def suit_count_reasons(suit: Suit | str, players: int = 4) -> dict[int, str]:
    """How many cards of ``suit`` are in the pack: a full 52-card suit, the joker counted, a hand's worth."""
    s = _suit(suit)
    in_suit = [c for c in pack(players) if not c.is_joker and c.suit is s]
    correct = len(in_suit)
    lowest = _rank(min(in_suit, key=lambda c: c.rank.value).rank)
    out: dict[int, str] = {}
    # Translators: {suit} is a suit ("hearts"), {rank} its lowest card in this pack ("seven")
    _add(out, 13, _("13 is a whole suit of the ordinary 52-card pack; this pack stops the {suit} at the {rank}.").format(
        suit=_plural(s), rank=lowest), correct)
    _add(out, correct + 1, _("{n} counts one card too many: the joker belongs to no suit, and the {suit} stop at the {rank}.")
         .format(n=correct + 1, suit=_plural(s), rank=lowest), correct)
    _add(out, correct - 1, _("{n} is one short: count the picture cards and the 10 as well, from the ace down to the {rank}.")
         .format(n=correct - 1, rank=lowest), correct)
    _add(out, 10, _("10 is how many cards each player is dealt, not how many of one suit the pack holds."), correct)
    return out


def trump_count_reasons(trump: Suit | str, players: int = 4) -> dict[int, str]:
    """How many trumps the pack holds: the printed suit alone, the joker or left bower forgotten."""
    s = _suit(trump)
    order = trump_order(s, players)
    correct = len(order)
    printed = [c for c in pack(players) if not c.is_joker and c.suit is s]
    left = next(c for c in order if is_left_bower(c, s)).label
    out: dict[int, str] = {}
    # Translators: {suit} is the trump suit ("clubs"), {card} the left bower ("J♠")
    _add(out, len(printed), _("{n} counts only the cards printed as {suit}. The joker and {card} (the left bower) are "
                              "trumps as well.").format(n=len(printed), suit=_plural(s), card=left), correct)
    _add(out, correct - 1, _("{n} leaves out one trump. While {suit} are trumps the joker and {card} (the left bower) are "
                             "trumps too.").format(n=correct - 1, suit=_plural(s), card=left), correct)
    _add(out, 13, _("13 is a whole suit of the 52-card pack. This pack is shorter, and the joker and {card} join the "
                    "trumps.").format(card=left), correct)
    _add(out, correct + 1, _("{n} is one too many: only one other jack, {card}, joins the trumps.").format(
        n=correct + 1, card=left), correct)
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
    pieces = ([_("the joker")] if joker else []) + ([_("{card} (the left bower)").format(card=left.label)] if left else [])
    if pieces:
        # Translators: {suit} is the trump suit; {extra} is "the joker", "J♠ (the left bower)" or both
        why = (_("{n} counts only the cards printed as {suit}; {extra} are trumps too.") if joker and left
               else _("{n} counts only the cards printed as {suit}; {extra} is trumps too."))
        _add(out, len(printed), why.format(n=len(printed), suit=_plural(s), extra=listing(pieces)), correct)
    if joker:
        _add(out, correct - 1, _("{n} leaves out a trump: the joker is the highest trump.").format(n=correct - 1), correct)
    if left is not None:
        # Translators: {card} is the left bower ("J♠"), {suit_one} one card's suit ("club"), {suit} the trumps ("clubs")
        _add(out, correct - 1, _("{n} leaves out a trump: {card} is the left bower, a {suit_one} while {suit} are trumps.")
             .format(n=correct - 1, card=left.label, suit_one=_singular(s), suit=_plural(s)), correct)
    same_colour = [c for c in held if not c.is_joker and c.suit is s.sibling and not is_left_bower(c, s)]
    if same_colour:
        n = correct + len(same_colour)
        _add(out, n, _("{n} counts {cards} as trumps, but only the jack of the same colour joins the {suit}.").format(
            n=n, cards=card_text(same_colour), suit=_plural(s)), correct)
    _add(out, len(held), _("{n} is every card in the hand; count only the trumps.").format(n=len(held)), correct)
    _add(out, correct + 1, _("{n} is one too many: look again at which cards are {suit} (plus the joker and the left "
                             "bower).").format(n=correct + 1, suit=_plural(s)), correct)
    return out


def _bid_value_reason(bid: Bid, other: Bid) -> str:
    v = other.points
    if other.is_misere:
        # Translators: {n} is a number of points, {other} a bid in words ("misère"), {bid} a bid ("8♦")
        return _("{n} is what {other} is worth; {bid} is worked out from its tricks and strain.").format(
            n=v, other=bid_words(other), bid=bid_label(bid))
    if other.tricks == bid.tricks:
        # Translators: {strains} is the strains from low to high ("spades, clubs, diamonds, hearts, no trumps")
        return _("{n} is what {other} is worth: count the strain steps above spades again ({strains}).").format(
            n=v, other=bid_label(other), strains=_strains())
    if other.strain == bid.strain:
        # Translators: {tricks} is a number of tricks in words ("eight")
        return _("{n} is what {other} is worth: add 100 for each trick above six, and {bid} promises {tricks}.").format(
            n=v, other=bid_label(other), bid=bid_label(bid), tricks=_tricks_word(bid.tricks))
    return _("{n} is what {other} is worth, a different number of tricks and a different strain.").format(
        n=v, other=bid_label(other))


def _tricks_word(n: int) -> str:
    # Translators: a number of tricks in words, as in "8♦ promises eight tricks"
    return {
        6: pgettext("number of tricks", "six"),
        7: pgettext("number of tricks", "seven"),
        8: pgettext("number of tricks", "eight"),
        9: pgettext("number of tricks", "nine"),
        10: pgettext("number of tricks", "ten"),
    }[n]


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
    return _("No bid is worth {points}: every value is 40, plus 20 for each strain step above spades, "
             "plus 100 for each trick above six.").format(points=pts(answer))


def tricks_needed_reasons(bid: Bid | str) -> dict[int, str]:
    """How many tricks a contract needs: its points, the defenders' allowance, all ten."""
    b = Bid.parse(bid)
    correct = b.tricks
    out: dict[int, str] = {}
    _add(out, b.points, _("{n} is what {bid} is worth in points; the question asks for tricks.").format(
        n=b.points, bid=bid_label(b)), correct)
    _add(out, NUM_TRICKS - correct, _("{n} is how many tricks the defenders may take before the contract fails, not how "
                                      "many the contractors need.").format(n=NUM_TRICKS - correct), correct)
    _add(out, NUM_TRICKS, _("10 is every trick, a slam; a contract needs only the number of tricks it names."), correct)
    _add(out, 6, _("6 is the smallest bid of all; the number in the bid is the number of tricks it promises."), correct)
    _add(out, correct + 1, _("{n} is one more than needed: the number in the bid is the number of tricks.").format(
        n=correct + 1), correct)
    _add(out, correct - 1, _("{n} is one short: the number in the bid is the number of tricks, all of them.").format(
        n=correct - 1), correct)
    return out


def defence_limit_reasons(before: int, gained: int, rules: Rules) -> dict[int, str]:
    """A side's score after defence points under a limit such as the 490 rule."""
    correct = apply_defence_limit(before, gained, rules)
    limit = rules.defence_points_limit
    out: dict[int, str] = {}
    # Translators: {before} is the side's score before the hand, {gained} its defence points, {limit} where they stop (490)
    _add(out, before + gained, _("{n} is {before} + {gained} with no limit; at this table defence points stop at {limit}.")
         .format(n=before + gained, before=before, gained=gained, limit=limit), correct)
    _add(out, before, _("{n} ignores the defence points, but they count until the side reaches {limit}.").format(
        n=before, limit=limit), correct)
    _add(out, gained, _("{n} is only this hand's defence points; add them to the score before the hand.").format(n=gained),
         correct)
    _add(out, 500, _("500 would win the game, and defence points alone can never take a side out."), correct)
    return out


def defender_score_reasons(contract: Bid | str, contractor_tricks: int, defender_tricks: Iterable[int],
                           rules: Rules, defender: int = 0) -> dict[int, str]:
    """One defender's score when each defender scores alone (three-handed)."""
    tricks = tuple(defender_tricks)
    result = score_hand(contract, contractor_tricks, defender_tricks=tricks, rules=rules)
    correct = result.defenders[defender]
    out: dict[int, str] = {}
    both = DEFENCE_TRICK_VALUE * sum(tricks)
    _add(out, both, _("{n} is both defenders' tricks together; here each defender scores only the tricks they won "
                      "themselves.").format(n=both), correct)
    for k, other in enumerate(result.defenders):
        if k != defender:
            _add(out, other, ngettext("{n} is the other defender's score, for {tricks} trick.",
                                      "{n} is the other defender's score, for {tricks} tricks.", tricks[k]).format(
                n=other, tricks=tricks[k]), correct)
    _add(out, result.contractors, _("{n} is what the contractor scores, not a defender.").format(n=result.contractors),
         correct)
    _add(out, tricks[defender], _("{n} is the number of tricks; each trick is worth {value} points to a defender.").format(
        n=tricks[defender], value=DEFENCE_TRICK_VALUE), correct)
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
            why = (_("{points} has the wrong sign: it is what the contractors would score if the contract had been lost.")
                   if correct > 0 else
                   _("{points} has the wrong sign: it is what the contractors would score if the contract had been made."))
            _add(out, -correct, why.format(points=pts(-correct)), correct)
        if r.slam:
            _add(out, b.points, _("{n} is the contract's own value, but the contractors won all 10 tricks: look at what a "
                                  "slam scores.").format(n=b.points), correct)
        elif r.made and not b.is_misere and contractor_tricks == NUM_TRICKS:
            # Translators: {slam} is the slam score (250), {bid} the contract ("8♥")
            _add(out, SLAM_VALUE, _("{slam} is the slam score, but only a contract worth less than {slam} is raised to "
                                    "it; {bid} is worth more.").format(slam=SLAM_VALUE, bid=bid_label(b)), correct)
        if r.made and not b.is_misere and contractor_tricks > b.tricks:
            extra = b.points + DEFENCE_TRICK_VALUE * (contractor_tricks - b.tricks)
            _add(out, extra, _("{n} adds 10 for each extra trick; in Five Hundred a made contract scores just its value, "
                               "however many tricks over.").format(n=extra), correct)
        _add(out, DEFENCE_TRICK_VALUE * contractor_tricks, _("{n} is 10 a trick, which is how defenders score; the "
             "contractors score the contract's value.").format(n=DEFENCE_TRICK_VALUE * contractor_tricks), correct)
        if b.is_misere:
            _add(out, 0, _("0 would mean nothing happened, but a misère is always either won or lost: its value, plus or "
                           "minus."), correct)
        elif not r.made:
            _add(out, 0, _("0 would mean a lost contract costs nothing, but it costs the contract's value."), correct)
    else:
        _add(out, r.contractors, _("{points} is the contractors' score; the question asks about the defenders.").format(
            points=pts(r.contractors)), correct)
        if b.is_misere or not rules.defence_trick_points:
            why = (_("{n} is 10 for each defenders' trick, but in misère the defenders score nothing for their tricks.")
                   if b.is_misere else
                   _("{n} is 10 for each defenders' trick, but at this table the defenders score nothing for their tricks."))
            _add(out, DEFENCE_TRICK_VALUE * defence_tricks, why.format(n=DEFENCE_TRICK_VALUE * defence_tricks), correct)
        else:
            _add(out, defence_tricks, _("{n} is the number of tricks the defenders took; each is worth {value} points.")
                 .format(n=defence_tricks, value=DEFENCE_TRICK_VALUE), correct)
            _add(out, DEFENCE_TRICK_VALUE * contractor_tricks, _("{n} counts the contractors' tricks; the defenders score "
                 "for their own.").format(n=DEFENCE_TRICK_VALUE * contractor_tricks), correct)
            _add(out, -correct, _("{points} has the wrong sign: defenders never lose points for their tricks.").format(
                points=pts(-correct)), correct)
            _add(out, 0, _("0 would mean the defenders' tricks earn nothing, but each one scores 10, made contract or "
                           "not."), correct)
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
            return _("{points} can't be the defenders' score: in misère the defenders score nothing for tricks.").format(
                points=pts(answer))
        return _("{points} can't be the defenders' score: they score 10 for each trick they took, nothing else.").format(
            points=pts(answer))
    if abs(answer) not in (b.points, SLAM_VALUE):
        # Translators: {value} is the contract's value in points
        return _("{points} can't be the contractors' score: they score the contract's value, {value}, plus or minus "
                 "(a slam on a small contract scores 250).").format(points=pts(answer), value=b.points)
    if not b.tricks:
        return _("{points} is not what this hand scores: did the contractors make their no tricks?").format(points=pts(answer))
    return _("{points} is not what this hand scores: did the contractors make their {n} tricks?").format(
        points=pts(answer), n=b.tricks)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def higher_bid_reason(chosen: Bid | str, other: Bid | str, rules: Rules | None = None) -> str:
    """Why ``chosen`` is not the higher of two bids (it is the lower one), without naming the other bid."""
    c, o = Bid.parse(chosen), Bid.parse(other)
    if outranks(c, o, rules):
        raise ValueError(f"{c} is the higher bid")
    label = bid_label(c)
    name = _capital(label)
    if c.is_misere or o.is_misere:
        if (rules or AUSTRALIAN).misere_rank == "points":
            return _("At this table misère bids sit on the ladder by their points, and {bid} is worth {points}.").format(
                bid=label, points=c.points)
        if c.is_misere:
            lad = ladder(rules)
            below = lad[ladder_index(c, rules) - 1]
            if below != o:
                # Translators: {Bid} is the bid starting a sentence ("Misère"), {bid} the same bid, {below} the bid just below it
                return _("{Bid} is worth {points} points, but points don't decide: {bid} has its own rung on the ladder, "
                         "just above {below}.").format(Bid=name, bid=label, points=c.points, below=bid_label(below))
            return _("{Bid} is worth {points} points, but points don't decide: {bid} has its own rung on the ladder.").format(
                Bid=name, bid=label, points=c.points)
        return _("{Bid} is worth {points} points, but points don't decide: a misère bid has its own rung on the ladder, "
                 "and that rung is what you compare.").format(Bid=name, points=c.points)
    if c.tricks == o.tricks:
        return _("{Bid} promises {tricks} tricks, the same number as the other bid, so the strain decides: from low to "
                 "high {strains}.").format(Bid=name, tricks=_tricks_word(c.tricks), strains=_strains())
    return _("{Bid} promises only {tricks} tricks: the number of tricks decides first, whatever the strain.").format(
        Bid=name, tricks=_tricks_word(c.tricks))


def misere_rung_hint(misere: Bid | str, rules: Rules | None = None) -> str:
    """Where a misère bid sits on the ladder, to compare it with another bid."""
    m = Bid.parse(misere)
    lad = ladder(rules)
    i = ladder_index(m, rules)
    name, below, above = _capital(bid_label(m)), bid_label(lad[i - 1]), bid_label(lad[i + 1])
    if (rules or AUSTRALIAN).misere_rank == "points":
        # Translators: {Bid} is a misère bid starting a sentence; {below} and {above} the bids either side of it
        return _("{Bid} sits by its points: just above {below} and just below {above}.").format(Bid=name, below=below, above=above)
    return _("{Bid} sits on its own rung, not by its points: just above {below} and just below {above}.").format(
        Bid=name, below=below, above=above)


def in_pack_reason(card: Card | str, players: int = 4) -> str:
    """Why ``card`` is (or is not) in the pack for ``players``."""
    c = Card.parse(card)
    inside = c in pack(players)
    if c.is_joker:
        return _("The joker is in every Five Hundred pack.")
    rule = _pack_rule(players)
    if players == 4:
        rule = (_("{rule} (the red suits stop at the 4)") if c.suit in (Suit.HEARTS, Suit.DIAMONDS)
                else _("{rule} (the black suits stop at the 5)")).format(rule=rule)
    # Translators: {n} is a number of players ("the 4-player pack"), {rule} which cards that pack keeps
    why = _("{card} is in the {n}-player pack: {rule}.") if inside else _("{card} is not in the {n}-player pack: {rule}.")
    return why.format(card=c.label, n=players, rule=rule)


def suit_reason(card: Card | str, trump: Suit | str | None, wanted: Suit | str) -> str:
    """Why ``card`` is not one of the ``wanted`` suit (the bowers and the joker change suit)."""
    c = Card.parse(card)
    s = _suit(wanted)
    t = _suit(trump) if trump is not None else None
    if c.is_joker:
        # Translators: {suit_one} is one card's suit ("heart")
        return (_("The joker is not a {suit_one}: it is the highest trump.") if t is not None
                else _("The joker is not a {suit_one}.")).format(suit_one=_singular(s))
    eff = effective_suit(c, t)
    if t is not None and is_left_bower(c, t):
        return _("{card} is not a {suit_one}: it is the left bower, a {trump_one} while {trump} are trumps.").format(
            card=c.label, suit_one=_singular(s), trump_one=_singular(t), trump=_plural(t))
    if eff is None:
        return _("{card} is a card of no suit, not a {suit_one}.").format(card=c.label, suit_one=_singular(s))
    return _("{card} is a {eff_one}, not a {suit_one}.").format(card=c.label, eff_one=_singular(eff), suit_one=_singular(s))


def value_reason(card: Card | str, values: Mapping[Card, int], who: str, verb: str = "Leading",
                 best: str = "max") -> str:
    """A card that is not among the best by solver value: what it gives ``who`` and what the best give."""
    c = Card.parse(card)
    target = max(values.values()) if best == "max" else min(values.values())
    mine = values[c]
    # Translators: {who} is a seat or a side ("East–West"), {best} the tricks the best cards give
    if verb == "Leading":
        why = ngettext("Leading {card} gives {who} {n} trick with best play by everyone; the best cards here give {best}.",
                       "Leading {card} gives {who} {n} tricks with best play by everyone; the best cards here give {best}.",
                       mine)
    elif verb == "Playing":
        why = ngettext("Playing {card} gives {who} {n} trick with best play by everyone; the best cards here give {best}.",
                       "Playing {card} gives {who} {n} tricks with best play by everyone; the best cards here give {best}.",
                       mine)
    else:
        why = ngettext("{verb} {card} gives {who} {n} trick with best play by everyone; the best cards here give {best}.",
                       "{verb} {card} gives {who} {n} tricks with best play by everyone; the best cards here give {best}.",
                       mine)
    return why.format(verb=verb, card=c.label, who=who, n=mine, best=target)


def subset_reason(picked: Iterable[Card | str], rule: str) -> str:
    """Right cards, but not all of them: which rule lets more cards in."""
    p = [Card.parse(c) for c in picked]
    # Translators: {cards} are the cards picked ("J♥ J♦"), {rule} the rule that lets more cards in
    return ngettext("{cards} is right, but you have left out at least one more: {rule}",
                    "{cards} are right, but you have left out at least one more: {rule}", len(p)).format(
        cards=card_text(p), rule=rule)


def _ordinal(n: int) -> str:
    # Translators: an ordinal inside "each trump beyond the third adds one for length"
    return {
        1: pgettext("ordinal", "first"),
        2: pgettext("ordinal", "second"),
        3: pgettext("ordinal", "third"),
        4: pgettext("ordinal", "fourth"),
        5: pgettext("ordinal", "fifth"),
    }.get(n) or pgettext("ordinal", "{n}th").format(n=n)


def top_trumps_rule(trump: Suit | str) -> str:
    """What lesson 14's count calls a top trump, in words."""
    s = _suit(trump)
    return _("the joker, both bowers and the ace of {suit} each count as a top trump (the ones you hold).").format(
        suit=_plural(s))


def top_trump_reason(card: Card | str, trump: Suit | str) -> str:
    """Why ``card`` is not one of the top trumps the method counts."""
    c = Card.parse(card)
    s = _suit(trump)
    if not is_trump(c, s):
        side = effective_suit(c, s)
        if side is not None:
            # Translators: {suit} is the trump suit ("hearts"), {side_one} the card's own suit ("club")
            return _("{card} is not a trump at all while {suit} are trumps: it is a {side_one}, a side suit.").format(
                card=c.label, suit=_plural(s), side_one=_singular(side))
        return _("{card} is not a trump at all while {suit} are trumps.").format(card=c.label, suit=_plural(s))
    return _("{card} is a trump, but not a top trump: only the joker, the two bowers and the ace count one trick each "
             "on their own; a lower trump like {card} counts only for length.").format(card=c.label)


def _tricks(n: int) -> str:
    return ngettext("{n} trick", "{n} tricks", n).format(n=n)


def count_reasons(count: Count, method: Method = METHOD) -> dict[int, str]:
    """The likely wrong answers to "count this hand's tricks in the strain" (the method's step 1): every trump
    counted, length or the side winners left out, partner and the kitty added, the top trumps counted twice."""
    correct = count.in_hand
    tops, side, length = len(count.tops), len(count.side), count.length
    past = _ordinal(method.length_from)
    out: dict[int, str] = {}
    _add(out, count.total, _("{n} adds partner and the kitty; this question counts only the cards in the hand.").format(
        n=count.total), correct)
    if count.strain.suit is not None:
        # Translators: {past} is an ordinal ("third"): the trumps beyond it count for length
        _add(out, count.trumps + side, _("{n} counts every trump as a trick. The top trumps count one each, and after "
             "that only each trump beyond the {past} adds one for length.").format(n=count.trumps + side, past=past),
             correct)
        _add(out, tops + count.trumps + side, _("{n} counts the top trumps twice: once as top trumps and again among the "
             "trumps for length.").format(n=tops + count.trumps + side), correct)
        if length:
            _add(out, tops + side, _("{n} leaves out length: each trump beyond the {past} counts one more trick.").format(
                n=tops + side, past=past), correct)
        _add(out, count.trumps, _("{n} is how many trumps the hand holds; the count adds the top trumps, length and the "
             "side winners.").format(n=count.trumps), correct)
    if side:
        _add(out, tops + length, _("{n} leaves out the side winners: an ace outside the trumps counts one trick, and a "
             "king beside its ace one more.").format(n=tops + length), correct)
    _add(out, correct + 1, _("{n} is one too many: check each piece again (top trumps, length, side winners).").format(
        n=correct + 1), correct)
    _add(out, correct - 1, _("{n} is one short: check each piece again (top trumps, length, side winners).").format(
        n=correct - 1), correct)
    return out


def total_reasons(count: Count, method: Method = METHOD) -> dict[int, str]:
    """The likely wrong answers to "add partner and the kitty" (the method's step 2): the hand's count alone,
    or an allowance for an auction other than this one."""
    correct = count.total
    here = context_words(count.context)
    out: dict[int, str] = {}
    # Translators: {tricks} is the hand's count ("4 tricks"), {context} what the auction has said ("nobody has bid yet")
    _add(out, count.in_hand, _("{n} is the hand's own count ({tricks}); now add what partner and the kitty are worth "
         "when {context}.").format(n=count.in_hand, tricks=_tricks(count.in_hand), context=here), correct)
    for context, allowance in method.allowance.items():
        if context != count.context and allowance != count.allowance:
            # Translators: {other} is what another auction would have said, {context} what this one has said
            _add(out, count.in_hand + allowance, _("{n} adds {allowance}, what partner and the kitty are worth when "
                 "{other}; here {context}.").format(n=count.in_hand + allowance, allowance=allowance,
                                                   other=context_words(context), context=here), correct)
    _add(out, NUM_TRICKS, _("10 is every trick; add only what partner and the kitty are likely to bring."), correct)
    _add(out, correct + 1, _("{n} adds one too many for partner and the kitty.").format(n=correct + 1), correct)
    _add(out, correct - 1, _("{n} adds one too few for partner and the kitty.").format(n=correct - 1), correct)
    return out


# ---------------------------------------------------------------------- which bid is higher, in words
def explain_outranks(a: Bid | str, b: Bid | str, rules: Rules | None = None) -> str:
    """One plain sentence saying which of two bids is higher on the ladder, and why.

    >>> explain_outranks("8S", "MIS")
    '8♠ is higher: misère sits between 7NT and 8♠ on the ladder, so 8♠ beats it, even though 8♠ is worth 240 and misère 250.'
    >>> explain_outranks("7H", "7D")
    '7♥ is higher: both are seven-trick bids, and hearts rank above diamonds.'

    Raises:
        NotationError: either is not a bid.
        IllegalBidError: either is not on this ladder, or they are the same bid.
    """
    first, second = Bid.parse(a), Bid.parse(b)
    if first == second:
        raise IllegalBidError(
            f"same bid twice: {shown(str(first))} (compare two different bids)",
            explanation=refusal.same_bid(),
        )
    high, low = (first, second) if outranks(first, second, rules) else (second, first)
    hi, lo = bid_label(high), bid_label(low)
    # Translators: the start of the sentence saying which bid is higher ("7♥ is higher: "); keep the space at its end
    head = _("{bid} is higher: ").format(bid=hi[0].upper() + hi[1:])
    if high.kind is BidKind.TRICKS and low.kind is BidKind.TRICKS:
        assert high.strain is not None and low.strain is not None
        if high.tricks != low.tricks:
            # Translators: after "8♠ is higher: "; {high} and {low} are numbers of tricks in words ("eight", "seven")
            return head + _("{high} tricks beat {low}, whatever the suit.").format(
                high=bid_number(high.tricks), low=bid_number(low.tricks))
        # Translators: after "7♥ is higher: "; {n} is a number of tricks in words ("seven"), {high} and {low} are strains
        return head + _("both are {n}-trick bids, and {high} rank above {low}.").format(
            n=bid_number(high.tricks), high=strain_words(high.strain), low=strain_words(low.strain))
    rungs = ladder(rules)
    where = _place_words(high if high.is_misere else low, rungs)
    points = ""
    if high.points < low.points:
        # Translators: the end of a sentence ("…, so 8♠ beats it, even though 8♠ is worth 240 and misère 250."); keep its comma
        points = _(", even though {high} is worth {high_points} and {low} {low_points}").format(
            high=hi, high_points=high.points, low=lo, low_points=low.points)
    elif high.points == low.points:
        points = _(", even though both are worth {points}").format(points=high.points)
    if high.is_misere:
        # Translators: after "Misère is higher: "; {where} is where a bid sits on the ladder, {points} the sentence's end or nothing
        return head + _("{where}, so it beats {low}{points}.").format(where=where, low=lo, points=points)
    # Translators: after "8♠ is higher: "; {where} is where a bid sits on the ladder, {points} the sentence's end or nothing
    return head + _("{where}, so {high} beats it{points}.").format(where=where, high=hi, points=points)


def _place_words(bid: Bid, rungs: tuple[Bid, ...]) -> str:
    i = rungs.index(bid)
    below = bid_label(rungs[i - 1]) if i > 0 else None
    above = bid_label(rungs[i + 1]) if i + 1 < len(rungs) else None
    label = bid_label(bid)
    # Translators: where a bid sits on the bidding ladder, the first half of a sentence ("misère sits between 7NT and 8♠ on the ladder")
    if below and above:
        place = _("{bid} sits between {below} and {above} on the ladder").format(bid=label, below=below, above=above)
    elif above:
        place = _("{bid} is the lowest bid, below {above}").format(bid=label, above=above)
    else:
        place = _("{bid} is the highest bid, above {below}").format(bid=label, below=below)
    return place
