"""A learner's first page, run before they log in: the classroom's server extension for it (issue #26, item 6).

Each learner's server (``classroom/jupyter_server_config.json``) runs its kernels with
:class:`classroom.kernels.LearnerKernelManager` and loads this extension.  When the class is opened first
(``tools/teacher.py open-class``), each server it starts (marked by :data:`PREHEAT_ENV`) starts one kernel, as
soon as the server is up, that runs the page the server opens on (``ServerApp.default_url``: the contents page
in the learner's language), so the learner's login costs only the page's delivery.  A server a login starts
does not: the page is asked for at once anyway, and in a class-start burst that extra work at every server's
start slowed every spawn.

A preheated page's kernel learns that its page was asked for over a websocket to its own server
(Voilà's ``RequestInfoSocketHandler``, which standalone Voilà serves at ``voila/query/<kernel>``): the
course's widgets read the learner's progress only then (``widgets.progress``).  That handler has no login
of its own, so here it is served under a path with a secret made when the server starts
(``<base_url><secret>/voila/query/<kernel>``), told only to the server's own kernels through their
environment (``VOILA_WS_BASE_URL``); the hub's proxy knows no such path, and no other learner can guess it.
"""

from __future__ import annotations

import os
import re
import secrets
from typing import Any
from urllib.parse import unquote

from classroom.kernels import RENDER_PATH, LearnerKernelManager

#: set (to "1") in the environment of a server the class opener started (classroom/jupyterhub_config.py): only such a
#: server runs its page ahead; one a login starts serves the page as it is asked for
PREHEAT_ENV = "FH_PREHEAT_START_PAGE"
#: the query websocket's route under the secret prefix (Voilà's kernel-id pattern)
QUERY_ROUTE = r"/voila/query/(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)"


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "classroom.start_page"}]


def start_page_of(default_url: str) -> str | None:
    """The notebook the server opens on (``/voila/render/sk/00-welcome.ipynb`` → ``sk/00-welcome.ipynb``), or
    None when it opens on no Voilà page."""
    path = unquote(default_url.split("?", 1)[0])
    if RENDER_PATH not in path:
        return None
    page = path.split(RENDER_PATH, 1)[1].strip("/")
    return page if page.endswith(".ipynb") and ".." not in page.split("/") else None


def _load_jupyter_server_extension(server_app: Any) -> None:
    from jupyter_server.utils import url_path_join
    from voila.configuration import VoilaConfiguration  # type: ignore[import-untyped]
    from voila.paths import collect_template_paths  # type: ignore[import-untyped]
    from voila.request_info_handler import RequestInfoSocketHandler  # type: ignore[import-untyped]
    from voila.server_extension import load_config_file  # type: ignore[import-untyped]

    manager = server_app.kernel_manager
    if os.environ.get(PREHEAT_ENV) != "1":
        return  # started by a login, not ahead of one
    page = start_page_of(os.environ.get("JUPYTERHUB_DEFAULT_URL") or server_app.default_url)
    if not isinstance(manager, LearnerKernelManager) or page is None:
        server_app.log.info("No start page to preheat (kernel manager %s, default_url %s)",
                            type(manager).__name__, server_app.default_url)
        return
    # what Voilà's own extension builds for its page handler, built the same way (voila/server_extension.py)
    configuration = VoilaConfiguration(parent=server_app)
    local = load_config_file()
    if local is not None:
        configuration.update_config(local)
    template_paths = collect_template_paths(["voila", "nbconvert"], configuration.template)
    manager.set_renderer(voila_configuration=configuration, template_paths=template_paths,
                         settings=server_app.web_app.settings)
    # the query websocket, under a secret prefix only this server's kernels are told
    base_url = server_app.web_app.settings["base_url"]
    prefix = url_path_join(base_url, secrets.token_urlsafe(24))
    server_app.web_app.add_handlers(".*$", [(re.escape(prefix) + QUERY_ROUTE, RequestInfoSocketHandler)])
    # Voilà's preheating reads these of a standalone Voilà app: where the kernel finds its server
    server_app.server_url = base_url
    manager.preheat_once(page, {"VOILA_WS_BASE_URL": prefix + "/"})
    server_app.log.info("Preheating %s, the page this server opens on", page)
