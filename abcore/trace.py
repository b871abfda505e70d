"""Search traces: the event log a search writes when given ``trace=[]``, and its replay.

A search appends :class:`Event` tuples to the list it is given; nothing else. The log is complete
enough to replay the search frame by frame: :func:`replay` rebuilds, for any prefix of the log,
the tree explored so far (which node is on the recursion stack, each node's (α, β) window, the
values returned, the children cut off). Plots and widgets are pure functions of that replay:
:func:`replay` is the only code that interprets events.

A log holds one or more *passes*: each ``start`` event opens one. A driver that searches the
same root again (iterative deepening, an aspiration re-search, MTD(f)) numbers its passes 0, 1,
2...; each pass has its own explored tree (``replay(log, pass_=k)``, :func:`passes`). Two
separate searches appended to one list both start with pass 0: :func:`replay` refuses such a
merged log rather than draw them as one tree.

Kinds of event, and what ``value`` and ``detail`` hold:

========  ==========================================  =====================================
kind      when                                        detail
========  ==========================================  =====================================
start     a pass opens; alpha, beta: its window        a :class:`Pass`
enter     a node is entered with window (α, β)        the move that led here (None: root)
leaf      a static evaluation; value = its score       ``"utility"`` or ``"evaluate"``
hit       a table entry answered for the node          ``"exact"``, ``"lower"`` or ``"upper"``
return    a child's value came back; value = running  ``(move, child_value, probability)``
          best of the node                            (probability None but at chance nodes)
research  a child is searched again with the wider    the move searched again
          window (alpha, beta); value = what the
          narrower search returned
alpha     α was raised (alpha holds the new α)        the old α
beta      β was lowered (beta holds the new β)        the old β
probe     a chance node learnt bounds on an outcome     ``(outcome, low, high, probability)``
          from one move of it (Star2)
cut       the node stops; value = what it returns      the moves skipped, in order
leave     the node returns value                      None
========  ==========================================  =====================================

Values are from the root player's point of view (MAX), except for searches whose description
has ``view="mover"`` (negamax, pvs), where each node's values and window are from the point of
view of the side to move there (seed 000).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Iterable, NamedTuple

from .errors import AbcoreError
from .i18n import _

__all__ = ["Event", "Pass", "TraceNode", "Replay", "replay", "passes", "KINDS", "MergedTraceError"]

KINDS = ("start", "enter", "leaf", "hit", "return", "research", "probe", "alpha", "beta", "cut",
         "leave")


class Event(NamedTuple):
    kind: str
    state: Hashable
    depth: int
    alpha: float
    beta: float
    value: Any = None
    detail: Any = None


class Pass(NamedTuple):
    """The detail of a ``start`` event: which search, for whom, to what depth, with what
    window, and the pass's number in its search (0 for the first)."""

    algorithm: str
    player: Hashable
    depth: int | None
    alpha: float
    beta: float
    number: int = 0


class MergedTraceError(AbcoreError, ValueError):
    """A log that holds several separate searches appended to one list."""


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
    received: Any = None         # the value its parent received from it (in the parent's view)
    searches: int = 1            # times entered in this pass (2 after a re-search)
    hit: str | None = None       # the table's answer for it, if one answered


@dataclass
class Replay:
    """The explored tree of one pass after ``upto`` events of a trace."""

    algorithm: str
    player: Hashable
    nodes: dict                  # path -> TraceNode, in order of entry
    stack: list                  # paths on the recursion stack, root first
    last: Event | None           # the last event replayed
    count: dict                  # nodes, leaves, cutoffs so far (in this pass)

    last_path: tuple | None = None   # the node the last event happened at
    pass_: int = 0               # which pass of the log this is
    passes: int = 1              # how many passes the log holds
    info: Pass | None = None     # the pass's start event detail
    researches: int = 0          # children searched again so far (in this pass)
    paths: list = field(default_factory=list)   # the node path of each event of the pass

    @property
    def current(self) -> TraceNode | None:
        """The node the last event happened at (None before the root is entered); for a
        ``leave`` event, the node that returned."""
        return None if self.last_path is None else self.nodes[self.last_path]


def passes(trace: Iterable[Event]) -> list[tuple[int, int, Pass]]:
    """``(first, stop, info)`` for each pass of the log: its events are ``log[first:stop]``.

    Raises :class:`MergedTraceError` if the log holds two separate searches.

    >>> from abcore import GameTree, alphabeta
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> log = []
    >>> _ = alphabeta(t, 'r', trace=log)
    >>> [(first, stop, info.algorithm) for first, stop, info in passes(log)]
    [(0, 46, 'alphabeta')]
    """
    events = list(trace)
    starts = [i for i, e in enumerate(events) if e.kind == "start"]
    if not starts or starts[0] != 0:
        raise ValueError(_("a trace is the list a search filled when given trace=[]; this one does "
                           "not start with a 'start' event"))
    out = []
    for k, first in enumerate(starts):
        info = events[first].detail
        if not isinstance(info, Pass):
            info = Pass(info[0], info[1], None, events[first].alpha, events[first].beta, k)
        if info.number != k:
            raise MergedTraceError(_(
                "this log holds separate searches appended to one list: events 0 and {first} "
                "both open a pass numbered {number} of a search. Give each search its own "
                "list (trace=[] for each call), or replay them apart: replay(log[:{first}]) and "
                "replay(log[{first}:])").format(first=first, number=info.number))
        stop = starts[k + 1] if k + 1 < len(starts) else len(events)
        out.append((first, stop, info))
    return out


def replay(trace: Iterable[Event], upto: int | None = None, pass_: int | None = None) -> Replay:
    """Rebuild the explored tree from the first ``upto`` events of ``trace`` (all by default).

    In a log of several passes, the tree is that of pass ``pass_`` (default: the pass the
    ``upto``-th event belongs to, the last pass for the whole log), cut at ``upto``. A log of
    separate searches appended to one list is refused (:class:`MergedTraceError`).

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
    >>> alphabeta(t, t.initial_state, trace=log).value    # a second search in the same list
    3
    >>> replay(log)
    Traceback (most recent call last):
    ...
    abcore.trace.MergedTraceError: this log holds separate searches appended to one list: events 0 and 46 both open a pass numbered 0 of a search. Give each search its own list (trace=[] for each call), or replay them apart: replay(log[:46]) and replay(log[46:])
    """
    events = list(trace)
    spans = passes(events)
    end = len(events) if upto is None else max(0, min(upto, len(events)))
    if pass_ is None:
        k = max((i for i, (first, _, _) in enumerate(spans) if first < end), default=0)
    elif not 0 <= pass_ < len(spans):
        raise IndexError(_("pass {n} does not exist: this log holds passes 0 to {last}").format(
            n=pass_, last=len(spans) - 1))
    else:
        k = pass_
    first, stop, info = spans[k]
    return _replay_pass(events[first:min(stop, max(end, first))], info, k, len(spans))


def _replay_pass(events: list[Event], info: Pass, k: int, total: int) -> Replay:
    nodes: dict = {}
    stack: list = []
    count = {"nodes": 0, "leaves": 0, "cutoffs": 0}
    researches = 0
    last_path: tuple | None = None
    paths: list = []
    for ev in events:
        kind = ev.kind
        if kind == "start":
            paths.append(None)
            continue
        if kind == "enter":
            path = stack[-1] + (ev.detail,) if stack else ()
            node = TraceNode(path, ev.state, ev.depth, (ev.alpha, ev.beta), ev.alpha, ev.beta)
            old = nodes.get(path)
            if old is not None:           # a re-search: the new search replaces the old subtree
                node.searches = old.searches + 1
                n = len(path)
                for p in [p for p in nodes if len(p) > n and p[:n] == path]:
                    del nodes[p]
            elif stack:
                nodes[stack[-1]].children.append(path)
            nodes[path] = node
            stack.append(path)
            last_path = path
            count["nodes"] += 1
            paths.append(path)
            continue
        last_path = stack[-1]
        paths.append(last_path)
        node = nodes[last_path]
        node.alpha, node.beta = ev.alpha, ev.beta
        if kind == "leaf":
            node.leaf, node.value = True, ev.value
            count["leaves"] += 1
        elif kind == "hit":
            node.hit, node.value = ev.detail, ev.value
        elif kind == "return":
            node.value = ev.value
            move, child_value, prob = ev.detail
            child = nodes[node.path + (move,)]
            child.received = child_value
            if prob is not None:
                child.probability = prob
        elif kind == "research":
            researches += 1
        elif kind in ("alpha", "beta"):
            node.value = ev.value
        elif kind == "cut":
            node.skipped, node.value = tuple(ev.detail), ev.value
            count["cutoffs"] += 1
        elif kind == "leave":
            node.value, node.done = ev.value, True
            stack.pop()
    return Replay(info.algorithm, info.player, nodes, stack, events[-1] if events else None,
                  count, last_path, k, total, info, researches, paths)
