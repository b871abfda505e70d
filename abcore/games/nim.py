"""Nim with one pile: the tiny game of notebook 1."""
from __future__ import annotations

from typing import NamedTuple

from ..game import Game, IllegalMoveError
from ..i18n import _

__all__ = ["Nim", "NimState"]


class NimState(NamedTuple):
    stones: int
    to_move: str


class Nim(Game[NimState, int, str]):
    """One pile of ``stones``; a move takes 1 to ``max_take`` stones; who takes the last one wins.

    Utility: +1 for the winner, -1 for the loser. Players are ``"first"`` and ``"second"``.

    Examples
    --------
    >>> g = Nim(4)
    >>> g.initial_state, g.actions(g.initial_state)
    (NimState(stones=4, to_move='first'), (1, 2, 3))
    >>> s = g.result(g.result(g.initial_state, 3), 1)
    >>> g.is_terminal(s), g.utility(s, 'second')
    (True, 1)
    """

    players = ("first", "second")
    utility_range = (-1, 1)           # read by the MCTS solver (abcore.mcts)

    def __init__(self, stones: int = 4, max_take: int = 3):
        if stones < 0 or max_take < 1:
            raise ValueError(_("need stones >= 0 and max_take >= 1; got {stones}, {max_take}").format(
                stones=stones, max_take=max_take))
        self.max_take = max_take
        self.initial_state = NimState(stones, "first")

    def __repr__(self) -> str:
        return f"Nim(stones={self.initial_state.stones}, max_take={self.max_take})"

    def to_move(self, state: NimState) -> str:
        return state.to_move

    def actions(self, state: NimState) -> tuple[int, ...]:
        return tuple(range(1, min(self.max_take, state.stones) + 1))

    def result(self, state: NimState, action: int) -> NimState:
        if action not in self.actions(state):
            raise IllegalMoveError(action, self.actions(state), state)
        other = "second" if state.to_move == "first" else "first"
        return NimState(state.stones - action, other)

    def is_terminal(self, state: NimState) -> bool:
        return state.stones == 0

    def utility(self, state: NimState, player: str) -> int:
        # The pile is empty: the player to move now did not take the last stone, and has lost.
        return -1 if player == state.to_move else 1
