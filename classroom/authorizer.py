"""What a learner's server lets the learner's browser do: the Voila pages and their widgets, nothing else.

Each learner's server (``jupyterhub-singleuser``) is a Jupyter server with the Voila extension.
Jupyter server asks its ``Authorizer`` before every API request, naming the action and the
resource (``"contents"``, ``"kernels"``, ``"sessions"``, ``"files"`` go through ``"contents"``,
``"terminals"``, ``"server"`` ...).  :class:`CourseAuthorizer` (set as ``ServerApp.authorizer_class``
in classroom/jupyter_server_config.json) allows exactly two, the two standalone Voila serves too:
``execute`` on ``kernels``, which is the kernel websocket a Voila page talks to its own kernel
over, and reading one kernel's model by its id (``GET /api/kernels/<id>``: its state, which the
page checks before connecting).  Every other API answers 403, listing the kernels included:
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

from jupyter_server.services.kernels.handlers import KernelHandler
from jupyterhub.singleuser.extension import JupyterHubAuthorizer

#: the (action, resource) a learner may use anywhere: the page's kernel websocket
ALLOWED = frozenset({("execute", "kernels")})


def allowed(handler: Any, action: str, resource: str) -> bool:
    """The kernel websocket, or one kernel's model (GET by id); nothing else."""
    if (action, resource) in ALLOWED:
        return True
    return (action, resource) == ("read", "kernels") and isinstance(handler, KernelHandler) \
        and handler.request.method == "GET"


class CourseAuthorizer(JupyterHubAuthorizer):  # type: ignore[misc]
    """JupyterHub's access check, and then only the kernel websocket (see the module's doc)."""

    def is_authorized(self, handler: Any, user: Any, action: str, resource: str) -> bool:
        if not allowed(handler, action, resource):
            self.log.warning("Refused %s %s: %s on %s is not part of the course",
                             handler.request.method, handler.request.path, action, resource)
            return False
        return bool(super().is_authorized(handler, user, action, resource))
