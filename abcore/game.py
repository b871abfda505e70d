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

Optional hooks: game knowledge that makes the generic searches fast on one game, never a second
copy of a search. None of them may change a minimax value.

- ``utility_range``: a ``(low, high)`` bound on ``utility(state, p)`` for every player: the MCTS
  solver (:mod:`abcore.mcts`) proves a win as soon as one is found, and ``star1``/``star2`` cut
  below chance nodes with it;
- ``key(state)``: a compact hashable key for transposition tables (else the state itself);
- ``value_bounds(state)``: ``(low, high)`` around the value of a non-terminal state for the side
  to move (Connect 4: from the stones each side still has); ``solve`` narrows every window to it;
- ``search_actions(state)``: the moves a search needs to try, in the order to try them (Connect
  4: a win at once alone, never a move that hands the opponent a win, threats first), and
  ``search_bounds(state)``, the bounds that knowledge gives: ``solve(prune=True)`` uses both.

States must be hashable: a transposition table is then a plain ``dict`` and a set of visited
states is a plain ``set``. Subclassing :class:`Game` is optional (duck typing is enough); it gives
the chance members their deterministic defaults and a checked :meth:`Game.play`.

:class:`Game` is generic in its state, action and player types: ``TicTacToe`` is a
``Game[Board, int, str]``, so a type checker knows that its ``result`` takes a cell and returns a
Board. A generic base class rather than a ``typing.Protocol``: the base class carries the
defaults (``is_chance``, ``outcomes``, ``play``, ``__repr__``) that a Protocol would only
describe, and the searches recognise a deterministic game by its inherited ``is_chance``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Generic, Hashable, Sequence, TypeVar, Union

__all__ = ["Game", "IllegalMoveError", "Number", "S", "A", "P"]

S = TypeVar("S", bound=Hashable)      # a state: immutable and hashable
A = TypeVar("A", bound=Hashable)      # an action (a move)
P = TypeVar("P", bound=Hashable)      # a player
Number = Union[float, Fraction]       # a utility or a probability (an int is a float to mypy)


class IllegalMoveError(ValueError):
    """A move that is not legal in the given state; the message lists the legal moves."""

    def __init__(self, action: Any, legal: Sequence[Any], state: Any = None):
        self.action, self.legal, self.state = action, tuple(legal), state
        where = f" in state {state!r}" if state is not None else ""
        super().__init__(f"illegal move {action!r}{where}; legal moves are {list(self.legal)}")


class Game(Generic[S, A, P]):
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

    initial_state: S

    def to_move(self, state: S) -> P:
        raise NotImplementedError

    def actions(self, state: S) -> Sequence[A]:
        raise NotImplementedError

    def result(self, state: S, action: A) -> S:
        raise NotImplementedError

    def is_terminal(self, state: S) -> bool:
        raise NotImplementedError

    def utility(self, state: S, player: P) -> Number:
        raise NotImplementedError

    def is_chance(self, state: S) -> bool:
        """True where chance, not a player, moves next. Deterministic games never are."""
        return False

    def outcomes(self, state: S) -> Sequence[tuple[Number, S]]:
        """``(probability, next_state)`` pairs at a chance state."""
        raise ValueError(f"{type(self).__name__} has no chance states; outcomes() needs one")

    def __repr__(self) -> str:      # no memory address: notebook outputs must be stable
        return f"{type(self).__name__}()"

    def play(self, state: S, action: A) -> S:
        """``result(state, action)`` after checking the move is legal (for people, not searches)."""
        if self.is_terminal(state):
            raise IllegalMoveError(action, (), state)
        legal = self.actions(state)
        if action not in legal:
            raise IllegalMoveError(action, legal, state)
        return self.result(state, action)
