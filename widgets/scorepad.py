"""ScorePad: the running score of a game, hand by hand, each change with its reason.

The numbers and the reasons come from the engine (:class:`fivehundred.game.ScoreLine`,
built by :class:`fivehundred.game.Game`); the pad only lays them out and draws a
small line chart of the game so far with the +500 (win) and −500 (lose) lines.

>>> from fivehundred import Game
>>> pad = ScorePad(Game(seed=1))
>>> pad
ScorePad(hands=0, totals='N–S 0, E–W 0')
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Sequence

import ipywidgets as w
import traitlets

from fivehundred import text as learner
from fivehundred.game import Game, ScoreLine
from fivehundred.i18n import _, ngettext
from fivehundred.rules import AUSTRALIAN, Rules
from fivehundred.scoring import GameResult
from fivehundred.seating import sides

from widgets._common import FONT, INK, message_html, small_html

__all__ = ["ScorePad", "score_chart_svg", "SIDE_COLOURS"]

#: one line colour per side (N–S blue, E–W orange, then more for 3–6 players)
SIDE_COLOURS = ("#1e5fb4", "#c2410c", "#2e7d32", "#6a1b9a", "#00838f", "#8d6e00")

_CHART_W = 440
_CHART_H = 190
_PAD_L = 44
_PAD_R = 14
_PAD_T = 14
_PAD_B = 24


def _n(x: float) -> str:
    """A coordinate with one decimal, no trailing ``.0`` (deterministic text)."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text



def score_chart_svg(
    totals: Sequence[Sequence[int]],
    side_names: Sequence[str],
    *,
    target: int = 500,
    lose_at: int = -500,
) -> str:
    """An inline SVG line chart: one line per side through the running totals.

    ``totals`` holds the totals after each hand (the start, 0 for everyone, is
    added here).  The dashed lines mark ``target`` and ``lose_at``.  The text is
    deterministic (no ids, fixed number formatting), so notebooks can compare it.
    """
    sides_count = len(side_names)
    series = [[0] + [int(t[i]) for t in totals] for i in range(sides_count)]
    values = [v for s in series for v in s] + [target, lose_at, 0]
    top = float(max(values))
    bottom = float(min(values))
    span = max(top - bottom, 1)
    top += span * 0.06
    bottom -= span * 0.06
    hands = max(len(totals), 1)
    inner_w = _CHART_W - _PAD_L - _PAD_R
    inner_h = _CHART_H - _PAD_T - _PAD_B

    def x(i: int) -> float:
        return _PAD_L + inner_w * i / hands

    def y(v: float) -> float:
        return _PAD_T + inner_h * (top - v) / (top - bottom)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="fh-score-chart" width="{_CHART_W}" height="{_CHART_H}" '
        f'viewBox="0 0 {_CHART_W} {_CHART_H}" role="img" aria-label="'
        + escape(
            ngettext("Score chart: {scores} after {n} hand", "Score chart: {scores} after {n} hands", len(totals)).format(
                scores="; ".join(f"{name} {s[-1]}" for name, s in zip(side_names, series)), n=len(totals))
        )
        + f'" style="font-family:{FONT};max-width:100%;height:auto">',
        f'<rect x="0" y="0" width="{_CHART_W}" height="{_CHART_H}" rx="8" fill="#fbfcfd" stroke="#d5dbe1"/>',
    ]
    for value, label, colour in ((target, _("+{points} wins").format(points=target), "#2e7d32"),
                                   (lose_at, _("{points} loses").format(points=learner.signed(lose_at)), "#b71c1c")):
        parts.append(
            f'<line class="fh-chart-limit" x1="{_n(_PAD_L)}" y1="{_n(y(value))}" x2="{_n(_CHART_W - _PAD_R)}" '
            f'y2="{_n(y(value))}" stroke="{colour}" stroke-width="1.5" stroke-dasharray="6 4"/>'
            f'<text x="{_n(_PAD_L + 4)}" y="{_n(y(value) - 4)}" font-size="11" fill="{colour}">{escape(label)}</text>'
        )
    parts.append(
        f'<line x1="{_n(_PAD_L)}" y1="{_n(y(0))}" x2="{_n(_CHART_W - _PAD_R)}" y2="{_n(y(0))}" stroke="#9aa5b1" stroke-width="1"/>'
        f'<text x="{_n(_PAD_L - 6)}" y="{_n(y(0) + 4)}" font-size="11" text-anchor="end" fill="#52606d">0</text>'
    )
    for i in range(hands + 1):
        if i == 0 or i == hands or hands <= 12 or i % 5 == 0:
            parts.append(
                f'<text x="{_n(x(i))}" y="{_n(_CHART_H - 7)}" font-size="10" text-anchor="middle" fill="#52606d">{i}</text>'
            )
    # Translators: the tooltip of one point of the score chart ("N–S after hand 3: 120")
    dot = _("{side} after hand {n}: {points}")
    for k, (name, s) in enumerate(zip(side_names, series)):
        colour = SIDE_COLOURS[k % len(SIDE_COLOURS)]
        points = " ".join(f"{_n(x(i))},{_n(y(v))}" for i, v in enumerate(s))
        parts.append(
            f'<polyline class="fh-chart-side" data-side="{escape(name)}" points="{points}" fill="none" '
            f'stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"/>'
        )
        for i, v in enumerate(s):
            parts.append(
                f'<circle cx="{_n(x(i))}" cy="{_n(y(v))}" r="3" fill="{colour}"><title>{escape(dot.format(side=name, n=i, points=v))}</title></circle>'
            )
        legend = f"{name} {learner.points(s[-1])}"
        width = 7.4 * len(legend) + 8
        parts.append(
            f'<rect x="{_n(_CHART_W - _PAD_R - width)}" y="{_n(_PAD_T + 1 + 14 * k)}" width="{_n(width)}" height="14" '
            f'rx="3" fill="#fbfcfd" fill-opacity="0.92"/>'
            f'<text x="{_n(_CHART_W - _PAD_R - 4)}" y="{_n(_PAD_T + 12 + 14 * k)}" font-size="12" font-weight="bold" '
            f'text-anchor="end" fill="{colour}">{escape(legend)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


class ScorePad(w.VBox):
    """Running scores per side across hands, with the engine's reason for every change.

    Build it from a :class:`~fivehundred.game.Game` (``ScorePad(game)``, then
    :meth:`update` after each hand) or from score lines (``lines=game.lines``),
    or add lines one at a time with :meth:`add`.
    """

    hands = traitlets.Int(0)

    def __init__(
        self,
        game: Game | None = None,
        *,
        lines: Iterable[ScoreLine] = (),
        rules: Rules | None = None,
        title: str | None = None,
    ) -> None:
        super().__init__()
        self.add_class("fh-scorepad")
        self._rules: Rules = rules if rules is not None else (game.rules if game is not None else AUSTRALIAN)
        if title is None:
            title = _("Score pad")
        self._title = w.HTML(
            f'<div style="font-family:{FONT};font-size:16px;font-weight:bold;color:{INK};margin:2px 0 6px 0">'
            f"{escape(title)}</div>"
            if title
            else ""
        )
        self._table = w.HTML()
        self._table.add_class("fh-scorepad-table")
        self._chart = w.HTML()
        self._chart.add_class("fh-scorepad-chart")
        self._result = w.HTML()
        self._result.add_class("fh-scorepad-result")
        self.children = (self._title, self._table, self._chart, self._result)
        self.layout.max_width = "880px"
        self._lines: tuple[ScoreLine, ...] = ()
        self._game_result: GameResult | None = None
        if game is not None:
            self.update(game)
        else:
            self.set_lines(lines)

    # --- state ---------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def lines(self) -> tuple[ScoreLine, ...]:
        return self._lines

    @property
    def side_names(self) -> tuple[str, ...]:
        """The sides' names as the pad shows them (``N–S``; ``Sever–Juh`` in Slovak: :func:`fivehundred.text.side`)."""
        return learner.side_names(self._rules)

    @property
    def totals(self) -> tuple[int, ...]:
        """The running totals now, one per side."""
        return self._lines[-1].totals if self._lines else tuple(0 for _side in sides(self._rules))

    @property
    def reasons(self) -> tuple[str, ...]:
        """The engine's reason for each hand's score, in order."""
        return tuple(line.reason for line in self._lines)

    def update(self, game: Game) -> None:
        """Show ``game``'s score lines (and its result, once it is over)."""
        self._rules = game.rules
        self._game_result = game.result
        self.set_lines(game.lines)

    def set_lines(self, lines: Iterable[ScoreLine]) -> None:
        """Show exactly these score lines."""
        self._lines = tuple(lines)
        self.refresh()

    def add(self, line: ScoreLine) -> None:
        """Add one hand's score line."""
        self.set_lines(self._lines + (line,))

    def chart_svg(self) -> str:
        """The chart of the game so far (deterministic SVG text)."""
        return score_chart_svg(
            [line.totals for line in self._lines],
            self.side_names,
            target=self._rules.target,
            lose_at=self._rules.lose_at,
        )

    # --- drawing -------------------------------------------------------------
    def _contract_text(self, line: ScoreLine) -> str:
        res = line.result
        if res.contract is None or res.contractor is None:
            return _("all passed")
        # Translators: a contract and the seat that holds it, in the score pad's Contract column ("7♥ by W")
        return _("{contract} by {seat}").format(contract=learner.bid_label(res.contract),
                                                 seat=learner.seat_short(res.contractor, self._rules.players))

    def refresh(self) -> None:
        """Redraw the table, the chart and the result."""
        names = self.side_names
        cell = "padding:4px 8px;border-bottom:1px solid #e4e7eb;vertical-align:top"
        # Translators: the score pad's column headings
        hand_word, contract_word, why_word = _("Hand"), _("Contract"), _("Why")
        none_yet = _("no hands yet")
        head = "".join(
            f'<th style="{cell};text-align:right;color:{SIDE_COLOURS[k % len(SIDE_COLOURS)]}">{escape(n)}</th>'
            for k, n in enumerate(names)
        )
        rows = []
        for line in self._lines:
            scores = "".join(
                f'<td style="{cell};text-align:right;white-space:nowrap">'
                f'<span class="fh-score-change" style="color:#52606d;font-size:12px">{escape(learner.signed(p))}</span><br>'
                f'<b class="fh-score-total">{learner.points(t)}</b></td>'
                for p, t in zip(line.points, line.totals)
            )
            rows.append(
                f'<tr class="fh-score-line" data-hand="{line.hand}"><td style="{cell};text-align:right">{line.hand}</td>'
                f'<td style="{cell};white-space:nowrap">{escape(self._contract_text(line))}</td>{scores}'
                f'<td class="fh-score-reason" style="{cell};font-size:13px;color:#33404d">{escape(line.reason)}</td></tr>'
            )
        if not rows:
            empty = "".join(f'<td style="{cell};text-align:right"><b>0</b></td>' for _name in names)
            rows.append(
                f'<tr><td style="{cell}"></td><td style="{cell};color:#52606d">{escape(none_yet)}</td>{empty}'
                f'<td style="{cell}"></td></tr>'
            )
        self._table.value = (
            f'<div style="overflow-x:auto;max-width:100%"><table class="fh-score-table" style="border-collapse:collapse;'
            f'font-family:{FONT};font-size:14px;color:{INK};width:100%;max-width:860px">'
            f'<thead><tr><th style="{cell};text-align:right">{escape(hand_word)}</th>'
            f'<th style="{cell};text-align:left">{escape(contract_word)}</th>'
            f'{head}<th style="{cell};text-align:left">{escape(why_word)}</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
        )
        self._chart.value = self.chart_svg() if self._lines else ""
        if self._game_result is not None:
            self._result.value = message_html(self._game_result.reason, "right", lead=_("Game over."))
        elif self._lines:
            self._result.value = small_html(
                _("First side to reach {target} by making a contract wins; a side on {lose_at} or worse loses.").format(
                    target=self._rules.target, lose_at=learner.signed(self._rules.lose_at))
            )
        else:
            self._result.value = ""
        self.hands = len(self._lines)

    def __repr__(self) -> str:
        totals = ", ".join(f"{n} {t}" for n, t in zip(self.side_names, self.totals))
        return f"ScorePad(hands={len(self._lines)}, totals={totals!r})"
