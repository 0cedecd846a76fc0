"""The classroom hub's login and spawner (classroom/jupyterhub_config.py uses them).

* :class:`ClassListAuthenticator`: a learner logs in with the name and password the teacher's
  tool made (classroom/accounts.py: argon2 hashes in the hub's private folder); nobody else can.
* :class:`LearnerSpawner`: JupyterHub's ``LocalProcessSpawner`` with each learner's server run as
  a Unix user of its own (``fh-<name>``, made with ``useradd`` the first time, no login shell),
  whose home (``<state>/homes/<name>``) is theirs alone (mode 0700).  The hub must run as root.
  Each server is forked from the class's zygote, which has imported it once (classroom/zygote.py);
  if the zygote cannot start one, the server is started on its own, as a ``LocalProcessSpawner`` does.
"""

from __future__ import annotations

import hashlib
import os
import pwd
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from jupyterhub.auth import Authenticator
from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from jupyterhub.utils import random_port
from traitlets import Bool, Unicode

from classroom.accounts import AccountError, load_class_list, unix_name, verify
from classroom.zygote import SERVER_MODULE, Zygote, ZygoteError, zygote_env

#: the class's zygote, one per hub (made on the first spawn)
_ZYGOTE: Zygote | None = None


class ClassListAuthenticator(Authenticator):  # type: ignore[misc]
    """Logins checked against the class list's password hashes."""

    state_dir = Unicode(config=True, help="The classroom's state folder (the class list is in its hub/ folder).")

    async def authenticate(self, handler: Any, data: dict[str, str]) -> str | None:
        name = self.normalize_username(data.get("username", ""))
        password = data.get("password", "")
        try:
            accounts = load_class_list(Path(self.state_dir))
        except AccountError as exc:
            self.log.error("Login refused: %s", exc)
            return None
        hashed = accounts.get(name)
        if hashed is None or not password or not verify(hashed, password):
            self.log.warning("Login refused for %r", name)
            return None
        return name

    def check_allowed(self, username: str, authentication: Any = None) -> bool:
        """Only names on the class list (the teacher included)."""
        try:
            return username in load_class_list(Path(self.state_dir))
        except AccountError:
            return False


class LearnerSpawner(LocalProcessSpawner):  # type: ignore[misc]
    """Each learner's server as their own unprivileged Unix user, in their own 0700 home."""

    homes_dir = Unicode(config=True, help="The folder holding one home per learner (root-owned, 0755).")
    runtime_root = Unicode(config=True, help="The folder holding one Jupyter runtime folder per learner.")
    zygote_socket = Unicode(config=True, help="The zygote's Unix socket, in a folder root's alone; empty: every "
                                              "server is started on its own (classroom/zygote.py).")
    fork_servers = Bool(True, config=True, help="Fork each learner's server from the zygote (classroom/zygote.py).")

    @property
    def unix_user(self) -> str:
        return unix_name(self.user.name)

    @property
    def home_dir(self) -> Path:
        return Path(self.homes_dir) / self.user.name

    @property
    def runtime_dir(self) -> str:
        return str(Path(self.runtime_root) / hashlib.sha1(self.user.name.encode()).hexdigest()[:10])

    def _ensure_account(self) -> pwd.struct_passwd:
        """The learner's Unix user (made if missing) and their home and runtime folders."""
        name = self.unix_user
        for attempt in range(20):  # another hub on this machine may be adding the same user (/etc/passwd locked)
            try:
                entry = pwd.getpwnam(name)
                break
            except KeyError:
                made = subprocess.run(["useradd", "--no-create-home", "--home-dir", str(self.home_dir),
                                       "--shell", "/usr/sbin/nologin", "--user-group", name],
                                      check=False, capture_output=True, text=True)
                if made.returncode != 0:
                    self.log.warning("useradd %s: %s", name, made.stderr.strip())
                    time.sleep(0.5)
        else:
            raise RuntimeError(f"could not make the Unix user {name} for {self.user.name}")
        if entry.pw_uid == 0 or entry.pw_gid == 0:
            raise RuntimeError(f"refusing to run {self.user.name}'s server as {name}: uid or gid 0")
        for folder in (Path(self.homes_dir), Path(self.runtime_root)):
            folder.mkdir(parents=True, exist_ok=True)
            os.chown(folder, 0, 0)
            folder.chmod(0o755)
        for folder in (self.home_dir, Path(self.runtime_dir)):
            folder.mkdir(exist_ok=True)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
            folder.chmod(0o700)
        return entry

    def make_preexec_fn(self, name: str) -> Any:
        setuid = set_user_setuid(self.unix_user, chdir=False)
        home = str(self.home_dir)

        def preexec() -> None:
            setuid()
            os.chdir(home)

        return preexec

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        env["USER"] = self.unix_user
        env["HOME"] = str(self.home_dir)
        env["SHELL"] = "/usr/sbin/nologin"
        env["JUPYTER_RUNTIME_DIR"] = self.runtime_dir
        return env

    def _zygote(self) -> Zygote:
        global _ZYGOTE
        if _ZYGOTE is None or _ZYGOTE.socket_path != self.zygote_socket:
            _ZYGOTE = Zygote(self.zygote_socket, zygote_env(self.environment, self.env_keep, self.homes_dir))
        return _ZYGOTE

    async def start(self) -> Any:
        entry = self._ensure_account()
        if self.fork_servers and self.zygote_socket:
            if self.port == 0:
                self.port = random_port()
            cmd = [*self.cmd, *self.get_args()]
            if cmd[:3] == [sys.executable, "-m", SERVER_MODULE] and not self.shell_cmd:
                try:
                    groups = [g for g in os.getgrouplist(entry.pw_name, entry.pw_gid) if g != 0]
                    self.pid = await self._zygote().fork(cmd[3:], self.get_env(), entry.pw_uid, entry.pw_gid, groups,
                                                         str(self.home_dir))
                    self.proc = None
                    self.log.info("Forked %s's server from the zygote: process %i", self.user.name, self.pid)
                    return (self.ip or "127.0.0.1", self.port)
                except (ZygoteError, OSError) as exc:
                    self.log.warning("Starting %s's server on its own: %s", self.user.name, exc)
        return await super().start()

    def move_certs(self, paths: dict[str, str]) -> dict[str, str]:
        return paths  # no internal SSL in the classroom
