"""How the course's servers start: jsonschema's unused ``iri`` checker is never loaded (classroom/__init__.py;
each check runs in a fresh Python, as a server starts: what a process has already imported decides the result),
and which page a learner's server runs before the learner arrives (classroom/start_page.py).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from classroom import UNUSED_FORMAT_CHECKERS
from classroom.start_page import start_page_of

PROBE = """
import json, sys
{first}
import jupyter_server.serverapp  # what every server imports: jupyter_events, jsonschema's format checker
from jsonschema import Draft7Validator
checker = Draft7Validator.FORMAT_CHECKER
print(json.dumps({{"lark": "lark" in sys.modules, "checker": sys.modules.get("rfc3987_syntax") is not None, "iri": "iri" in checker.checkers, "uri": "uri" in checker.checkers,
                   "date-time": "date-time" in checker.checkers}}))
"""


def _probe(first: str) -> dict[str, bool]:
    out = subprocess.run([sys.executable, "-c", PROBE.format(first=first)], capture_output=True, text=True, timeout=120,
                         check=True)
    result: dict[str, bool] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_without_the_saving_the_grammar_is_built() -> None:
    # the cost the saving removes is real on this install: jsonschema loads the checker and its Earley parsers
    plain = _probe("")
    assert plain["checker"] and plain["lark"] and plain["iri"]


def test_the_course_package_keeps_the_unused_checker_out() -> None:
    saved = _probe("import classroom")
    assert UNUSED_FORMAT_CHECKERS == ("rfc3987_syntax",)
    assert not saved["checker"] and not saved["lark"]
    # only the iri formats go; the formats jupyter's event schemas can use are still checked
    assert not saved["iri"] and saved["uri"] and saved["date-time"]


def test_both_server_entry_points_start_without_it() -> None:
    # each server's module, imported as `python -m` runs it (its package first): the server, Voila and
    # jsonschema's format checker are loaded, the unused checker's grammar is not
    for module in ("classroom.singleuser", "classroom.language_links"):
        code = (f"import sys, {module}; "
                "print('jsonschema._format' in sys.modules, 'lark' in sys.modules)")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
        assert out.stdout.split() == ["True", "False"], module


# -- the page a learner's server runs before the learner arrives (classroom/start_page.py) -------------------------
@pytest.mark.parametrize(("default_url", "page"), [
    ("/voila/render/00-welcome.ipynb", "00-welcome.ipynb"),
    ("/voila/render/sk/00-welcome.ipynb", "sk/00-welcome.ipynb"),  # the learner's language
    ("/voila/render/00-welcome.ipynb?lang=sk", "00-welcome.ipynb"),
    ("/voila/render/sk%2F00-welcome.ipynb", "sk/00-welcome.ipynb"),
    ("/voila/render/", None),
    ("/voila/render/notes.txt", None),
    ("/voila/render/../secret.ipynb", None),
    ("/voila/tree", None),
    ("/lab", None),
    ("/tree", None),
])
def test_the_start_page_is_the_voila_page_the_server_opens_on(default_url: str, page: str | None) -> None:
    assert start_page_of(default_url) == page
