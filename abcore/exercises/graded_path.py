"""nbgrader's autograder runs only the cells a grade needs: the graded path.

A code cell that no exercise needs (no solution, check, or code between them reads a name it
binds, back to the first cell) and that reads nothing an answer binds runs the same with any
answer, so its execution cannot change a grade (:func:`~abcore.exercises.cell_names.graded_cells`,
read from the SUBMITTED notebook: a student who edits a demonstration cell to feed a graded one
gets it run). Notebook 8's measurements, 5's ordering experiments, and the like are left out so.

:class:`GradedPath`, just before nbgrader's ``Execute``, blanks each such cell (nbclient runs no
blank cell) and keeps its source in the conversion's resources, where a submission cannot reach;
:class:`GradedPathRestore`, just after, puts the source back with a one-line note as its output,
:func:`note` (in the kit's language). :func:`~abcore.exercises.autograde.autograde_preprocessors` has both, on. To run
every cell, in ``nbgrader_config.py``::

    c.GradedPath.enabled = False

The cells it runs it trims too: a top-level ``import`` of a cell that runs whose names no cell that
runs reads (``import matplotlib.pyplot as plt`` where no graded cell draws) is left out of the
run (:func:`unused_imports`), and put back after it. Importing matplotlib, the widgets and the like
is about a second of CPU a notebook, each student: an import's only other effect is its
module's, which a cell that runs and needs the module still gets by importing it.

Needs nbgrader (requirements-instructor.txt); the students' kit does not import this module.
"""
from __future__ import annotations

import ast
from typing import Any

import nbformat
from nbgrader.preprocessors import NbGraderPreprocessor

from ..i18n import N_, _
from .cell_names import OPAQUE, _opaque, bound_and_read, graded_cells

__all__ = ["GradedPath", "GradedPathRestore", "NOTE", "note", "left_out", "unused_imports"]

_NOTE = N_("not run by the autograder: no grade depends on it")
NOTE = _NOTE + "\n"                  # in English; the output is :func:`note`, in the kit's language


def note() -> str:
    """The output of a cell left out, in the kit's language (a French course autogrades with
    ``ABCORE_EDITION=fr``: its checks' messages, and this note, are French).

    >>> from abcore.i18n import use_language
    >>> use_language("en"); note() == NOTE
    True
    >>> use_language(None)
    """
    return _(_NOTE) + "\n"
_KEY = "abcore_graded_path"          # resources[_KEY]: {cell index: its source}
_TRIMMED = "abcore_graded_path_imports"      # resources[_TRIMMED]: {cell index: its source}


def _kept(nb: Any) -> tuple[list[int], list[bool]]:
    code = [k for k, c in enumerate(nb.cells) if c.cell_type == "code"]
    meta = [nb.cells[k].get("metadata", {}).get("nbgrader", {}) for k in code]
    keep = graded_cells([nb.cells[k].source for k in code], [bool(m.get("solution")) for m in meta],
                        [bool(m.get("grade")) for m in meta])
    return code, keep


def left_out(nb: Any) -> list[int]:
    """The indices of ``nb``'s code cells (non-blank) that no grade needs.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in
    ...     ["a = 1", "slow = sum(range(9))", "x = None", "assert x == a"]])
    >>> nb.cells[2].metadata["nbgrader"] = {"solution": True, "grade": False, "grade_id": "x"}
    >>> nb.cells[3].metadata["nbgrader"] = {"solution": False, "grade": True, "grade_id": "t", "points": 1}
    >>> left_out(nb)
    [1]
    """
    code, keep = _kept(nb)
    return [k for k, kept in zip(code, keep) if not kept and nb.cells[k].source.strip()]


def _import_names(stmt: ast.stmt) -> set[str] | None:
    """The names a top-level import binds (None: not an import, or one whose names are unknown)."""
    if isinstance(stmt, ast.Import):
        return {a.asname or a.name.split(".")[0] for a in stmt.names}
    if isinstance(stmt, ast.ImportFrom) and stmt.module != "__future__" and all(a.name != "*" for a in stmt.names):
        return {a.asname or a.name for a in stmt.names}
    return None


def unused_imports(nb: Any) -> dict[int, str]:
    """{index: the source without those lines} for each code cell that the graded path runs
    (neither an answer nor a check) holding a top-level import, alone on its lines, that binds
    only names no cell it runs reads. Nothing when a cell that runs may bind names unseen
    (:data:`~abcore.exercises.cell_names.OPAQUE`).

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in
    ...     ["import math\\nimport json as js, os\\nfrom re import sub", "x = None", "assert x == math.pi"]])
    >>> nb.cells[1].metadata["nbgrader"] = {"solution": True, "grade": False, "grade_id": "x"}
    >>> nb.cells[2].metadata["nbgrader"] = {"solution": False, "grade": True, "grade_id": "t", "points": 1}
    >>> unused_imports(nb)
    {0: 'import math'}
    """
    code, keep = _kept(nb)
    runs = [k for k, kept in zip(code, keep) if kept]
    read: set[str] = set()
    for k in runs:
        source = nb.cells[k].source
        names = bound_and_read(source)[1]
        if _opaque(source, names) or names & OPAQUE:
            return {}
        read |= names
    out = {}
    for k in runs:
        meta = nb.cells[k].get("metadata", {}).get("nbgrader", {})
        if meta.get("solution") or meta.get("grade"):
            continue
        try:
            tree = ast.parse(nb.cells[k].source)
        except SyntaxError:
            continue
        lines = nb.cells[k].source.splitlines()
        span = lambda s: range(s.lineno - 1, (s.end_lineno or s.lineno))
        shared: dict[int, int] = {}                   # line -> statements on it
        for stmt in tree.body:
            for i in span(stmt):
                shared[i] = shared.get(i, 0) + 1
        drop: set[int] = set()
        for stmt in tree.body:
            imported = _import_names(stmt)
            if imported is not None and not imported & read and all(shared[i] == 1 for i in span(stmt)):
                drop.update(span(stmt))
        if drop:
            out[k] = "\n".join(line for i, line in enumerate(lines) if i not in drop)
    return out


class GradedPath(NbGraderPreprocessor):
    """Before ``Execute``: each code cell no grade needs blanked, its source kept in the
    resources for :class:`GradedPathRestore`. ``c.GradedPath.enabled = False``: every cell runs."""

    def preprocess(self, nb: Any, resources: Any) -> Any:
        kept = {}
        for k in left_out(nb):
            kept[k] = nb.cells[k].source
            nb.cells[k].source = ""
        trimmed = {}
        for k, source in unused_imports(nb).items():
            trimmed[k] = nb.cells[k].source
            nb.cells[k].source = source
        resources[_KEY], resources[_TRIMMED] = kept, trimmed
        if kept:
            self.log.info("Graded path: %d of %d code cells not run (no grade depends on them)", len(kept),
                          sum(c.cell_type == "code" for c in nb.cells))
        if trimmed:
            self.log.info("Graded path: unused imports not run in %d cell(s)", len(trimmed))
        return nb, resources


class GradedPathRestore(NbGraderPreprocessor):
    """After ``Execute``: each cell :class:`GradedPath` blanked gets its source back, unexecuted,
    with :func:`note` as its output; each cell it trimmed, its whole source."""

    def preprocess(self, nb: Any, resources: Any) -> Any:
        for k, source in resources.pop(_TRIMMED, {}).items():
            nb.cells[k].source = source
        for k, source in resources.pop(_KEY, {}).items():
            cell = nb.cells[k]
            cell.source = source
            cell.execution_count = None
            cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=note())]
        return nb, resources
