"""Search traces: the event log a search writes when given ``trace=[]``, and its replay.

A search appends :class:`Event` tuples to the list it is given; nothing else. The log is complete
enough to replay the search frame by frame: :func:`replay` rebuilds, for any prefix of the log,
the tree explored so far (which node is on the recursion stack, each node's (α, β) window, the
values returned, the children cut off). Plots and widgets are pure functions of that replay.

Kinds of event, and what ``value`` and ``detail`` hold:

========  ==========================================  =====================================
kind      when                                        detail
========  ==========================================  =====================================
start     once, first                                 ``(algorithm, player)``
enter     a node is entered with window (α, β)        the move that led here (None: root)
leaf      a static evaluation; value = its score       ``"utility"`` or ``"evaluate"``
return    a child's value came back; value = running  ``(move, child_value, probability)``
          best of the node                            (probability None but at chance nodes)
alpha     α was raised (alpha holds the new α)        the old α
beta      β was lowered (beta holds the new β)        the old β
cut       the node stops; value = what it returns      the moves skipped, in order
leave     the node returns value                      None
========  ==========================================  =====================================

Values are from the root player's point of view (MAX), except in ``negamax`` traces, where each
node's values and window are from the point of view of the side to move there (seed 000).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Iterable, NamedTuple

__all__ = ["Event", "TraceNode", "Replay", "replay", "KINDS"]

KINDS = ("start", "enter", "leaf", "return", "alpha", "beta", "cut", "leave")


class Event(NamedTuple):
    kind: str
    state: Hashable
    depth: int
    alpha: float
    beta: float
    value: Any = None
    detail: Any = None


@dataclass
class TraceNode:
    """One node of the explored tree, as known after some prefix of the trace."""

    path: tuple                  # moves from the root (outcome indices at chance nodes)
    state: Hashable
    depth: int
    window: tuple                # (α, β) when entered
    alpha: float                 # current α
    beta: float                  # current β
    value: Any = None            # running best, then the returned value
    leaf: bool = False           # statically evaluated
    done: bool = False           # returned
    children: list = field(default_factory=list)   # paths of the children entered, in order
    skipped: tuple = ()          # moves cut off (not searched)
    probability: float | None = None   # of reaching this node from a chance parent


@dataclass
class Replay:
    """The explored tree after ``upto`` events of a trace."""

    algorithm: str
    player: Hashable
    nodes: dict                  # path -> TraceNode, in order of entry
    stack: list                  # paths on the recursion stack, root first
    last: Event | None           # the last event replayed
    count: dict                  # nodes, leaves, cutoffs so far

    last_path: tuple | None = None   # the node the last event happened at

    @property
    def current(self) -> TraceNode | None:
        """The node the last event happened at (None before the root is entered); for a
        ``leave`` event, the node that returned."""
        return None if self.last_path is None else self.nodes[self.last_path]


def replay(trace: Iterable[Event], upto: int | None = None) -> Replay:
    """Rebuild the explored tree from the first ``upto`` events of ``trace`` (all by default).

    Examples
    --------
    >>> from abcore import GameTree, alphabeta
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> log = []
    >>> alphabeta(t, t.initial_state, trace=log).value
    3
    >>> r = replay(log)
    >>> r.count
    {'nodes': 11, 'leaves': 7, 'cutoffs': 2}
    >>> r.nodes[(1,)].skipped       # the second MIN node stops after its first leaf, 2 < 3
    (1, 2)
    """
    events = list(trace)
    if upto is not None:
        events = events[:upto]
    algorithm, player = ("?", None)
    nodes: dict = {}
    stack: list = []
    count = {"nodes": 0, "leaves": 0, "cutoffs": 0}
    last_path: tuple | None = None
    for ev in events:
        kind = ev.kind
        if kind == "start":
            algorithm, player = ev.detail
            continue
        if kind == "enter":
            path = stack[-1] + (ev.detail,) if stack else ()
            node = TraceNode(path, ev.state, ev.depth, (ev.alpha, ev.beta), ev.alpha, ev.beta)
            if stack:
                nodes[stack[-1]].children.append(path)
            nodes[path] = node
            stack.append(path)
            last_path = path
            count["nodes"] += 1
            continue
        last_path = stack[-1]
        node = nodes[last_path]
        node.alpha, node.beta = ev.alpha, ev.beta
        if kind == "leaf":
            node.leaf, node.value = True, ev.value
            count["leaves"] += 1
        elif kind == "return":
            node.value = ev.value
            move, _, prob = ev.detail
            if prob is not None:
                nodes[node.path + (move,)].probability = prob
        elif kind in ("alpha", "beta"):
            node.value = ev.value
        elif kind == "cut":
            node.skipped, node.value = tuple(ev.detail), ev.value
            count["cutoffs"] += 1
        elif kind == "leave":
            node.value, node.done = ev.value, True
            stack.pop()
    return Replay(algorithm, player, nodes, stack, events[-1] if events else None, count, last_path)
