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

from .export import write_grades, write_ratings, write_slips
from .page import render
from .read import DashboardError, Result, Submission, read_all
from .summary import copied, gradebook_scores, identical, nodes, scores, slips
from .tournament import RESULTS, Tournament, read_tournament, tournament_file

__all__ = ["build", "Report", "report", "DashboardError", "Result", "Submission", "Tournament"]


class Report:
    """What the dashboard found: the layout, the submissions, the notebooks left out, the
    results, the scores (and where they come from), the people of the gradebook and the class
    tournament (None without one: :func:`.tournament.tournament_file`)."""

    def __init__(self, course: Path, assignment: str | None = None, skip_unchecked: bool = False,
                 tournament: Path | None = None):
        found = tournament_file(course, tournament, assignment)
        self.layout, self.submissions, self.skipped = read_all(course, assignment, skip_unchecked)
        self.copies = identical(self.submissions)
        self.results = copied([r for s in self.submissions for r in s.results], self.copies)
        book = gradebook_scores(course) if self.layout == "nbgrader" else None
        self.people: dict[str, dict[str, str]] = {}
        self.maxima: dict[str, float] = {}          # each assignment's marks: the gradebook's, else its notebooks'
        if book is not None:
            graded, self.people, self.maxima = book
            self.scores = {a: by for a, by in graded.items() if assignment is None or a == assignment}
            self.score_source = "nbgrader's gradebook (gradebook.db)"
        else:
            self.scores = scores(self.submissions)
            self.score_source = ("the graded cells of the notebooks (nbgrader's rule: a cell's points, 0 when "
                                 "it shows an error)" if self.layout == "nbgrader" else
                                 "the notebooks' checks (hand traces recomputed; other tasks as the "
                                 "student's browser reported them)")
        for s in self.submissions:
            if not book:
                self.maxima[s.assignment] = max(self.maxima.get(s.assignment, 0.0), s.marks)
        students = {s.student for s in self.submissions} | set(self.people)
        self.tournament = read_tournament(found, students) if found is not None else None

    def html(self, title: str) -> str:
        notes = [f"{len({s.student for s in self.submissions})} students, {len(self.submissions)} notebooks "
                 f"({'nbgrader autograded submissions' if self.layout == 'nbgrader' else 'downloaded notebooks'})."]
        if self.layout == "downloads":
            notes.append("Hand traces are recomputed from the rows written and the id in each file's name; "
                         "the other tasks' verdicts are read as the student's own run stored them.")
        notes += [f"Left out: {s}" for s in self.skipped]
        said: dict[str, list[str]] = {}
        for r in self.results:
            if r.said:
                said.setdefault(r.task, []).append(r.student)
        notes += [f"Task {t}: the slip of {', '.join(sorted(set(who)))} is read from the check's message (its "
                  "published verdict names no slip)." for t, who in sorted(said.items())]
        if self.tournament is not None:
            notes.append(f"The class tournament ({self.tournament.games} games, {len(self.tournament.rows)} "
                         "players): its ratings are at the end of the page.")
        return render(title, slips(self.results), nodes(self.results), self.copies,
                      self.scores, notes, self.score_source, self.tournament, self.maxima)


def report(course: Path, assignment: str | None = None, skip_unchecked: bool = False,
           tournament: Path | None = None) -> Report:
    """Read ``course`` (see :mod:`.read`) and its class tournament (see :class:`Report`)."""
    return Report(Path(course), assignment, skip_unchecked, tournament)


def build(course: Path, assignment: str | None = None, *, out: Path | None = Path("report.html"),
          csv_path: Path | None = None, grades: Path | None = None, skip_unchecked: bool = False,
          tournament: Path | None = None, ratings: Path | None = None) -> str:
    """Write the page (``out``) and the CSVs asked for; returns what was written, in words."""
    r = report(course, assignment, skip_unchecked, tournament)
    if ratings is not None and r.tournament is None:
        raise DashboardError(f"--ratings: no class tournament to write: give --tournament results.jsonl (or put "
                             f"the file in {str(course)!r} as {RESULTS})")
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
    if ratings is not None and r.tournament is not None:
        said.append(f"ratings: {ratings} ({write_ratings(ratings, r.tournament)} players, "
                    f"{r.tournament.games} games)")
    elif r.tournament is not None:
        said.append(f"tournament: {r.tournament.path} ({r.tournament.games} games, on the page)")
    return "; ".join(said)
