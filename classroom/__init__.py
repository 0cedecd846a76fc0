"""The course served to a class on JupyterHub: see classroom/hub.py and docs/classroom.md.

Every server the course runs starts through this package: the local course's Voilà
(``python -m classroom.language_links``, tools/serve.py) and each learner's server in the classroom
(``python -m classroom.singleuser``).  So this is where they leave out one import none of them uses
(:func:`skip_unused_format_checkers`), which saves each server about a second of CPU and 16 MB.
"""

from __future__ import annotations

import sys

#: optional format checkers jsonschema loads when they are installed, which no schema the servers check uses
UNUSED_FORMAT_CHECKERS = ("rfc3987_syntax",)


def skip_unused_format_checkers() -> None:
    """Keep jsonschema from loading ``rfc3987_syntax``, the checker of the ``iri`` formats.

    jupyter_server validates its event schemas with jsonschema's format checker, which imports every
    optional checker that is installed.  ``rfc3987_syntax`` (pulled in by ``jsonschema[format-nongpl]``)
    builds its grammar's Earley parsers at import: about 1.1 s of CPU and 16 MB in every server (measured
    here: importing a learner's server and its extensions, 2.2–2.8 s against 1.1–1.3 s without it; see
    jupyter-server/jupyter_server#1559).  No schema these servers validate uses the ``iri`` or
    ``iri-reference`` formats, the only ones it checks.  Marking the module absent (``None`` in
    :data:`sys.modules`) makes its import fail, which jsonschema expects of an optional checker.  It
    must run before jsonschema's format module is imported; if that already happened it changes nothing.
    """
    for name in UNUSED_FORMAT_CHECKERS:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None: "not installed", as the import system reads it


skip_unused_format_checkers()
