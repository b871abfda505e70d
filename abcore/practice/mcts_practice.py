"""One MCTS iteration to trace by hand: which child UCB1 selects at each level, and the totals
after the backup. The question and its key are read from a real :func:`abcore.mcts.mcts` trace
(never a second copy of the search): the tree after k iterations is the question, iteration k
is the answer."""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..draw.formatting import format_value as fv
from ..mcts import C, MCTSEvent, MCTSReplay, mcts, replay_mcts
from ..trees import GameTree
from .answer import Row, same

__all__ = ["MCTSQuestion", "mcts_question", "check_mcts"]


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
        raise ValueError("no iteration of this search selects two levels down: draw a deeper "
                         "or wider tree")
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


def check_mcts(tree: GameTree, rows: list[Row], question: MCTSQuestion | None = None, **kw: Any) -> Any:
    """Check an answer to :func:`mcts_question` (see :func:`abcore.practice.check_trace`)."""
    from .check import Verdict
    q = question or mcts_question(tree, **kw)
    L = tree.label
    names = [r.node for r in rows]
    step = 0
    want = [r.node for r in q.key]
    if not rows or names[0] != want[0]:
        return Verdict(False, f"step 0: the path starts at the root, {want[0]}", 0, want[0], "select", q.key)
    for j, ev in enumerate(q.selects, 1):
        chosen = L(_state(tree, ev.path + (ev.value.move,)))
        step = j
        got = names[j] if j < len(names) else None
        if got != chosen:
            msg = _select_message(tree, q, ev, got, chosen)
            return Verdict(False, f"step {j}, {L(_state(tree, ev.path))}: {msg}", j, chosen, "select", q.key)
    if len(names) < len(want):
        return Verdict(False, f"step {len(names)}: the path goes on to {want[len(names)]}, the node "
                       "this iteration adds", len(names), want[len(names)], "select", q.key)
    if len(names) > len(want):
        return Verdict(False, f"step {len(want)}: the path ends at {want[-1]} (the new node); "
                       f"{names[len(want)]} is not selected", len(want), names[len(want)], "select", q.key)
    for j in range(len(q.selects) + 1, len(want)):     # the node the expansion adds: no UCB1 choice
        if names[j] != want[j]:
            return Verdict(False, f"step {j}: this iteration adds {want[j]} (the expansion's untried move, "
                           f"named with the question), not {names[j]}", j, want[j], "select", q.key)
    for i, ((path, player, credited, visits, total), row) in enumerate(zip(q.backup.detail, rows)):
        step = len(want) + i
        if row.value is None or not same(row.value, total):
            old = total - credited
            name = L(_state(tree, path))
            if row.value is not None and same(row.value, old - credited):
                msg = (f"backup credited to the wrong player: {name}'s total is for {player.upper()}, "
                       f"who moved into it; the playout's {fv(q.result)} for the root player is "
                       f"{fv(credited)} for {player.upper()}, so the total goes from {fv(old)} to "
                       f"{fv(total)}, not {fv(row.value)}")
            elif row.value is not None and same(row.value, old):
                msg = f"{name} is on the path, so the backup adds {fv(credited)}: {fv(old)} → {fv(total)}"
            else:
                msg = (f"after the backup {name} has N = {visits} and total W = {fv(old)} + "
                       f"{fv(credited)} = {fv(total)}, not {fv(row.value)}")
            return Verdict(False, f"step {step}, {name}: {msg}", step, name, "value", q.key)
    return Verdict(True, f"right: UCB1's {len(q.selects)} choices and the {len(q.key)} totals "
                         "after the backup agree with the search", None, None, None, q.key)


def _select_message(tree: GameTree, q: MCTSQuestion, ev: MCTSEvent, got: str | None, chosen: str) -> str:
    L = tree.label
    n_parent, scores = ev.detail
    names = {s.move: L(_state(tree, ev.path + (s.move,))) for s in scores}
    live = [s for s in scores if s.ucb is not None]
    listing = ", ".join(f"{names[s.move]}: {s.mean:.2f} + {s.explore:.2f} = {s.ucb:.2f}" for s in live)
    why = (f"UCB1 = mean + c·√(ln N / n) with N = {n_parent} ({listing}); {chosen} has the largest")
    if got is None:
        return f"the path goes on: {why}"

    def pick(f: Any) -> str:
        return names[max(live, key=f).move]
    if got == pick(lambda s: s.mean + q.c * math.sqrt(math.log(max(s.visits, 1)) / s.visits)) and got != chosen:
        return f"UCB with the child's count: the logarithm is of the parent's N = {n_parent}, not of the child's n. {why}"
    if got == pick(lambda s: s.mean):
        return f"no exploration term: UCB1 adds c·√(ln N / n) to the mean. {why}"
    if got == names[min(live, key=lambda s: s.mean).move]:
        return (f"a child's mean is already for the player who chooses it (the one who moves into "
                f"it): take the largest UCB1 of the means as they are, without negating them. {why}")
    if got == pick(lambda s: s.visits):
        return f"the most visited child is the final move, not the selection. {why}"
    return why
