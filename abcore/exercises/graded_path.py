"""nbgrader's autograder runs only the cells a grade needs: the graded path.

A code cell that no exercise needs (no solution, check, or code between them reads a name it
binds, back to the first cell) and that reads nothing an answer binds runs the same with any
answer, so its execution cannot change a grade (:func:`~abcore.exercises.cell_names.graded_cells`,
read from the SUBMITTED notebook: a student who edits a demonstration cell to feed a graded one
gets it run). Notebook 8's measurements, 5's ordering experiments, and the like are left out so.

:class:`GradedPath`, just before nbgrader's ``Execute``, blanks each such cell (nbclient runs no
blank cell) and keeps its source in the conversion's resources, where a submission cannot reach;
:class:`GradedPathRestore`, just after, puts the source back with a one-line note as its output,
:data:`NOTE`. :func:`~abcore.exercises.autograde.autograde_preprocessors` has both, on. To run
every cell, in ``nbgrader_config.py``::

    c.GradedPath.enabled = False

Needs nbgrader (requirements-instructor.txt); the students' kit does not import this module.
"""
from __future__ import annotations

from typing import Any

import nbformat
from nbgrader.preprocessors import NbGraderPreprocessor

from .cell_names import graded_cells

__all__ = ["GradedPath", "GradedPathRestore", "NOTE", "left_out"]

NOTE = "not run by the autograder: no grade depends on it\n"
_KEY = "abcore_graded_path"          # resources[_KEY]: {cell index: its source}


def left_out(nb: Any) -> list[int]:
    """The indices of ``nb``'s code cells (non-blank) that no grade needs.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in
    ...     ["a = 1", "slow = sum(range(9))", "x = None", "assert x == a"]])
    >>> nb.cells[2].metadata["nbgrader"] = {"solution": True, "grade": False, "grade_id": "x"}
    >>> nb.cells[3].metadata["nbgrader"] = {"solution": False, "grade": True, "grade_id": "t", "points": 1}
    >>> left_out(nb)
    [1]
    """
    code = [k for k, c in enumerate(nb.cells) if c.cell_type == "code"]
    meta = [nb.cells[k].get("metadata", {}).get("nbgrader", {}) for k in code]
    keep = graded_cells([nb.cells[k].source for k in code], [bool(m.get("solution")) for m in meta],
                        [bool(m.get("grade")) for m in meta])
    return [k for k, kept in zip(code, keep) if not kept and nb.cells[k].source.strip()]


class GradedPath(NbGraderPreprocessor):
    """Before ``Execute``: each code cell no grade needs blanked, its source kept in the
    resources for :class:`GradedPathRestore`. ``c.GradedPath.enabled = False``: every cell runs."""

    def preprocess(self, nb: Any, resources: Any) -> Any:
        kept = {}
        for k in left_out(nb):
            kept[k] = nb.cells[k].source
            nb.cells[k].source = ""
        resources[_KEY] = kept
        if kept:
            self.log.info("Graded path: %d of %d code cells not run (no grade depends on them)", len(kept),
                          sum(c.cell_type == "code" for c in nb.cells))
        return nb, resources


class GradedPathRestore(NbGraderPreprocessor):
    """After ``Execute``: each cell :class:`GradedPath` blanked gets its source back, unexecuted,
    with :data:`NOTE` as its output."""

    def preprocess(self, nb: Any, resources: Any) -> Any:
        for k, source in resources.pop(_KEY, {}).items():
            cell = nb.cells[k]
            cell.source = source
            cell.execution_count = None
            cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=NOTE)]
        return nb, resources
