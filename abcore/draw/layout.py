"""A tidy layout for trees: leaves evenly spaced, each parent centred over its children.

networkx 3.6 has no layered tree layout without Graphviz (``bfs_layout`` and
``multipartite_layout`` stack the levels but do not centre a parent over its own children), so
the few lines below do it by hand. The layout is a pure function of the tree's shape: no random
seed, the same input gives the same coordinates.
"""
from __future__ import annotations

from typing import Callable, Hashable, Iterable

__all__ = ["tidy_layout"]


def tidy_layout(root: Hashable, children: Callable[[Hashable], Iterable[Hashable]], *,
                dx: float = 1.0, dy: float = 1.0) -> dict:
    """``{node: (x, y)}`` for the tree below ``root``.

    Leaves (nodes without children) get x = 0, dx, 2·dx, ... in depth-first order; a parent sits
    at the middle of its first and last child; a node at depth d has y = -d·dy. Two nodes never
    share a position, since the leaf columns of sibling subtrees do not overlap.

    Parameters
    ----------
    root : hashable
        The root node.
    children : callable
        ``children(node)``: its children, in drawing order (none for a leaf).
    dx, dy : float
        The spacing of leaf columns and of levels.

    Returns
    -------
    dict
        ``{node: (x, y)}`` for every node reached from ``root``.

    Examples
    --------
    >>> kids = {"a": ["b", "c"], "b": ["d", "e"], "c": []}
    >>> tidy_layout("a", lambda n: kids.get(n, ()))
    {'d': (0.0, -2.0), 'e': (1.0, -2.0), 'b': (0.5, -1.0), 'c': (2.0, -1.0), 'a': (1.25, 0.0)}
    """
    pos: dict = {}
    column = 0
    # Iterative post-order (a deep game tree would exceed Python's recursion limit).
    stack = [(root, 0, False)]
    while stack:
        node, depth, expanded = stack.pop()
        kids = list(children(node))
        if not kids:
            pos[node] = (column * dx, -depth * dy)
            column += 1
        elif expanded:
            x = (pos[kids[0]][0] + pos[kids[-1]][0]) / 2
            pos[node] = (x, -depth * dy)
        else:
            stack.append((node, depth, True))
            stack.extend((k, depth + 1, False) for k in reversed(kids))
    return pos
