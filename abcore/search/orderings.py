"""Move orderings: a parameter of every search, not a fork of it (networkx's ``neighbors=``).

A plain ordering is a function ``order(game, state, actions) -> the actions in the order to
search them``: :func:`natural`, :func:`reverse`, :func:`shuffled`, :func:`by_key`,
:func:`center_first`, and the oracles of an explicit tree :func:`best_first` and
:func:`worst_first`. Each is a few lines, and a new one is any function of that shape.

An ordering that learns from the search (:class:`Killers`, :class:`History`) is an object with
two more methods, the whole hook:

- ``order_at(game, state, actions, ply)``: the moves in the order to search them, at ``ply``
  plies below the root (the searches call this one instead of ``__call__`` when it exists);
- ``cutoff(state, move, ply, remaining)``: called by the search each time ``move`` made a cut
  at ``state`` (``remaining``: the plies left below it, -1 without a depth limit).

The engine is not forked: it calls the hook at each cut (no cost at other nodes). The
transposition table's best move needs no hook: the searches put it first themselves when they
have a table, since they have just read its entry (see :mod:`abcore.search.table`).
Connect 4's centre-first and by-threats orders come from the game's ``search_actions`` hook.
``abcore.ordering`` re-exports this module (the notebooks import it from there).
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from ..trees import GameTree, tree_values
from ..own_work import entered

__all__ = ["natural", "reverse", "shuffled", "by_key", "best_first", "worst_first", "center_first",
           "Killers", "History"]


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
    entered("best_first")  # a check may forbid it (abcore.own_work)
    return _oracle(tree, best=True)


def worst_first(tree: GameTree) -> Callable:
    """The worst ordering of an explicit tree: the worst move for the player to move first."""
    entered("worst_first")  # a check may forbid it (abcore.own_work)
    return _oracle(tree, best=False)


class _Learning:
    """What Killers and History share: an inner ordering ``then`` applied first (ties keep its
    order), and the feedback passed on to it."""

    def __init__(self, then: Callable | None = None):
        self.then = then
        self._then_at = getattr(then, "order_at", None)
        self._then_cut = getattr(then, "cutoff", None)

    def _inner(self, game: Any, state: Any, actions: Sequence, ply: int) -> Sequence:
        if self._then_at is not None:
            ordered: Sequence = self._then_at(game, state, actions, ply)
            return ordered
        return actions if self.then is None else self.then(game, state, actions)

    def __call__(self, game: Any, state: Any, actions: Sequence) -> Sequence:
        return self.order_at(game, state, actions, 0)

    def order_at(self, game: Any, state: Any, actions: Sequence, ply: int) -> Sequence:
        raise NotImplementedError

    def cutoff(self, state: Any, move: Any, ply: int, remaining: int) -> None:
        if self._then_cut is not None:
            self._then_cut(state, move, ply, remaining)


class Killers(_Learning):
    """Killer moves: at each ply, the last ``slots`` moves that made a cut there are searched
    first (a move that refutes one line often refutes its siblings), the others in the order
    of ``then`` (the game's order by default).

    Examples
    --------
    >>> from abcore import alphabeta
    >>> from abcore.games import TicTacToe
    >>> g = TicTacToe()
    >>> k = Killers()
    >>> r = alphabeta(g, g.initial_state, order=k)
    >>> r.value, r.stats.nodes, k.killers[1]     # 18,297 nodes in cell order
    (0, 7107, [4, 0])
    """

    def __init__(self, slots: int = 2, then: Callable | None = None):
        super().__init__(then)
        if slots < 1:
            raise ValueError(f"slots must be >= 1; got {slots!r}")
        self.slots = slots
        self.killers: dict[int, list] = {}

    def order_at(self, game: Any, state: Any, actions: Sequence, ply: int) -> Sequence:
        actions = self._inner(game, state, actions, ply)
        killers = self.killers.get(ply)
        if not killers:
            return actions
        front = [m for m in killers if m in actions]
        if not front:
            return actions
        return (*front, *(m for m in actions if m not in front))

    def cutoff(self, state: Any, move: Any, ply: int, remaining: int) -> None:
        k = self.killers.setdefault(ply, [])
        if move in k:
            k.remove(move)
        k.insert(0, move)
        del k[self.slots:]
        super().cutoff(state, move, ply, remaining)


class History(_Learning):
    """The history heuristic (Schaeffer): each cut adds ``2 ** remaining`` (1 without a depth
    limit) to the move's score, whatever the state; moves are searched by score, highest first,
    ties in the order of ``then``. Moves are compared by identity of the move (a column, a
    cell), so it suits games whose moves keep their meaning across positions.

    Examples
    --------
    >>> from abcore import alphabeta
    >>> from abcore.games import TicTacToe
    >>> g = TicTacToe()
    >>> h = History()
    >>> r = alphabeta(g, g.initial_state, order=h)
    >>> r.value, r.stats.nodes                   # 18,297 nodes in cell order
    (0, 12239)
    """

    def __init__(self, then: Callable | None = None):
        super().__init__(then)
        self.scores: dict[Any, int] = {}

    def order_at(self, game: Any, state: Any, actions: Sequence, ply: int) -> Sequence:
        actions = self._inner(game, state, actions, ply)
        get = self.scores.get
        return tuple(sorted(actions, key=lambda m: -get(m, 0)))

    def cutoff(self, state: Any, move: Any, ply: int, remaining: int) -> None:
        self.scores[move] = self.scores.get(move, 0) + (1 << remaining if remaining >= 0 else 1)
        super().cutoff(state, move, ply, remaining)
