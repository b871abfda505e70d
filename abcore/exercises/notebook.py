"""What the notebooks call: :func:`my_exercise` draws the student's own tree (the key it was drawn
for, its seed and the question are printed above it; no answer) and :func:`check_exercise` is the
self-check. The instructor's views (a student's key) are in :mod:`.instructor`, not shipped to
students."""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from ..draw.formatting import format_value as fv
from ..i18n import _
from ..practice.mcts_practice import c_text
from ..verdict import Verdict, report
from .catalogue import ComputedAnswer, StudentTree, exercise, quoted, student_tree, verdict

__all__ = ["my_exercise", "check_exercise", "exercise_verdict", "question_text", "ComputedAnswer"]


def question_text(s: StudentTree) -> str:
    """What the student is asked, on their tree (no answer in it).

    >>> print(question_text(student_tree("3.3", "alice")))  # doctest: +ELLIPSIS
    Exercise 3.3, fail-soft alpha-beta by hand: the tree of student 'alice' (tree seed ...).
    Rows in the order ...
    """
    ex = s.exercise
    lines = [_("Exercise {id}, {title}: the tree of student {student} (tree seed {seed}).").format(
                 id=ex.id, title=_(ex.title), student=quoted(s.student), seed=s.seed),
             _(ex.task)]
    if ex.mode == "star1":
        lo, hi = s.tree.utility_range
        lines.append(_("Every value lies in [L, U] = [{low}, {high}]; the search starts at "
                       "{root} with the window ({low}, {high}).").format(
            low=fv(lo), high=fv(hi), root=s.tree.label(s.tree.initial_state)))
    if s.question is not None:
        q = s.question
        f = dict(n=q.iteration, result=fv(q.result), c=c_text(q.c))
        if q.c == math.sqrt(2):
            lines.append(_("The tree after {n} iterations (n visits, W total for the player who "
                           "moved into the node); the playout of this iteration, from the node it adds, "
                           "scores {result} for the root player (c = {c}: use math.sqrt(2)).").format(**f))
        else:
            lines.append(_("The tree after {n} iterations (n visits, W total for the player who "
                           "moved into the node); the playout of this iteration, from the node it adds, "
                           "scores {result} for the root player (c = {c}).").format(**f))
        lo, hi = s.tree.utility_range
        lines.append(_("The results lie in [{low}, {high}], not [−1, 1], and c is not scaled to them: "
                       "use them as given with this c (an exercise in UCB1's arithmetic, not a tuned "
                       "c).").format(low=fv(lo), high=fv(hi)))
    return "\n".join(lines)


def my_exercise(which: str) -> StudentTree:
    """Print the question and draw the tree of this student (:func:`~abcore.exercises.student_key`)
    for exercise ``which``; returns it (``.tree``: the tree, its nodes lettered)."""
    import matplotlib.pyplot as plt

    from ..draw import figure_size, tree_graph
    from ..practice.figure import draw_question

    s = student_tree(which)
    print(question_text(s))
    w, h = figure_size(tree_graph(s.tree))
    _x, ax = plt.subplots(figsize=(max(w, 6.0), h))
    mode = "failsoft" if s.exercise.mode == "minimax" else s.exercise.mode
    draw_question(s.tree, mode, ax, question=s.question)
    ax.set_title(_("{where}: {message}").format(where=s.tree.title, message=_(s.exercise.title)))
    plt.show()
    return s


def check_exercise(which: str, answer: Any) -> None:
    """The self-check of a per-student exercise: ``answer`` (the rows, as text) on this student's
    tree. Prints ✓ when right; raises :class:`~abcore.assess.NotWrittenYet` when ``answer`` is
    None, :class:`~abcore.assess.CheckFailed` naming the first row where it leaves the search.
    The key is computed here, on the student's tree, and never printed.

    >>> import os; from abcore.exercises import use_student
    >>> from abcore.exercises.instructor import answer_key
    >>> before = os.environ.get("ABCORE_STUDENT"); _ = use_student("alice")
    >>> check_exercise("3.3", answer_key("3.3", "alice"))  # doctest: +ELLIPSIS
    ✓ exercise 3.3 (student 'alice'): right: your ... rows (every node the search enters) agree ...
    >>> check_exercise("3.3", None)
    Traceback (most recent call last):
    ...
    abcore.verdict.NotWrittenYet: the answer to exercise 3.3 is not written yet: replace `raise NotImplementedError()` in the answer cell with your rows, run that cell, then run this check again
    >>> check_exercise("3.3", ComputedAnswer("3.3", "computed"))
    Traceback (most recent call last):
    ...
    abcore.verdict.CheckFailed: exercise 3.3: computed
    >>> check_exercise("3.3", answer_key("3.3", "bob"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    abcore.verdict.CheckFailed: exercise 3.3 (student 'alice'): row ...
    >>> _ = os.environ.pop("ABCORE_STUDENT") if before is None else use_student(before)
    """
    report(exercise_verdict(which, answer))


def exercise_verdict(which: str, answer: Any, student: str | StudentTree | None = None) -> Verdict:
    """:func:`check_exercise`'s verdict for ``student`` (their key, default this student's,
    :func:`~abcore.exercises.student_key`; or their tree already drawn), with the words the notebook shows: the task, the
    student's key and tree seed filled in (none for an answer not written yet)."""
    ex = exercise(which)
    if answer is None:
        return Verdict(False, _("the answer to exercise {id} is not written yet: replace `raise "
                                "NotImplementedError()` in the answer cell with your rows, run that "
                                "cell, then run this check again").format(id=ex.id),
                       task=ex.id, refusal="not written")
    s = student if isinstance(student, StudentTree) else student_tree(ex.id, student)
    where: dict[str, Any] = dict(task=ex.id, seed=s.seed, student=s.student)
    if isinstance(answer, ComputedAnswer):
        return Verdict(False, _("exercise {id}: {message}").format(id=ex.id, message=answer.message),
                       part="computed", **where)
    try:
        v = verdict(ex.id, answer, s)
    except ValueError as e:                       # rows that cannot be read
        return Verdict(False, _("exercise {id} (student {student}): {message}").format(
            id=ex.id, student=quoted(s.student), message=e), **where)
    return replace(v, message=_("exercise {id} (student {student}): {message}").format(
        id=ex.id, student=quoted(s.student), message=v.message), **where)
