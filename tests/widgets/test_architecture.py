"""The widget layer makes no game decision: only the wiring module imports the players, the analysis or the
sample-hand library, and only the quiz view imports the quiz engine (fivehundred.quiz, which it runs); every
other widget module draws state and forwards gestures (to fivehundred.session)."""

from __future__ import annotations

import ast
from pathlib import Path

import widgets

WIDGETS = Path(widgets.__file__).resolve().parent
DECIDERS = ("fivehundred.players", "fivehundred.analysis", "fivehundred.library", "fivehundred.quiz")
#: the widget modules that may import deciders, and which
ALLOWED = {"wiring.py": DECIDERS, "quiz.py": ("fivehundred.quiz",)}


def _runtime_imports(path: Path) -> list[str]:
    """Modules imported by ``path``, leaving out ``if TYPE_CHECKING:`` blocks (annotations only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    out = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return out


def test_the_check_finds_the_widget_modules_and_sees_the_wiring() -> None:
    files = sorted(WIDGETS.glob("*.py"))
    names = {p.name for p in files}
    assert {"table.py", "table_parts.py", "felt.py", "freeplay.py", "guided.py", "wiring.py"} <= names and len(files) >= 15
    wiring = _runtime_imports(WIDGETS / "wiring.py")
    assert any(m.startswith("fivehundred.players") for m in wiring)  # the scan sees such imports
    assert any(m.startswith("fivehundred.analysis") for m in wiring)


def test_only_the_wiring_module_imports_players_analysis_or_the_library() -> None:
    offenders = {
        p.name: [m for m in _runtime_imports(p) if m.startswith(DECIDERS) and not m.startswith(ALLOWED.get(p.name, ()))]
        for p in sorted(WIDGETS.glob("*.py"))
    }
    assert {name: mods for name, mods in offenders.items() if mods} == {}
    assert any(m.startswith("fivehundred.quiz") for m in _runtime_imports(WIDGETS / "quiz.py"))  # the scan sees it


def test_the_table_view_forwards_to_the_session() -> None:
    imports = _runtime_imports(WIDGETS / "table.py")
    assert "fivehundred.session" in imports
    source = (WIDGETS / "table.py").read_text(encoding="utf-8")
    for decision in (".view(", ".apply(", ".undo()", "call_later", "threading"):
        assert decision not in source, decision
