"""What the class did, from the submissions read (:mod:`.read`): per task the slips (count, share,
who), where the first wrong node of a hand trace sits, identical answers, and the scores.

>>> from abcore.dashboard.read import Result
>>> rs = [Result("ann", "03", "3.3", False, 0, "strict_cut"), Result("bo", "03", "3.3", False, 0, "strict_cut"),
...       Result("cy", "03", "3.3", True, 1)]
>>> [(l.slip, l.count, l.students) for l in slips(rs)["3.3"]]
[('strict_cut', 2, ('ann', 'bo')), ('right', 1, ('cy',))]
"""
from __future__ import annotations

import functools
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from .read import Result, Submission, _task_order

__all__ = ["Line", "slips", "RIGHT", "UNNAMED", "nodes", "Copies", "identical", "scores", "gradebook_scores", "gradebook_grades"]

RIGHT = "right"
UNNAMED = "wrong, no catalogued slip"


@dataclass(frozen=True)
class Line:
    """One line of a task's table: an outcome (a slip's name, :data:`RIGHT`, :data:`UNNAMED`, or
    a refusal: ``not written``, ``kit call``), how many students, their share, who."""

    slip: str
    count: int
    share: float
    students: tuple[str, ...]


def outcome(r: Result) -> str:
    """The line ``r`` counts in."""
    if r.ok:
        return RIGHT
    if r.slip:
        return r.slip
    if r.refusal and r.refusal != "wrong":
        return r.refusal
    return UNNAMED


def slips(results: Iterable[Result]) -> dict[str, list[Line]]:
    """{task: its lines, the slips first by count (then :data:`UNNAMED`, the refusals), right last},
    the tasks in the course's order; a student counts once a task (over assignments: the last)."""
    by_task: dict[str, dict[str, str]] = defaultdict(dict)
    for r in results:
        by_task[r.task][r.student] = outcome(r)
    table: dict[str, list[Line]] = {}
    for task in sorted(by_task, key=_task_order):
        who = by_task[task]
        groups: dict[str, list[str]] = defaultdict(list)
        for student, what in sorted(who.items()):
            groups[what].append(student)
        rank = {RIGHT: 3, UNNAMED: 1, "not written": 2, "kit call": 2, "computed": 2}
        order = sorted(groups, key=lambda s: (rank.get(s, 0), -len(groups[s]), s))
        table[task] = [Line(s, len(groups[s]), len(groups[s]) / len(who), tuple(groups[s])) for s in order]
    return table


@functools.lru_cache(maxsize=4096)
def _depths(task: str, seed: int) -> dict[str, int]:
    """{letter: depth} of the tree of per-student exercise ``task`` drawn from ``seed`` (the seed
    a verdict carries: the same tree as the student's, without drawing their fair tree again)."""
    from ..exercises import exercise
    from ..practice.generate import practice_tree
    ex = exercise(task)
    tree = practice_tree(seed, depth=3, chance=ex.mode == "star1", **ex.shape)
    return {tree.label(n): tree.depth_of(n) for n in tree.nodes}


def nodes(results: Iterable[Result]) -> dict[str, dict[str, Counter]]:
    """{hand-trace task: {"depth": Counter(depth of the first wrong node), "node": Counter(its
    letter)}} over the refused hand traces that name a node (the depth: 0 is the root, read on
    the student's own tree, drawn again from the seed of the verdict).

    >>> from abcore.exercises import student_tree
    >>> s = student_tree("3.3", "ann")
    >>> dict(nodes([Result("ann", "03", "3.3", False, 0, "strict_cut", "A", s.seed)])["3.3"]["depth"])
    {0: 1}
    """
    from ..exercises import EXERCISES
    out: dict[str, dict[str, Counter]] = {}
    for r in results:
        if r.ok or not r.node or r.task not in EXERCISES:
            continue
        table = out.setdefault(r.task, {"depth": Counter(), "node": Counter()})
        table["node"][r.node] += 1
        depth = _depths(r.task, int(r.seed)).get(r.node) if r.seed is not None else None
        if depth is not None:
            table["depth"][depth] += 1
    return {t: out[t] for t in sorted(out, key=_task_order)}


@dataclass(frozen=True)
class Copies:
    """Students whose answer in one answer cell is the same (comments and layout aside)."""

    assignment: str
    cell: str
    task: str
    students: tuple[str, ...]
    lines: int


def identical(subs: Iterable[Submission]) -> list[Copies]:
    """Every group of two or more students with the same answer in the same cell, the largest
    answers first (a long identical answer is rarer by chance)."""
    groups: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    tasks: dict[tuple[str, str], str] = {}
    for s in subs:
        for cell, (task, answer) in s.answers.items():
            groups[(s.assignment, cell, answer)].add(s.student)
            tasks[(s.assignment, cell)] = task
    found = [Copies(a, c, tasks[(a, c)], tuple(sorted(who)), answer.count("\n") + 1)
             for (a, c, answer), who in groups.items() if len(who) > 1]
    return sorted(found, key=lambda c: (-c.lines, c.assignment, c.cell, c.students))


def scores(subs: Iterable[Submission]) -> dict[str, dict[str, float]]:
    """{assignment: {student: points}} summed over the graded cells of the notebooks (over every
    task's 1 or 0 in a notebook without nbgrader's metadata)."""
    out: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for s in subs:
        graded = any(r.graded for r in s.results)
        out[s.assignment][s.student] += sum(r.points for r in s.results if r.graded or not graded)
    return {a: dict(out[a]) for a in sorted(out)}


def gradebook_scores(course: Path) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, str]]] | None:
    """:func:`gradebook_grades` of the course's ``gradebook.db`` (None: no gradebook, or nbgrader
    not installed)."""
    db = course / "gradebook.db"
    if not db.is_file():
        return None
    try:
        from nbgrader.api import Gradebook
    except ImportError:
        return None
    with Gradebook(f"sqlite:///{db}") as gb:
        return gradebook_grades(gb)


def gradebook_grades(gb: Any, assignments: Iterable[str] = (), students: Iterable[str] = ()
                     ) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, str]]]:
    """({assignment: {student: score}}, {student: {first_name, last_name, email}}) from an open
    nbgrader ``Gradebook``: each score as nbgrader's own export gives it (the points, less the
    late penalty, never below 0); a student with no submission has no score for that assignment.
    ``assignments`` and ``students``: only those (default: all, as ``nbgrader export``'s
    ``--assignment`` and ``--student``)."""
    from nbgrader.api import MissingEntry
    only_a, only_s = {str(a) for a in assignments}, {str(s) for s in students}
    people = {st.id: {"first_name": st.first_name or "", "last_name": st.last_name or "", "email": st.email or ""}
              for st in gb.students if not only_s or st.id in only_s}
    out: dict[str, dict[str, float]] = {}
    for a in gb.assignments:
        if only_a and a.name not in only_a:
            continue
        out[a.name] = {}
        for sid in people:
            try:
                sub = gb.find_submission(a.name, sid)
            except MissingEntry:
                continue
            out[a.name][sid] = max(0.0, float(sub.score or 0) - float(sub.late_submission_penalty or 0))
    return {a: out[a] for a in sorted(out)}, people
