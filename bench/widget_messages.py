"""Widget messages per move at the table: what the kernel sends the browser for one auction bid, the kitty
discard and one card play (with the computer players' answers up to the learner's next turn).

Every widget's comm is replaced by a recorder before the table is built (no kernel, no browser), so the
counts are the kernel's side of the traffic: ``comm_open`` for a widget created, ``comm_msg`` for a state
update, ``comm_close`` for one dropped.  Bytes are the JSON of each message's data.  The issue's targets
for a move: <= 10 messages and <= 20 KB (tests/widgets/test_message_counts.py holds a generous ceiling).

    python bench/widget_messages.py
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import comm
from comm.base_comm import BaseComm


class Recorder:
    """Counts what every widget comm publishes."""

    def __init__(self) -> None:
        self.kinds: Counter[str] = Counter()
        self.bytes = 0

    def reset(self) -> None:
        self.kinds.clear()
        self.bytes = 0

    @property
    def messages(self) -> int:
        return sum(self.kinds.values())


@contextmanager
def recording() -> Iterator[Recorder]:
    """Widgets created inside this block send through a recorder instead of a kernel."""
    rec = Recorder()

    class RecordingComm(BaseComm):  # type: ignore[misc]
        def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                        **keys: Any) -> None:
            rec.kinds[msg_type] += 1
            rec.bytes += len(json.dumps(data, default=str))

    saved = comm.create_comm
    comm.create_comm = lambda *args, **kwargs: RecordingComm(*args, **kwargs)
    try:
        yield rec
    finally:
        comm.create_comm = saved


def measure(rec: Recorder, move: Callable[[], object]) -> tuple[int, int, dict[str, int]]:
    rec.reset()
    move()
    return rec.messages, rec.bytes, dict(rec.kinds)


def moves() -> dict[str, tuple[int, int, dict[str, int]]]:
    """(messages, bytes, by kind) for the first draw and for each kind of move at one seeded table.

    The opponents pass in the auction and play random legal cards, so the learner (South) bids 6♥,
    takes the kitty and leads (the hand of tests/widgets/test_table.py's click test).  Then a second table
    (seed 1, the rules players) for an auction that goes on after the learner's bid, and a pass that ends it.
    """
    from fivehundred.actions import Action
    from fivehundred.bidding import PASS
    from fivehundred.players import Player, RandomPlayer
    from fivehundred.round import Phase, View
    from widgets.table import LEARNER, TableView

    class Passer(Player):
        name = "passer"

        def __init__(self, seed: int) -> None:
            self._random = RandomPlayer(seed=seed)

        def choose(self, view: View) -> Action:
            return PASS if view.phase is Phase.AUCTION else self._random.choose(view)

    out: dict[str, tuple[int, int, dict[str, int]]] = {}
    with recording() as rec:
        holder: list[TableView] = []
        out["first draw (the whole table)"] = measure(rec, lambda: holder.append(
            TableView.deal(seed=2, dealer="E", players={s: Passer(s) for s in (0, 1, 3)}, pace=0)))
        table = holder[0]
        out["auction: a bid that ends it (6H)"] = measure(rec, lambda: table.bid("6H"))
        held = " ".join(str(c) for c in table.round.hand(LEARNER)[:3])
        out["kitty: the discard"] = measure(rec, lambda: table.discard(held))
        for n in range(1, 4):
            if table.round.phase is not Phase.PLAY or not table.my_turn:
                break
            card = str(table.round.legal_plays()[0].card)
            out[f"card play {n} (and the trick)"] = measure(rec, lambda: table.play(card))
        # an auction that goes on: seed 1, dealer West, the rules players bid; South bids 6♠, West overcalls 7♠
        holder.clear()
        measure(rec, lambda: holder.append(TableView.deal(seed=1, dealer="W", pace=0)))
        table = holder[0]
        out["auction: a bid, the auction goes on"] = measure(rec, lambda: table.bid("6S"))
        out["auction: a pass that ends it"] = measure(rec, table.pass_)
    return out


def main(argv: list[str] | None = None) -> int:
    print("Widget messages the kernel sends per move at a TableView (seed 2; random opponents answer at once)")
    print(f"  {'move':<38} {'messages':>8} {'KB':>7}  by kind")
    for name, (count, size, kinds) in moves().items():
        print(f"  {name:<38} {count:8d} {size / 1024:7.1f}  {kinds}")
    print("  targets (issue #26 item 3): a move <= 10 messages and <= 20 KB; a first draw <= 50 widget models")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
