"""Toolbar: a row of buttons, toggles and menus as one widget model (widgets/_toolbar.py).  The browser side
is pressed by the browser tests (Undo, New hand, Show all hands, Hint and the Speed menu in tests/e2e)."""

from __future__ import annotations

import pytest

from widgets._toolbar import Toolbar


def _bar() -> Toolbar:
    bar = Toolbar()
    bar.add("undo", "Undo", title="Take back", cls="fh-undo")
    bar.add("show", "Show all hands", kind="toggle", cls="fh-show-all")
    bar.add("speed", "Speed", kind="select", value="Normal", cls="fh-speed",
            options=[("Slow", "Slow"), ("Normal", "Normal"), ("Fast", "Fast")])
    return bar


def _browser(bar: Toolbar, **content: object) -> None:
    """What the page sends when the learner presses or chooses."""
    bar._on_custom_msg(bar, content, [])


def test_the_row_keeps_its_items_in_order_with_their_classes() -> None:
    bar = _bar()
    assert bar.names == ("undo", "show", "speed")
    assert [(i["kind"], i["cls"]) for i in bar.items] == [("button", "fh-undo"), ("toggle", "fh-show-all"),
                                                          ("select", "fh-speed")]
    assert bar["undo"].description == "Undo" and bar["undo"].tooltip == "Take back"


def test_an_item_added_before_another_takes_its_place_in_the_row() -> None:
    bar = _bar()
    bar.add("confirm", "Discard these 3", cls="fh-kitty-confirm", before="undo")
    bar.add("clear", "Start again", before="show")
    assert bar.names == ("confirm", "undo", "clear", "show", "speed")
    assert [i["name"] for i in bar.items] == list(bar.names)
    pressed: list[str] = []
    bar["clear"].on_click(lambda item: pressed.append(item.name))
    _browser(bar, event="click", name="clear")
    assert pressed == ["clear"]
    with pytest.raises(ValueError, match="no item named 'nothing'"):
        bar.add("late", "Late", before="nothing")
    assert bar.names == ("confirm", "undo", "clear", "show", "speed")


def test_a_press_in_the_browser_calls_the_button_and_flips_a_toggle() -> None:
    bar = _bar()
    pressed: list[str] = []
    changed: list[bool] = []
    bar["undo"].on_click(lambda item: pressed.append(item.name))
    bar["show"].on_change(lambda item: changed.append(item.value))
    _browser(bar, event="click", name="undo")
    _browser(bar, event="click", name="show")
    _browser(bar, event="click", name="show")
    assert pressed == ["undo"] and changed == [True, False]


def test_a_disabled_button_and_unknown_items_do_nothing() -> None:
    bar = _bar()
    pressed: list[str] = []
    bar["undo"].on_click(lambda item: pressed.append(item.name))
    bar["undo"].disabled = True
    _browser(bar, event="click", name="undo")
    _browser(bar, event="click", name="nothing")
    _browser(bar, event="change", name="speed", value="Warp")  # not an option: ignored
    assert pressed == [] and bar["speed"].value == "Normal"
    assert bar.items[0]["disabled"] is True  # what the browser draws greyed


def test_a_choice_in_the_menu_changes_the_value_once() -> None:
    bar = _bar()
    seen: list[str] = []
    bar["speed"].on_change(lambda item: seen.append(item.value))
    _browser(bar, event="change", name="speed", value="Fast")
    bar["speed"].value = "Fast"  # the same again: no second call
    assert seen == ["Fast"] and bar["speed"].options[2] == ("Fast", "Fast")


def test_hiding_and_focusing_an_item() -> None:
    bar = _bar()
    bar["undo"].hidden = True
    assert bar.items[0]["hidden"] is True
    tick = bar.focus_tick
    bar["show"].focus()
    assert bar.focus_name == "show" and bar.focus_tick == tick + 1


def test_bad_items_and_values_are_refused() -> None:
    bar = _bar()
    with pytest.raises(ValueError, match="already has an item"):
        bar.add("undo", "Undo")
    with pytest.raises(ValueError, match="kind"):
        bar.add("x", "X", kind="slider")
    with pytest.raises(ValueError, match="one of its options"):
        bar.add("menu", "Menu", kind="select", value="c", options=[("A", "a")])
    with pytest.raises(ValueError, match="no value"):
        bar["undo"].value = 1
    with pytest.raises(ValueError, match="options"):
        bar["speed"].value = "Warp"
    assert bar.names == ("undo", "show", "speed") and bar["speed"].value == "Normal"
