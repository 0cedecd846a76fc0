"""The coach speaks the kernel's language (issue #28, item 2): under fivehundred.i18n.use("sk") the hint ladder, the
waiting reasons, the trick stories, the guided hands' live remarks, refusals and review have no English word left, keep
card symbols (10♦, J♥, Joker) rather than engine notation, and still name no card the learner has not seen.

The guided hands' own stored notes (fivehundred/library/hands/*.json) are translated elsewhere; they are left out here
where the coach quotes them (a note's remark, the planned line's evidence at the auction and the kitty, a refusal's
closing sentence)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from fivehundred import i18n
from fivehundred.actions import Play
from fivehundred.analysis.coach import (LadderHints, advice_words, best_marks, bids_in_words, cards_named, coach_hint,
                                        principle, say_action, visible_cards)
from fivehundred.library import HAND_IDS, LinePlayer, guide_for
from fivehundred.library.guide import Guide
from fivehundred.library.story import trick_story
from fivehundred.players import RulesPlayer
from fivehundred.round import Phase, Round, View
from fivehundred.rules import Rules
from fivehundred.text import notation_in

pytestmark = pytest.mark.usefixtures("slovak")  # tests/conftest.py: Slovak for each test, English after

#: English words a sentence would keep if a piece of it bypassed the catalogue (none is also a Slovak word; "partner",
#: "bower" and "misère" are: the Slovak glossary keeps them)
ENGLISH = re.compile(r"\b(the|and|you|your|with|trick|tricks|trumps?|cards?|play|plays|lead|hand|best|side|defence|"
                     r"line|is|of|for|from|wins?|cannot|follow|planned|coach|kitty|joker|method|deals?|keeps?|"
                     r"North|South|East|West|Trick|Auction|Kitty|After|Play|Only|Every|Count|Keep|Lead|Draw|"
                     r"Not|With|You|Your|It|The)\b")


def english_in(text: str) -> list[str]:
    return ENGLISH.findall(text)


def check(text: str, view: View | None = None) -> None:
    """``text`` is Slovak, writes cards as symbols, and (given the learner's view) names only cards the learner has seen."""
    assert english_in(text) == [], (english_in(text), text)
    assert notation_in(text) == [], (notation_in(text), text)
    if view is not None:
        named = cards_named(bids_in_words(text, view))  # a bid's label (7♦) is not a card
        assert not named - visible_cards(view), (sorted(map(str, named - visible_cards(view))), text)


def _positions(guide: Guide, *, follow_hint: bool) -> Iterator[tuple[Round, Round | None]]:
    """(the round after each action, the round before it when the learner acted) along a hand played as the table
    plays it: the learner takes the Hint's card, or the planned line's."""
    r = guide.hand.fresh()
    computer = LinePlayer(guide.hand)
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        before = r.copy() if seat == guide.hand.seat else None
        if before is not None:
            action = guide.ladder(r).action if follow_hint else guide.next_action(r)
            assert action is not None
        else:
            action = computer.choose(r.view(seat))
        r.apply(action)
        guide.coach_says(r)  # what the widget shows after every action (it solves the learner's positions off the line)
        yield r.copy(), before


@pytest.mark.parametrize("follow_hint", [True, False], ids=["hint", "line"])
@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_a_guided_hands_coach_speaks_slovak(hand_id: str, follow_hint: bool) -> None:
    guide = guide_for(hand_id)
    hand = guide.hand
    seat = hand.seat
    notes = [n for n in hand.notes]
    said = 0
    for r, before in _positions(guide, follow_hint=follow_hint):
        view = r.view(seat)
        check(guide.coach_says(r), view)
        for m in guide.remarks(r):
            check(m.label)
            if m.kind != "note":
                check(m.text, view)
                said += 1
        if before is not None:  # the learner's decision: the ladder and every refusal there
            ladder = guide.ladder(before)
            note = guide.note(before)
            on_line_call = before.phase is not Phase.PLAY and guide.next_action(before) is not None
            rungs = (ladder.nudge, ladder.card) if on_line_call and note is not None else ladder.rungs()
            for rung in rungs:
                check(rung, before.view(seat))
            assert ladder.action is not None
            if isinstance(ladder.action, Play):
                assert say_action(ladder.action) in ladder.card, "the card rung names the card by its symbol"
            legal = before.legal_actions()
            others = [a for a in legal if not isinstance(a, Play)][:4]  # each discard is solved: a few are enough
            for action in [a for a in legal if isinstance(a, Play)] + others:
                refusal = guide.vet(before, action)
                if refusal:
                    for n in notes:
                        refusal = refusal.replace(n.wrong or "\0", "")  # the hand's own words, quoted at the end
                    check(refusal, before.view(seat))
    assert r.is_over
    review = guide.review(r)
    for text in (review.par_text, review.par_story, *(m.note for m in review.moves), *(c.text for c in review.changes)):
        check(text)
    if follow_hint and guide.left_line_at(r) is not None:
        assert said >= 2, "off the line the coach has its own words, all of them checked"


RULES = [Rules(), Rules(players=3), Rules(players=5, five_player_partner="call_card"), Rules(players=6)]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p")
def test_free_plays_coach_speaks_slovak(rules: Rules, seed: int) -> None:
    r = Round.deal(rules, seed=seed)
    player = RulesPlayer()
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        view = r.view(seat)
        check(coach_hint(r.view((seat + 1) % rules.players)).waiting)
        # a full search is slow at five and six players early in the hand; the rest of the ladder is the same code
        search = rules.players <= 4 or r.phase is not Phase.PLAY or len(r.tricks) >= 6
        if search:
            ladder = coach_hint(view, samples=2, time_budget=None)
            calling = r.phase is Phase.PARTNER  # calling a partner's card names a card not held, by design
            for rung in ladder.rungs():
                check(rung, None if calling else view)
            hints = LadderHints(lambda _v: ladder)
            for _ in range(3):
                check(hints(view), None if calling else view)
            check(best_marks(view, ladder).note)
        for action in view.legal_actions[:8]:
            check(say_action(action))
            check(principle(view, action))
        decision = player.decide(view)
        if r.phase is not Phase.AUCTION:  # the coach's evidence in the auction is the advisor's, not the player's reason
            check(advice_words(decision.reason), None if r.phase is Phase.PARTNER else view)  # as the coach says it
        done = len(r.tricks)
        r.apply(decision.action)
        if len(r.tricks) > done:
            for learner in range(rules.players):
                check(trick_story(r, learner))
                check(trick_story(r, learner, known=frozenset()))  # every card described in words
    check(coach_hint(r.view(0)).waiting)


def test_the_coach_keeps_its_english_and_a_translated_word_changes_with_the_language() -> None:
    r = Round.deal(seed=3)
    other = (r.to_act + 1) % 4 if r.to_act is not None else 0
    assert coach_hint(r.view(other)).waiting.startswith("Hlási ")
    i18n.use("en")
    assert coach_hint(r.view(other)).waiting.startswith("It is ") and coach_hint(r.view(other)).waiting.endswith(
        "'s turn to bid. A hint is ready when it is your turn.")
    assert advice_words("I cash A♠, the highest spade left.") == "Cash A♠, the highest spade left."
    i18n.use("sk")
    assert advice_words("I cash A♠, the highest spade left.") == "Vyberte štych kartou A♠, najvyššou zostávajúcou kartou farby pika."


def test_the_coachs_counts_take_slovaks_three_plural_forms() -> None:
    text = [i18n.ngettext("{n} trick lost: {cards} kept the best result.", "{n} tricks lost: {cards} kept the best result.",
                          n).format(n=n, cards="K♠") for n in (1, 3, 5)]
    assert [t.split(":")[0] for t in text] == ["Stratený 1 štych", "Stratené 3 štychy", "Stratených 5 štychov"]
