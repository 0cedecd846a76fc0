"""What a learner's server lets the learner's browser do: the Voila pages and their widgets, nothing else.

Each learner's server (``jupyterhub-singleuser``) is a Jupyter server with the Voila extension.
Jupyter server asks its ``Authorizer`` before every API request, naming the action and the
resource (``"contents"``, ``"kernels"``, ``"sessions"``, ``"files"`` go through ``"contents"``,
``"terminals"``, ``"server"`` ...).  :class:`CourseAuthorizer` (set as ``ServerApp.authorizer_class``
in classroom/jupyter_server_config.json) allows exactly one: ``execute`` on ``kernels``, which is
the kernel websocket a Voila page talks to its own kernel over.  Every other API answers 403:
no starting kernels, no sessions, no reading or writing files (so no lesson's hidden answer
cells), no shutting the server down.  Voila's own pages (``/voila/...``) are not API requests
and are served as before; they start the page's kernel on the server side.

What travels over that websocket is limited by ``MappingKernelManager.allowed_message_types``
(same file): comm messages (the widgets), kernel info and shutdown, the list standalone Voila
uses.  An ``execute_request`` is dropped before it reaches the kernel, so the page's own kernel
runs only the lesson's cells.
"""

from __future__ import annotations

from typing import Any

from jupyterhub.singleuser.extension import JupyterHubAuthorizer

#: the only (action, resource) a learner may use: the page's kernel websocket
ALLOWED = frozenset({("execute", "kernels")})


class CourseAuthorizer(JupyterHubAuthorizer):  # type: ignore[misc]
    """JupyterHub's access check, and then only the kernel websocket (see the module's doc)."""

    def is_authorized(self, handler: Any, user: Any, action: str, resource: str) -> bool:
        if (action, resource) not in ALLOWED:
            self.log.warning("Refused %s %s: %s on %s is not part of the course",
                             handler.request.method, handler.request.path, action, resource)
            return False
        return bool(super().is_authorized(handler, user, action, resource))
