"""The class list (classroom/accounts.py) and the teacher's ``add-learners`` subcommand: accounts with
generated passwords, kept only as argon2 hashes in a file no learner can read; and the hub's login check."""

from __future__ import annotations

import asyncio
import json
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from classroom.accounts import AccountError, add_accounts, class_list_path, load_class_list, unix_name
from classroom.hub_auth import ClassListAuthenticator

ROOT = Path(__file__).resolve().parents[2]


def teacher(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "teacher.py"), *args],
                          capture_output=True, text=True, timeout=120)


def test_add_learners_prints_each_new_password_once_and_keeps_only_hashes(tmp_path: Path) -> None:
    result = teacher("add-learners", "ann", "ben", "--state", str(tmp_path))
    assert result.returncode == 0, result.stderr
    passwords = dict(line.split() for line in result.stdout.splitlines()[1:])
    assert set(passwords) == {"ann", "ben"} and passwords["ann"] != passwords["ben"]
    assert all(len(p) == 12 for p in passwords.values())
    path = class_list_path(tmp_path)
    text = path.read_text()
    assert not any(p in text for p in passwords.values())
    assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert all(h.startswith("$argon2id$") for h in json.loads(text)["accounts"].values())
    # the hub's login takes each learner's own password, and no other
    auth = ClassListAuthenticator(state_dir=str(tmp_path))

    def login(name: str, password: str) -> str | None:
        return asyncio.run(auth.authenticate(None, {"username": name, "password": password}))

    assert login("ann", passwords["ann"]) == "ann"
    assert login("ann", passwords["ben"]) is None
    assert login("teacher", passwords["ann"]) is None
    assert login("ann", "") is None
    assert auth.check_allowed("ann") and not auth.check_allowed("carol")
    # run again: existing learners keep their password unless --reset
    again = teacher("add-learners", "ann", "carol", "--state", str(tmp_path))
    assert "carol" in again.stdout and "Already on the class list" in again.stdout and "ann" in again.stdout.splitlines()[-1]
    assert login("ann", passwords["ann"]) == "ann"
    reset = teacher("add-learners", "ann", "--reset", "--state", str(tmp_path))
    assert login("ann", passwords["ann"]) is None and reset.returncode == 0
    assert teacher("remove-learners", "carol", "--state", str(tmp_path)).returncode == 0
    assert set(load_class_list(tmp_path)) == {"ann", "ben"}


@pytest.mark.parametrize("name", ["root", "Ann", "a b", "../x", "", "1st", "x" * 29, "ann;rm"])
def test_names_that_cannot_be_accounts_are_refused_and_change_nothing(tmp_path: Path, name: str) -> None:
    if name == "root":  # a valid name, but never the Unix user root: learners' users carry a prefix
        assert unix_name(name) == "fh-root"
        return
    add_accounts(tmp_path, ["ann"])
    before = class_list_path(tmp_path).read_bytes()
    with pytest.raises(AccountError, match="cannot be a learner's name"):
        add_accounts(tmp_path, ["ben", name])
    assert class_list_path(tmp_path).read_bytes() == before
    result = teacher("add-learners", name, "--state", str(tmp_path))
    assert result.returncode != 0 and "cannot be a learner's name" in result.stderr
