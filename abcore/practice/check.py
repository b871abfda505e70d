"""Grading a hand trace against the real search: the first step where the student and the search
part ways, said in the pseudocode's words.

The expected answer is never computed here: the mode's search (:mod:`abcore.search`) runs on the
tree with ``trace=[]``, and this module reads its events (:mod:`abcore.trace`) in order. Whose
point of view the values take is read from the search's :class:`~abcore.search.Description`
(``view``); whether a cut node returns its bound or its best value is read from the trace.
"""
from __future__ import annotations

import math
from fractions import Fraction
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..draw.formatting import format_value as fv
from ..draw.formatting import format_window
from ..i18n import N_, _, ngettext
from ..search import describe
from ..trace import Event, passes
from ..trees import GameTree
from ..verdict import Verdict
from .answer import Row, as_rows, given, same, same_window
from .mcts_practice import check_mcts, mcts_question
from .modes import mode as get_mode

__all__ = ["Verdict", "check_trace", "expected_rows", "not_checked_yet", "search_trace"]


def search_trace(mode: str, tree: GameTree) -> list[Event]:
    """The trace of the mode's search on ``tree`` (the only source of expected answers)."""
    m = get_mode(mode)
    if m.search is None:
        raise ValueError(_("mode {mode!r} is one MCTS iteration: use "
                           "abcore.practice.mcts_question").format(mode=mode))
    log: list = []
    m.search(tree, tree.initial_state, trace=log)
    return log


def expected_rows(mode: str, tree: GameTree, *, seed: Any = 0) -> list[Row]:
    """The answer key: one row per node entered, in the order the search enters them
    (``seed``: the MCTS question's, see :func:`~abcore.practice.mcts_question`). A row's
    ``exit`` is its window on exit: α and β as the node's children moved them, a child that cuts
    moving neither (so a cut node keeps the window it gave that child, in every mode).

    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> [(r.node, r.value, r.cut) for r in expected_rows("failsoft", t) if r.cut]
    [('r.1', 2, ('r.1.1', 'r.1.2'))]
    """
    if get_mode(mode).search is None:
        return list(mcts_question(tree, seed=seed).key)
    rows: dict[str, dict] = {}
    stack: list[str] = []
    for ev in search_trace(mode, tree):
        n = str(ev.state)
        if ev.kind == "enter":
            rows[n] = {"window": (ev.alpha, ev.beta), "cut": ()}
            stack.append(n)
        elif ev.kind == "cut":
            rows[n]["cut"] = tuple(tree.label(tree.result(n, m)) for m in ev.detail)
        elif ev.kind == "leave":
            rows[n]["value"] = ev.value
            rows[n]["exit"] = (ev.alpha, ev.beta)
            stack.pop()
    return [Row(tree.label(n), r["window"], r["value"], r["cut"], r["exit"]) for n, r in rows.items()]


EXIT_WINDOW = N_("the window on exit is α and β as the node's children moved them, and a child "
                 "that cuts moves neither, so a cut node leaves with the window it gave that child")
EXIT_SEED_001 = N_(" (seed 001, like exercise 4.1's failhard_value, lowers β, or raises α, to that "
                   "child's value before its test α ≥ β: the window on exit is the one before that move)")


class _Fail(Exception):
    def __init__(self, part: str, node: str, message: str):
        super().__init__(message)
        self.part, self.node, self.message = part, node, message
        self.slip = getattr(message, "slip", None)      # the row's message names its slip itself


class _Named(str):
    """A row's message that names the slip it shows (``slip``: its code name), so that no one
    adds that the rows show no known slip."""
    slip: str

    def __new__(cls, text: str, slip: str) -> "_Named":
        said = super().__new__(cls, text)
        said.slip = slip
        return said


@dataclass
class _Node:
    id: str
    window: tuple
    alpha: Any
    beta: Any
    value: Any = None
    returns: list = field(default_factory=list)     # (child id, value received, probability)
    at_child: dict = field(default_factory=dict)    # child id -> (alpha, beta, value) on entry
    child_window: dict = field(default_factory=dict)  # child id -> the window it was entered with
    cut: Event | None = None
    last_return: Any = None                          # running value at the last return


def check_trace(mode: str, tree: GameTree, answer: Any, **options: Any) -> Verdict:
    """Check a hand trace of ``mode`` on ``tree``: the first step where it leaves the search.

    Parameters
    ----------
    mode : str
        One of :data:`~abcore.practice.MODES`: ``"failsoft"``, ``"failhard"``, ``"negamax"``,
        ``"star1"``, ``"mcts"``.
    tree : GameTree
        The tree traced (node names are its labels).
    answer : str or rows
        Rows in the order the student visits the nodes: text (:func:`parse_answer`),
        :class:`Row`\\ s, ``(node, window, value, cut)`` tuples or dicts. Leaves may be left
        out; a leaf's window may be blank.
    **options
        For ``"mcts"``: the options of :func:`~abcore.practice.mcts_question` the question was
        drawn with (``seed``, ``c``, ``after``).

    Returns
    -------
    Verdict
        ``ok``, or the first step where the answer and the search part ways and why; ``slip``
        names the slip when that row's message names it itself (``"divides_by_count"``,
        ``"plain_mean"``), so that a caller adds no "[none of the usual slips ...]" after it.

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6]], labels={'r': 'A', 'r.0': 'B', 'r.1': 'C', 'r.1.1': 'D', 'r.1.2': 'E'})
    >>> check_trace("failsoft", t, "A [-inf, inf] 3\\nB [-inf, inf] 3\\nC [3, inf] 2 cut D E").ok
    True
    >>> print(check_trace("failsoft", t, "A [-inf, inf] 3\\nB [-inf, inf] 3\\nC [-inf, inf] 2 cut D E"))
    row 3, C: window not narrowed: at A, α was raised to 3 when B returned 3, so C is entered with (3, +∞), not (−∞, +∞)
    """
    m = get_mode(mode)
    rows = as_rows(answer, "path" if m.search is None else "trace")
    if m.search is None:
        return check_mcts(tree, rows, **options)
    log = search_trace(mode, tree)
    key = tuple(expected_rows(mode, tree))
    two = next((i for i, r in enumerate(rows, 1) if r.ucb is not None), None)
    if two is not None:
        return Verdict(False, _("row {row}, {node}: two values after the node; write "
                                "NODE (α, β) VALUE, with the window on exit after the first if you "
                                "give it: NODE (α, β) (α', β') VALUE").format(
                                    row=two, node=rows[two - 1].node),
                       two - 1, rows[two - 1].node, "value", key)
    view = describe(passes(log)[0][2].algorithm).view
    try:
        _walk(tree, log, rows, view, held=mode == "failhard")
    except _Fail as f:
        return Verdict(False, _("{where}: {message}").format(where=_where(rows, f.node, getattr(f, "missing", None)),
                                                              message=f.message), f.step, f.node, f.part,  # type: ignore[attr-defined]
                       key, getattr(f, "so_far", False), slip=f.slip)
    if len(rows) < len(key):
        return Verdict(True, _("right: your {n} rows agree with the search (the leaves "
                               "left out are taken from the picture)").format(n=len(rows)),
                       None, None, None, key)
    return Verdict(True, _("right: your {n} rows (every node the search enters) agree with "
                           "its windows, values and cuts").format(n=len(rows)),
                   None, None, None, key)


def not_checked_yet(tree: GameTree, next_node: str) -> str:
    """What a trace that stops before ``next_node`` (a label) has not had checked: the value and
    cuts of the nodes above it, which wait for their children's rows (root first); ``""`` when
    ``next_node`` is the root (no row written yet).

    >>> t = GameTree.from_nested([[3, [12, 8]], [2, 4]])
    >>> not_checked_yet(t, t.label("r.0.1.0"))
    "not checked yet: the values and cuts of r, r.0, r.0.1, which wait for their children's rows"
    >>> not_checked_yet(t, "r")          # nothing above the root: nothing said
    ''
    """
    label = {tree.label(n): n for n in tree.nodes}
    up, waiting = tree.parent(label[next_node]), list[str]()
    while up is not None:
        waiting.insert(0, tree.label(up))
        up = tree.parent(up)
    if not waiting:             # the root is next: nothing above waits (the caller says so its way)
        return ""
    later = ngettext("not checked yet: the value and cuts of {nodes}, which wait for its "
                     "children's rows", "not checked yet: the values and cuts of {nodes}, which "
                     "wait for their children's rows", len(waiting))
    return later.format(nodes=", ".join(waiting))


def _where(rows: list[Row], node: str, missing: int | None = None) -> str:
    """Where a message points: the student's own row number (1-based), which the student sees;
    ``missing``: the number the node's row, left out, would have had (frreader12 d1)."""
    numbers = [i for i, r in enumerate(rows, 1) if r.node == node]
    if numbers:
        return _("row {row}, {node}").format(row=numbers[0], node=node)
    if missing is not None:
        return _("row {row} (missing), {node}").format(row=missing, node=node)
    return _("{node} (no row)").format(node=node)


def fw(alpha: Any, beta: Any) -> str:
    """A window as notebook 3 writes it, ``(α, β)``: a value strictly inside is exact."""
    return "(" + format_window(alpha, beta)[1:-1] + ")"


def _walk(tree: GameTree, log: list[Event], rows: list[Row], view: str, held: bool = False) -> None:
    """``held``: a leaf's row may also give its value held inside the window it was entered with
    (fail-hard as exercise 4.1 writes it; the search returns it raw and the parent holds it)."""
    L = tree.label
    by_name = _rows_by_name(tree, rows)
    order = [r.node for r in rows]
    low, high = tree.utility_range
    info: dict[str, _Node] = {}
    stack: list[str] = []
    pointer = 0
    entered: list[str] = []
    step = 0
    for ev in log:
        kind, n = ev.kind, str(ev.state)
        try:
            if kind == "enter":
                node = info[n] = _Node(n, (ev.alpha, ev.beta), ev.alpha, ev.beta)
                parent = info[stack[-1]] if stack else None
                if parent is not None:
                    parent.at_child[n] = (parent.alpha, parent.beta, parent.value)
                    parent.child_window[n] = (ev.alpha, ev.beta)
                stack.append(n)
                entered.append(n)
                row = by_name.get(L(n))
                leaf = tree.kind(n) == "leaf"
                if row is None:
                    if not leaf:
                        f = _Fail("order", L(n), _no_row(L(n), fw(ev.alpha, ev.beta), order, pointer))
                        f.so_far = pointer == len(order)  # type: ignore[attr-defined]
                        f.missing = pointer + 1           # type: ignore[attr-defined]
                        raise f
                else:
                    if order[pointer] != L(n):
                        raise _Fail("order", L(n), _order_message(tree, n, order[pointer], info))
                    pointer += 1
                    if row.window is None and not leaf:
                        raise _Fail("window", L(n), _("no window for {node}: it is entered with "
                                                      "{window}").format(node=L(n), window=fw(ev.alpha, ev.beta)))
                    if row.window is not None and not same_window(row.window, (ev.alpha, ev.beta)):
                        raise _Fail("window", L(n), _window_message(tree, n, row.window, parent, view))
                step += 1
            elif kind == "return":
                node = info[n]
                move, child_value, p = ev.detail
                node.returns.append((tree.result(n, move), child_value, p))
                node.value = node.last_return = ev.value
                node.alpha, node.beta = ev.alpha, ev.beta
            elif kind in ("alpha", "beta", "leaf"):
                info[n].alpha, info[n].beta = ev.alpha, ev.beta
                info[n].value = ev.value
            elif kind == "cut":
                info[n].cut = ev
            elif kind == "leave":
                node = info[n]
                stack.pop()
                row = by_name.get(L(n))
                if row is not None and tree.kind(n) != "leaf":
                    _check_cut(tree, node, row, view, (low, high), any(r.cut for r in rows))
                    step += 1
                if row is not None and row.exit is not None and not same_window(row.exit, (ev.alpha, ev.beta)):
                    raise _Fail("exit", L(n), _("on the way up, {node} leaves with the window "
                                                "{window}, not {given}: {why}").format(
                        node=L(n), window=fw(ev.alpha, ev.beta), given=fw(*row.exit),
                        why=_(EXIT_WINDOW) + (_(EXIT_SEED_001) if held else "")))
                if row is not None:
                    if row.value is None and tree.kind(n) != "leaf":
                        raise _Fail("value", L(n), _("no value for {node}: it returns {value}").format(
                            node=L(n), value=fv(ev.value)))
                    if row.value is not None and not same(row.value, ev.value) and not (
                            held and tree.kind(n) == "leaf"
                            and same(row.value, min(max(ev.value, node.window[0]), node.window[1]))):
                        raise _Fail("value", L(n), _value_message(tree, node, row.value, ev.value, view))
                step += 1
        except _Fail as f:
            raise _at(step, f) from None
    seen = {L(n) for n in entered}
    for name in order[pointer:]:
        if name not in seen:
            raise _at(step, _Fail("order", name, _("{node} is never entered: {why}").format(
                node=name, why=_why_unvisited(tree, name, info))))


def _no_row(node: str, window: str, order: list[str], pointer: int) -> str:
    """The search enters ``node`` and the answer has no row for it."""
    if pointer < len(order):
        return _("the search enters {node} next, with window {window}, and your answer has no row "
                 "for it; your next row is {row}").format(node=node, window=window, row=order[pointer])
    return _("the search enters {node} next, with window {window}, and your answer has no row "
             "for it").format(node=node, window=window)


def _rows_by_name(tree: GameTree, rows: list[Row]) -> dict[str, Row]:
    """Each row by its node's name; a node given two rows, or a name not in the tree, fails."""
    by_name: dict[str, Row] = {}
    known = {tree.label(n) for n in tree.nodes}
    for r in rows:
        if r.node in by_name:
            raise _at(0, _Fail("order", r.node, _("{node} has two rows; give each node one row").format(
                node=r.node)))
        by_name[r.node] = r
    for name in by_name:
        if name not in known:
            raise _at(0, _Fail("order", name, _("there is no node {node} in this tree (its nodes "
                                                "are {nodes})").format(
                node=name, nodes=', '.join(sorted(known, key=lambda s: (len(s), s))))))
    return by_name


def _at(step: int, f: _Fail) -> _Fail:
    f.step = step  # type: ignore[attr-defined]
    return f


def _order_message(tree: GameTree, n: str, got: str, info: dict) -> str:
    L = tree.label
    ids = {L(x): x for x in tree.nodes}
    g = ids[got]
    if g in info:
        return _("your row for {got} comes where the search enters {node}; it enters {got} "
                 "earlier").format(got=got, node=L(n))
    up = tree.parent(n)
    if up is not None and tree.parent(g) == up:
        return _("the search enters {node} next, not {got}: the children of {parent} are searched "
                 "left to right").format(node=L(n), got=got, parent=L(up))
    if up is not None and g.startswith(up + "."):
        return _("the search enters {node} next, not {got}: depth first, each subtree is finished "
                 "before the next").format(node=L(n), got=got)
    return _("the search enters {node} next, not {got}").format(node=L(n), got=got)


def _window_message(tree: GameTree, n: str, got: tuple, parent: _Node | None, view: str) -> str:
    L = tree.label
    if parent is None:
        return _("the root is entered with the search's window, not {got}").format(got=fw(*got))
    a, b, _v = parent.at_child[n]
    ea, eb = parent.window
    want = parent.child_window[n]      # read from the trace's enter event
    P = L(parent.id)
    changed = (not same(a, ea)) or (not same(b, eb))
    if changed:
        stale = (ea, eb) if view == "root" else (-eb, -ea)
        if tree.kind(parent.id) != "chance" and same_window(got, stale):
            return _not_narrowed(tree, n, parent, got, want)
    if view == "mover" and tree.kind(parent.id) != "chance":
        if same_window(got, (a, b)) and not same_window(want, (a, b)):
            return _("α and β not swapped: negamax enters {node} with (−β, −α) = {want} "
                     "from {parent}'s (α, β) = {window}, not {got}").format(
                node=L(n), want=fw(*want), parent=P, window=fw(a, b), got=fw(*got))
        if same_window(got, (-a, -b)):
            return _("negated but not swapped: {node} gets (−β, −α) = {want} from {parent}'s "
                     "(α, β) = {window}, not (−α, −β) = {got}").format(
                node=L(n), want=fw(*want), parent=P, window=fw(a, b), got=fw(*got))
    if tree.kind(parent.id) == "chance":
        return _("{node} is entered with {want}, not {got}: below a chance node, the "
                 "window is what this outcome must reach for {parent} to leave its window {window}, "
                 "the outcomes not yet searched counted at their bounds L and U").format(
            node=L(n), want=fw(*want), got=fw(*got), parent=P, window=fw(a, b))
    if view == "root":
        return _("{node} is entered with {want} (its parent's current (α, β), {window} at {parent}), "
                 "not {got}").format(node=L(n), want=fw(*want), window=fw(a, b), parent=P, got=fw(*got))
    return _("{node} is entered with {want} ((−β, −α) of its parent's current (α, β), {window} at "
             "{parent}), not {got}").format(node=L(n), want=fw(*want), window=fw(a, b), parent=P,
                                            got=fw(*got))


def _not_narrowed(tree: GameTree, n: str, parent: _Node, got: tuple, want: tuple) -> str:
    """The child is entered with its parent's window on entry, not the narrowed one."""
    L = tree.label
    a, b, _v = parent.at_child[n]
    f = dict(parent=L(parent.id), node=L(n), want=fw(*want), got=fw(*got), value=fv(a))
    if parent.returns:
        f.update(child=L(parent.returns[-1][0]), returned=fv(parent.returns[-1][1]))
    if not same(a, parent.window[0]):
        if parent.returns:
            return _("window not narrowed: at {parent}, α was raised to {value} when {child} "
                     "returned {returned}, so {node} is entered with {want}, not {got}").format(**f)
        return _("window not narrowed: at {parent}, α was raised to {value}, so {node} is "
                 "entered with {want}, not {got}").format(**f)
    f["value"] = fv(b)
    if parent.returns:
        return _("window not narrowed: at {parent}, β was lowered to {value} when {child} "
                 "returned {returned}, so {node} is entered with {want}, not {got}").format(**f)
    return _("window not narrowed: at {parent}, β was lowered to {value}, so {node} is "
             "entered with {want}, not {got}").format(**f)


def _check_cut(tree: GameTree, node: _Node, row: Row, view: str, bounds: tuple, any_cut: bool = True) -> None:
    """The row's cut list against the search's; ``any_cut`` False: the answer writes no cut list at
    all, so a missing one is said as such, not as a tie that did not cut (frreader13 d7)."""
    L = tree.label
    n = node.id
    kids = [L(c) for c in tree.children(n)]
    for c in row.cut:
        if c not in kids:
            raise _Fail("cut", L(n), _("{child} is not a child of {node}: mark the arcs below "
                                       "{node} ({children})").format(
                child=c, node=L(n), children=', '.join(kids)))
    ev = node.cut
    want = tuple(L(tree.result(n, m)) for m in ev.detail) if ev is not None else ()
    got = tuple(row.cut)
    if set(got) == set(want):
        return
    searched = [L(c) for c, _, _ in node.returns]
    extra = [c for c in got if c in searched]
    if extra:
        c = next(x for x in tree.children(n) if L(x) == extra[0])
        a, b, v = node.at_child[c]
        return _raise_not_cut(tree, node, c, a, b, v, view, bounds)
    assert ev is not None
    reason = _cut_reason(tree, node, want[0], view, bounds)
    if not got and not any_cut:
        raise _Fail("cut", L(n), _("{reason}, and your row has no cut list: write cut {cut} at the end "
                                   "of its row").format(reason=reason, cut=" ".join(want)))
    if not got:
        v = node.last_return
        strict = tree.kind(n) != "chance" and (same(v, ev.beta) if _cuts_on_beta(tree, n, view) else same(v, ev.alpha))
        if strict:
            raise _Fail("cut", L(n), _("{reason}: a tie cuts too (a value equal to the bound "
                                       "cannot change the choice above)").format(reason=reason))
        raise _Fail("cut", L(n), reason)
    missing = [c for c in want if c not in got]
    raise _Fail("cut", L(n), _("{reason}: once {node} stops, every child after it is cut too "
                               "({missing} missing)").format(
        reason=reason, node=L(n), missing=', '.join(missing)))


def _cuts_on_beta(tree: GameTree, n: str, view: str) -> bool:
    return view == "mover" or tree.kind(n) == "max"


def _cut_reason(tree: GameTree, node: _Node, first: str, view: str, bounds: tuple) -> str:
    L, n, ev = tree.label, node.id, node.cut
    assert ev is not None
    if tree.kind(n) == "chance":
        if ev.value <= ev.alpha:
            return _("at {node}, with every outcome not searched worth at most U = {bound}, "
                     "the value is at most {value} ≤ α = {alpha} when {first} is "
                     "reached, so {first} is cut").format(
                node=L(n), bound=fv(bounds[1]), value=fv(ev.value), alpha=fv(ev.alpha), first=first)
        return _("at {node}, with every outcome not searched worth at least L = {bound}, "
                 "the value is at least {value} ≥ β = {beta} when {first} is reached, "
                 "so {first} is cut").format(
            node=L(n), bound=fv(bounds[0]), value=fv(ev.value), beta=fv(ev.beta), first=first)
    v = node.last_return
    assert ev is not None
    if _cuts_on_beta(tree, n, view):
        return _("at {node}, β = {beta} when {first} is reached; {value} ≥ {beta}, so {first} is "
                 "cut").format(node=L(n), beta=fv(ev.beta), first=first, value=fv(v))
    return _("at {node}, α = {alpha} when {first} is reached; {value} ≤ {alpha}, so {first} is "
             "cut").format(node=L(n), alpha=fv(ev.alpha), first=first, value=fv(v))


def _raise_not_cut(tree: GameTree, node: _Node, c: str, a: Any, b: Any, v: Any, view: str,
                   bounds: tuple) -> None:
    L, n = tree.label, node.id
    if tree.kind(n) == "chance":
        raise _Fail("cut", L(n), _("{child} is searched: when it is reached, the bounds of {node} "
                                   "still overlap its window {window}").format(
            child=L(c), node=L(n), window=fw(a, b)))
    if v is None:
        raise _Fail("cut", L(n), _("{child} is {node}'s first child: it is always searched").format(
            child=L(c), node=L(n)))
    if _cuts_on_beta(tree, n, view):
        raise _Fail("cut", L(n), _("at {node}, β = {beta} when {child} is reached; {value} < "
                                   "{beta}, so {child} is searched, not cut").format(
            node=L(n), beta=fv(b), child=L(c), value=fv(v)))
    raise _Fail("cut", L(n), _("at {node}, α = {alpha} when {child} is reached; {value} > {alpha}, "
                               "so {child} is searched, not cut").format(
        node=L(n), alpha=fv(a), child=L(c), value=fv(v)))


def _value_message(tree: GameTree, node: _Node, got: Any, want: Any, view: str) -> str:
    """Why ``got`` (the value as written) is not node's ``want``; a rounded decimal of a fraction
    is told to write the fraction."""
    said = _value_says(tree, node, got, want, view)
    if isinstance(got, float) and isinstance(want, Fraction) and want.denominator != 1 \
            and abs(got - float(want)) < 0.01:
        slip = getattr(said, "slip", None)
        said = _("{message} (write the exact fraction, {want}: a rounded decimal is not the "
                 "value)").format(message=said, want=fv(want))
        said = said if slip is None else _Named(said, slip)
    return said


def _value_says(tree: GameTree, node: _Node, got: Any, want: Any, view: str) -> str:
    L, n = tree.label, node.id
    name = L(n)
    kind = tree.kind(n)
    if kind == "leaf":
        if view == "mover" and same(got, -want):
            side = tree.to_move(n).upper()
            return _("values are for the side to move: at leaf {node}, {side} is to move, so it "
                     "returns {want}, not {got}").format(node=name, side=side, want=fv(want), got=given(got))
        return _("{node} is a leaf: it returns {want}, not {got}").format(
            node=name, want=fv(want), got=given(got))
    ev = node.cut
    running = node.last_return
    if ev is not None and not same(ev.value, running) and kind != "chance":
        if same(got, running):
            bound = "α" if same(ev.value, ev.alpha) else "β"
            return _("fail-hard returns the bound: {node} stops with v = {running} and returns "
                     "{bound} = {want}, not the best value found ({running})").format(
                node=name, running=fv(running), bound=bound, want=fv(want))
    if ev is not None and same(ev.value, running) and kind != "chance":
        for bound, x in (("α", ev.alpha), ("β", ev.beta)):
            if same(got, x):
                return _("fail-soft returns the best value found: {node} returns v = {want}, "
                         "not the bound {bound} = {value}").format(
                    node=name, want=fv(want), bound=bound, value=fv(x))
    received = [(c, v, p) for c, v, p in node.returns]
    if kind == "chance":
        total = sum(p * v for _, v, p in received)
        k = len(received)
        if ev is not None:          # a cut node's value is its bound, whatever the numbers suggest
            side = "U" if ev.value <= ev.alpha else "L"
            return _("{node} is cut, so it returns its bound: Σ p·v over the outcomes searched, the "
                     "others counted at {side}: {want}, not {got}").format(
                node=name, side=side, want=fv(want), got=given(got))
        if k > 1 and same(got, total / k):
            return _Named(_("dividing by the number of outcomes: the probabilities already weigh them; "
                            "{node} returns Σ p·v = {want}, not Σ p·v / {k} = {got}").format(
                node=name, want=fv(want), k=k, got=given(got)), "divides_by_count")
        if k > 1 and same(got, sum(v for _, v, _ in received) / k):
            return _Named(_("an average without the probabilities: {node} returns Σ p·v = {want}, "
                            "not the plain mean {got}").format(node=name, want=fv(want), got=given(got)),
                          "plain_mean")
        terms = " + ".join(f"{fv(p)}·({fv(v)})" if v < 0 else f"{fv(p)}·{fv(v)}" for _, v, p in received)
        return _("{node} returns Σ p·v = {terms} = {want}, not {got}").format(
            node=name, terms=terms, want=fv(want), got=given(got))
    values = ", ".join(_("{node}: {value}").format(node=L(c), value=fv(v)) for c, v, _p in received)
    if view == "mover":
        if same(got, -want):
            side = tree.to_move(n).upper()
            return _("sign not flipped: values are for the side to move; at {node} ({side} to move) "
                     "v = max of the negated children's values ({values}) = {want}, not {got}").format(
                node=name, side=side, values=values, want=fv(want), got=given(got))
        return _("{node} returns v = max of the negated children's values ({values}) = {want}, not "
                 "{got}").format(node=name, values=values, want=fv(want), got=given(got))
    vs = [v for _, v, _ in received]
    other, best = (min(vs), max(vs)) if kind == "max" else (max(vs), min(vs))
    if same(got, other) and not same(other, want) and same(best, want):    # the other player's choice
        if kind == "max":
            return _("{node} is a MAX node: it keeps the largest value returned ({values}), "
                     "{want}, not {got}").format(node=name, values=values, want=fv(want), got=given(got))
        return _("{node} is a MIN node: it keeps the smallest value returned ({values}), "
                 "{want}, not {got}").format(node=name, values=values, want=fv(want), got=given(got))
    return _("{node} returns {want}, not {got} (its children returned {values})").format(
        node=name, want=fv(want), got=given(got), values=values)


def _why_unvisited(tree: GameTree, name: str, info: dict) -> str:
    L = tree.label
    node = next(x for x in tree.nodes if L(x) == name)
    up = tree.parent(node)
    while up is not None and up not in info:
        node, up = up, tree.parent(up)
    if up is not None:
        return _("the arc {parent}–{node} is cut, so nothing below it is searched").format(
            parent=L(up), node=L(node))
    return _("it is not in the tree searched")
