"""Run a notebook's exercises with planted wrong solutions (tests/planted/<grade_id>__<name>.py).

The notebook's code cells run once, in order, in one namespace (the instructor's version); before
each solution cell the namespace is saved. A planted solution is then run in a copy of the saved
namespace, in place of the solution cell, followed by the cells up to the next exercise (the
check cells and their helpers). What the check raised is returned.
"""
from __future__ import annotations

import contextlib
import functools
import os
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
PLANTED = Path(__file__).resolve().parent / "planted"


def _role(cell) -> str:
    meta = cell.metadata.get("nbgrader", {})
    return "solution" if meta.get("solution") else "check" if meta.get("grade") else "text"


@contextlib.contextmanager
def _in(folder: Path):
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


@functools.lru_cache(maxsize=None)
def exercises(notebook: str) -> dict:
    """grade_id -> (namespace before the solution cell, the code cells after it up to the next one)."""
    os.environ.setdefault("MPLBACKEND", "Agg")
    path = ROOT / "notebooks" / notebook
    cells = [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
    ns: dict = {"__name__": "__main__"}
    found: dict = {}
    current = None
    with _in(path.parent):
        for c in cells:
            if _role(c) == "solution":
                current = c.metadata["nbgrader"]["grade_id"]
                found[current] = (dict(ns), [])
            elif current is not None:
                found[current][1].append(c.source)
            exec(compile(c.source, f"{notebook}:{current}", "exec"), ns)
    import matplotlib.pyplot as plt
    plt.close("all")
    return found


def planted(prefix: str) -> list[Path]:
    """The planted wrong solutions of the exercises whose grade_id starts with ``prefix``."""
    return sorted(PLANTED.glob(f"{prefix}*__*.py"))


def run_planted(notebook: str, path: Path) -> BaseException | None:
    """Run the planted solution ``path`` and the check cells of its exercise; what they raised."""
    grade_id = path.name.split("__")[0]
    saved, after = exercises(notebook)[grade_id]
    ns = dict(saved)
    with _in(ROOT / "notebooks"):
        try:
            exec(compile(path.read_text(), str(path), "exec"), ns)
            for source in after:
                exec(compile(source, f"check of {grade_id}", "exec"), ns)
        except BaseException as e:      # the check's verdict
            return e
        finally:
            import matplotlib.pyplot as plt
            plt.close("all")
    return None
