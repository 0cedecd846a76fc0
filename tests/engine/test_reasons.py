"""Every refusal and explanation sentence lives in ``fivehundred/reasons.py`` (issue #25, item 3).

The test reads the engine's source with ``ast``:

* no rule module (the foundations, the rules of the game, the hand and the game) calls gettext: the
  sentences they say come from :mod:`fivehundred.reasons`; the only words they may look up are the
  term tables named in :data:`TERM_TABLES`;
* no engine module anywhere gives an error an ``explanation`` written on the spot (a string, an
  f-string or a gettext call): a refusal's words are a call into :mod:`fivehundred.reasons`, or an
  explanation passed on from another error or from a rule that asked ``reasons`` for it.

Modules whose whole job is learner text are outside the first rule and say why in :data:`WORD_HOMES`.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from fivehundred import reasons
from fivehundred.i18n import use

ENGINE = Path(__file__).resolve().parents[2] / "fivehundred"
GETTEXT = {"_", "gettext", "ngettext", "pgettext", "npgettext", "N_"}
#: modules whose job is learner text, each with why (they are not rule modules)
WORD_HOMES = {
    "i18n": "the lookup itself",
    "reasons": "the refusals and explanations",
    "text": "the one formatter of cards, bids, numbers and scores",
    "feedback": "the exercises' first-miss reasons",
    "exercises": "the exercise models' frames, hints and answers",
    "bidding_method": "the bidding method's reasons, the same words for lesson 14, the advisor and the quiz",
}
#: (module, function): a table of game terms (not sentences) that ``text`` words bids with
TERM_TABLES = {("bidding", "kind_words")}
#: ``N_("a list of cards")``: the name of a typed input, which :func:`fivehundred.bounds.bounded_text` words into
#: its refusal ("That is too long for a list of cards"): a noun phrase, not a sentence
INPUT_NAME = re.compile(r"(a|an|the) [a-z ]+")
#: the layers below the players (tests/engine/test_architecture.py): rules decide here, reasons words
RULE_LAYERS = ("foundations", "the rules of the game", "words and pictures", "the hand and the game")


def _rule_modules() -> list[str]:
    from tests.engine.test_architecture import LAYERS

    names = [m for layer, mods in LAYERS if layer in RULE_LAYERS for m in mods]
    return [m for m in names if m not in WORD_HOMES and (ENGINE / f"{m}.py").exists()]


def _gettext_calls(tree: ast.AST) -> list[tuple[int, str, str | None]]:
    """(line, the function called, the enclosing top-level function) of every gettext call in ``tree``."""
    found: list[tuple[int, str, str | None]] = []

    def visit(node: ast.AST, where: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            inner = where
            if where is None and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = child.name
            if isinstance(child, ast.Call):
                f = child.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
                from_reasons = isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "reasons"
                input_name = (name == "N_" and len(child.args) == 1 and isinstance(child.args[0], ast.Constant)
                              and INPUT_NAME.fullmatch(str(child.args[0].value)) is not None)
                if name in GETTEXT and not from_reasons and not input_name:
                    found.append((child.lineno, name, inner))
            visit(child, inner)

    visit(tree, None)
    return found


def test_the_rule_modules_are_many_and_include_the_hand() -> None:
    mods = _rule_modules()
    assert {"round", "play", "trick", "scoring", "game", "cards", "bidding", "checks", "saves"} <= set(mods)
    assert len(mods) >= 20


@pytest.mark.parametrize("module", _rule_modules())
def test_no_rule_module_writes_a_sentence(module: str) -> None:
    tree = ast.parse((ENGINE / f"{module}.py").read_text(encoding="utf-8"))
    calls = [(line, name) for line, name, where in _gettext_calls(tree) if (module, where) not in TERM_TABLES]
    assert calls == [], f"fivehundred/{module}.py words a learner sentence itself; move it to fivehundred/reasons.py"


def _written_here(value: ast.expr) -> bool:
    """Whether an ``explanation=`` value is text made on the spot: a literal, an f-string, a gettext call
    (or ``.format`` on one)."""
    if isinstance(value, (ast.Constant, ast.JoinedStr)):
        return True
    if isinstance(value, ast.Call):
        f = value.func
        if isinstance(f, ast.Name) and f.id in GETTEXT:
            return True
        if isinstance(f, ast.Attribute) and f.attr == "format":
            return _written_here(f.value)
    return False


def test_every_explanation_comes_from_reasons() -> None:
    written: list[str] = []
    seen = 0
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "explanation":
                seen += 1
                if _written_here(node.value):
                    written.append(f"{path.relative_to(ENGINE)}:{node.value.lineno}")
    assert seen > 75  # the reader finds the refusals (81 when this was written)
    assert written == []


def test_the_reader_catches_a_sentence_written_on_the_spot() -> None:
    """The two readers above, on code that breaks each rule: they must fail it."""
    tree = ast.parse('def f():\n    return _("You lose.")\n\ndef kind_words():\n    return pgettext("bid", "pass")\n'
                     'X = N_("You lose.")\nY = N_("a card")\n')
    assert [(line, name) for line, name, _where in _gettext_calls(tree)] == [(2, "_"), (5, "pgettext"), (6, "N_")]
    assert [where for *_rest, where in _gettext_calls(tree)] == ["f", "kind_words", None]
    for source, made_here in (('_("No.")', True), ('_("No {x}.").format(x=1)', True), ('f"no {x}"', True),
                              ('"no"', True), ("reasons.hand_over()", False), ("err.explanation", False)):
        assert _written_here(ast.parse(source, mode="eval").body) is made_here, source


def test_reasons_speak_the_learners_language() -> None:
    try:
        use("sk")
        assert reasons.not_held("10♦") == "Nemáte 10♦."
        assert reasons.hand_over() != "The hand is over."
    finally:
        use("en")
    assert reasons.hand_over() == "The hand is over."
    assert reasons.legal_opening("misère") == "Misère is a legal opening bid: nobody has bid yet."


def test_each_sentence_has_one_function() -> None:
    """Two functions wording the same message would be two homes for one sentence (the merge of the
    sections once made two for "These rules do not allow {bid}.")."""
    tree = ast.parse((ENGINE / "reasons.py").read_text(encoding="utf-8"))
    homes: dict[str, set[str]] = {}
    for fn in tree.body:
        if isinstance(fn, ast.FunctionDef):
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext"):
                    if node.args and isinstance(node.args[0], ast.Constant):
                        homes.setdefault(str(node.args[0].value), set()).add(fn.name)
    assert len(homes) > 140  # the reader finds the sentences (about 155)
    assert {msg: names for msg, names in homes.items() if len(names) > 1} == {}
