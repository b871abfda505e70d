"""Search state a driver can hold: :class:`Search`.

One object holds what every node of a search needs (the game's bound methods, the depth limit,
the evaluator, the ordering, the root player, the trace list, an optional table) and the node
search its engine builds over it. A driver (iterative deepening, MTD(f), an aspiration loop)
calls :meth:`Search.run` again and again on the same object: one set of counters, one table,
one trace in which each run is a pass of its own.

The counters live in the engine's closure (``nonlocal`` integers), not in attributes: reading an
attribute at every node costs more than a closure cell, and the hot loop must stay as lean as a
hand-written search (see ``bench/``). :meth:`Search.stats` reads them.
"""
from __future__ import annotations

import time
from typing import Any, Callable, NamedTuple, Protocol

from ..errors import AbcoreError
from ..game import Game, Number
from ..gamecheck import check_root, diagnose
from ..stats import SearchResult, SearchStats
from ..trace import Event, Pass
from ._common import INF, check_depth, check_window, limit_evaluator, may_have_chance, root_player

__all__ = ["Search", "Engine", "Budget", "OutOfBudget", "make_emit", "no_emit", "root_bound",
           "KEEP", "table_parts"]

# run(depth=KEEP): search to the depth the Search was made with; result(move=KEEP): the move
# read from the root's values
KEEP: Any = object()


class OutOfBudget(AbcoreError):
    """Raised from inside a search when its :class:`Budget` is spent; the driver catches it."""


class Budget:
    """A node and/or time budget, checked inside the search.

    The engine compares its node counter with one number at every node (``nodes == stop``:
    about 1% of a tic-tac-toe node's time, see ``bench/``); only when they meet does it call
    :meth:`check`, which reads the clock (every ``every`` nodes) and either raises
    :class:`OutOfBudget` or says when to check again. ``nodes``: at most this many nodes in all
    (the counter is shared by every pass of the search); ``seconds``: wall-clock seconds from
    :meth:`start`. ``armed=False`` lets a pass run unchecked (a driver's first iteration).

    >>> b = Budget(nodes=10)
    >>> b.start(0)
    10
    >>> b.check(10)
    Traceback (most recent call last):
    ...
    abcore.search.state.OutOfBudget: the budget of 10 nodes is spent
    """

    def __init__(self, nodes: int | None = None, seconds: float | None = None, every: int = 1024):
        self.nodes, self.seconds, self.every = nodes, seconds, every
        self.deadline: float | None = None
        self.armed = True

    def start(self, count: int) -> int:
        """Start the clock (the first time); the node count at which to call :meth:`check`."""
        if self.seconds is not None and self.deadline is None:
            self.deadline = time.perf_counter() + self.seconds
        return self._next(count)

    def _next(self, count: int) -> int:
        if not self.armed:
            return -1
        nxt = count + self.every if self.deadline is not None else -1
        if self.nodes is not None and (nxt < 0 or self.nodes < nxt):
            nxt = max(self.nodes, count)        # spent already: check at the very next node
        return nxt

    def check(self, count: int) -> int:
        """Raise :class:`OutOfBudget` if the budget is spent at ``count`` nodes; else the count
        at which to check again."""
        if self.nodes is not None and count >= self.nodes:
            raise OutOfBudget(f"the budget of {self.nodes} nodes is spent")
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise OutOfBudget(f"the budget of {self.seconds} seconds is spent")
        return self._next(count)

    def spent(self) -> bool:
        """Whether the time is up (between passes; the node budget is checked in the search)."""
        return self.deadline is not None and time.perf_counter() >= self.deadline


class Engine(NamedTuple):
    """What an engine builds over a :class:`Search`: ``root(state, alpha, beta)`` searches from
    the root and returns its value for the root player; ``counts()`` gives (nodes, leaves,
    cutoffs, max_depth) so far, over every run."""

    root: Callable[[Any, float, float], Number]
    counts: Callable[[], tuple[int, int, int, int]]


class Described(Protocol):
    """What a search run reads of its algorithm's description (a
    :class:`~abcore.search.descriptions.Description` is one; named here, not imported, so that
    this module and descriptions.py, which names :class:`Search` and :class:`Engine`, do not
    import each other)."""

    @property
    def name(self) -> str: ...
    @property
    def view(self) -> str: ...
    @property
    def window(self) -> bool: ...
    @property
    def chance(self) -> bool: ...
    @property
    def engine(self) -> Callable[[Search], Engine]: ...
    @property
    def untraced(self) -> Callable[[Search], Engine]: ...


class Search:
    """The state of one search, reusable across passes.

    ``Search(game, state, description, depth=..., evaluate=..., order=..., player=...,
    trace=..., ties=..., table=None)``; then ``run(state, alpha, beta)`` as often as a driver
    needs, and ``result(value)`` for the answer. ``root`` holds ``(move, value, bound)`` for each
    root move of the last run, in the root player's view; ``bound`` is ``''`` (exact), ``'≤'``
    or ``'≥'``, as the engine proved it.

    Examples
    --------
    >>> from abcore import GameTree
    >>> from abcore.search import describe
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> log = []
    >>> s = Search(t, t.initial_state, describe("alphabeta"), trace=log)
    >>> s.run(t.initial_state, 4, 10), s.run(t.initial_state)     # a failed aspiration, then all
    (3, 3)
    >>> s.stats().nodes, s.passes, [e.detail.number for e in log if e.kind == "start"]
    (20, 2, [0, 1])
    """

    def __init__(self, game: Game, state: Any, description: Described, *,
                 depth: int | None = None, evaluate: Callable[..., float] | None = None,
                 order: Callable[..., Any] | None = None, player: Any = None,
                 trace: list[Event] | None = None, ties: bool = False, table: Any = None,
                 budget: Budget | None = None, actions: Callable[[Any], Any] | None = None,
                 feedback: Any = None, bounds: Callable[[Any], tuple] | None = None):
        check_root(game, state)                # members defined, a hashable root: else the fix
        self.game = game
        self.description = description
        self.depth = depth
        self.limit = check_depth(depth)
        self.evaluate = limit_evaluator(evaluate)
        self.order = order
        self.player = root_player(game, state, player)
        self.trace = trace
        self.ties = ties
        self.table = table                     # a TranspositionTable, or None
        self.budget = budget                   # a Budget checked inside the search, or None
        # bounds(state) -> (lo, hi): the range of the value for the side to move (a game's
        # value_bounds); nodes narrow their window to it, as Pons' solver does
        self.bounds = bounds
        # feedback: an ordering told of each cut (killer moves, history), see abcore.search.orderings
        self.feedback = feedback if feedback is not None else getattr(order, "cutoff", None)
        self.is_terminal, self.utility = game.is_terminal, game.utility
        # actions: the moves to search; a game's search_actions (value-preserving pruning) here
        self.actions = actions if actions is not None else game.actions
        self.result_of, self.to_move = game.result, game.to_move
        self.is_chance = game.is_chance if may_have_chance(game) else None
        self.root: list[tuple[Any, Number, str]] = []
        self.passes = 0
        self.hits = 0                          # table entries that answered a node (all passes)
        # states scored by evaluate, plus table answers that rest on such scores: a pass that
        # leaves it unchanged saw the end of the game everywhere (its value is exact)
        self.evaluations = 0
        # Without a trace, the engine's own source less its `if tracing:` blocks (untraced.py)
        engine = description.engine if trace is not None else description.untraced
        self.engine = engine(self)

    def run(self, state: Any, alpha: float = -INF, beta: float = INF, depth: Any = KEEP) -> Number:
        """One pass from ``state`` with the window (alpha, beta); its value for the root player.

        Opens a pass in the trace (a ``start`` event numbered ``passes``), forgets the previous
        pass's root values, and adds to the shared counters. ``depth`` changes the depth limit
        from this pass on (iterative deepening); engines read ``limit`` at the start of a run.
        Raises :class:`OutOfBudget` if the search's :class:`Budget` runs out during the pass."""
        if self.description.window:
            check_window(alpha, beta)
        if depth is not KEEP:
            self.limit = check_depth(depth)
            self.depth = depth
        self.root.clear()
        if self.trace is not None:
            self.trace.append(Event("start", state, 0, alpha, beta, None,
                                    Pass(self.description.name, self.player, self.depth, alpha,
                                         beta, self.passes)))
        self.passes += 1
        try:
            return self.engine.root(state, alpha, beta)
        except (RecursionError, TypeError) as e:     # a game's fault? say which (error path only)
            diagnose(self.game, state, e)
            raise

    def stats(self) -> SearchStats:
        """The counters of every run so far."""
        return SearchStats(*self.engine.counts())

    def result(self, value: Number, stats: SearchStats | None = None,
               move: Any = KEEP) -> SearchResult:
        """The answer after the last run: the value, the first best root move, the tied moves
        proved best (all of them with ``ties=True`` or without a window). Adds the counts to
        ``stats`` if given. ``move``: the best move a driver proved over its passes (the last
        pass's root may not show it), given instead: ``moves`` is then that move alone."""
        counts = self.engine.counts()
        if stats is not None:
            stats.add(*counts)
        root = self.root
        if move is KEEP:
            best = [m for m, v, _ in root if v == value]
            move = best[0] if best else None
            every = self.ties or not self.description.window
            moves = tuple(best) if every else ((move,) if best else ())
        else:
            moves = () if move is None else (move,)
        # Speed: one result a search (solve's driver used to build a second one), and list
        # comprehensions, not generator expressions, for the tuples: solve's _result after a
        # Connect 4 search, 11.2-14.2 -> 5.7-7.6 us (timeit, best of 5 x 20,000, 3 runs).
        return SearchResult(value, move, moves, SearchStats(*counts),
                            tuple([(m, v) for m, v, _ in root]), tuple([b for _, _, b in root]))


def root_bound(v: Number, lo: Number, hi: Number, flip: bool) -> str:
    """'' if ``v`` (in the mover's view, from a child searched with window (lo, hi)) is exact,
    else '≤' / '≥' in the root player's view (flipped when the root player is not the mover).
    ±∞ are exact at either end: nothing lies beyond them."""
    if lo < v < hi or v == INF or v == -INF:
        return ""
    upper = v <= lo
    return "≥" if upper == flip else "≤"


def table_parts(search: Search) -> tuple[bool, Any, Any, bool, int]:
    """What an engine reads of the search's table once, before the hot loop: (tabled, the
    entries dict, the key function or None for the state itself, unsound, capacity)."""
    table = search.table
    if table is None:
        return False, None, None, False, 0
    return True, table.entries, table.key_of(search.game), table.unsound, table.capacity


def no_emit(*args: Any) -> None:
    """The ``emit`` of a search without a trace: never called (every call is under ``if
    tracing:``), there so that ``emit`` always has one type."""
    raise AssertionError("emit called while not tracing")


def make_emit(search: Search) -> Callable[..., None]:
    """``emit(kind, s, d, a, b, v, detail, who)``: record an event whose window and values are
    from ``who``'s side, shown from the root player's side, or from the side to move at ``s``
    when the description's ``view`` is ``"mover"``."""
    trace = search.trace
    assert trace is not None
    to_move, player = search.to_move, search.player
    mover_view = search.description.view == "mover"
    append = trace.append

    def emit(kind: str, s: Any, d: int, a: float, b: float, v: Any, detail: Any, who: Any) -> None:
        shown = to_move(s) if mover_view else player
        if shown != who:
            if kind in ("alpha", "beta"):         # raising MIN's alpha is lowering MAX's beta
                kind, detail = ("beta" if kind == "alpha" else "alpha"), -detail
            elif kind == "return":
                detail = (detail[0], -detail[1], None)
            a, b, v = -b, -a, (None if v is None else -v)
        append(Event(kind, s, d, a, b, v, detail))
    return emit
