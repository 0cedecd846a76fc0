"""The learner's hint ladder: it answers only for the learner, in plain words, and never names a hidden card."""

from __future__ import annotations

import pytest

from fivehundred import PRESETS, Round
from fivehundred.analysis.coach import HintLadder, cards_named, coach_hint, principle, visible_cards, waiting_reason
from fivehundred.analysis.endings import random_ending
from fivehundred.analysis.hints import hint
from fivehundred.cards import Card
from fivehundred.errors import FiveHundredError
from fivehundred.players.rules_player import RulesPlayer
from fivehundred.round import Phase

RULES = PRESETS["australian"].replace(misere_requires_seven=False)
CONTRACTS = ("7S", "8H", "7NT", "MIS", "OMIS", "6D", "9C")

#: hints the scanner checked, by phase (module level so the count test can read it)
SCANNED: dict[str, int] = {}


def _leaks(ladder: HintLadder, view: object) -> set[Card]:
    seen = visible_cards(view)  # type: ignore[arg-type]
    text = " ".join((ladder.waiting, *ladder.rungs()))
    return set(cards_named(text)) - seen


def _scan(r: Round) -> int:
    """Ask for a hint at every seat before each action of ``r``'s play-out by the rules player; count the hints."""
    count = 0
    rp = RulesPlayer()
    while not r.is_over:
        actor = r.to_act
        assert actor is not None
        for seat in range(r.rules.players):
            view = r.view(seat)
            ladder = coach_hint(view, samples=2, seed=count, time_budget=0.05)
            assert not _leaks(ladder, view), (seat, r.phase, ladder, r.record())
            if seat == actor and seat not in r.sitting_out:
                assert ladder.ready and ladder.action in view.legal_actions, (ladder, r.record())
                assert all(ladder.rungs()), ladder
            else:
                assert not ladder.ready and not ladder.rungs() and ladder.action is None
                assert "seat" not in ladder.waiting and "(" not in ladder.waiting, ladder.waiting
            SCANNED[r.phase.value] = SCANNED.get(r.phase.value, 0) + 1
            count += 1
        r.apply(rp.choose(r.view(actor)))
    return count


@pytest.mark.parametrize("players", (4, 3, 6))
@pytest.mark.parametrize("seed", range(5))
def test_no_hint_names_a_hidden_card_in_whole_hands(seed: int, players: int) -> None:
    """Every seat asks at every decision of a whole hand (auction, kitty, nomination, play)."""
    rules = RULES.replace(players=players)
    r = Round.deal(rules, seed=seed, dealer=seed % players)
    assert _scan(r) >= players * players  # a thrown-in hand: the auction only


@pytest.mark.parametrize("seed", range(len(CONTRACTS) * 2))
def test_no_hint_names_a_hidden_card_in_endings(seed: int) -> None:
    """Endings of every kind of contract, including an open misère whose hand is spread."""
    contract = CONTRACTS[seed % len(CONTRACTS)]
    r = random_ending(RULES, seed=seed, tricks_left=4 + seed % 4, contract=contract, mid_trick=seed % 2)
    assert _scan(r) >= 4 * 3


@pytest.mark.parametrize("hand_id", ["nominate-the-joker", "open-misere", "misere-defence", "joker-lead"])
def test_no_hint_names_a_hidden_card_along_sample_hands(hand_id: str) -> None:
    """The curated hands reach the phases seeded deals rarely do: a nomination, an exposed open-misère hand."""
    from fivehundred.library import load_hand

    hand = load_hand(hand_id)
    r = hand.fresh()
    count = 0
    for action in hand.line:
        for seat in range(r.rules.players):
            view = r.view(seat)
            ladder = coach_hint(view, samples=2, seed=count, time_budget=0.05)
            assert not _leaks(ladder, view), (hand_id, seat, r.phase, ladder)
            assert ladder.ready == (seat == r.to_act and seat not in r.sitting_out)
            SCANNED[r.phase.value] = SCANNED.get(r.phase.value, 0) + 1
            count += 1
        r.apply(action)
    assert count >= 4 * 30


def test_the_scanner_finds_a_hidden_card() -> None:
    """The old hint for the seat to act, asked while the learner waits, names a card of that seat's hand."""
    r = Round.deal(RULES, seed=1)
    rp = RulesPlayer()
    while r.phase is not Phase.PLAY or r.to_act == 2:
        r.apply(rp.choose(r.view(r.to_act)))  # type: ignore[arg-type]
    old = hint(r.view(r.to_act), samples=2, time_budget=0.5)  # type: ignore[arg-type]
    leaked = cards_named(f"Hint: {old.action}: {old.reason}".replace(str(old.action), old.action.card.label))  # type: ignore[union-attr]
    assert leaked - visible_cards(r.view(2))
    assert cards_named("the joker, 10♦ and J♥; Joker") == {Card.parse("10D"), Card.parse("JH"), Card.parse("JK")}
    assert cards_named("the joker in general, 107♦x") == set()


def test_the_scan_covers_every_phase_with_hundreds_of_hints() -> None:
    for phase in ("auction", "kitty", "nomination", "play"):
        assert SCANNED.get(phase, 0) >= 4, SCANNED
    assert sum(SCANNED.values()) >= 300, SCANNED


def test_waiting_reasons_are_plain_words() -> None:
    r = Round.deal(RULES, seed=0, dealer=3)  # North (0) bids first
    assert waiting_reason(r.view(2)) == "It is North's turn to bid. A hint is ready when it is your turn."
    assert waiting_reason(r.view(0)) == ""
    rp = RulesPlayer()
    while not r.is_over:
        r.apply(rp.choose(r.view(r.to_act)))  # type: ignore[arg-type]
    assert coach_hint(r.view(2)).waiting == "The hand is over: there is nothing left to decide."


def test_a_whole_round_is_refused() -> None:
    r = Round.deal(RULES, seed=0)
    with pytest.raises(FiveHundredError, match="view"):
        coach_hint(r)  # type: ignore[arg-type]
    with pytest.raises(FiveHundredError, match="samples"):
        coach_hint(r.view(r.to_act), samples=0)  # type: ignore[arg-type]


def test_each_principle_is_true_of_its_card() -> None:
    """Over whole hands, every legal card's principle states something true of that card and position."""
    from fivehundred.actions import Play
    from fivehundred.play import play_rules
    from fivehundred.trumps import suit_masks, trick_rank

    seen: set[str] = set()
    rp = RulesPlayer()
    for seed in range(12):
        r = Round.deal(RULES, seed=seed, dealer=seed % 4)
        while not r.is_over:
            seat = r.to_act
            assert seat is not None
            view = r.view(seat)
            if r.phase is Phase.PLAY and r.contract is not None and not r.contract.is_misere:
                table = play_rules(r.contract, r.nominated, r.rules)
                masks = suit_masks(table.trump, table.nominated)
                trick = r.current_trick
                plays = trick.plays if trick is not None else ()
                for p in view.legal_actions:
                    assert isinstance(p, Play)
                    text = principle(view, p)
                    seen.add(text.split(":")[0].split(",")[0])
                    if text.startswith("Draw trumps"):
                        assert not plays and table.trump is not None and masks[table.trump] & p.card.bit
                    if text.startswith("Cash a sure winner"):
                        assert not plays and not p.card.is_joker
                        gone = set(view.played)
                        suit = next(s for s, m in masks.items() if m & p.card.bit)
                        higher = [c for c in pack_cards(r) if masks[suit] & c.bit and c not in gone
                                  and trick_rank(c, table.trump, suit, table.nominated)
                                  > trick_rank(p.card, table.trump, suit, table.nominated)]
                        assert not higher, (p, higher)
                    if text.startswith("Second hand low"):
                        assert len(plays) == 1
                    if "can't follow suit" in text:
                        assert trick is not None and trick.led is not None and not masks[trick.led] & p.card.bit
                    if text.startswith("Your partner is winning"):
                        assert plays
            r.apply(rp.choose(view))
    assert len(seen) >= 6, seen


def pack_cards(r: Round) -> tuple[Card, ...]:
    from fivehundred.cards import pack

    return pack(r.rules.players)


def test_report_the_scan_count(capsys: pytest.CaptureFixture[str]) -> None:
    """Prints the scanner's count by phase (read with ``pytest -s``); runs after the scans in file order."""
    with capsys.disabled():
        print(f"\nhint-leak scanner: {sum(SCANNED.values())} hints, by phase {dict(sorted(SCANNED.items()))}")
    assert SCANNED


def test_ladder_hints_climb_one_rung_a_press_and_restart_at_a_new_decision() -> None:
    from fivehundred.analysis.coach import LadderHints

    r = Round.deal(RULES, seed=5, dealer=1)
    calls: list[object] = []

    def ask(view: object) -> HintLadder:
        calls.append(view)
        return coach_hint(view, samples=2, time_budget=0.2)  # type: ignore[arg-type]

    hints = LadderHints(ask)
    rp = RulesPlayer()
    while r.to_act != 2:
        assert hints(r.view(2)).startswith("It is ")
        r.apply(rp.choose(r.view(r.to_act)))  # type: ignore[arg-type]
    view = r.view(2)
    texts = [hints(view) for _ in range(4)]
    ladder = hints.ladder(view)
    assert texts[0] == ladder.nudge + " (Press Hint again for the card.)"
    assert texts[1] == f"{ladder.nudge} {ladder.card} (Press Hint again for the evidence.)"
    assert texts[2] == texts[3] == ladder.upto(3)
    asked = len(calls)
    r.apply(ladder.action)  # type: ignore[arg-type]
    while r.to_act != 2 and not r.is_over:
        r.apply(rp.choose(r.view(r.to_act)))  # type: ignore[arg-type]
    if not r.is_over:
        assert hints(r.view(2)).endswith("(Press Hint again for the card.)")
        assert len(calls) == asked + 1
