"""CI smoke version of bench/table_stress.py: a few hands at Instant speed with impatient clicks, and no stall.

The bench drives Chromium with Playwright's sync API, which cannot run inside the event loop that
pytest-playwright keeps for the other browser tests, so it runs here as its own process and the test
reads the figures it prints.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def test_three_hands_at_instant_speed_with_impatient_clicks_never_stall() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "table_stress.py"), "--hands", "3", "--speeds", "Instant",
         "--stall", "20", "--seed", "5"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    out = done.stdout
    assert done.returncode == 0, out + done.stderr[-3000:]
    line = re.search(r"^Instant: (\d+) hands, (\d+) learner clicks, (\d+) impatient clicks, (\d+) stalls", out, re.M)
    assert line is not None, out
    hands, moves, _impatient, stalls = (int(g) for g in line.groups())
    assert hands == 3 and moves >= 3  # at least one call a hand (a hand may be thrown in)
    assert stalls == 0, out
    # every computer move the kernel scheduled was made or dropped on purpose, none lost, none failed
    counts = dict(part.rsplit(" ", 1) for part in out.split("pacer events in the kernel: ")[1].splitlines()[0].split(", "))
    schedule, fire, drop = (int(counts.get(k, 0)) for k in ("schedule", "fire", "drop"))
    assert schedule > 0 and schedule - fire - drop in (0, 1)  # at most the first move of the next hand pending
    assert "error" not in counts
