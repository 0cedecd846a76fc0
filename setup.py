"""Build hook: compile the double-dummy search core and the play core with mypyc when possible.

Everything else about the package is in pyproject.toml.  The compiled modules
are ``fivehundred/analysis/_search.py`` and ``fivehundred/_playcore.py`` (plain
typed Python; see docs/fast-core.md).  If mypyc or a C compiler is missing, or
the compile fails, the package installs anyway and the same files run
uncompiled.  Set FIVEHUNDRED_PURE_SOLVER=1 at install time to skip both
compiles (FIVEHUNDRED_PURE_PLAY=1 skips only the play core's).
"""

from __future__ import annotations

import hashlib
import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

CORE = "fivehundred/analysis/_search.py"
PLAY_CORE = "fivehundred/_playcore.py"


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing: the pure-Python core is the fallback."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 (any compiler failure)
            print(f"fivehundred: the cores were not compiled ({exc}); the pure-Python path runs", file=sys.stderr)
            return
        # each source's hash beside its build: the build is used only while the source still matches
        for source in _cores():
            module = source[: -len(".py")].replace("/", ".")
            path = self.get_ext_fullpath(module)
            if os.path.exists(path):
                with open(source, "rb") as f:
                    digest = hashlib.sha256(f.read()).hexdigest()
                stamp = os.path.join(os.path.dirname(path), os.path.basename(source)[: -len(".py")] + ".sha256")
                with open(stamp, "w", encoding="ascii") as f:
                    f.write(digest + "\n")

    def build_extension(self, ext: object) -> None:
        try:
            super().build_extension(ext)  # type: ignore[arg-type]
        except Exception as exc:  # noqa: BLE001
            print(f"fivehundred: could not compile {getattr(ext, 'name', ext)} ({exc}); the pure-Python path runs", file=sys.stderr)


def _set(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _cores() -> list[str]:
    if _set("FIVEHUNDRED_PURE_SOLVER"):
        return []
    return [CORE] if _set("FIVEHUNDRED_PURE_PLAY") else [CORE, PLAY_CORE]


def _extensions() -> list[object]:
    cores = _cores()
    if not cores:
        return []
    try:
        from mypyc.build import mypycify

        # separate: one shared library per core, so each loads (or is refused as stale) on its own
        return list(mypycify(cores, opt_level="3", separate=True))
    except Exception as exc:  # noqa: BLE001 (mypyc missing or failing)
        print(f"fivehundred: mypyc unavailable ({exc}); the compiled cores stay pure Python", file=sys.stderr)
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
