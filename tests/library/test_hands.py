"""The curated sample hands: each loads, replays its intended line to its stated result, and its narration is true."""

from __future__ import annotations

import json
import time

import pytest

from fivehundred import Round
from fivehundred.actions import Play
from fivehundred.analysis.solver import Solver
from fivehundred.library import HAND_IDS, LibraryError, LinePlayer, load_hand, sample_hands
from fivehundred.library.hand import SampleHand, parse_locator
from fivehundred.notation import result_line
from fivehundred.players import play_hand


def test_the_library_has_at_least_twelve_hands_with_distinct_ids() -> None:
    assert len(HAND_IDS) >= 12
    assert len(set(HAND_IDS)) == len(HAND_IDS)
    assert [h.id for h in sample_hands()] == list(HAND_IDS)


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_hand_replays_its_line_to_the_stated_result(hand_id: str) -> None:
    hand = load_hand(hand_id)
    stated = [line for line in hand.record.splitlines() if line.startswith("result:")]
    assert len(stated) == 1, "every intended line states its result"
    replay = Round.from_record(hand.record)
    assert replay.is_over
    assert f"result: {result_line(replay)}" == stated[0]
    assert replay.history == list(hand.line)
    assert hand.seat == 2  # the learner sits South, as at the table


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_every_claim_in_the_narration_is_true(hand_id: str) -> None:
    hand = load_hand(hand_id)
    assert hand.claims, f"{hand_id} makes no checkable claim"
    for claim in hand.claims:
        assert claim.check(hand, deadline=time.monotonic() + 60), f"{hand_id}: {claim.text!r} is false"


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_narrated_cards_are_the_best_and_refused_cards_are_worse(hand_id: str) -> None:
    hand = load_hand(hand_id)
    moments = [n for n in hand.notes if n.accept and isinstance(hand.line[n.at], Play)]
    assert moments, f"{hand_id} has no narrated card decision"
    for note in moments:
        r = hand.round_at(note.at)
        assert r.to_act == hand.seat
        solver = Solver.from_round(r)
        values = solver.play_values(deadline=time.monotonic() + 60)
        maximising = bool(solver.position.maximisers >> hand.seat & 1)
        target = max(values.values()) if maximising else min(values.values())
        best = {p for p, v in values.items() if v == target}
        assert set(note.accept) <= best, f"{hand_id} at {note.at}: accepts a card that loses a trick"
        refused = [p for p in values if p not in note.accept]
        assert refused and all(p not in best for p in refused), f"{hand_id} at {note.at}: refuses a card as good as the line's"
        assert note.wrong


@pytest.mark.parametrize("hand_id", HAND_IDS)
def test_line_players_at_every_seat_replay_the_intended_line(hand_id: str) -> None:
    hand = load_hand(hand_id)
    r = hand.fresh()
    play_hand(r, [LinePlayer(hand) for _ in range(4)])
    assert r.record() == hand.record


def test_line_player_falls_back_to_the_rules_player_off_the_line() -> None:
    hand = load_hand(HAND_IDS[0])
    r = hand.fresh()
    players = [LinePlayer(hand) for _ in range(4)]
    # follow the line to the learner's first card, then play a different legal card
    first = hand.learner_decisions()[0]
    for act in hand.line[:first]:
        r.apply(act)
    other = next(p for p in r.legal_plays() if p != hand.line[first])
    r.apply(other)
    play_hand(r, players)
    assert r.is_over
    assert tuple(r.history[: first + 1]) != hand.line[: first + 1]


def _minimal(**changes: object) -> str:
    hand = load_hand(HAND_IDS[0])
    data = {"id": "x", "title": "t", "point": "p", "seat": "S", "record": hand.record.splitlines(), "notes": []}
    data.update(changes)
    return json.dumps(data)


def test_malformed_hand_files_are_refused_with_a_reason() -> None:
    with pytest.raises(LibraryError, match="not JSON"):
        SampleHand.from_json("{")
    with pytest.raises(LibraryError, match="no 'title'"):
        SampleHand.from_json(json.dumps({"id": "x"}))
    with pytest.raises(LibraryError, match="not a note position"):
        SampleHand.from_json(_minimal(notes=[{"at": "trick eleven", "text": "?"}]))
    with pytest.raises(LibraryError, match="not like '>= 8'"):
        SampleHand.from_json(_minimal(notes=[{"at": "trick 9 S", "text": "?", "claims": [{"text": "?", "tricks": "8"}]}]))
    with pytest.raises(LibraryError, match="not the learner's turn"):
        SampleHand.from_json(_minimal(notes=[{"at": "trick 1 W", "text": "?", "accept": ["AS"], "wrong": "no"}]))
    hand = load_hand(HAND_IDS[0])
    last = hand.learner_decisions()[-2]
    trick = len(hand.round_at(last).tricks) + 1
    other = next(str(p) for p in hand.round_at(last).legal_plays() if p != hand.line[last])
    with pytest.raises(LibraryError, match="must be legal and include the line's"):
        SampleHand.from_json(_minimal(notes=[{"at": f"trick {trick} S", "text": "?", "accept": [other], "wrong": "no"}]))
    with pytest.raises(LibraryError, match="no sample hand"):
        load_hand("no-such-hand")


def test_locators_name_the_right_actions() -> None:
    hand = load_hand(HAND_IDS[0])
    final = hand.final
    assert parse_locator("end", final) == len(hand.line)
    i = parse_locator("trick 1 S", final)
    assert isinstance(hand.line[i], Play) and hand.round_at(i).to_act == 2 and len(hand.round_at(i).tricks) == 0
    j = parse_locator("discard", final)
    assert str(hand.line[j]).startswith("discard")
    with pytest.raises(LibraryError, match="no card by that seat in trick 11"):
        parse_locator("trick 11 S", final)
