"""A reference, NOT part of abcore: a specialised bitboard Connect 4 solver in plain Python.

The yardstick for "how fast can plain Python solve Connect 4 positions", written like
:mod:`bench.reference`: no Game protocol, no options, no trace. It is the final step of Pascal
Pons' tutorial (blog.gamesolver.org, parts 3-12), rewritten in Python:

- negamax alpha-beta on two bitboards (the side to move's stones, and all stones), one column of
  ``height + 1`` bits per column (the extra bit keeps lines from wrapping to the next column);
- ``solve`` bisects the score range with null-window searches, testing half the extreme scores
  first (min/2, max/2 as Pons does); Pons calls it "iterative deepening": with the score bounds
  at every node a test at a large score stops at a shallow depth;
- a transposition table keyed by ``current + mask`` holding an upper or a lower bound, cleared
  for every position solved (as Pons' ``solver.reset()``);
- a win in one is found before searching (at the root) or by the parent (below it); moves that
  let the opponent win next are never searched; the rest are tried by the number of winning
  spots they create, ties centre-first.

Nodes are counted as Pons counts them: one per call of the recursive ``negamax``, over every
null-window pass of ``solve``; a root where the side to move wins at once costs 0 nodes. Phase 2's
:func:`abcore.solve` counts the same way, so the two columns of the bench compare directly.

Score: the side to move's Pons score (22 - k on 7 x 6 when it wins with its k-th stone).
Pons' score formulas assume an even number of cells (7 x 6, 4 x 4, 5 x 4, 6 x 5...).

>>> Solver().solve("4455")        # the first player wins with its 4th stone
(18, 3)
>>> Solver().solve("44455554221")[0]
-15
"""
from __future__ import annotations

__all__ = ["Solver", "OverBudget", "TABLE_CAP"]

# The table is a dict cleared for each position; if one position ever stored more than this many
# entries it is cleared and refilled (correct, only slower): memory stays under about 150 MB.
TABLE_CAP = 1_000_000


class Solver:
    """Solves positions of a ``width`` x ``height`` board; ``nodes`` is the last solve's count."""

    def __init__(self, width: int = 7, height: int = 6):
        if width * height % 2:
            raise ValueError("Pons' score formulas need an even number of cells")
        self.width, self.height = width, height
        h1 = height + 1
        self.bottom = sum(1 << c * h1 for c in range(width))
        self.full = self.bottom * ((1 << height) - 1)
        self.columns = [((1 << height) - 1) << c * h1 for c in range(width)]
        # Pons' exploration order, centre first: 3, 4, 2, 5, 1, 6, 0 on 7 columns.
        self.order = [width // 2 + (1 - 2 * (i % 2)) * (i + 1) // 2 for i in range(width)]
        self.nodes = 0

    def position(self, moves: str) -> tuple[int, int, int]:
        """``(current, mask, moves played)`` after a move string (columns 1..width); raises
        ValueError on a full column, a column out of range or a move after a win."""
        cur = mask = 0
        h1 = self.height + 1
        for i, ch in enumerate(moves):
            c = ord(ch) - 49
            if not 0 <= c < self.width or mask & (1 << (c * h1 + self.height - 1)):
                raise ValueError(f"move {i + 1} of {moves!r}: column {ch!r} cannot be played")
            if self._wins(cur, mask, c):
                raise ValueError(f"move {i + 1} of {moves!r}: the game is over after it")
            move = (mask + (1 << c * h1)) & self.columns[c]
            cur, mask = cur ^ mask, mask | move
        return cur, mask, len(moves)

    def _wins(self, cur: int, mask: int, c: int) -> bool:
        move = (mask + (1 << c * (self.height + 1))) & self.columns[c]
        return bool(self._winning(cur, mask) & move)

    def _winning(self, p: int, mask: int) -> int:
        """The empty cells where the stones ``p`` would complete four in a row."""
        h, h1, h2 = self.height, self.height + 1, self.height + 2
        r = (p << 1) & (p << 2) & (p << 3)
        for s in (h1, h, h2):
            q = (p << s) & (p << 2 * s)
            r |= q & (p << 3 * s) | q & (p >> s)
            q = (p >> s) & (p >> 2 * s)
            r |= q & (p << s) | q & (p >> 3 * s)
        return r & (self.full ^ mask)

    def solve(self, moves: str) -> tuple[int, int]:
        """``(score for the side to move, nodes)`` of the position after ``moves``."""
        cur, mask, n = self.position(moves)
        return self.solve_bitboard(cur, mask, n)

    def solve_bitboard(self, cur: int, mask: int, n: int, lo: int | None = None,
                       hi: int | None = None, budget: int | None = None) -> tuple[int, int]:
        """``(score, nodes)`` of the position ``(current, mask, moves played)``; the side to
        move must not have won already (the position is not over).

        With ``lo``/``hi`` the bisection runs over [lo, hi] only: the score is exact if it lies
        there, else the answer is ``lo`` (the score is <= lo) or a number >= ``hi`` (the score
        is at least that). With ``budget``, raises :class:`OverBudget` past that many nodes.
        """
        width, height = self.width, self.height
        size = width * height
        h, h1, h2 = height, height + 1, height + 2
        h3, hh, hh2 = 3 * h1, 2 * h1, 2 * h
        d3, d2, a3, a2 = 3 * h, 2 * h, 3 * h2, 2 * h2
        full, bottom = self.full, self.bottom
        cols = [self.columns[c] for c in self.order]
        table: dict[int, int] = {}
        nodes = 0

        # Speed: compute_winning_position unrolled, with the shifts as closure constants: 3.03 us
        # a call against 3.16 us for the method with a loop over the three directions (timeit,
        # a 29-stone position; about 4%).
        def winning(p: int, m: int) -> int:
            r = (p << 1) & (p << 2) & (p << 3)
            q = (p << h1) & (p << hh)
            r |= q & (p << h3) | q & (p >> h1)
            q = (p >> h1) & (p >> hh)
            r |= q & (p << h1) | q & (p >> h3)
            q = (p << h) & (p << hh2)
            r |= q & (p << d3) | q & (p >> h)
            q = (p >> h) & (p >> hh2)
            r |= q & (p << h) | q & (p >> d3)
            q = (p << h2) & (p << a2)
            r |= q & (p << a3) | q & (p >> h2)
            q = (p >> h2) & (p >> a2)
            r |= q & (p << h2) | q & (p >> a3)
            return r & (full ^ m)

        limit = budget if budget is not None else -1

        def negamax(cur: int, mask: int, n: int, alpha: int, beta: int) -> int:
            """Fail-soft over (alpha, beta), alpha < beta: the score if alpha < score < beta,
            else a bound on the same side of the window. The side to move cannot win at once."""
            nonlocal nodes
            nodes += 1
            if nodes == limit:
                raise OverBudget(nodes)
            possible = (mask + bottom) & full
            opp = winning(cur ^ mask, mask)
            forced = possible & opp
            if forced:
                if forced & (forced - 1):        # two threats to stop: lost next move
                    return -((size - n) // 2)
                possible = forced
            possible &= ~(opp >> 1)             # never play under an opponent's winning spot
            if not possible:
                return -((size - n) // 2)
            if n >= size - 2:                    # two cells left, no win for either: a draw
                return 0
            lo = -((size - 2 - n) // 2)          # the opponent cannot win with its next stone
            if alpha < lo:
                alpha = lo
                if alpha >= beta:
                    return alpha
            hi = (size - 1 - n) // 2             # we cannot win with our next stone
            if beta > hi:
                beta = hi
                if alpha >= beta:
                    return beta
            key = cur + mask
            entry = table.get(key)
            if entry is not None:
                v = entry >> 1
                if entry & 1:                    # a lower bound
                    if alpha < v:
                        alpha = v
                        if alpha >= beta:
                            return alpha
                elif beta > v:                   # an upper bound
                    beta = v
                    if alpha >= beta:
                        return beta
            nxt = cur ^ mask
            # Order by the winning spots each move creates, ties centre-first (a stable sort of
            # the centre-first list). Not scoring a lone move: 1.22 ms against 1.27 ms per Middle
            # position (about 4%; the same 287.7 mean nodes: the same tree).
            ms = [m for c in cols if (m := possible & c)]
            if len(ms) > 1:
                ms.sort(key=lambda m: (winning(cur | m, mask)).bit_count(), reverse=True)
            n1 = n + 1
            for m in ms:
                score = -negamax(nxt, mask | m, n1, -beta, -alpha)
                if score >= beta:
                    table[key] = score << 1 | 1
                    return score
                if score > alpha:
                    alpha = score
            if len(table) > TABLE_CAP:
                table.clear()
            table[key] = alpha << 1
            return alpha

        self.nodes = 0
        if n >= size:
            return 0, 0
        if winning(cur, mask) & (mask + bottom) & full:       # a win at once: not searched
            return (size + 1 - n) // 2, 0
        if lo is None:
            lo = -((size - n) // 2)
        if hi is None:
            hi = (size + 1 - n) // 2
        while lo < hi:                       # bisect the score with null windows
            med = lo + (hi - lo) // 2
            if med <= 0 and _trunc_half(lo) < med:
                med = _trunc_half(lo)
            elif med >= 0 and hi // 2 > med:
                med = hi // 2
            r = negamax(cur, mask, n, med, med + 1)
            if r <= med:
                hi = r
            else:
                lo = r
        self.nodes = nodes
        return lo, nodes


class OverBudget(Exception):
    """Raised by :meth:`Solver.solve_bitboard` when the node budget is spent."""


def _trunc_half(x: int) -> int:
    """x / 2 rounded toward zero, as C++ divides."""
    return -((-x) // 2) if x < 0 else x // 2
