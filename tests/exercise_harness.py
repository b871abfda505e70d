"""Run a notebook's exercise with a solution other than the instructor's, as nbgrader grades it.

``exercises(notebook)`` runs the notebook's code cells once, in order, in one namespace, in the
notebook's folder, up to its last check cell, and keeps for each exercise (named by its solution
cell's grade_id) the namespace as it is just before the solution cell. It runs only the cells
the exercises need (``needed_cells``): the solution, check and in-between cells, and each cell
before them that binds a name one of those reads, or a kept cell reads (names, not values: a
cell that only changes an object through a function it calls is not seen). Notebook 8's
measurements (51 s of CPU of 56) are left out so. The whole notebook, every cell, runs in nbval
and, with each planted solution in it, in the nbgrader course (tests/test_nbgrader_course.py). ``run(notebook, grade_id,
source)`` then runs ``source`` in a copy of that namespace in place of the solution cell, the code
cells between it and the exercise's check cell, and the check in two parts:

- the student's check: the check cell as nbgrader releases it, its hidden tests removed;
- the hidden tests, after it in the same namespace (the student's check defines their helpers);

and returns what the solution cell, the student's check and the hidden tests raised, a
``Verdict``: a cell that raises does not stop the next ones, as in nbgrader's autograder.
``run_planted(notebook, name)`` runs a planted wrong solution, ``tests/planted/<name>``, named
``<grade_id>__<what is wrong>.py`` (the whole source of a solution cell); ``stub(source)`` is a
solution cell as nbgrader releases it.

``stub`` and ``split_hidden`` redo what nbgrader's ClearSolutions and ClearHiddenTests do to a
cell (a few lines each): nbgrader is an instructor's requirement, and these tests run without it;
tests/test_exercise_harness.py compares them with nbgrader's own when it is installed.
"""
from __future__ import annotations

import contextlib
import functools
import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

import nbformat

from abcore.exercises import cell_names

os.environ.setdefault("MPLBACKEND", "Agg")
import matplotlib.pyplot as plt  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PLANTED = Path(__file__).resolve().parent / "planted"
CODE_STUB = ["# YOUR CODE HERE", "raise NotImplementedError()"]        # nbgrader's, for Python


@dataclass(frozen=True)
class Exercise:
    grade_id: str
    before: dict                # the namespace just before the solution cell
    solution: str               # the instructor's solution cell
    between: tuple[str, ...]    # the code cells between it and the check cell (the check's helpers)
    check: str                  # the check cell, hidden tests included


@dataclass(frozen=True)
class Verdict:
    solution: BaseException | None      # what the solution cell raised
    check: BaseException | None         # what the student's check raised (with the cells before it)
    hidden: BaseException | None        # what the hidden tests raised after it (None: passed, or none)
    hidden_tests: bool                  # whether the check cell has hidden tests


def _nbgrader(cell) -> dict:
    return cell.metadata.get("nbgrader", {})


def _regions(source: str, begin: str, end: str, stub: list[str] | None) -> tuple[str, str]:
    """(``source`` with each region from a line holding ``begin`` to one holding ``end`` replaced
    with ``stub`` at the begin line's indentation, or removed when ``stub`` is None; the lines
    inside the regions)."""
    kept: list[str] = []
    inside: list[str] = []
    within = False
    for line in source.split("\n"):
        if begin in line:
            if within:
                raise ValueError(f"{begin!r} inside another region:\n{source}")
            within = True
            indent = re.match(r"\s*", line).group(0)
            kept += [indent + s for s in stub or []]
        elif end in line:
            within = False
        elif within:
            inside.append(line)
        else:
            kept.append(line)
    if within:
        raise ValueError(f"no {end!r} after {begin!r}:\n{source}")
    return "\n".join(kept), "\n".join(inside)


def stub(solution: str) -> str:
    """A solution cell as nbgrader releases it: each solution region replaced with its code stub
    (the whole cell, if it has no region)."""
    if "BEGIN SOLUTION" not in solution:
        return "\n".join(CODE_STUB)
    return _regions(solution, "BEGIN SOLUTION", "END SOLUTION", CODE_STUB)[0]


def split_hidden(check: str) -> tuple[str, str]:
    """(the check cell as nbgrader releases it, its hidden tests alone)."""
    return _regions(check, "BEGIN HIDDEN TESTS", "END HIDDEN TESTS", None)


def grade_ids(notebook: str) -> list[str]:
    """The notebook's exercises (their solution cells' grade_ids), in order, without running it."""
    cells = nbformat.read(NOTEBOOKS / notebook, as_version=4).cells
    return [_nbgrader(c)["grade_id"] for c in cells if _nbgrader(c).get("solution")]


@contextlib.contextmanager
def _in_notebooks():
    """In the notebooks' folder, printing nowhere, every figure closed after."""
    before = os.getcwd()
    os.chdir(NOTEBOOKS)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            yield
    finally:
        os.chdir(before)
        plt.close("all")


def _exec(source: str, name: str, ns: dict) -> BaseException | None:
    """Run one cell; what it raised."""
    try:
        exec(compile(source, name, "exec"), ns)
    except Exception as e:              # the cell's outcome, as JupyterLab would show it
        return e
    return None


def _bound_and_read(source: str) -> tuple[set[str], set[str]]:
    """(the names a cell binds or changes at its top level, the global names it reads):
    ``abcore.exercises.cell_names.bound_and_read``, which the autograder's graded path uses too."""
    return cell_names.bound_and_read(source)


def needed_cells(sources: list[str], targets: set[int], also_read: tuple[str, ...] = ()) -> list[bool]:
    """For each cell of ``sources``: whether the cells ``targets`` (always run) need it, read
    from the last cell back (``abcore.exercises.cell_names.needed_cells``). ``also_read``: more
    code whose names count as read (the planted solutions).

    >>> needed_cells(["a = 1", "b = 2", "slow = sum(range(9))", "c = a + b", "print(c)"], {4})
    [True, True, False, True, True]
    """
    return cell_names.needed_cells(sources, targets, also_read)


@functools.lru_cache(maxsize=None)
def exercises(notebook: str) -> dict[str, Exercise]:
    """grade_id -> its Exercise, in the notebook's order; the notebook runs once per process."""
    code = [c for c in nbformat.read(NOTEBOOKS / notebook, as_version=4).cells if c.cell_type == "code"]
    last_check = max((i for i, c in enumerate(code) if _nbgrader(c).get("grade")), default=-1)
    ns: dict = {"__name__": "__main__"}
    found: dict[str, Exercise] = {}
    grade_id = None                     # the exercise whose check is still to come
    code = code[:last_check + 1]                              # nothing after the last check is needed
    targets = {i for i, c in enumerate(code) if _nbgrader(c).get("solution") or _nbgrader(c).get("grade")}
    for i in sorted(targets):                                 # the cells between a solution and its check
        if _nbgrader(code[i]).get("solution"):
            j = next((k for k in sorted(targets) if k > i and _nbgrader(code[k]).get("grade")), i)
            targets.update(range(i, j + 1))
    prefix = next((g.split("-")[0] + "-" for g in grade_ids(notebook)), None)
    plants = tuple(p.read_text() for p in planted(prefix)) if prefix else ()
    keep = needed_cells([c.source for c in code], targets, plants)
    if keep:
        keep[last_check] = False    # run by each test (`run`); no cell after it needs it (notebook 10's: 22 s)
    with _in_notebooks():
        for i, cell in enumerate(code):
            meta = _nbgrader(cell)
            if meta.get("solution"):
                grade_id, before, solution, between = meta["grade_id"], dict(ns), cell.source, []
            elif meta.get("grade") and grade_id is not None:
                found[grade_id] = Exercise(grade_id, before, solution, tuple(between), cell.source)
                grade_id = None
            elif grade_id is not None:
                between.append(cell.source)
            if not keep[i]:
                continue
            error = _exec(cell.source, f"{notebook}, code cell {i}", ns)
            if error is not None:
                raise RuntimeError(f"{notebook}, code cell {i} raised {error!r} with the instructor's "
                                   "solutions") from error
            plt.close("all")
    return found


def run(notebook: str, grade_id: str, source: str, check: str | None = None) -> Verdict:
    """Run ``source`` as the solution cell of the exercise ``grade_id``, then its check (``check``
    instead of the notebook's check cell, if given): what the student's check and the hidden
    tests say."""
    exercise = exercises(notebook)[grade_id]
    public, hidden = split_hidden(exercise.check if check is None else check)
    ns = dict(exercise.before)
    with _in_notebooks():
        solution_error = _exec(source, f"{grade_id} (solution)", ns)
        errors = [_exec(cell, f"{grade_id} (check)", ns) for cell in (*exercise.between, public)]
        check_error = next((e for e in errors if e is not None), None)
        hidden_error = _exec(hidden, f"{grade_id} (hidden tests)", ns) if hidden else None
    return Verdict(solution_error, check_error, hidden_error, bool(hidden))


def planted(prefix: str) -> list[Path]:
    """The planted wrong solutions whose name starts with ``prefix`` (``'ex5-'``, ``grade_id + '__'``)."""
    return sorted(p for p in PLANTED.glob(f"{prefix}*.py") if "__" in p.name)


def run_planted(notebook: str, name: str) -> Verdict:
    """Run the planted solution ``tests/planted/<name>`` in its exercise (``name`` begins with its
    grade_id): what the checks say."""
    path = PLANTED / name
    return run(notebook, name.split("__")[0], path.read_text())
