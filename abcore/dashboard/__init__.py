"""The class at a glance (issue 25): which slips the class makes, task by task, read from the
verdicts the checks publish (:data:`abcore.verdict.MIME`) in an nbgrader course's autograded
notebooks, or recomputed from a folder of browser downloads (:mod:`.read`); summed up by
:mod:`.summary`, shown in one self-contained HTML page (:mod:`.page`) and written as CSVs
(:mod:`.export`). ``python -m abcore.dashboard COURSE_DIR`` (:mod:`.__main__`).

>>> build(Path("no/such/course"))
Traceback (most recent call last):
...
abcore.dashboard.read.DashboardError: no folder 'no/such/course': give the nbgrader course folder (the one holding autograded/) or a folder of downloaded notebooks (<id>_<assignment>.ipynb)
"""
from __future__ import annotations

from pathlib import Path

from .export import write_grades, write_slips
from .page import render
from .read import DashboardError, Result, Submission, read_all
from .summary import gradebook_scores, identical, nodes, scores, slips

__all__ = ["build", "Report", "report", "DashboardError", "Result", "Submission"]


class Report:
    """What the dashboard found: the layout, the submissions, the notebooks left out, the
    results, the scores (and where they come from) and the people of the gradebook."""

    def __init__(self, course: Path, assignment: str | None = None, skip_unchecked: bool = False):
        self.layout, self.submissions, self.skipped = read_all(course, assignment, skip_unchecked)
        self.results = [r for s in self.submissions for r in s.results]
        book = gradebook_scores(course) if self.layout == "nbgrader" else None
        self.people: dict[str, dict[str, str]] = {}
        if book is not None:
            graded, self.people = book
            self.scores = {a: by for a, by in graded.items() if assignment is None or a == assignment}
            self.score_source = "nbgrader's gradebook (gradebook.db)"
        else:
            self.scores = scores(self.submissions)
            self.score_source = ("the graded cells of the notebooks (nbgrader's rule: a cell's points, 0 when "
                                 "it shows an error)" if self.layout == "nbgrader" else
                                 "the notebooks' checks (hand traces recomputed; other tasks as the "
                                 "student's browser reported them)")

    def html(self, title: str) -> str:
        notes = [f"{len({s.student for s in self.submissions})} students, {len(self.submissions)} notebooks "
                 f"({'nbgrader autograded submissions' if self.layout == 'nbgrader' else 'downloaded notebooks'})."]
        if self.layout == "downloads":
            notes.append("Hand traces are recomputed from the rows written and the id in each file's name; "
                         "the other tasks' verdicts are read as the student's own run stored them.")
        notes += [f"Left out: {s}" for s in self.skipped]
        return render(title, slips(self.results), nodes(self.results), identical(self.submissions),
                      self.scores, notes, self.score_source)


def report(course: Path, assignment: str | None = None, skip_unchecked: bool = False) -> Report:
    """Read ``course`` (see :mod:`.read`)."""
    return Report(Path(course), assignment, skip_unchecked)


def build(course: Path, assignment: str | None = None, *, out: Path | None = Path("report.html"),
          csv_path: Path | None = None, grades: Path | None = None, skip_unchecked: bool = False) -> str:
    """Write the page (``out``) and the CSVs asked for; returns what was written, in words."""
    r = report(course, assignment, skip_unchecked)
    said = []
    if out is not None:
        title = f"The class at a glance: {Path(course).name}" + (f", {assignment}" if assignment else "")
        Path(out).write_text(r.html(title), encoding="utf-8")
        said.append(f"page: {out}")
    if csv_path is not None:
        said.append(f"slips: {csv_path} ({write_slips(csv_path, r.results)} rows)")
    if grades is not None:
        said.append(f"grades: {grades} ({write_grades(grades, r.scores, r.people)} students; map its "
                    "'ID number' column to your students in Moodle's import)")
    return "; ".join(said)
