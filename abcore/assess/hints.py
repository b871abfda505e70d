"""The check cells' hints: what a wrong answer of a notebook's exercise suggests, one entry per
task of :data:`abcore.assess.TASKS` (a part of a task after a slash: ``"3.1/window"``).

A hint is ``hint(expected, got, where) -> str | None``, the function a check takes as ``hint=``
(:func:`abcore.checks.check`, :func:`abcore.checks.check_calls`): ``where`` is the tree (or the
call's arguments) on which the student's answer differs. :func:`of` makes one; a task whose hint
needs the student's function (to try it on more trees) takes it as an argument::

    check(longest_game, ..., hint=hints.of("1.2", longest_game), task="1.2")

Every sentence is marked for translation (:mod:`abcore.i18n`), so the French edition, whose
code cells are the English ones, shows French hints.

>>> hint = of("1.1")
>>> hint((3, 2), (2, 3), None)
'the pair is (nodes, leaves), in that order: yours is (leaves, nodes)'
>>> sorted(HINTS)[:3]
['1.1', '1.2', '2.1']
"""
from __future__ import annotations

import math
from typing import Any, Callable

from ..checks import CHECK_NAMES, Named, random_cases, watched
from ..i18n import N_, _, ngettext
from ..trees import tree_values

__all__ = ["HINTS", "Hint", "MESSAGES", "NOT_A_CHILD", "of", "say", "say_shallow"]

Hint = Callable[[Any, Any, Any], "str | None"]
HINTS: dict[str, Callable[..., Hint]] = {}


def of(task: str, *context: Any) -> Hint:
    """The hint of ``task`` (a key of :data:`HINTS`), given what it needs (the student's function).

    >>> of("9.9")     # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    KeyError: "no hint for '9.9': the hints are for 1.1, 1.2, 2.1, ..."
    """
    if task not in HINTS:
        raise KeyError(f"no hint for {task!r}: the hints are for {', '.join(sorted(HINTS))}")
    return HINTS[task](*context)


def _task(key: str) -> Callable:
    """Register a hint factory under ``key``."""
    def register(factory: Callable[..., Hint]) -> Callable[..., Hint]:
        HINTS[key] = factory
        return factory
    return register


def _plain(hint: Hint) -> Callable[[], Hint]:
    """A factory for a hint that needs nothing more."""
    return lambda: hint


# ---- notebook 1: games ----------------------------------------------------------------------

def distinct_positions(game: Any, state: Any) -> tuple[int, int]:
    """(positions, terminal positions) reachable from state, each counted once however often it is
    reached (the `seen` set slip of 1.1)."""
    seen, todo = {state}, [state]
    while todo:
        s = todo.pop()
        if not game.is_terminal(s):
            for action in game.actions(s):
                child = game.result(s, action)
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
    return len(seen), sum(1 for s in seen if game.is_terminal(s))


def tree_size(expected: Any, got: Any, where: Any) -> str | None:
    """Task 1.1, tree_size(game, state) -> (nodes, leaves)."""
    if not (isinstance(got, (tuple, list)) and len(got) == 2 and all(type(x) is int for x in got)):
        return _("return a pair of two whole numbers, (nodes, leaves): yours returns {got!r}").format(got=got)
    if tuple(got) == tuple(expected):
        return _("the right numbers, but in a {type}: return a tuple, (nodes, leaves)").format(
            type=type(got).__name__)
    if tuple(got) == tuple(expected)[::-1]:
        return _("the pair is (nodes, leaves), in that order: yours is (leaves, nodes)")
    if isinstance(where, dict) and tuple(got) == distinct_positions(**where):
        return _("that counts each distinct position once (a `seen` set): the game TREE has a node for every "
                 "sequence of moves, so a position reached by two sequences is two nodes; do not skip a "
                 "position met before")
    if hasattr(where, "leaves") and tuple(got) == (len(where), len(where.leaves)):
        return _("that is the size of the whole tree, from its root: count the tree below `state`, the state you "
                 "were given (the check asks below the root too)")
    if got[0] < expected[0]:
        return _("too few nodes: every node counts, the root (the state you were given) and the leaves too")
    if got[1] != expected[1]:
        return _("a leaf is a terminal state: count 1 for each, and 0 for an inner node")
    return None


HINTS["1.1"] = _plain(tree_size)


def summed(game: Any, state: Any) -> int:
    """A known slip of 1.2: the moves' counts added up, not the largest taken."""
    return 0 if game.is_terminal(state) else sum(1 + summed(game, game.result(state, a))
                                                 for a in game.actions(state))


@_task("1.2")
def longest_game(student: Callable) -> Hint:
    """Task 1.2, longest_game(game, state) -> the number of moves of the longest game; ``student``
    is the student's longest_game (tried on 30 more trees before a slip is named)."""
    def summed_everywhere(tree: Any) -> bool:
        "Whether longest_game answers as the summing slip on this tree and on 30 more (not one alone)."
        yours = watched("1.2", student)
        return all(yours(t, t.initial_state) == summed(t, t.initial_state) for t in [tree] + random_cases(30, seed=13))

    def hint(expected: Any, got: Any, where: Any) -> str | None:
        if type(got) is not int:
            return _("return a whole number, the count of moves: yours returns {got!r}").format(got=got)
        if hasattr(where, "height") and got == where.height:
            return _("that is the height of the whole tree, from its root: count the moves below `state`, the "
                     "state you were given (the check asks below the root too)")
        if got < 0:
            return _("a negative count: a terminal state has 0 moves left (return 0 there); each move adds 1")
        if got == 0 < expected:
            return _("0 for a position with moves left: each move counts, 1 + the longest game after it")
        if got > expected:
            if got == expected + 1 and answers_as(positions, got, where):
                return _("one too many: count moves (arcs), not positions; a terminal state has 0 moves left")
            if hasattr(where, "height") and summed_everywhere(where):
                return _("longer than the longest game: 1 + the LARGEST over the moves, not their sum")
            if got == expected + 1:     # the symptom, whichever slip gives it (a leaf counted, a position)
                return _("one too many: a terminal state has 0 moves left (return 0 there), and each move "
                         "adds 1")
            return None
        if got < expected and (answers_as(first_only, got, where) or answers_as(shortest, got, where)):
            return _("shorter than the longest game: take the largest over all the moves, not the first or the "
                     "smallest")
        return None

    def answers_as(slip: Callable, got: Any, where: Any) -> bool:
        "Whether longest_game answers as the known ``slip`` here (at the root) and on 30 more trees."
        yours = watched("1.2", student)
        here = slip(**where) if isinstance(where, dict) else slip(where, where.initial_state)
        return got == here and all(yours(t, t.initial_state) == slip(t, t.initial_state)
                                   for t in random_cases(30, seed=13))
    return hint


def positions(game: Any, state: Any) -> int:
    """A known slip of 1.2: positions counted, not moves (1 at a terminal state)."""
    if game.is_terminal(state):
        return 1
    return 1 + max(positions(game, game.result(state, a)) for a in game.actions(state))


def first_only(game: Any, state: Any) -> int:
    """A known slip of 1.2: the first move's line only."""
    return 0 if game.is_terminal(state) else 1 + first_only(game, game.result(state, game.actions(state)[0]))


def shortest(game: Any, state: Any) -> int:
    """A known slip of 1.2: the smallest over the moves."""
    if game.is_terminal(state):
        return 0
    return 1 + min(shortest(game, game.result(state, a)) for a in game.actions(state))


# ---- notebook 2: minimax --------------------------------------------------------------------

def minimax_value(expected: Any, got: Any, tree: Any) -> str | None:
    """Task 2.1, minimax_value(tree, node)."""
    root = tree.initial_state
    if type(got) is float and type(expected) is int and got == expected:
        return _("the right value, but a float: return each leaf's value as it is, tree.value(leaf), and the "
                 "children's max or min (no float(...))")
    if tree.kind(root) == "min" and got == max(tree_values(tree)[c] for c in tree.children(root)):
        return _("the root is a MIN node here: MIN takes the smallest value of its children")
    return None


HINTS["2.1"] = _plain(minimax_value)


def _first_leaf(tree: Any, node: Any) -> Any:
    """The value of the leftmost leaf below ``node``."""
    while tree.kind(node) != "leaf":
        node = tree.children(node)[0]
    return tree.value(node)


def best_moves(expected: Any, got: Any, tree: Any) -> str | None:
    """Task 2.2, best_moves(tree) -> the root's best moves, a tuple."""
    root = tree.initial_state
    moves, children = list(tree.actions(root)), list(tree.children(root))
    if not isinstance(got, (tuple, list)):
        return None
    if type(got) is not tuple and list(got) == list(expected):
        return _("the right moves, but in a {type}: return a tuple, tuple(...)").format(type=type(got).__name__)
    if (got and all(type(i) is int and 0 <= i < len(moves) for i in got)
            and tuple(moves[i] for i in got) == tuple(expected)):
        return _("those are the best moves' positions in tree.actions(root) (child indices), not the moves: "
                 "return the moves themselves, the items of tree.actions(root)")
    if got and set(got) <= set(children):
        return _("those are the root's children (nodes), not its moves: the moves are tree.actions(root), "
                 "and tree.result(root, move) is the child a move leads to")
    by_leaf = tuple(m for m in moves if _first_leaf(tree, tree.result(root, m)) == tree_values(tree)[root])
    if tuple(got) == by_leaf:
        return _("yours compares the first leaf below each move with the root's value: compare the child's "
                 "minimax value, tree_values(tree)[child], the value of its whole subtree")
    if len(got) < len(expected) and set(got) <= set(expected):
        return _("some best moves are missing: minimax accepts every move that keeps the root's value")
    values = {m: tree_values(tree)[tree.result(root, m)] for m in moves}
    if tree.kind(root) == "min" and tuple(got) == tuple(m for m in moves if values[m] == max(values.values())):
        return _("a best move is one whose child's value equals the ROOT's value: at a MIN root, the "
                 "smallest, not the largest")
    return None


HINTS["2.2"] = _plain(best_moves)


def principal_variation(expected: Any, got: Any, tree: Any) -> str | None:
    """Task 2.3, principal_variation(tree) -> the line of first best moves, a list."""
    if got is None and expected == []:
        return _("at a leaf the game is over: the line is empty, return [] (a list with no move), not None")
    if not isinstance(got, (tuple, list)):
        return None
    if type(got) is not list and list(got) == list(expected):
        return _("the right moves, but in a {type}: return a list, [...]").format(type=type(got).__name__)
    node, indices = tree.initial_state, []
    for move in expected:
        indices.append(list(tree.actions(node)).index(move))
        node = tree.result(node, move)
    if list(got) == indices != list(expected):
        return _("those are the moves' positions in tree.actions(node) (child indices), not the moves: "
                 "append the move itself, an item of tree.actions(node)")
    if got and set(got) <= set(tree.nodes):
        return _("those are nodes, not moves: a move is one of tree.actions(node), and "
                 "tree.result(node, move) is the node it leads to")
    if len(got) < len(expected) and list(got) == list(expected[:len(got)]):
        return _("the line stops too early: follow best moves down to a leaf")
    values, node, keeps = tree_values(tree), tree.initial_state, True
    for move in got:
        if tree.is_terminal(node) or move not in tree.actions(node):
            return None
        keeps = keeps and values[tree.result(node, move)] == values[node]
        node = tree.result(node, move)
    if keeps and tree.is_terminal(node):
        return _("at each node take the FIRST best move (ties: the first in tree.actions(node))")
    if tree.is_terminal(node) and tree.value(node) == max(tree.value(n) for n in tree.leaves):
        return _("that line leads to the best leaf for MAX, but MIN chooses at MIN nodes: at each node take "
                 "the FIRST best move of the player to move there (MIN: the smallest value)")
    return None


HINTS["2.3"] = _plain(principal_variation)


# ---- notebook 3: alpha-beta -----------------------------------------------------------------

def _first_difference(expected: Any, got: Any) -> tuple[Any, Any]:
    """The first pair (expected item, got item) that differ."""
    return next((e, g) for e, g in zip(expected, got) if e != g)


def alphabeta_window(expected: Any, got: Any, tree: Any) -> str | None:
    """Task 3.1 with windows: the answers are lines ``"(α, β) -> value"``, fail-soft's expected."""
    e, g = _first_difference(expected, got)
    window, want = e.split(" -> ")
    have = g.split(" -> ")[1]
    alpha, beta = window.strip("()").split(", ")
    if have == alpha:
        return _("with the window {window} you returned {have}, α itself, the window's own bound: fail-soft "
                 "returns v, the best value found, even when it is below α (here {want}); returning α is "
                 "fail-hard (notebook 4), the form of seed 000's `retourner α`").format(
                     window=window, have=have, want=want)
    if have == beta:
        return _("with the window {window} you returned {have}, β itself, the window's own bound: fail-soft "
                 "returns v, the best value found, even when it is above β (here {want}); returning β is "
                 "fail-hard (notebook 4)").format(window=window, have=have, want=want)
    return _("with the window {window} fail-soft returns {want}; you returned {have}").format(
        window=window, have=have, want=want)


HINTS["3.1/window"] = _plain(alphabeta_window)


def alphabeta_leaves_read(expected: Any, got: Any, tree: Any) -> str | None:
    """Task 3.1, the leaves the search evaluates (in order) against alpha-beta's."""
    extra, missing = [n for n in got if n not in expected], [n for n in expected if n not in got]
    if extra:
        return _("your search evaluated {extra}, which alpha-beta never reads: does each node narrow its "
                 "window for its next children (α = max(α, v) at MAX, β = min(β, v) at MIN), and cut as "
                 "soon as v ≥ β at MAX or v ≤ α at MIN?").format(extra=extra)
    if missing:
        return _("your search skipped {missing}, which alpha-beta must read: does it cut too early?").format(
            missing=missing)
    return _("the same leaves in another order: search the children in the order tree.children gives")


HINTS["3.1/leaves"] = _plain(alphabeta_leaves_read)


def _nodes_entered(tree: Any) -> int:
    "The nodes alpha-beta enters, the root and the leaves included."
    from ..diagnose import REFERENCES, Case, observe
    inf = float("inf")
    return sum(1 for s in observe(REFERENCES["alphabeta"], Case("alphabeta", tree, (-inf, inf))) if s[0] == "enter")


@_task("3.2")
def alphabeta_leaves(student: Callable) -> Hint:
    """Task 3.2, alphabeta_leaves(tree) -> the number of leaves alpha-beta evaluates; ``student`` is
    the student's alphabeta_leaves (a slip is named when its counts are the student's on 60 more trees)."""
    from ..checks import leaves_read
    from ..diagnose import VARIANTS
    small = random_cases(60, seed=34)

    def hint(expected: Any, got: Any, tree: Any) -> str | None:
        root = tree.initial_state
        if type(got) is not int:        # the type first: a float count equals every slip's int count
            if isinstance(got, float) and got == expected:
                return _("the right count, but a float: a number of leaves is an int (no float(...), no /)")
            return _("return a whole number, the count of leaves: yours returns {got!r}").format(got=got)
        if len(tree.nodes) > 2 and got in (len(tree.nodes), _nodes_entered(tree)):
            return _("that counts inner nodes too: count only the leaves, the positions whose value is read "
                     "(static evaluations)")
        if len(tree.nodes) == 2 and got == 2:
            return _("2 on a root with one leaf, whose value is read once: count only the leaves whose value "
                     "is read (static evaluations), not the root, and not a cut-off")
        if got == expected + 1 and tree.kind(root) == "leaf":
            return _("one too many: this tree is one leaf, read once; count the leaves whose value is read "
                     "(static evaluations), not the root as well")
        for v in VARIANTS.values():     # a catalogued slip whose counts are the student's on every small tree
            if v.kind == "alphabeta" and all(student(t) == len(leaves_read(v.search, t, t.initial_state))
                                             for t in small + [tree]):
                said = _("that is what a search reads with a known slip: {slip}. Fix: {fix}")
                return Named.slip_of(said.format(slip=_(v.slip), fix=_(v.fix)), v.name)
        strict = len(leaves_read(VARIANTS["strict_cut"].search, tree, root))
        if got == strict != len(tree.leaves):
            return _("that is what a search reads that cuts only on v < α or v > β; cut on v ≤ α at MIN and "
                     "v ≥ β at MAX, ties included: a tie cannot change the answer above either")
        if got == len(tree.leaves) != expected:
            if strict == got:          # on this tree alpha-beta's only cuts are ties
                return _("that is every leaf of the tree, minimax's count: here alpha-beta cuts only on ties; "
                         "cut on v ≤ α at MIN and v ≥ β at MAX, ties included: a tie cannot change the answer "
                         "above either")
            read = len(leaves_read(watched("3.2", student), tree))
            if read < got:              # it cuts, and counts what it skipped
                return _("that is every leaf of the tree, but your search reads the values of only {read} of "
                         "them: count the leaves whose value is read, not those a cut skips").format(read=read)
            return _("that is every leaf of the tree, minimax's count, and your search reads every one of "
                     "them: alpha-beta's cuts skip some")
        return None
    return hint


# ---- notebook 4: bounds and windows ---------------------------------------------------------

def number(text: str) -> int | float:
    "A number as abcore.draw.format_value writes it, read back."
    x = float(text.replace("−", "-").replace("∞", "inf").replace("+", ""))
    return int(x) if x.is_integer() else x


def _names_a_slip(student: Callable, kind: str) -> bool:
    """Whether the diagnosis of ``student`` names a catalogued slip of ``kind``."""
    from ..diagnose import diagnose
    try:
        found = diagnose(student, kind)
    except Exception:           # the check's own message must survive whatever happens here
        return False
    return found is not None and found.variant is not None


@_task("4.1/no window")
def failhard_no_window(student: Callable) -> Hint:
    """Task 4.1 called with no window: a wrong answer where the full window (−∞, +∞) gives the right one."""
    from ..draw import format_value as fv

    def hint(expected: Any, got: Any, tree: Any) -> str | None:
        inf = float("inf")
        if watched("4.1", student)(tree, tree.initial_state, -inf, inf) == expected:
            return _("with the window (−∞, +∞) given, yours returns {expected}, but called with no window it "
                     "returns {got}: the defaults must be alpha=-INF, beta=INF (a leaf may be any number, or "
                     "±∞)").format(expected=fv(expected), got=fv(got))
        return None
    return hint


NO_WINDOW = N_("no window")       # 4.1's label of the answer called with no window


def no_window() -> str:
    """4.1's label of the answer called with no window, in the kit's language (the check cell
    writes its lines with it, and :func:`failhard_value`'s hint reads them with it).

    >>> no_window()
    'no window'
    """
    return _(NO_WINDOW)


@_task("4.1")
def failhard_value(student: Callable) -> Hint:
    """Task 4.1 with windows: the answers are lines ``"(α, β) -> value"`` and ``"no window -> value"``
    (:func:`no_window`),
    fail-hard's expected; ``student`` is the student's failhard_value."""
    bare = failhard_no_window(student)

    def hint(expected: Any, got: Any, tree: Any) -> str | None:
        e, g = _first_difference(expected, got)
        if e.startswith(no_window()):
            return bare(number(e.split(" -> ")[1]), number(g.split(" -> ")[1]), tree)
        window, want = e.split(" -> ")
        have = g.split(" -> ")[1]
        low, high = map(number, window.strip("()").split(", "))
        if not low <= number(have) <= high:
            return _("with the window {window} you returned {have}, outside it: fail-hard's answers, "
                     "a leaf's included, stay within α ≤ answer ≤ β").format(window=window, have=have)
        if _names_a_slip(student, "failhard"):
            return _("with the window {window} fail-hard returns {want}; you returned {have}: which bound does "
                     "a node return when no child moved it, and which on a cut?").format(
                         window=window, want=want, have=have)
        return _("with the window {window} fail-hard returns {want}; you returned {have}. This matches none "
                 "of the known slips of this exercise").format(window=window, want=want, have=have)
    return hint


@_task("4.1/leaves")
def failhard_leaves(student: Callable, leaves_on_windows: Callable) -> Hint:
    """Task 4.1, the leaves evaluated: the answers are pairs (window, leaves) for the full window and
    random ones, ``leaves_on_windows(f, tree)`` (the check's call); the fail-hard slips of the
    catalogue that read the student's leaves here and on 30 more trees are named."""
    from ..diagnose import VARIANTS

    def known_slips(got: Any, tree: Any) -> list:
        yours, more = watched("4.1", student), random_cases(30, seed=36)
        theirs = [leaves_on_windows(yours, t) for t in more]
        return [v for v in VARIANTS.values() if v.kind == "failhard"
                and any(leaves_on_windows(form, tree) == got
                        and [leaves_on_windows(form, t) for t in more] == theirs for form in (v.search, *v.forms))]

    def hint(expected: Any, got: Any, tree: Any) -> str | None:
        (window, want), (_w, have) = _first_difference(expected, got)
        extra, missing = [n for n in have if n not in want], [n for n in want if n not in have]
        slips = known_slips(got, tree)
        if extra and len(slips) == 1:
            return _("with the window {window} your search evaluated {extra}, which fail-hard alpha-beta never "
                     "reads: the right answers, but {slip}. Fix: {fix}").format(
                         window=window, extra=extra, slip=_(slips[0].slip), fix=_(slips[0].fix))
        if extra and slips:
            return _("with the window {window} your search evaluated {extra}, which fail-hard alpha-beta never "
                     "reads: the right answers, but it cuts later than fail-hard, as each of these slips would "
                     "on this tree: {slips}").format(window=window, extra=extra,
                                                     slips=_("; ").join(_(v.slip) for v in slips))
        if extra:
            return _("with the window {window} your search evaluated {extra}, which fail-hard alpha-beta never "
                     "reads: the right answers, but it cuts later than fail-hard. This matches none of the known "
                     "slips of this exercise").format(window=window, extra=extra)
        if missing and len(slips) == 1:
            return _("with the window {window} your search skipped {missing}, which fail-hard alpha-beta reads: "
                     "the right answers, but {slip}. Fix: {fix}").format(
                         window=window, missing=missing, slip=_(slips[0].slip), fix=_(slips[0].fix))
        if missing:
            return _("with the window {window} your search skipped {missing}, which fail-hard alpha-beta reads: "
                     "it cuts earlier than fail-hard. This matches none of the known slips of this "
                     "exercise").format(window=window, missing=missing)
        return _("the same leaves in another order: search the children in the order tree.children gives")
    return hint


# ---- notebook 5: ordering -------------------------------------------------------------------

def first_choices(make_order: Callable, tree: Any) -> Any:
    """At every decision node: the exact value of the move the ordering puts first, {node: value}
    (``make_order(tree)`` is the ordering, ``order(game, state, actions)``); a sentence saying so
    when it is not a reordering of the node's moves."""
    order, values, out = make_order(tree), tree_values(tree), {}
    for node in tree.nodes:
        if tree.kind(node) in ("max", "min"):
            moves = list(order(tree, node, tree.actions(node)))
            if sorted(moves, key=repr) != sorted(tree.actions(node), key=repr):
                if moves and all(m in tree.children(node) for m in moves):
                    return _("at node {node}, {moves} is not a reordering of its moves {actions}: those are "
                             "its children, not its moves").format(
                        node=node, moves=moves, actions=list(tree.actions(node)))
                return _("at node {node}, {moves} is not a reordering of its moves {actions}").format(
                    node=node, moves=moves, actions=list(tree.actions(node)))
            out[node] = values[tree.result(node, moves[0])]
    return out


def sorted_by_first_leaf(tree: Any) -> Callable:
    "A known slip of 5.1: each move sorted by the first leaf below it (its leftmost leaf), not by its exact value."
    def order(game: Any, state: Any, actions: Any) -> list:
        return sorted(actions, key=lambda a: _first_leaf(tree, tree.result(state, a)),
                      reverse=tree.kind(state) == "max")
    return order


def by_value(high_first_at_max: bool, high_first_at_min: bool) -> Callable:
    "A known slip of 5.1 when not (True, False): each move sorted by its exact value, highest first or not at each kind."
    def make(tree: Any) -> Callable:
        values = tree_values(tree)

        def order(game: Any, state: Any, actions: Any) -> list:
            high = high_first_at_max if tree.kind(state) == "max" else high_first_at_min
            return sorted(actions, key=lambda a: values[tree.result(state, a)], reverse=high)
        return order
    return make


@_task("5.1")
def best_first_order(student: Callable) -> Hint:
    """Task 5.1, the answers are :func:`first_choices`; ``student`` is the student's best_first_order
    (a slip is named when it puts first what the slip does on 40 more trees)."""
    def always(slip: Callable) -> bool:
        try:
            return all(first_choices(student, t) == first_choices(slip, t) for t in random_cases(40, seed=45))
        except Exception:
            return False

    def hint(expected: Any, got: Any, tree: Any) -> str | None:
        if not isinstance(got, dict):
            return None
        if got == first_choices(sorted_by_first_leaf, tree) and always(sorted_by_first_leaf):
            return _("yours sorts each move by the first leaf below it, a guess: the best move first is the one "
                     "whose EXACT value (tree_values(tree)[child], the whole subtree's minimax value) is best "
                     "for the player to move")
        at_min = [n for n in expected if tree.kind(n) == "min" and got[n] != expected[n]]
        at_max = [n for n in expected if tree.kind(n) == "max" and got[n] != expected[n]]
        slips = {(True, True): lambda: _(
                     "at the MIN node {node} yours searches first the highest value for MAX, MIN's worst move: "
                     "at a MIN node the move searched first should be the LOWEST value for MAX (highest first "
                     "is right only at MAX nodes)").format(node=(at_min or ['r'])[0]),
                 (False, True): lambda: _(
                     "at MIN nodes yours searches the highest value for MAX first and at MAX nodes the lowest: "
                     "the two sort directions are swapped: at a MIN node the move searched first should be the "
                     "LOWEST value for MAX (highest first is right only at MAX nodes)"),
                 (False, False): lambda: _(
                     "at the MAX node {node} yours searches first the lowest value, MAX's worst move: at a MAX "
                     "node the move searched first should be the HIGHEST value (lowest first only at MIN "
                     "nodes)").format(node=(at_max or ['r'])[0])}
        return next((say() for (high_at_max, high_at_min), say in slips.items()   # the same choices on other trees too
                     if got == first_choices(by_value(high_at_max, high_at_min), tree)
                     and always(by_value(high_at_max, high_at_min))), None)
    return hint


def knuth_moore(b: int, d: int) -> int:
    "Leaves alpha-beta evaluates on a uniform tree with perfect ordering and distinct leaves."
    return b ** -(-d // 2) + b ** (d // 2) - 1


_NODE_SLIPS = {     # what the slip is (translated when shown) -> its count from (measured, b, d)
    N_("that is Knuth and Moore's count of the LEAVES alone; the nodes are the root, the internal nodes and "
       "the leaves, every ply from 0 to d"): lambda m, b, d: knuth_moore(b, d),
    N_("one node short on every shape: the root (ply 0) is a node too"): lambda m, b, d: m - 1,
    N_("short by exactly the leaves on every shape: the last ply, d, counts too"):
        lambda m, b, d: m - knuth_moore(b, d),
    N_("that is every node of the uniform tree, minimax's count: perfectly ordered alpha-beta enters far "
       "fewer"): lambda m, b, d: sum(b ** k for k in range(d + 1))}


@_task("5.2")
def minimal_tree_nodes(student: Callable, shapes: list) -> Hint:
    """Task 5.2, minimal_tree_nodes(b, d) called on ``shapes`` (dicts of b and d): the known slip the
    student's function makes, if it makes one on every shape of the check."""
    from ..checks import reference

    def hint(expected: Any, got: Any, kw: Any) -> str | None:
        measured = {(s["b"], s["d"]): reference("5.2")(**s) for s in shapes}
        for why, slip in _NODE_SLIPS.items():
            try:
                if all(student(**s) == slip(measured[s["b"], s["d"]], s["b"], s["d"]) for s in shapes):
                    return _(why)
            except Exception:
                return None
        return None
    return hint


# ---- notebook 6: depth and evaluation -------------------------------------------------------

def root_player_maximises(game: Any, state: Any, depth: int, evaluate: Callable, player: Any) -> Any:
    "A known slip of 6.2: the values for `player`, but max where the ROOT's player moves, whoever `player` is."
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth == 0:
        return evaluate(state, player)
    values = [root_player_maximises(game, game.result(state, a), depth - 1, evaluate, player)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == game.to_move(game.initial_state) else min(values)


@_task("6.2")
def limited_value(student: Callable, at_every_depth: Callable) -> Hint:
    """Task 6.2, the answers are ``at_every_depth(f, tree)`` (the check's call); the slip is named
    only when its answers are the student's on 40 more trees."""
    confirm = random_cases(40, seed=6)

    def hint(expected: Any, got: Any, tree: Any) -> str | None:
        yours = watched("6.2", student)
        if got == at_every_depth(root_player_maximises, tree) and all(
                at_every_depth(yours, t) == at_every_depth(root_player_maximises, t) for t in confirm):
            return _("yours is right for the player who moves at the root and wrong for the other: it takes the "
                     "max where the root's player moves, whoever `player` is. The values are for `player`: take "
                     "the max where game.to_move(state) == player, the min elsewhere")
        return None
    return hint


# ---- notebook 7: chance ---------------------------------------------------------------------

def all_prefixes(f: Callable, tree: Any) -> Any:
    """Task 7.2's answers: {'node, after k outcomes of n': (lowest, highest)} at every chance node, low
    and high the extreme leaves; a sentence saying what is wrong when ``f`` answers no interval."""
    values, leaves = tree_values(tree), [tree.value(n) for n in tree.leaves]
    low, high = min(leaves), max(leaves)
    out = {}
    for node in tree.nodes:
        if tree.kind(node) == "chance":
            seen = [(p, values[c]) for p, c in tree.outcomes(node)]
            for k in range(len(seen) + 1):
                got = f(seen[:k], low, high)
                at = ngettext("at node {node}, after {k} outcome of {n}", "at node {node}, after {k} outcomes of {n}",
                              k).format(node=node, k=k, n=len(seen))
                if not (isinstance(got, (tuple, list)) and len(got) == 2):
                    return _("{at}: {got!r} is not a pair (lowest, highest): return two numbers").format(
                        at=at, got=got)
                lo, hi = got
                if lo > hi + 1e-9:
                    return _("{at}: ({lo}, {hi}) has its lowest above its highest: return (lowest, highest), "
                             "in that order").format(at=at, lo=lo, hi=hi)
                if not lo - 1e-9 <= values[node] <= hi + 1e-9:
                    return _("{at} (low={low}, high={high}): the node's true value, {value}, is outside your bounds "
                             "({lo}, {hi})").format(
                        at=at, low=low, high=high, value=values[node], lo=lo, hi=hi)
                key = ngettext("{node}, after {k} outcome of {n}", "{node}, after {k} outcomes of {n}", k)
                out[key.format(node=node, k=k, n=len(seen))] = (round(lo, 9), round(hi, 9))
    return out


def _sums(seen: list) -> tuple:
    "(Σ p·v, Σ v, Σ p) over the outcomes seen."
    return sum(p * v for p, v in seen), sum(v for _p, v in seen), sum(p for p, _v in seen)


def _unweighted(seen: list, low: Any, high: Any) -> tuple:
    _w, s, p = _sums(seen)
    return (s + (1 - p) * low, s + (1 - p) * high)


def _rest_forgotten(seen: list, low: Any, high: Any) -> tuple:
    s = _sums(seen)[0]
    return (s + low, s + high)


def _mean_of_seen(seen: list, low: Any, high: Any) -> tuple:
    s, _v, p = _sums(seen)
    return (low, high) if not seen else (s / p + (1 - p) * low, s / p + (1 - p) * high)


BOUNDS_SLIPS = {  # what the slip is (translated when shown) -> the bounds it returns
    N_("Σ v in place of Σ p·v: the values seen are summed without their probabilities"): _unweighted,
    N_("the weight rest = 1 − Σ p of the outcomes not seen yet forgotten: add rest · low and "
       "rest · high, not low and high"): _rest_forgotten,
    N_("the mean of the values seen, Σ p·v / Σ p, in place of their weighted sum Σ p·v"): _mean_of_seen,
    N_("(low, high) whatever was seen: each outcome seen narrows the interval"):
        lambda seen, low, high: (low, high)}


def chance_bounds(expected: Any, got: Any, tree: Any) -> str | None:
    "Task 7.2, the answers are :func:`all_prefixes`: the known slip whose answers on this tree are exactly yours."
    for why, slip in BOUNDS_SLIPS.items():
        if all_prefixes(slip, tree) == got:
            return _("This looks like a known slip: {slip}").format(slip=_(why))
    return None


HINTS["7.2"] = _plain(chance_bounds)


# ---- notebook 9: Monte-Carlo tree search ----------------------------------------------------

UCB1_SLIPS = [      # the classic slips of 9.1, each as the exploration bonus it adds to the mean, and what to say
    (lambda n, N, c: math.sqrt(2) * math.sqrt(math.log(N) / n),
     N_("That is the score for c = sqrt 2, but c = {c} here: you used sqrt 2 (the default), not the c given. "
        "Use the argument c.")),
    (lambda n, N, c: math.sqrt(math.log(N) / n),
     N_("That is the score for c = 1, but c = {c} here: use the argument c, c * sqrt(ln N(parent) / N(child)).")),
    (lambda n, N, c: c * math.sqrt(math.log(n) / n),
     N_("You took ln of the child's count N(child); the logarithm is of the PARENT's count N(parent): a child's "
        "bonus grows as its siblings are visited.")),
    (lambda n, N, c: c * math.sqrt(math.log10(N) / n),
     N_("UCB1 uses the natural logarithm ln: math.log(N), not math.log10 or math.log2.")),
    (lambda n, N, c: c * math.sqrt(math.log2(N) / n),
     N_("UCB1 uses the natural logarithm ln: math.log(N), not math.log10 or math.log2.")),
    (lambda n, N, c: c * math.log(N) / n, N_("The square root is missing: c * sqrt(ln N(parent) / N(child)).")),
    (lambda n, N, c: c * math.sqrt(math.log(N)) / n,
     N_("The square root covers ln N(parent) / N(child), not ln N(parent) alone: c * sqrt(ln N(parent) / "
        "N(child)).")),
    (lambda n, N, c: c * math.log(N) / math.sqrt(n),
     N_("The square root covers ln N(parent) / N(child), not N(child) alone: c * sqrt(ln N(parent) / N(child)).")),
    (lambda n, N, c: math.sqrt(c * math.log(N) / n),
     N_("c multiplies the square root, it is not under it: c * sqrt(ln N(parent) / N(child)), not "
        "sqrt(c * ln N(parent) / N(child)).")),
    (lambda n, N, c: c * math.sqrt(2 * math.log(N) / n),
     N_("You wrote c * sqrt(2 ln N(parent) / N(child)): the 2 of UCB1's sqrt(2 ln N / n) is already in c "
        "(c = sqrt 2 is that 2), so it counts twice. Use c * sqrt(ln N(parent) / N(child)).")),
    (lambda n, N, c: 0.0, N_("There is no exploration term: add c * sqrt(ln N(parent) / N(child)).")),
]


def shown_c(c: float) -> str:
    """UCB1's ``c`` as the check used it, so that a student can redo the sum: ``math.sqrt(2)``
    for √2 (not 1.41, which gives another score), else every digit it has.

    >>> shown_c(math.sqrt(2)), shown_c(1.0), shown_c(0.5), shown_c(1 / 3)
    ('math.sqrt(2)', '1', '0.5', '0.3333333333333333')
    """
    if c == math.sqrt(2):
        return "math.sqrt(2)"
    return f"{c:g}" if float(f"{c:g}") == c else repr(c)


def ucb1_slip(answers: list, c: float) -> str:
    """Task 9.1: what to say of the scores ``answers`` [(mean, n, N, c, got)] (``c``: the failing
    case's): the slip whose scores they are on every case, else that none matches."""
    for bonus, say in UCB1_SLIPS:
        try:
            if all(math.isclose(got, mean + bonus(n, N, cc), rel_tol=1e-9, abs_tol=1e-12)
                   for mean, n, N, cc, got in answers):
                return _(say).format(c=shown_c(c))
        except (ValueError, ZeroDivisionError):
            continue
    return _("This matches none of the known slips of this exercise.")


def first_max(children: list, scores: list) -> Any:
    "The first child of the largest score."
    return children[scores.index(max(scores))]


def _chooser(score: Callable, last: bool = False) -> Callable:
    "A select_child that chooses by ``score`` (the first unvisited child first; ties: the last if ``last``)."
    def choose(children: list, N: int, c: float) -> Any:
        unvisited = [ch for ch in children if ch.visits == 0]
        if unvisited:
            return unvisited[0]
        s = [score(ch, N, c) for ch in children]
        return children[len(s) - 1 - s[::-1].index(max(s))] if last else first_max(children, s)
    return choose


def _mean(ch: Any) -> float:
    return ch.total / ch.visits


SELECT_SLIPS = [    # the classic slips of 9.3, each as the choice it makes, and what to say
    (_chooser(lambda ch, N, c: _mean(ch) + c * math.sqrt(math.log(N) / ch.visits), last=True),
     N_("Among equal scores, keep the FIRST child (compare with >, not >=).")),
    (_chooser(lambda ch, N, c: -_mean(ch) + c * math.sqrt(math.log(N) / ch.visits)),
     N_("You negated the child's mean: a child's total is already for the player choosing (the one "
        "who moves into it), so use total / visits as it is.")),
    (_chooser(lambda ch, N, c: _mean(ch) + c * math.sqrt(math.log(N - 1) / ch.visits)),
     N_("You took ln(N(parent) - 1): use parent_visits as given, N(parent) (at the root the sum of "
        "its children's visits, below the root that sum + 1, the node's own first visit).")),
    (_chooser(lambda ch, N, c: _mean(ch) + c * math.sqrt(math.log(N + 1) / ch.visits)),
     N_("You took ln(N(parent) + 1): parent_visits already counts this visit to the parent; use "
        "parent_visits as given, c * sqrt(ln N(parent) / N(child)).")),
    (_chooser(lambda ch, N, c: _mean(ch) + math.sqrt(2) * math.sqrt(math.log(N) / ch.visits)),
     N_("You used c = sqrt 2 whatever the c given: pass c on (if you call ucb1 from exercise 9.1: "
        "ucb1(mean, visits, parent_visits, c); its default c is sqrt 2).")),
    (_chooser(lambda ch, N, c: _mean(ch) + math.sqrt(math.log(N) / ch.visits)),
     N_("You used c = 1 whatever the c given: pass c on, c * sqrt(ln N(parent) / N(child)).")),
    (_chooser(lambda ch, N, c: _mean(ch) + c * math.sqrt(2 * math.log(N) / ch.visits)),
     N_("You wrote c * sqrt(2 ln N(parent) / N(child)): the 2 of UCB1's sqrt(2 ln N / n) is already in c "
        "(c = sqrt 2 is that 2), so it counts twice. Use c * sqrt(ln N(parent) / N(child)).")),
    (_chooser(lambda ch, N, c: ch.total + c * math.sqrt(math.log(N) / ch.visits)),
     N_("You used the child's total as its mean: the mean is total / visits.")),
    (_chooser(lambda ch, N, c: ch.total / N + c * math.sqrt(math.log(N) / ch.visits)),
     N_("You divided the child's total by N(parent): its mean is total / visits, its own visits.")),
    (_chooser(lambda ch, N, c: _mean(ch) + c * math.sqrt(math.log(ch.visits) / ch.visits)),
     N_("You took ln of the child's count N(child): the logarithm is of the PARENT's count, and the "
        "square root covers ln N(parent) / N(child).")),
    (_chooser(lambda ch, N, c: _mean(ch)),
     N_("You chose the best mean: that is always-exploit. Add the exploration term "
        "c * sqrt(ln N(parent) / N(child)).")),
    (_chooser(lambda ch, N, c: ch.visits),
     N_("You chose the most visited child: that is how the move to play is chosen at the end, not the "
        "child to select.")),
]


def _diagnosed_slip(student: Callable) -> bool:
    """Whether :func:`abcore.diagnose.name_the_slip` names a catalogued slip of ``student`` (it
    says "This looks like a known slip: ..."), decided on the diagnosis, not on its words."""
    from ..diagnose import EXERCISES, diagnose
    kind = EXERCISES.get(getattr(student, "__name__", ""))
    return kind is not None and _names_a_slip(student, kind)


def select_child(student: Callable, call: Callable, nodes: list, children: list, got: Any, want: Any,
                 scores: list) -> str:
    """Task 9.3: what a wrong choice ``got`` (``want``: UCB1's) among ``children`` suggests; ``nodes``
    are the check's nodes (children, N, c), asked again through ``call(f, name, *args)`` to name a
    slip only when the student's choices are the slip's on every one."""
    from ..diagnose import name_the_slip
    if not any(got is ch for ch in children):
        return _(NOT_A_CHILD)
    if scores[children.index(got)] == scores[children.index(want)]:
        return _("Among equal scores, keep the FIRST child (compare with >, not >=): here moves {want} and {got} "
                 "score the same ({score:.4g}).").format(want=want.move, got=got.move,
                                                         score=scores[children.index(want)])
    choices = [call(student, "select_child", list(ch), n, cc) for ch, n, cc in nodes]
    said = next((say for choose, say in SELECT_SLIPS if all(a is choose(*node) for a, node in zip(choices, nodes))),
                None)
    if said is not None:
        return _(said)
    if want.visits == 0:
        return _("A child never visited must be chosen first (its UCB1 score is infinite).")
    named = name_the_slip(student)            # the catalogue's slip, if it knows one
    if named and _diagnosed_slip(student):
        return named.lstrip(" ./\n")
    if named:
        return _("Compute each child's UCB1 score as in exercise 9.1 and keep the largest.") + named
    return _("Compute each child's UCB1 score as in exercise 9.1 and keep the largest.\nThis matches none of the "
             "known slips of this exercise.")


# ---- the check cells' own messages ----------------------------------------------------------

NOT_A_CHILD = N_("Return the child itself (one of the list's items), not its move or score.")



_HIDDEN_WRONG = N_("{name} is wrong on the tree {tree} at {root} with the window ({alpha}, {beta}): expected "
                   "{expected!r}, got {got!r}")
_HIDDEN_LEAVES = N_("{name} reads the leaves {read} on the tree {tree} at {root} with the window ({alpha}, {beta}), "
                    "where the right search reads {expected}")
MESSAGES = {        # key -> template (translated when said: :func:`say`)
    "not written": N_("{name} is not written yet: replace `raise NotImplementedError()` in its cell with your "
                      "code, run that cell, then run this check again"),
    "3.1 no window": N_("{name} is wrong on the tree {tree} called with no window: expected {expected!r}, got "
                        "{got!r}: the default window must be (−∞, +∞), alpha=-INF, beta=INF"),
    "6.1 wrong": N_("{name} is wrong for player {player} on the position\n{position}\nexpected {expected!r}, "
                    "got {got!r}"),
    "6.1 right": N_("{name}: the same answer as the reference on {count} positions, for both players"),
    "9 zero division": N_("{name} raised ZeroDivisionError ({e}) on a child never visited (visits = 0): it has "
                          "no mean yet, and its UCB1 score is infinite, so test visits == 0 before dividing (ucb1 "
                          "returns math.inf; select_child takes that child)"),
    "9.1 not a number": N_("ucb1(mean={mean}, visits={n}, parent_visits={N}, c={c}) returned {got!r}, not a "
                           "number: return the score, a float"),
    "9.1 wrong": N_("ucb1(mean={mean}, visits={n}, parent_visits={N}, c={c}) is {got!r}, expected {want!r}. "
                    "{hint}"),
    "9.1 unvisited": N_("ucb1(mean=0.9, visits=0, parent_visits=12, c=1) is {got!r}, expected math.inf: a child "
                        "never visited must be chosen before any visited one."),
    "9.1 right": N_("ucb1: right on {count} cases, an unvisited child first"),
    "9.2 playout": N_("a playout with result {value:+g} for {player}"),
    "9.2 replaced": N_("{playout}: every node's total is this playout's result alone (the node at depth {depth} has "
                       "{total:+g}; its total was {old:+g}): add the result to the total (node.total += ...), do not "
                       "replace it."),
    "9.2 mean": N_("{playout}: the node at depth {depth} has total {total:+g}, a running mean: node.total is the SUM "
                   "of the results for node.player; the mean, total / visits, is computed when needed."),
    "9.2 rescaled": N_("{playout}: the node at depth {depth} got {got:+g}, expected {credited:+g}, and every node on "
                       "the path got (result + 1) / 2: keep the result as given (+1 win, 0 draw, -1 loss, for "
                       "node.player), do not rescale it to [0, 1]."),
    "9.2 sign": N_("{playout}: the node at depth {depth} got {got:+g}, expected {credited:+g}: every node got the sign "
                   "of the result, not the result itself (playouts may end in any number, 9.4's in [-5, 5]): add "
                   "value (or -value) as it is."),
    "9.2 nothing for the other": N_("{playout}: the node at depth {depth}, whose node.player is {who}, got nothing, "
                                    "expected {credited:+g}: a node whose player is not `player` gets -value (a loss "
                                    "is -1 for it, not 0)."),
    "9.2 leaf only": N_("{playout}: the node at depth {depth} got nothing, expected {credited:+g}: every node on the "
                        "path, the root included, gets the result (for node.player), not only the leaf."),
    "9.2 player ignored": N_("{playout} (that is {minus:+g} for {root_player}): the node at depth {depth}, whose "
                             "node.player is {who}, got {got:+g}, expected {credited:+g}. Yours is right when "
                             "`player` is the root's player, {root_player}, and wrong for the other: it ignores the "
                             "argument `player`. Credit by it: value if node.player == player, else -value."),
    "9.2 wrong player": N_("{playout}: the node at depth {depth}, whose node.player is {who}, got {got:+g}, "
                           "expected {credited:+g}: credited to the wrong player. A node's total is for node.player, "
                           "the player who moved into it: value if node.player == player, else -value."),
    "9.2 draw": N_("a drawn playout (result 0 for {player}): the node at depth {depth} got {got:+g}, expected +0: a "
                   "draw is worth 0 to both players; credit the result as given, value if node.player == player, "
                   "else -value."),
    "9.2 wrong": N_("{playout}: the node at depth {depth}, whose node.player is {who}, got {got:+g}, expected "
                    "{credited:+g} (value if node.player == player, else -value)."),
    "9.2 wrong, none known": N_("{playout}: the node at depth {depth}, whose node.player is {who}, got {got:+g}, "
                                "expected {credited:+g} (value if node.player == player, else -value).\nThis "
                                "matches none of the known slips of this exercise."),
    "9.2 path changed": N_("backup changed the list `path` (put new nodes in it, or removed or reordered them): the "
                           "tree holds the nodes themselves, so update each in place (node.visits += 1; node.total "
                           "+= ...) and leave the list as it is"),
    "9.2 visits": N_("after backup, the node at depth {depth} has {visits} visits, expected {want}: every node on the "
                     "path gets exactly one visit."),
    "9.2 right": N_("backup: the same totals and visits as abcore.mcts on {count} backups, the result given for each "
                    "player"),
    "9.3 changed": N_("select_child changed what it was given (reordered or emptied the list `children`, or changed "
                      "a child's visits or total): choose without sorting or changing them, they are the tree's own "
                      "(sorted(children, ...) makes a new list)"),
    "9.3 child": N_("move {move} ({visits} visits, total {total:g})"),    # said with ngettext: say()
    "9.3 wrong": N_("select_child with N(parent) = {N}, c = {c} and children [{children}] chose move {got!r}, "
                    "expected move {want}. {hint}"),
    "9.3 not a child": N_("select_child with N(parent) = {N}, c = {c} and children [{children}] returned "
                          "{got!r}, not a child: UCB1 chooses the child of move {want}. {hint}"),
    "9.3 right": N_("select_child: the same choice as UCB1 on {count} random nodes"),
    "8.1 a bool": N_("probe({entry!r}, {alpha}, {beta}, {depth}) returned {got!r}: {got!r} is not None: the search "
                     "would read it as the value {number}, so return None when the entry proves nothing"),
    "8.1 a bool (hidden)": N_("probe({entry!r}, {alpha}, {beta}, {depth}) returned {got!r} (hidden tests): {got!r} "
                              "is not None: the search would read it as the value {number}, so return None when "
                              "the entry proves nothing"),
    "8.1 not a number": N_("probe({entry!r}, {alpha}, {beta}, {depth}) returned {got!r}: a {type}, not a number: "
                           "return the entry's value (a number) when it decides the position, else None"),
    "8.1 not a number (hidden)": N_("probe({entry!r}, {alpha}, {beta}, {depth}) returned {got!r} (hidden tests): a "
                                    "{type}, not a number: return the entry's value (a number) when it decides the "
                                    "position, else None"),
    "8.1 idle": N_("probe({entry!r}, {alpha}, {beta}, {depth}) returned {got!r}, and {got!r} again for every entry "
                   "that proves nothing: {got!r} is a value the search would use; return None there"),
    "8.1 unsound": N_("probe({entry!r}, {alpha}, {beta}, {depth}) returned {got!r}, but the true value could be "
                      "{true}, and then {got!r} breaks the search's contract for the window ({alpha}, {beta}): "
                      "{why}"),
    "8.1 lower as exact": N_("a 'lower' entry only says the value is at least {value}: returning it as if it were "
                             "exact is the unsound table"),
    "8.1 upper as exact": N_("a 'upper' entry only says the value is at most {value}: returning it as if it were "
                             "exact is the unsound table"),
    "8.1 lower swapped": N_("a 'lower' entry (at least {value}) proves nothing on the side of the window you cut on: "
                            "are 'lower' and 'upper' swapped?"),
    "8.1 upper swapped": N_("a 'upper' entry (at most {value}) proves nothing on the side of the window you cut on: "
                            "are 'lower' and 'upper' swapped?"),
    "8.1 lower undecided": N_("a 'lower' entry (at least {value}) does not decide this window. This matches none of "
                              "the known slips of this exercise"),
    "8.1 upper undecided": N_("a 'upper' entry (at most {value}) does not decide this window. This matches none of "
                              "the known slips of this exercise"),
    "8.1 exact": N_("an exact entry's answer is its value, {value}"),
    "8.1 missed": N_("probe({entry!r}, {alpha}, {beta}, {depth}) returned None, so the position would be searched "
                     "again, but the entry already decides it ({why}); return {value}"),
    "8.1 exact decides": N_("an exact value answers every window"),
    "8.1 fail high": N_("the value is at least {value} and {value} ≥ β = {beta}: that is already a fail high"),
    "8.1 fail low": N_("the value is at most {value} and {value} ≤ α = {alpha}: that is already a fail low"),
    "8.1 only the end": N_("{why}; you trust only entries searched to the end of the game, but an entry searched "
                           "exactly as deep as the {depth} plies still to go answers this very question too"),
    "8.1 strict depth": N_("{why}; an entry searched exactly as deep as the {depth} plies still to go answers this "
                           "very question: is your depth test strict (>) where it should be ≥?"),
    "8.1 end of game": N_("{why}; an entry searched to the end of the game (depth inf) answers at any depth, here "
                          "{depth}: no evaluation below it"),
    "8.1 right": N_("probe: every answer keeps the search's contract, no shallow entry is trusted, and no cut is "
                    "missed ({count} cases; a deeper entry may answer or not)"),
    "8.2 where": N_("on {game!r} after the moves {moves!r} with a budget of {budget} nodes"),
    "8.2 where, empty board": N_("on {game!r} from the empty board with a budget of {budget} nodes"),
    "8.2 not a list": N_("deepen returned a {type} {where}: return a list of iterations, "
                         "[(depth, value, move, nodes_so_far), ...]"),
    "8.2 empty": N_("deepen returned no iteration {where}: depth 1 costs a few nodes"),
    "8.2 a list": N_("deepen returned the list {listed!r} as an iteration {where}: each iteration is a tuple, "
                     "(depth, value, move, nodes_so_far), not a list: write it with parentheses"),
    "8.2 odd": N_("deepen returned {odd!r} as an iteration {where}: each iteration is a tuple of 4, "
                  "(depth, value, move, nodes_so_far)"),
    "8.2 depth 0": N_("deepen's first iteration is depth 0 {where}: start at depth 1 (a depth-0 search evaluates "
                      "the position and chooses no move)"),
    "8.2 depths": N_("the depths {depths} {where} should be 1, 2, 3, ... one per iteration"),
    "8.2 value": N_("at depth {depth} {where}: expected value {want_value} and move {want_move}, got {value} and "
                    "{move}"),
    "8.2 alone": N_("at depth {depth} {where}: nodes_so_far should be {spent}, got {got}: that is the nodes of "
                    "iteration {depth} alone; the budget pays for every iteration, so add them up"),
    "8.2 so far": N_("at depth {depth} {where}: nodes_so_far should be {spent}, got {got}: add up "
                     "result.stats.nodes of every iteration so far"),
    "8.2 per iteration": N_("the iterations {where} add up to {spent} nodes, and already {before} before the last "
                            "one, while each alone costs at most {most}: the budget is for all the iterations "
                            "together, not for each one; stop when the total would pass it"),
    "8.2 past": N_("the last iteration (depth {depth}) {where} ends at {spent} nodes, past the budget: a real-time "
                   "player is interrupted before it finishes, so it must be thrown away"),
    "8.2 exactly": N_("deepen stopped after depth {depth} {where}, but depth {next} ends at exactly {budget} nodes "
                      "in all, within the budget (nodes_so_far ≤ budget): throw an iteration away only when the "
                      "total passes the budget (>, not ≥)"),
    "8.2 too early": N_("deepen stopped after depth {depth} {where}, but depth {next} would have finished within it "
                        "({total} nodes in all): keep deepening while the budget lasts"),
    "8.2 right": N_("deepen: the right iterations and node totals on {count} positions and budgets"),
    # the hidden tests' own messages (a graded notebook's feedback shows them to the student)
    "3.1 wrong (hidden)": _HIDDEN_WRONG, "4.1 wrong (hidden)": _HIDDEN_WRONG,
    "3.1 leaves (hidden)": _HIDDEN_LEAVES, "4.1 leaves (hidden)": _HIDDEN_LEAVES,
    "4.1 no window (hidden)": N_("{name} is wrong on the tree {tree} called with no window: expected {expected!r}, "
                                 "got {got!r}: {why}"),
    "4.1 no known slip": N_("this matches none of the known slips"),
    "8.1 cut (hidden)": N_("probe({entry}, {alpha}, {beta}, {depth}) returned {got!r} (hidden tests): the entry "
                           "answers this window, so return a value that keeps the fail-soft contract for every "
                           "value the entry allows"),
    "8.1 search (hidden)": N_("probe({entry}, {alpha}, {beta}, {depth}) returned {got!r} (hidden tests), expected "
                              "None: the entry cannot answer this window at this depth, so the node must be "
                              "searched"),
    "8.1 deeper (hidden)": N_("probe({entry}, {alpha}, {beta}, {depth}) returned {got!r} (hidden tests): an entry "
                              "searched deeper may answer, but only with a value that keeps the fail-soft contract"),
    "8.2 not a list (hidden)": N_("deepen returned a {type} (hidden tests): return a list of iterations, "
                                  "[(depth, value, move, nodes_so_far), ...]"),
    "8.2 a list (hidden)": N_("deepen returned a list as an iteration (hidden tests): each iteration is a tuple, "
                              "(depth, value, move, nodes_so_far), not a list: write it with parentheses"),
    "8.2 iteration (hidden)": N_("deepen {where}: iteration {k} is {got!r}, expected {want!r} (depth, value, move, "
                                 "nodes_so_far: the nodes of every iteration so far, added up)"),
    "8.2 went on (hidden)": N_("deepen {where} went on to depth {depth}, but depth {past} ends past the budget, "
                               "counting the nodes of all the iterations together: throw it away and stop"),
    "8.2 stopped (hidden)": N_("deepen {where} stopped after depth {depth}, but depth {next} ends at {total} nodes "
                               "in all, within the budget: keep deepening while it lasts"),
    "2.4 hidden": N_("exercise 2.4: the minimax values are not right on this student's tree"),
    "3.3 hidden": N_("exercise 3.3: the rows are not fail-soft alpha-beta's on this student's tree"),
    "4.2 hidden": N_("exercise 4.2: the rows are not fail-hard alpha-beta's on this student's tree"),
    "7.3 hidden": N_("exercise 7.3: the rows are not Star1's on this student's tree"),
    "9.4 hidden": N_("exercise 9.4: the path or the totals are not the search's on this student's tree"),
    "10.1 not written": N_("choose is not written yet: replace `raise NotImplementedError()` in the cell above "
                           "with your player"),
    "10.1 numpy": N_("choose returned {move!r} {after}, of type {type}: the grader and the "
                     "tournament take a plain Python int, so return int(...) of it (numpy's argmax gives a numpy "
                     "integer)"),
    "10.1 not an int": N_("choose returned {move!r} {after}: return the column (an int from 1 "
                          "to 7), not the position after it or a list of moves"),
    "10.1 illegal": N_("choose returned {move}, an illegal column, {after}; the legal columns "
                       "were {legal}."),
    "10.1 illegal from 0": N_("choose returned {move}, an illegal column, {after}; the legal "
                              "columns were {legal}. If you counted the columns from 0: they are numbered 1 to 7 "
                              "from the left."),
}


def say_shallow(entry: Any, alpha: Any, beta: Any, depth: Any, got: Any, entry_depth: int) -> str:
    """Task 8.1's refusal of a shallow entry trusted (one message, singular or plural by ``entry_depth``)."""
    return ngettext("probe({entry!r}, {alpha}, {beta}, {depth}) returned {got!r}, but the entry was searched "
                    "{entry_depth} ply deep and this search has {depth} to go: its value answers a shallower "
                    "question (an earlier iteration's), so return None; the search can still try the entry's best "
                    "move first",
                    "probe({entry!r}, {alpha}, {beta}, {depth}) returned {got!r}, but the entry was searched "
                    "{entry_depth} plies deep and this search has {depth} to go: its value answers a shallower "
                    "question (an earlier iteration's), so return None; the search can still try the entry's best "
                    "move first", 1 if entry_depth == 1 else 2).format(
                        entry=entry, alpha=alpha, beta=beta, depth=depth, got=got, entry_depth=entry_depth)


def say(key: str, **fields: Any) -> str:
    """The check cell's message ``key`` (of :data:`MESSAGES`) in the kit's language, with its fields.

    >>> say("6.1 right", name="my_evaluate", count=12)
    'my_evaluate: the same answer as the reference on 12 positions, for both players'
    """
    if fields.get("name") in CHECK_NAMES:
        fields["name"] = _(fields["name"])         # a check's name in the kit's language
    if key.startswith("10.1") and "moves" in fields:   # no moves yet: "from the empty board", not "after ''"
        fields["after"] = (_("after the moves {moves!r}").format(moves=fields["moves"]) if fields["moves"]
                           else _("from the empty board"))
    for k, v in fields.items():                     # 5,478 as every output writes it (Python's {:,})
        if type(v) is int and (k in ("count", "spent", "before", "budget") or (k == "total" and key.startswith("8.2"))):
            fields[k] = f"{v:,}"
    if key.startswith(("9.1", "9.3")) and isinstance(fields.get("c"), (int, float)):
        fields["c"] = shown_c(fields["c"])          # c=math.sqrt(2), not c=1.41: the score is √2's
    if key == "8.2 where" and not fields.get("moves"):
        key = "8.2 where, empty board"             # not "after ''"
    if key == "9.3 child":                          # "1 visit", "6 visits"
        return ngettext("move {move} ({visits} visit, total {total:g})",
                        "move {move} ({visits} visits, total {total:g})", fields["visits"]).format(**fields)
    if key == "9.2 visits":                         # "1 visit", "0 visits"
        return ngettext("after backup, the node at depth {depth} has {visits} visit, expected {want}: every node "
                        "on the path gets exactly one visit.",
                        "after backup, the node at depth {depth} has {visits} visits, expected {want}: every node "
                        "on the path gets exactly one visit.", fields["visits"]).format(**fields)
    if key in ("3.1 wrong (hidden)", "4.1 wrong (hidden)", "3.1 leaves (hidden)", "4.1 leaves (hidden)"):
        from ..draw import format_value as fv     # the window as the diagnosis after it writes it: (−∞, 0)
        fields.update(alpha=fv(fields["alpha"]), beta=fv(fields["beta"]))
    if key == "9.3 wrong" and fields.get("hint") == _(NOT_A_CHILD):
        key = "9.3 not a child"                     # not "chose move 1, expected move 1": it returned the move
    return _(MESSAGES[key]).format(**fields)
