"""Run a notebook's exercises in this process, to try wrong solutions against their checks.

``Exercises(path)`` executes the notebook's code cells once, in order, in one namespace, keeping a
copy of the namespace as it is just before each solution cell. ``refusal(grade_id, source)`` then
runs a solution cell's source (a planted wrong solution, tests/planted/<grade_id>__<name>.py) in
that copy, followed by the exercise's check cell, twice:

- the student's check (the hidden tests removed, as nbgrader releases it), which must raise
  ``CheckFailed``: its message is what the student reads;
- the hidden tests (after the public part has defined its helpers), which must raise too: the
  autograder refuses what the student's check refuses.
"""
from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import nbformat

matplotlib.use("Agg")

from abcore.checks import CheckFailed  # noqa: E402

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent / "notebooks"
PLANTED = HERE / "planted"
BEGIN, END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"


def split_hidden(source: str) -> tuple[str, str]:
    """(the check as released to students, the hidden tests alone)."""
    if BEGIN not in source:
        return source, ""
    head, rest = source.split(BEGIN, 1)
    hidden, tail = rest.split(END, 1)
    return head + tail, hidden


def planted(prefix: str) -> list[Path]:
    """The planted wrong solutions whose grade_id starts with ``prefix`` (e.g. ``'ex5-'``)."""
    return sorted(p for p in PLANTED.glob(f"{prefix}*.py") if "__" in p.name)


@dataclass
class Refusal:
    message: str          # what the student's check said
    hidden: str           # the hidden tests' error (type and message)


class Exercises:
    def __init__(self, name: str):
        self.path = NOTEBOOKS / name
        nb = nbformat.read(self.path, as_version=4)
        self.before: dict[str, dict] = {}       # solution grade_id -> namespace before its cell
        self.solution: dict[str, str] = {}
        self.check: dict[str, str] = {}         # solution grade_id -> its check cell's source
        ns: dict = {"__name__": "__notebook__"}
        pending = None
        with contextlib.redirect_stdout(io.StringIO()):
            for cell in nb.cells:
                if cell.cell_type != "code":
                    continue
                meta = cell.metadata.get("nbgrader", {})
                if meta.get("solution"):
                    pending = meta["grade_id"]
                    self.before[pending] = dict(ns)
                    self.solution[pending] = cell.source
                elif meta.get("grade") and pending is not None:
                    self.check[pending] = cell.source
                    pending = None
                exec(compile(cell.source, f"{name}:{meta.get('grade_id', 'cell')}", "exec"), ns)
                matplotlib.pyplot.close("all")

    def run(self, grade_id: str, solution: str, check: str, ns: dict | None = None) -> None:
        ns = dict(self.before[grade_id]) if ns is None else ns
        exec(compile(solution, f"{grade_id} (solution)", "exec"), ns)
        with contextlib.redirect_stdout(io.StringIO()):
            try:
                exec(compile(check, f"{grade_id} (check)", "exec"), ns)
            finally:
                matplotlib.pyplot.close("all")

    def passes(self, grade_id: str) -> None:
        """The instructor's solution passes the whole check cell, hidden tests included."""
        self.run(grade_id, self.solution[grade_id], self.check[grade_id])

    def refusal(self, grade_id: str, source: str) -> Refusal:
        """How the check refuses the solution ``source``; AssertionError if it accepts it."""
        public, hidden = split_hidden(self.check[grade_id])
        try:
            self.run(grade_id, source, public)
        except CheckFailed as e:
            message = str(e)
        else:
            raise AssertionError(f"the check of {grade_id} accepts the wrong solution:\n{source}")
        hidden_error = "no hidden tests"
        if hidden:
            ns = dict(self.before[grade_id])
            try:            # the public part defines the helpers the hidden tests use, then fails
                self.run(grade_id, source, public, ns)
            except CheckFailed:
                pass
            try:
                self.run(grade_id, "", hidden, ns)
            except AssertionError as e:       # CheckFailed, or a plain assert
                hidden_error = f"{type(e).__name__}: {e}"
            else:
                raise AssertionError(f"the hidden tests of {grade_id} accept the wrong solution:\n{source}")
        return Refusal(message, hidden_error)
