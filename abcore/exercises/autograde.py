"""nbgrader's autograder, told whose submission it grades.

``nbgrader autograde`` runs each submission in a fresh kernel started in the course's root
folder (not the submission's), with only ``NBGRADER_EXECUTION=autograde`` in its environment:
nothing tells the notebook which student it grades. These preprocessors are nbgrader's own, in
nbgrader's order, with its ``Execute`` replaced by :class:`ExecuteForStudent`, which starts the
kernel with ``ABCORE_AUTOGRADE_STUDENT`` set to the submission's student id (from the folder
``submitted/<student>/<assignment>/`` nbgrader read it from), so the per-student exercises are
checked on that student's tree; before it, :class:`~abcore.exercises.literal.LiteralAnswers`
refuses a hand trace's answer computed instead of written. In ``nbgrader_config.py``::

    from abcore.exercises.autograde import autograde_preprocessors
    c.Autograde.autograde_preprocessors = autograde_preprocessors()

Optional, one more setting: :func:`sanitize_preprocessors` (nbgrader's, with
:class:`HiddenTestsBack` before its ``OverwriteCells``) keeps nbgrader's "checksum has changed"
warning for the locked cells a student changed, instead of every check cell with hidden tests of
every submission (nbgrader#1961)::

    from abcore.exercises.autograde import sanitize_preprocessors
    c.Autograde.sanitize_preprocessors = sanitize_preprocessors()

Needs nbgrader (requirements-instructor.txt); the students' kit does not import this module.
"""
from __future__ import annotations

import os
from typing import Any

from nbgrader.api import Gradebook
from nbgrader.converters.autograde import Autograde
from nbgrader.preprocessors import ClearHiddenTests, Execute, NbGraderPreprocessor, OverwriteCells

from .graded_path import GradedPath, GradedPathRestore
from .literal import LiteralAnswers
from .student import AUTOGRADE

__all__ = ["ExecuteForStudent", "autograde_preprocessors", "HiddenTestsBack", "sanitize_preprocessors"]


class ExecuteForStudent(Execute):
    """nbgrader's ``Execute``, its kernel started with the student id of the submission."""

    def preprocess(self, nb: Any, resources: Any, *args: Any, **kwargs: Any) -> Any:
        student = resources["nbgrader"]["student"]
        before = os.environ.get(AUTOGRADE)
        os.environ[AUTOGRADE] = student           # the kernel inherits the environment
        try:
            return super().preprocess(nb, resources, *args, **kwargs)
        finally:
            if before is None:
                os.environ.pop(AUTOGRADE, None)
            else:
                os.environ[AUTOGRADE] = before


def autograde_preprocessors() -> list:
    """nbgrader's autograde preprocessors with ``Execute`` replaced by :class:`ExecuteForStudent`,
    and :class:`~abcore.exercises.literal.LiteralAnswers` just before it (a hand trace's answer
    computed instead of written gets 0, saying so), and the graded path around it
    (:mod:`abcore.exercises.graded_path`: the cells no grade needs are not run).

    >>> names = [p.__name__ for p in autograde_preprocessors()]
    >>> names[:4], "Execute" in names, len(names) == len(Autograde.class_traits()["autograde_preprocessors"].default()) + 3
    (['LiteralAnswers', 'GradedPath', 'ExecuteForStudent', 'GradedPathRestore'], False, True)
    """
    default = Autograde.class_traits()["autograde_preprocessors"].default()
    out = []
    for p in default:
        if p is Execute:
            out += [LiteralAnswers, GradedPath, ExecuteForStudent, GradedPathRestore]
        else:
            out.append(p)
    return out


def released(source: str, begin: str = "BEGIN HIDDEN TESTS", end: str = "END HIDDEN TESTS") -> str:
    """A cell's source as nbgrader releases it: its hidden tests' regions (delimiter lines
    included) removed, as nbgrader's ``ClearHiddenTests`` does.

    >>> released("check(x)\\n### BEGIN HIDDEN TESTS\\nassert seed == 4\\n### END HIDDEN TESTS")
    'check(x)'
    """
    out, hidden = [], False
    for line in source.split("\n"):
        if begin in line:
            hidden = True
        elif end in line:
            hidden = False
        elif not hidden:
            out.append(line)
    return "\n".join(out)


class HiddenTestsBack(NbGraderPreprocessor):
    """Before nbgrader's ``OverwriteCells``: each locked cell submitted exactly as released (its
    hidden tests removed) gets the source's cell back, hidden tests included, so its checksum
    holds. ``OverwriteCells`` compares the released cell with the checksum of the source cell,
    hidden tests in, and warns "checksum has changed" on every such cell of every submission
    (nbgrader#1961), untouched ones too; then only a cell a student changed is warned about. It
    puts back only what ``OverwriteCells`` would put back; grades are unchanged."""

    def preprocess(self, nb: Any, resources: Any) -> Any:
        info = resources["nbgrader"]
        clear = ClearHiddenTests(parent=self)
        with Gradebook(info["db_url"]) as gb:
            sources = {c.name: c.source for c in gb.find_notebook(info["notebook"], info["assignment"]).source_cells
                       if c.locked}
        for cell in nb.cells:
            gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
            source = sources.get(gid)
            if source is not None and cell.source != source and \
                    cell.source == released(source, clear.begin_test_delimeter, clear.end_test_delimeter):
                cell.source = source
        return nb, resources


def sanitize_preprocessors() -> list:
    """nbgrader's sanitize preprocessors with :class:`HiddenTestsBack` just before
    ``OverwriteCells``.

    >>> [p.__name__ for p in sanitize_preprocessors()][2:5]
    ['OverwriteKernelspec', 'HiddenTestsBack', 'OverwriteCells']
    """
    out: list = []
    for p in Autograde.class_traits()["sanitize_preprocessors"].default():
        if p is OverwriteCells:
            out.append(HiddenTestsBack)
        out.append(p)
    return out
