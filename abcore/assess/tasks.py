"""The one registry of tasks: every exercise of the notebooks and every practice mode, each with
its reference, how a student's tree is drawn, its key, its check and its catalogue of slips.

The engines stay where they are (:mod:`abcore.checks` compares functions, :mod:`abcore.diagnose`
names a wrong search, :mod:`abcore.practice` checks hand traces, :mod:`abcore.exercises` draws
each student's tree); this module says, for each task, which of them it uses, so that one table
answers "what is task X and how is it checked". Every check returns a
:class:`~abcore.verdict.Verdict` with its ``task`` filled.

The searches are named by :data:`abcore.search.ALGORITHMS` (plus ``"mcts"``, which has no
Description); the other spellings the kit's tables use (practice modes, diagnosis kinds) are
:data:`ALIASES`, and :func:`canonical` reads them.

>>> TASKS["3.3"].form, TASKS["3.3"].reference, "strict_cut" in TASKS["3.3"].slips
('hand trace', 'alphabeta', True)
>>> canonical("failhard"), canonical("limited")
('alphabeta_failhard', 'minimax')
>>> task("2.1").check(TASKS["2.1"].solution).ok
True
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping

from .. import checks
from ..checks import TASKS as FUNCTIONS
from ..checks import leaves_read, random_cases
from ..diagnose import CATALOGUE, REFERENCES, diagnose
from ..i18n import _
from ..diagnose import EXERCISES as DIAGNOSED
from ..exercises import EXERCISES, student_tree
from ..exercises.catalogue import key_rows
from ..exercises.notebook import exercise_verdict
from ..exercises.slips import SLIPS
from ..practice import MODES, check_trace, expected_rows, practice_tree
from ..own_work import KitTampered, own_work
from ..search import ALGORITHMS
from ..trees import GameTree, tree_values
from ..verdict import Verdict

__all__ = ["Task", "TASKS", "task", "ALIASES", "canonical", "SEARCHES"]

SEARCHES = (*ALGORITHMS, "mcts")          # the one vocabulary of searches

# Every other spelling of a search in the kit's tables -> its name in SEARCHES.
ALIASES: dict[str, str] = {
    "failsoft": "alphabeta",               # practice mode, hand traces 3.3
    "failhard": "alphabeta_failhard",      # practice mode, diagnosis kind, hand trace 4.2
    "alphabeta_failsoft": "alphabeta",
    "limited": "minimax",                  # diagnosis kind: minimax with depth and evaluate (6.2)
    "backup": "mcts", "select": "mcts",    # diagnosis kinds: one MCTS backup, one UCB1 choice (9.2, 9.3)
    "ucb1": "mcts", "uct": "mcts",
    "expectiminimax": "expectimax",
    "mtd(f)": "mtdf",
}


def canonical(name: str) -> str:
    """The name in :data:`SEARCHES` of the search called ``name`` here or in :data:`ALIASES`
    (``"mtdf"`` is a driver over alpha-beta, :mod:`abcore.search.drivers`, kept as itself).

    >>> canonical("minmax")
    Traceback (most recent call last):
    ...
    ValueError: no search is called 'minmax': use one of minimax, expectimax, alphabeta, alphabeta_failhard, negamax, pvs, star1, star2, mcts (or an alias: failsoft, failhard, alphabeta_failsoft, limited, backup, select, ucb1, uct, expectiminimax, mtd(f))
    """
    name = ALIASES.get(name, name)
    if name not in SEARCHES and name != "mtdf":
        raise ValueError(_("no search is called {name!r}: use one of {searches} (or an alias: "
                           "{aliases})").format(name=name, searches=', '.join(SEARCHES),
                                                aliases=', '.join(ALIASES)))
    return name


@dataclass(frozen=True)
class Task:
    """One task.

    - ``id``: ``"2.1"`` (a notebook's exercise) or a practice mode's name (``"failsoft"``);
      ``notebook``: ``"02"`` (None for practice); ``title``;
    - ``form``: ``"function"`` (the student writes a function, checked on many trees),
      ``"hand trace"`` (rows on the student's own tree, graded), ``"practice"`` (rows on a tree
      drawn from a seed, not graded) or ``"game"`` (a class, played against the kit's);
    - ``reference``: the search of :data:`SEARCHES` the answer is checked against (None: the
      check computes the answer another way, a count or a game);
    - ``answer``: the student's function, or the answer cell's variable;
    - ``check(answer, who)``: the :class:`Verdict`; ``who`` is the student key or tree drawn (hand traces),
      the tree (practice) or unused (functions); None for 1.3, 6.1, 8.1 and 8.2, whose checks
      are written in their notebook's check cell (a game, an evaluation, a probe, a deepening);
    - ``solution``: a right answer the check accepts (functions: the reference; hand traces and
      practice: None, their key is ``key(draw(who))``);
    - ``slips``: the catalogue, slip name -> the wrong answer that makes it (functions: a wrong
      function; hand traces: rows of a drawn tree, ``slip(drawn)``);
    - ``draw(who)``: the tree a student answers on (None: random trees); ``key(drawn)`` its rows;
    - ``may_use``: the guarded kit functions its solution may call (:data:`abcore.checks.TASKS`).
    """

    id: str
    notebook: str | None
    title: str
    form: str
    reference: str | None
    answer: str
    check: Callable[..., Verdict] | None
    solution: Any = None
    slips: Mapping[str, Callable] = field(default_factory=dict)
    draw: Callable | None = None
    key: Callable | None = None
    may_use: tuple[str, ...] = ()


def task(which: str) -> Task:
    """The task ``which``; an unknown one lists them."""
    try:
        return TASKS[str(which)]
    except KeyError:
        raise ValueError(_("no task {which!r}: the tasks are {tasks}").format(
            which=which, tasks=', '.join(TASKS))) from None


# --- function tasks ------------------------------------------------------------------------------

def _diagnosed(task_id: str, kind: str) -> Callable[..., Verdict]:
    """The check of a function task whose search :mod:`abcore.diagnose` knows: the student's
    function, watched (no kit search may answer for it), on the diagnostic cases; a refusal
    names the catalogued slip and the node where it first shows."""
    spec = FUNCTIONS[task_id]

    def check(f: Callable, who: Any = None) -> Verdict:
        name = str(getattr(f, "__name__", _("your function")))
        try:
            with own_work(spec.forbidden, spec.code()) as watch:
                found = diagnose(f, kind)
        except KitTampered as e:
            return Verdict(False, _("{name}: {error} (0 points)").format(name=name, error=e),
                           task=task_id, refusal="kit call")
        if watch.refused:
            return Verdict.refused(checks.refused(task_id, name, watch.refused), task=task_id)
        if found is None:
            return Verdict(True, _("{name}: does what the right search does on every diagnostic "
                                   "case").format(name=name), task=task_id)
        if found.step == ("raised", "NotImplementedError"):
            return Verdict(False, _(checks.NOT_WRITTEN).format(name=name),
                           task=task_id, refusal="not written")
        return Verdict(False, str(found), task=task_id, node=None if found.node is None else str(found.node),
                       slip=found.variant.name if found.variant else None)
    return check


def _compared(task_id: str, call: Callable | None = None, cases: Callable = lambda: random_cases(120, seed=22),
              calls: tuple = ()) -> Callable[..., Verdict]:
    """The check of a function task compared with its reference (:data:`abcore.checks.TASKS`):
    on random trees, each called by ``call(f, tree)``, or on the keyword ``calls``."""
    def check(f: Callable, who: Any = None) -> Verdict:
        return checks.check_verdict(f, task_id, None if calls else cases(), call=call, calls=calls)
    return check


def _at_root(f: Callable, t: GameTree) -> Any:
    return f(t, t.initial_state)


def _value_and_leaves(f: Callable, t: GameTree) -> Any:
    return f(t, t.initial_state), leaves_read(f, t, t.initial_state)


def _first_choices(make_order: Callable, t: GameTree) -> dict:
    """At every decision node, the exact value of the move the ordering puts first."""
    order, values = make_order(t), tree_values(t)
    return {n: values[t.result(n, list(order(t, n, t.actions(n)))[0])]
            for n in t.nodes if t.kind(n) in ("max", "min")}


_REFERENCE = {"1.1": None, "1.2": None, "1.3": None, "2.1": "minimax", "2.2": "minimax",
              "2.3": "minimax", "3.1": "alphabeta", "3.2": "alphabeta", "4.1": "alphabeta_failhard",
              "5.1": "alphabeta", "5.2": "alphabeta", "6.1": None, "6.2": "minimax",
              "7.1": "expectimax", "7.2": "star1", "8.1": "alphabeta", "8.2": "alphabeta",
              "9.1": "mcts", "9.2": "mcts", "9.3": "mcts"}
_COMPARED: dict[str, Callable[..., Verdict]] = {
    "1.1": _compared("1.1", _at_root), "1.2": _compared("1.2", _at_root),
    "2.2": _compared("2.2"), "2.3": _compared("2.3"),
    "3.2": _compared("3.2"), "5.1": _compared("5.1", _first_choices),
    "5.2": _compared("5.2", calls=tuple(dict(b=b, d=d) for b in (1, 2, 3) for d in (0, 1, 2, 3))),
    "7.2": _compared("7.2", calls=(dict(seen=[], low=-1, high=1), dict(seen=[(0.5, 2)], low=-3, high=3),
                                   dict(seen=[(0.25, 1), (0.25, -1)], low=0, high=4))),
    "9.1": _compared("9.1", calls=(dict(mean=0.5, visits=3, parent_visits=10, c=math.sqrt(2)),
                                   dict(mean=-0.2, visits=1, parent_visits=2, c=1.0),
                                   dict(mean=0.0, visits=0, parent_visits=4, c=0.5))),
}


def _function_task(task_id: str) -> Task:
    spec = FUNCTIONS[task_id]
    kind = DIAGNOSED.get(spec.function)      # the diagnosis knows this function's search
    if kind is not None:
        check: Callable[..., Verdict] | None = _diagnosed(task_id, kind)
        solution: Any = REFERENCES[kind]
        slips: dict[str, Callable] = {v.name: v.search for v in CATALOGUE if v.kind == kind}
    else:
        check, solution, slips = _COMPARED.get(task_id), spec.reference, {}
    return Task(task_id, f"0{task_id.split('.')[0]}", spec.function, "game" if task_id == "1.3" else "function",
                _REFERENCE[task_id], spec.function, check, solution, slips, may_use=spec.may_use)


# --- hand traces and practice ----------------------------------------------------------------------

def _hand_trace(task_id: str) -> Task:
    ex = EXERCISES[task_id]

    def check(answer: Any, who: Any = None) -> Verdict:
        return exercise_verdict(task_id, answer, who)

    return Task(task_id, ex.notebook, ex.title, "hand trace", canonical(ex.mode), ex.answer, check,
                None, {s.name: s.rows for s in SLIPS[task_id]},
                draw=lambda who: student_tree(task_id, who), key=key_rows)


def _practice(name: str) -> Task:
    m = MODES[name]

    def check(answer: Any, tree: GameTree, **options: Any) -> Verdict:
        return replace(check_trace(name, tree, answer, **options), task=name)

    return Task(name, None, m.title, "practice", canonical(name), "rows", check,
                draw=lambda seed: practice_tree(seed, depth=3, chance=m.chance, skip=m.symbols),
                key=lambda tree: expected_rows(name, tree))


TASKS: dict[str, Task] = {t.id: t for t in [
    *sorted([*map(_function_task, FUNCTIONS), *map(_hand_trace, EXERCISES)], key=lambda t: t.id),
    *map(_practice, MODES)]}            # by notebook and number (one digit each), then the practice modes
