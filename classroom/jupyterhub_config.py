"""JupyterHub configuration for the course's classroom (``make classroom``).

Read by ``jupyterhub -f classroom/jupyterhub_config.py``; ``classroom/hub.py``
starts the hub with the environment variables below set.  Every setting that
is only right for a local demo (the shared password, local processes, homes
under the state folder) is marked DEMO; docs/classroom.md says what a real
deployment uses instead.

Who logs in: by default the class list (``python tools/teacher.py add-learners NAME...`` makes
the accounts; classroom/accounts.py); with ``FH_CLASSROOM_DEMO=1`` (``make classroom DEMO=1``)
one shared password for any name, a DEMO.  Run as root (CI, a container, a server), each
learner's server runs as a Unix user of its own (classroom/hub_auth.py); run as anyone else,
all servers share that one user (a DEMO, said in the log).  Either way a learner's server
serves only the Voila pages and their widgets (classroom/authorizer.py).

Environment (all optional except where the launcher sets them):

* ``FH_CLASSROOM_STATE``: the classroom's folder (default ``<repo>/.classroom``): ``hub/``
  (mode 0700: database, cookie secret, pid files, passwords, class list) and ``homes/``.
* ``FH_CLASSROOM_DEMO``: ``1`` for the shared-password demo login.
* ``FH_CLASSROOM_PORT``: the public port on 127.0.0.1 (default 8000);
  ``FH_CLASSROOM_HUB_PORT`` and ``FH_CLASSROOM_API_PORT``: the hub's and the
  proxy API's internal ports (default: the public port + 1 and + 2).
* ``FH_CLASSROOM_PASSWORD``: the learners' shared password (8+ characters);
  ``FH_CLASSROOM_ADMIN_PASSWORD``: the teacher's (32+ characters, optional);
  ``FH_CLASSROOM_ADMINS``: comma-separated admin user names (default ``teacher``).
* ``FH_CLASSROOM_CULL_SECONDS``: stop a learner's server after this long idle
  (default 3600; keep it >= 900, the hub hears of activity only every 300 s).
* ``FH_CLASSROOM_KERNEL_CULL_SECONDS``: stop a page's kernel after this long
  idle with no browser connected (default 45, as classroom/jupyter_server_config.json).
* ``FH_CLASSROOM_PROXY``: the configurable-http-proxy command (default
  ``classroom/node_modules/.bin/configurable-http-proxy``, where make installs it).
* ``FH_CLASSROOM_FORK``: ``0`` starts every learner's server on its own instead of forking it from the
  zygote (classroom/zygote.py; as root only).
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub provides it)

HERE = Path(__file__).resolve().parent
COURSE = HERE.parent
STATE = Path(os.environ.get("FH_CLASSROOM_STATE") or COURSE / ".classroom").resolve()
HOMES = STATE / "homes"
SECRETS = STATE / "hub"
AS_ROOT = os.geteuid() == 0
DEMO = os.environ.get("FH_CLASSROOM_DEMO") == "1"
#: each learner's Jupyter runtime folder goes under here (kept short for the IPC socket paths)
RUNTIME = Path(tempfile.gettempdir()) / f"fh500-{hashlib.sha1(str(STATE).encode()).hexdigest()[:8]}"
HOST = "127.0.0.1"
PORT = int(os.environ.get("FH_CLASSROOM_PORT") or 8000)
HUB_PORT = int(os.environ.get("FH_CLASSROOM_HUB_PORT") or PORT + 1)
API_PORT = int(os.environ.get("FH_CLASSROOM_API_PORT") or PORT + 2)
CULL_SECONDS = int(os.environ.get("FH_CLASSROOM_CULL_SECONDS") or 3600)
KERNEL_CULL_SECONDS = int(os.environ.get("FH_CLASSROOM_KERNEL_CULL_SECONDS") or 45)  # as the file below
PROXY = os.environ.get("FH_CLASSROOM_PROXY") or str(HERE / "node_modules" / ".bin" / "configurable-http-proxy")
ADMINS = {name.strip() for name in (os.environ.get("FH_CLASSROOM_ADMINS") or "teacher").split(",") if name.strip()}
#: the page each learner lands on: the course's contents page, in Voila
START_PAGE = "/voila/render/00-welcome.ipynb"

# the state folder and homes/ are root's and traversable (each home inside is its learner's, 0700);
# hub/ is root's alone
for folder, mode in ((STATE, 0o755), (HOMES, 0o755), (SECRETS, 0o700)):
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(mode)

# -- where the hub listens and keeps its state (never the current directory) ----------------
c.JupyterHub.bind_url = f"http://{HOST}:{PORT}"
c.JupyterHub.hub_bind_url = f"http://{HOST}:{HUB_PORT}"
c.ConfigurableHTTPProxy.api_url = f"http://{HOST}:{API_PORT}"
c.ConfigurableHTTPProxy.command = [PROXY]
c.JupyterHub.db_url = f"sqlite:///{SECRETS / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(SECRETS / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(SECRETS / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(SECRETS / "jupyterhub-proxy.pid")

# -- who may log in -------------------------------------------------------------------------------
sys.path.insert(0, str(COURSE))  # classroom.* (also installed with the course)
from classroom.accounts import NAME_PATTERN  # noqa: E402

if DEMO:  # DEMO: one shared password, any name (anyone with it can log in as any learner)
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = os.environ.get("FH_CLASSROOM_PASSWORD") or None
    c.SharedPasswordAuthenticator.admin_password = os.environ.get("FH_CLASSROOM_ADMIN_PASSWORD") or None
    c.Authenticator.allow_all = True
else:  # the class list the teacher's tool makes (argon2 hashes in hub/class-list.json)
    c.JupyterHub.authenticator_class = "classroom.hub_auth.ClassListAuthenticator"
    c.ClassListAuthenticator.state_dir = str(STATE)
c.Authenticator.admin_users = ADMINS
c.Authenticator.username_pattern = f"^{NAME_PATTERN}$"

# What a learner may ask of the hub: their own server (start it, reach it), nothing else; in
# particular no API tokens (JupyterHub's default "user" role has tokens!user); its server posts its activity.
# The teacher is an admin.
c.JupyterHub.load_roles = [
    {"name": "user", "scopes": ["access:servers!user", "servers!user", "read:users:name!user",
                               "read:users:groups!user", "users:activity!user"]},
]

# -- each learner's server ---------------------------------------------------------------------------
if AS_ROOT:  # a Unix user of its own per learner (fh-<name>), made on first spawn, home mode 0700
    c.JupyterHub.spawner_class = "classroom.hub_auth.LearnerSpawner"
    c.LearnerSpawner.homes_dir = str(HOMES)
    c.LearnerSpawner.runtime_root = str(RUNTIME)
    # each server forked from one process that has imported it once: shared memory, a second sooner
    # (classroom/zygote.py); its socket is in the hub's private folder, root's alone
    c.LearnerSpawner.zygote_socket = str(SECRETS / "zygote.sock")
    c.LearnerSpawner.fork_servers = os.environ.get("FH_CLASSROOM_FORK", "1") != "0"
else:  # DEMO: every learner's server as the one user running the hub (they could read each other's homes)
    c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
    c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
# jupyterhub-singleuser, run with this Python (it is on PATH only in an activated venv) through
# classroom/singleuser.py, which starts it about a second sooner (classroom/__init__.py).
c.Spawner.cmd = [sys.executable, "-m", "classroom.singleuser"]
c.Spawner.notebook_dir = str(COURSE / "lessons")
c.Spawner.default_url = START_PAGE  # in English; the hook below picks each learner's language
from classroom.languages import load_defaults, start_page  # noqa: E402
from classroom.start_page import PREHEAT_ENV  # noqa: E402


def _start_in_the_learners_language(spawner: object) -> None:
    """Each learner's server opens on the contents page in their language: the one they last used, else
    the teacher's default for them (tools/teacher.py set-language), else English (classroom/languages.py)."""
    name = spawner.user.name  # type: ignore[attr-defined]
    spawner.default_url = start_page(HOMES / name, load_defaults(STATE).get(name))  # type: ignore[attr-defined]


def _before_spawn(spawner: object) -> None:
    """The learner's start page (above); and a server the class opener started (classroom/opening.py asks with
    ``{"preheat": true}``) runs that page at once, before its learner logs in (classroom/start_page.py).  A server
    a login starts does not: its page is asked for at once anyway, and during a class-start burst the extra kernel
    work at every server's start slowed the spawns (30 learners: login to contents page 41 s p95 without, over 110 s
    with it)."""
    _start_in_the_learners_language(spawner)
    options = getattr(spawner, "user_options", None) or {}
    if options.get("preheat") is True:
        spawner.environment = {**spawner.environment, PREHEAT_ENV: "1"}  # type: ignore[attr-defined]


c.Spawner.pre_spawn_hook = _before_spawn
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
# config in the learner's home (~/.jupyter) is never read
c.Spawner.disable_user_config = True
# The learner's server reads two config files through JUPYTER_CONFIG_PATH:
# * the course's voila.json (sources stripped, tracebacks hidden).  In hub mode Voila reads
#   only its VoilaConfiguration part;
# * classroom/jupyter_server_config.json: the other parts of voila.json, for the server
#   (drop the remove-cell self-check cells, cull idle kernels; without the first, the
#   self-checks run and mark every exercise solved), JupyterLab and friends not loaded, the
#   course's ?lang=xx links loaded (classroom/language_links.py, as in the local course),
#   and what makes the server the course's only: classroom.authorizer.CourseAuthorizer (no API
#   but the page's kernel websocket), only widget messages on it, at most 4 kernels.
#   The single-user image (Dockerfile) reads the same files.
#
# Kernels talk to their server over IPC sockets, not TCP ports.  Every learner's server picks
# its kernels' TCP ports on its own, so with 30 servers on one machine two kernels sometimes
# chose the same port: the second kernel died ("Address already in use") and its page hung
# forever (2 of about 90 page loads in bench/classroom.py).  IPC socket paths must stay under
# 108 bytes: the learner's Jupyter runtime folder (where the sockets go) is kept short.
#
# JUPYTER_PATH: the course's own Voilà page template (share/jupyter, which voila.json names; see
# classroom/language_links.py, COURSE_DATA).
c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": os.pathsep.join([str(HERE), str(COURSE)]),
    "JUPYTER_PATH": str(COURSE / "share" / "jupyter"),
    "JUPYTER_RUNTIME_DIR": lambda spawner: str(RUNTIME / hashlib.sha1(spawner.user.name.encode()).hexdigest()[:10]),
}
c.Spawner.args = ["--KernelManager.transport=ipc"]
if KERNEL_CULL_SECONDS != 45:
    c.Spawner.args.append(f"--MappingKernelManager.cull_idle_timeout={KERNEL_CULL_SECONDS}")

# A learner coming back after a cull is restarted at once instead of seeing "Server not running".
c.JupyterHub.implicit_spawn_seconds = 1

# -- idle servers are stopped by jupyterhub-idle-culler -----------------------------------------
c.JupyterHub.load_roles += [
    {
        "name": "idle-culler",
        "services": ["idle-culler"],
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    },
]
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL_SECONDS}"],
    },
]

# -- opening the class: the teacher starts every learner's server before the class arrives ------------
# (classroom/opening.py; tools/teacher.py open-class).  The opener's token is in the hub's private
# folder (root's alone, mode 0600); it may see the users, add one the hub has not met, and start servers.
from classroom.opening import OPENER, OPENER_SCOPES, opener_token  # noqa: E402

c.JupyterHub.services.append({"name": OPENER, "api_token": opener_token(STATE)})
c.JupyterHub.load_roles.append({"name": OPENER, "services": [OPENER], "scopes": OPENER_SCOPES})
