"""CI smoke version of bench/pace.py: one free-play hand against rules-based opponents, clicked in Chromium.

Not a timed test (the figures are the bench's to print): it checks that the bench runs the lesson to the
end of a hand and that what it measured hangs together.  Instant speed keeps it short; the bench runs as
its own process because Playwright's sync API cannot run inside pytest-playwright's event loop.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def test_one_free_play_hand_is_measured_from_click_to_clickable(tmp_path: Path) -> None:
    out_json = tmp_path / "pace.json"
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "pace.py"), "--quick", "--strengths", "club", "--speed", "Instant",
         "--bid-rate", "1", "--minutes", "3", "--json", str(out_json)],
        cwd=ROOT, capture_output=True, text=True, timeout=240,
    )
    out = done.stdout
    assert done.returncode == 0, out + done.stderr[-3000:]
    assert "== opponents: Club (1 hands" in out, out
    [strength] = json.loads(out_json.read_text(encoding="utf-8"))
    assert strength["strength"] == "club" and strength["notes"] == [], out
    [hand] = strength["hands"]
    # South bid at its first call, so there was an auction with a contract, then the play of ten tricks
    assert hand["contract"], out
    computer = hand["moves"] + hand["after_trick"]
    assert len(computer) >= 20, hand  # 30 cards of the others' at least, unless a misère sat one out
    assert hand["waits"] >= 1, hand  # South acted and waited for its next decision
    # every computer move happens while the learner waits: their intervals fit inside the waiting
    assert 0 < sum(computer) <= hand["waiting"], hand
    assert all(0 <= e <= hand["longest"] for e in hand["echoes"]), hand
    assert hand["review"] is not None and hand["review"] >= 0, out  # the review came after the hand
