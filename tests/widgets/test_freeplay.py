"""Free play: whole games to 500 against computer players, driven through the Python API (no browser).

Covers: a game to its end with every 4-player preset, the opponents' and the
partner's level menus (old saves' player names read as levels), the partner's card play (none of the three partner blunders), the review
after each hand, saving and resuming (mid-hand and between hands), a damaged
save, and exporting / importing hand records.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fivehundred import Round
from fivehundred.actions import Action, Play
from fivehundred.analysis.hints import SearchPlayer
from fivehundred.players import Player, RandomPlayer, RulesPlayer
from fivehundred.round import Phase
from fivehundred.rules import PRESETS
from fivehundred.scoring import NUM_TRICKS
from fivehundred.trick import trick_winner
from fivehundred.trumps import effective_suit, trick_rank
from widgets import freeplay
from widgets.freeplay import FreePlay, make_player, save_path
from widgets.table import LEARNER

NORTH, SOUTH = 0, 2


def learner_move(fp: FreePlay, player: Player) -> None:
    """South's next decision, chosen by ``player`` and made with the table's gestures."""
    t = fp.table
    r = t.round
    assert t.my_turn, (t, t.status)
    act: Action = player.choose(r.view(LEARNER))
    assert t.act(act), t.feedback


def finish_hand(fp: FreePlay, player: Player) -> Round:
    for _ in range(120):
        if fp.table.round.is_over:
            return fp.table.round
        learner_move(fp, player)
    raise AssertionError("the hand did not end")


def play_game(fp: FreePlay, player: Player, max_hands: int = 80) -> int:
    hands = 0
    while not fp.game.is_over:
        assert hands < max_hands, f"no result after {hands} hands: {fp.game.scores}"
        finished = finish_hand(fp, player)
        hands += 1
        assert finished in fp.game.hands
        assert fp.review is not None and fp.review.hand_number == len(fp.game.hands)
        if not fp.game.is_over:
            assert fp.table.new_hand()
    return hands


OPPONENTS = ["club", "random", "club", "expert", "beginner", "club", "random", "beginner"]


@pytest.mark.parametrize("preset, strength", list(zip(PRESETS, OPPONENTS)))
def test_a_whole_game_runs_to_its_end_with_every_preset(
    preset: str, strength: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = PRESETS[preset]
    assert rules.players == 4
    monkeypatch.setattr(freeplay, "SEARCH_BUDGET", 0.1)
    fp = FreePlay(seed=len(preset), rules=rules, opponents=strength, pace=0, path=None)
    assert fp.game.rules == rules
    hands = play_game(fp, RulesPlayer())
    g = fp.game
    assert g.result is not None and len(g.lines) == hands == len(g.hands)
    # the totals are the sums of each hand's points, and the game ended by the rules' 500 / -500
    for side in range(2):
        assert g.scores[side] == sum(line.points[side] for line in g.lines)
    assert max(g.scores) >= 500 or min(g.scores) <= -500
    assert g.scores[g.result.winner] == max(g.scores) or g.result.loser is not None
    # the score pad followed every hand, and the page says the game is over
    assert fp.table.scorepad.hands == hands
    assert fp._scores.lines == tuple(g.lines)  # the score pad panel under the table follows the game
    assert "Game over" in fp._game_over_html.value and "New game" in fp._game_over_html.value
    assert "The game is over" in fp.table.status
    # a new game starts at 0-0 with the same opponents
    assert fp.new_game()
    assert fp.game is not g and fp.game.scores == (0, 0) and not fp.game.hands
    assert fp._game_over_html.value == "" and fp.opponents == {"W": strength, "E": strength}


def test_the_level_menus_seat_the_chosen_players() -> None:
    fp = FreePlay(seed=2, pace=0, path=None, opponents={"W": "random", "E": "expert"})
    players = fp.table.players
    assert isinstance(players[3], RandomPlayer) and isinstance(players[1], SearchPlayer)
    # the partner starts at Club, the strongest level that may partner you: the rules player with memory
    assert isinstance(players[0], RulesPlayer) and players[0].memory and fp.partners == {"N": "club"}
    assert [label for label, _ in fp._menus["W"].options] == ["Random", "Beginner", "Club", "Expert"]
    assert fp.set_opponent("W", "beginner") and isinstance(fp.table.players[3], RulesPlayer)
    assert not fp.table.players[3].memory and fp._menus["W"].value == "beginner"
    fp._menus["E"].value = "random"  # the dropdown, as a click would change it
    assert isinstance(fp.table.players[1], RandomPlayer) and fp.opponents == {"W": "beginner", "E": "random"}
    assert not fp.set_opponent("W", "grandmaster")
    assert "Choose a level" in fp._notice_html.value
    assert not fp.set_opponent("N", "random") and isinstance(fp.table.players[0], RulesPlayer)
    with pytest.raises(ValueError, match="no player level"):
        make_player("grandmaster")


def test_the_partner_menu_offers_beginner_and_club_and_says_why_not_expert() -> None:
    fp = FreePlay(seed=2, pace=0, path=None)
    menu = fp._partner_menus["N"]
    assert [label for label, _ in menu.options] == ["Beginner", "Club"] and menu.value == "club"
    assert "Expert is not offered as your partner" in menu.tooltip and "half a second" in menu.tooltip
    assert "never overtakes" in fp._partner_note.value and "Expert is not offered" in fp._partner_note.value
    menu.value = "beginner"  # a click
    north = fp.table.players[NORTH]
    assert isinstance(north, RulesPlayer) and not north.memory and fp.partners == {"N": "beginner"}
    assert "forgets which cards have gone" in fp._partner_note.value
    # Expert and Random may not partner you; an opponent's seat is not a partner's
    assert not fp.set_partner("N", "expert") and "Expert is not offered as your partner" in fp._notice_html.value
    assert not fp.set_partner("N", "random") and fp.partners == {"N": "beginner"}
    assert not fp.set_partner("E", "club") and "Your partners sit North" in fp._notice_html.value
    with pytest.raises(ValueError, match="may not sit as your partner"):
        FreePlay(seed=2, pace=0, path=None, partners="expert")
    assert FreePlay(seed=2, pace=0, path=None, partners="beginner").partners == {"N": "beginner"}


@pytest.mark.parametrize("old, level", [("rules", "club"), ("search", "expert"), ("random", "random")])
def test_a_save_from_before_the_levels_loads_with_its_players_as_levels(tmp_path: Path, old: str, level: str) -> None:
    path = tmp_path / "freeplay.json"
    first = FreePlay(seed=5, pace=0, path=path)
    finish_hand(first, RulesPlayer())
    data = json.loads(path.read_text())
    data["opponents"] = {"W": old, "E": "rules"}  # as free play saved them before the levels: no partners either
    del data["partners"]
    path.write_text(json.dumps(data))
    back = FreePlay(seed=5, pace=0, path=path)
    assert "Welcome back" in back.notice and back.game.scores == first.game.scores and len(back.game.hands) == 1
    assert back.opponents == {"W": level, "E": "club"} and back.partners == {"N": "club"}
    west, east, north = back.table.players[3], back.table.players[1], back.table.players[0]
    kind = {"club": RulesPlayer, "expert": SearchPlayer, "random": RandomPlayer}[level]
    assert type(west) is kind and type(east) is RulesPlayer and type(north) is RulesPlayer
    assert getattr(west, "memory", True) and east.memory and north.memory  # Club remembers the cards
    assert back._menus["W"].value == level
    back._save(force=True)  # the next save writes the levels' names
    assert json.loads(path.read_text())["opponents"] == {"W": level, "E": "club"}


# --- the partner never blunders ---------------------------------------------------------------------
# Judged from North's own knowledge (what North can see: its hand and the cards played), with the
# trick winner from the engine's trick_winner and legal cards from the round.


def _winner(r: Round, cards: list) -> int:
    t = r.current_trick
    assert t is not None and r.contract is not None
    return trick_winner(cards, r.contract.trump, led=t.led, nominated=r.nominated)


def north_blunder(r: Round, act: Play) -> tuple[list[str], str | None]:
    """(situations where a blunder was possible, the blunder made or None) for North's ``act``."""
    t = r.current_trick
    assert r.contract is not None
    if t is None or not t.plays:
        return [], None
    trump = r.contract.trump
    legal = list(dict.fromkeys(p.card for p in r.legal_plays()))
    cards = list(t.cards)
    seats = [s for s, _ in t.plays]
    unseen = r.view(NORTH).unseen
    situations: list[str] = []
    made = None
    if SOUTH in seats and seats[_winner(r, cards)] == SOUTH:
        pos = seats.index(SOUTH)
        calm = [c for c in legal if _winner(r, cards + [c]) == pos]
        last = len(t.plays) == 3
        sure = calm and (last or all(_winner(r, cards + [calm[0], x]) == pos for x in unseen))
        if sure:
            situations.append("sure winner")
            if _winner(r, cards + [act.card]) != pos:
                ruff = effective_suit(act.card, trump, r.nominated) == trump and t.led != trump
                made = "trumped partner's winning trick" if ruff else "overtook partner's sure winner"
    own = effective_suit(act.card, trump, r.nominated)
    if t.led is not None and not act.card.is_joker and own not in (t.led, trump) and not r.contract.is_misere:

        def boss(card) -> bool:  # no card North hasn't seen ranks above it in its suit
            suit = effective_suit(card, trump, r.nominated)
            alive = [x for x in (*unseen, *r.hand(NORTH)) if not x.is_joker
                     and effective_suit(x, trump, r.nominated) == suit]
            return all(trick_rank(x, trump, suit, r.nominated) <= trick_rank(card, trump, suit, r.nominated)
                       for x in alive)

        others = [c for c in legal if c != act.card and not c.is_joker and not boss(c)
                  and effective_suit(c, trump, r.nominated) not in (trump, None)]
        if others:
            situations.append("discard")
            if boss(act.card):
                made = made or "discarded a boss card"
    return situations, made


def _last_to_play_positions(count: int):
    """Positions where North plays last to a trick South is winning, void in the suit led (trump contracts)."""
    found = []
    for seed in range(400):
        r = Round.deal(seed=seed, dealer=seed % 4)
        players: list[Player] = [RulesPlayer(), RandomPlayer(seed=seed), RandomPlayer(seed=seed + 1), RulesPlayer()]
        while not r.is_over:
            t = r.current_trick
            if (r.to_act == NORTH and t is not None and len(t.plays) == 3 and r.contract is not None
                    and r.contract.trump is not None and t.led is not r.contract.trump
                    and t.plays[_winner(r, list(t.cards))][0] == SOUTH):
                legal = [p.card for p in r.legal_plays()]
                suits = {effective_suit(c, r.contract.trump, r.nominated) for c in legal}
                if t.led not in suits and r.contract.trump in suits and len(suits) >= 2:
                    found.append(r.copy())
                    break
            r.apply(players[r.to_act].choose(r.view(r.to_act)))
        if len(found) >= count:
            return found
    raise AssertionError("no such positions")


def test_the_blunder_check_itself_flags_a_ruff_of_partners_trick_and_passes_a_discard() -> None:
    checked = 0
    for r in _last_to_play_positions(8):
        assert r.contract is not None
        trump = r.contract.trump
        legal = list(dict.fromkeys(p.card for p in r.legal_plays()))
        cards = list(r.current_trick.cards) if r.current_trick else []
        ruffs = [c for c in legal if effective_suit(c, trump, r.nominated) == trump and _winner(r, cards + [c]) == 3]
        side = [c for c in legal if effective_suit(c, trump, r.nominated) not in (trump, None)]
        sits, made = north_blunder(r, Play(side[0]))
        assert "sure winner" in sits  # North plays last to South's winning card
        if ruffs:
            checked += 1
            assert north_blunder(r, Play(ruffs[0]))[1] == "trumped partner's winning trick"
        # a side-suit card is a blunder only when it is the top card left in its suit and a lesser one was held
        for c in side:
            _, made = north_blunder(r, Play(c))
            suit = effective_suit(c, trump, r.nominated)
            higher = [x for x in r.view(NORTH).unseen if not x.is_joker and effective_suit(x, trump, r.nominated) == suit
                      and trick_rank(x, trump, suit, r.nominated) > trick_rank(c, trump, suit, r.nominated)]
            if higher:
                assert made is None, (c, higher)
    assert checked >= 2


@pytest.mark.parametrize("partner_seed", range(3))
def test_the_partner_never_overtakes_trumps_partner_or_throws_a_boss(partner_seed: int) -> None:
    fp = FreePlay(seed=100 + partner_seed, pace=0, path=None, opponents="rules", review_budget=0.0)
    south = RandomPlayer(seed=partner_seed)
    chances = {"sure winner": 0, "discard": 0}
    blunders = []
    for _ in range(60):
        r = finish_hand(fp, south)
        if r.contract is not None and NORTH not in r.sitting_out:
            replay = r.from_deal()
            for act in r.history:
                if replay.phase is Phase.PLAY and replay.to_act == NORTH and isinstance(act, Play):
                    sits, made = north_blunder(replay, act)
                    for s in sits:
                        chances[s] += 1
                    if made:
                        blunders.append((r.record(), len(replay.tricks) + 1, act, made))
                replay.apply(act)
        if fp.game.is_over:
            fp.new_game()
        else:
            fp.table.new_hand()
    assert not blunders, blunders[:2]
    # the hands gave the partner real chances to blunder
    assert chances["sure winner"] >= 20 and chances["discard"] >= 10, chances


# --- the review ----------------------------------------------------------------------------------


def test_the_review_grades_souths_cards_in_the_last_tricks() -> None:
    fp = FreePlay(seed=7, pace=0, path=None, review_budget=2.0)
    for _ in range(10):
        r = finish_hand(fp, RandomPlayer(seed=3))
        if r.contract is not None and SOUTH not in r.sitting_out:
            break
        fp.table.new_hand()
    rev = fp.review
    assert rev is not None and rev.hand_number == len(fp.game.hands)
    south_late = [(i + 1, c) for i, t in enumerate(r.tricks) for s, c in t.plays
                  if s == SOUTH and i >= NUM_TRICKS - freeplay.REVIEW_TRICKS]
    assert [(g.trick, g.play.card) for g in sorted(rev.graded, key=lambda g: g.trick)] == south_late
    graded = [g for g in rev.graded if g.grade is not None]
    assert sum(rev.counts.values()) == len(graded) and 2 * len(graded) >= len(south_late) > 0
    assert all("too long to check" in g.note for g in rev.graded if g.grade is None)  # the counted node budget
    assert f"Review of hand {rev.hand_number}" in fp._review_html.value
    assert rev.summary() in fp.review_text
    for g, sentence in zip(rev.worst, rev.moments()):
        assert g.grade != "best" and g.play.card.label in sentence and g.play not in g.best
    # a new hand keeps the last review on view, marked as the hand before
    fp.table.new_hand()
    assert "the hand before this one" in fp._review_html.value


def test_the_review_of_a_random_random_hand_finds_a_mistake_that_the_solver_confirms() -> None:
    from fivehundred.analysis.solver import card_values

    for seed in range(30):
        fp = FreePlay(seed=seed, pace=0, path=None, opponents="random", review_budget=2.0)
        r = finish_hand(fp, RandomPlayer(seed=seed))
        rev = fp.review
        if rev is None or not rev.worst:
            continue
        g = rev.worst[0]
        # replay to that card and ask the solver: the card played does worse for South's side than a best card
        replay = r.from_deal()
        count = 0
        for act in r.history:
            if isinstance(act, Play) and replay.phase is Phase.PLAY:
                if len(replay.tricks) + 1 == g.trick and replay.to_act == SOUTH and act == g.play:
                    break
            replay.apply(act)
            count += 1
        values = card_values(replay)
        assert values[g.play] != values[g.best[0]]
        return
    raise AssertionError("no reviewed hand had a costly card in 30 random hands")


# --- saving and resuming ------------------------------------------------------------------------------


def test_save_path_sits_beside_the_progress_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FIVEHUNDRED_PROGRESS", str(tmp_path / "p" / "progress.json"))
    assert save_path() == tmp_path / "p" / "freeplay.json"
    monkeypatch.setenv("FIVEHUNDRED_PROGRESS", "off")
    assert save_path() is None
    fp = FreePlay(seed=1, pace=0)
    assert fp.path is None and FreePlay(seed=1, pace=0).path is None


def test_resume_mid_hand(tmp_path: Path) -> None:
    path = tmp_path / "freeplay.json"
    fp = FreePlay(seed=3, pace=0, path=path, opponents={"W": "expert", "E": "club"}, partners="beginner")
    finish_hand(fp, RulesPlayer())
    fp.table.new_hand()
    for _ in range(6):  # into the second hand
        learner_move(fp, RulesPlayer())
    saved = json.loads(path.read_text())
    assert saved["format"] == freeplay.SAVE_FORMAT and saved["opponents"] == {"W": "expert", "E": "club"}
    assert saved["partners"] == {"N": "beginner"}
    back = FreePlay(seed=99, pace=0, path=path)
    assert back.game.scores == fp.game.scores and len(back.game.hands) == 1
    assert back.table.round.record() == fp.table.round.record()
    assert back.table.round.history == fp.table.round.history
    assert back.opponents == {"W": "expert", "E": "club"} and back.partners == {"N": "beginner"}
    assert isinstance(back.table.players[3], SearchPlayer) and not back.table.players[0].memory
    assert "Welcome back" in back.notice and "hand 2" in back.notice
    assert back.review is not None and back.review.hand_number == 1  # the last hand's review is back
    assert "Review of hand 1 (the hand before this one)" in back._review_html.value
    # both carry on identically from here (the deals to come are the same)
    finish_hand(fp, RulesPlayer())
    finish_hand(back, RulesPlayer())
    assert back.game.scores == fp.game.scores
    assert back.game.round.dealt_hands == fp.game.round.dealt_hands


def test_resume_between_hands_and_after_the_game(tmp_path: Path) -> None:
    path = tmp_path / "freeplay.json"
    fp = FreePlay(seed=5, pace=0, path=path)
    finish_hand(fp, RulesPlayer())  # the finished hand is on the table; the next one is dealt in the game
    back = FreePlay(pace=0, path=path)
    assert len(back.game.hands) == 1 and back.game.scores == fp.game.scores
    assert back.table.round.dealt_hands == fp.game.round.dealt_hands
    assert back.table.my_turn and back.table.round.phase is Phase.AUCTION  # the computer called up to South
    # a game played to its end resumes as over; New game starts again at 0-0 and is saved
    play_game(back, RulesPlayer())
    over = FreePlay(pace=0, path=path)
    assert over.game.is_over and over.game.scores == back.game.scores
    over.new_game()
    assert json.loads(path.read_text())["game"]["hands"] == []


@pytest.mark.parametrize(
    "content, words",
    [
        ("{this is not json", "not readable"),
        ('{"format": "something else"}', "not a free-play save"),
        ("[1, 2, 3]", "not a free-play save"),
    ],
)
def test_a_corrupt_save_gives_a_clear_message_and_a_fresh_game(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "freeplay.json"
    path.write_text(content)
    fp = FreePlay(seed=2, pace=0, path=path)
    assert words in fp.notice and "A new game has started" in fp.notice
    assert words in fp._notice_html.value
    assert fp.game.scores == (0, 0) and not fp.game.hands
    assert (tmp_path / "freeplay.json.unreadable-1").read_text() == content
    assert json.loads(path.read_text())["format"] == freeplay.SAVE_FORMAT  # the fresh game is saved


def test_a_tampered_save_is_refused_by_the_engine_with_its_reason(tmp_path: Path) -> None:
    path = tmp_path / "freeplay.json"
    fp = FreePlay(seed=6, pace=0, path=path)
    finish_hand(fp, RulesPlayer())
    data = json.loads(path.read_text())
    data["game"]["totals"] = [480, 0]
    path.write_text(json.dumps(data))
    back = FreePlay(pace=0, path=path)
    assert "scores do not add up" in back.notice and back.game.scores == (0, 0)


# --- export and import -------------------------------------------------------------------------------


def test_export_any_hand_and_import_it_to_replay() -> None:
    fp = FreePlay(seed=9, pace=0, path=None)
    for _ in range(2):
        finish_hand(fp, RulesPlayer())
        fp.table.new_hand()
    learner_move(fp, RulesPlayer())  # the third hand is under way
    first = fp.export_hand(1)
    assert first == fp.game.hands[0].record() and fp._export_text.value == first
    assert "result:" in first and Round.from_record(first).result == fp.game.hands[0].result
    assert fp.export_hand(3) == fp.table.round.record()  # the hand in progress
    with pytest.raises(ValueError, match="no hand 4"):
        fp.export_hand(4)
    # the Export buttons: one per hand, the hand in progress last
    buttons = [row.children[0] for row in fp._hands_box.children]
    assert len(buttons) == 3
    buttons[1].click()
    assert fp._export_text.value == fp.game.hands[1].record()
    # while a finished hand is still on the table there is no hand in progress to export
    finish_hand(fp, RulesPlayer())
    assert not fp.game.is_over  # (seed 9: the game goes on)
    assert len(fp._hands_box.children) == 3 and fp.table.round is fp.game.hands[2]
    with pytest.raises(ValueError, match="hands 1 to 3"):
        fp.export_hand(4)
    fp.table.new_hand()
    assert len(fp._hands_box.children) == 4 and fp.export_hand(4) == fp.table.round.record()
    # import: the record replays on its own table, and the game is untouched
    before = fp.game.to_dict()
    assert fp.import_record(first)
    assert fp.replay is not None and fp.replay.round.record() == first
    assert fp.game.to_dict() == before
    assert not fp.import_record("rules: australian\ndealer: N\n")
    assert "record" in fp._import_status.value.lower() or "hand" in fp._import_status.value.lower()


def test_the_new_game_button_asks_before_dropping_a_game_in_progress() -> None:
    fp = FreePlay(seed=8, pace=0, path=None)
    learner_move(fp, RulesPlayer())
    game = fp.game
    fp._new_game_btn.click()
    assert fp.game is game and fp._confirm.layout.display == ""
    fp._confirm_no.click()
    assert fp.game is game and fp._confirm.layout.display == "none"
    fp._new_game_btn.click()
    fp._confirm_yes.click()
    assert fp.game is not game and fp.game.scores == (0, 0) and fp._confirm.layout.display == "none"
    # nothing to lose yet (South has not acted, whatever the computer did): no question
    fresh = fp.game
    assert fp.table.my_turn and all(seat != LEARNER for seat in fp.table.round.actors())
    fp._new_game_btn.click()
    assert fp.game is not fresh and fp._confirm.layout.display == "none"


@pytest.mark.parametrize("pasted", ["JH " * 3_400_000, "rules: australian\n" + "# " * 2_000_000, "[" * 100_000])
def test_a_huge_paste_in_the_import_box_is_refused_at_once_without_echoing_it(pasted: str) -> None:
    import time

    fp = FreePlay(seed=3, pace=0, path=None)
    start = time.process_time()
    assert not fp.import_record(pasted)
    seconds = time.process_time() - start
    assert seconds < 0.5, f"{seconds * 1000:.0f} ms"  # CPU; the 50 ms target is bench/input_bounds.py's
    status = fp._import_status.value
    assert len(status) < 1_000 and pasted[:201] not in status
    assert "too long" in status or "not" in status
    assert fp.replay is None


def test_the_review_grades_every_card_of_the_hands_that_once_ran_out() -> None:
    # issue 27: "2 early cards took too long to check"; with 50,000 positions a card, these two seeded
    # rules-player hands left 2 cards ungraded each; now every card is graded, in well under 3 s (loaded)
    import time

    from fivehundred.players import RulesPlayer
    from widgets.wiring import review_hand

    bots = RulesPlayer()
    for seed in (2, 6, 13, 18):  # 2, 13 and 18 left a card ungraded with 2 million positions a card
        r = Round.deal(seed=seed)
        while not r.is_over:
            r.apply(bots.choose(r.view(r.to_act)))
        start = time.perf_counter()
        rev = review_hand(r, 1)
        took = time.perf_counter() - start
        assert len(rev.graded) == 10 and all(g.grade is not None for g in rev.graded), rev.summary()
        assert "too long" not in rev.summary(), rev.summary()
        assert took < 12.0, took  # 1.05 s alone on the loaded machine, 6 s under a whole niced test run
