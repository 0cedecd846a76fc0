"""Learners' servers forked from one process that has already imported them (classroom/hub_auth.py uses it).

Every learner's server is the same program: ``python -m classroom.singleuser`` (Jupyter server,
JupyterHub's single-user mixins, Voilà and the course's extensions).  Started on its own, each one
imports all of it again: about 1.2 CPU-seconds and 100 MB of memory that is its alone, though every
learner's copy is the same bytes.  The zygote imports that program once (:data:`PRELOAD`), as root,
and then forks each learner's server from itself.  A forked process shares its parent's memory pages
until one of them writes to a page, so what the servers only read (most of the imported modules:
the ORM JupyterHub's mixins pull in, most of nbconvert, tornado, Voilà) is held once for the class.
:func:`gc.freeze` before the first fork keeps the children's garbage collections from writing to
those pages.

How a server is started (:class:`Zygote`, in the hub; :func:`serve`, the zygote's loop):

1. the hub connects to the zygote's Unix socket (in the hub's private folder, root's alone);
2. the zygote accepts and forks at once, without reading a byte: the request carries the learner's
   API token, and the zygote, the parent of every later server, must never hold one learner's secret;
3. the child reads the request (the server's arguments, its environment, the learner's Unix user),
   starts a session of its own, drops root for the learner's user and groups (checked: never uid
   or gid 0), closes every inherited descriptor, changes to the learner's home, takes the learner's
   environment as its own, and answers with its process id;
4. then it runs the server, exactly as ``python -m classroom.singleuser ARGS`` would.

The zygote holds no secret: it is started with an environment made for it (:func:`zygote_env`,
nothing of the hub's own) and it never reads a request.  It reaps the servers it forked (so a
stopped server does not linger as a zombie the hub would take for alive), and it ends when the hub
does (its standard input, a pipe from the hub, closes).  The hub signals and polls each server by
its process id, as it does a server it started itself.

**What a module read from the environment when it was imported.**  A forked server keeps what its
modules computed at import, in the zygote's environment.  :func:`preload` records every variable
read while importing (:data:`PER_LEARNER_AT_IMPORT` lists the ones whose value differs from learner
to learner, each with why its import-time value is harmless); a request whose environment differs
from the zygote's on any other variable read at import is refused, and the spawner then starts that
server on its own, as before.  ``tests/classroom/test_zygote.py`` re-runs the audit, so a new
import-time read fails a test instead of going unnoticed.

Processes forked from one parent share its random seed for str hashing (``PYTHONHASHSEED``), which
only guards against crafted hash collisions; :mod:`random` reseeds itself in every child, and
tokens come from :mod:`secrets`, which does not depend on it.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import json
import os
import select
import signal
import socket
import sys
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

#: what ``python -m classroom.singleuser`` and its server extensions import (classroom/jupyter_server_config.json)
PRELOAD = (
    "classroom.singleuser",  # jupyterhub.singleuser (Jupyter server, the hub's mixins and their ORM), after classroom's saving
    "voila.server_extension",
    "voila.handler",
    "voila.paths",
    "nbconvert",
    "jupyter_server.services.kernels.handlers",
    "jupyter_server.services.kernels.websocket",
    "jupyter_server.services.kernels.connection.channels",
    "classroom.authorizer",
    "classroom.kernels",
    "classroom.language_links",
    "classroom.start_page",
)
#: the module a server is started as (the spawner's command after ``python -m``): the only one the zygote forks
SERVER_MODULE = "classroom.singleuser"
#: this module, as the hub starts it (``python -s -m classroom.zygote SOCKET``)
ZYGOTE_MODULE = "classroom.zygote"

#: variables read at import whose value is each learner's own, and why the zygote's value is harmless there
PER_LEARNER_AT_IMPORT: Mapping[str, str] = {
    "HOME": "send2trash's trash folder (a learner deletes no file: the course's authorizer refuses the contents API) "
            "and sysconfig's user folder (the zygote runs with -s, so no user site-packages either way)",
    "USER": "jupyter_client's default user name in kernel message headers, which nothing checks",
    "JUPYTERHUB_SERVICE_PREFIX": "HubAuth's class default; the single-user server passes its own base_url from its environment",
    "JUPYTERHUB_API_URL": "HubAuth's class default; the single-user server passes its own api_url from its environment",
    "JUPYTERHUB_SSL_KEYFILE": "HubAuth's class default, passed by the server (the classroom uses no internal SSL)",
    "JUPYTERHUB_SSL_CERTFILE": "HubAuth's class default, passed by the server (the classroom uses no internal SSL)",
    "JUPYTERHUB_SSL_CLIENT_CA": "HubAuth's class default, passed by the server (the classroom uses no internal SSL)",
}


class ZygoteError(RuntimeError):
    """The zygote could not start a server (the spawner then starts it on its own)."""


# ---------------------------------------------------------------------------------------------- the zygote
def preload(modules: Iterable[str] = PRELOAD) -> dict[str, str | None]:
    """Import ``modules`` and return each environment variable read meanwhile, with the value it had (``None``: unset).

    Reads are recorded through :class:`os._Environ`'s methods (``os.getenv`` and ``os.environ.get`` go
    through them).  :mod:`wsgiref.handlers` copies the whole environment at import for CGI, which no server
    here uses, so it is imported before the recording starts.
    """
    import wsgiref.handlers  # noqa: F401 - its whole-environment copy is not a read that matters (see above)

    environ = os.environ
    kind = type(environ)
    seen: dict[str, str | None] = {}
    saved = kind.__getitem__, kind.__contains__, kind.get

    def getitem(self: Any, key: Any) -> Any:
        if isinstance(key, str):
            seen.setdefault(key, environ_get(key))
        return saved[0](self, key)

    def contains(self: Any, key: object) -> bool:
        if isinstance(key, str):
            seen.setdefault(key, environ_get(key))
        return saved[1](self, key)

    def get(self: Any, key: Any, default: Any = None) -> Any:
        if isinstance(key, str):
            seen.setdefault(key, environ_get(key))
        return saved[2](self, key, default)

    def environ_get(key: str) -> str | None:
        try:
            return saved[0](environ, key)  # the original __getitem__ (the original get calls the patched one)
        except KeyError:
            return None

    kind.__getitem__, kind.__contains__, kind.get = getitem, contains, get  # type: ignore[method-assign]
    try:
        for name in modules:
            importlib.import_module(name)
    finally:
        kind.__getitem__, kind.__contains__, kind.get = saved  # type: ignore[method-assign]
    return seen


def env_conflicts(env: Mapping[str, str], seen: Mapping[str, str | None]) -> list[str]:
    """The variables read at import whose value in a learner's ``env`` differs from the zygote's (per-learner ones aside)."""
    return sorted(key for key, value in seen.items() if key not in PER_LEARNER_AT_IMPORT and env.get(key) != value)


def _reap(_signum: int = 0, _frame: object = None) -> None:
    """Collect every server that has ended (the zygote is their parent)."""
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _read_request(conn: socket.socket) -> dict[str, Any]:
    data = b""
    while not data.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            raise ZygoteError("the request ended early")
        data += chunk
        if len(data) > 1 << 20:
            raise ZygoteError("the request is too long")
    request = json.loads(data)
    if not isinstance(request, dict):
        raise ZygoteError("the request is not an object")
    return request


def _become(request: Mapping[str, Any], seen: Mapping[str, str | None]) -> list[str]:
    """In the forked child: check the request, drop root for the learner, take their home and environment.

    Returns the server's arguments.  Raises :class:`ZygoteError` (before any change, for what can be
    checked first) when the request is not one this zygote may serve.
    """
    argv = request.get("argv")
    env = request.get("env")
    uid, gid, groups, home = request.get("uid"), request.get("gid"), request.get("groups"), request.get("cwd")
    if not (isinstance(argv, list) and all(isinstance(a, str) for a in argv)):
        raise ZygoteError("argv must be a list of strings")
    if not (isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())):
        raise ZygoteError("env must map strings to strings")
    if not (isinstance(uid, int) and isinstance(gid, int) and uid > 0 and gid > 0):
        raise ZygoteError(f"refusing to run a server as uid {uid!r}, gid {gid!r}: never root's")
    if not (isinstance(groups, list) and all(isinstance(g, int) and g > 0 for g in groups)):
        raise ZygoteError(f"refusing the supplementary groups {groups!r}: never root's")
    if not isinstance(home, str):
        raise ZygoteError("cwd must be a folder")
    conflicts = env_conflicts(env, seen)
    if conflicts:
        raise ZygoteError(f"the server's environment differs from the zygote's on {', '.join(conflicts)}, read at import")
    os.setgroups(groups)
    os.setgid(gid)
    os.setuid(uid)
    if os.getuid() == 0 or os.geteuid() == 0 or os.getgid() == 0 or os.getegid() == 0:
        raise ZygoteError("could not drop root")
    os.chdir(home)
    os.environ.clear()
    os.environ.update(env)
    return argv


def _child(conn: socket.socket, keep: int, seen: Mapping[str, str | None]) -> None:
    """The forked child: set up as the learner, answer with its pid, then run the server. Never returns."""
    code = 1
    try:
        os.setsid()  # a session of its own, as the spawner's Popen(start_new_session=True) gives
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        conn.settimeout(30.0)  # only the hub can connect (root's socket); a request that never comes still ends
        try:
            request = _read_request(conn)
            argv = _become(request, seen)
        except (ZygoteError, OSError, ValueError) as exc:
            conn.sendall(json.dumps({"error": str(exc)}).encode() + b"\n")
            os._exit(1)
        # only the standard streams go on: the server's stdout and stderr are the zygote's (the hub's log)
        fd = conn.fileno()
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.closerange(3, fd)
        os.closerange(fd + 1, keep)
        conn.sendall(json.dumps({"pid": os.getpid()}).encode() + b"\n")
        conn.close()
        sys.argv = [sys.modules[SERVER_MODULE].__file__ or SERVER_MODULE, *argv]
        from jupyterhub.singleuser import main  # type: ignore[import-untyped]  # imported by the zygote already

        code = main() or 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # noqa: BLE001 - a server that fails says why in the log, then ends
        import traceback

        traceback.print_exc()
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def serve(path: str) -> None:
    """The zygote: import the server (:func:`preload`), listen on ``path``, fork a server for each connection.

    Ends when its standard input closes (the hub has ended).
    """
    seen = preload()
    gc.collect()
    gc.freeze()  # the preloaded objects are never scanned by a child's collections, so their pages stay shared
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the hub stops it (closing stdin), not a terminal's ^C
    signal.signal(signal.SIGCHLD, _reap)
    if os.path.exists(path):
        os.unlink(path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o077)
    try:
        listener.bind(path)
    finally:
        os.umask(old)
    listener.listen(64)
    keep = os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 1024
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    os.dup2(2, 1)  # from now on the zygote's (and its servers') standard output is the hub's log, as a started server's is
    stdin = sys.stdin.fileno()
    while True:
        ready, _, _ = select.select([listener, stdin], [], [])
        if stdin in ready and not os.read(stdin, 4096):
            break  # the hub has gone
        if listener not in ready:
            continue
        conn, _ = listener.accept()
        if threading.active_count() != 1:  # a fork copies only this thread: never fork with another running
            conn.close()
            continue
        pid = os.fork()
        if pid == 0:
            listener.close()
            _child(conn, keep, seen)
        conn.close()
    listener.close()
    os.unlink(path)


# ---------------------------------------------------------------------------------------------- the hub's side
def zygote_env(environment: Mapping[str, object], keep: Iterable[str], home: str) -> dict[str, str]:
    """The zygote's environment: the spawner's fixed variables (``environment``'s plain strings), the hub's values of
    the variables the spawner passes on (``keep``, its ``env_keep``), and ``HOME`` set to ``home``; nothing else of
    the hub's (its proxy token stays with it)."""
    env = {key: os.environ[key] for key in keep if key in os.environ}
    env.update({key: value for key, value in environment.items() if isinstance(value, str)})
    env["HOME"] = home
    return env


class Zygote:
    """The hub's handle on its zygote: started on first use, again if it has ended."""

    def __init__(self, socket_path: str, env: Mapping[str, str], *, start_timeout: float = 60.0) -> None:
        self.socket_path = socket_path
        self.env = dict(env)
        self.start_timeout = start_timeout
        self.proc: asyncio.subprocess.Process | None = None
        self._lock = asyncio.Lock()

    async def _ensure(self) -> None:
        async with self._lock:
            if self.proc is not None and self.proc.returncode is None:
                return
            Path(self.socket_path).parent.mkdir(parents=True, exist_ok=True)
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-s", "-m", ZYGOTE_MODULE, self.socket_path,
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=self.env,
                cwd=str(Path(self.socket_path).parent), start_new_session=True,
            )
            assert self.proc.stdout is not None
            try:
                line = await asyncio.wait_for(self.proc.stdout.readline(), self.start_timeout)
            except asyncio.TimeoutError:
                line = b""
            if line.strip() != b"ready":
                if self.proc.returncode is None:
                    self.proc.kill()
                await self.proc.wait()
                self.proc = None
                raise ZygoteError("the zygote did not start (its error is in the hub's log)")

    async def fork(self, argv: list[str], env: Mapping[str, str], uid: int, gid: int, groups: list[int], cwd: str) -> int:
        """Start a server (``argv``: the arguments after ``python -m classroom.singleuser``) as ``uid``; its process id.

        Raises:
            ZygoteError: the zygote could not start it (the caller starts the server on its own).
        """
        await self._ensure()
        request = {"argv": argv, "env": dict(env), "uid": uid, "gid": gid, "groups": groups, "cwd": cwd}
        try:
            reader, writer = await asyncio.open_unix_connection(self.socket_path)
        except OSError as exc:
            raise ZygoteError(f"could not reach the zygote: {exc}") from exc
        try:
            writer.write(json.dumps(request).encode() + b"\n")
            await writer.drain()
            reply = json.loads(await asyncio.wait_for(reader.readline(), self.start_timeout) or b"{}")
        except (OSError, ValueError, asyncio.TimeoutError) as exc:
            raise ZygoteError(f"no answer from the zygote: {exc}") from exc
        finally:
            writer.close()
        if "pid" not in reply:
            raise ZygoteError(str(reply.get("error", "no process id")))
        return int(reply["pid"])


def learner_servers(pids: Iterable[int], unix_prefix: str) -> dict[str, int]:
    """{learner: process id} of the learners' servers among ``pids`` (the hub's descendants): forked by its zygote
    (the learner from the server's Unix user, ``unix_prefix`` + name) or started on their own (from ``JUPYTERHUB_USER``)."""
    import psutil
    import pwd

    found: dict[str, int] = {}
    for pid in pids:
        try:
            proc = psutil.Process(pid)
            cmd = proc.cmdline()
            if SERVER_MODULE in cmd:
                found[proc.environ().get("JUPYTERHUB_USER", "?")] = proc.pid
            elif ZYGOTE_MODULE in cmd and proc.uids().real != 0:
                name = pwd.getpwuid(proc.uids().real).pw_name
                if name.startswith(unix_prefix):
                    found[name[len(unix_prefix):]] = proc.pid
        except (psutil.NoSuchProcess, psutil.AccessDenied, KeyError):
            pass
    return found


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -s -m classroom.zygote SOCKET")
    serve(sys.argv[1])
