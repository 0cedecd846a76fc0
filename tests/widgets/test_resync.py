"""The stall's fix: when a page asks for every widget's state, each table sends its whole state again a little later."""

from __future__ import annotations

import time

import ipywidgets as w
import pytest

from widgets import resync
from widgets.table import TableView


class _Comm:
    def __init__(self) -> None:
        self.sent: list[dict] = []

    def send(self, data: dict, buffers: object = None) -> None:
        self.sent.append(data)


def test_request_states_makes_every_table_resend_its_state(monkeypatch: pytest.MonkeyPatch) -> None:
    table = TableView.deal(seed=5, dealer="S", pace=None)
    sends: list[str] = []
    original = w.Widget.send_state

    def counting(self: w.Widget, key: object = None) -> None:
        sends.append(type(self).__name__)
        original(self, key)

    monkeypatch.setattr(w.Widget, "send_state", counting)
    monkeypatch.setattr(resync, "DELAYS", (0.05, 0.1))
    comm = _Comm()
    monkeypatch.setattr(w.Widget, "_control_comm", comm)
    w.Widget._handle_control_comm_msg({"content": {"data": {"method": "request_states"}}})
    assert comm.sent and comm.sent[0]["method"] == "update_states"  # ipywidgets' own reply still goes out first
    deadline = time.monotonic() + 5
    while table.pacer.counts.get("resend", 0) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert table.pacer.counts.get("resend", 0) == 2
    assert "TableView" in sends and "HTML" in sends  # the table and the widgets inside it


def test_resend_walks_the_whole_table() -> None:
    table = TableView.deal(seed=5, dealer="E", pace=0)
    sent = resync.resend(table)
    assert sent >= 20  # the felt, the seats, the hand's cards, the auction panel, the controls...


def test_the_wrapper_is_installed_once() -> None:
    before = w.Widget.__dict__["_handle_control_comm_msg"]
    resync._install()
    assert w.Widget.__dict__["_handle_control_comm_msg"] is before
    assert getattr(before.__func__, "_fivehundred", False)


def test_when_the_computer_stops_the_felt_is_sent_once_more(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(resync, "SETTLED", 0.02)
    table = TableView.deal(seed=5, dealer="S", pace=0.01)  # West, North and East call first, then it is your turn
    deadline = time.monotonic() + 10
    while table.pacer.counts.get("settled", 0) < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert table.my_turn and table.pacer.counts.get("settled", 0) == 1
    assert table.pacer.counts["fire"] == 3 and table.pacer.counts["error"] == 0
