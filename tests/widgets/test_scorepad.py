"""ScorePad: running scores, reasons from the engine, and a deterministic SVG chart."""

from __future__ import annotations

from fivehundred import Game
from fivehundred.players import RandomPlayer, play_hand
from widgets import ScorePad
from widgets.scorepad import score_chart_svg


def _game_with_hands(seed: int, hands: int) -> Game:
    game = Game(seed=seed)
    for _ in range(hands):
        play_hand(game.round, [RandomPlayer(seed=seed * 10 + s) for s in range(4)])
        game.next_hand()
        if game.is_over:
            break
    return game


def test_empty_pad() -> None:
    pad = ScorePad(Game(seed=1))
    assert repr(pad) == "ScorePad(hands=0, totals='N–S 0, E–W 0')"
    assert "no hands yet" in pad._table.value
    assert pad._chart.value == ""


def test_pad_follows_the_game_lines_and_reasons() -> None:
    game = _game_with_hands(4, 3)
    pad = ScorePad(game)
    assert pad.hands == len(game.lines) >= 1
    assert pad.totals == game.scores
    assert pad.reasons == tuple(line.reason for line in game.lines)
    for line in game.lines:
        assert line.reason.replace("'", "&#x27;") in pad._table.value
    assert pad._table.value.count('class="fh-score-line"') == len(game.lines)
    assert "fh-score-chart" in pad._chart.value
    if game.result is not None:
        assert "Game over." in pad._result.value
        assert game.result.reason.split(" ")[0] in pad._result.value


def test_add_line_by_line_matches_set_lines() -> None:
    game = _game_with_hands(9, 3)
    one = ScorePad()
    for line in game.lines:
        one.add(line)
    other = ScorePad(lines=game.lines)
    assert one.totals == other.totals == game.scores
    assert one.chart_svg() == other.chart_svg()


def test_chart_is_deterministic_and_has_the_500_lines() -> None:
    a = score_chart_svg([(200, 20), (-320, 100)], ("N–S", "E–W"))
    b = score_chart_svg([(200, 20), (-320, 100)], ("N–S", "E–W"))
    assert a == b
    assert a.count('class="fh-chart-limit"') == 2
    assert "+500 wins" in a and "−500 loses" in a
    assert a.count("<polyline") == 2
    assert "N–S -320" in a and "E–W 100" in a
    assert "0x" not in a and "id=" not in a
    # one point per hand plus the start
    assert a.count("<circle") == 2 * 3


def test_chart_stretches_past_500() -> None:
    svg = score_chart_svg([(760, -40)], ("N–S", "E–W"))
    assert "N–S after hand 1: 760" in svg
