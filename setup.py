"""Build hook: compile the double-dummy search core with mypyc when possible.

Everything else about the package is in pyproject.toml.  The one compiled
module is ``fivehundred/analysis/_search.py`` (plain typed Python; see
docs/fast-core.md).  If mypyc or a C compiler is missing, or the compile
fails, the package installs anyway and the same file runs uncompiled.
Set FIVEHUNDRED_PURE_SOLVER=1 at install time to skip the compile.
"""

from __future__ import annotations

import hashlib
import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

CORE = "fivehundred/analysis/_search.py"


class OptionalBuildExt(build_ext):
    """build_ext that warns instead of failing: the pure-Python core is the fallback."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 (any compiler failure)
            print(f"fivehundred: the search core was not compiled ({exc}); the pure-Python path runs", file=sys.stderr)
            return
        # the source's hash beside the build: the solver uses the build only while the source still matches
        target = os.path.dirname(self.get_ext_fullpath("fivehundred.analysis._search"))
        if os.path.isdir(target):
            with open(CORE, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            with open(os.path.join(target, "_search.sha256"), "w", encoding="ascii") as f:
                f.write(digest + "\n")

    def build_extension(self, ext: object) -> None:
        try:
            super().build_extension(ext)  # type: ignore[arg-type]
        except Exception as exc:  # noqa: BLE001
            print(f"fivehundred: could not compile {getattr(ext, 'name', ext)} ({exc}); the pure-Python path runs", file=sys.stderr)


def _extensions() -> list[object]:
    if os.environ.get("FIVEHUNDRED_PURE_SOLVER", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify

        return list(mypycify([CORE], opt_level="3"))
    except Exception as exc:  # noqa: BLE001 (mypyc missing or failing)
        print(f"fivehundred: mypyc unavailable ({exc}); the search core stays pure Python", file=sys.stderr)
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
