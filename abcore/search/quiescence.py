"""Quiescence search: an evaluation that looks past the horizon until the position is quiet.

A depth-limited search asks ``evaluate`` about whatever position lies at its depth limit, even
one in the middle of a fight (a threat that must be answered, a win to take). Quiescence
search (Shannon 1950's "stable positions"; Slate and Atkin's Chess 4.5) asks the evaluation only
about *quiet* positions: at a non-quiet one it keeps searching, over the forcing moves only,
until every line of play is quiet again. Here it is an evaluation wrapper, so it composes with
every engine that takes ``evaluate=`` (minimax, alpha-beta, PVS, the drivers) and changes none.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from ..game import Game, Number

__all__ = ["quiescent", "Quiescent"]


class Quiescent:
    """``evaluate`` extended past the horizon over non-quiet positions; see :func:`quiescent`.

    Calling it, ``q(state, player)``, gives the value for ``player``; ``nodes`` counts the
    states it entered past the horizon (the horizon state itself excluded: the search that
    called it counts that one), over all calls.
    """

    def __init__(self, game: Game, evaluate: Callable[[Any, Any], Number],
                 is_quiet: Callable[[Any], bool],
                 moves: Callable[[Any], Iterable[Any]] | None = None,
                 max_plies: int | None = None, stand_pat: bool = False) -> None:
        if not callable(evaluate) or not callable(is_quiet):
            raise TypeError("quiescent(game, evaluate, is_quiet): evaluate(state, player) and "
                            "is_quiet(state) must both be functions")
        if max_plies is not None and max_plies < 0:
            raise ValueError(f"max_plies={max_plies} is negative: give a number of plies >= 0, "
                             "or None for no limit")
        self.game, self.evaluate, self.is_quiet = game, evaluate, is_quiet
        self.moves, self.max_plies, self.stand_pat = moves, max_plies, stand_pat
        self.nodes = 0

    def __call__(self, state: Any, player: Any) -> Number:
        return self._value(state, player, 0)

    def _value(self, state: Any, player: Any, plies: int) -> Number:
        game = self.game
        if game.is_terminal(state):
            return game.utility(state, player)
        if self.is_quiet(state) or plies == self.max_plies:
            return self.evaluate(state, player)
        options = list(self.moves(state)) if self.moves is not None else list(game.actions(state))
        values = []
        for a in options:
            self.nodes += 1
            values.append(self._value(game.result(state, a), player, plies + 1))
        if self.stand_pat or not values:       # the side to move may decline to fight
            values.append(self.evaluate(state, player))
        return max(values) if game.to_move(state) == player else min(values)


def quiescent(game: Game, evaluate: Callable[[Any, Any], Number], is_quiet: Callable[[Any], bool],
              *, moves: Callable[[Any], Iterable[Any]] | None = None,
              max_plies: int | None = None, stand_pat: bool = False) -> Quiescent:
    """An evaluation that, at a non-quiet position, searches on until the position is quiet.

    ``q = quiescent(game, evaluate, is_quiet, moves=...)`` is used where ``evaluate`` was:
    ``alphabeta(game, s, depth=d, evaluate=q)``. At the horizon, ``q(state, player)`` is
    ``evaluate(state, player)`` if ``is_quiet(state)``, the utility if the game is over, and
    otherwise the minimax value (for ``player``) over ``moves(state)`` of the positions they
    lead to, recursively, until they are quiet.

    Parameters
    ----------
    game : Game
        The game searched (its ``is_terminal``, ``utility``, ``actions``, ``result``, ``to_move``).
    evaluate : callable
        ``evaluate(state, player)``, the static evaluation, asked only about quiet positions
        (or at ``max_plies``).
    is_quiet : callable
        ``is_quiet(state)``: True when the evaluation can be trusted at ``state``.
    moves : callable, optional
        ``moves(state)``: the forcing moves searched at a non-quiet state (default: all of
        ``game.actions(state)``, a pure extension of the non-quiet positions).
    max_plies : int, optional
        At most this many plies past the horizon (default: no limit; the game must then make
        every line of forcing moves end).
    stand_pat : bool
        If True, the side to move may also take ``evaluate(state, player)`` instead of a
        forcing move (chess's quiescence over captures); if False (forced moves), it must play
        one of ``moves(state)``. With no forcing move, the evaluation is used.

    Returns
    -------
    Quiescent
        The evaluation, callable as ``q(state, player)``; ``q.nodes`` counts the states it
        entered past the horizon.

    Examples
    --------
    >>> from abcore import GameTree
    >>> from abcore.search import minimax
    >>> t = GameTree.from_nested([[3, [9, -9]], [2, 4]])
    >>> guess = lambda s, p: 0                       # a blind evaluation
    >>> minimax(t, t.initial_state, depth=2, evaluate=guess).value
    2
    >>> q = quiescent(t, guess, is_quiet=lambda s: False)   # nothing is quiet: search to the end
    >>> minimax(t, t.initial_state, depth=2, evaluate=q).value, q.nodes
    (3, 2)
    """
    return Quiescent(game, evaluate, is_quiet, moves, max_plies, stand_pat)
