"""What the notebooks call: :func:`my_exercise` draws the student's own tree (the key it was drawn
for, its seed and the question are printed above it; no answer), :func:`check_exercise` is the
self-check, and :func:`show` is the instructor's text view of a student's tree and key."""
from __future__ import annotations

from typing import Any

from ..checks import CheckFailed, NotWrittenYet
from ..draw.formatting import format_value as fv
from .catalogue import EXERCISES, StudentTree, answer_key, exercise, student_tree, verdict

__all__ = ["my_exercise", "check_exercise", "show", "question_text", "tree_text"]


def question_text(s: StudentTree) -> str:
    """What the student is asked, on their tree (no answer in it).

    >>> print(question_text(student_tree("3.3", "alice")))  # doctest: +ELLIPSIS
    Exercise 3.3, fail-soft alpha-beta by hand: the tree of student 'alice' (tree seed 63222).
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
                     f"moved into the node); this iteration adds {q.expanded}, whose playout scores "
                     f"{fv(q.result)} for the root player (c = {q.c:.2f}).")
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
    tree. Prints ✓ when right; raises :class:`~abcore.checks.NotWrittenYet` when ``answer`` is
    None, :class:`~abcore.checks.CheckFailed` naming the first row where it leaves the search.
    The key is computed here, on the student's tree, and never printed.

    >>> import os; from abcore.exercises import use_student
    >>> before = os.environ.get("ABCORE_STUDENT"); _ = use_student("alice")
    >>> check_exercise("3.3", answer_key("3.3", "alice"))  # doctest: +ELLIPSIS
    ✓ exercise 3.3 (student 'alice'): right: your ... rows (every node the search enters) agree ...
    >>> check_exercise("3.3", None)
    Traceback (most recent call last):
    ...
    abcore.checks.NotWrittenYet: the answer to exercise 3.3 is not written yet: replace `raise NotImplementedError()` in the answer cell with your rows, run that cell, then run this check again
    >>> check_exercise("3.3", answer_key("3.3", "bob"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    abcore.checks.CheckFailed: exercise 3.3 (student 'alice'): row ...
    >>> _ = os.environ.pop("ABCORE_STUDENT") if before is None else use_student(before)
    """
    ex = exercise(which)
    if answer is None:
        raise NotWrittenYet(f"the answer to exercise {ex.id} is not written yet: replace `raise "
                            "NotImplementedError()` in the answer cell with your rows, run that "
                            "cell, then run this check again")
    s = student_tree(ex.id)
    try:
        v = verdict(ex.id, answer, s.student)
    except ValueError as e:                       # rows that cannot be read
        raise CheckFailed(f"exercise {ex.id} (student {s.student!r}): {e}") from None
    if not v.ok:
        raise CheckFailed(f"exercise {ex.id} (student {s.student!r}): {v.message}")
    print(f"✓ exercise {ex.id} (student {s.student!r}): {v.message}")


def tree_text(s: StudentTree) -> str:
    """The tree as indented text, one node a line: its letter, kind or value, the probability of
    a chance outcome, and for MCTS the visits and total before the iteration.

    >>> print(tree_text(student_tree("2.4", "alice")).splitlines()[1])
      B  MIN
    """
    t, stats = s.tree, {}
    if s.question is not None:
        for path, node in s.question.before.nodes.items():
            state = t.initial_state
            for move in path:
                state = t.result(state, move)
            stats[state] = f"  (n={node.visits}, W={fv(node.total)})"
    lines = []
    for n in t.nodes:
        kind = t.kind(n)
        what = fv(t.value(n)) if kind == "leaf" else kind.upper()
        p = t.probability(n)
        prob = f"  p={fv(p)}" if p is not None else ""
        lines.append(f"{'  ' * t.depth_of(n)}{t.label(n)}  {what}{prob}{stats.get(n, '')}")
    return "\n".join(lines)


def show(which: str, student: str) -> str:
    """The instructor's view of ``student``'s exercise ``which`` (``"3.3"``), or of every
    per-student exercise of a notebook (``"03"``): the question, the tree as text and the key.

    >>> print(show("02", "alice"))  # doctest: +ELLIPSIS
    Exercise 2.4, minimax values by hand: the tree of student 'alice' (tree seed 56664).
    ...
    answer key:
    A  ...
    """
    ids = [e.id for e in EXERCISES.values() if e.notebook == str(which).zfill(2)] or [exercise(which).id]
    parts = []
    for i in ids:
        s = student_tree(i, student)
        parts.append(f"{question_text(s)}\n\n{tree_text(s)}\n\nanswer key:\n{answer_key(i, student)}")
    return "\n\n".join(parts)
