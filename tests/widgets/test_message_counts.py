"""Widget messages per move at the table, with generous ceilings (the figures: bench/widget_messages.py).

The kernel's side of the traffic is counted with every widget comm replaced by a recorder.  Measured
on the seeded hand below (December 2026, before any rewrite of the widget layer): first draw 338
widgets (664 messages), a bid 263 messages (the auction ladder's buttons were redrawn: each rung greyed
and then restored on every call), the kitty discard 26 messages, a card play with the rest of its trick
9 to 11 (33-61 KB).  Since each rung is set once and a hidden ladder is not redrawn, and a row of
face-down cards shares one drawing and a row of card buttons sends each picture once: a bid 17
messages (25 KB), a card play 10-12 (14-25 KB).  Since the seats, the trick and the status lines are
panes of one component (widgets/_panes.py), the controls, the Pass line and the kitty's buttons one component
each (widgets/_toolbar.py), a face-down row is one picture, and the rarer panels (the kitty, the joker's suits,
the score pad, the record box's contents) are made when first needed: first draw 50 widget models, a card play
7 messages (13-17 KB), a bid while the auction goes on 5 (3 KB); the bid that ends the auction also makes the
kitty panel (10 widgets opened, 19 updates).  Since each pane is its own trait (only the panes that changed are
sent), a closed rules card is not drawn, a face-down row's lattice is a pattern tile and a card row sends only
the pictures that changed: the kitty discard 17 messages in 4 gestures (17.5 KB, was 30), a pass that ends the
auction 8 (17 KB, was 22), the bid that ends it 28 (46 KB, was 57).  Since the kitty borrows your hand's card
row, the panes under it and three items of the control bar (widgets/kitty.py, KittyChoice), the bid that ends
the auction opens no widget (10 messages, 13 KB) and the discard is 10 messages (16 KB).  The ceilings are about
twice those: they catch a change that makes every move redraw the whole table, not a small drift.
"""

from __future__ import annotations

from types import ModuleType

import ipywidgets as w




def test_the_recorder_counts_what_a_widget_sends(widget_messages: ModuleType) -> None:
    bench = widget_messages
    with bench.recording() as rec:
        label = w.HTML("a")
        opened = rec.kinds["comm_open"]
        label.value = "b"
    assert opened == 3 and rec.kinds["comm_msg"] == 1 and rec.bytes > 0  # the HTML, its Layout, its style; one update


def test_messages_per_move_stay_under_generous_ceilings(widget_messages: ModuleType) -> None:
    figures = widget_messages.moves()
    ceilings = {  # (updates, widgets opened, bytes) a move may send
        "first draw (the whole table)": (100, 100, 250_000),
        "auction: a bid that ends it (6H)": (20, 0, 30_000),  # the kitty is drawn on your hand's row
        "kitty: the discard": (20, 0, 32_000),
        "auction: a pass that ends it": (16, 0, 36_000),
    }
    plays = [name for name in figures if name.startswith("card play")]
    assert set(ceilings) <= set(figures) and len(plays) == 3, figures
    for name, (count, size, kinds) in figures.items():
        most, opened, most_bytes = ceilings.get(name, (16, 0, 40_000))
        updates = kinds.get("comm_msg", 0)
        assert 0 < updates <= most, f"{name}: {updates} updates (ceiling {most}): {kinds}"
        assert kinds.get("comm_open", 0) <= opened, f"{name}: widgets opened (ceiling {opened}): {kinds}"
        assert size <= most_bytes, f"{name}: {size} bytes (ceiling {most_bytes})"


def test_a_redraw_that_changes_nothing_sends_nothing(widget_messages: ModuleType) -> None:
    """The ladder sets each rung's look once: redrawing an unchanged auction sends the browser nothing."""
    from fivehundred.round import Round
    from widgets.auction import AuctionPanel

    bench = widget_messages
    with bench.recording() as rec:
        r = Round.deal(seed=3)
        panel = AuctionPanel(r, seat="S")
        panel.refresh()
        rec.reset()
        panel.refresh()
        assert rec.messages == 0, dict(rec.kinds)
        r.apply(r.legal_bids()[1])  # someone bids: the rungs at or below it grey out, the rest stay as they were
        rec.reset()
        panel.refresh()
        assert 0 < rec.messages <= 12, dict(rec.kinds)
