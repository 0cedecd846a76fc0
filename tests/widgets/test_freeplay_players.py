"""Free play at 3 and 6 players: the seats, the opponents' menus, a hand played, saving and resuming."""

from __future__ import annotations

from pathlib import Path

import pytest

from fivehundred.errors import FiveHundredError
from fivehundred.players import RandomPlayer, RulesPlayer
from fivehundred.rules import Rules
from widgets.freeplay import PLAYER_COUNTS, FreePlay


def finish(fp: FreePlay) -> None:
    me = RulesPlayer()
    t = fp.table
    for _ in range(200):
        if t.round.is_over:
            return
        assert t.my_turn, t.status
        assert t.act(me.choose(t.round.view(t.session.learner))), t.feedback
    raise AssertionError("the hand did not finish")


def test_three_players_everyone_alone(tmp_path: Path) -> None:
    fp = FreePlay(rules=Rules.preset("australian", players=3), seed=3, pace=0, path=tmp_path / "fp.json",
                  opponents="random")
    t = fp.table
    assert t.round.players == 3 and t.session.learner == 1  # you sit East at three
    assert fp.opponents == {"N": "random", "W": "random"}
    assert all(isinstance(p, RandomPlayer) for p in t.players.values())
    assert set(fp._menus) == {"N", "W"} and "everyone plays alone" in fp._partner_note.value
    assert fp.partners == {} and not fp._partner_menus and fp._partner_box.layout.display == "none"
    assert not fp.set_partner("N", "club") and "no partner" in fp._notice_html.value
    finish(fp)
    assert len(fp.game.lines) == 1 and fp.review is not None
    resumed = FreePlay(pace=0, path=tmp_path / "fp.json")
    assert resumed.game.rules.players == 3 and resumed.opponents == {"N": "random", "W": "random"}
    assert "Welcome back" in resumed.notice


def test_six_players_two_teams_and_switching_the_table(tmp_path: Path) -> None:
    fp = FreePlay(seed=6, pace=0, path=tmp_path / "fp.json")
    assert fp.game.rules.players == 4 and set(fp._menus) == {"W", "E"}
    assert fp.set_player_count(6)
    t = fp.table
    assert t.round.players == 6 and t.session.learner == 3 and fp._count_menu.value == 6
    # your team sits in alternate seats (North-East and North-West), Club (the rules player) at both
    assert all(isinstance(t.players[s], RulesPlayer) for s in (1, 5))
    assert fp.partners == {"NE": "club", "NW": "club"} and set(fp._partner_menus) == {"NE", "NW"}
    assert fp.set_partner("NW", "beginner") and not t.players[5].memory and t.players[1].memory
    assert "Beginner and Club level" in fp._partner_note.value
    assert set(fp._menus) == {"N", "SE", "SW"} and "team-mates" in fp._partner_note.value
    assert fp.children[2] is t  # the new table replaced the old one on the page
    finish(fp)
    assert len(fp.game.lines) == 1
    back = FreePlay(pace=0, path=tmp_path / "fp.json")
    assert back.game.rules.players == 6 and back.partners == {"NE": "club", "NW": "beginner"}
    assert not fp.set_player_count(5) and fp.game.rules.players == 6


def test_the_menu_offers_three_four_and_six() -> None:
    assert PLAYER_COUNTS == (3, 4, 6)
    fp = FreePlay(seed=1, pace=0, path=None)
    assert [v for _, v in fp._count_menu.options] == [3, 4, 6]
    fp._count_menu.value = 3
    assert fp.game.rules.players == 3
    with pytest.raises(FiveHundredError, match="3, 4 or 6"):
        FreePlay(rules=Rules.preset("australian", players=5), path=None)
