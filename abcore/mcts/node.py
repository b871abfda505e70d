"""The node of an MCTS tree: a state, its statistics, and (for the solver) bounds on its value.

Every value a node holds is for ``node.player``, the player **who moved into it** (the player to
move at its parent; the root is credited to the root player, and an outcome of a chance state
to the player credited at that chance state). So a parent picks among its children by their
own means: the mean of a child is what the child is worth to the one choosing it.
"""
from __future__ import annotations

from typing import Any, Hashable, Iterator

__all__ = ["Node"]


class Node:
    """One state in the search tree.

    - ``visits``, ``total``: simulations through the node, and the sum of their values for
      ``player`` (so ``total / visits`` is the node's mean value for ``player``);
    - ``sign``: +1 when ``player`` is the tree's reference player, -1 otherwise: a playout's
      value for the reference player times ``sign`` is its value for ``player`` (two-player
      zero-sum: ``utility(s, p) == -utility(s, q)``);
    - ``children``: the expanded children, in the order they were expanded (for a chance state,
      one slot per outcome, ``None`` until that outcome is first sampled);
    - ``untried``: the moves not expanded yet (a decision state; popped in a seeded random order);
    - ``lo``, ``hi``: bounds on the exact value for ``player`` (the solver); equal once proven.

    >>> won = Node("s", None, None, "max", 1, terminal=True, lo=1, hi=1)   # a win for MAX
    >>> won.visits, won.mean, won.proven
    (0, 0.0, True)
    """

    __slots__ = ("state", "move", "parent", "player", "sign", "children", "untried", "visits",
                 "total", "terminal", "outcomes", "cumulative", "lo", "hi")

    def __init__(self, state: Hashable, move: Any, parent: "Node | None", player: Hashable,
                 sign: int, *, terminal: bool = False, untried: list | None = None,
                 outcomes: tuple | None = None, lo: float = float("-inf"), hi: float = float("inf")):
        self.state = state
        self.move = move               # the move (or outcome index) from the parent
        self.parent = parent
        self.player = player           # who the values are credited to
        self.sign = sign
        self.children: list = [] if outcomes is None else [None] * len(outcomes)
        self.untried = untried         # None at terminal and chance states
        self.visits = 0
        self.total: float = 0
        self.terminal = terminal
        self.outcomes = outcomes       # ((probability, state), ...) at a chance state
        self.cumulative: tuple = ()    # running sums of the probabilities, for sampling
        self.lo, self.hi = lo, hi

    @property
    def mean(self) -> float:
        """The mean value of the simulations through this node, for ``player`` (0.0 unvisited)."""
        return self.total / self.visits if self.visits else 0.0

    @property
    def proven(self) -> bool:
        """The solver knows this node's exact value (``lo == hi``)."""
        return self.lo == self.hi

    @property
    def is_chance(self) -> bool:
        return self.outcomes is not None

    def expanded(self) -> Iterator["Node"]:
        """The children made so far (chance outcomes never sampled are skipped)."""
        return (c for c in self.children if c is not None)

    def path(self) -> tuple:
        """The moves (outcome indices below a chance state) from the root to this node."""
        moves = []
        n: Node | None = self
        while n is not None and n.parent is not None:
            moves.append(n.move)
            n = n.parent
        return tuple(reversed(moves))

    def size_and_depth(self) -> tuple[int, int]:
        """The number of nodes below and including this one, and the depth of the deepest.

        Level by level, one list comprehension a level: 0.15 of the time of a stack of
        (node, depth) pairs on trees of 30 to 3,000 nodes (median of 7 paired rounds); every
        search's result counts its tree, and notebook 9's searches in rounds count it each round.

        >>> root = Node("r", None, None, "max", 1)
        >>> root.children = [Node("a", 0, root, "min", -1), Node("b", 1, root, "min", -1)]
        >>> root.children[1].children = [Node("c", 0, root.children[1], "max", 1)]
        >>> root.size_and_depth()
        (4, 2)
        """
        count, depth, level = 1, 0, [self]
        while True:
            level = [c for n in level for c in n.children if c is not None]
            if not level:
                return count, depth
            count += len(level)
            depth += 1

    def __repr__(self) -> str:
        proof = f", proven={self.lo!r}" if self.proven else ""
        return (f"Node({self.state!r}, move={self.move!r}, player={self.player!r}, "
                f"visits={self.visits}, mean={self.mean:.3f}{proof})")
