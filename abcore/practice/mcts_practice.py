"""One MCTS iteration to trace by hand: which child UCB1 selects at each level, and the totals
after the backup. The question and its key are read from a real :func:`abcore.mcts.mcts` trace
(never a second copy of the search): the tree after k iterations is the question, iteration k
is the answer."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

from ..draw.formatting import format_value as fv
from ..i18n import N_, _, ngettext
from ..mcts import C, MCTSEvent, MCTSReplay, mcts, replay_mcts
from ..own_work import entered, guarded
from ..trees import GameTree
from ..verdict import Verdict
from .answer import Row, given, same

__all__ = ["MCTSQuestion", "mcts_question", "check_mcts", "ucb_key", "ucb_rows", "slip_rows", "check_ucb",
           "c_text"]


def c_text(c: float) -> str:
    """How the questions and the checks write the exploration constant: √2 by its name, any c
    to 4 decimals (a c printed as 1.41 misleads a UCB1 value asked to two decimals).

    >>> c_text(math.sqrt(2)), c_text(1.0), c_text(0.5)
    ('√2 ≈ 1.4142', '1', '0.5')
    """
    shown = f"{c:.4f}".rstrip("0").rstrip(".")
    return f"√2 ≈ {shown}" if c == math.sqrt(2) else shown


def _d4(x: float) -> str:
    """``x`` to 4 decimals, trailing zeros dropped (2.25, 0.9465, -2.3333)."""
    return f"{x:.4f}".rstrip("0").rstrip(".").replace("-", "−")


class _Minus(float):
    """A float whose format spec writes a true minus sign (``f"{_Minus(-0.5):.2f}"`` is −0.50)."""

    def __format__(self, spec: str) -> str:
        return float.__format__(self, spec).replace("-", "−")


@dataclass(frozen=True)
class MCTSQuestion:
    """Iteration ``iteration`` of an MCTS search on ``tree``.

    ``before`` is the tree the student sees (after ``iteration`` iterations); ``expanded`` the
    node the iteration adds (None if it ends on a leaf already in the tree) and ``result`` its
    playout's result for the root player, both given in the question; ``key`` the rows of the
    answer: each node on the selected path, root first, with its total after the backup.
    """

    tree: GameTree
    iteration: int
    c: float
    trace: tuple
    before: MCTSReplay
    selects: tuple          # the select events of the iteration, root first
    backup: MCTSEvent
    expanded: str | None
    result: Any
    key: tuple


def mcts_question(tree: GameTree, *, seed: Any = 0, c: float = C, after: int | None = None) -> MCTSQuestion:
    """The question on ``tree``: the first iteration, from ``after`` on (default: once every
    root move has been tried), whose selection goes at least two levels down, each choice ahead
    of the next best UCB1 by more than 0.01 (no tie to guess), and a playout that is not a draw
    (a backup that changes the totals).

    >>> from abcore.practice import practice_tree
    >>> q = mcts_question(practice_tree(1, low=-1, high=1))
    >>> len(q.selects) >= 2, q.key[0].node, q.before.iterations == q.iteration
    (True, 'A', True)
    """
    log: list = []
    mcts(tree, tree.initial_state, simulations=60, seed=seed, c=c, trace=log)
    start = len(tree.actions(tree.initial_state)) if after is None else after
    by_it: dict[int, list] = {}
    for ev in log:
        if ev.kind != "start" and ev.kind != "end":
            by_it.setdefault(ev.iteration, []).append(ev)
    for k in sorted(by_it):
        if k < start:
            continue
        selects = [e for e in by_it[k] if e.kind == "select"]
        if (len(selects) >= 2 and not any(e.kind == "chance" for e in by_it[k])
                and all(_clear(e) for e in selects)
                and any(e.kind == "backup" and e.value != 0 for e in by_it[k])):
            break
    else:
        raise ValueError(_("no iteration of this search selects two levels down: draw a deeper "
                           "or wider tree"))
    evs = by_it[k]
    backup = next(e for e in evs if e.kind == "backup")
    expand = next((e for e in evs if e.kind == "expand"), None)
    before = replay_mcts(log, iterations=k)
    label = lambda path: tree.label(_state(tree, path))  # noqa: E731
    key = tuple(Row(label(path), None, total) for path, _pl, _cr, _n, total in backup.detail)
    return MCTSQuestion(tree, k, c, tuple(log), before, tuple(selects), backup,
                        label(expand.path) if expand else None, backup.value, key)


def _clear(ev: MCTSEvent) -> bool:
    """UCB1's choice is ahead of every other child by more than 0.01."""
    others = [s.ucb for s in ev.detail[1] if s.ucb is not None and s.move != ev.value.move]
    return all(ev.value.ucb - u > 0.01 for u in others)


def _state(tree: GameTree, path: tuple) -> str:
    s = tree.initial_state
    for m in path:
        s = tree.result(s, m)
    return s


def check_mcts(tree: GameTree, rows: list[Row], question: MCTSQuestion | None = None, **kw: Any) -> Verdict:
    """Check an answer to :func:`mcts_question` (see :func:`abcore.practice.check_trace`)."""
    q = question or mcts_question(tree, **kw)
    L = tree.label
    names = [r.node for r in rows]
    step = 0
    want = [r.node for r in q.key]
    if not rows or names[0] != want[0]:
        return Verdict(False, _("step 0: the path starts at the root, {root}").format(root=want[0]),
                       0, want[0], "select", q.key)
    for j, ev in enumerate(q.selects, 1):
        chosen = L(_state(tree, ev.path + (ev.value.move,)))
        step = j
        got = names[j] if j < len(names) else None
        if got is None:         # the rows stop at a right node: unfinished, not wrong (frreader15 d3)
            wrong = _wrong_total(tree, q, rows)         # a Verdict is falsy when not ok: no `or`
            return wrong if wrong is not None else _unfinished(q, rows, j, chosen, _(
                "go on with the child of {node} that UCB1 chooses").format(node=names[-1]))
        if got != chosen:
            msg = _select_message(tree, q, ev, got, chosen)
            return Verdict(False, _("step {step}, {node}: {message}").format(
                step=j, node=L(_state(tree, ev.path)), message=msg), j, chosen, "select", q.key)
    if len(names) < len(want):
        nxt = want[len(names)]
        wrong = _wrong_total(tree, q, rows)
        return wrong if wrong is not None else _unfinished(q, rows, len(names), nxt, _(
            "go on with {node}, the node this iteration adds").format(node=nxt))
    if len(names) > len(want):
        return Verdict(False, _("step {step}: the path ends at {node} (the new node); {other} is not "
                                "selected").format(step=len(want), node=want[-1], other=names[len(want)]),
                       len(want), names[len(want)], "select", q.key)
    for j in range(len(q.selects) + 1, len(want)):     # the node the expansion adds: no UCB1 choice
        if names[j] != want[j]:
            return Verdict(False, _("step {step}: this iteration adds {node} (the expansion's untried "
                                    "move, named with the question), not {got}").format(
                step=j, node=want[j], got=names[j]), j, want[j], "select", q.key)
    wrong = _wrong_total(tree, q, rows)
    return wrong if wrong is not None else Verdict(
        True, _("right: UCB1's {choices} choices and the {totals} totals after the backup agree with "
                "the search").format(choices=len(q.selects), totals=len(q.key)), None, None, None, q.key)


def _wrong_total(tree: GameTree, q: MCTSQuestion, rows: list[Row]) -> Verdict | None:
    """The first of ``rows`` (on the path, root first) whose total after the backup is not the
    search's, as a refusal; None when every row given holds its total."""
    for i, ((path, player, credited, visits, total), row) in enumerate(zip(q.backup.detail, rows)):
        step = len(q.key) + i
        if row.value is None or not same(row.value, total):
            name = tree.label(_state(tree, path))
            msg = _backup_message(name, row.value, q.result, (player, credited, visits, total),
                                  root=not path)
            return Verdict(False, _("step {step}, {node}: {message}").format(
                step=step, node=name, message=msg), step, name, "value", q.key)
    return None


def _unfinished(q: MCTSQuestion, rows: list[Row], step: int, node: str, next_: str) -> Verdict:
    """Rows right as far as they go (the path and their totals) that stop before the key's end:
    not ok, ``so_far``, and a message that says what comes next (``next_``) without a ✘."""
    said = ngettext("nothing wrong so far in your row", "nothing wrong so far in your {n} rows",
                    len(rows)).format(n=len(rows))
    return Verdict(False, _("{said}; {next}").format(said=said, next=next_), step, node, "select",
                   q.key, so_far=True)


def _backup_message(name: str, got: Any, result: Any, backup: tuple, whose: bool = False,
                    root: bool = False) -> str:
    """Why ``got`` is not node ``name``'s total after the backup ``(player, credited, visits,
    total)`` of a playout worth ``result`` to the root player: credited to the wrong player, not
    credited at all, or plainly wrong (``whose``: say whose total W is; ``root``: the node is the
    root, which no move leads to: its total is for the player to move there)."""
    player, credited, visits, total = backup
    old = total - credited
    if got is not None and same(got, old - credited):
        said = (_("backup credited to the wrong player: the root {node}'s total is for {player}, "
                  "the player to move there; the playout's {result} for the root player is "
                  "{credited} for {player}, so the total goes from {old} to {total}, not {got}")
                if root else
                _("backup credited to the wrong player: {node}'s total is for {player}, "
                  "who moved into it; the playout's {result} for the root player is "
                  "{credited} for {player}, so the total goes from {old} to {total}, not {got}"))
        return said.format(node=name, player=player.upper(), result=fv(result), credited=fv(credited),
                           old=fv(old), total=fv(total), got=given(got))
    if got is not None and same(got, old):
        return _("{node} is on the path, so the backup adds {credited}: {old} → {total}").format(
            node=name, credited=fv(credited), old=fv(old), total=fv(total))
    f = dict(node=name, visits=visits, old=fv(old), total=fv(total),
             credited=f"({fv(credited)})" if credited < 0 else fv(credited),
             got=given(got), player=player.upper())
    if whose and root:
        return ngettext("after the backup, the root {node} has {visits} visit (n = {visits}) and a "
                        "total of {old} + {credited} = {total} (for {player}, the player to move at "
                        "the root), not {got}",
                        "after the backup, the root {node} has {visits} visits (n = {visits}) and a "
                        "total of {old} + {credited} = {total} (for {player}, the player to move at "
                        "the root), not {got}", visits).format(**f)
    if whose:
        return ngettext("after the backup, node {node} has {visits} visit (n = {visits}) and a "
                        "total of {old} + {credited} = {total} (for {player}, who moved into it), "
                        "not {got}",
                        "after the backup, node {node} has {visits} visits (n = {visits}) and a "
                        "total of {old} + {credited} = {total} (for {player}, who moved into it), "
                        "not {got}", visits).format(**f)
    return ngettext("after the backup, node {node} has {visits} visit (n = {visits}) and a total of "
                    "{old} + {credited} = {total}, not {got}",
                    "after the backup, node {node} has {visits} visits (n = {visits}) and a total of "
                    "{old} + {credited} = {total}, not {got}", visits).format(**f)


def _select_message(tree: GameTree, q: MCTSQuestion, ev: MCTSEvent, got: str | None, chosen: str) -> str:
    L = tree.label
    n_parent, scores = ev.detail
    names = {s.move: L(_state(tree, ev.path + (s.move,))) for s in scores}
    live = [s for s in scores if s.ucb is not None]
    listing = ", ".join(_("{node}: {mean} + {explore} = {ucb}").format(
        node=names[s.move], **{k: f"{getattr(s, k):.2f}".replace("-", "−") for k in ("mean", "explore", "ucb")})
        for s in live)
    why = _("UCB1 = mean + c·√(ln N / n) with c = {c} and N = {n} ({listing}); "
            "{chosen} has the largest UCB1").format(c=c_text(q.c), n=n_parent, listing=listing, chosen=chosen)
    if got is None:
        return _("the path goes on: {why}").format(why=why)

    picks = {}
    for slip in _SELECT_SLIPS:
        rule = _ucb_rule(slip, q.c)
        best = max(live, key=lambda s: rule(s.mean * s.visits, s.visits, n_parent))
        picks[slip] = names[best.move]
    picks["most_visited"] = names[max(live, key=lambda s: s.visits).move]
    named = [slip for slip, name in picks.items() if name == got]
    if not named:
        return _("{why} (your choice matches none of the usual slips)").format(why=why)
    said = [_(_SELECT_SLIPS.get(n, _MOST_VISITED)) for n in named]
    if len(said) == 1:
        return f"{said[0]}. {why}"
    return _("your choice is what several slips give: {slips}. {why}").format(
        slips=_("; or ").join(said), why=why)


_MOST_VISITED = N_("the most visited child is the final move, not the selection")


_SELECT_SLIPS = {
    "c_one": N_("c = 1 instead of √2: UCB1 here is mean + √2·√(ln N / n)"),
    "log_n_plus_1": N_("ln(N + 1) instead of ln N: N is the parent's visits before this iteration"),
    "sqrt2_twice": N_("√2 taken twice: c = √2 already, the term is c·√(ln N / n)"),
    "total_for_mean": N_("the total W instead of the mean W / n"),
    "child_log": N_("UCB1 with the child's count: the logarithm is of the parent's N, not of the child's n"),
    "no_exploration": N_("no exploration term: UCB1 adds c·√(ln N / n) to the mean"),
    "negated_means": N_("a child's mean is already for the player who chooses it (the one who moves "
                        "into it): take the largest UCB1 of the means as they are, without negating them"),
}


# Exercise 9.4 asks what only UCB1 answers: at each node on the path, the UCB1 value of every
# child (left to right), the child chosen given with its total after the backup too, from the
# root down to the node the iteration expands from (the node it adds is not named, nor asked),
# and the root's total. The key is read from the trace's select and backup events.
UCB_TOLERANCE = 0.006     # a UCB1 value to two decimals, rounded either way (0.005, and float slack)
# The question prints c = √2 ≈ 1.4142, but a student may compute with c = 1.41 (as printed by
# earlier versions, or rounded by hand): that moves a value by (√2 − 1.41)·√(ln N / n), as much as
# 0.0042·√(ln 6) = 0.0056 at N = 6, n = 1, which with the 0.005 of rounding to two decimals
# exceeds UCB_TOLERANCE (exercise 9.4's question for student 'instructor': 3.19 against 3.1965). So a value is accepted within UCB_TOLERANCE of UCB1 with c
# exactly OR with c rounded to two decimals (never a wider tolerance for every value).
C_ROUNDED = 2


def ucb_close(got: float, sc: Any, parent_visits: int, c: float) -> bool:
    """Is ``got`` the UCB1 value of the child scored ``sc`` (a :class:`~abcore.mcts.ChildScore`),
    to two decimals, computed with ``c`` exactly or with ``c`` rounded to two decimals?

    >>> from abcore.mcts import ChildScore
    >>> e = math.sqrt(2) * math.sqrt(math.log(6) / 4)
    >>> sc = ChildScore(0, 4, 2.25, e, 2.25 + e)       # 3.1965 with √2, 3.1937 with 1.41
    >>> ucb_close(3.20, sc, 6, math.sqrt(2)), ucb_close(3.19, sc, 6, math.sqrt(2)), ucb_close(3.18, sc, 6, math.sqrt(2))
    (True, True, False)
    """
    rounded = sc.mean + round(c, C_ROUNDED) * math.sqrt(math.log(parent_visits) / sc.visits)
    return abs(got - sc.ucb) <= UCB_TOLERANCE or abs(got - rounded) <= UCB_TOLERANCE


def _ucb_rule(slip: str, c: float) -> Callable[[float, int, int], float]:
    """UCB1 as the slip ``slip`` computes it: ``score(W, n, N)`` of a child (total W, n visits)
    whose parent has N visits (``"none"``: UCB1 itself). Neither it nor the rule it gives answers
    for a student's function under a check (:mod:`abcore.own_work`)."""
    entered("kit_answer")
    ln, sqrt = math.log, math.sqrt
    rules: dict[str, Callable[[float, int, int], float]] = {
        "none": lambda W, n, N: W / n + c * sqrt(ln(N) / n),
        "c_one": lambda W, n, N: W / n + sqrt(ln(N) / n),
        "log_n_plus_1": lambda W, n, N: W / n + c * sqrt(ln(N + 1) / n),
        "sqrt2_twice": lambda W, n, N: W / n + c * math.sqrt(2) * sqrt(ln(N) / n),
        "total_for_mean": lambda W, n, N: W + c * sqrt(ln(N) / n),
        "child_log": lambda W, n, N: W / n + c * sqrt(ln(n) / n),
        "no_exploration": lambda W, n, N: W / n,
        "negated_means": lambda W, n, N: -W / n + c * sqrt(ln(N) / n),
    }
    return guarded(rules.get(slip, rules["none"]), "kit_answer")


def _in_tree_order(tree: GameTree, rows: list) -> list:
    place = {tree.label(n): i for i, n in enumerate(tree.nodes)}
    return sorted(rows, key=lambda r: place[r.node])


def ucb_key(q: MCTSQuestion) -> tuple:
    """Exercise 9.4's key, read from the trace: the root with its total after the backup, then at
    each node UCB1 selects from, its children left to right with their UCB1 value, the chosen
    one with its total after the backup too (``value``; None for the others).

    >>> from abcore.practice import practice_tree
    >>> q = mcts_question(practice_tree(1, low=-1, high=1))
    >>> rows = ucb_key(q)
    >>> rows[0].ucb is None, all(r.ucb is not None for r in rows[1:])
    (True, True)
    >>> sum(r.value is not None for r in rows[1:]) == len(q.selects)
    True
    """
    tree = q.tree
    totals = {path: total for path, _pl, _cr, _n, total in q.backup.detail}
    rows = [Row(tree.label(tree.initial_state), None, totals[()])]
    for ev in q.selects:
        step = []
        for sc in ev.detail[1]:
            if sc.ucb is None:
                continue
            path = ev.path + (sc.move,)
            total = totals[path] if sc.move == ev.value.move else None
            step.append(Row(tree.label(_state(tree, path)), None, total, ucb=sc.ucb))
        rows += _in_tree_order(tree, step)
    return tuple(rows)


def slip_rows(q: MCTSQuestion, slip: str) -> list[Row]:
    """The rows of exercise 9.4 a student making ``slip`` gives (``"none"``: the key's, which a
    test holds equal to :func:`ucb_key`): UCB1 computed the slip's way on the tree before the
    iteration, down to a node with an untried move (or a leaf), and the playout's result backed up
    (``"wrong_player"``: to the other player; ``"no_backup"``: not at all)."""
    tree, before = q.tree, q.before
    score = _ucb_rule(slip, q.c)

    def total(p: tuple) -> Any:
        node = before.nodes[p]
        credited = q.result if node.player == before.player else -q.result
        return {"wrong_player": node.total - credited, "no_backup": node.total}.get(slip, node.total + credited)

    path: tuple = ()
    rows = [Row(tree.label(tree.initial_state), None, total(()))]
    while True:
        node = before.nodes[path]
        kids = [before.nodes[p] for p in node.children if p in before.nodes]
        if node.terminal or not kids or len(kids) < len(node.moves) or any(k.visits == 0 for k in kids):
            break
        scores = {k.path: score(k.total, k.visits, node.visits) for k in kids}
        best = max(kids, key=lambda k: scores[k.path])
        rows += _in_tree_order(tree, [Row(tree.label(_state(tree, k.path)), None,
                                          total(k.path) if k is best else None, ucb=scores[k.path])
                                      for k in kids])
        path = best.path
    return rows


def ucb_rows(q: MCTSQuestion, rows: list[Row]) -> list[Row]:
    """An answer's rows as :func:`check_ucb` reads them (see :func:`_as_ucb`)."""
    return _as_ucb(rows, ucb_key(q))


def _as_ucb(rows: list[Row], key: tuple) -> list[Row]:
    """A row ``X 0.83`` (one number) after the root's: the number is the child's UCB1 value (the
    child selected has two, ``X 0.83 -2``)."""
    out = []
    for i, r in enumerate(rows):
        if i and r.ucb is None and r.value is not None:
            r = Row(r.node, r.window, None, r.cut, r.exit, r.value)
        out.append(r)
    return out


def _ucb_sum(sc: Any, parent_visits: int, c: float) -> str:
    """UCB1's sum for the child scored ``sc``, written with the c it uses (4 decimals), each
    term to 4 decimals (the sum is of the terms as written), then to two decimals.

    >>> from abcore.mcts import ChildScore
    >>> e = math.sqrt(2) * math.sqrt(math.log(6) / 4)
    >>> print(_ucb_sum(ChildScore(0, 4, 2.25, e, 2.25 + e), 6, math.sqrt(2)))
    UCB1 = mean + c·√(ln N / n) = 2.25 + 1.4142·√(ln 6 / 4) = 2.25 + 0.9465 = 3.1965, to two decimals 3.20 (c = √2 ≈ 1.4142)
    """
    mean, explore = round(sc.mean, 4), round(sc.explore, 4)
    return _("UCB1 = mean + c·√(ln N / n) = {mean} + {c:.4f}·√(ln {parent} / {visits}) = "
             "{mean} + {explore:.4f} = {sum:.4f}, to two decimals {ucb:.2f} (c = {c_text})").format(
        mean=_d4(mean), c=c, parent=parent_visits, visits=sc.visits, explore=explore,
        sum=_Minus(mean + explore), ucb=_Minus(sc.ucb), c_text=c_text(c))


def _right_so_far(q: MCTSQuestion, rows: list[Row], key: Any) -> bool:
    """Whether every UCB1 value of ``rows`` (an answer that stops early, its children named as the
    key's) is the key's, and a total stands only on the child UCB1 selects (rev28s A1: a total on
    another child, or on two children of one level, is a wrong selection, not an unfinished one)."""
    tree, i = q.tree, 1
    for ev in q.selects:
        for x in ev.detail[1]:
            if x.ucb is None:
                continue
            if i >= len(rows):
                return True
            sc = next((y for y in ev.detail[1] if tree.label(_state(tree, ev.path + (y.move,))) == rows[i].node),
                      None)
            if sc is None or rows[i].ucb is None or not ucb_close(float(rows[i].ucb), sc, ev.detail[0], q.c):
                return False
            if rows[i].value is not None and key[i].value is None:
                return False
            i += 1
    return True


def check_ucb(q: MCTSQuestion, rows: list[Row]) -> Verdict:
    """Check an answer to exercise 9.4: ``ROOT TOTAL``, then at each node on the path its children
    left to right, ``CHILD UCB1`` (``CHILD UCB1 TOTAL`` for the one UCB1 selects)."""
    tree, key = q.tree, ucb_key(q)
    rows = _as_ucb(rows, key)
    if not rows or rows[0].node != key[0].node:
        return Verdict(False, _("row 1: the path starts at the root, {root}: `{root} TOTAL`").format(
            root=key[0].node), 0, key[0].node, "select", key, so_far=not rows)
    i = 1
    for ev in q.selects:
        kids = key[i:i + sum(1 for sc in ev.detail[1] if sc.ucb is not None)]
        parent = tree.label(_state(tree, ev.path))
        got = rows[i:i + len(kids)]
        if [r.node for r in got] != [k.node for k in kids]:
            # the rows end here, right so far: unfinished, not wrong (frreader13 d2)
            stops = len(rows) < i + len(kids) and [r.node for r in got] == [k.node for k in kids][:len(got)]
            return Verdict(False, _("row {row}: at {parent}, give every child left to right with its "
                                    "UCB1 value ({children}), then go on below the one UCB1 "
                                    "selects").format(row=i + 1, parent=parent,
                                                      children=', '.join(k.node for k in kids)),
                           i, kids[0].node, "select", key, so_far=stops and _right_so_far(q, rows, key))
        chosen = next(k.node for k in kids if k.value is not None)
        picked = [r.node for r in got if r.value is not None]
        if picked != [chosen]:
            msg = _select_message(tree, q, ev, picked[0] if len(picked) == 1 else None, chosen)
            if len(picked) > 1:
                msg = _("give a total to the one child UCB1 selects only: {message}").format(message=msg)
            return Verdict(False, _("row {row}, at {parent}: {message}").format(
                row=i + 1, parent=parent, message=msg), i, chosen, "select", key)
        for j, (r, k) in enumerate(zip(got, kids), i):
            sc = next(x for x in ev.detail[1] if tree.label(_state(tree, ev.path + (x.move,))) == k.node)
            if r.ucb is None or not ucb_close(float(r.ucb), sc, ev.detail[0], q.c):
                return Verdict(False, _("row {row}, {node}: {sum}, not {got}").format(
                    row=j + 1, node=k.node, sum=_ucb_sum(sc, ev.detail[0], q.c),
                    got=_("nothing") if r.ucb is None else fv(r.ucb)), j, k.node, "ucb", key)
        i += len(kids)
    if len(rows) > len(key):
        last = [k.node for k in key if k.value is not None][-1]
        return Verdict(False, _("row {row}: the path ends at {node}: it has a move never tried "
                                "(or is a leaf), so the iteration expands there (the node it adds is "
                                "not asked); {other} is not selected").format(
            row=len(key) + 1, node=last, other=rows[len(key)].node),
            len(key), rows[len(key)].node, "select", key)
    detail = {tree.label(_state(tree, p)): (player, credited, visits, total)
              for p, player, credited, visits, total in q.backup.detail}
    for j, (r, k) in enumerate(zip(rows, key)):
        if k.value is not None and (r.value is None or not same(r.value, k.value)):
            msg = _backup_message(k.node, r.value, q.result, detail[k.node], whose=True, root=j == 0)
            _player, credited, _visits, total = detail[k.node]
            # the row itself says the slip (credited to the wrong player): no "matches none" after it
            named = r.value is not None and same(r.value, total - 2 * credited)
            return Verdict(False, _("row {row}, {node}: {message}").format(
                row=j + 1, node=k.node, message=msg), j, k.node, "value", key,
                slip="wrong_player" if named else None)
    return Verdict(True, _("right: UCB1's values at the {n} nodes of the path, its choices and the "
                           "totals after the backup").format(n=len(q.selects)), None, None, None, key)


