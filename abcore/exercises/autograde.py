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

Needs nbgrader (requirements-instructor.txt); the students' kit does not import this module.
"""
from __future__ import annotations

import os
from typing import Any

from nbgrader.converters.autograde import Autograde
from nbgrader.preprocessors import Execute

from .literal import LiteralAnswers
from .student import AUTOGRADE

__all__ = ["ExecuteForStudent", "autograde_preprocessors"]


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
    computed instead of written gets 0, saying so).

    >>> names = [p.__name__ for p in autograde_preprocessors()]
    >>> names[:2], "Execute" in names, len(names) == len(Autograde.class_traits()["autograde_preprocessors"].default()) + 1
    (['LiteralAnswers', 'ExecuteForStudent'], False, True)
    """
    default = Autograde.class_traits()["autograde_preprocessors"].default()
    out = []
    for p in default:
        if p is Execute:
            out += [LiteralAnswers, ExecuteForStudent]
        else:
            out.append(p)
    return out
