"""The per-student exercises: each student's own tree, drawn from their key and the exercise's
id, and its answer key, computed when asked (never stored).

An exercise is a hand trace on a practice tree (:mod:`abcore.practice`): the tree's seed is drawn
from ``sha256(key + exercise id)``; a tree that would make a poor question (no cut to find, say)
is passed over for the next seed drawn from the same key, so every student gets a tree where the
usual slips show. The check is :func:`abcore.practice.check_trace` (2.4: the minimax values,
:func:`~abcore.exercises.minimax.check_minimax`).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Callable

from ..practice import check_trace, expected_rows, mcts_question
from ..practice.check import Verdict
from ..practice.exam import row_text, tree_for
from ..practice.modes import MODES
from ..trees import GameTree, tree_values
from .minimax import check_minimax, minimax_rows
from .student import student_key

__all__ = ["Exercise", "EXERCISES", "StudentTree", "exercise", "exercise_seed", "student_tree",
           "answer_key", "verdict"]


@dataclass(frozen=True)
class Exercise:
    """A per-student exercise: ``id`` (``"3.3"``), its notebook (``"03"``), the practice mode
    traced (or ``"minimax"``), what the student writes, and ``good``: whether a drawn tree makes
    a fair question (the slips the check names can show on it)."""

    id: str
    notebook: str
    mode: str
    title: str
    task: str
    good: Callable[["StudentTree"], bool]


@dataclass(frozen=True)
class StudentTree:
    """One student's tree for one exercise: the key it was drawn for, its seed, the tree and, for
    MCTS, the question (the iteration asked)."""

    exercise: Exercise
    student: str
    seed: int
    tree: GameTree
    question: Any = None

    def key_rows(self) -> list:
        """The answer key's rows (computed now, from the real search)."""
        if self.exercise.mode == "minimax":
            return minimax_rows(self.tree)
        return expected_rows(self.exercise.mode, self.tree, seed=self.seed)


def _has_cut_and_hard_differs(s: StudentTree) -> bool:
    soft, hard = expected_rows("failsoft", s.tree), expected_rows("failhard", s.tree)
    return any(r.cut for r in soft) and soft != hard


def _min_node_decides(s: StudentTree) -> bool:
    """Some MIN node's children differ in value (taking the largest there is a visible slip)."""
    t, values = s.tree, tree_values(s.tree)
    return any(len({values[c] for c in t.children(n)}) > 1 for n in t.nodes if t.kind(n) == "min")


def _star1_cut_and_a_chance_value(s: StudentTree) -> bool:
    rows = expected_rows("star1", s.tree)
    chance = {s.tree.label(n) for n in s.tree.nodes if s.tree.kind(n) == "chance"}
    return (any(r.cut for r in rows if r.node in chance)
            and any(r.node in chance and not r.cut and r.value != 0 for r in rows))


_AB = ("Rows in the order the search visits the nodes: NODE [alpha, beta] VALUE, then `cut X Y` "
       "for the children it cuts; leaves may be left out.")
EXERCISES: dict[str, Exercise] = {e.id: e for e in (
    Exercise("2.4", "02", "minimax", "minimax values by hand",
             "One row per inner node: NODE VALUE, its minimax value (for MAX).", _min_node_decides),
    Exercise("3.3", "03", "failsoft", "fail-soft alpha-beta by hand", _AB, _has_cut_and_hard_differs),
    Exercise("4.2", "04", "failhard", "fail-hard alpha-beta by hand", _AB, _has_cut_and_hard_differs),
    Exercise("7.3", "07", "star1", "Star1 by hand: chance-node bounds",
             _AB + " A chance node's value is Σ p·v; it is cut with the bounds L and U.",
             _star1_cut_and_a_chance_value),
    Exercise("9.4", "09", "mcts", "one MCTS iteration by hand",
             "One row per node UCB1 selects, root first, down to the node the iteration adds: "
             "NODE TOTAL, its total W after the backup (for the player who moved into it).",
             lambda s: s.question is not None),
)}


def exercise(which: str) -> Exercise:
    """The exercise ``which`` (``"3.3"``); an unknown one lists them.

    >>> exercise("3.3").mode
    'failsoft'
    >>> exercise("3.4")
    Traceback (most recent call last):
    ...
    ValueError: no per-student exercise 3.4; they are 2.4, 3.3, 4.2, 7.3, 9.4
    """
    try:
        return EXERCISES[str(which)]
    except KeyError:
        raise ValueError(f"no per-student exercise {which}; they are {', '.join(EXERCISES)}") from None


def exercise_seed(which: str, student: str, attempt: int = 0) -> int:
    """The seed of ``student``'s tree for exercise ``which`` (attempt k: the k-th tree passed
    over), the same on every machine and Python: ``sha256('<student>/<exercise>/<k>')``.

    >>> exercise_seed("3.3", "alice"), exercise_seed("3.3", "bob")
    (63222, 14971)
    """
    digest = hashlib.sha256(f"{student}/{exercise(which).id}/{attempt}".encode()).hexdigest()
    return int(digest, 16) % 100_000


def _draw(ex: Exercise, student: str, seed: int) -> StudentTree:
    tree = tree_for(ex.mode if ex.mode in MODES else "failsoft", seed)
    title = f"exercise {ex.id}, student {student!r} (tree seed {seed})"
    tree = GameTree.from_dict({**tree.to_dict(), "title": title})
    if ex.mode != "mcts":
        return StudentTree(ex, student, seed, tree)
    try:
        return StudentTree(ex, student, seed, tree, mcts_question(tree, seed=seed))
    except ValueError:                       # no iteration selects two levels down
        return StudentTree(ex, student, seed, tree, None)


def student_tree(which: str, student: str | None = None) -> StudentTree:
    """``student``'s tree for exercise ``which`` (default: :func:`~abcore.exercises.student_key`).

    >>> s = student_tree("3.3", "alice")
    >>> s.student, s.seed == exercise_seed("3.3", "alice"), s.tree.label(s.tree.initial_state)
    ('alice', True, 'A')
    >>> student_tree("3.3", "bob").tree.to_dict() != s.tree.to_dict()
    True
    """
    ex = exercise(which)
    key = student_key() if student is None else str(student).strip()
    for attempt in range(100):
        drawn = _draw(ex, key, exercise_seed(ex.id, key, attempt))
        if ex.good(drawn):
            return drawn
    raise RuntimeError(f"no fair tree for exercise {ex.id} in 100 seeds of {key!r}")  # pragma: no cover


def verdict(which: str, answer: Any, student: str | None = None) -> Verdict:
    """Check ``answer`` (rows, as text or :class:`~abcore.practice.Row`\\ s) on the student's tree.

    >>> v = verdict("3.3", answer_key("3.3", "alice"), "alice")
    >>> v.ok, verdict("3.3", answer_key("3.3", "alice"), "bob").ok
    (True, False)
    """
    s = student_tree(which, student)
    if s.exercise.mode == "minimax":
        return check_minimax(s.tree, answer)
    options = {"question": s.question} if s.exercise.mode == "mcts" else {}
    return check_trace(s.exercise.mode, s.tree, answer, **options)


def answer_key(which: str, student: str | None = None) -> str:
    """The answer key of ``student``'s tree, as rows of text (what :func:`verdict` accepts).

    >>> print(answer_key("2.4", "alice"))  # doctest: +ELLIPSIS
    A ...
    """
    rows = student_tree(which, student).key_rows()
    return "\n".join(row_text(r) for r in rows)
