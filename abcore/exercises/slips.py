"""The slip catalogue of the hand-trace exercises: for each task, the usual slips, each a wrong
way to run the search by hand, written out as the rows a student making it would give.

A slip's rows are computed here by a small hand-trace of the search with that one thing done
wrong (:func:`hand_trace`); the right rows never come from here (the answer key is the real
search's trace, :func:`abcore.practice.expected_rows`). A student's tree is drawn so that every
slip of its task gives rows different from the key (:mod:`.catalogue`), and a refused answer is
told which slip it matches, or that it matches none (:func:`name_slip`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Callable

from ..i18n import N_, _
from ..own_work import entered
from ..practice.answer import Row, same, same_window
from ..practice.mcts_practice import UCB_TOLERANCE
from ..trees import GameTree

__all__ = ["Slip", "SLIPS", "hand_trace", "slip_rows", "name_slip", "fitting_slips", "rows_differ", "look_alike"]


INF = math.inf


@dataclass(frozen=True)
class Slip:
    """One catalogued slip: its ``name`` (the planted answer's), what it is in the student's
    words (``title``) and how to make its rows (``rows(student_tree)``)."""

    name: str
    title: str
    rows: Callable[[Any], list]


def hand_trace(tree: GameTree, *, hard: bool = False, strict: bool | str = False, alpha_v: bool = False,
               stale: bool = False, returns: str | None = None, uniform: bool = False,
               unclipped: bool = False, exit_as_entry: bool = False, swap: bool = False,
               exit: str | None = None, nocut: str | None = None, other_bound: bool = False) -> list[Row]:
    """Rows of alpha-beta (fail-soft, or fail-hard with ``hard``) or, on a tree with chance nodes,
    Star1, traced by hand with the slips asked for: ``strict`` cuts on > instead of ≥ ("max"/"min": at
    nodes of that kind only),
    ``alpha_v`` sets α = v (β = v) instead of max(α, v), ``stale`` never narrows the window,
    ``returns`` ("hard"/"soft") returns the other way at a cut, ``uniform`` weighs outcomes
    equally (a plain mean), ``unclipped`` leaves Star1's outcome window unclipped to [L, U],
    ``exit_as_entry`` writes the window on exit where the entry's goes, ``swap`` takes the largest
    at MIN nodes and the smallest at MAX nodes, ``exit`` ("hard"/"soft") returns the other way
    after the last child, ``nocut`` ("max"/"min") never cuts at nodes of that kind, ``other_bound``
    values a cut chance node with the other bound. Without slips, the search's own rows.

    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6]])
    >>> [(r.node, r.value, r.cut) for r in hand_trace(t) if r.cut]
    [('r.1', 2, ('r.1.1', 'r.1.2'))]
    """
    entered("kit_answer")  # never on a student's behalf under a check (abcore.own_work)
    rows: dict[str, dict] = {}
    chance = any(tree.kind(n) == "chance" for n in tree.nodes)
    low, high = (int(x) if float(x).is_integer() else x for x in tree.utility_range) if chance else (-INF, INF)
    L, soft = tree.label, (not hard if returns is None else returns == "soft")

    def cuts(v: Any, bound: Any, above: bool) -> bool:
        if strict is True or strict == ("max" if above else "min"):
            return v > bound if above else v < bound
        return v >= bound if above else v <= bound

    def node(n: str, a: Any, b: Any) -> Any:
        row = rows[L(n)] = {"window": (a, b), "cut": ()}
        kind = tree.kind(n)
        if kind == "leaf":
            v = tree.value(n)
            row.update(value=v, exit=(a, b))
            return v
        kids = tree.children(n)
        if kind == "chance":
            return chance_node(n, row, kids, a, b)
        big = (kind == "max") != swap
        v = -INF if big else INF
        a0, b0 = a, b
        for i, c in enumerate(kids):
            w = node(c, a0, b0) if stale else node(c, a, b)
            v = max(v, w) if big else min(v, w)
            if tree.kind(n) != nocut and (cuts(v, b, True) if big else cuts(v, a, False)):
                row["cut"] = tuple(L(k) for k in kids[i + 1:])
                value = v if soft else (b if big else a)
                row.update(value=value, exit=(a, b))
                return value
            if big and (alpha_v or v > a):
                a = v
            elif not big and (alpha_v or v < b):
                b = v
        value = v if (exit == "soft" if exit else soft or not hard) else (a if big else b)
        row.update(value=value, exit=(a, b))
        return value

    def chance_node(n: str, row: dict, kids: Any, a: Any, b: Any) -> Any:
        ps = [Fraction(1, len(kids)) if uniform else tree.probability(c) for c in kids]
        s: Any = 0
        rest: Any = 1
        for i, (c, p) in enumerate(zip(kids, ps)):
            rest = rest - p
            A, B = (a - s - rest * high) / p, (b - s - rest * low) / p
            wa, wb = (A, B) if unclipped else (max(A, low), min(B, high))
            v = node(c, wa, wb)
            s = s + p * v
            if cuts(A, v, True) or cuts(v, B, True):
                row["cut"] = tuple(L(k) for k in kids[i + 1:])
                value = s + rest * (high if cuts(A, v, True) != other_bound else low)
                row.update(value=value, exit=(a, b))
                return value
        row.update(value=s, exit=(a, b))
        return s

    node(tree.initial_state, low, high)
    return [Row(name, r["exit"] if exit_as_entry else r["window"], r["value"], r["cut"], r["exit"])
            for name, r in rows.items()]


def _mm(tree: GameTree, kind_of: Callable[[str], str]) -> list[Row]:
    """Minimax values with each node's rule given by ``kind_of`` (a slip's)."""
    entered("kit_answer")  # never on a student's behalf under a check (abcore.own_work)
    memo: dict[str, Any] = {}

    def value(n: str) -> Any:
        if tree.kind(n) == "leaf":
            return tree.value(n)
        vs = [value(c) for c in tree.children(n)]
        memo[n] = max(vs) if kind_of(n) == "max" else min(vs)
        return memo[n]

    value(tree.initial_state)
    return [Row(tree.label(n), None, memo[n]) for n in tree.nodes if tree.kind(n) != "leaf"]


def _swapped(tree: GameTree) -> Callable[[str], str]:
    return lambda n: "min" if tree.kind(n) == "max" else "max"


def _ab(**slip: Any) -> Callable[[Any], list]:
    return lambda s: hand_trace(s.tree, **slip)


def _mcts(slip: str) -> Callable[[Any], list]:
    def rows(s: Any) -> list:
        from ..practice.mcts_practice import slip_rows as mcts_slip_rows
        return mcts_slip_rows(s.question, slip)
    return rows


_AB_COMMON = (   # name, title, hand_trace's flag
    ("strict_cut", N_("a cut on > instead of ≥ (a value equal to the bound cuts too)"), {"strict": True}),
    ("alpha_is_v", N_("α = v (β = v) instead of α = max(α, v): the window widened again"), {"alpha_v": True}),
    ("exit_window", N_("the window on exit written where the window on entry goes"), {"exit_as_entry": True}),
    ("no_narrowing", N_("children entered with the node's own window, never narrowed"), {"stale": True}),
    ("kinds_swapped", N_("MAX keeps the smallest, MIN the largest"), {"swap": True}),
    ("no_cut_at_min", N_("no cut at MIN nodes (only MAX nodes cut)"), {"nocut": "min"}),
    ("no_cut_at_max", N_("no cut at MAX nodes (only MIN nodes cut)"), {"nocut": "max"}),
)


# Slips outside the catalogue that give a catalogued slip's rows on some trees: when one gives the
# answer's rows too, the catalogued slip is not named as the cause; the message says what the rows
# show (hunt5: a cut on > at MIN nodes only was named "no cut at MIN nodes").
LOOK_ALIKES: dict[str, tuple[dict, str]] = {
    "no_cut_at_min": ({"strict": "min"}, N_("a tie at a MIN node did not cut (v = α cuts too: v ≤ α)")),
    "no_cut_at_max": ({"strict": "max"}, N_("a tie at a MAX node did not cut (v = β cuts too: v ≥ β)")),
}


def look_alike(task: str, student_tree: Any, slip: Slip, answer: list[Row]) -> str | None:
    """What the answer's rows show, when a slip outside the catalogue gives them as ``slip`` does
    (:data:`LOOK_ALIKES`), else None: then ``slip`` alone explains them."""
    if slip.name not in LOOK_ALIKES or task not in ("3.3", "4.2"):
        return None
    flag, shown = LOOK_ALIKES[slip.name]
    rows = hand_trace(student_tree.tree, hard=task == "4.2", **flag)
    return shown if _says(task, answer, rows) else None


def _cuts_left_out(**flag: Any) -> Callable[[Any], list]:
    return lambda s: [replace(r, cut=()) for r in hand_trace(s.tree, **flag)]


_CUTS_LEFT_OUT = N_("no `cut` list written (the right rows, but no arc marked cut)")


def _ab_slips(hard: bool, extra: tuple = ()) -> tuple[Slip, ...]:
    return tuple(Slip(name, title, _ab(hard=hard, **flag)) for name, title, flag in _AB_COMMON) + (
        Slip("cuts_left_out", _CUTS_LEFT_OUT, _cuts_left_out(hard=hard)),) + extra


SLIPS: dict[str, tuple[Slip, ...]] = {
    "2.4": (Slip("kinds_swapped", N_("MAX keeps the smallest, MIN the largest"),
                 lambda s: _mm(s.tree, _swapped(s.tree))),
            Slip("max_everywhere", N_("every node keeps the largest (MIN nodes too)"),
                 lambda s: _mm(s.tree, lambda n: "max")),
            Slip("min_everywhere", N_("every node keeps the smallest (MAX nodes too)"),
                 lambda s: _mm(s.tree, lambda n: "min"))),
    "3.3": _ab_slips(False, (Slip("fail_hard_values", N_("fail-hard's bound in a fail-soft trace: "
                                     "fail-soft returns the best value found, even outside the window"),
                                  _ab(returns="hard")),
                             Slip("fail_hard", N_("fail-hard alpha-beta in a fail-soft trace: a node returns the "
                                     "best value found, not the bound (α or β), at a cut and after its last child"),
                                  _ab(hard=True)),
                             Slip("hard_on_exit", N_("fail-hard's bound on exit in a fail-soft trace: after its last "
                                     "child, a node returns the best value found, not α (β at MIN)"),
                                  _ab(exit="hard")))),
    "4.2": _ab_slips(True, (Slip("fail_soft_values", N_("fail-soft's value in a fail-hard trace: "
                                    "fail-hard returns the bound (α or β) when the value falls outside "
                                    "the window"), _ab(hard=True, returns="soft")),
                            Slip("soft_on_exit", N_("fail-soft's value on exit in a fail-hard trace: after its last "
                                    "child, a node returns α (β at MIN), not the best value found"),
                                 _ab(hard=True, exit="soft")))),
    "7.3": (Slip("strict_cut", N_("a cut on > instead of ≥ (a value equal to the bound cuts too)"),
                 _ab(strict=True)),
            Slip("plain_mean", N_("a plain mean at chance nodes (the probabilities left out)"),
                 _ab(uniform=True)),
            Slip("unclipped_window", N_("the outcome's window (A, B) not clipped to [L, U]"),
                 _ab(unclipped=True)),
            Slip("exit_window", N_("the window on exit written where the window on entry goes"),
                 _ab(exit_as_entry=True)),
            Slip("other_bound", N_("a cut chance node valued with the other bound (L where U goes, U where L goes)"),
                 _ab(other_bound=True)),
            Slip("cuts_left_out", _CUTS_LEFT_OUT, _cuts_left_out())),
    "9.4": (Slip("c_one", N_("UCB1 with c = 1 instead of √2"), _mcts("c_one")),
            Slip("log_n_plus_1", N_("ln(N + 1) instead of ln N"), _mcts("log_n_plus_1")),
            Slip("sqrt2_twice", N_("√2 taken twice (c·√2·√(ln N / n))"), _mcts("sqrt2_twice")),
            Slip("total_for_mean", N_("the total W instead of the mean W / n"), _mcts("total_for_mean")),
            Slip("child_log", N_("ln n (the child's count) instead of ln N (the parent's)"),
                 _mcts("child_log")),
            Slip("no_exploration", N_("the mean alone, without the exploration term"),
                 _mcts("no_exploration")),
            Slip("negated_means", N_("the means negated (the smallest mean taken)"), _mcts("negated_means")),
            Slip("wrong_player", N_("the backup credited to the wrong player"), _mcts("wrong_player")),
            Slip("no_backup", N_("the totals before the backup"), _mcts("no_backup"))),
}


def slip_rows(task: str, name: str, student_tree: Any) -> list[Row]:
    """The rows a student making slip ``name`` gives on ``student_tree`` (of task ``task``)."""
    for s in SLIPS[task]:
        if s.name == name:
            return s.rows(student_tree)
    raise ValueError(_("no slip {name!r} in exercise {task}'s catalogue; it has {slips}").format(
        name=name, task=task, slips=', '.join(s.name for s in SLIPS[task])))


def _row_same(got: Row, want: Row) -> bool:
    """Does the row ``got`` say what ``want`` says, as the checks compare them (a window, an exit
    window or a UCB1 value left out of ``got`` is not compared)?"""
    if got.node != want.node or tuple(got.cut) != tuple(want.cut) or not same(got.value, want.value):
        return False
    for part in ("window", "exit"):
        g, w = getattr(got, part), getattr(want, part)
        if g is not None and not same_window(g, w):
            return False
    if want.ucb is not None:
        return got.ucb is not None and abs(float(got.ucb) - float(want.ucb)) <= UCB_TOLERANCE
    return got.ucb is None


def rows_differ(got: list[Row], want: list[Row], task: str, inner: set | None = None) -> bool:
    """Would the check refuse the rows ``got`` (a slip's, every row written) where ``want`` is
    the key? Rows compared as the checks do (2.4: the values, in any order); with ``inner`` (the
    inner nodes' labels), on those rows alone, as an answer that leaves the leaves out gives them."""
    if task == "2.4":
        g = {r.node: r.value for r in got}
        return any(not same(g.get(r.node), r.value) for r in want)
    if inner is not None and task != "9.4":
        got, want = [r for r in got if r.node in inner], [r for r in want if r.node in inner]
    # The window on exit is optional in an answer: a slip must show without it.
    return len(got) != len(want) or not all(_row_same(replace(a, exit=None), b) for a, b in zip(got, want))


def name_slip(task: str, student_tree: Any, answer: list[Row], key: list[Row],
              node: str | None) -> Slip | None:
    """The catalogued slip the answer makes, when exactly one fits (:func:`fitting_slips`), else None."""
    found = fitting_slips(task, student_tree, answer, key, node)
    return found[0] if len(found) == 1 else None


def fitting_slips(task: str, student_tree: Any, answer: list[Row], key: list[Row],
                  node: str | None) -> list[Slip]:
    """The catalogued slips whose rows explain the whole answer: every row it gives says what
    that slip's row for its node says, in the slip's order (2.4: and the slip's rule holds at every
    node the answer gives). One row alone, where the numbers of two rules coincide, names none;
    two slips whose rows are the same here are both returned. ``key`` and ``node`` (the row the
    check refused) are kept for the callers' sake: a slip must differ from the key there."""
    keyed = {r.node: r for r in key}
    found = []
    for slip in SLIPS[task]:
        rows = slip.rows(student_tree)
        if not _says(task, answer, rows):
            continue
        if task == "2.4" and not _rule_everywhere(student_tree.tree, slip.name, answer, key):
            continue
        mine = {r.node: r for r in rows}
        if node is not None and node in mine and node in keyed and task != "9.4" \
                and _row_same(replace(mine[node], exit=None), keyed[node]):
            continue                # the slip gives the key's row where the answer was refused
        found.append(slip)
    return found


_RULES = {"kinds_swapped": lambda kind: "min" if kind == "max" else "max",
          "max_everywhere": lambda kind: "max", "min_everywhere": lambda kind: "min"}


def _rule_everywhere(tree: GameTree, slip: str, answer: list[Row], key: list[Row]) -> bool:
    """2.4: does the answer follow the slip's rule at every node it gives where that rule and
    minimax's choose differently (on the answer's own children values)? A slip of every node is
    not named from one node whose choice happens to be the slip's (a MIN node taking its first
    child, the largest there, while the other MIN nodes keep their smallest)."""
    rule = _RULES.get(slip)
    if rule is None:
        return True
    given = {r.node: r.value for r in answer}
    known = {r.node: r.value for r in key}
    for n in tree.nodes:
        name, kind = tree.label(n), tree.kind(n)
        if kind not in ("max", "min") or given.get(name) is None:
            continue
        kids: list[Any] = [tree.value(c) if tree.kind(c) == "leaf" else given.get(tree.label(c), known.get(tree.label(c)))
                for c in tree.children(n)]
        if any(k is None for k in kids):
            continue
        pick = {"max": max(kids), "min": min(kids)}
        if not same(pick[rule(kind)], pick[kind]) and not same(given[name], pick[rule(kind)]):
            return False
    return True


def _says(task: str, answer: list[Row], slip: list[Row]) -> bool:
    """Does every row of the answer say what the slip's row for its node says, in the slip's order?"""
    by_name = {r.node: r for r in slip}
    if task == "2.4":
        return bool(answer) and all(r.node in by_name and same(r.value, by_name[r.node].value) for r in answer)
    order = [r.node for r in slip]
    if any(r.node not in by_name for r in answer):
        return False
    places = [order.index(r.node) for r in answer]
    return bool(answer) and places == sorted(places) and all(_row_same(r, by_name[r.node]) for r in answer)
