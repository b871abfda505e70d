"""The model behind a drawing: which nodes to draw, where, and in what state at a given frame.

:func:`tree_graph` turns a tree, a trace (or both) and a frame number into a networkx
``DiGraph`` whose node and arc attributes say everything :func:`abcore.draw.draw_tree` draws:
kind, status (seed 004's not yet visited / being visited / visited, or pruned), values and
whether they are bounds, windows, cut arcs, faded arcs, the principal variation, positions.
It draws nothing and searches nothing: a pure function of its input, so a frame can be tested
without looking at pixels.
"""
from __future__ import annotations

from typing import Any, Hashable, Iterable, NamedTuple

import networkx as nx

from ..search.descriptions import describe
from ..trace import Event, Replay, replay
from .layout import tidy_layout
from ..i18n import _

__all__ = ["tree_graph", "is_trace"]


def is_trace(x: Any) -> bool:
    """A list (or tuple) of events that starts with a search's ``start`` event: what a view
    that takes ``(tree, trace)`` finds in its first argument when the two are swapped.

    >>> is_trace([Event("start", (), 0, None, None, None, "alphabeta")]), is_trace("r")
    (True, False)
    """
    return (isinstance(x, (list, tuple)) and len(x) > 0 and isinstance(x[0], Event)
            and x[0].kind == "start")


def _events(trace: Any) -> list:
    if isinstance(trace, Replay):
        raise TypeError(_("pass the trace itself (the list of events), with upto= for a frame"))
    events = list(trace)
    if not events or not isinstance(events[0], Event) or events[0].kind != "start":
        raise ValueError(_("a trace is the list a search filled when given trace=[]; this one does "
                           "not start with a 'start' event"))
    return events


def tree_graph(tree: Any = None, trace: Iterable[Event] | None = None, *, upto: int | None = None,
               game: Any = None, max_depth: int | None = None, max_nodes: int = 80,
               values: dict | None = None, search_order: bool = True) -> nx.DiGraph:
    """The picture's model: a ``DiGraph`` of the nodes to draw, with what to draw at each.

    Parameters
    ----------
    tree : GameTree or None
        The tree (drawn whole), or None to draw only what ``trace`` explored (its cut moves
        become placeholder nodes of kind ``"cut"``).
    trace : list of Event, optional
        The events of a search (``trace=[]``).
    upto : int, optional
        Draw the frame after that many events (default: all); the layout always comes from the
        whole trace, so it does not move from frame to frame.
    game : Game, optional
        With a trace alone, says who moves at each explored state (``to_move``,
        ``is_chance``); without it MAX and MIN alternate by depth.
    max_depth : int, optional
        Draw down to this depth; by default the deepest depth that keeps the drawing within
        ``max_nodes`` nodes. ``graph.graph["hidden"]`` counts what was left out.
    max_nodes : int
        See ``max_depth``.
    values : dict, optional
        ``{node: value}`` to show on a tree drawn without a trace (e.g. ``tree_values(tree)``);
        the principal variation then follows it.
    search_order : bool
        Lay children out in the order the search took them.

    Returns
    -------
    networkx.DiGraph
        Node attributes: ``kind`` (max, min, chance, leaf, cut), ``label``, ``status``
        (plain, unvisited, active, visited, pruned), ``leaf_value``, ``value``, ``bound`` ('',
        '≤', '≥': the value is only a bound), ``running`` (the value is the best so far, not
        yet returned), ``window_in`` and ``window`` ((α, β) on entry, on the way down, and now,
        on the way up; None without a window), ``side`` (who moves there), ``state``,
        ``hidden`` (descendants not drawn), ``pos``. Arc attributes: ``move`` (as the tree
        names it, a chance arc's too), ``p``, ``cut``, ``faded``, ``pv``. Graph attributes: ``description`` (the search's
        :class:`~abcore.search.descriptions.Description`), ``negamax``, ``hidden``, and for a frame
        ``stack``, ``count``, ``current``, ``window``, ``window_in``, ``names``, ``calls``.

    Examples
    --------
    >>> from abcore import GameTree, alphabeta
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> _ = alphabeta(t, 'r', trace=(log := []))
    >>> g = tree_graph(t, log)
    >>> g.nodes['r']['value'], g.nodes['r.1']['bound'], g.nodes['r']['window_in'], g.nodes['r']['window']
    (3, '≤', (-inf, inf), (3, inf))
    >>> sorted((u, v) for u, v, cut in g.edges(data='cut') if cut)
    [('r.1', 'r.1.1'), ('r.1', 'r.1.2')]
    """
    if tree is None and trace is None:
        raise ValueError(_("give a tree, a trace, or both: draw_tree(tree), draw_tree(None, trace)"))
    if is_trace(tree):
        raise TypeError(_("the tree comes first, then the trace: tree_graph(tree, trace), or "
                          "tree_graph(None, trace) to draw what the search explored"))
    events = _events(trace) if trace is not None else None
    # The frame's pass, and the same pass in full for the layout (it must not move).
    now = replay(events, upto) if events is not None else None
    full = replay(events, pass_=now.pass_) if events is not None and now is not None else None
    description = describe(full.algorithm) if full is not None else None
    g = nx.DiGraph(algorithm=full.algorithm if full else None, description=description,
                   player=full.player if full else None,
                   negamax=description is not None and description.view == "mover",
                   frame=len(events) if upto is None and events else upto,
                   pass_=full.pass_ if full else None, passes=full.passes if full else None)
    shape = (_tree_shape(tree, full, search_order) if tree is not None else _trace_shape(full))
    levels = _levels(shape, max_depth, max_nodes)
    g.graph["max_depth"] = levels.max_depth
    g.graph["hidden"] = len(levels.depth_of) - len(levels.shown)
    pos = tidy_layout(shape.root, lambda n: levels.drawn_kids[n])
    _add_nodes(g, shape, levels, pos, tree, full, now, game, values)
    _add_arcs(g, shape, levels, tree, full)
    _principal_variation(g, shape, levels, now, values)
    if now is not None:
        _summary(g, shape, tree, now)
        _who(g, shape, tree, full, now, game)
    return g


class _Shape(NamedTuple):
    """What is drawn: the root, each node's children in drawing order, and each drawn node's
    path in the trace (None: the search never reached it) and back."""

    root: Hashable
    kids: dict
    path_of: dict
    node_of: dict
    placeholder: set           # nodes standing for cut moves of a trace drawn alone


class _Levels(NamedTuple):
    depth_of: dict
    shown: set
    drawn_kids: dict
    max_depth: int


def _tree_shape(tree: Any, full: Replay | None, search_order: bool) -> _Shape:
    """A whole tree, its children in the order the search took them."""
    root = tree.initial_state
    if full is not None and () in full.nodes and _is_node(tree, full.nodes[()].state):
        root = full.nodes[()].state
    node_of: dict = {}
    # Every path the pass entered, also those a later re-search dropped (a probe's subtree):
    # earlier frames show them.
    entered = dict.fromkeys([*full.nodes, *(p for p in full.paths if p is not None)]) \
        if full is not None else {}
    for path in entered:
        try:
            node_of[path] = _walk(tree, root, path)
        except (ValueError, IndexError, KeyError):
            raise ValueError(_("the trace does not follow this tree: the moves {moves} from {root!r} are not "
                               "a path of it; pass the tree the search ran on, or tree=None to draw the "
                               "trace alone").format(moves=list(path), root=root)) from None
    order: dict = {}
    if full is not None and search_order:
        for path, tn in full.nodes.items():
            n = node_of[path]
            first = [node_of[c] for c in tn.children] + [_step(tree, n, m) for m in tn.skipped]
            order[n] = first + [c for c in tree.children(n) if c not in first]
    kids: dict = {}
    stack = [root]
    while stack:
        n = stack.pop()
        kids[n] = order.get(n) or list(tree.children(n))
        stack.extend(kids[n])
    path_of = {n: p for p, n in node_of.items()}
    return _Shape(root, kids, path_of, node_of, set())


def _trace_shape(full: Replay | None) -> _Shape:
    """What a trace explored, its cut moves as placeholder nodes."""
    assert full is not None
    kids: dict = {}
    path_of: dict = {}
    placeholder = set()
    for path, tn in full.nodes.items():
        kids[path] = list(tn.children) + [path + (m,) for m in tn.skipped]
        path_of[path] = path
        for m in tn.skipped:
            kids[path + (m,)] = []
            path_of[path + (m,)] = path + (m,)
            placeholder.add(path + (m,))
    return _Shape((), kids, path_of, dict(path_of), placeholder)


def _levels(shape: _Shape, max_depth: int | None, max_nodes: int) -> _Levels:
    """How deep to draw: ``max_depth``, or the deepest level within ``max_nodes`` nodes."""
    depth_of = {shape.root: 0}
    per_depth: dict = {}
    for n in _preorder(shape.root, shape.kids):
        for c in shape.kids[n]:
            depth_of[c] = depth_of[n] + 1
        per_depth[depth_of[n]] = per_depth.get(depth_of[n], 0) + 1
    if max_depth is None:
        max_depth, total = 0, 0
        for d in sorted(per_depth):
            total += per_depth[d]
            if total > max_nodes and d > 0:
                break
            max_depth = d
    shown = {n for n in depth_of if depth_of[n] <= max_depth}
    drawn_kids = {n: (shape.kids[n] if depth_of[n] < max_depth else []) for n in shown}
    return _Levels(depth_of, shown, drawn_kids, max_depth)


def _kind(n: Hashable, shape: _Shape, tree: Any, full: Replay | None, game: Any) -> str:
    """max, min, chance, leaf or cut: from the tree, else the game, else the trace's shape."""
    if tree is not None:
        return str(tree.kind(n))
    assert full is not None
    if n in shape.placeholder:
        return "cut"
    tn = full.nodes[n]
    if tn.leaf:
        return "leaf"
    if game is not None:
        if getattr(game, "is_chance", None) and game.is_chance(tn.state):
            return "chance"
        return "max" if game.to_move(tn.state) == full.player else "min"
    if any(full.nodes[c].probability is not None for c in tn.children):
        return "chance"
    return "max" if len(tn.path) % 2 == 0 else "min"


def _side(n: Hashable, kind: str, shape: _Shape, tree: Any, full: Replay | None,
          game: Any) -> Any:
    """Who moves at n: the tree's to_move, else max / min (a leaf: by the game or by parity)."""
    if tree is not None:
        return tree.to_move(n)
    if kind in ("max", "min", "chance"):
        return kind
    assert full is not None
    if game is not None and n not in shape.placeholder:
        return "max" if game.to_move(full.nodes[n].state) == full.player else "min"
    path = shape.path_of.get(n, n)
    return "max" if len(path) % 2 == 0 else "min"       # MAX and MIN alternate


def _status(n: Hashable, p: Any, tn: Any, now: Replay | None, cut: bool, faded: bool) -> str:
    if now is None:
        return "plain"
    if p is not None and p in now.stack:
        return "active"
    if tn is not None:
        return "visited"
    return "pruned" if faded or cut else "unvisited"


def _value(tn: Any, kind: str, side: Any, description: Any) -> tuple:
    """(value, bound, running, window, window_in) of a node the frame knows."""
    value, running = tn.value, not tn.done
    window = (tn.alpha, tn.beta) if description.window else None
    window_in = tuple(tn.window) if description.window else None
    bound = ""
    if value is not None and not running and description.window and kind != "leaf":
        a0, b0 = tn.window
        bound = "≤" if value <= a0 else "≥" if value >= b0 else ""
    elif value is not None and running:
        seen = side if description.view == "mover" else kind
        bound = "≤" if seen == "min" else "≥"
        if kind == "chance":     # a weighted sum so far, or the bound a cut just returned
            bound = "Σ" if not tn.skipped else "≤" if value <= tn.alpha else "≥"
    return value, bound, running, window, window_in


def _cut_nodes(shape: _Shape, tree: Any, now: Replay | None) -> set:
    """Drawn nodes whose arc from the parent was cut by now."""
    out = set()
    for path, tn in (now.nodes.items() if now is not None else ()):
        for m in tn.skipped:
            out.add(path + (m,) if tree is None else _step(tree, shape.node_of[path], m))
    return out


def _add_nodes(g: nx.DiGraph, shape: _Shape, levels: _Levels, pos: dict, tree: Any,
               full: Replay | None, now: Replay | None, game: Any, values: dict | None) -> None:
    description = g.graph["description"]
    tnodes = now.nodes if now is not None else {}
    cut_nodes = _cut_nodes(shape, tree, now)
    states = tree.states if tree is not None else {}
    faded: set = set()
    for n in _preorder(shape.root, shape.kids):
        p = shape.path_of.get(n)
        parent_faded = n in faded
        if n in cut_nodes or parent_faded:
            faded.update(shape.kids[n])
        if n not in levels.shown:
            continue
        kind = _kind(n, shape, tree, full, game)
        side = _side(n, kind, shape, tree, full, game)
        tn = tnodes.get(p) if p is not None else None
        leaf_value = value = window = window_in = None
        bound, running = "", False
        if kind == "leaf":
            leaf_value = tree.value(n) if tree is not None else (tn.value if tn else None)
        if tn is not None and (kind != "leaf" or g.graph["negamax"]):
            value, bound, running, window, window_in = _value(tn, kind, side, description)
        elif values is not None and n in values and now is None:
            value = values[n]
        hidden = 0
        if levels.depth_of[n] == levels.max_depth and shape.kids[n]:
            hidden = sum(1 for _ in _preorder(n, shape.kids)) - 1
        g.add_node(n, kind=kind, status=_status(n, p, tn, now, n in cut_nodes, parent_faded),
                   label=tree.label(n) if tree is not None else None,
                   state=states.get(n, n) if tree is not None else (
                       None if n in shape.placeholder else full.nodes[n].state if full else None),
                   leaf_value=leaf_value, value=value, bound=bound, running=running,
                   window=window, window_in=window_in, side=side, hidden=hidden, pos=pos[n], depth=levels.depth_of[n])
    g.graph["_faded"], g.graph["_cut"] = faded, cut_nodes


def _add_arcs(g: nx.DiGraph, shape: _Shape, levels: _Levels, tree: Any,
              full: Replay | None) -> None:
    faded, cut_nodes = g.graph.pop("_faded"), g.graph.pop("_cut")
    for n in levels.shown:
        for c in levels.drawn_kids[n]:
            move, prob = _arc(tree, n, c, shape.path_of.get(c), full)
            is_cut = c in cut_nodes
            g.add_edge(n, c, move=move, p=prob, cut=is_cut, faded=(c in faded and not is_cut),
                       pv=False)


def _principal_variation(g: nx.DiGraph, shape: _Shape, levels: _Levels, now: Replay | None,
                         values: dict | None) -> None:
    """Bold arcs: once the root has returned, the children whose value their parent took
    (replay's ``received``); without a trace, from ``values``."""
    n = shape.root
    if now is not None and () in now.nodes and now.nodes[()].done:
        tnodes = now.nodes
        while g.out_degree(n) and g.nodes[n]["kind"] in ("max", "min"):
            want = tnodes[shape.path_of[n]].value
            nxt = [c for c in levels.drawn_kids[n]
                   if shape.path_of.get(c) in tnodes and tnodes[shape.path_of[c]].received == want]
            if not nxt:
                break
            g.edges[n, nxt[0]]["pv"] = True
            n = nxt[0]
    elif values is not None and now is None:
        while g.out_degree(n) and g.nodes[n]["kind"] in ("max", "min") and n in values:
            nxt = [c for c in levels.drawn_kids[n] if values.get(c) == values[n]]
            if not nxt:
                break
            g.edges[n, nxt[0]]["pv"] = True
            n = nxt[0]


def _who(g: nx.DiGraph, shape: _Shape, tree: Any, full: Replay | None, now: Replay,
         game: Any) -> None:
    """For each trace path the frame knows (drawn or not, and the moves it cut): ``names``
    (a node's name for captions) and ``calls`` (the function each node was called as: max, min
    or chance; a leaf as the side to move there), so that a step-through reads them here."""
    names, calls = {}, {}
    for path, tn in now.nodes.items():
        n = shape.node_of.get(path, path) if tree is not None else path
        names[path] = _name(tree, n, path)
        # a node this frame knows but the pass dropped later (re-searched away): as it is now
        known = full if tree is not None or full is None or path in full.nodes else now
        kind = _kind(n, shape, tree, known, game)
        calls[path] = (_side(n, kind, shape, tree, known, game) if kind == "leaf" else kind)
        for m in tn.skipped:
            c = _step(tree, n, m) if tree is not None else path + (m,)
            names[path + (m,)] = _name(tree, c, path + (m,))
    g.graph.update(names=names, calls=calls)


def _name(tree: Any, node: Hashable, path: tuple) -> str:
    """A tree node's label when short, else the node's id; a trace's node: r.m1.m2..."""
    if tree is not None:
        label = str(tree.label(node))
        return label if "\n" not in label and len(label) <= 12 else str(node)
    return "r" + "".join(f".{m}" for m in path)


def _summary(g: nx.DiGraph, shape: _Shape, tree: Any, now: Replay) -> None:
    """The frame's stack, counters, last event, window and current node, for captions."""
    g.graph.update(stack=[_drawn(tree, shape.path_of, p) for p in now.stack],
                   count=dict(now.count), event=now.last)
    top = now.nodes.get(now.stack[-1]) if now.stack else None
    g.graph["window"] = (top.alpha, top.beta) if top is not None else None
    g.graph["window_in"] = tuple(top.window) if top is not None else None
    g.graph["current"] = _drawn(tree, shape.path_of, now.stack[-1]) if now.stack else None


def _is_node(tree: Any, state: Any) -> bool:
    try:
        tree.depth_of(state)
        return True
    except (KeyError, TypeError):
        return False


def _step(tree: Any, node: Hashable, move: Any) -> Hashable:
    if tree.kind(node) == "chance":
        return tree.children(node)[move]      # expectimax moves at chance nodes are indices
    return tree.result(node, move)


def _walk(tree: Any, root: Hashable, path: tuple) -> Hashable:
    n = root
    for m in path:
        n = _step(tree, n, m)
    return n


def _drawn(tree: Any, path_of: dict, path: tuple) -> Hashable:
    if tree is None:
        return path
    for n, p in path_of.items():
        if p == path:
            return n
    return None


def _arc(tree: Any, parent: Hashable, child: Any, child_path: Any, full: Any) -> tuple:
    """(move, probability) of the arc into ``child``: on a tree, the move as the tree names it
    (a chance arc too: ``heads``, where a file names it so); on a trace alone, the last move of
    the path (at a chance node, the outcome's index), and the probability the trace recorded."""
    if tree is not None:
        move = next(m for m in tree.actions(parent) if tree.result(parent, m) == child)
        return move, (tree.probability(child) if tree.kind(parent) == "chance" else None)
    move = child[-1]
    prob = full.nodes[child].probability if child in full.nodes else None
    return move, prob


def _preorder(root: Hashable, kids: dict) -> Iterable:
    stack = [root]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(kids.get(n, ())))
