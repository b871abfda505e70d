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

from .read import Result, Submission, _task_order, seeded_tree

__all__ = ["Line", "slips", "RIGHT", "UNNAMED", "OUTCOMES", "describe", "top_slips", "nodes", "Copies", "KINDS", "identical", "copied", "COPIED", "scores", "gradebook_scores", "gradebook_grades"]

RIGHT = "right"
UNNAMED = "wrong, no catalogued slip"
COPIED = "another student's rows"
OUTCOMES = (RIGHT, UNNAMED, "not written", "kit call", "computed", COPIED)     # the lines that name no slip


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
        rank = {s: 2 for s in OUTCOMES} | {RIGHT: 3, UNNAMED: 1}
        order = sorted(groups, key=lambda s: (rank.get(s, 0), -len(groups[s]), s))
        table[task] = [Line(s, len(groups[s]), len(groups[s]) / len(who), tuple(groups[s])) for s in order]
    return table


@functools.lru_cache(maxsize=4096)
def _depths(task: str, seed: int) -> dict[str, int]:
    """{letter: depth} of the tree of per-student exercise ``task`` drawn from ``seed``."""
    tree = seeded_tree(task, seed)
    return {tree.label(n): tree.depth_of(n) for n in tree.nodes}


def describe(task: str, slip: str) -> str | None:
    """A catalogued slip in the student's words: the hand-trace catalogue's title for a
    per-student task (:data:`abcore.exercises.slips.SLIPS`), else the function checks' catalogue's
    (:data:`abcore.diagnose.variants.VARIANTS`); None for a name neither knows (a refusal, a
    forged name).

    >>> describe("3.3", "strict_cut")
    'a cut on > instead of ≥ (a value equal to the bound cuts too)'
    >>> describe("3.1", "hard_for_soft"), describe("3.1", "right")
    ('fail-hard where fail-soft is asked', None)
    """
    from ..diagnose.variants import VARIANTS
    from ..exercises.slips import SLIPS
    for s in SLIPS.get(task, ()):
        if s.name == slip:
            return s.title
    v = VARIANTS.get(slip)
    return v.slip if v is not None else None


def top_slips(lines: list[Line]) -> list[Line]:
    """The most common catalogued slips of a task's lines: one line, or several when they tie
    (the outcomes that name no slip only when no slip is named).

    >>> [l.slip for l in top_slips([Line("a", 1, .2, ("x",)), Line("b", 1, .2, ("y",)), Line(RIGHT, 3, .6, ())])]
    ['a', 'b']
    """
    named = [l for l in lines if l.slip not in OUTCOMES]
    wrong = named or [l for l in lines if l.slip != RIGHT][:1]
    return [l for l in wrong if l.count == wrong[0].count] if wrong else []


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
    """Students whose answer in one answer cell is the same (comments and layout aside; a hand
    trace's rows in the parser's normal form); ``kind``: :data:`KINDS`."""

    assignment: str
    cell: str
    task: str
    students: tuple[str, ...]
    lines: int
    kind: str = "wrong"
    owners: tuple[str, ...] = ()    # a hand trace: the students of the group it is right for


# The kinds of identical answers, the telling first: a per-student hand trace (each student's
# tree is their own: the same rows answer someone else's), an answer the check refuses (the same
# mistake), an answer right for all (a textbook function has few right ways to be written).
KINDS = ("hand trace", "wrong", "right")


def identical(subs: Iterable[Submission]) -> list[Copies]:
    """Every group of two or more students with the same answer in the same cell: the hand traces
    first, then the answers refused for at least one of them, then the right ones (:data:`KINDS`);
    the largest answers first in each (a long identical answer is rarer by chance)."""
    from ..exercises import EXERCISES
    subs = list(subs)
    ok = {(s.student, s.assignment, r.task): r.ok for s in subs for r in s.results}
    groups: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    tasks: dict[tuple[str, str], str] = {}
    for s in subs:
        for cell, (task, answer) in s.answers.items():
            groups[(s.assignment, cell, answer)].add(s.student)
            tasks[(s.assignment, cell)] = task

    def kind(a: str, task: str, who: set[str]) -> str:
        if task in EXERCISES:
            return "hand trace"
        return "right" if all(ok.get((w, a, task), False) for w in who) else "wrong"
    def owners(a: str, task: str, who: set[str]) -> tuple[str, ...]:
        right = tuple(sorted(w for w in who if ok.get((w, a, task), False)))
        return right if task in EXERCISES and len(right) < len(who) else ()
    found = [Copies(a, c, tasks[(a, c)], tuple(sorted(who)), answer.count("\n") + 1, kind(a, tasks[(a, c)], who),
                    owners(a, tasks[(a, c)], who))
             for (a, c, answer), who in groups.items() if len(who) > 1]
    return sorted(found, key=lambda c: (KINDS.index(c.kind), -c.lines, c.assignment, c.cell, c.students))


def copied(results: Iterable[Result], copies: Iterable[Copies]) -> list[Result]:
    """``results`` with each refused hand trace whose rows are those of a classmate they are right
    for (:attr:`Copies.owners`) and that names no slip counted as :data:`COPIED`."""
    from dataclasses import replace
    took = {(s, c.assignment, c.task) for c in copies if c.owners for s in c.students if s not in c.owners}
    return [replace(r, refusal=COPIED) if (r.student, r.assignment, r.task) in took and not r.ok and not r.slip
            and r.refusal in (None, "wrong") else r for r in results]


def scores(subs: Iterable[Submission]) -> dict[str, dict[str, float]]:
    """{assignment: {student: points}} summed over the graded cells of the notebooks (over every
    task's 1 or 0 in a notebook without nbgrader's metadata)."""
    out: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for s in subs:
        graded = any(r.graded for r in s.results)
        out[s.assignment][s.student] += sum(r.points for r in s.results if r.graded or not graded)
    return {a: dict(out[a]) for a in sorted(out)}


def gradebook_scores(course: Path) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, str]],
                                           dict[str, float]] | None:
    """:func:`gradebook_grades` of the course's ``gradebook.db``, and each assignment's marks
    (nbgrader's ``max_score``) (None: no gradebook, or nbgrader not installed)."""
    db = course / "gradebook.db"
    if not db.is_file():
        return None
    try:
        from nbgrader.api import Gradebook
    except ImportError:
        return None
    with Gradebook(f"sqlite:///{db}") as gb:
        return (*gradebook_grades(gb), {a.name: float(a.max_score or 0) for a in gb.assignments})


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
