"""A player that searches with MCTS and keeps its tree between moves."""
from __future__ import annotations

from collections import deque
from typing import Any, Callable

from ..gamecheck import check_root
from ..rng import random_state
from .node import Node
from .result import MCTSResult
from ..search._common import root_player
from .search import C, _check_budget, _Grower, run, utility_range

__all__ = ["MCTSPlayer"]


class MCTSPlayer:
    """``player(state) -> move``: an MCTS search per move, with the options of
    :func:`~abcore.mcts.mcts`, one ``random.Random(seed)`` for the whole game.

    With ``reuse=True`` (the default) the tree is kept: at the next call, the node of the new
    state is looked up below the last root (at most ``reuse_depth`` plies down: its own move,
    the opponent's reply, chance outcomes in between) and its subtree, with its statistics, is
    the new tree. ``last`` is the result of the last search; ``reused`` the visits the last
    search started with (0: a fresh tree).

    Examples
    --------
    >>> from abcore.games import TicTacToe
    >>> g = TicTacToe()
    >>> p = MCTSPlayer(g, simulations=500, seed=0)
    >>> s = g.result(g.initial_state, p(g.initial_state))
    >>> s = g.result(s, next(m for m in g.actions(s)))    # the opponent replies
    >>> _ = p(s)
    >>> p.reused > 0                                      # the subtree of both moves was kept
    True
    """

    def __init__(self, game: Any, *, simulations: int | None = None, seconds: float | None = None,
                 c: float = C, rollout: Callable | None = None, evaluate: Callable | None = None,
                 playout_depth: int | None = None, seed: Any = None, solve: bool = False,
                 reuse: bool = True, reuse_depth: int = 4):
        self.budget, self.seconds = _check_budget(simulations, seconds)
        self.game, self.c, self.rollout, self.evaluate = game, c, rollout, evaluate
        self.playout_depth, self.solve, self.reuse, self.reuse_depth = playout_depth, solve, reuse, reuse_depth
        self.rng = random_state(seed)
        self.root: Node | None = None
        self.ref: Any = None
        self.grow: _Grower | None = None
        self.last: MCTSResult | None = None
        self.reused = 0

    def __repr__(self) -> str:
        budget = f"simulations={self.budget}" if self.budget > 0 else f"seconds={self.seconds}"
        return f"MCTSPlayer({self.game!r}, {budget}, c={self.c:.3g}, solve={self.solve})"

    def _find(self, state: Any) -> Node | None:
        """The node of ``state`` in the kept tree (breadth-first, ``reuse_depth`` plies at most)."""
        if self.root is None:
            return None
        queue = deque([(self.root, 0)])
        while queue:
            n, d = queue.popleft()
            if n.state == state:
                return n
            if d < self.reuse_depth:
                queue.extend((c, d + 1) for c in n.children if c is not None)
        return None

    def search(self, state: Any, trace: list | None = None) -> MCTSResult:
        """Search ``state`` (reusing the kept tree when it holds the state); return the result."""
        check_root(self.game, state)
        rp = root_player(self.game, state, None)
        node = self._find(state) if self.reuse else None
        if node is None or self.grow is None:
            self.ref = rp
            low, high = utility_range(self.game) if self.solve else (float("-inf"), float("inf"))
            self.grow = _Grower(self.game, rp, low, high, self.solve)
            node = self.grow.node(state, None, None, rp, 1)
        node.parent = None                  # the rest of the old tree is dropped
        self.root, self.reused = node, node.visits
        self.last = run(self.game, node, self.ref, rp, self.rng, self.budget, self.seconds, self.c,
                        self.rollout, self.evaluate, self.playout_depth, self.solve, None, trace,
                        self.grow)
        return self.last

    def __call__(self, state: Any) -> Any:
        return self.search(state).move
