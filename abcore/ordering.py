"""Move orderings: functions ``order(game, state, actions) -> actions in the order to search``.

Ordering is a parameter of every search, not a fork of it (networkx's ``neighbors=``): each
ordering here is a few lines, and a new one is any function of that shape.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from .trees import GameTree, tree_values

__all__ = ["natural", "reverse", "shuffled", "by_key", "best_first", "worst_first", "center_first"]


def natural(game: Any, state: Any, actions: Sequence) -> Sequence:
    """The game's own order (what ``order=None`` does).

    >>> natural(None, None, (0, 1, 2))
    (0, 1, 2)
    """
    return actions


def reverse(game: Any, state: Any, actions: Sequence) -> Sequence:
    """The game's order, backwards.

    >>> reverse(None, None, (0, 1, 2))
    (2, 1, 0)
    """
    return tuple(reversed(actions))


def shuffled(seed: int = 0) -> Callable:
    """A random order, the same for the same seed and the same sequence of calls.

    >>> order = shuffled(seed=1)
    >>> order(None, None, (0, 1, 2, 3))
    (3, 0, 2, 1)
    """
    rng = random.Random(seed)

    def order(game: Any, state: Any, actions: Sequence) -> Sequence:
        out = list(actions)
        rng.shuffle(out)
        return tuple(out)
    return order


def by_key(key: Callable, reverse: bool = False) -> Callable:
    """Sorted by ``key(game, state, action)``, smallest first (largest with ``reverse=True``);
    ties keep the game's order.

    >>> by_key(lambda g, s, a: abs(a - 4))(None, None, range(9))      # nearest the centre first
    (4, 3, 5, 2, 6, 1, 7, 0, 8)
    """
    def order(game: Any, state: Any, actions: Sequence) -> Sequence:
        return tuple(sorted(actions, key=lambda a: key(game, state, a), reverse=reverse))
    return order


# Tic-tac-toe's classic heuristic: centre, then corners, then edges.
_CELL_RANK = {4: 0, 0: 1, 2: 1, 6: 1, 8: 1, 1: 2, 3: 2, 5: 2, 7: 2}
center_first = by_key(lambda game, state, cell: _CELL_RANK[cell])
center_first.__doc__ = "Tic-tac-toe cells: centre, then corners, then edges."


def _oracle(tree: GameTree, best: bool) -> Callable:
    values = tree_values(tree)

    def order(game: Any, state: Any, actions: Sequence) -> Sequence:
        kind = tree.kind(state)
        descending = (kind != "min") == best
        return tuple(sorted(actions, key=lambda a: values[tree.result(state, a)], reverse=descending))
    return order


def best_first(tree: GameTree) -> Callable:
    """The perfect ordering of an explicit tree (an oracle: it knows every exact value): the
    best move for the player to move first.

    >>> from abcore import GameTree, alphabeta
    >>> t = GameTree.from_nested([[2, 4, 6], [14, 5, 2], [3, 12, 8]])
    >>> alphabeta(t, t.initial_state, order=best_first(t)).stats.leaves
    5
    """
    return _oracle(tree, best=True)


def worst_first(tree: GameTree) -> Callable:
    """The worst ordering of an explicit tree: the worst move for the player to move first."""
    return _oracle(tree, best=False)
