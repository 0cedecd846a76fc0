"""CI smoke version of bench/table_stress.py: a few hands at Instant speed with impatient clicks, and no stall."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from bench import table_stress  # noqa: E402


def test_three_hands_at_instant_speed_with_impatient_clicks_never_stall(capsys: pytest.CaptureFixture[str]) -> None:
    (fig,) = table_stress.main(["--hands", "3", "--speeds", "Instant", "--stall", "20", "--seed", "5"])
    out = capsys.readouterr().out
    assert fig.hands == 3 and fig.moves >= 3  # at least one call a hand (a hand may be thrown in)
    assert fig.stalls == 0, fig.notes
    # every computer move the kernel scheduled was made or dropped on purpose, none lost, none failed
    counts = dict(part.rsplit(" ", 1) for part in out.split("pacer events in the kernel: ")[1].splitlines()[0].split(", "))
    schedule, fire, drop = (int(counts.get(k, 0)) for k in ("schedule", "fire", "drop"))
    assert schedule > 0 and schedule - fire - drop in (0, 1)  # at most the first move of the next hand pending
    assert "error" not in counts
