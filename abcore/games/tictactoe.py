"""Tic-tac-toe on two 9-bit masks, with seed 004's evaluation function."""
from __future__ import annotations

import math

from ..game import Game, IllegalMoveError

__all__ = ["TicTacToe", "Board", "open_lines", "LINES"]

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
_MASKS = tuple(sum(1 << c for c in line) for line in LINES)
# Lookup tables over all 512 sets of cells, so the hot path is one index, not a loop:
_WON = tuple(any(m & line == line for line in _MASKS) for m in range(512))
_FREE = tuple(tuple(c for c in range(9) if not m >> c & 1) for m in range(512))
_OPEN = tuple(sum(1 for line in _MASKS if not m & line) for m in range(512))  # lines free of m
_new = tuple.__new__


class Board(tuple):
    """A position: ``(x_cells, o_cells, to_move)``, the cells as 9-bit masks (bit i = cell i).

    A tuple, so it is immutable and hashable; it prints as a board.
    """

    __slots__ = ()

    def cells(self) -> str:
        """The nine cells, row-major, as a string of 'X', 'O' and '.'."""
        x, o, _ = self
        return "".join("X" if x >> i & 1 else "O" if o >> i & 1 else "." for i in range(9))

    def __str__(self) -> str:
        c = self.cells()
        return "\n".join(" ".join(c[r:r + 3]) for r in (0, 3, 6))

    def __repr__(self) -> str:
        return f"Board('{self.cells()}', to_move={self[2]!r})"


class TicTacToe(Game):
    """Tic-tac-toe: cells 0-8 row-major, X moves first; utility +1 / 0 / -1 for the player asked.

    Examples
    --------
    >>> g = TicTacToe()
    >>> s = g.initial_state
    >>> for cell in (4, 0, 2):
    ...     s = g.result(s, cell)
    >>> print(s)
    O . X
    . X .
    . . .
    >>> g.to_move(s), g.actions(s)
    ('O', (1, 3, 5, 6, 7, 8))
    >>> g.result(s, 4)
    Traceback (most recent call last):
    ...
    abcore.game.IllegalMoveError: illegal move 4 in state Board('O.X.X....', to_move='O'); legal moves are [1, 3, 5, 6, 7, 8]
    """

    players = ("X", "O")
    initial_state = _new(Board, (0, 0, "X"))

    @staticmethod
    def board(cells: str, to_move: str | None = None) -> Board:
        """A position from 9 characters ('X', 'O', '.' or ' '), row-major; whitespace around rows
        and '|' separators are ignored. ``to_move`` defaults to whoever's turn it is by count.

        >>> TicTacToe.board("X.. .O. ..X")
        Board('X...O...X', to_move='O')
        """
        flat = [ch for ch in cells if ch not in " \n|/"] if len(cells) != 9 else list(cells)
        if len(flat) != 9 or any(ch not in "XO. " for ch in flat):
            raise ValueError(f"a board is 9 cells of 'X', 'O' or '.', row-major; got {cells!r}")
        x = sum(1 << i for i, ch in enumerate(flat) if ch == "X")
        o = sum(1 << i for i, ch in enumerate(flat) if ch == "O")
        nx, no = x.bit_count(), o.bit_count()
        if to_move is None:
            if nx not in (no, no + 1):
                raise ValueError(f"{nx} X and {no} O cannot happen when X moves first; pass to_move")
            to_move = "X" if nx == no else "O"
        if to_move not in ("X", "O"):
            raise ValueError(f"to_move must be 'X' or 'O', not {to_move!r}")
        return _new(Board, (x, o, to_move))

    def to_move(self, state: Board) -> str:
        return state[2]

    def actions(self, state: Board) -> tuple:
        x, o, _ = state
        return () if _WON[x] or _WON[o] else _FREE[x | o]

    def result(self, state: Board, action: int) -> Board:
        x, o, p = state
        bit = 1 << action if action.__class__ is int and 0 <= action < 9 else 0
        if not bit or (x | o) & bit or _WON[x] or _WON[o]:
            raise IllegalMoveError(action, self.actions(state), state)
        return _new(Board, (x | bit, o, "O")) if p == "X" else _new(Board, (x, o | bit, "X"))

    def is_terminal(self, state: Board) -> bool:
        x, o, _ = state
        return _WON[x] or _WON[o] or x | o == 511

    def utility(self, state: Board, player: str) -> int:
        x, o, _ = state
        v = 1 if _WON[x] else -1 if _WON[o] else 0
        return v if player == "X" else -v

    def winner(self, state: Board) -> str | None:
        x, o, _ = state
        return "X" if _WON[x] else "O" if _WON[o] else None

    @staticmethod
    def evaluate(state: Board, player: str) -> float:
        """Seed 004's evaluation: +inf if ``player`` has won, -inf if the opponent has, else
        (lines still open for ``player``) - (lines still open for the opponent).

        >>> TicTacToe.evaluate(TicTacToe.board(".O. .X. ..."), "X")    # 6 - 4
        2
        """
        x, o, _ = state
        if _WON[x] or _WON[o]:
            return math.inf if _WON[x] == (player == "X") else -math.inf
        v = _OPEN[o] - _OPEN[x]           # lines free of O are open for X, and the reverse
        return v if player == "X" else -v


def open_lines(state: Board, player: str) -> int:
    """How many lines ``player`` could still complete (no opponent mark on them)."""
    x, o, _ = state
    return _OPEN[o] if player == "X" else _OPEN[x]
