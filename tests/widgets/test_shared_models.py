"""Plain widgets share one layout model and one style model (widgets/_shared.py, issue #26: fewer models a page)."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import ipywidgets as w
import pytest

from widgets import BiddingLadder, MultipleChoice, WhichBidHigher
from widgets._ladder import LadderButtons
from widgets._panes import Panes
from widgets._picker import CardButtons
from widgets._toolbar import Toolbar
from widgets._shared import HTML, Button, HBox, SharedModelError, VBox, shared_layout, shared_style

ROOT = Path(__file__).resolve().parents[2]


def test_plain_widgets_share_one_layout_and_one_style_of_each_kind() -> None:
    a, b = HTML("a"), HTML("b")
    one, two = Button(description="1"), Button(description="2")
    row, column = HBox((a, one)), VBox((b, two))
    assert a.layout is b.layout is one.layout is two.layout is row.layout is column.layout
    assert a.style is b.style and one.style is two.style and a.style is not one.style
    assert type(a.style).__name__ == "SharedHTMLStyle" and type(one.style).__name__ == "SharedButtonStyle"
    # the browser sees ipywidgets' own models: nothing new to load in the page
    assert a.layout._model_name == "LayoutModel" and one.style._model_name == "ButtonStyleModel"
    assert a.get_state()["layout"] == b.get_state()["layout"] == "IPY_MODEL_" + a.layout.model_id
    # the one-component widgets too (card buttons, panes, toolbars, the ladder)
    assert CardButtons().layout is Panes([("a", "", "")]).layout is Toolbar().layout is LadderButtons().layout is a.layout


def test_the_same_settings_give_the_same_model_and_other_settings_another() -> None:
    assert shared_layout(width="80px", margin="0 4px") is shared_layout(margin="0 4px", width="80px")
    assert shared_layout(width="80px") is not shared_layout(width="81px")
    assert shared_style(w.ButtonStyle, font_weight="bold") is shared_style(w.ButtonStyle, font_weight="bold")
    assert shared_style(w.ButtonStyle, font_weight="bold") is not shared_style(w.ButtonStyle)
    bold = Button(description="x", style=shared_style(w.ButtonStyle, font_weight="bold"))
    assert bold.style.font_weight == "bold" and bold.style is not Button(description="y").style


@pytest.mark.parametrize("change", [
    lambda x: setattr(x.layout, "display", "none"),
    lambda x: setattr(x.layout, "width", "10px"),
    lambda x: setattr(x.style, "font_weight", "bold"),
])
def test_a_shared_model_refuses_a_change_that_would_reach_every_widget_sharing_it(change) -> None:
    first, second = Button(description="first"), Button(description="second")
    with pytest.raises(SharedModelError, match="shared by many widgets"):
        change(first)
    assert second.layout.display is None and second.layout.width is None and second.style.font_weight is None


def test_a_widget_made_with_its_own_layout_changes_alone() -> None:
    mine, other = Button(description="mine", layout=w.Layout(width="auto")), Button(description="other")
    mine.layout.display = "none"
    assert mine.layout.display == "none" and other.layout.display is None
    ladder = BiddingLadder(standing="7H")
    ladder.layout = w.Layout(display="none")  # as lesson 06 hides its greyed ladder
    assert BiddingLadder(standing="7H").layout.display is None


def test_a_closed_shared_model_is_made_again() -> None:
    layout = shared_layout(width="33px")
    layout.close()
    again = shared_layout(width="33px")
    assert again is not layout and again.comm is not None and HTML("x", layout=again).layout.width == "33px"


def test_a_second_exercise_opens_only_its_own_models(widget_messages: ModuleType) -> None:
    """Made alike, the second exercise reuses the first's layouts and styles: only the widgets themselves are new."""
    MultipleChoice("Which?", ["a", "b", "c"], "a")
    WhichBidHigher("7H", "7S")
    with widget_messages.recording() as rec:
        quiz = MultipleChoice("Which?", ["a", "b", "c"], "a")
        opened = rec.kinds["comm_open"]
    tree = _tree(quiz)
    shared = [x for x in tree if type(x).__name__.startswith("Shared")]
    own = [x for x in tree if x not in shared]
    assert {"SharedLayout", "SharedHTMLStyle", "SharedButtonStyle"} <= {type(x).__name__ for x in shared}
    assert opened == len(own), (opened, sorted(type(x).__name__ for x in own))
    # before the shared models: each plain HTML and Button was three models, so this exercise opened about three times as many
    plain = sum(isinstance(x, (w.HTML, w.Button)) for x in own)
    assert plain >= 5 and opened < 2 * len([x for x in own if not isinstance(x, (w.Layout, w.Style))])


def _tree(widget: w.Widget) -> list[w.Widget]:
    """The widget, the widgets below it and their layout and style models, each once."""
    seen: dict[str, w.Widget] = {}

    def visit(x: object) -> None:
        if isinstance(x, w.Widget) and x.model_id not in seen:
            seen[x.model_id] = x
            for key in x.keys:
                value = getattr(x, key, None)
                for item in value if isinstance(value, (list, tuple)) else (value,):
                    visit(item)

    visit(widget)
    return list(seen.values())


def test_the_widget_kit_makes_plain_widgets_only_through_the_shared_classes() -> None:
    """A new ``w.HTML(...)`` in widgets/ would bring back a layout and a style model per widget."""
    found = []
    files = sorted((ROOT / "widgets").glob("*.py"))
    assert len(files) > 20
    for path in files:
        if path.name == "_shared.py":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if re.search(r"\bw\.(HTML|Button|HBox|VBox)\(|^class \w+\((w\.(HBox|VBox)|anywidget\.AnyWidget)\)", line):
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert not found, "use widgets._shared's HTML, Button, HBox and VBox:\n" + "\n".join(found)
