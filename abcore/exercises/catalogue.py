"""The per-student exercises: each student's own tree, drawn from their key and the exercise's
id, and its check.

An exercise is a hand trace on a practice tree (:mod:`abcore.practice`): the tree's seed is drawn
from ``sha256(key/exercise id/attempt)`` (the key normalised: surrounding spaces dropped, lower
case, so ``" Alice"`` and ``"alice"`` are one student). A drawn tree is passed over for the next
attempt unless it is fair: it asks for the exercise's ``work`` (the same number of rows, ±1, and
of cuts for every student) and every slip of the exercise's catalogue (:mod:`.slips`) gives rows
different from the key on it, so none of them can pass. Graded seeds are 100,000 and up; the
practice widget's are below (:data:`FIRST_GRADED_SEED`), so practice never shows a graded tree.

The answer key is computed by the instructor's tools (:mod:`.instructor`), never stored; the
check is :func:`abcore.practice.check_trace` (2.4: :func:`~abcore.exercises.minimax.check_minimax`;
9.4: :func:`~abcore.practice.mcts_practice.check_ucb`), and a refused answer is told which
catalogued slip it makes, or that it makes none of them.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from typing import Any

from ..i18n import N_, _
from ..practice import check_trace, expected_rows, mcts_question
from ..practice.check import not_checked_yet
from ..practice.answer import as_rows
from ..practice.generate import PRACTICE_SEEDS, practice_tree
from ..practice.mcts_practice import check_ucb, ucb_key, ucb_rows
from ..practice.modes import symbols
from ..trees import GameTree
from ..verdict import Verdict
from .minimax import check_minimax, minimax_rows
from .slips import SLIPS, fitting_slips, hand_trace, look_alike, rows_differ
from .student import normalise, student_key

__all__ = ["Exercise", "EXERCISES", "StudentTree", "exercise", "exercise_seed", "student_tree",
           "verdict", "key_rows", "FIRST_GRADED_SEED", "fair", "ComputedAnswer"]

FIRST_GRADED_SEED = PRACTICE_SEEDS     # practice seeds are below (abcore.practice.new_seed: 0..99,999)
ATTEMPTS = 3000
MCTS_AFTER = (0, 30)


class ComputedAnswer:
    """What the autograder puts in place of an answer cell that computes its rows instead of
    writing them (:mod:`.literal`): the check refuses it with ``message``."""

    def __init__(self, exercise: str, message: str):
        self.exercise, self.message = exercise, message

    def __repr__(self) -> str:
        return f"ComputedAnswer({self.exercise!r}, {self.message!r})"


@dataclass(frozen=True)
class StudentTree:
    """One student's tree for one exercise: the key it was drawn for, its seed, the tree and, for
    MCTS, the question (the iteration asked)."""

    exercise: "Exercise"
    student: str
    seed: int
    tree: GameTree
    question: Any = None


@dataclass(frozen=True)
class Exercise:
    """A per-student exercise: ``id`` (``"3.3"``), its notebook (``"03"``), the practice mode
    traced (or ``"minimax"``), what the student writes, the variable the answer cell assigns
    (``answer``), the shape of the trees drawn (:func:`~abcore.practice.practice_tree`'s
    arguments) and ``work``: the rows asked for (``lo``..``hi``, inner nodes only) and the number
    of nodes that cut, the same for every student (None: not checked)."""

    id: str
    notebook: str
    mode: str
    title: str
    task: str
    answer: str
    shape: dict = field(default_factory=dict)
    work: tuple | None = None


_AB = N_("Rows in the order the search visits the nodes: NODE (α, β) VALUE, then \"cut X Y\" "
         "for the children it cuts; leaves may be left out. You may add each node's window on exit "
         "after its window on entry: NODE (α, β) (α', β') VALUE; it is checked when given.")
_AB_SHAPE = {"branching": (3, 3), "low": -4, "high": 4}
EXERCISES: dict[str, Exercise] = {e.id: e for e in (
    Exercise("2.4", "02", "minimax", N_("minimax values by hand"),
             N_("One row per inner node: NODE VALUE, its minimax value (for MAX)."), "values_2_4",
             {"branching": (3, 3), "low": -9, "high": 9}, (13, 13, 0)),
    Exercise("3.3", "03", "failsoft", N_("fail-soft alpha-beta by hand"), _AB, "trace_3_3",
             _AB_SHAPE, (11, 12, 3)),
    Exercise("4.2", "04", "failhard", N_("fail-hard alpha-beta by hand"), _AB, "trace_4_2",
             _AB_SHAPE, (11, 12, 3)),
    Exercise("7.3", "07", "star1", N_("Star1 by hand: chance-node bounds"),
             N_("Rows in the order the search visits the nodes: NODE (α, β) VALUE, then \"cut X Y\" "
                "for the children it cuts; leaves may be left out. You may add each node's window on "
                "exit after its window on entry: NODE (α, β) (α', β') VALUE; it is checked when "
                "given. A chance node's value is Σ p·v; it is cut with the bounds L and U."), "trace_7_3",
             {"branching": (3, 3), "low": -3, "high": 3}, (12, 13, 3)),
    Exercise("9.4", "09", "mcts", N_("one MCTS iteration by hand"),
             N_("The root's row ROOT TOTAL, then at each node UCB1 selects from, its children left to "
                "right, one row each: CHILD UCB1 (its UCB1 value, two decimals), and for the child "
                "UCB1 selects CHILD UCB1 TOTAL, its total W after the backup (for the player who moved "
                "into it); down to the node the iteration expands from (the node it adds needs no "
                "row)."), "trace_9_4",
             {"branching": (2, 3), "low": -5, "high": 5}, (6, 7, 0)),
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
        raise ValueError(_("no per-student exercise {which}; they are {exercises}").format(
            which=which, exercises=', '.join(EXERCISES))) from None


def exercise_seed(which: str, student: str, attempt: int = 0) -> int:
    """The seed of ``student``'s tree for exercise ``which`` (attempt k: the k-th tree passed
    over), the same on every machine and Python: ``sha256('<student>/<exercise>/<k>')``, in
    100,000 .. 10¹² (below are the practice widget's seeds).

    >>> exercise_seed("3.3", "alice") == exercise_seed("3.3", " Alice ")
    True
    >>> exercise_seed("3.3", "alice") >= FIRST_GRADED_SEED
    True
    """
    digest = hashlib.sha256(f"{normalise(student)}/{exercise(which).id}/{attempt}".encode()).hexdigest()
    return FIRST_GRADED_SEED + int(digest, 16) % (10**12 - FIRST_GRADED_SEED)


def _tree(ex: Exercise, seed: int) -> GameTree:
    return practice_tree(seed, depth=3, chance=ex.mode == "star1", skip=symbols(ex.mode), **ex.shape)


def quoted(student: str) -> str:
    """A student's id as a message quotes it: ``'alice'`` in English, « alice » in French; an id
    holding a quote, a backslash or a character that does not print is shown as Python writes it
    (``repr``), escaped, in both editions (review rev28r C3).

    >>> print(quoted("alice"), quoted("o'brien"), quoted("eve\\n"))
    'alice' "o'brien" 'eve\\n'
    """
    if not student.isprintable() or set(student) & set("'\"«»‹›\\"):
        return repr(student)
    return _("'{student}'").format(student=student)


def _titled(ex: Exercise, student: str, seed: int, tree: GameTree) -> GameTree:
    title = _("exercise {id}, student {student} (tree seed {seed})").format(
        id=ex.id, student=quoted(student), seed=seed)
    return GameTree.from_dict({**tree.to_dict(), "title": title})


def _draw(ex: Exercise, student: str, seed: int) -> StudentTree:
    """The tree drawn from ``seed``; titled for MCTS only (the question is made from the titled
    tree): a hand trace's tree is titled once found fair (:func:`student_tree`)."""
    tree = _tree(ex, seed)
    if ex.mode != "mcts":
        return StudentTree(ex, student, seed, tree)
    tree = _titled(ex, student, seed, tree)
    # The iteration asked starts at a point drawn from the seed (MCTS_AFTER: at least lo
    # iterations after every root move is tried, up to lo + span): more trees, more UCB1 values,
    # fewer shared keys.
    lo, span = MCTS_AFTER
    after = len(tree.actions(tree.initial_state)) + lo + seed % span
    try:
        return StudentTree(ex, student, seed, tree, mcts_question(tree, seed=seed, after=after))
    except ValueError:                       # no iteration selects two levels down
        return StudentTree(ex, student, seed, tree, None)


def key_rows(s: StudentTree) -> list:
    """The answer key's rows of ``s`` (computed now, from the real search's trace)."""
    if s.exercise.mode == "minimax":
        return minimax_rows(s.tree)
    if s.exercise.mode == "mcts":
        return list(ucb_key(s.question))
    return expected_rows(s.exercise.mode, s.tree)


def _work(s: StudentTree, rows: list) -> tuple[int, int]:
    """(rows asked for, nodes that cut) of a key: inner nodes only (leaves may be left out)."""
    inner = {s.tree.label(n) for n in s.tree.nodes if s.tree.kind(n) != "leaf"}
    if s.exercise.mode == "mcts":
        return len(rows), 0
    return sum(1 for r in rows if r.node in inner), sum(1 for r in rows if r.cut)


# the slips that most often give the key's rows (or another slip's): tried first, so most unfair
# trees are passed over after one or two slips' rows (measured on 300 trees a task)
_SCREENED_FIRST = {"other_bound", "hard_on_exit", "soft_on_exit", "strict_cut"}


def fair(s: StudentTree) -> bool:
    """Is ``s`` a fair question: the exercise's work, and every catalogued slip refused on it?
    (Screened on the hand-trace of :mod:`.slips`, which a test holds equal to the search's.)"""
    ex = s.exercise
    if ex.mode == "mcts":
        if s.question is None or len(s.question.selects) != 2:
            return False
        key = list(ucb_key(s.question))
    elif ex.mode == "minimax":
        key = minimax_rows(s.tree)
    else:
        key = hand_trace(s.tree, hard=ex.mode == "failhard")
    lo, hi, cuts = ex.work or (0, 10**6, None)
    rows, cut = _work(s, key)
    if not lo <= rows <= hi or (cuts is not None and cut != cuts):
        return False
    # every slip refused, and each told apart from the others (the one named is the one made; an
    # answer that leaves the leaves out may fit two alike, and is told so); the first miss stops
    made: list = []
    for slip in sorted(SLIPS[ex.id], key=lambda x: x.name not in _SCREENED_FIRST):
        given = slip.rows(s)
        if not rows_differ(given, key, ex.id) or not all(rows_differ(given, other, ex.id) for other in made):
            return False
        made.append(given)
    return True


def student_tree(which: str, student: str | None = None) -> StudentTree:
    """``student``'s tree for exercise ``which`` (default: :func:`~abcore.exercises.student_key`),
    the first fair one of the trees drawn from their key.

    >>> s = student_tree("3.3", "alice")
    >>> s.student, s.tree.label(s.tree.initial_state), fair(s)
    ('alice', 'A', True)
    >>> student_tree("3.3", "bob").tree.to_dict() != s.tree.to_dict()
    True
    """
    ex = exercise(which)
    key = normalise(student_key() if student is None else student)
    for attempt in range(ATTEMPTS):
        drawn = _draw(ex, key, exercise_seed(ex.id, key, attempt))
        if fair(drawn):
            # Speed: titled (a copy of the tree) only once found fair, not each tree drawn
            return drawn if ex.mode == "mcts" else replace(
                drawn, tree=_titled(ex, key, drawn.seed, drawn.tree))
    raise RuntimeError(_("no fair tree for exercise {id} in {attempts} seeds of {key!r}").format(  # pragma: no cover
        id=ex.id, attempts=ATTEMPTS, key=key))


def verdict(which: str, answer: Any, student: str | StudentTree | None = None) -> Verdict:
    """Check ``answer`` (rows, as text or :class:`~abcore.practice.Row`\\ s) on the student's
    tree (``student``: their key, or their tree already drawn); a refusal names the catalogued
    slip the answer makes, or says it makes none of them. The verdict carries no key
    (``expected`` is empty).

    >>> from abcore.exercises.slips import slip_rows
    >>> s = student_tree("3.3", "alice")
    >>> v = verdict("3.3", slip_rows("3.3", "strict_cut", s), "alice")
    >>> v.ok, v.slip
    (False, 'strict_cut')
    """
    s = student if isinstance(student, StudentTree) else student_tree(which, student)
    if s.exercise.id != exercise(which).id:
        raise ValueError(_("that tree is drawn for exercise {id}, not {which}").format(
            id=s.exercise.id, which=which))
    if isinstance(answer, ComputedAnswer):
        return Verdict(False, answer.message, None, None, "computed")
    rows = as_rows(answer, s.exercise.mode if s.exercise.mode in ("minimax", "mcts") else "trace")
    if s.exercise.mode == "minimax":
        v = check_minimax(s.tree, rows)
    elif s.exercise.mode == "mcts":
        rows = ucb_rows(s.question, rows)
        v = check_ucb(s.question, rows)
    else:
        v = check_trace(s.exercise.mode, s.tree, rows)
    if v.ok:
        return replace(v, expected=())
    if v.so_far and not rows:   # no row yet: say where to start (frreader13 d4)
        return replace(v, message=_("{message} [unfinished: no rows yet; start with the root, "
                                    "{root}]").format(message=v.message, root=v.expected[0].node),
                       expected=())
    if v.so_far and s.exercise.mode == "mcts":      # 9.4's rows right so far: unfinished (frreader13 d2)
        return replace(v, message=_("{message} [unfinished: your rows stop after {given} of the key's "
                                    "{asked}; the totals after the backup are checked once the path is "
                                    "complete]").format(message=v.message, given=len(rows),
                                                        asked=len(v.expected)), expected=())
    if v.so_far and s.exercise.mode == "minimax":   # 2.4: rows in any order, each right (rev28s B5)
        return replace(v, message=_("{message} [unfinished: values for {given} of the {asked} inner "
                                    "nodes so far]").format(
            message=v.message, given=sum(1 for r in rows if r.node in {k.node for k in v.expected}),
            asked=len(v.expected)), expected=())
    if v.so_far:                # the right rows so far, then none: unfinished, no slip
        inner = {s.tree.label(n) for n in s.tree.nodes if s.tree.kind(n) != "leaf"}
        given, asked = (sum(1 for r in rs if r.node in inner) for rs in (rows, v.expected))
        later = not_checked_yet(s.tree, str(v.node))
        return replace(v, message=_("{message} [unfinished: your rows stop after {given} of the key's "
                                    "{asked}; {later}]").format(
            message=v.message, given=given, asked=asked, later=later), expected=())
    slips = fitting_slips(s.exercise.id, s, rows, list(v.expected), v.node)
    shows = look_alike(s.exercise.id, s, slips[0], rows) if len(slips) == 1 else None
    if shows:                   # another slip, not catalogued, gives these rows too: no cause claimed
        message = _("{message} [what your rows show: {shows}; more than one slip gives these rows on your "
                    "tree, so none is named]").format(message=v.message, shows=_(shows))
        slips = []
    elif len(slips) == 1:
        message = _("{message} [the slip: {slip}]").format(message=v.message, slip=_(slips[0].title))
    elif slips:
        message = _("{message} [your rows fit {n} of the usual slips alike: {slips}]").format(
            message=v.message, n=len(slips), slips=_("; or ").join(_(x.title) for x in slips))
    elif v.slip is not None:    # the refused row names its slip itself (a division by the number of outcomes)
        message = v.message
    else:
        message = _("{message} [none of the usual slips of exercise {id} gives these rows]").format(
            message=v.message, id=s.exercise.id)
    return replace(v, message=message, expected=(), slip=slips[0].name if len(slips) == 1 else None)
