"""The CSVs: the slips (one row per student x task) and the grades for Moodle (one row per student).

A cell that a spreadsheet would read as a formula (a student id starting with ``=``, ``+``, ``-``
or ``@``) is written with a leading ``'``.
"""
from __future__ import annotations

import csv
from pathlib import Path
from typing import Iterable

from .read import Result
from .summary import outcome
from .tournament import Tournament

__all__ = ["SLIP_COLUMNS", "write_slips", "MOODLE_ID", "write_grades", "RATING_COLUMNS", "write_ratings"]

SLIP_COLUMNS = ("student", "assignment", "task", "ok", "points", "slip", "node", "seed", "outcome")
MOODLE_ID = "ID number"      # the column the instructor maps, in Moodle's grade import, to the student


def _cell(x: object) -> str:
    text = "" if x is None else str(x)
    return "'" + text if text[:1] in ("=", "+", "-", "@") and not _number(text) else text


def _number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def write_slips(path: Path, results: Iterable[Result]) -> int:
    """Write the slips CSV (:data:`SLIP_COLUMNS`; ``outcome``: the line of the page's table the
    row counts in, :func:`.summary.outcome`); returns its number of rows."""
    n = 0
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(SLIP_COLUMNS)
        for r in results:
            w.writerow([_cell(r.student), _cell(r.assignment), _cell(r.task), "1" if r.ok else "0",
                        f"{r.points:g}", _cell(r.slip), _cell(r.node), _cell(r.seed), _cell(outcome(r))])
            n += 1
    return n


def write_grades(path: Path, scores: dict[str, dict[str, float]],
                 people: dict[str, dict[str, str]] | None = None) -> int:
    """Write Moodle's grade import: ``ID number`` (the nbgrader student id: map it to the
    student's ID number, or to username or email address, whichever the course's ids are), then
    ``First name``, ``Last name``, ``Email address`` (from the gradebook, empty without one),
    one column per assignment (its points, empty when not handed in) and ``Total``; returns the
    number of students."""
    people = people or {}
    students = sorted({s for by in scores.values() for s in by} | set(people))
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow([MOODLE_ID, "First name", "Last name", "Email address", *scores, "Total"])
        for s in students:
            p = people.get(s, {})
            got = [scores[a].get(s) for a in scores]
            w.writerow([_cell(s), _cell(p.get("first_name")), _cell(p.get("last_name")), _cell(p.get("email")),
                        *("" if g is None else f"{g:g}" for g in got),
                        f"{sum(g for g in got if g is not None):g}"])
    return len(students)


RATING_COLUMNS = ("rank", "student", "reference", "games", "wins", "draws", "losses", "lost_by_failure",
                  "score", "score_low", "score_high", "rating", "rating_low", "rating_high")


def write_ratings(path: Path, t: Tournament) -> int:
    """Write the tournament's standings, best first (:data:`RATING_COLUMNS`: ``student`` is the
    student's id, or the reference player's name with ``reference`` 1; the score's and the
    rating's 95% intervals); returns the number of players."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(RATING_COLUMNS)
        for k, r in enumerate(t.rows, 1):
            who = t.who[r.player]
            w.writerow([k, _cell(who or r.player), "0" if who else "1", r.games, r.wins, r.draws, r.losses,
                        t.failures.get(r.player, 0), f"{r.score:.3f}", f"{r.score_low:.3f}", f"{r.score_high:.3f}",
                        round(r.rating) + 0, round(r.rating_low) + 0, round(r.rating_high) + 0])
    return len(t.rows)
