"""Opening the class: start every learner's server before the learners arrive.

A learner's server takes a few CPU-seconds to start (Python, the Jupyter server, Voilà, the preheated
contents page's kernel).  When a whole class logs in within a minute, those starts queue on the cores
and the last learners wait a minute or more for their first page (docs/classroom.md, "Measured").
Started ahead, a few at a time while the room fills, the servers are ready when the learners log in,
each with its contents page already run (``{"preheat": true}``, classroom/start_page.py), and a login
costs only that page's delivery.

``python tools/teacher.py open-class`` (run as the hub's user, root, while ``make classroom`` runs)
starts the servers of everyone on the class list; ``bench/classroom.py --open`` does the same before
its learners arrive.  A server nobody uses is stopped by the idle culler like any other
(``FH_CLASSROOM_CULL_SECONDS``, an hour by default), so open the class shortly before it starts.

The hub knows the opener as a service (classroom/jupyterhub_config.py) whose token is kept in the
hub's private folder (root's alone, mode 0600): learners can neither read it nor act as the opener.
It may list users, create a user the hub has not met yet (a learner who has never logged in), and
start and stop servers; nothing else.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from classroom.accounts import kept_secret, secrets_dir

#: the service's name in the hub
OPENER = "class-opener"
#: what the opener may do (JupyterHub scopes): see the users, add a learner the hub has not met, start servers
OPENER_SCOPES = ["list:users", "read:users", "admin:users", "servers"]
#: servers started at once (one a core on the project's two-core machine: more only queue on the CPU)
AT_ONCE = 2


class OpeningError(RuntimeError):
    """The hub refused or failed to start a server (the message names the learner and the answer)."""


def opener_token(state: Path) -> str:
    """The opener's API token, kept in the hub's private folder; made (0600) the first time."""
    return kept_secret(secrets_dir(Path(state)) / "opener-token", 40)


@dataclass
class Opening:
    """What :func:`open_class` did: seconds from asking to ready per learner, and the whole run."""

    ready: dict[str, float] = field(default_factory=dict)
    already: list[str] = field(default_factory=list)
    seconds: float = 0.0


def open_class(hub_url: str, token: str, names: list[str], *, at_once: int = AT_ONCE,
               timeout: float = 600.0) -> Opening:
    """Start the servers of ``names`` through the hub's API, at most ``at_once`` starting at a time,
    and wait until every one is ready.  A learner whose server already runs is left as it is.

    Raises:
        OpeningError: the hub refused a start, a start failed, or ``timeout`` passed first.
    """
    import requests

    if at_once < 1:
        raise OpeningError(f"at_once is how many servers start together, 1 or more, not {at_once}")
    api = f"{hub_url.rstrip('/')}/hub/api"
    session = requests.Session()
    session.headers["Authorization"] = f"token {token}"
    out = Opening()
    start = time.monotonic()
    deadline = start + timeout

    def user(name: str) -> dict[str, Any] | None:
        answer = session.get(f"{api}/users/{name}", timeout=30)
        if answer.status_code == 404:
            return None
        if not answer.ok:
            raise OpeningError(f"the hub would not show learner {name!r}: {answer.status_code} {answer.text[:200]}")
        data: dict[str, Any] = answer.json()
        return data

    def server_state(data: dict[str, Any] | None) -> str:
        """'ready', 'pending' or 'stopped', from a user's model (None: a user the hub has not met)."""
        server = ((data or {}).get("servers") or {}).get("")
        if not server:
            return "stopped"
        return "ready" if server.get("ready") else "pending"

    waiting = list(names)
    starting: dict[str, float] = {}
    while waiting or starting:
        if time.monotonic() > deadline:
            raise OpeningError(f"the class was not open within {timeout:.0f} s: still starting {sorted(starting)}, "
                               f"not started {waiting}")
        while waiting and len(starting) < at_once:
            name = waiting.pop(0)
            data = user(name)
            if data is None:
                made = session.post(f"{api}/users/{name}", timeout=30)
                if made.status_code not in (201, 409):
                    raise OpeningError(f"the hub would not add learner {name!r}: {made.status_code} {made.text[:200]}")
            if server_state(data) == "ready":
                out.already.append(name)
                continue
            asked = time.monotonic()
            # the options ask the server to run its first page at once (classroom/start_page.py)
            answer = session.post(f"{api}/users/{name}/server", json={"preheat": True}, timeout=60)
            if answer.status_code not in (201, 202, 400):  # 400: already running or starting
                raise OpeningError(f"the hub would not start {name!r}'s server: {answer.status_code} {answer.text[:200]}")
            starting[name] = asked
        time.sleep(0.5)
        for name in list(starting):
            state = server_state(user(name))
            if state == "ready":
                out.ready[name] = time.monotonic() - starting.pop(name)
            elif state == "stopped":
                raise OpeningError(f"{name!r}'s server stopped while starting; see the hub's log")
    out.seconds = time.monotonic() - start
    return out
