"""The class list: learners' accounts for the classroom hub, with their passwords stored hashed.

``python tools/teacher.py add-learners ann ben`` makes an account for each name with a generated
password, prints the passwords once (for the teacher to hand out), and keeps only their argon2
hashes in ``<state>/hub/class-list.json`` (mode 0600, in the hub's 0700 folder: learners can
neither read nor change it).  The hub's :class:`classroom.hub_auth.ClassListAuthenticator`
checks logins against it.

A learner's name is also the name of their Unix account on the hub's machine, with a prefix
(``fh-ann``), so that no learner can ever be given an existing account such as ``root``.
"""

from __future__ import annotations

import json
import os
import re
import secrets
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

#: the names a learner (or the teacher) may have: lower-case letters, digits, - and _, a letter first
NAME_PATTERN = r"[a-z][a-z0-9_-]{0,27}"
#: each learner's Unix user is this prefix + their name
UNIX_PREFIX = "fh-"
#: the teacher's account name (an admin of the hub)
TEACHER = "teacher"

_HASHER = PasswordHasher()


class AccountError(ValueError):
    """A name that cannot be an account, or a class list that cannot be read."""


def check_name(name: str) -> str:
    if not isinstance(name, str) or not re.fullmatch(NAME_PATTERN, name):
        raise AccountError(f"{name!r} cannot be a learner's name: use lower-case letters, digits, - or _ "
                           f"(a letter first, at most 28 characters)")
    return name


def unix_name(name: str) -> str:
    """The Unix user a learner's server runs as."""
    return UNIX_PREFIX + check_name(name)


def secrets_dir(state: Path) -> Path:
    """The hub's private folder (database, cookie secret, passwords, class list): root only, 0700."""
    folder = Path(state) / "hub"
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    return folder


def kept_secret(path: Path, length: int) -> str:
    """The secret kept in ``path`` (a password, an API token), made (``length`` URL-safe characters, mode 0600) the
    first time, or again if the file holds a shorter one."""
    if path.exists():
        text = path.read_text(encoding="utf-8").strip()
        if len(text) >= length:
            return text
    text = secrets.token_urlsafe(length)[:length]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="utf-8")
    path.chmod(0o600)
    return text


def class_list_path(state: Path) -> Path:
    return Path(state) / "hub" / "class-list.json"


def new_password() -> str:
    """A password to hand to a learner: 12 characters, easy to type (no 0/O, 1/l/I)."""
    alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    return "".join(secrets.choice(alphabet) for _ in range(12))


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify(hashed: str, password: str) -> bool:
    try:
        return bool(_HASHER.verify(hashed, password))
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def load_class_list(state: Path) -> dict[str, str]:
    """{name: password hash} from the class list ({} if there is none yet)."""
    path = class_list_path(state)
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        raise AccountError(f"the class list {path} cannot be read: {exc}") from exc
    accounts = data.get("accounts") if isinstance(data, dict) else None
    if not isinstance(accounts, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in accounts.items()):
        raise AccountError(f"the class list {path} is not a class list")
    return dict(accounts)


def save_class_list(state: Path, accounts: dict[str, str]) -> Path:
    """Write the class list atomically, readable by root only."""
    secrets_dir(state)
    path = class_list_path(state)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump({"version": 1, "accounts": dict(sorted(accounts.items()))}, out, indent=1)
        out.write("\n")
    os.replace(tmp, path)
    return path


def add_accounts(state: Path, names: list[str], *, reset: bool = False,
                 passwords: dict[str, str] | None = None) -> dict[str, str]:
    """Make an account for each name (a new password for one that exists only with ``reset``);
    return {name: password} for the accounts made or reset.  ``passwords`` fixes some (the tests,
    the teacher's own from the hub's launcher)."""
    for name in names:
        check_name(name)
    accounts = load_class_list(state)
    made: dict[str, str] = {}
    for name in dict.fromkeys(names):
        if name in accounts and not reset:
            continue
        password = (passwords or {}).get(name) or new_password()
        accounts[name] = hash_password(password)
        made[name] = password
    save_class_list(state, accounts)
    return made


def remove_accounts(state: Path, names: list[str]) -> list[str]:
    accounts = load_class_list(state)
    gone = [n for n in names if accounts.pop(n, None) is not None]
    save_class_list(state, accounts)
    return gone
