"""TableView: a whole hand against computer players, driven through the Python API (no browser)."""

from __future__ import annotations

import random

import pytest

from fivehundred import Game, Round
from fivehundred.actions import Action
from fivehundred.bidding import PASS, Bid
from fivehundred.cards import JOKER, Card
from fivehundred.errors import FiveHundredError
from fivehundred.players import Player, RandomPlayer
from fivehundred.round import Phase, View
from ipywidgets import HBox

from widgets import TableView
from widgets.table import LEARNER


class Bidder(Player):
    """Calls the given bids in turn in the auction (then passes); random legal moves otherwise."""

    name = "bidder"

    def __init__(self, *calls: str, seed: int = 0) -> None:
        self._calls = [Bid.parse(c) for c in calls]
        self._random = RandomPlayer(seed=seed)

    def choose(self, view: View) -> Action:
        if view.phase is Phase.AUCTION:
            while self._calls:
                call = self._calls.pop(0)
                if call in view.legal_actions:
                    return call
            return PASS
        return self._random.choose(view)


def passers(**calls: tuple[str, ...]) -> dict[int, Player]:
    seats = {"N": 0, "E": 1, "W": 3}
    return {seats[k]: Bidder(*calls.get(k, ()), seed=seats[k]) for k in seats}


def finish(table: TableView, rng: random.Random, *, bid: str | None = None) -> None:
    """Play the learner's moves with the Python gestures (legal choices from the engine) to the end."""
    for _ in range(100):
        r = table.round
        if r.is_over:
            return
        assert table.my_turn, (table, table.status)
        assert "Your turn" in table.status
        if r.phase is Phase.AUCTION:
            want = bid if bid is not None and Bid.parse(bid) in r.legal_bids() else "PASS"
            assert table.bid(want), table.feedback
            bid = None
        elif r.phase is Phase.KITTY:
            held = [c for c in r.hand(LEARNER) if c != JOKER]
            assert table.discard(" ".join(str(c) for c in rng.sample(held, 3))), table.feedback
        elif r.phase is Phase.NOMINATION:
            assert table.nominate(rng.choice(["S", "C", "D", "H"])), table.feedback
        else:
            play = rng.choice(r.legal_plays())
            assert table.play(str(play)), table.feedback
    raise AssertionError("the hand did not end")


def assert_scored(table: TableView) -> None:
    r = table.round
    assert r.is_over and r.result is not None
    assert table.result_text == r.result.reason
    assert r.result.reason in table.events
    assert table.game.lines and table.game.lines[-1].result is r.result
    assert table.scorepad.hands == len(table.game.lines)
    assert table.scorepad in table._phase_box.children
    if r.result.contract is not None:
        assert "fh-score-line" in table.scorepad._table.value
    assert "The hand is over" in table.status or "The game is over" in table.status


@pytest.mark.parametrize("seed", [0, 1, 2, 5, 8])
def test_full_hand_against_random_players(seed: int) -> None:
    t = TableView.deal(seed=seed, pace=0)
    finish(t, random.Random(seed))
    assert_scored(t)
    assert len(t.round.tricks) == 10 or t.round.contract is None


def _seed_where(pred: object, *, dealer: int = 1, limit: int = 400) -> int:
    """The first table seed whose deal (as the table deals it) satisfies ``pred``."""
    for seed in range(limit):
        if pred(Game(seed=seed, dealer=dealer).round):  # type: ignore[operator]
            return seed
    raise AssertionError("no seed found")


def test_no_trumps_hand_with_the_joker_nomination() -> None:
    # South bids 6NT (dealer East, so South bids first); the others pass.
    seed = _seed_where(lambda r: JOKER in r.hand(LEARNER) + r.kitty)
    t = TableView.deal(seed=seed, dealer="E", players=passers(), pace=0)
    assert t.bid("6NT")
    row = t.hand._buttons
    assert t.phase == "kitty" and t.kitty.active and row.row_class == "fh-kitty-cards"
    assert "choose 3 cards" in t.status
    held = [c for c in t.round.hand(LEARNER) if c != JOKER]
    assert t.discard(" ".join(str(c) for c in held[:3]))
    assert t.phase == "nomination" and t.nomination in t._phase_box.children
    assert t.nominate("H")
    assert t.phase == "play"
    assert any("nominated the joker as a heart" in e for e in t.events)
    finish(t, random.Random(seed))
    assert_scored(t)
    assert t.round.contract == Bid.parse("6NT")


def test_leading_the_unnominated_joker_needs_a_suit() -> None:
    seed = _seed_where(lambda r: JOKER in r.hand(LEARNER))
    t = TableView.deal(seed=seed, dealer="E", players=passers(), pace=0)
    t.bid("6NT")
    t.discard(" ".join(str(c) for c in [c for c in t.round.hand(LEARNER) if c != JOKER][:3]))
    assert t.nominate(None)
    assert t.to_act == "S" and t.round.current_trick is None  # the contractor leads
    assert t._joker_lead in t._phase_box.children
    assert not t.play("JK")
    assert "name a suit" in t.feedback and "name a suit" in t.hand.status
    t._joker_buttons[next(iter(t._joker_buttons))].click()  # spades
    assert t.round.tricks[0].led is not None or t.round.current_trick is not None
    assert any("naming spades" in e for e in t.events)


def test_misere_by_the_learner_partner_sits_out() -> None:
    seed = _seed_where(lambda r: True)
    t = TableView.deal(seed=seed, dealer="E", players=passers(W=("7S",)), pace=0)
    assert t.bid("6S")  # South, then West bids 7♠ and the rest pass
    assert t.bid("MIS"), t.feedback
    assert t.round.contract == Bid.parse("MIS") and t.round.contractor == LEARNER
    finish(t, random.Random(seed))
    assert t.round.sitting_out == (0,)
    assert any("sits out" in e for e in t.events)
    assert all(len(trick.plays) == 3 for trick in t.round.tricks)
    assert_scored(t)


def test_misere_by_a_computer_three_card_tricks_on_the_felt() -> None:
    # dealer East: South, West, North, East bid in that order
    t = TableView.deal(seed=4, dealer="E", players=passers(N=("7S",), E=("MIS",)), pace=0)
    assert t.bid("PASS")
    assert t.round.contract == Bid.parse("MIS") and t.round.contractor == 1
    assert 'data-seat="W"' in t._seat_html[3].value and "sits out" in t._seat_html[3].value
    finish(t, random.Random(4))
    assert_scored(t)
    assert "misère" in t.result_text.lower()


def test_illegal_bid_and_play_show_the_engines_explanation() -> None:
    t = TableView.deal(seed=3, dealer="E", players=passers(W=("8H",)), pace=0)
    assert t.bid("7H")
    assert not t.bid("7S")
    assert "lower than the standing bid of 8♥" in t.feedback
    assert "lower than the standing bid" in t.auction.status
    t.pass_()
    assert t.phase in ("kitty", "play")
    # the hand is now played by West; play a card out of turn or not held
    while not t.my_turn and not t.round.is_over:
        t.step()
    if t.round.is_over:
        pytest.skip("hand ended before South played")  # pragma: no cover
    other = t.round.hand(0)[0]
    assert not t.play(str(other))
    assert "You don't hold" in t.feedback


def test_illegal_card_is_dimmed_and_a_click_explains() -> None:
    for seed in range(40):
        t = TableView.deal(seed=seed, pace=0)
        finish_auction = random.Random(seed)
        while not t.round.is_over and not (t.my_turn and t.round.phase is Phase.PLAY and t.round.current_trick):
            r = t.round
            if r.phase is Phase.AUCTION:
                t.pass_()
            elif r.phase is Phase.KITTY:
                t.discard(" ".join(str(c) for c in r.hand(LEARNER)[:3]))
            elif r.phase is Phase.NOMINATION:
                t.nominate(None)
            else:
                t.play(str(finish_auction.choice(r.legal_plays())))
        if t.round.is_over:
            continue
        legal = {p.card for p in t.round.legal_plays()}
        illegal = [c for c in t.round.hand(LEARNER) if c not in legal]
        if not illegal:
            continue
        buttons = t.hand._buttons
        assert set(buttons.dimmed) == {str(c) for c in illegal}
        buttons.click(str(illegal[0]))  # what a click in the browser does
        reason = t.round.explain_card(illegal[0], LEARNER).reason
        assert t.hand.status == reason
        assert "must follow" in reason.lower() or "follow" in reason.lower()
        assert t.round.hand(LEARNER).count(illegal[0]) == 1  # not played
        return
    raise AssertionError("no seed gave an illegal card")


def test_click_a_legal_card_plays_it() -> None:
    t = TableView.deal(seed=2, dealer="E", players=passers(), pace=0)
    t.bid("6H")
    t.discard(" ".join(str(c) for c in t.round.hand(LEARNER)[:3]))
    card = str(t.round.legal_plays()[0].card)
    t.hand._buttons.click(card)
    assert t.round.tricks[0].plays[0] == (LEARNER, t.round.tricks[0].plays[0][1])
    assert f"You played {t.round.tricks[0].plays[0][1].label}." in t.events
    assert "won the trick" in " ".join(t.events)
    assert 'class="fh-trick-card fh-winner"' in t._centre.value


def test_status_says_who_played_in_step_mode() -> None:
    t = TableView.deal(seed=5, dealer="N", pace=None)  # East bids first, and waits for step()
    assert t.to_act == "E"
    assert "East to bid" in t.status and "Next move" in t.status
    assert not t._step_btn.hidden
    assert t.step()
    assert t.events[-1].startswith("East ")
    assert t.to_act == "S"
    assert not t.step()
    assert "your turn" in t.feedback.lower()


def test_step_through_play_says_what_happened() -> None:
    t = TableView.deal(seed=2, dealer="E", players=passers(), pace=None)
    t.bid("6H")
    while t.step():  # West, North and East pass, one step each
        pass
    assert t.events[-4:] == ("West passed.", "North passed.", "East passed.", "You won the auction with 6♥.")
    t.discard(" ".join(str(c) for c in t.round.hand(LEARNER)[:3]))
    t.play(str(t.round.legal_plays()[0]))
    assert t.step()
    assert t.events[-1].startswith("West played ")
    assert "West played" in t.status
    t.step()
    t.step()
    assert any("won the trick (" in e for e in t.events)
    assert "–" in next(e for e in t.events if "won the trick" in e)  # "North–South won the trick"


def test_undo_goes_back_to_the_learners_previous_decision() -> None:
    t = TableView.deal(seed=2, dealer="E", players=passers(), pace=0)
    assert not t.undo()
    assert "nothing to undo" in t.feedback
    t.bid("6H")
    t.discard(" ".join(str(c) for c in t.round.hand(LEARNER)[:3]))
    first = str(t.round.legal_plays()[0].card)
    t.play(first)
    after = len(t.round.history)
    assert after > 6  # South's card and the three computer cards
    assert t.undo()
    assert t.my_turn and t.phase == "play"
    assert t.round.tricks == [] and t.round.current_trick is None
    assert len(t.round.history) == after - 4
    assert first in {str(c) for c in t.round.hand(LEARNER)}
    assert "Undone" in t.events[-1]
    assert t.undo()  # back to the discard
    assert t.phase == "kitty"
    assert t.undo()
    assert t.phase == "auction" and t.round.auction == []


def test_undo_after_the_hand_is_refused() -> None:
    t = TableView.deal(seed=1, pace=0)
    finish(t, random.Random(1))
    assert not t.undo()
    assert "scored" in t.feedback


def test_new_hand_moves_the_dealer_and_keeps_the_score() -> None:
    t = TableView.deal(seed=6, dealer="N", players=passers(E=("6S",)), pace=0)
    finish(t, random.Random(6))
    assert_scored(t)
    lines = len(t.game.lines)
    first_dealer = t.round.dealer
    assert t.new_hand()
    if t.game.lines:
        assert len(t.game.lines) == lines
        assert t.round.dealer == (first_dealer + 1) % 4
    assert t.phase == "auction" and t.events[-1].endswith("dealt.")
    finish(t, random.Random(7))
    assert_scored(t)


def test_new_hand_mid_hand_throws_it_in() -> None:
    t = TableView.deal(seed=2, dealer="E", pace=0)
    before = t.round
    t.new_hand()
    assert t.round is not before and t.round.dealer == before.dealer
    assert t.game.lines == []
    assert "thrown in" in t.events[0]


def test_show_all_hands() -> None:
    t = TableView.deal(seed=2, dealer="E", pace=0)
    assert "fh-back" in t._seat_html[0].value
    t._show_btn.value = True
    assert t.show_all
    assert "fh-back" not in t._seat_html[0].value
    north = t.round.hand(0)[0]
    assert f'data-card="{north}"' in t._seat_html[0].value
    t.show_all = False
    assert not t._show_btn.value and "fh-back" in t._seat_html[3].value


def test_hint_slot() -> None:
    assert TableView.deal(seed=1, pace=0)._hint_btn.hidden
    seen: list[View] = []

    def hint(view: View) -> str:
        seen.append(view)
        return f"You hold {len(view.hand)} cards."

    t = TableView.deal(seed=1, dealer="E", pace=0, hint=hint)
    assert not t._hint_btn.hidden
    t._hint_btn.click()
    assert seen and seen[0].seat == LEARNER
    assert "You hold 10 cards." in t._hint_html.value


def test_default_opponents_are_the_rules_player() -> None:
    from fivehundred.players import RulesPlayer

    t = TableView.deal(seed=8, pace=0)
    assert all(isinstance(t.players[s], RulesPlayer) for s in (0, 1, 3))


def test_replay_from_a_record() -> None:
    source = TableView.deal(seed=8, pace=0, players=[RandomPlayer(seed=s) for s in range(4)])
    finish(source, random.Random(8))
    text = source.record
    replay = TableView.from_record(text, pace=0)
    assert replay.round.record() == text
    assert replay.round.result == source.round.result
    assert "Replaying a hand record." in replay.events
    assert_scored(replay)


def test_replay_step_by_step_then_take_over() -> None:
    source = TableView.deal(seed=8, dealer="E", pace=0, players=[RandomPlayer(seed=s) for s in range(4)])
    finish(source, random.Random(8))
    partial = Round.from_record(source.record)
    while len(partial.history) > 8:
        partial.undo()
    t = TableView.deal(seed=1, pace=None)
    assert t.load_record(partial.record())
    assert "Replaying the record" in t.status
    for _ in range(8):
        assert t.step()
    assert not t.session.replaying
    assert t.round.history == partial.history


def test_bad_record_is_a_message() -> None:
    t = TableView.deal(seed=1, pace=0)
    assert not t.load_record("this is not a record")
    assert t.feedback
    with pytest.raises(FiveHundredError):
        TableView.from_record("dealer: Q")


def test_paced_moves_run_on_a_timer_without_blocking() -> None:
    import time

    t = TableView.deal(seed=5, dealer="N", pace=0.05)  # East bids first, on a timer
    assert t.to_act == "E"  # the constructor returned before East moved
    deadline = time.monotonic() + 5
    while t.to_act != "S" and time.monotonic() < deadline:
        time.sleep(0.02)
    assert t.to_act == "S"
    t.pace = 0.0
    finish(t, random.Random(5))
    assert_scored(t)


def test_paced_moves_ignore_an_event_loop_that_is_not_a_kernel() -> None:
    """Playwright's sync API leaves a running loop in the test process; moves must not wait on it."""
    import asyncio
    import threading
    import time

    async def blocked_inside_a_loop() -> str:
        t = TableView.deal(seed=5, dealer="N", pace=0.05)
        deadline = time.monotonic() + 5
        while t.to_act != "S" and time.monotonic() < deadline:
            time.sleep(0.02)  # the loop is not driven while we wait, as in a Playwright test
        return t.to_act

    # run the loop in a thread of its own (the test process may already have a loop running here)
    seen: list[str] = []
    worker = threading.Thread(target=lambda: seen.append(asyncio.run(blocked_inside_a_loop())))
    worker.start()
    worker.join(30)
    assert seen == ["S"]


def test_speed_menu_sets_the_pace() -> None:
    t = TableView.deal(seed=1, pace=0)
    t._speed.value = "Slow"
    assert t.pace == 1.6
    t._speed.value = "Instant"
    assert t.pace == 0.05


def test_three_to_six_players_only() -> None:
    from fivehundred.rules import Rules

    with pytest.raises(FiveHundredError, match="3 to 6 players"):
        TableView.deal(rules=Rules(players=2), pace=0)
    for n in (3, 5, 6):
        t = TableView.deal(rules=Rules(players=n), pace=0)
        assert len(t._seat_html) == n - 1 and t.round.players == n


def test_repr_is_deterministic() -> None:
    a = repr(TableView.deal(seed=3, dealer="E", pace=0))
    assert a == repr(TableView.deal(seed=3, dealer="E", pace=0))
    assert a.startswith("TableView(phase='auction', contract='-', to_act='S'")
    assert "0x" not in a


# --- the hooks free play uses: a given game, seat players, a new game, the record box ----------------


def test_a_table_carries_on_a_given_game_from_its_hand_in_progress() -> None:
    g = Game(seed=12, dealer=1)
    r = g.round
    r.apply("PASS")  # South's call, with dealer East
    table = TableView.deal(game=g, pace=0, players=passers(W=("6S",)))
    assert table.game is g and table.round is r
    assert r.history[:3] == [PASS, Bid.parse("6S"), PASS]  # West and North called after it, at once


def test_a_table_given_a_finished_hand_scores_it_first() -> None:
    g = Game(seed=12, dealer=1)
    finish_round = g.round
    rng = random.Random(2)
    while not finish_round.is_over:
        finish_round.apply(rng.choice(finish_round.legal_actions()))
    table = TableView.deal(game=g, pace=0)
    assert table.round is finish_round and len(g.lines) == 1
    assert g.is_over or g.round is not finish_round


def test_set_player_and_new_game() -> None:
    table = TableView.deal(seed=4, pace=0)
    rp = RandomPlayer(seed=1)
    table.set_player("W", rp)
    assert table.players[3] is rp
    with pytest.raises(FiveHundredError, match="no computer seat"):
        table.set_player("S", rp)
    old = table.game
    assert table.new_game(seed=9, dealer="N")
    assert table.game is not old and table.game.seed == 9 and table.round.dealer == 0
    assert table.events[0] == "A new game starts at 0 – 0."


def test_new_hand_mid_hand_redeals_from_the_game() -> None:
    table = TableView.deal(seed=4, pace=0)
    before = table.round
    draws = table.game.to_dict()["draws"]
    table.new_hand()
    assert table.round is table.game.round and table.round.dealer == before.dealer
    assert table.game.to_dict()["draws"] == draws + 1


def test_the_record_box_can_be_hidden() -> None:
    assert TableView.deal(seed=1, pace=0, record_box=False)._record_box.layout.display == "none"
    assert TableView.deal(seed=1, pace=0)._record_box.layout.display == ""


def test_the_record_box_is_made_when_opened_and_its_buttons_work() -> None:
    """The accordion's text box and buttons are made when it is first opened (fewer widget models a page);
    then Show puts this hand's record in the box and Replay replays what the box holds."""
    t = TableView.deal(seed=1, dealer="E", players=passers(), pace=0)
    assert not t._records.made and t._record_box.children[0].children == ()
    t._record_box.selected_index = 0  # the learner opens it
    assert t._records.made
    text, buttons, status = t._record_box.children[0].children
    show, load = buttons.children
    assert text is t._records.text and status is t._records.status and text.value == ""
    assert t.bid("6H")
    show.click()
    assert text.value == t.record and "auction:" in text.value
    played = t.record
    t.new_hand()
    text.value = played
    load.click()
    assert "Replaying" in status.value and t.round.auction == Round.from_record(played).auction


# --- issue 27: Hint on a computer's turn, New hand twice, the hint beside the felt -----------------------
def test_hint_on_a_computers_turn_says_so_at_once() -> None:
    asked: list[View] = []

    def hint(view: View) -> str:
        asked.append(view)
        return "Play your best card."

    t = TableView.deal(seed=1, dealer="S", pace=None, hint=hint)  # West bids first; the computer waits for Step
    assert t.to_act == "W" and not t.session.my_turn
    text = t.hint()
    assert text.startswith("It's not your turn yet: West to bid") and "ready when it is your turn" in text
    assert asked == [] and "not your turn yet" in t._hint_html.value  # the hint service was not asked
    while not t.session.my_turn:
        t.step()
    assert t.hint() == "Play your best card." and len(asked) == 1


def test_the_hint_is_shown_beside_the_felt() -> None:
    t = TableView.deal(seed=1, dealer="E", pace=0, hint=lambda v: "A hint.")
    main = next(c for c in t.children if isinstance(c, HBox) and t._felt in c.children)
    side = next(c for c in main.children if c is not t._felt)
    assert t._side in side.children and t._side not in t.children
    assert t._side.names == ("status", "feedback", "hint") and t._hint_html.name == "hint"
    assert t.hint() == "A hint." and "A hint." in t._side.html["hint"]


def test_a_second_new_hand_click_while_the_deal_starts_does_nothing() -> None:
    t = TableView.deal(seed=4, dealer="E", pace=0)
    assert t.new_hand()  # the first hand is thrown in, a new one dealt
    dealt, record, events, score = t.round, t.record, t.events, t.game.scores
    assert t.new_hand() is False  # the double click's second half
    assert t.round is dealt and t.record == record and t.events == events and t.game.scores == score
    # once you have acted in the new hand, New hand deals again (throwing that hand in)
    t.act(t.round.legal_actions()[0])
    assert t.new_hand() and t.round is not dealt


def test_new_hand_deals_again_once_the_deal_has_settled(monkeypatch: pytest.MonkeyPatch) -> None:
    import widgets.table as table

    t = TableView.deal(seed=4, dealer="E", pace=0)
    assert t.new_hand()
    dealt = t.round
    monkeypatch.setattr(table, "NEW_HAND_SETTLE", 0.0)
    assert t.new_hand() and t.round is not dealt


def test_focus_moves_to_the_next_thing_to_do() -> None:
    # issue 27: after a bid, discard or card, focus went to the page; now it goes to the next decision
    for seed in range(30):
        t = TableView.deal(seed=seed, dealer="W", pace=0)  # North and East bid first; South (you) third
        assert t.focus_target == ""  # nothing is focused when the page loads
        tick, plays = t._hand._buttons.focus_tick, 0
        while not t.round.is_over:
            assert t.pass_() if t.round.phase is Phase.AUCTION else t.act(t.round.legal_actions()[0])
            if t.round.phase is Phase.AUCTION and t.session.my_turn:
                assert t.focus_target in ("ladder", "pass"), t.focus_target
            if t.session.my_turn and t.round.phase is Phase.PLAY and not t._joker_buttons_shown():
                plays += 1
                assert t.focus_target == f"card {t._legal_cards()[0]}", t.focus_target
        assert t.focus_target == "new hand"
        if plays:
            assert t._hand._buttons.focus_tick >= tick + plays  # the browser was told, once a decision
            return
    raise AssertionError("no deal was played out")


def test_focus_goes_to_the_kitty_after_winning_the_auction() -> None:
    for seed in range(30):
        t = TableView.deal(seed=seed, dealer="E", pace=0)  # you bid first
        t._focus_ready = True
        tick = t._kitty._cards.focus_tick
        t.act("10NT")  # the top of the ladder: the computers, bidding by the method, overcall anything lower
        if t.round.phase is Phase.KITTY and t.session.my_turn:
            assert t.focus_target == "kitty" and t._kitty._cards.focus_tick == tick + 1
            t.act(t.round.legal_actions()[0])
            assert t.focus_target in ("nomination", "joker suits") or t.focus_target.startswith("card")
            return
    raise AssertionError("no deal let South win with 10NT")


def test_what_the_bids_show_reads_each_computer_call_by_the_method_partner_first() -> None:
    """Free play's "What the bids show": off until a computer player has called, then the method's reading
    of each computer seat's latest call, North (your partner) first; a Random player's calls show nothing."""
    from fivehundred.bidding_method import promise_words
    from fivehundred.players import RulesPlayer

    assert TableView.deal(seed=1, pace=0)._bids_btn is None  # only free play asks for it
    players: dict[int, Player] = {0: RulesPlayer(), 1: RandomPlayer(seed=4), 3: RulesPlayer()}
    t = TableView.deal(seed=5, dealer="S", pace=None, players=players, explain_bids=True)  # West calls first
    button = t._bids_btn
    assert button is not None and button is t._toolbar["bids"] and button.disabled
    while not t.session.my_turn:
        t.step()
        assert not button.disabled
    auction = t.round.auction
    assert {seat for seat, _ in auction} == {3, 0, 1}  # West, North and East have called, South is to call
    text = t.explain_bids()
    north = promise_words(0, auction, rules=t.round.rules)
    west = promise_words(3, auction, rules=t.round.rules)
    assert text.startswith(north) and west in text  # partner first
    assert "East plays at random: its calls show nothing about its hand." in text
    assert "North" in t._hint_html.value and "The bids:" in t._hint_html.value
    button.click()  # the button says the same
    assert "East plays at random" in t._hint_html.value


def test_what_the_bids_show_says_an_expert_player_may_depart_from_the_method() -> None:
    """An Expert seat's call is read by the method, with the sentence that Expert now and then bids otherwise."""
    from fivehundred.analysis.levels import make_player
    from fivehundred.bidding_method import promise_words
    from fivehundred.players import RulesPlayer

    players: dict[int, Player] = {0: RulesPlayer(), 1: make_player("expert", 4, time_budget=5.0), 3: RulesPlayer()}
    t = TableView.deal(seed=5, dealer="S", pace=None, players=players, explain_bids=True)
    while not t.session.my_turn:
        t.step()
    auction = t.round.auction
    text = t.explain_bids()
    assert promise_words(1, auction, rules=t.round.rules) in text and "plays at random" not in text
    assert promise_words(0, auction, rules=t.round.rules) in text
    assert text.endswith(" East is an Expert player: it bids this way, but now and then makes another call, when "
                         "trying the calls out on many possible deals shows that one clearly scores more.")


def test_what_the_bids_show_says_once_that_both_expert_opponents_may_depart() -> None:
    """Two Expert opponents: each call read by the method, then one sentence for both, not one each."""
    from fivehundred.analysis.levels import make_player
    from fivehundred.bidding_method import promise_words
    from fivehundred.players import RulesPlayer

    players: dict[int, Player] = {0: RulesPlayer(), 1: make_player("expert", 4, time_budget=5.0),
                                  3: make_player("expert", 4, time_budget=5.0)}
    t = TableView.deal(seed=5, dealer="S", pace=None, players=players, explain_bids=True)
    while not t.session.my_turn:
        t.step()
    auction, rules = t.round.auction, t.round.rules
    text = t.explain_bids()
    for seat in (0, 1, 3):
        assert promise_words(seat, auction, rules=rules) in text
    assert text.count("Expert") == 1, text
    assert text.endswith(" East and West are Expert players: they bid this way, but now and then make another call, "
                         "when trying the calls out on many possible deals shows that one clearly scores more.")


def test_free_play_offers_what_the_bids_show(tmp_path) -> None:
    from widgets.freeplay import FreePlay

    game = FreePlay(seed=2, path=tmp_path / "freeplay.json", pace=None)
    assert game.table._bids_btn is not None


def test_the_view_draws_the_session_it_is_given() -> None:
    from fivehundred.session import Session

    s = Session(seed=3, dealer="E")
    t = TableView(s, pace=0)
    assert t.session is s and t.round is s.round
    s.act("PASS")  # a gesture on the session shows on the view
    t.refresh()
    assert "You passed." in t.events


def test_the_view_refuses_anything_but_a_session() -> None:
    with pytest.raises(TypeError, match="TableView.deal"):
        TableView(Round.deal(seed=3))  # type: ignore[arg-type]


def test_deal_builds_the_session_from_its_arguments() -> None:
    t = TableView.deal(seed=3, dealer="E", pace=0, record_box=False)
    assert t.round.dealer == 1 and t.pace == 0
    assert t._record_box.layout.display == "none"
    with pytest.raises(FiveHundredError):
        TableView.deal(seed=3, dealer="Q", pace=0)


def test_the_kitty_borrows_the_hands_row_and_gives_it_back() -> None:
    """While you take the kitty, your hand's card row shows the 13 cards (the kitty's 3 marked and captioned)
    and a click chooses a card instead of playing it; after the discard the row is your hand again: 10
    cards, no marks, captions or choice, and the kitty's buttons hidden (issue #26: no new widget models)."""
    t = TableView.deal(seed=2, dealer="E", players=passers(), pace=0)
    row, bar = t.hand._buttons, t._toolbar
    assert bar["kitty_confirm"].hidden and bar.names[:3] == ("kitty_confirm", "kitty_clear", "kitty_count")
    assert t.bid("6H") and t.phase == "kitty"
    kitty = t.round.view(LEARNER).kitty
    assert len(row.cards) == 13 and row.multi and row.row_class == "fh-kitty-cards"
    assert sorted(row.marked) == sorted(str(c) for c in kitty)
    assert sorted(code for code, cap in zip(row.cards, row.captions) if cap) == sorted(str(c) for c in kitty)
    assert not bar["kitty_confirm"].hidden and bar["kitty_count"].description == "0 of 3 chosen"
    three = row.cards[:3]
    for code in three:
        row.click(code)  # as pressing it does: chosen, not played
    assert row.selected == list(three) and t.phase == "kitty" and bar["kitty_count"].description == "3 of 3 chosen"
    row.click(three[0])  # pressed again: put back
    assert row.selected == list(three[1:])
    row.click(three[0])
    bar["kitty_confirm"].click()
    assert t.phase == "play"
    assert set(t.round.discards) == {Card.parse(c) for c in three}
    assert len(row.cards) == 10 and row.cards == [str(c) for c in t.round.hand(LEARNER)]
    assert row.marked == [] and row.selected == [] and not any(row.captions) and not row.multi
    assert row.row_class == "" and bar["kitty_confirm"].hidden and bar["kitty_count"].hidden
    assert not t.kitty.active and t.hand.cards == t.round.hand(LEARNER)


def test_a_new_hand_or_an_undo_while_choosing_the_discards_gives_the_row_back() -> None:
    t = TableView.deal(seed=2, dealer="E", players=passers(), pace=0)
    row = t.hand._buttons
    assert t.bid("6H") and t.phase == "kitty"
    row.click(row.cards[0])
    assert t.undo() and t.phase == "auction"  # back to your bid: the kitty is not yours yet
    assert not t.kitty.active and len(row.cards) == 10 and row.row_class == "" and row.selected == []
    assert row.cards == [str(c) for c in t.round.hand(LEARNER)] and t._toolbar["kitty_confirm"].hidden
    assert t.bid("6H") and t.phase == "kitty" and len(row.cards) == 13 and t.kitty.chosen == ()
    row.click(row.cards[1])
    t._dealt_at = None  # not a double click on New hand
    assert t.new_hand() and t.round.phase is Phase.AUCTION
    assert not t.kitty.active and row.row_class == "" and row.marked == [] and not row.multi
    assert row.cards == [str(c) for c in t.round.hand(LEARNER)] and t.kitty.chosen == ()
