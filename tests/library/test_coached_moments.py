"""Guided hands keep their point: a learner who follows the Hint at every turn is still coached (at least three
moments on every hand), is told what the planned line would have shown when the Hint leaves it, and a learner on
the planned line still gets exactly the hand's notes."""

from __future__ import annotations

import re

import pytest

from fivehundred.actions import Play
from fivehundred.analysis.coach import bids_in_words, cards_named, visible_cards
from fivehundred.analysis.solver import card_values, solve
from fivehundred.library import HAND_IDS, LinePlayer, guide_for, load_hand
from fivehundred.library.guide import Guide, Remark
from fivehundred.library.story import trick_story
from fivehundred.play import play_rules
from fivehundred.round import Round
from fivehundred.trumps import effective_suit

#: the remarks that coach a moment of the hand (the result line at the end is not one)
COACHING = {"note", "planned", "trick", "moment"}


def _side_tricks(r: Round) -> int:
    assert r.contract is not None and r.contractor is not None
    return r.tricks_won[r.contractor] if r.contract.is_misere else sum(r.tricks_won[s] for s in r.contracting_seats())


def _play(guide: Guide, *, follow_hint: bool) -> tuple[Round, list[tuple[Round, tuple[Remark, ...]]]]:
    """Play the hand as the table does (the coach's words worked out after every action); the learner takes the
    Hint's card at every turn, or the planned line's. Returns the round and each position's remarks."""
    r = guide.hand.fresh()
    computer = LinePlayer(guide.hand)
    seen: list[tuple[Round, tuple[Remark, ...]]] = []
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        if seat == guide.hand.seat:
            action = guide.ladder(r).action if follow_hint else guide.next_action(r)
            assert action is not None and guide.vet(r, action) is None
        else:
            action = computer.choose(r.view(seat))
        r.apply(action)
        guide.coach_says(r)  # what the widget shows after every action (it solves the learner's positions off the line)
        seen.append((r.copy(), guide.remarks(r)))
    return r, seen


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_a_hint_following_learner_gets_at_least_three_coached_moments(hand_id: str) -> None:
    guide = guide_for(hand_id)
    hand = guide.hand
    r, seen = _play(guide, follow_hint=True)
    remarks = guide.remarks(r)
    coached = [m for m in remarks if m.kind in COACHING and m.text]
    # three at least while the cards are played (the auction's and the kitty's notes not counted)
    assert len([m for m in coached if m.at >= hand.play_start]) >= 3, remarks
    # the moments are distinct remarks at the places they were made, in the order of the hand
    assert len({(m.at, m.text) for m in coached}) == len(coached)
    assert [m.at for m in remarks] == sorted(m.at for m in remarks)
    # nothing said at any point names a card the learner had not seen by then
    for position, said in seen:
        view = position.view(hand.seat)
        for m in said:
            named = cards_named(bids_in_words(m.text, view))  # a bid's label (7♦) is not a card
            assert not named - visible_cards(view), (m, sorted(map(str, named - visible_cards(view))))
    left = guide.left_line_at(r)
    if left is None:  # on the line: the hand's own notes, every one of them
        assert [m.text for m in remarks if m.kind == "note"] == [n.text for n in hand.notes]
    else:  # off it: the notes until the Hint left the line, then the coach's own words
        assert [m.text for m in remarks if m.kind == "note"] == [n.text for n in hand.notes if n.at <= left]
        assert any(m.kind != "note" for m in coached)
        assert remarks[-1].kind == "end" and r.result is not None and remarks[-1].text == r.result.reason


def test_the_hint_leaves_the_line_on_hand_one_and_the_planned_line_is_told() -> None:
    """take-control: the Hint's J♦ at trick 2 is better than the line's K♠, which West trumps. The coach says so,
    naming the planned card, describing West's hidden trump in words while the hand is on, naming it after the end."""
    guide = guide_for("take-control")
    hand = guide.hand
    r, seen = _play(guide, follow_hint=True)
    at = guide.left_line_at(r)
    assert at is not None
    planned, played = hand.line[at], r.history[at]
    assert isinstance(planned, Play) and isinstance(played, Play)
    assert (str(planned), str(played)) == ("KS", "JD")
    # what the planned line does from there, worked out here from the line itself
    line = hand.round_at(at)
    trick_no = len(line.tricks) + 1
    while len(line.tricks) < trick_no:
        line.apply(hand.line[len(line.history)])
    trick = line.tricks[-1]
    assert line.contract is not None
    trump = play_rules(line.contract, line.nominated, line.rules).trump
    ruffer = trick.winner(trump)
    ruff = dict(trick.plays)[ruffer]
    assert effective_suit(ruff, trump) is trump and trick.led is not trump  # the K♠ is trumped on the planned line
    who = line.seat_name(ruffer, long=True)
    # during the hand: the remark right after J♦
    position, said = next((p, s) for p, s in seen if len(p.history) == at + 1)
    remark = next(m for m in said if m.kind == "planned")
    assert remark.at == at + 1 and remark.label == f"Trick {trick_no}"
    text = remark.text
    assert text.startswith("J♦ is better than the planned K♠: it gains 1 trick")
    assert f"you lead the K♠ in trick {trick_no}" in text
    assert f"{who} cannot follow spades and trumps your K♠ with a trump" in text
    assert ruff not in cards_named(text) and ruff not in visible_cards(position.view(hand.seat))
    # the result the remark quotes: the planned line's own, and the solver's after each card
    ours = _side_tricks(hand.final)
    after_jd, after_ks = (solve(_after(hand.round_at(at), p)) for p in (played, planned))
    assert f"your side would take {after_jd} tricks after J♦ and {after_ks} tricks after K♠" in text
    assert f"ends with {ours} tricks for your side" in text and after_jd > ours
    # once the hand is over every card is known: the planned trick is shown card by card
    final = next(m for m in guide.remarks(r) if m.kind == "planned").text
    listing = ", ".join(f"{c.label} from {'you' if s == hand.seat else line.seat_name(s, long=True)}" for s, c in trick.plays)
    assert f"({listing}.)" in final and f"trumps your K♠ with the {ruff.label}" in final


def _after(r: Round, play: Play) -> Round:
    r = r.copy()
    r.apply(play)
    return r


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_every_planned_line_remark_tells_the_planned_line_truthfully(hand_id: str) -> None:
    """Wherever the Hint leaves the line with a card at least as good, the remark names both cards, the planned
    line's trick as the line plays it, and results that the solver and the line's record confirm."""
    guide = guide_for(hand_id)
    hand = guide.hand
    r, _ = _play(guide, follow_hint=True)
    at = guide.left_line_at(r)
    remarks = [m for m in guide.remarks(r) if m.kind == "planned"]
    if at is None:
        assert not remarks
        return
    planned, played = hand.line[at], r.history[at]
    assert isinstance(planned, Play) and isinstance(played, Play)
    (remark,) = remarks
    assert remark.at == at + 1
    assert planned.card.label in remark.text and played.card.label in remark.text
    line = hand.round_at(at)
    k = len(line.tricks)
    while len(line.tricks) == k:
        line.apply(hand.line[len(line.history)])
    trick = line.tricks[-1]
    for seat, card in trick.plays:  # the planned trick, card by card, every card known at the end
        who = "you" if seat == hand.seat else line.seat_name(seat, long=True)
        assert f"{card.label} from {who}" in remark.text
    assert f"ends with {_side_tricks(hand.final)} trick" in remark.text
    assert any(at < n.at < len(hand.line) for n in hand.notes)  # a lesson of the line was still to come
    m = re.search(r"would take (\d+) tricks? after .+? and (\d+) tricks? after ", remark.text)
    assert m is not None, remark.text
    before = hand.round_at(at)
    assert (int(m[1]), int(m[2])) == tuple(_ours(before, hand.seat, solve(_after(before, p))) for p in (played, planned))


def _ours(r: Round, seat: int, contractor_total: int) -> int:
    assert r.contract is not None
    if r.contract.is_misere or seat in r.contracting_seats():
        return contractor_total
    return 10 - contractor_total


def test_in_open_misere_a_better_card_saves_a_trick() -> None:
    """open-misère (you are the contractor): the Hint's 5♦ lead is better than the planned 5♠ because it takes
    fewer tricks, and the remark says so in those words, not "gains"."""
    guide = guide_for("open-misere")
    r, _ = _play(guide, follow_hint=True)
    (remark,) = [m for m in guide.remarks(r) if m.kind == "planned"]
    assert "5♦ is better than the planned 5♠: you take 1 trick fewer" in remark.text
    assert "gains" not in remark.text


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_the_planned_line_still_gets_exactly_its_notes(hand_id: str) -> None:
    """A learner on the planned line hears the hand's notes, each at its place; besides them only a word after a
    trick that no note talks about (nothing from the live coach, no planned-line remark)."""
    guide = guide_for(hand_id)
    hand = guide.hand
    r, seen = _play(guide, follow_hint=False)
    assert guide.on_line(r)
    remarks = guide.remarks(r)
    notes = [m for m in remarks if m.kind == "note"]
    assert [(m.at, m.text) for m in notes] == [(n.at, n.text) for n in hand.notes]
    assert [m.decision for m in notes] == [bool(n.accept) for n in hand.notes]
    assert {m.kind for m in remarks} <= {"note", "trick"}
    plays = [i for i, a in enumerate(hand.line) if isinstance(a, Play)]
    per = len(r.tricks[0].plays)
    for m in remarks:
        if m.kind == "trick":  # after the last card of a trick no note covers, from its first card to the next lead
            last = m.at - 1
            assert last in plays and (plays.index(last) + 1) % per == 0
            assert not any(last - per + 1 <= n.at <= m.at for n in hand.notes), m
    for position, said in seen:  # every note appears once the hand reaches it
        n = len(position.history)
        assert [m.text for m in said if m.kind == "note"] == [note.text for note in hand.notes if note.at <= n]
    assert not any(guide.coach_says(p) for p, _ in seen)


def test_off_the_line_each_trick_worth_a_word_gets_one() -> None:
    """take-control after the Hint's J♦: the tricks the learner's own line brings (the joker winning, a ruff,
    the left bower, the last trump drawn) are each told once, after that trick, checked against the cards."""
    guide = guide_for("take-control")
    hand = guide.hand
    r, _ = _play(guide, follow_hint=True)
    left = guide.left_line_at(r)
    assert left is not None and r.contract is not None
    trump = play_rules(r.contract, r.nominated, r.rules).trump
    told = {m.label: m.text for m in guide.remarks(r) if m.kind == "trick"}
    checked = 0
    replay = hand.round_at(left)
    for act in r.history[left:]:
        n = len(replay.tricks)
        replay.apply(act)
        if len(replay.tricks) == n:
            continue
        trick = replay.tricks[-1]
        winner = trick.winner(trump)
        card = dict(trick.plays)[winner]
        who = "You" if winner == hand.seat else replay.seat_name(winner, long=True)
        label = f"Trick {len(replay.tricks)}"
        if card.is_joker:
            assert told[label].startswith(f"{who} win"), told.get(label)
            assert "with the Joker" in told[label]
            checked += 1
        elif str(card) == "JH":  # the left bower in diamonds
            assert told[label].startswith("J♥, the left bower, wins the trick for")
            checked += 1
        elif trick.led is not trump and effective_suit(card, trump) is trump:
            assert told[label].startswith(f"{who} cannot follow {trick.led.plural if trick.led else ''}")
            checked += 1
        assert told.get(label, "") == trick_story(replay, hand.seat)
    assert checked >= 3
    assert any(t.startswith("Count the trumps: that was the last one you had not seen") for t in told.values())


def test_a_moment_met_off_the_line_is_remembered_with_the_card_played() -> None:
    """After the learner plays at a live moment, the remark says how many cards kept the best result, checked
    with the solver, and names the card played."""
    guide = guide_for("take-control")
    hand = guide.hand
    r, _ = _play(guide, follow_hint=True)
    moments = [m for m in guide.remarks(r) if m.kind == "moment"]
    assert len(moments) >= 2
    for m in moments:
        before = hand.fresh()
        for act in r.history[: m.at - 1]:
            before.apply(act)
        played = r.history[m.at - 1]
        assert isinstance(played, Play)
        values = card_values(before)
        best = [p for p, v in values.items() if v == max(values.values())]
        assert f"only {len(best)} of the {len(values)} cards you could play kept the best result" in m.text
        assert all(p.card.label in m.text for p in best) and played in best
        assert m.text.endswith(f"{played.card.label} was {'one of them' if len(best) > 1 else 'it'}.")


def test_hidden_cards_of_a_told_trick_are_described_not_named() -> None:
    hand = load_hand("take-control")
    r = hand.round_at(14)  # the line's trick 2: K♠ led, West trumps with the 4♦
    known = frozenset(c for c in r.view(hand.seat).hand) | {r.tricks[-1].plays[0][1]}
    said = trick_story(r, hand.seat, known=known)
    assert said == "West cannot follow spades and trumps your K♠ with a trump, winning the trick."
    assert trick_story(r, hand.seat) == "West cannot follow spades and trumps your K♠ with the 4♦, winning the trick."
