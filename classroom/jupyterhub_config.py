"""JupyterHub configuration for the course's classroom (``make classroom``).

Read by ``jupyterhub -f classroom/jupyterhub_config.py``; ``classroom/hub.py``
starts the hub with the environment variables below set.  Every setting that
is only right for a local demo (the shared password, local processes, homes
under the state folder) is marked DEMO; docs/classroom.md says what a real
deployment uses instead.

Environment (all optional except where the launcher sets them):

* ``FH_CLASSROOM_STATE``: folder for the hub's database, cookie secret, pid
  file, proxy token and the learners' homes (default ``<repo>/.classroom``).
* ``FH_CLASSROOM_PORT``: the public port on 127.0.0.1 (default 8000);
  ``FH_CLASSROOM_HUB_PORT`` and ``FH_CLASSROOM_API_PORT``: the hub's and the
  proxy API's internal ports (default: the public port + 1 and + 2).
* ``FH_CLASSROOM_PASSWORD``: the learners' shared password (8+ characters);
  ``FH_CLASSROOM_ADMIN_PASSWORD``: the teacher's (32+ characters, optional);
  ``FH_CLASSROOM_ADMINS``: comma-separated admin user names (default ``teacher``).
* ``FH_CLASSROOM_CULL_SECONDS``: stop a learner's server after this long idle
  (default 3600; keep it >= 900, the hub hears of activity only every 300 s).
* ``FH_CLASSROOM_KERNEL_CULL_SECONDS``: stop a page's kernel after this long
  idle with no browser connected (default 900, as classroom/jupyter_server_config.json).
* ``FH_CLASSROOM_PROXY``: the configurable-http-proxy command (default
  ``classroom/node_modules/.bin/configurable-http-proxy``, where make installs it).
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
#: each learner's Jupyter runtime folder goes under here (kept short for the IPC socket paths)
RUNTIME = Path(tempfile.gettempdir()) / f"fh500-{hashlib.sha1(str(STATE).encode()).hexdigest()[:8]}"
HOST = "127.0.0.1"
PORT = int(os.environ.get("FH_CLASSROOM_PORT") or 8000)
HUB_PORT = int(os.environ.get("FH_CLASSROOM_HUB_PORT") or PORT + 1)
API_PORT = int(os.environ.get("FH_CLASSROOM_API_PORT") or PORT + 2)
CULL_SECONDS = int(os.environ.get("FH_CLASSROOM_CULL_SECONDS") or 3600)
KERNEL_CULL_SECONDS = int(os.environ.get("FH_CLASSROOM_KERNEL_CULL_SECONDS") or 900)  # as the file below
PROXY = os.environ.get("FH_CLASSROOM_PROXY") or str(HERE / "node_modules" / ".bin" / "configurable-http-proxy")
ADMINS = {name.strip() for name in (os.environ.get("FH_CLASSROOM_ADMINS") or "teacher").split(",") if name.strip()}
#: the page each learner lands on: the course's contents page, in Voila
START_PAGE = "/voila/render/00-welcome.ipynb"

STATE.mkdir(parents=True, exist_ok=True)
HOMES.mkdir(parents=True, exist_ok=True)

# -- where the hub listens and keeps its state (never the current directory) ----------------
c.JupyterHub.bind_url = f"http://{HOST}:{PORT}"
c.JupyterHub.hub_bind_url = f"http://{HOST}:{HUB_PORT}"
c.ConfigurableHTTPProxy.api_url = f"http://{HOST}:{API_PORT}"
c.ConfigurableHTTPProxy.command = [PROXY]
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")

# -- who may log in (DEMO: one shared password; a real class uses its school's login) ----------
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ.get("FH_CLASSROOM_PASSWORD") or None
c.SharedPasswordAuthenticator.admin_password = os.environ.get("FH_CLASSROOM_ADMIN_PASSWORD") or None
c.Authenticator.admin_users = ADMINS
c.Authenticator.allow_all = True

# -- each learner's server (DEMO: a local process per learner, all under one Unix user) ---------
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
# jupyterhub-singleuser is on PATH only in an activated venv: run it with this Python.
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = str(COURSE / "lessons")
c.Spawner.default_url = START_PAGE
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
# The learner's server reads two config files through JUPYTER_CONFIG_PATH:
# * the course's voila.json (sources stripped, tracebacks hidden).  In hub mode Voila reads
#   only its VoilaConfiguration part;
# * classroom/jupyter_server_config.json: the other two parts of voila.json, for the server
#   (drop the remove-cell self-check cells, cull idle kernels; without the first, the
#   self-checks run and mark every exercise solved), and JupyterLab and friends not loaded
#   (learners only ever see Voila).  The single-user image (Dockerfile) reads the same files.
#
# Kernels talk to their server over IPC sockets, not TCP ports.  Every learner's server picks
# its kernels' TCP ports on its own, so with 30 servers on one machine two kernels sometimes
# chose the same port: the second kernel died ("Address already in use") and its page hung
# forever (2 of about 90 page loads in bench/classroom.py).  IPC socket paths must stay under
# 108 bytes: Voila keeps its kernels' connection files (and so the sockets) in a short
# /tmp/voila_* folder, and the learner's Jupyter runtime folder is kept short too.
c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": os.pathsep.join([str(HERE), str(COURSE)]),
    "JUPYTER_RUNTIME_DIR": lambda spawner: str(RUNTIME / hashlib.sha1(spawner.user.name.encode()).hexdigest()[:10]),
}
c.Spawner.args = ["--KernelManager.transport=ipc"]
if KERNEL_CULL_SECONDS != 900:
    c.Spawner.args.append(f"--MappingKernelManager.cull_idle_timeout={KERNEL_CULL_SECONDS}")
if os.geteuid() == 0:
    c.Spawner.args.append("--allow-root")  # the demo as root (a container, CI): servers refuse otherwise

# A learner coming back after a cull is restarted at once instead of seeing "Server not running".
c.JupyterHub.implicit_spawn_seconds = 1

# -- idle servers are stopped by jupyterhub-idle-culler -----------------------------------------
c.JupyterHub.load_roles = [
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
