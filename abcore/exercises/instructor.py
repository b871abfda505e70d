"""The instructor's tools: a student's answer key and the text view of their trees, for feedback
(``python -m abcore.exercises show 03 --student alice``). Not in the student build
(tools/student.py leaves this module and ``__main__`` out), so a student's copy of the kit cannot
print a key; it can still run a search on the student's own tree (INSTRUCTORS.md says what a
graded hand trace proves, then).
"""
from __future__ import annotations

from ..draw.formatting import format_value as fv
from ..i18n import _
from ..practice.answer import Row
from ..practice.exam import row_text
from .catalogue import EXERCISES, StudentTree, exercise, key_rows, student_tree
from .notebook import question_text

__all__ = ["answer_key", "show", "tree_text"]


def answer_key(which: str, student: str | None = None) -> str:
    """The answer key of ``student``'s tree, as rows of text (what :func:`~abcore.exercises.verdict`
    accepts; 9.4's rows give the UCB1 values to two decimals).

    >>> print(answer_key("2.4", "alice"))  # doctest: +ELLIPSIS
    A ...
    """
    rows = key_rows(student_tree(which, student))
    return "\n".join(_text(r) for r in rows)


def _text(r: Row) -> str:
    if r.ucb is not None:
        ucb = f"{r.ucb:.2f}".replace("-", "−")        # a true minus sign, as fv writes the total's
        return f"{r.node}  {ucb}" + ("" if r.value is None else f"  {fv(r.value)}")
    return row_text(r)


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
    Exercise 2.4, minimax values by hand: the tree of student 'alice' (tree seed ...).
    ...
    answer key:
    A  ...
    """
    ids = [e.id for e in EXERCISES.values() if e.notebook == str(which).zfill(2)] or [exercise(which).id]
    parts = []
    for i in ids:
        s = student_tree(i, student)
        parts.append(f"{question_text(s)}\n\n{tree_text(s)}\n\n" + _("answer key:") + f"\n{answer_key(i, student)}")
    return "\n\n".join(parts)
