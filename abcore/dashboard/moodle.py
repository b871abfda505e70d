"""Moodle's grade import straight from nbgrader: an exporter for ``nbgrader export``.

::

    nbgrader export --exporter=abcore.dashboard.moodle.MoodleExporter --to moodle.csv
    nbgrader export --exporter=abcore.dashboard.moodle.MoodleExporter --assignment=[ps1,ps2]

writes the CSV of :func:`abcore.dashboard.export.write_grades` (one row per student of the
gradebook: ``ID number``, names, e-mail, one column per assignment, ``Total``) from the course's
gradebook, each score as nbgrader's own export computes it (less the late penalty); ``--to``
defaults to ``moodle.csv``, and ``--assignment`` and ``--student`` keep only those (repeated, or
``[id1,id2]``), as for nbgrader's CSV. Or once in ``nbgrader_config.py``::

    c.ExportApp.plugin_class = "abcore.dashboard.moodle.MoodleExporter"

Needs nbgrader (requirements-instructor.txt); the rest of the dashboard does not import this module.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from nbgrader.plugins.export import ExportPlugin

from .export import MOODLE_ID, write_grades
from .summary import gradebook_grades

__all__ = ["MoodleExporter", "DEFAULT", "ids"]

DEFAULT = "moodle.csv"


def ids(given: Any) -> list[str]:
    """The ids of ``--student`` or ``--assignment`` as given on nbgrader's command line: repeated,
    a Python list, or nbgrader's documented ``[id1,id2]`` (which reaches the plug-in as one string).

    >>> ids(["[ann, 'bo',s3]"]), ids(["ann", 12]), ids([])
    (['ann', 'bo', 's3'], ['ann', '12'], [])
    """
    out: list[str] = []
    for item in given:
        text = str(item).strip()
        if text.startswith("[") and text.endswith("]"):
            out += [w.strip().strip("'\"") for w in text[1:-1].split(",") if w.strip().strip("'\"")]
        else:
            out.append(text)
    return out


class MoodleExporter(ExportPlugin):
    """nbgrader's export plug-in that writes Moodle's grade import (see the module)."""

    def export(self, gradebook: Any) -> None:
        dest = Path(self.to or DEFAULT)
        students, assignments = ids(self.student), ids(self.assignment)
        scores, people = gradebook_grades(gradebook, assignments, students)
        for what, asked, known in (("student", students, people), ("assignment", assignments, scores)):
            missing = sorted({str(x) for x in asked} - set(known))
            if missing:
                self.log.warning("No such %s in the gradebook: %s", what, ", ".join(missing))
        n = write_grades(dest, scores, people)
        self.log.info("Moodle grade import: %s (%d students, %d assignments); in Moodle (Grades > Import > "
                      "CSV file) map its '%s' column to the user field your nbgrader ids are", dest, n,
                      len(scores), MOODLE_ID)
