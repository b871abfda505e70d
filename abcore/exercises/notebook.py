"""What the notebooks call: :func:`my_exercise` draws the student's own tree (the key it was drawn
for, its seed and the question are printed above it; no answer) and :func:`check_exercise` is the
self-check. The instructor's views (a student's key) are in :mod:`.instructor`, not shipped to
students."""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from ..draw.formatting import format_value as fv
from ..practice.mcts_practice import c_text
from ..verdict import Verdict, report
from .catalogue import ComputedAnswer, StudentTree, exercise, student_tree, verdict

__all__ = ["my_exercise", "check_exercise", "exercise_verdict", "question_text", "ComputedAnswer"]


def question_text(s: StudentTree) -> str:
    """What the student is asked, on their tree (no answer in it).

    >>> print(question_text(student_tree("3.3", "alice")))  # doctest: +ELLIPSIS
    Exercise 3.3, fail-soft alpha-beta by hand: the tree of student 'alice' (tree seed ...).
    Rows in the order ...
    """
    ex = s.exercise
    lines = [f"Exercise {ex.id}, {ex.title}: the tree of student {s.student!r} (tree seed {s.seed}).",
             ex.task]
    if ex.mode == "star1":
        lo, hi = s.tree.utility_range
        lines.append(f"Every value lies in [L, U] = [{fv(lo)}, {fv(hi)}]; the search starts at "
                     f"{s.tree.label(s.tree.initial_state)} with the window ({fv(lo)}, {fv(hi)}).")
    if s.question is not None:
        q = s.question
        lines.append(f"The tree after {q.iteration} iterations (n visits, W total for the player who "
                     f"moved into the node); the playout of this iteration, from the node it adds, "
                     f"scores {fv(q.result)} for the root player (c = {c_text(q.c)}"
                     f"{': use math.sqrt(2)' if q.c == math.sqrt(2) else ''}).")
        lo, hi = s.tree.utility_range
        lines.append(f"The results lie in [{fv(lo)}, {fv(hi)}], not [−1, 1], and c is not scaled to them: "
                     "use them as given with this c (an exercise in UCB1's arithmetic, not a tuned c).")
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
    _, ax = plt.subplots(figsize=(max(w, 6.0), h))
    mode = "failsoft" if s.exercise.mode == "minimax" else s.exercise.mode
    draw_question(s.tree, mode, ax, question=s.question)
    ax.set_title(f"{s.tree.title}: {s.exercise.title}")
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
        return Verdict(False, f"the answer to exercise {ex.id} is not written yet: replace `raise "
                              "NotImplementedError()` in the answer cell with your rows, run that "
                              "cell, then run this check again", task=ex.id, refusal="not written")
    s = student if isinstance(student, StudentTree) else student_tree(ex.id, student)
    where: dict[str, Any] = dict(task=ex.id, seed=s.seed, student=s.student)
    if isinstance(answer, ComputedAnswer):
        return Verdict(False, f"exercise {ex.id}: {answer.message}", part="computed", **where)
    try:
        v = verdict(ex.id, answer, s)
    except ValueError as e:                       # rows that cannot be read
        return Verdict(False, f"exercise {ex.id} (student {s.student!r}): {e}", **where)
    return replace(v, message=f"exercise {ex.id} (student {s.student!r}): {v.message}", **where)
