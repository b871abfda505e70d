"""The model behind a drawing: which nodes to draw, where, and in what state at a given frame.

:func:`tree_graph` turns a tree, a trace (or both) and a frame number into a networkx
``DiGraph`` whose node and arc attributes say everything :func:`abcore.plot.draw_tree` draws:
kind, status (seed 004's not yet visited / being visited / visited, or pruned), values and
whether they are bounds, windows, cut arcs, faded arcs, the principal variation, positions.
It draws nothing and searches nothing: a pure function of its input, so a frame can be tested
without looking at pixels.
"""
from __future__ import annotations

from typing import Any, Hashable, Iterable

import networkx as nx  # type: ignore[import-untyped]  # types-networkx not installed

from .layout import tidy_layout
from .search.describe import describe
from .trace import Event, Replay, replay

__all__ = ["tree_graph"]


def _events(trace: Any) -> list:
    if isinstance(trace, Replay):
        raise TypeError("pass the trace itself (the list of events), with upto= for a frame")
    events = list(trace)
    if not events or not isinstance(events[0], Event) or events[0].kind != "start":
        raise ValueError("a trace is the list a search filled when given trace=[]; this one does "
                         "not start with a 'start' event")
    return events


def tree_graph(tree: Any = None, trace: Iterable[Event] | None = None, *, upto: int | None = None,
               game: Any = None, max_depth: int | None = None, max_nodes: int = 80,
               values: dict | None = None, search_order: bool = True) -> nx.DiGraph:
    """The picture's model: a ``DiGraph`` of the nodes to draw, with what to draw at each.

    - ``tree``: a :class:`~abcore.GameTree` (drawn whole), or None to draw only what ``trace``
      explored (its cut moves become placeholder nodes of kind ``"cut"``);
    - ``trace``: the events of a search (``trace=[]``); ``upto``: draw the frame after that many
      events (default: all); the layout always comes from the whole trace, so it does not move
      from frame to frame;
    - ``game``: with a trace alone, says who moves at each explored state (``to_move``,
      ``is_chance``); without it MAX and MIN alternate by depth;
    - ``max_depth``: draw down to this depth; by default the deepest depth that keeps the drawing
      within ``max_nodes`` nodes. ``graph.graph["hidden"]`` counts what was left out;
    - ``values``: ``{node: value}`` to show on a tree drawn without a trace (e.g.
      ``tree_values(tree)``); the principal variation then follows it;
    - ``search_order``: lay children out in the order the search took them.

    Node attributes: ``kind`` (max, min, chance, leaf, cut), ``label``, ``status`` (plain,
    unvisited, active, visited, pruned), ``leaf_value``, ``value``, ``bound`` ('', '≤', '≥': the
    value is only a bound), ``running`` (the value is the best so far, not yet returned),
    ``window`` ((α, β) or None), ``side`` (who moves there), ``state``, ``hidden`` (descendants
    not drawn), ``pos``. Arc attributes: ``move``, ``p``, ``cut``, ``faded``, ``pv``.

    Examples
    --------
    >>> from abcore import GameTree, alphabeta
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> log = []
    >>> _ = alphabeta(t, 'r', trace=log)
    >>> g = tree_graph(t, log)
    >>> g.nodes['r']['value'], g.nodes['r.1']['bound'], g.nodes['r.1.1']['status']
    (3, '≤', 'pruned')
    >>> sorted((u, v) for u, v, cut in g.edges(data='cut') if cut)
    [('r.1', 'r.1.1'), ('r.1', 'r.1.2')]
    """
    if tree is None and trace is None:
        raise ValueError("give a tree, a trace, or both: draw_tree(tree), draw_tree(None, trace)")
    events = _events(trace) if trace is not None else None
    # The frame's pass, and the same pass in full for the layout (it must not move).
    now = replay(events, upto) if events is not None else None
    full = replay(events, pass_=now.pass_) if events is not None and now is not None else None
    algorithm = full.algorithm if full is not None else None
    player = full.player if full is not None else None
    description = describe(algorithm) if algorithm is not None else None
    mover_view = description is not None and description.view == "mover"
    g = nx.DiGraph(algorithm=algorithm, description=description, player=player,
                   negamax=mover_view, frame=len(events) if upto is None and events else upto,
                   pass_=full.pass_ if full is not None else None,
                   passes=full.passes if full is not None else None)

    # 1. The shape: nodes, their children in drawing order, and how each maps to a trace path.
    kids: dict = {}
    path_of: dict = {}          # drawn node -> trace path (None: not in the trace)
    if tree is not None:
        root = tree.initial_state
        if full is not None and () in full.nodes and _is_node(tree, full.nodes[()].state):
            root = full.nodes[()].state
        node_of = {}
        if full is not None:
            for path in full.nodes:
                try:
                    node_of[path] = _walk(tree, root, path)
                except (ValueError, IndexError, KeyError):
                    raise ValueError(f"the trace does not follow this tree: the moves {list(path)} "
                                     f"from {root!r} are not a path of it; pass the tree the search "
                                     "ran on, or tree=None to draw the trace alone") from None
        order = {}
        if full is not None and search_order:
            for path, tn in full.nodes.items():
                n = node_of[path]
                first = [node_of[c] for c in tn.children] + [_step(tree, n, m) for m in tn.skipped]
                order[n] = first + [c for c in tree.children(n) if c not in first]
        stack = [root]
        while stack:
            n = stack.pop()
            kids[n] = order.get(n) or list(tree.children(n))
            stack.extend(kids[n])
        path_of = {n: p for p, n in node_of.items()}
    else:
        root = ()
        for path, tn in full.nodes.items():
            kids[path] = list(tn.children) + [path + (m,) for m in tn.skipped]
            path_of[path] = path
            for m in tn.skipped:
                kids[path + (m,)] = []
                path_of[path + (m,)] = path + (m,)
    placeholder = {n for n, p in path_of.items() if full is not None and p not in full.nodes}

    # 2. How deep to draw.
    depth_of = {root: 0}
    per_depth: dict = {}
    for n in _preorder(root, kids):
        for c in kids[n]:
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
    drawn_kids = {n: (kids[n] if depth_of[n] < max_depth else []) for n in shown}
    pos = tidy_layout(root, lambda n: drawn_kids[n])
    g.graph["max_depth"] = max_depth
    g.graph["hidden"] = len(depth_of) - len(shown)

    # 3. What the frame knows: statuses, values, windows, cut arcs.
    tnodes = now.nodes if now is not None else {}
    stack_paths = set(now.stack) if now is not None else set()
    cut_nodes = set()            # drawn nodes whose arc from the parent was cut by now
    for path, tn in tnodes.items():
        for m in tn.skipped:
            cut_nodes.add(path + (m,) if tree is None else _step(tree, node_of[path], m))
    received = {p: tn.received for p, tn in tnodes.items() if tn.received is not None}
    win_shown = description is not None and description.window

    def kind_of(n: Hashable) -> str:
        if tree is not None:
            return tree.kind(n)
        if n in placeholder:
            return "cut"
        tn = full.nodes[n]
        if tn.leaf:
            return "leaf"
        if game is not None:
            if getattr(game, "is_chance", None) and game.is_chance(tn.state):
                return "chance"
            return "max" if game.to_move(tn.state) == player else "min"
        if any(full.nodes[c].probability is not None for c in tn.children):
            return "chance"
        return "max" if len(n) % 2 == 0 else "min"

    def side_of(n: Hashable, kind: str) -> str | None:
        if tree is not None:
            return tree.to_move(n)
        if kind in ("max", "min", "chance"):
            return kind
        parent_kind = "max" if len(n) % 2 == 1 else "min"      # a leaf's mover follows parity
        if game is not None and n not in placeholder:
            s = full.nodes[n].state
            return "max" if game.to_move(s) == player else "min"
        return "min" if parent_kind == "max" else "max"

    states = tree.states if tree is not None else {}
    faded = set()
    for n in _preorder(root, kids):
        p = path_of.get(n)
        parent_faded = n in faded
        if n in cut_nodes or parent_faded:
            faded.update(kids[n])
        if n not in shown:
            continue
        kind = kind_of(n)
        tn = tnodes.get(p) if p is not None else None
        if events is None:
            status = "plain"
        elif p is not None and p in stack_paths:
            status = "active"
        elif tn is not None:
            status = "visited"
        elif parent_faded or n in cut_nodes:
            status = "pruned"
        else:
            status = "unvisited"
        if tree is not None:
            label = tree.label(n)
            state = states.get(n, n)
        else:
            label = None
            state = full.nodes[n].state if n not in placeholder else None
        leaf_value = None
        if kind == "leaf":
            if tree is not None:
                leaf_value = tree.value(n)
            elif tn is not None:
                leaf_value = tn.value
        value = bound = window = None
        running = False
        if tn is not None and kind != "leaf" or (tn is not None and g.graph["negamax"]):
            value, running = tn.value, not tn.done
            if win_shown:
                window = (tn.alpha, tn.beta)
            if value is not None and not running and win_shown and kind != "leaf":
                a0, b0 = tn.window
                bound = "≤" if value <= a0 else "≥" if value >= b0 else ""
            elif value is not None and running:
                side = side_of(n, kind) if g.graph["negamax"] else kind
                bound = "Σ" if kind == "chance" else "≤" if side == "min" else "≥"
        elif values is not None and n in values and events is None:
            value = values[n]
        hidden = 0
        if depth_of[n] == max_depth and kids[n]:
            hidden = sum(1 for _ in _preorder(n, kids)) - 1
        g.add_node(n, kind=kind, label=label, status=status, leaf_value=leaf_value, value=value,
                   bound=bound or "", running=running, window=window, side=side_of(n, kind),
                   state=state, hidden=hidden, pos=pos[n], depth=depth_of[n])
    for n in shown:
        for c in drawn_kids[n]:
            pc = path_of.get(c)
            move, prob = _arc(tree, n, c, pc, full)
            is_cut = c in cut_nodes
            g.add_edge(n, c, move=move, p=prob, cut=is_cut,
                       faded=(c in faded and not is_cut), pv=False)

    # 4. The principal variation: once the root has returned (or from ``values``).
    n = root
    if now is not None and () in tnodes and tnodes[()].done:
        while g.out_degree(n) and g.nodes[n]["kind"] in ("max", "min"):
            want = tnodes[path_of[n]].value
            nxt = [c for c in drawn_kids[n] if received.get(path_of.get(c), want) == want
                   and path_of.get(c) in received]
            if not nxt:
                break
            g.edges[n, nxt[0]]["pv"] = True
            n = nxt[0]
    elif values is not None and events is None:
        while g.out_degree(n) and g.nodes[n]["kind"] in ("max", "min") and n in values:
            nxt = [c for c in drawn_kids[n] if values.get(c) == values[n]]
            if not nxt:
                break
            g.edges[n, nxt[0]]["pv"] = True
            n = nxt[0]

    # 5. The frame's summary, for captions and widgets.
    if now is not None:
        g.graph.update(stack=[_drawn(tree, path_of, p) for p in now.stack],
                       count=dict(now.count), event=now.last)
        top = tnodes.get(now.stack[-1]) if now.stack else None
        g.graph["window"] = (top.alpha, top.beta) if top is not None else None
        g.graph["current"] = _drawn(tree, path_of, now.stack[-1]) if now.stack else None
    return g


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


def _arc(tree: Any, parent: Hashable, child: Hashable, child_path: Any, full: Any) -> tuple:
    if tree is not None:
        if tree.kind(parent) == "chance":
            return tree.children(parent).index(child), tree.probability(child)
        move = next(m for m in tree.actions(parent) if tree.result(parent, m) == child)
        return move, None
    move = child[-1]
    prob = full.nodes[child].probability if child in full.nodes else None
    return move, prob


def _preorder(root: Hashable, kids: dict) -> Iterable:
    stack = [root]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(kids.get(n, ())))
