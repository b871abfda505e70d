"""Connect 4 on bitboards, with the hooks that make a generic exact search fast on it.

A position is one int (a :class:`C4State`) packing Pascal Pons' two bitboards: ``current`` (the
stones of the side to move) and ``mask`` (all stones), one column of ``height + 1`` bits per
column, bottom bit first; the spare bit on top of each column keeps lines from wrapping. The
low 9 bits hold the board size and whether the last move won, so a state prints itself and
``is_terminal`` is one bit test. Memory stays bounded whatever the positions seen: the search
hooks keep one small record per ply (see ``ConnectFour._kids``) and the answers of
``search_actions`` for at most 16,384 states (``ConnectFour._memo``, emptied when full).

Columns are numbered 1..width from the left everywhere: in ``actions``, in ``result``, in move
strings (``"4453"``) and in error messages, as Connect 4 positions are usually written.
"""
from __future__ import annotations

import functools
from importlib import resources
from typing import Any, Callable, Iterable, Sequence

from ..game import Game, IllegalMoveError
from ..i18n import _

__all__ = ["ConnectFour", "C4State", "load_positions", "position_sets"]

_LOW = 9                                 # bits 0-3 height, 4-7 width, 8 "the last move won"
_WON = 1 << 8
_MEMO = 1 << 14                          # the states ConnectFour.search_actions remembers


class C4State(int):
    """A Connect 4 position: immutable, hashable, equal only to the same stones on the same
    board. ``print(state)`` shows the board (X moved first); ``repr`` is one line, top row first.
    """

    __slots__ = ()

    def grid(self) -> list[str]:
        """The rows as strings of 'X', 'O' and '.', top row first."""
        w, h = self >> 4 & 15, self & 15
        s = w * (h + 1)
        x = self >> _LOW
        cur, mask = x & ((1 << s) - 1), x >> s
        x_to_move = mask.bit_count() % 2 == 0
        xs = cur if x_to_move else cur ^ mask
        return ["".join("." if not mask >> (c * (h + 1) + r) & 1 else
                        "X" if xs >> (c * (h + 1) + r) & 1 else "O" for c in range(w))
                for r in reversed(range(h))]

    def __str__(self) -> str:
        w = self >> 4 & 15
        return "\n".join(" ".join(row) for row in self.grid()) + "\n" + " ".join(
            str(c) for c in range(1, w + 1))

    def __repr__(self) -> str:
        w, h = self >> 4 & 15, self & 15
        n = (self >> _LOW + w * (h + 1)).bit_count()
        return f"C4State('{'/'.join(self.grid())}', to_move={'XO'[n % 2]!r})"


class ConnectFour(Game[C4State, int, str]):
    """Connect 4 on a ``width`` x ``height`` board (7 x 6 by default); X moves first.

    Actions are columns 1..width, left to right. Utility, the usual Connect 4 score: the player
    who wins with their k-th stone scores ceil(width*height/2) + 1 - k (22 - k on 7 x 6; on an even
    number of cells this is the floor, as Pons writes it), the loser the negative, a draw 0: a
    quicker win is worth more, so exact search prefers it. Every win scores at least 1.

    Hooks for fast exact search (each never changes a minimax value):

    - ``search_actions(state)``: the moves a search needs to try, best first: a move that wins
      at once alone; otherwise the moves after which the opponent cannot win at once (a single
      losing move if every move loses), ordered by the winning spots they create, then
      centre-first. Searching only these gives the same value as searching ``actions``.
    - ``key(state)``: Pons' ``current + mask``, a small int unique per position of this board,
      for tables; ``moves_played(state)``; ``value_bounds(state)``: the range the value of a
      non-terminal state lies in.

    Examples
    --------
    >>> g = ConnectFour()
    >>> s = g.from_moves("4453")
    >>> print(s)
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . O . . .
    . . O X X . .
    1 2 3 4 5 6 7
    >>> g.to_move(s), g.actions(s), g.moves_played(s)
    ('X', (1, 2, 3, 4, 5, 6, 7), 4)
    >>> g.from_moves("4455")
    C4State('......./......./......./......./...OO../...XX..', to_move='X')
    >>> g.search_actions(g.from_moves("445566"))       # X wins at once in column 3 or 7
    (3,)
    >>> win = g.from_moves("4455663")
    >>> g.is_terminal(win), g.utility(win, "X"), g.utility(win, "O")
    (True, 18, -18)
    """

    players = ("X", "O")

    def __init__(self, width: int = 7, height: int = 6):
        if isinstance(width, bool) or not isinstance(width, int) or not 1 <= width <= 9:
            raise ValueError(f"width must be a whole number from 1 to 9 (one digit per column "
                             f"in move strings); got {width!r}")
        if isinstance(height, bool) or not isinstance(height, int) or not 1 <= height <= 15:
            raise ValueError(f"height must be a whole number from 1 to 15; got {height!r}")
        self.width, self.height = width, height
        h1 = height + 1
        self._s = width * h1                              # bits per bitboard
        self._sl = self._s + _LOW                         # where the mask starts in a state
        self._curbits = ((1 << self._s) - 1) << _LOW      # where current sits in a state
        self._size = width * height
        self._top_score = (self._size + 1) // 2 + 1       # utility = _top_score - k
        self._bottom = sum(1 << c * h1 for c in range(width))
        self._full = self._bottom * ((1 << height) - 1)
        self._wh = width << 4 | height
        # Indexed by column 1..width (slot 0 unused): the column's cells, its top cell.
        self._col = (0,) + tuple(((1 << height) - 1) << c * h1 for c in range(width))
        self._top = (0,) + tuple(1 << (c * h1 + height - 1) for c in range(width))
        self._centre = tuple(sorted(range(1, width + 1), key=lambda c: abs(2 * c - width - 1)))
        self._rank = _centre_ranks(width, height)
        self._tops = sum(self._top)
        # Speed: the tables below (random_playout's playable columns for each set of full
        # columns, the lines of four, evaluate's byte tables) depend only on the size, so games
        # of one size share them (cached functions): ConnectFour() took 10.5 ms on 7 x 6 and
        # 75 ms on 9 x 15 before, 0.1 ms after (tests/test_connect4.py makes thousands of games).
        self._open = _open_columns(width, height)
        self._windows = _windows(width, height)
        self._window_bytes = _window_bytes(self._windows, self._s)
        self._winning = _winning_cells(width, height)
        # (state, the opponent's winning cells, mask, playable cells): search_bounds' last
        # "neither" state, whose moves a search asks for next. Speed: the mask and playable
        # cells kept too, not made again by search_actions: solve over the End set, 37,633 ->
        # 37,129 bytecode instructions a position, CPU 0.99 (0.94-1.02, 11 alternating rounds).
        self._seen: tuple = (None, 0, 0, 0)
        # Speed: what search_actions learns about the children it returns, kept for them. For
        # each child of a safe move, ranking it computed the winning cells the child's opponent
        # will have, and safety proves the child's mover cannot win at once: the two
        # _winning calls of search_bounds, and result's four-in-a-row test, which the child
        # would otherwise redo. _kids[n] holds {child state (an int): its opponent's winning
        # cells} for the last search_actions at n - 1 stones: one small dict per ply, so memory
        # stays bounded, and every answer is a fact about that exact state, right in any call
        # order. Measured on the Middle set at the final step (solve, 282.5 mean nodes either
        # way; CPU, best of two runs): 2.33 ms a position before, 1.75 ms with search_bounds
        # reading the record (and the ranking loop that fills it), 1.61 ms with result's test
        # skipped too. Sized for the largest board (9 x 15), not this one: a state of a bigger
        # board then finds an empty record and reaches result's size check, not an IndexError
        # (review rev28r A4).
        self._kids: list[dict] = [{} for _ in range(9 * 15 + 2)]
        # Speed: search_actions' answers, {state: (moves, ply, that ply's _kids record or None)},
        # emptied when it holds _MEMO states (bounded memory, as in a TranspositionTable: 16,011
        # entries of 7 x 6 took 9.8 MB, tracemalloc, review rev27 C1: about 10 MB full). An
        # iterative deepening expands the same states again at each depth, and again at the
        # game's next move: notebook 10's model player asks 15,431 times about 6,502 states on
        # 40 practice positions. Its moves on 100 practice positions, as graded: CPU 1.32 x
        # with room for one state only (median of 5 alternating rounds, a loaded machine);
        # solve's nodes are the same (bench.connect4_port: 48.8 / 282.5).
        self._memo: dict = {}
        # Speed: search_bounds' three answers for n stones played, made once per size (a win
        # with the next stone, a loss to the opponent's next one, neither: each end one stone
        # in, a draw two cells from the end); search_bounds indexes them instead of computing
        # and packing two ints. solve over the End set, against this module without them:
        # 38,473 -> 37,129 bytecode instructions a position (counted with sys.settrace), CPU
        # 0.98 of the time (0.94-1.02 over 11 rounds alternating the two position by position).
        self._wins_now, self._loses_next, self._neither = _bound_tables(self._size, self._top_score)
        self.initial_state = C4State(self._wh)

    def __repr__(self) -> str:
        return f"ConnectFour(width={self.width}, height={self.height})"

    # --- building positions --------------------------------------------------------------
    def from_moves(self, moves: str | Iterable[int]) -> C4State:
        """The position after ``moves``: a string of column digits ("4453") or ints, columns
        1..width from the left. A full column, a column out of range or a move after the game
        is over raises :class:`~abcore.IllegalMoveError` listing the legal columns.

        >>> ConnectFour().from_moves("448")
        Traceback (most recent call last):
        ...
        abcore.game.IllegalMoveError: illegal move 8 in state C4State('......./......./......./......./...O.../...X...', to_move='X'); legal moves are [1, 2, 3, 4, 5, 6, 7]
        (move 3 of '448')
        """
        s = self.initial_state
        for i, m in enumerate(moves):
            col: Any = int(m) if isinstance(m, str) and m.isdigit() and len(m) == 1 else m
            try:
                s = self.result(s, col)
            except IllegalMoveError as e:
                e.add_note(f"(move {i + 1} of {moves!r})")
                raise
        return s

    def moves_string(self, moves: Iterable[int]) -> str:
        """The move string of a sequence of columns: ``[4, 4, 5]`` -> ``'445'``."""
        return "".join(str(c) for c in moves)

    # --- the protocol ------------------------------------------------------------------------
    def to_move(self, state: C4State) -> str:
        return "O" if (state >> self._sl).bit_count() & 1 else "X"

    def actions(self, state: C4State) -> tuple:
        """The playable columns, left to right; () once the game is over."""
        if state & _WON:
            return ()
        # Speed: read from random_playout's table of the playable columns for each set of full
        # columns, not made column by column: 1,901 -> 120 ns a call (timeit, best of 9).
        return self._open[state >> self._sl & self._tops]

    def result(self, state: C4State, action: int) -> C4State:
        mask = state >> self._sl
        if (state & _WON or action.__class__ is not int or not 0 < action <= self.width
                or mask & self._top[action]):
            self._same_size(state)
            raise IllegalMoveError(action, self.actions(state), state)
        m = (mask + self._bottom) & self._col[action]   # the cell the stone falls to
        # The child: the opponent's stones become "current" (state ^ mask in current's field),
        # and m joins the mask. Speed: one xor and one add, here and in search_actions' base,
        # not the child rebuilt from its two bitboards: solve over the End set, 38,126 -> 37,129
        # bytecode instructions a position, CPU 0.97 (0.94-1.03, 11 alternating rounds).
        child = (state ^ mask << _LOW) + (m << self._sl)
        if child in self._kids[mask.bit_count() + 1]:    # search_actions saw it: no four there
            return C4State(child)
        if state & 0xff != self._wh:                     # (never one of the children seen above)
            self._same_size(state)
        # Four in a row for p, the mover's stones: one test per direction (Pons' alignment).
        p = (state & self._curbits) >> _LOW | m
        h = self.height
        for d in (1, h, h + 1, h + 2):
            m = p & (p >> d)
            if m & (m >> 2 * d):
                return C4State(child | _WON)
        return C4State(child)

    def is_terminal(self, state: C4State) -> bool:
        return state & _WON != 0 or state >> self._sl == self._full

    def utility(self, state: C4State, player: str) -> int:
        """The score of a finished game for ``player``; raises ValueError before the end."""
        self._same_size(state)
        if not state & _WON:
            if state >> self._sl == self._full:
                return 0
            raise ValueError(f"{state!r} is not over: utility() scores finished games; use "
                             "evaluate() for a position in progress")
        n = (state >> self._sl).bit_count()
        v = self._top_score - (n + 1) // 2               # the winner moved last: stone (n+1)//2
        last = "X" if n & 1 else "O"
        return v if player == last else -v

    def winner(self, state: C4State) -> str | None:
        """'X' or 'O' once someone has four in a row, else None."""
        if not state & _WON:
            return None
        return "X" if (state >> self._sl).bit_count() & 1 else "O"

    # --- hooks for search ------------------------------------------------------------------
    def random_playout(self, state: C4State, choice: Callable[[Sequence[int]], int]) -> tuple[C4State, int]:
        """The end of a random game from ``state`` and its number of moves: at each position
        ``choice(self.actions(s))`` picks the move, as MCTS's own playout loop does, so the same
        ``choice`` (a seeded ``Random``'s) gives the same game. The MCTS hook for speed: the
        stones stay plain ints, and the playable columns come from a table keyed by the full
        columns: MCTS's 2,000 simulations from the start take 0.57 of the time of its own loop
        (:mod:`abcore.mcts.search`, where it is called).

        >>> import random
        >>> g = ConnectFour()
        >>> s, n = g.random_playout(g.initial_state, random.Random(1).choice)
        >>> t, m = g.initial_state, 0
        >>> rng = random.Random(1)
        >>> while not g.is_terminal(t):
        ...     t, m = g.result(t, rng.choice(g.actions(t))), m + 1
        >>> (s, n) == (t, m) and g.is_terminal(s)
        True
        """
        self._same_size(state)                          # once a playout, not once a move
        if state & _WON:
            return state, 0
        mask, cur = state >> self._sl, (state & self._curbits) >> _LOW
        full, bottom, col, open_, h = self._full, self._bottom, self._col, self._open, self.height
        tops = self._tops
        moves = 0
        while mask != full:
            p = cur | (mask + bottom) & col[choice(open_[mask & tops])]
            mask |= p
            moves += 1
            for d in (1, h, h + 1, h + 2):          # four in a row for the mover, as in result
                m = p & (p >> d)
                if m & (m >> 2 * d):
                    return C4State((mask << self._s | (mask ^ p)) << _LOW | self._wh | _WON), moves
            cur = mask ^ p
        return C4State((mask << self._s | cur) << _LOW | self._wh), moves

    def moves_played(self, state: C4State) -> int:
        return (state >> self._sl).bit_count()

    def key(self, state: C4State) -> int:
        """Pons' key ``current + mask``: unique per position of this board, below 2**(w*(h+1))."""
        return ((state & self._curbits) >> _LOW) + (state >> self._sl)

    def value_bounds(self, state: C4State) -> tuple[int, int]:
        """(lowest, highest) value the side to move can get in a non-terminal ``state``: losing
        to the opponent's next stone, winning with its own next stone (or 0 if it has none)."""
        n = (state >> self._sl).bit_count()
        best = self._top_score - (n // 2 + 1)            # with its next stone, move n + 1
        # The opponent's next stone is move n + 2; with one cell left it never comes.
        worst = -(self._top_score - (n - n // 2 + 1)) if n + 2 <= self._size else 0
        return worst, best

    def search_bounds(self, state: C4State) -> tuple[int, int]:
        """:meth:`value_bounds` tightened by what :meth:`search_actions` knows: the bounds a search
        that anticipates losing moves may assume (``solve(prune=True)`` reads them).

        With n stones played, the mover's next stone is its (n//2 + 1)-th and the opponent's
        its (n - n//2 + 1)-th, so the value lies between losing to the opponent's next stone and
        winning with the mover's next stone. Pons' node checks then tighten it (they are what his
        solver knows at every node): a win at once is exact; two opponent threats, or no move
        that avoids one, lose at the opponent's next stone, exactly; with neither, nobody can win
        with their next stone, so each end moves one stone in, and two cells from the end it is a
        draw. Measured on the End / Middle sets at the final step of ``bench.connect4_steps``:
        78.4 / 596.2 mean nodes with the loose bounds, 48.8 / 282.5 with these (Pons: 51.28 /
        449.6).

        >>> g = ConnectFour()
        >>> g.search_bounds(g.initial_state)          # nobody wins with the 1st stone (21 / -21)
        (-20, 20)
        >>> g.search_bounds(g.from_moves("4455"))     # X cannot win with its 3rd stone (19)
        (-18, 18)
        >>> g.search_bounds(g.from_moves("445566"))           # X wins at once, with its 4th stone
        (18, 18)
        """
        mask = state >> self._sl
        n = mask.bit_count()
        possible = (mask + self._bottom) & self._full
        opp = self._kids[n].get(state)                      # known if a search_actions made it
        if opp is None:
            if state & 0xff != self._wh:                 # (never in a record: checked here only)
                self._same_size(state)
            cur = (state & self._curbits) >> _LOW
            if self._winning(cur, mask) & possible:
                return self._wins_now[n]
            opp = self._winning(cur ^ mask, mask)
        forced = possible & opp
        if forced and forced & (forced - 1) or not possible & ~(opp >> 1) & (forced or possible):
            return self._loses_next[n]
        # A search asks for this state's moves next: keep what search_actions would compute
        # again (no win at once; the opponent's winning cells). One entry, not a growing cache.
        self._seen = (state, opp, mask, possible)
        return self._neither[n]

    def search_actions(self, state: C4State) -> tuple:
        """The moves to search, in the order to search them; () once the game is over.

        A move that wins at once, alone; else the moves after which the opponent cannot win at
        once (only one move if every move loses at once: they are all worth the same), ordered by
        the number of winning spots they leave the mover (Pons' threat count), ties centre-first.

        >>> g = ConnectFour()
        >>> g.search_actions(g.from_moves("11223"))      # O blocks column 4, or loses
        (4,)
        >>> g.search_actions(g.initial_state)
        (4, 3, 5, 2, 6, 1, 7)
        """
        if state & _WON:
            return ()
        known = self._memo.get(state)
        if known is None:
            if state & 0xff != self._wh:                 # (never a key: checked here only)
                self._same_size(state)
            if len(self._memo) >= _MEMO:
                self._memo.clear()
            known = self._memo[state] = self._moves_to_search(state)
        moves, ply, kids = known
        if kids is not None:                 # the children's record, as when it was made
            self._kids[ply] = kids
        return moves

    def _same_size(self, state: int) -> None:
        """Refuse a state of a board of another size (its bits would be read as this board's).

        Checked by ``result`` (on its slow path: an illegal move, or a child not seen by
        ``search_actions``), ``search_actions``, ``search_bounds``, ``random_playout`` (once a
        playout) and ``utility``; not by ``actions``, ``is_terminal``, ``to_move``, ``winner``,
        ``key`` or ``moves_played``, called at every node of a search (``actions``: 120 ns a
        call), which read a foreign state's bits as this board's: a search through the kit's
        ``result`` meets the error at its first new child.

        >>> ConnectFour().search_actions(ConnectFour(6, 5).from_moves("1234"))
        Traceback (most recent call last):
        ...
        ValueError: this state is a position on a 6 x 5 board, and this game's board is 7 x 6: make its positions with this game (game.initial_state, game.from_moves, game.result)
        """
        if state & 0xff != self._wh:
            raise ValueError(_("this state is a position on a {w} x {h} board, and this game's board is "
                               "{width} x {height}: make its positions with this game (game.initial_state, "
                               "game.from_moves, game.result)").format(
                w=state >> 4 & 15, h=state & 15, width=self.width, height=self.height))

    def _moves_to_search(self, state: C4State) -> tuple[tuple, int, dict | None]:
        """:meth:`search_actions` computed, for a state not over: (the moves, the ply of the
        children, the record of what it learnt about them, or None when it learnt nothing)."""
        cur, col, centre = (state & self._curbits) >> _LOW, self._col, self._centre
        seen, opp, mask, possible = self._seen
        if seen is not state:                            # search_bounds did not just see it
            mask = state >> self._sl
            if mask == self._full:
                return (), 0, None
            possible = (mask + self._bottom) & self._full
            win = self._winning(cur, mask) & possible
            if win:
                return next((c,) for c in centre if win & col[c]), 0, None
            opp = self._winning(cur ^ mask, mask)
        forced = possible & opp
        if forced:
            if forced & (forced - 1):                    # two threats: every move loses
                return next((c,) for c in centre if possible & col[c]), 0, None
            possible = forced
        safe = possible & ~(opp >> 1)                    # not under an opponent's winning spot
        if not safe:
            return next((c,) for c in centre if possible & col[c]), 0, None
        winning, rank, shift = self._winning, self._rank, self._sl
        # A child of move m is base + (m << shift): the opponent to move with its stones as
        # "current", and m added to the mask; no four in a row (a win at once returned above).
        base = state ^ mask << _LOW
        kids = {}
        moves = []
        # Speed: the safe cells one by one (at most one a column), not the width's columns, and
        # each move as one int, its centre rank less 16 x its threat count, so that a plain
        # sort() puts most threats first, ties centre-first. solve over the End set, against
        # the loop over centre-first columns and (count, column) pairs sorted by the count:
        # 38,290 -> 37,129 bytecode instructions a position, CPU 0.99 (0.90-1.05, 11 rounds).
        while safe:
            m = safe & -safe
            safe ^= m
            t = winning(cur | m, mask)              # the mover's winning cells after m
            kids[base + (m << shift)] = t & ~m      # = the child's opponent's winning cells
            moves.append(rank[m] - (t.bit_count() << 4))
        ply = mask.bit_count() + 1
        if len(moves) == 1:
            return (centre[moves[0] & 15],), ply, kids
        moves.sort()
        return tuple([centre[k & 15] for k in moves]), ply, kids

    # --- evaluation and display ------------------------------------------------------------
    def stones(self, state: C4State, player: str) -> int:
        """The bitboard of ``player``'s stones."""
        mask = state >> self._sl
        cur = (state & self._curbits) >> _LOW
        # Speed: to_move written out (an evaluation asks twice a position): 323 -> 276 ns a call.
        return cur if ("O" if mask.bit_count() & 1 else "X") == player else cur ^ mask

    def evaluate(self, state: C4State, player: str) -> float:
        """A score for depth-limited search, on the utility's scale: the utility at the end of
        the game; before it, (lines of four still open for ``player``) - (lines still open for
        the opponent), divided by (number of lines + 1) so that it stays strictly between -1 and
        1. Every win scores at least 1, so a real win always beats any evaluation and a real
        loss is always worse (seed 004's open-lines evaluation, scaled).

        >>> g = ConnectFour()
        >>> g.evaluate(g.from_moves("4"), "X") * 70        # 69 lines: X's centre stone blocks 7
        7.0
        """
        if self.is_terminal(state):
            return self.utility(state, player)
        mine = self.stones(state, player)
        theirs = (state >> self._sl) ^ mine
        # Speed: a line is open for me unless it holds one of theirs, so (open for me) - (open
        # for them) = (lines holding one of mine) - (lines holding one of theirs): the lines a
        # side holds are the union, byte by byte of its bitboard, of a table made once
        # (_window_bytes), counted with bit_count. The same integer as counting the 69 lines
        # one by one, twice (tests/test_connect4.py). alphabeta on "4453" to depth 10 with the
        # threat ordering (25,502 nodes), CPU best of 5: 0.421 s before, 0.338 s with it.
        hit_mine = hit_theirs = shift = 0
        for table in self._window_bytes:
            hit_mine |= table[mine >> shift & 255]
            hit_theirs |= table[theirs >> shift & 255]
            shift += 8
        return (hit_mine.bit_count() - hit_theirs.bit_count()) / (len(self._windows) + 1)

    def text(self, state: C4State) -> str:
        """The board as text, top row first, column numbers below (``str(state)``)."""
        return str(state)


@functools.cache
def _winning_cells(width: int, height: int) -> Callable[[int, int], int]:
    """``winning(p, mask)``: the empty cells where stones ``p`` would make four in a row on a
    board of this size (Pons' compute_winning_position): for each direction, the three-stones
    patterns on either side of a cell.

    >>> winning = _winning_cells(7, 6)
    >>> g = ConnectFour()
    >>> s = g.from_moves("445566")                 # X: 4, 5, 6 on the bottom row
    >>> cells = winning(g.stones(s, "X"), s >> g._sl)
    >>> [(c, r) for c in range(1, 8) for r in range(1, 7) if cells >> (c - 1) * 7 + r - 1 & 1]
    [(3, 1), (7, 1)]
    """
    full = ((1 << height) - 1) * sum(1 << c * (height + 1) for c in range(width))
    a1, a2, a3, b1, b2, b3, c1, c2, c3 = (k * d for d in (height + 1, height, height + 2)
                                          for k in (1, 2, 3))

    def winning(p: int, mask: int) -> int:
        # Speed: the three directions unrolled, their shifts constants of this closure (made
        # once a board size), and in each direction the one-step shifts made once and shared by
        # the two patterns, x-d x-2d (x-3d or x+d) and x+d x+2d (x-d or x+3d): 14 operations a
        # direction, not 18. Against the method it replaces (the shifts unpacked from self, 18
        # operations a direction) on the 75,038 calls of solving the End set, replayed: 1,874
        # -> 1,579 ns a call (0.90, the median of 15 alternating rounds, CPU).
        r = (p << 1) & (p << 2) & (p << 3)              # vertical: three stones below
        up, down = p << a1, p >> a1                       # horizontal (height + 1)
        r |= up & (p << a2) & ((p << a3) | down) | down & (p >> a2) & (up | (p >> a3))
        up, down = p << b1, p >> b1                       # diagonal (height)
        r |= up & (p << b2) & ((p << b3) | down) | down & (p >> b2) & (up | (p >> b3))
        up, down = p << c1, p >> c1                       # the other diagonal (height + 2)
        r |= up & (p << c2) & ((p << c3) | down) | down & (p >> c2) & (up | (p >> c3))
        return r & (full ^ mask)

    return winning


@functools.cache
def _centre_ranks(width: int, height: int) -> dict[int, int]:
    """Each cell (a bit of a bitboard) to its column's place in the centre-first order, for
    :meth:`ConnectFour.search_actions`' sort keys.

    >>> r = _centre_ranks(3, 2)                     # columns 2, 1, 3; cells 0-1, 3-4, 6-7
    >>> [r[1 << i] for i in (0, 1, 3, 4, 6, 7)]
    [1, 1, 0, 0, 2, 2]
    """
    centre = sorted(range(1, width + 1), key=lambda c: abs(2 * c - width - 1))
    return {1 << (c - 1) * (height + 1) + r: i for i, c in enumerate(centre) for r in range(height)}


@functools.cache
def _bound_tables(size: int, top: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For n = 0..size stones played: the value range of a win with the mover's next stone, of a
    loss to the opponent's next one, and (neither) each end one stone in, (0, 0) two cells from
    the end: what :meth:`ConnectFour.search_bounds` returns.

    >>> wins, loses, neither = _bound_tables(42, 22)
    >>> wins[4], loses[4], neither[4], neither[40]
    ((19, 19), (-19, -19), (-18, 18), (0, 0))
    """
    best = [top - (n // 2 + 1) for n in range(size + 1)]            # winning with its next stone
    worst = [-(top - (n - n // 2 + 1)) for n in range(size + 1)]    # losing to the opponent's
    return (tuple((b, b) for b in best), tuple((w, w) for w in worst),
            tuple((w + 1, b - 1) if n < size - 2 else (0, 0)
                  for n, (w, b) in enumerate(zip(worst, best))))


@functools.cache
def _windows(width: int, height: int) -> tuple:
    """Every set of 4 cells in a line (69 on 7 x 6), as bitboards of a board of that size.

    >>> len(_windows(7, 6)), len(_windows(4, 4)), _windows(1, 4)
    (69, 10, (15,))
    """
    h1 = height + 1
    out = []
    for c in range(width):
        for r in range(height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + i * dc, r + i * dr) for i in range(4)]
                if all(0 <= x < width and 0 <= y < height for x, y in cells):
                    out.append(sum(1 << (x * h1 + y) for x, y in cells))
    return tuple(out)


@functools.cache
def _open_columns(width: int, height: int) -> dict[int, tuple[int, ...]]:
    """For random_playout: the playable columns, left to right, for each set of full columns
    (the mask's top cells, ``1 << (c - 1) * (height + 1) + height - 1`` for column c).

    >>> _open_columns(2, 1)
    {0: (1, 2), 1: (2,), 4: (1,), 5: ()}
    """
    top = [1 << (c * (height + 1) + height - 1) for c in range(width)]
    return {t: tuple(c + 1 for c in range(width) if not t & top[c]) for t in _subsets(sum(top))}


@functools.cache
def _window_bytes(windows: tuple, bits: int) -> tuple:
    """For each byte k of a bitboard of ``bits`` bits and each value v of that byte: the lines
    (bit i for ``windows[i]``) that hold a cell of v, for :meth:`ConnectFour.evaluate`.

    >>> t = _window_bytes((0b11, 0b110), 9)      # two lines: cells 0-1 and cells 1-2
    >>> t[0][0b1], t[0][0b10], t[0][0b100], t[1][0b1]
    (1, 3, 2, 0)
    """
    out = []
    for k in range(0, bits, 8):
        # The lines through each of the byte's 8 cells; then each value's lines are the union of
        # its lowest cell's and those of the value without that cell. Speed: 256 unions a byte,
        # not 256 x (number of lines) tests: 10.6 ms -> 0.5 ms on 7 x 6, paid by every process
        # that makes a ConnectFour (each tournament seat); the same tables (tests/test_connect4.py).
        cells = [sum(1 << i for i, w in enumerate(windows) if w >> k + j & 1) for j in range(8)]
        table = [0] * 256
        for v in range(1, 256):
            low = v & -v
            table[v] = table[v ^ low] | cells[low.bit_length() - 1]
        out.append(tuple(table))
    return tuple(out)


def _subsets(bits: int) -> list[int]:
    """Every subset of the set bits of ``bits``, as ints (2**k of them for k bits)."""
    out = [0]
    while bits:
        low = bits & -bits
        out += [s | low for s in out]
        bits ^= low
    return out


def position_sets() -> list[str]:
    """The names of the position sets shipped with abcore, for :func:`load_positions`.

    >>> position_sets()
    ['begin', 'end', 'middle', 'middle_hard']
    """
    folder = resources.files("abcore") / "data" / "connect4"
    return sorted(f.name[:-4] for f in folder.iterdir() if f.name.endswith(".txt"))


def load_positions(name: str) -> list[tuple[str, int]]:
    """The ``(moves, score)`` pairs of a shipped position set (7 x 6; score for the side to
    move, Pons' scale); how they were made: abcore/data/connect4/README.md.

    >>> load_positions("end")[0]
    ('31445572255245345277164127217', 6)
    """
    if name not in position_sets():
        raise ValueError(f"no position set {name!r}: choose one of {position_sets()}")
    text = (resources.files("abcore") / "data" / "connect4" / f"{name}.txt").read_text()
    out = []
    for line in text.splitlines():
        moves, score = line.split()
        out.append((moves, int(score)))
    return out


def load_measurements(name: str) -> dict:
    """Measurements shipped with abcore, computed once by a tool where recomputing them in a
    notebook would cost most of its time without being its lesson: ``"realtime"``, notebook 8's
    node counts (abcore/data/connect4/realtime.json, made by tools/make_realtime_data.py, whose
    docstring says what each key holds; tests/test_realtime_data.py recomputes a sample).

    >>> data = load_measurements("realtime")
    >>> data["cap"], len(data["steps"]["7"]["end"]), data["deepening"]["depth"]
    (100000, 100, 13)
    """
    import json

    shipped = ("realtime",)
    if name not in shipped:
        raise ValueError(f"no shipped measurements {name!r}: choose one of {list(shipped)}")
    data: dict = json.loads((resources.files("abcore") / "data" / "connect4" / f"{name}.json").read_text())
    return data
