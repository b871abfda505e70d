"""The Game protocol: the six questions every search algorithm asks of a game.

A game is any object with these members (the names of AIMA and of seed 003 §2.1):

- ``initial_state``: the state the game starts in;
- ``to_move(state)``: the player whose turn it is (defined for every state, terminal ones too);
- ``actions(state)``: the legal moves, as a sequence;
- ``result(state, action)``: the state after the move (a new object: states are immutable);
- ``is_terminal(state)``: whether the game is over;
- ``utility(state, player)``: the final score for ``player`` (two-player zero-sum:
  ``utility(s, p) == -utility(s, q)``).

Positions where chance moves (a die, a shuffled deck) also answer ``is_chance(state)`` with True
and ``outcomes(state)`` with ``(probability, next_state)`` pairs.

A game may also state ``utility_range``, a ``(low, high)`` bound on ``utility(state, p)`` for
every player: the MCTS solver (:mod:`abcore.mcts`) then proves a win as soon as one is found.

States must be hashable: a transposition table is then a plain ``dict`` and a set of visited
states is a plain ``set``. Subclassing :class:`Game` is optional (duck typing is enough); it gives
the chance members their deterministic defaults and a checked :meth:`Game.play`.
"""
from __future__ import annotations

from typing import Any, Hashable, Sequence

__all__ = ["Game", "IllegalMoveError"]

State = Hashable
Action = Hashable
Player = Hashable


class IllegalMoveError(ValueError):
    """A move that is not legal in the given state; the message lists the legal moves."""

    def __init__(self, action: Any, legal: Sequence[Any], state: Any = None):
        self.action, self.legal, self.state = action, tuple(legal), state
        where = f" in state {state!r}" if state is not None else ""
        super().__init__(f"illegal move {action!r}{where}; legal moves are {list(self.legal)}")


class Game:
    """Base class for games; subclasses define the six members of the protocol.

    Examples
    --------
    >>> from abcore.games import TicTacToe
    >>> g = TicTacToe()
    >>> s = g.play(g.initial_state, 4)
    >>> g.to_move(s), g.is_terminal(s)
    ('O', False)
    >>> g.play(s, 4)
    Traceback (most recent call last):
    ...
    abcore.game.IllegalMoveError: illegal move 4 in state Board('....X....', to_move='O'); legal moves are [0, 1, 2, 3, 5, 6, 7, 8]
    """

    initial_state: State

    def to_move(self, state: State) -> Player:
        raise NotImplementedError

    def actions(self, state: State) -> Sequence[Action]:
        raise NotImplementedError

    def result(self, state: State, action: Action) -> State:
        raise NotImplementedError

    def is_terminal(self, state: State) -> bool:
        raise NotImplementedError

    def utility(self, state: State, player: Player) -> float:
        raise NotImplementedError

    def is_chance(self, state: State) -> bool:
        """True where chance, not a player, moves next. Deterministic games never are."""
        return False

    def outcomes(self, state: State) -> Sequence[tuple[float, State]]:
        """``(probability, next_state)`` pairs at a chance state."""
        raise ValueError(f"{type(self).__name__} has no chance states; outcomes() needs one")

    def __repr__(self) -> str:      # no memory address: notebook outputs must be stable
        return f"{type(self).__name__}()"

    def play(self, state: State, action: Action) -> State:
        """``result(state, action)`` after checking the move is legal (for people, not searches)."""
        if self.is_terminal(state):
            raise IllegalMoveError(action, (), state)
        legal = self.actions(state)
        if action not in legal:
            raise IllegalMoveError(action, legal, state)
        return self.result(state, action)
