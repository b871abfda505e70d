"""Expectimax (expected minimax): minimax where chance nodes are worth the mean of their outcomes."""
from __future__ import annotations

from typing import Any, Callable

from ..game import Game
from ..stats import SearchResult, SearchStats
from .describe import Description
from .minimax import LEAF_LINES, engine
from .state import Search

__all__ = ["expectimax", "EXPECTIMAX"]


def expectimax(game: Game, state: Any, *, depth: int | None = None,
               evaluate: Callable | None = None, order: Callable | None = None,
               stats: SearchStats | None = None, trace: list | None = None,
               player: Any = None) -> SearchResult:
    """Expectimax value of ``state`` for ``player`` (seed 003 §2.3.4, seed 004's expected minimax).

    - MAX nodes (``player`` moves) take the largest child value, MIN nodes the smallest;
    - a chance node is worth sum(p * value(outcome)), the probability-weighted mean, divided by
      nothing more (aima-python's ``expect_minmax`` divides it again by the number of outcomes);
    - every chance node's probabilities are checked (none negative, sum 1); ``depth`` counts every
      level of the tree, chance levels included.

    Without chance nodes it is :func:`~abcore.minimax`. At a chance root, pass ``player``.

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[(0.5, 4), (0.5, 0)], [(0.9, 1), (0.1, 10)]])
    >>> expectimax(t, t.initial_state).value
    2.0
    """
    search = Search(game, state, EXPECTIMAX, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace)
    return search.result(search.run(state), stats)


EXPECTIMAX = Description(
    name="expectimax", title="expectimax", pseudocode=(
        ("header", "function EXPECTIMAX(n):"),
        *LEAF_LINES,
        ("if-chance", "  if n is a chance node:"),
        ("init-chance", "    v ← 0"),
        ("loop-chance", "    for each outcome c of n, with probability p:"),
        ("return-chance", "      v ← v + p · EXPECTIMAX(c)"),
        ("leave-chance", "    return v"),
        ("init", "  if n is a MAX node: v ← −∞  else: v ← +∞"),
        ("loop", "  for each child c of n:"),
        ("return-max", "    if MAX: v ← max(v, EXPECTIMAX(c))"),
        ("return-min", "    if MIN: v ← min(v, EXPECTIMAX(c))"),
        ("leave", "  return v"),
    ), view="root", window=False, bounds=False, chance=True, engine=engine, function=expectimax)
