"""Panes: several HTML panes as one widget model (widgets/_panes.py).  What the browser draws from them is
checked by the browser tests that read the table's seats, trick and status lines (tests/e2e/test_table.py)."""

from __future__ import annotations

from types import ModuleType

import pytest

from widgets._panes import Panes




def test_each_pane_has_its_name_class_and_style_in_order() -> None:
    p = Panes([("N", "fh-table-seat fh-seat-N", "grid-area:north"), ("centre", "fh-table-trick", "")],
              box_class="fh-felt-grid", box_style="display:grid")
    assert p.names == ("N", "centre")
    assert p.spec == [{"name": "N", "cls": "fh-table-seat fh-seat-N", "style": "grid-area:north", "slot": 0},
                      {"name": "centre", "cls": "fh-table-trick", "style": "", "slot": 1}]
    assert p.html == {"N": "", "centre": ""} and p.box_class == "fh-felt-grid"


def test_a_pane_reads_and_writes_its_html_like_an_html_widget() -> None:
    p = Panes([("status", "fh-table-status", ""), ("hint", "fh-hint-text", "")])
    p["hint"].value = "<b>Lead trumps.</b>"
    assert p["hint"].value == "<b>Lead trumps.</b>" and p["status"].value == ""
    assert p.html == {"status": "", "hint": "<b>Lead trumps.</b>"}


def test_one_update_of_several_panes_is_one_message_and_no_change_sends_nothing(widget_messages: ModuleType) -> None:
    bench = widget_messages
    with bench.recording() as rec:
        p = Panes([("a", "", ""), ("b", "", ""), ("c", "", "")])
        assert rec.kinds["comm_open"] == 2  # the component and its layout: one model for the three panes
        rec.reset()
        p.update(a="1", b="2", c="3")
        assert dict(rec.kinds) == {"comm_msg": 1}
        rec.reset()
        p.update(a="1", b="2")  # the same HTML again
        p["c"].value = "3"
        assert rec.messages == 0


def test_bad_names_are_refused_and_leave_the_panes_unchanged() -> None:
    with pytest.raises(ValueError, match="its own name"):
        Panes([("a", "", ""), ("a", "", "")])
    p = Panes([("a", "", "")])
    p["a"].value = "kept"
    with pytest.raises(KeyError, match="no pane named"):
        p.update(a="changed", z="?")
    assert p.html == {"a": "kept"}
    with pytest.raises(KeyError):
        p["z"]


def test_an_update_sends_only_the_panes_that_changed() -> None:
    sent: list[dict[str, object]] = []
    p = Panes([("N", "", ""), ("centre", "", ""), ("south", "", "")])
    p.update(N="<i>ten backs</i>", centre="no cards yet", south="You")
    p._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    p.update(N="<i>ten backs</i>", centre="West led A♣", south="You")
    assert [m["state"] for m in sent] == [{"p1": "West led A♣"}]  # the centre's slot, and nothing else
    assert p.html == {"N": "<i>ten backs</i>", "centre": "West led A♣", "south": "You"}


def test_more_panes_than_slots_are_refused() -> None:
    from widgets._panes import MAX_PANES

    with pytest.raises(ValueError, match=f"at most {MAX_PANES} panes"):
        Panes([(f"pane{i}", "", "") for i in range(MAX_PANES + 1)])
