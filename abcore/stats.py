"""What a search returns and what it counts."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Hashable

if TYPE_CHECKING:
    from .game import Number

__all__ = ["SearchStats", "SearchResult"]


@dataclass
class SearchStats:
    """Counters of one search (or of several, when the same object is passed to each).

    - ``nodes``: states visited, the root included;
    - ``leaves``: static evaluations (calls of ``utility`` or ``evaluate``);
    - ``cutoffs``: times a node stopped with a bound, its value having reached the edge of its
      window (a fail high or a fail low; at a chance node, a bound outside the window), counted
      even when the child that reached it was the last, so that nothing was left to skip (the
      trace's ``cut`` events list what each one skipped);
    - ``max_depth``: the deepest ply reached below the root.

    >>> from abcore import GameTree, alphabeta
    >>> t = GameTree.from_nested([[3, 5], [4, 1]])      # the cut at r.1 comes after its last leaf
    >>> log = []
    >>> alphabeta(t, t.initial_state, trace=log).stats.cutoffs, [e.detail for e in log if e.kind == "cut"]
    (1, [()])
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    max_depth: int = 0

    def add(self, nodes: int, leaves: int, cutoffs: int, max_depth: int) -> None:
        self.nodes += nodes
        self.leaves += leaves
        self.cutoffs += cutoffs
        self.max_depth = max(self.max_depth, max_depth)


@dataclass(frozen=True)
class SearchResult:
    """The answer of a search.

    - ``value``: the value of ``state`` for the player to move there (the same number from every
      algorithm, when the search is exact);
    - ``move``: a best move at the root (``None`` at a terminal state or at depth 0);
    - ``moves``: every root move proved to tie for best (see each search for what it proves);
    - ``stats``: the :class:`SearchStats` of this search alone;
    - ``root_values``: ``(move, value)`` for each root move searched, in order. Exact for minimax
      and expectimax; after alpha-beta a move worse than the best has only a bound (its true
      value is at most the number shown), unless ``ties=True`` made ties exact.
    """

    value: Number               # a float, or a Fraction where the game's utilities or probabilities are
    move: Hashable | None
    moves: tuple = ()
    stats: SearchStats = field(default_factory=SearchStats)
    root_values: tuple = ()
    root_bounds: tuple = ()

    def __repr__(self) -> str:  # short and stable, for notebook outputs
        s = self.stats
        return (f"SearchResult(value={self.value!r}, move={self.move!r}, moves={self.moves!r}, "
                f"nodes={s.nodes}, leaves={s.leaves}, cutoffs={s.cutoffs})")

    def __iter__(self) -> Any:  # `value, move = search(...)` reads naturally
        return iter((self.value, self.move))
