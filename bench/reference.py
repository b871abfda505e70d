"""A reference, NOT part of abcore: a plain bitboard negamax alpha-beta for tic-tac-toe.

The yardstick for "how fast can plain Python solve tic-tac-toe": no Game protocol, no options,
no trace, the board as two 9-bit masks, the moves in cell order 0-8 like abcore's. It visits the
same 18,297 nodes as :func:`abcore.alphabeta` (the node count is checked by the bench).
"""
from __future__ import annotations

__all__ = ["solve"]

_LINES = (0b111, 0b111000, 0b111000000, 0b1001001, 0b10010010, 0b100100100, 0b100010001,
          0b1010100)
_WON = tuple(any(m & line == line for line in _LINES) for m in range(512))
_FREE = tuple(tuple(1 << c for c in range(9) if not m >> c & 1) for m in range(512))


def solve(me: int = 0, them: int = 0) -> tuple[int, int]:
    """(value for the side to move, nodes visited): fail-soft negamax, window (-2, 2).

    >>> solve()
    (0, 18297)
    """
    nodes = 0

    def search(me: int, them: int, alpha: int, beta: int) -> int:
        nonlocal nodes
        nodes += 1
        if _WON[them]:                   # the opponent's last move won
            return -1
        free = _FREE[me | them]
        if not free:                     # a full board: a draw
            return 0
        best = -2
        for bit in free:
            v = -search(them, me | bit, -beta, -alpha)
            if v > best:
                best = v
                if v >= beta:
                    break
                if v > alpha:
                    alpha = v
        return best

    return search(me, them, -2, 2), nodes
