"""The MCTS trace: its events, and the one reader that rebuilds the tree from them.

:func:`~abcore.mcts.mcts` given ``trace=[]`` appends :class:`MCTSEvent` tuples; nothing else.
:func:`replay_mcts` rebuilds the tree as it stood after any prefix of the log (or after k
iterations); drawings and widgets read that replay, never the search.

A path is the tuple of moves from the search's root (outcome indices below a chance state).
Values in ``playout`` and ``backup`` events are for the root player; each backup row also has
the value credited to its node's own player.

=========  =========  ========================  =============================================
kind       phase      value                     detail
=========  =========  ========================  =============================================
start      (none)     None                      dict: state, player, c, solve, simulations,
                                                seconds, tree (the nodes of a reused tree)
select     selection  the chosen ChildScore     (N(parent), ChildScore of every child); path is
                                                the parent's; pruned children have ucb None
chance     selection  the outcome index         its probability; path is the chance state's
expand     expansion  None                      NodeInfo of the new node (path is its path)
playout    playout    result, for root player   (moves played, "terminal" | "evaluate" |
                                                "proven"); path is where it started
backup     backup     result, for root player   rows (path, player, value credited, visits,
                                                total) from the root down, after the update
bounds     backup     (lo, hi) for the node's   the node's player (solver: proven when lo == hi)
                      player
end        (none)     simulations run           why it stopped: "simulations", "seconds",
                                                "proven", "terminal"
=========  =========  ========================  =============================================
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Hashable, Iterable, NamedTuple

from ..i18n import _

if TYPE_CHECKING:
    from .node import Node

__all__ = ["MCTSEvent", "ChildScore", "NodeInfo", "ReplayNode", "MCTSReplay", "replay_mcts",
           "KINDS", "PHASES", "snapshot"]

KINDS = ("start", "select", "chance", "expand", "playout", "backup", "bounds", "end")
PHASES = {"select": "selection", "chance": "selection", "expand": "expansion",
          "playout": "playout", "backup": "backup", "bounds": "backup"}


class MCTSEvent(NamedTuple):
    kind: str
    iteration: int          # 0-based; the `end` event holds the number run
    path: tuple
    value: Any = None
    detail: Any = None


class ChildScore(NamedTuple):
    """A child's UCB1 value when its parent chose: ``ucb = mean + explore``."""

    move: Any
    visits: int
    mean: float             # for the player choosing
    explore: float | None   # c * sqrt(ln N(parent) / visits)
    ucb: float | None


class NodeInfo(NamedTuple):
    state: Hashable
    player: Hashable        # credited with the node's values
    moves: tuple            # legal moves (a decision state)
    terminal: bool
    chance: bool
    lo: float               # solver bounds for `player`
    hi: float


def snapshot(root: "Node", rp_sign: int) -> tuple:
    """``(path, NodeInfo, visits, total)`` for every node of an existing tree (reuse), root first."""
    rows = []
    stack: list = [(root, ())]
    while stack:
        n, p = stack.pop()
        if n.visits == 0 and n.parent is None:
            return ()
        legal = tuple(n.untried or ()) + tuple(c.move for c in n.children if c is not None) \
            if n.untried is not None else ()
        rows.append((p, NodeInfo(n.state, n.player, legal, n.terminal, n.outcomes is not None,
                                 n.lo, n.hi), n.visits, n.total))
        stack.extend((c, p + (c.move,)) for c in reversed(n.children) if c is not None)
    return tuple(rows)


@dataclass
class ReplayNode:
    """A node of the tree as it stood after some prefix of the trace."""

    path: tuple
    state: Hashable
    player: Hashable
    moves: tuple = ()
    terminal: bool = False
    chance: bool = False
    visits: int = 0
    total: float = 0
    lo: float = float("-inf")
    hi: float = float("inf")
    children: list = field(default_factory=list)   # paths, in order of expansion

    @property
    def mean(self) -> float:
        """Mean value for ``player`` (who moved into the node); 0.0 unvisited."""
        return self.total / self.visits if self.visits else 0.0

    @property
    def proven(self) -> bool:
        return self.lo == self.hi


@dataclass
class MCTSReplay:
    """The tree after ``events`` events of a trace: what a view of MCTS draws."""

    nodes: dict                  # path -> ReplayNode, in order of creation
    player: Hashable             # the root player
    c: float
    solve: bool
    iterations: int              # iterations completed (backed up)
    phase: str                   # phase of the last event: "start", "selection", "expansion",
                                 # "playout", "backup" or "end"
    selected: tuple = ()         # paths from the root along the current (or last) iteration
    steps: tuple = ()            # the select / chance events of that iteration, in order
    playout: MCTSEvent | None = None   # its playout event, once reached
    last: MCTSEvent | None = None
    events: int = 0
    stopped: str | None = None   # why the search stopped, at the end

    def value_for_root_player(self, path: tuple) -> float:
        """The mean of the node at ``path`` turned to the root player's side (zero-sum)."""
        n = self.nodes[path]
        return n.mean if n.player == self.player else -n.mean


def replay_mcts(trace: Iterable[MCTSEvent], upto: int | None = None, *,
                iterations: int | None = None) -> MCTSReplay:
    """Rebuild the tree from the first ``upto`` events of ``trace``, or from every event up to
    the end of iteration ``iterations`` (give one of them, or neither for the whole trace).

    Examples
    --------
    >>> from abcore.games import Nim
    >>> from abcore.mcts import mcts
    >>> g, log = Nim(5), []
    >>> r = mcts(g, g.initial_state, simulations=50, seed=3, trace=log)
    >>> after = replay_mcts(log, iterations=10)
    >>> after.iterations, after.nodes[()].visits, after.phase
    (10, 10, 'backup')
    >>> full = replay_mcts(log)
    >>> full.nodes[()].visits, full.stopped, dict((m, full.nodes[(m,)].visits) for m in (1, 2, 3)) == dict(r.visits)
    (50, 'simulations', True)
    """
    events = _prefix(list(trace), upto, iterations)
    rep = _start(events)
    current = -1
    selected: list = [()]
    steps: list = []
    for ev in events[1:]:
        kind = ev.kind
        if kind not in KINDS:
            raise ValueError(_("unknown MCTS event kind {kind!r}; kinds are {kinds}").format(kind=kind, kinds=KINDS))
        if kind in ("select", "chance", "expand", "playout") and ev.iteration != current:
            current, selected, steps, rep.playout = ev.iteration, [()], [], None
        if kind in ("select", "chance"):
            steps.append(ev)
            move = ev.value.move if kind == "select" else ev.value
            selected.append(ev.path + (move,))
        elif kind == "expand":
            info = ev.detail
            rep.nodes[ev.path] = ReplayNode(ev.path, info.state, info.player, info.moves,
                                            info.terminal, info.chance, lo=info.lo, hi=info.hi)
            parent = rep.nodes[ev.path[:-1]]
            if ev.path not in parent.children:
                parent.children.append(ev.path)
            if selected[-1] != ev.path:
                selected.append(ev.path)
        elif kind == "playout":
            rep.playout = ev
        elif kind == "backup":
            for path, _player, _credited, visits, total in ev.detail:
                node = rep.nodes[path]
                node.visits, node.total = visits, total
            rep.iterations += 1
        elif kind == "bounds":
            rep.nodes[ev.path].lo, rep.nodes[ev.path].hi = ev.value
        elif kind == "end":
            rep.stopped = ev.detail
        rep.phase = PHASES.get(kind, kind)
        rep.last = ev
    rep.selected, rep.steps, rep.events = tuple(selected), tuple(steps), len(events)
    return rep


def _prefix(events: list, upto: int | None, iterations: int | None) -> list:
    """The first ``upto`` events, or every event up to the end of iteration ``iterations``
    (with the ``bounds`` events of its proof), or all of them."""
    if upto is not None and iterations is not None:
        raise ValueError(_("give upto (events) or iterations, not both"))
    if upto is not None:
        return events[:upto]
    if iterations is None:
        return events
    if iterations < 0:
        raise ValueError(_("iterations must be >= 0; got {n}").format(n=iterations))
    k = 0
    done = 0
    for k, ev in enumerate(events):
        if done == iterations and ev.kind not in ("start", "bounds"):
            break
        if ev.kind == "backup":
            done += 1
    else:
        k = len(events)
    if done < iterations:
        raise ValueError(_("the trace has {done} iterations, fewer than {n}").format(done=done, n=iterations))
    return events[:k]


def _start(events: list) -> MCTSReplay:
    """The replay after the ``start`` event: the root, and the nodes of a reused tree."""
    if not events or events[0].kind != "start":
        raise ValueError(_("not an MCTS trace: it must begin with a 'start' event (pass the list "
                           "given to mcts(..., trace=...))"))
    first = events[0].detail
    rep = MCTSReplay({}, first["player"], first["c"], first["solve"], 0, "start")
    rep.nodes[()] = ReplayNode((), first["state"], first["player"])
    for path, info, visits, total in first["tree"]:
        node = rep.nodes.get(path)
        if node is None:
            node = rep.nodes[path] = ReplayNode(path, info.state, info.player)
            rep.nodes[path[:-1]].children.append(path)
        node.player, node.moves, node.terminal, node.chance = info.player, info.moves, info.terminal, info.chance
        node.lo, node.hi, node.visits, node.total = info.lo, info.hi, visits, total
    return rep
