"""Transposition tables: what a search remembers about the states it has already searched.

A state reached again by another order of moves (a *transposition*) need not be searched again:
the table holds, for each state searched, the value found, what kind of value it is, the depth
it was searched to and the best move. The searches :func:`~abcore.alphabeta`,
:func:`~abcore.alphabeta_failhard`, :func:`~abcore.negamax` and :func:`~abcore.pvs` take one
as ``table=``, and the drivers (:func:`~abcore.search.iterative_deepening`,
:func:`~abcore.search.mtdf`, :func:`~abcore.search.solve`) pass one table to every pass.

Why the bound flag: a fail-soft search with the window (α, β) returns the exact value only
when it lands inside the window. A value v ≤ α says only "the true value is at most v" (an
UPPER bound), v ≥ β only "at least v" (a LOWER bound). Storing such a bound as if it were exact
gives wrong answers when the state is met again with another window: that is the unsound table
(``TranspositionTable(unsound=True)``), kept for the lesson.
"""
from __future__ import annotations

from typing import Any, Hashable, NamedTuple

__all__ = ["TranspositionTable", "Entry", "EXACT", "LOWER", "UPPER", "TO_THE_END"]

EXACT, LOWER, UPPER = "exact", "lower", "upper"
TO_THE_END = -1            # the depth of an entry searched without a depth limit


class Entry(NamedTuple):
    """One entry: ``value`` for the side to move in the state; ``flag`` says what the value is
    (``"exact"``, ``"lower"``: the true value is >= value, ``"upper"``: <= value); ``depth``:
    the plies searched below the state (``TO_THE_END``, -1: to the end of the game); ``move``:
    the best move found (the one that cut, after a cut), or None; ``whole``: the search below
    the state needed no evaluation (it saw the end of the game on every line), so its value
    also holds with more plies left."""

    value: Any
    flag: str
    depth: int
    move: Any
    whole: bool = False


class TranspositionTable:
    """A transposition table: ``key -> (value, flag, depth, move, whole)``, values for the side
    to move.

    - **Keys**: ``game.key(state)`` when the game has a ``key`` method (Connect 4: one small
      int per position), else the state itself (states are hashable).
    - **Depth**: an entry answers a probe only if it was searched to exactly the plies the
      probing node has left (or both to the end of the game), or if its search met no depth
      limit below it (no evaluation: ``whole``), which then holds at any greater depth too
      (or none). A deeper entry would be *better* information, but it would make the search
      return something other than what a plain fixed-depth search returns; the searches still
      use any entry's move to order the moves.
    - **Flags**: exact, lower or upper, as the fail-soft contract says (see the module
      docstring); ``unsound=True`` stores every value as exact (the classic bug, for the lesson).
    - **Memory is bounded**: at most ``capacity`` entries (default 1,000,000). A store into a
      full table first empties it (Pons' reference solver does the same between positions):
      simple, deterministic, and the search stays correct, only slower. An entry is a 5-tuple,
      about 100 bytes with its key, so the default cap is about 100-150 MB; a state's newer entry
      replaces its older one. ``clears`` counts the times it was emptied.

    The searches read and write :attr:`entries` (a dict) directly: a method call per node
    would cost more than the lookup itself.

    Examples
    --------
    >>> from abcore import alphabeta
    >>> from abcore.games import TicTacToe
    >>> g, table = TicTacToe(), TranspositionTable()
    >>> r = alphabeta(g, g.initial_state, table=table)
    >>> r.value, r.stats.nodes < 18_297, len(table) > 0
    (0, True, True)
    >>> table.probe(g, g.initial_state)
    Entry(value=0, flag='exact', depth=-1, move=0, whole=True)
    """

    def __init__(self, capacity: int = 1_000_000, *, unsound: bool = False):
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 1:
            raise ValueError(f"capacity must be a whole number of entries >= 1; got {capacity!r}")
        self.capacity = capacity
        self.unsound = unsound
        self.entries: dict[Hashable, tuple] = {}
        self.clears = 0

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        what = ", unsound=True" if self.unsound else ""
        return f"TranspositionTable({len(self.entries)} entries, capacity={self.capacity}{what})"

    def clear(self) -> None:
        """Forget every entry (between unrelated positions)."""
        self.entries.clear()

    @staticmethod
    def key_of(game: Any) -> Any:
        """The function that makes a state's key: ``game.key``, or None (the state itself)."""
        return getattr(game, "key", None)

    def probe(self, game: Any, state: Any) -> Entry | None:
        """The entry stored for ``state``, or None (for people; the searches read ``entries``)."""
        key = self.key_of(game)
        e = self.entries.get(key(state) if key is not None else state)
        return None if e is None else Entry(*e)

    def store(self, game: Any, state: Any, value: Any, flag: str, depth: int = TO_THE_END,
              move: Any = None, whole: bool = False) -> None:
        """Store an entry (for people and exercises; the searches write ``entries``)."""
        if flag not in (EXACT, LOWER, UPPER):
            raise ValueError(f"flag must be {EXACT!r}, {LOWER!r} or {UPPER!r}; got {flag!r}")
        key = self.key_of(game)
        if len(self.entries) >= self.capacity:
            self.entries.clear()
            self.clears += 1
        self.entries[key(state) if key is not None else state] = (
            value, EXACT if self.unsound else flag, depth, move, whole)
