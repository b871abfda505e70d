"""Execute notebooks in place, the way they are committed.

    python tools/execute.py                   # every notebooks/*.ipynb
    python tools/execute.py notebooks/08_realtime.ipynb ...

Each notebook runs alone in a fresh kernel, in its own folder (as nbval and a student run it),
with nbclient, the library nbconvert and nbval execute with. Then each code cell's
``metadata.execution`` (the timestamps Jupyter records) is dropped, so a committed notebook holds
no timings and re-executing an unchanged notebook changes nothing but widget ids. Stored outputs
are what nbval's full mode compares in ``make test``.

The per-student exercises (abcore.exercises) draw their trees from the student key: the stored
notebooks are executed for the key ``instructor`` (``ABCORE_STUDENT``, which the root conftest.py
sets for nbval too), so that their outputs do not depend on who runs them.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
STUDENT_KEY = "instructor"          # the student key of the stored outputs (see the docstring)


def course_notebooks() -> list[Path]:
    """notebooks/*.ipynb, without hidden or temporary files."""
    return sorted(p for p in (ROOT / "notebooks").glob("*.ipynb")
                  if not p.name.startswith((".", "_")))


def strip_timings(nb: nbformat.NotebookNode) -> int:
    """Drop each cell's ``metadata.execution``; how many cells had one."""
    return sum(cell.metadata.pop("execution", None) is not None for cell in nb.cells)


def execute(path: Path, timeout: int = 900) -> None:
    """Run ``path`` top to bottom in its folder and write it back, timings stripped."""
    nb = nbformat.read(path, as_version=4)
    os.environ["ABCORE_STUDENT"] = STUDENT_KEY       # the kernel inherits it
    # The kit's language: the English edition's unless a run says otherwise (tools/i18n.py sets fr),
    # never the machine's locale (a French LANG would put French messages in the English outputs).
    os.environ.setdefault("ABCORE_EDITION", "en")
    NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    strip_timings(nb)
    nbformat.write(nb, path)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every course notebook")
    parser.add_argument("--strip-only", action="store_true",
                        help="only drop the timings, without executing")
    args = parser.parse_args(argv)
    paths = args.notebooks or course_notebooks()
    for path in paths:
        if not path.is_file():
            sys.exit(f"no notebook {path}: give paths to .ipynb files (default: all of notebooks/)")
    for path in paths:
        if args.strip_only:
            nb = nbformat.read(path, as_version=4)
            n = strip_timings(nb)
            nbformat.write(nb, path)
            print(f"{path.name}: timings dropped from {n} cells")
        else:
            print(f"executing {path.name} ...", flush=True)
            execute(path)


if __name__ == "__main__":
    main()
