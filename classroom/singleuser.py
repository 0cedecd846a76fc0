"""A learner's server in the classroom: ``jupyterhub-singleuser``, started through this package.

``c.Spawner.cmd`` (classroom/jupyterhub_config.py) and the single-user image's command
(docs/classroom.md, ``singleuser.cmd``) run ``python -m classroom.singleuser``: the same server as
``python -m jupyterhub.singleuser``, with the package's start-up saving applied first
(:func:`classroom.skip_unused_format_checkers`, run when the package is imported).
"""

from __future__ import annotations

import sys

import classroom  # noqa: F401 - imported for its start-up saving, before jupyterhub.singleuser loads jsonschema

from jupyterhub.singleuser import main  # type: ignore[import-untyped]  # after the saving above

if __name__ == "__main__":
    sys.exit(main())
