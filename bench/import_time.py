"""Import cost in a fresh kernel-like interpreter: ``import fivehundred``, ``import widgets``, and each
lesson page's own import lines (the code cells' ``import`` statements, as its kernel runs them).

Each figure is the median over ``--repeat`` fresh interpreters (ipykernel already imported, as in a
kernel; ipywidgets not, as in a kernel before its first widget), timed inside the interpreter as CPU time (time.process_time: on a shared, loaded machine wall time mostly measures the queue).  Target
(issue #26): ``import fivehundred`` and ``import widgets`` <= 0.3 s each.  For the import tree use
``python -X importtime -c "import widgets"``.

    python bench/import_time.py [--repeat 5] [--quick]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lesson_imports(path: Path) -> list[str]:
    """The import statements of a lesson's shown code cells, in order."""
    lines = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code" or "remove-cell" in cell.get("metadata", {}).get("tags", []):
            continue
        try:
            tree = ast.parse("".join(cell["source"]))
        except SyntaxError:
            continue
        lines += [ast.unparse(n) for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    return lines


def timed(statements: list[str], repeat: int) -> float:
    code = ("import ipykernel.ipkernel, time\nt = time.process_time()\n" + "\n".join(statements)
            + "\nprint(time.process_time() - t)")
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                 cwd=ROOT / "lessons").stdout) for _ in range(repeat)]
    return statistics.median(runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="3 runs each, the packages and 4 lessons")
    args = parser.parse_args(argv)
    repeat = 3 if args.quick else max(args.repeat, 3)
    print(f"Import CPU time, median of {repeat} fresh interpreters (ipykernel loaded first); load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
    for name in ("fivehundred", "widgets", "ipywidgets"):
        print(f"  import {name:<30} {timed([f'import {name}'], repeat):6.3f} s")
    lessons = sorted((ROOT / "lessons").glob("[0-9][0-9]-*.ipynb"))
    if args.quick:
        lessons = lessons[:2] + lessons[-2:]
    for path in lessons:
        print(f"  {path.name + ' imports':<37} {timed(lesson_imports(path), repeat):6.3f} s")
    print("  target: import fivehundred and import widgets <= 0.3 s each")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
