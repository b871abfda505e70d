"""What an MCTS search returns: a :class:`~abcore.SearchResult` with the root's statistics."""
from __future__ import annotations

from dataclasses import dataclass

from ..stats import SearchResult, SearchStats

__all__ = ["MCTSResult", "MCTSStats"]


@dataclass
class MCTSStats(SearchStats):
    """The counters of :class:`~abcore.SearchStats`, read for MCTS, and the simulations.

    - ``simulations``: iterations run (select, expand, play out, back up);
    - ``nodes``: nodes in the tree after the search, the root included (a reused tree's too);
    - ``leaves``: playouts (each ends in a terminal state, an evaluation, or a proven node);
    - ``max_depth``: the depth of the deepest node of the tree below the root;
    - ``cutoffs``: always 0 (MCTS cuts nothing off).
    """

    simulations: int = 0


@dataclass(frozen=True)
class MCTSResult(SearchResult):
    """The answer of :func:`~abcore.mcts.mcts`; reads like every other search's result.

    - ``value``: for the root player; the proven value when the solver proved the root, else
      the mean value of ``move`` (a root that is a chance state: the root's mean);
    - ``move``: the move chosen (see :func:`~abcore.mcts.mcts` for the rule and its ties);
    - ``moves``: ``(move,)``, or with a proven root every root move proven to reach ``value``;
    - ``root_values``: ``(move, mean value for the root player)`` for each expanded root move;
    - ``visits``: ``(move, visits)`` for the same moves, in the same order;
    - ``proven``: the solver proved the root's value exactly;
    - ``stats``: an :class:`MCTSStats`.
    """

    visits: tuple = ()
    proven: bool = False

    def __repr__(self) -> str:
        s = self.stats
        sims = getattr(s, "simulations", 0)
        return (f"MCTSResult(value={self.value!r}, move={self.move!r}, proven={self.proven}, "
                f"simulations={sims}, nodes={s.nodes}, visits={dict(self.visits)!r})")
