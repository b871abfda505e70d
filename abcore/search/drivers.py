"""Drivers: loops that call one search again and again, with one table and one set of counters.

- :func:`mtdf`: Plaat's MTD(f), null-window passes of alpha-beta with a table that narrow
  [lower, upper] around the value until they meet;
- :func:`iterative_deepening`: depth 1, 2, 3... under a budget of nodes or seconds checked
  inside the search, each iteration ordered by the last one (through the table), with
  aspiration windows around the last value (seed 001) and a re-search when they fail;
- :func:`solve`: the exact value of a position, by bisection of the score range with null
  windows (Pons' solver), with the game's pruning hook when it has one.

A driver owns the loop; the search is one :class:`~abcore.search.Search` object whose
:meth:`~abcore.search.Search.run` it calls once per pass, so every pass shares the counters, the
table and the trace (each pass a ``start`` event of its own: ``replay(log, pass_=k)``).

Null windows. A null window asks one question, "is the value at least γ?", and no value can
lie strictly inside it. For integer utilities that is (γ − 1, γ); abcore uses
(γ⁻, γ) with γ⁻ = ``math.nextafter(γ, -inf)``, the next float below γ, which is the same test
for integers (no integer lies between γ⁻ and γ) and also right for real-valued evaluations.

Nodes are counted as the engines count them: one per state entered (a call of the node
search), the root included, in every pass, terminal states included, table hits included.
Pons counts a call of his ``negamax``: it never enters a terminal state, because a win on the
next move is seen at the parent without a call (and a root that wins at once costs him 0
nodes); so on Connect 4 abcore counts the final winning or drawing move of a line as one node
more.
"""
from __future__ import annotations

import math
import time
import warnings
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from ..game import Game, Number
from ..i18n import _
from ..stats import SearchResult, SearchStats
from ..trace import Event
from ._common import INF
from .pruning import ALPHABETA
from .descriptions import Description, describe
from .state import KEEP, Budget, OutOfBudget, Search
from .table import EXACT, TranspositionTable
from ..own_work import entered

__all__ = ["mtdf", "iterative_deepening", "solve", "Iteration", "DeepeningResult",
           "principal_variation", "null_window"]



def up(x: Any) -> Any:
    """The next float above ``x``."""
    return math.nextafter(x, INF)


def down(x: Any) -> Any:
    """The next float below ``x``."""
    return math.nextafter(x, -INF)


def null_window(gamma: Number) -> tuple[Any, Any]:
    """The null window that tests "value >= gamma?": (gamma⁻, gamma).

    >>> null_window(3)
    (2.9999999999999996, 3)
    """
    return down(gamma), gamma


class Iteration(NamedTuple):
    """One completed iteration of :func:`iterative_deepening`."""

    depth: int
    value: Number
    move: Any
    pv: tuple              # the principal variation, read from the table
    nodes: int             # nodes of this iteration (every pass of it)
    seconds: float         # its wall-clock time
    passes: int            # search passes it took (1, or more after a failed aspiration, MTD(f))


@dataclass(frozen=True)
class DeepeningResult(SearchResult):
    """A :class:`~abcore.SearchResult` of the last complete iteration, plus ``depth`` (its
    depth), ``pv``, ``history`` (every completed :class:`Iteration`) and ``complete`` (True
    when the last iteration reached no depth limit: its value is exact). ``stats`` counts every
    node of every pass, the interrupted iteration's included."""

    depth: int = 0
    pv: tuple = ()
    history: tuple = ()
    complete: bool = False

    def __repr__(self) -> str:
        return (f"DeepeningResult(value={self.value!r}, move={self.move!r}, depth={self.depth}, "
                f"pv={self.pv!r}, nodes={self.stats.nodes}, iterations={len(self.history)})")


def principal_variation(game: Game, state: Any, table: TranspositionTable,
                        depth: int | None = None) -> tuple:
    """The moves from ``state`` that the table's entries say are best, at most ``depth``
    (None: until a state has no entry, a terminal state, or a repeated state).

    >>> from abcore.games import TicTacToe
    >>> g, t = TicTacToe(), TranspositionTable()
    >>> r = iterative_deepening(g, g.initial_state, depth=9, evaluate=g.evaluate, table=t)
    >>> len(principal_variation(g, g.initial_state, t))
    9
    """
    key = table.key_of(game)
    out: list = []
    seen = set()
    s = state
    while depth is None or len(out) < depth:
        k = key(s) if key is not None else s
        e = table.entries.get(k)
        if e is None or e[3] is None or k in seen or game.is_terminal(s):
            break
        seen.add(k)
        out.append(e[3])
        s = game.result(s, e[3])
    return tuple(out)


def _mtdf_passes(search: Search, state: Any, guess: Number,
                 depth: Any = KEEP) -> tuple[Number, Any]:
    """MTD(f) on ``search`` (which has a table): the value and a best move."""
    lower: Number = -INF
    upper: Number = INF
    g: Any = guess
    move = None
    while lower < upper:
        beta = up(g) if g == lower else g            # test "value >= beta?"
        alpha = down(beta)
        g = search.run(state, alpha, beta, depth=depth)
        if g <= alpha:
            upper = g
            if move is None and search.root:
                move = _best_root(search, g)
        elif g >= beta:
            lower = g
            move = _best_root(search, g)               # the move that proved value >= g
        else:                                          # only a Fraction fits between: exact
            lower = upper = g
            move = _best_root(search, g)
    return g, move


def _best_root(search: Search, value: Number) -> Any:
    for m, v, _ in search.root:
        if v == value:
            return m
    return search.root[0][0] if search.root else None


def _result(search: Search, value: Number, move: Any, stats: SearchStats | None) -> SearchResult:
    return search.result(value, stats, move=move)


def mtdf(game: Game, state: Any, *, first_guess: Number = 0, depth: int | None = None,
         evaluate: Callable | None = None, order: Callable | None = None,
         table: TranspositionTable | None = None, stats: SearchStats | None = None,
         trace: list[Event] | None = None, player: Any = None) -> SearchResult:
    """MTD(f) (Plaat, 1996): the minimax value by null-window alpha-beta passes with a table.

    Each pass asks "is the value >= β?" with the null window (β⁻, β); a fail-soft answer
    g <= β⁻ is a new upper bound, g >= β a new lower bound; the next β is the last answer, until
    the bounds meet. The closer ``first_guess`` is to the value, the fewer passes (inside
    :func:`iterative_deepening` the last iteration's value is the guess). The table (a new one if
    none is given) keeps what each pass learnt for the next. ``stats.nodes`` counts every pass.

    Parameters
    ----------
    game, state : Game, hashable
        The game and the position searched from.
    first_guess : number
        The first β tested; the nearer the value, the fewer passes.
    depth, evaluate, order, table, stats, trace, player
        As in :func:`~abcore.alphabeta` (a new table by default).

    Returns
    -------
    SearchResult
        The value, a best move, and the counts of every pass.

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> log = []
    >>> r = mtdf(t, t.initial_state, trace=log)
    >>> r.value, r.move, [(e.alpha, e.beta) for e in log if e.kind == "start"]
    (3, 0, [(-5e-324, 0), (3.0, 3.0000000000000004)])
    """
    entered("mtdf")  # a check may forbid it (abcore.own_work)
    search = Search(game, state, ALPHABETA, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace,
                    table=table if table is not None else TranspositionTable())
    if game.is_terminal(state) or depth == 0:
        return search.result(search.run(state), stats)
    value, move = _mtdf_passes(search, state, first_guess)
    return _result(search, value, move, stats)


_DRIVERS = ("alphabeta", "pvs", "mtdf")


def _algorithm(function: str, algorithm: str | None, old: str, old_value: str | None,
               choices: tuple[str, ...]) -> str:
    """The ``algorithm=`` of ``function`` (default: the first choice), or the value given under
    its old keyword ``old`` with a DeprecationWarning that names the new one.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as w:
    ...     warnings.simplefilter("always")
    ...     _algorithm("solve", None, "engine", "pvs", ("alphabeta", "pvs")), str(w[0].message)
    ('pvs', 'solve(engine=...) is now solve(algorithm=...): engine= will go')
    """
    if old_value is not None:
        if algorithm is not None:
            raise TypeError(f"{function}() got algorithm= and its old name {old}=: pass "
                            "algorithm= only")
        warnings.warn(f"{function}({old}=...) is now {function}(algorithm=...): {old}= will go",
                      DeprecationWarning, stacklevel=3)
        algorithm = old_value
    algorithm = choices[0] if algorithm is None else algorithm
    if algorithm not in choices:
        raise ValueError(f"algorithm must be one of {choices}; got {algorithm!r}")
    return algorithm


def _check_deepening(seconds: Any, nodes: Any, depth: Any, evaluate: Any,
                     aspiration: Any) -> None:
    """Refuse a budget or option of :func:`iterative_deepening` with a message that says why.

    >>> _check_deepening(None, 0, None, print, None)
    Traceback (most recent call last):
    ...
    ValueError: nodes must be a whole number >= 1; got 0 (a budget of zero leaves no node to search: give a positive number, or leave it None)
    """
    if seconds is None and nodes is None and depth is None:
        raise ValueError(_("iterative_deepening needs a budget: seconds=..., nodes=... or depth=... "
                           "(the deepest iteration); give at least one"))
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not seconds > 0):
        raise ValueError(_("seconds must be a number > 0; got {seconds!r} (a budget of zero "
                           "leaves no time to search: give a positive number, or leave it "
                           "None)").format(seconds=seconds))
    if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1):
        raise ValueError(_("nodes must be a whole number >= 1; got {nodes!r} (a budget of zero "
                           "leaves no node to search: give a positive number, or leave it "
                           "None)").format(nodes=nodes))
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
        raise ValueError(_("depth must be a whole number of plies >= 1 (the deepest iteration), "
                           "or None; got {depth!r}").format(depth=depth))
    if evaluate is None:
        raise ValueError(_("iterative_deepening stops each iteration at a depth limit, where "
                           "states are scored by evaluate(state, player): pass evaluate=f (for an "
                           "exact value without one, use solve or alphabeta with depth=None)"))
    if not callable(evaluate):
        raise TypeError(_("evaluate must be a function evaluate(state, player); got "
                          "{evaluate!r}").format(evaluate=evaluate))
    if aspiration is not None and not aspiration > 0:
        raise ValueError(_("aspiration is the half-width of the window, a number > 0; got "
                           "{aspiration!r}").format(aspiration=aspiration))


def iterative_deepening(game: Game, state: Any, *, seconds: float | None = None,
                        nodes: int | None = None, depth: int | None = None,
                        evaluate: Callable | None = None, order: Callable | None = None,
                        table: TranspositionTable | None = None, aspiration: Number | None = None,
                        algorithm: str | None = None, stats: SearchStats | None = None,
                        trace: list[Event] | None = None, player: Any = None, every: int = 1024,
                        driver: str | None = None) -> DeepeningResult:
    """Search to depth 1, 2, 3... until the budget is spent; the last complete iteration wins.

    The budget is checked *inside* the search: an iteration that would overrun is abandoned;
    the first always completes (there is a move). One table serves every iteration (each best
    move is searched first the next). An iteration that rests on no evaluation is exact: the
    deepening stops (``complete``).

    Parameters
    ----------
    game, state : Game, hashable
        The game and the position searched from.
    seconds, nodes, depth, every : float, int, int, or None; int
        The budget (at least one): seconds (the clock read every ``every`` nodes), nodes over
        every iteration, the deepest iteration.
    evaluate : callable
        ``evaluate(state, player)`` scores the states at the depth limit.
    order, table, stats, trace, player
        As in :func:`~abcore.alphabeta` (a new table by default).
    aspiration : number or None
        δ: iterations after the first search (v − δ, v + δ) around the last value (seed 001).
    algorithm : str
        The search at each depth: ``"alphabeta"`` (default), ``"pvs"`` or ``"mtdf"`` (MTD(f)
        from the last value; ``aspiration`` is ignored). ``driver=`` is its old name.

    Returns
    -------
    DeepeningResult
        The last iteration's value, move, pv; ``history`` (:class:`Iteration`), ``complete``.

    Examples
    --------
    >>> from abcore.games import TicTacToe
    >>> g = TicTacToe()
    >>> r = iterative_deepening(g, g.initial_state, depth=4, evaluate=g.evaluate)
    >>> r.value, r.move, [(i.depth, i.value, i.move) for i in r.history]
    (1, 4, [(1, 4, 4), (2, 1, 4), (3, 3, 4), (4, 1, 4)])
    """
    entered("iterative_deepening")  # a check may forbid it (abcore.own_work)
    algorithm = _algorithm("iterative_deepening", algorithm, "driver", driver, _DRIVERS)
    _check_deepening(seconds, nodes, depth, evaluate, aspiration)
    budget = Budget(nodes=nodes, seconds=seconds, every=every)
    budget.armed = False                          # the first iteration always completes
    table, history = table if table is not None else TranspositionTable(), []
    search = Search(game, state, describe("pvs" if algorithm == "pvs" else "alphabeta"), depth=1,
                    evaluate=evaluate, order=order, player=player, trace=trace, table=table,
                    budget=budget)
    last, complete, d = None, False, 0
    budget.start(0)
    if game.is_terminal(state):                   # nothing to deepen: the game is over
        last = search.result(search.run(state, depth=0))
        history.append(Iteration(0, last.value, None, (), 1, 0.0, 1))
        depth, complete = 0, True
    while depth is None or d < depth:
        d += 1
        if d > 1 and budget.spent():
            break
        evals0 = search.evaluations
        try:
            last = _deepen(search, state, table, d, algorithm, aspiration, history)
        except OutOfBudget:
            break
        finally:
            budget.armed = True
        if search.evaluations == evals0:            # saw the end everywhere: exact
            complete = True
            break
    assert last is not None
    total = search.stats()
    if stats is not None:
        stats.add(total.nodes, total.leaves, total.cutoffs, total.max_depth)
    return DeepeningResult(last.value, last.move, last.moves, total, last.root_values,
                           last.root_bounds, history[-1].depth, history[-1].pv, tuple(history),
                           complete)


def _deepen(search: Search, state: Any, table: TranspositionTable, d: int, algorithm: str,
            aspiration: Number | None, history: list[Iteration]) -> SearchResult:
    """One iteration of :func:`iterative_deepening` to depth ``d``, added to ``history``; its
    result."""
    before, passes0, t0 = search.stats().nodes, search.passes, time.perf_counter()
    value, move = _iteration(search, state, d, algorithm, aspiration,
                             history[-1].value if history else None)
    pv = principal_variation(search.game, state, table, d)
    history.append(Iteration(d, value, move, pv if move is None or pv[:1] == (move,) else (move,),
                             search.stats().nodes - before, time.perf_counter() - t0,
                             search.passes - passes0))
    return _result(search, value, move, None)


def _iteration(search: Search, state: Any, d: int, algorithm: str, aspiration: Number | None,
               previous: Number | None) -> tuple[Number, Any]:
    """One iteration to depth ``d``: its value and best move."""
    if algorithm == "mtdf" and previous is not None:
        return _mtdf_passes(search, state, previous, d)
    if algorithm == "mtdf" or aspiration is None or previous is None or math.isinf(previous):
        v = search.run(state, -INF, INF, depth=d)
        return v, _best_root(search, v)
    alpha: Any = previous - aspiration
    beta: Any = previous + aspiration
    v = search.run(state, alpha, beta, depth=d)
    if v <= alpha:                               # failed low: the value is at most v
        v = search.run(state, -INF, up(v))
    elif v >= beta:                              # failed high: at least v
        v = search.run(state, down(v), INF)
    return v, _best_root(search, v)


def _score_range(game: Game, state: Any, player: Any,
                 bounds: Callable[[Any], tuple[Number, Number]] | None) -> tuple[Number, Number]:
    """The range the value of ``state`` lies in, for ``player``: ``bounds(state)`` (the game's
    bounds, for the side to move) if given, else its ``utility_range``, else (-inf, inf)."""
    if bounds is not None and not game.is_terminal(state):
        lo, hi = bounds(state)
        if player != game.to_move(state):
            lo, hi = -hi, -lo
        return lo, hi
    rng = getattr(game, "utility_range", None)
    if rng is not None:
        return rng[0], rng[1]
    return -INF, INF


def _pick(lo: Number, hi: Number) -> Number:
    """The γ to test next in [lo, hi), for any numbers: for whole numbers the middle, pushed
    out to half the end of the range on its side of 0 when the middle is nearer 0 than that
    (Pons' ``solve``: ``min/2``, ``max/2``). With the game's bounds at every node a pass at a
    large |γ| is shallow (:func:`solve`), so the first tests are cheap.

    >>> _pick(-13, 14), _pick(-4, 10), _pick(3, 14)     # middles 0, 3 and 8
    (-6, 5, 8)
    """
    med: Any
    if isinstance(lo, int) and isinstance(hi, int):
        med = lo + (hi - lo) // 2
        if med <= 0 and int(lo / 2) < med:
            med = int(lo / 2)
        elif med >= 0 and hi // 2 > med:
            med = hi // 2
        return med
    if math.isinf(lo) or math.isinf(hi):
        med = 0 if math.isinf(lo) and math.isinf(hi) else (hi - 1 if math.isinf(lo) else lo + 1)
        return min(max(med, lo), down(hi))
    med = (lo + hi) / 2
    return med if med < hi else lo


def solve(game: Game, state: Any, *, table: TranspositionTable | None = None,
          order: Callable | None = None, prune: bool = True, node_bounds: bool = True,
          algorithm: str | None = None, stats: SearchStats | None = None, trace: list[Event] | None = None,
          player: Any = None, engine: str | None = None) -> SearchResult:
    """The exact value of ``state`` for any game: abcore's strongest exact search.

    A bisection of the score range with null windows (Pascal Pons' Connect 4 solver): with the
    value known to lie in [lo, hi], test "is it > γ?" for a γ inside (``_pick``: the middle,
    pushed out toward the extremes as Pons does) with the null window (γ, γ⁺); a fail-soft
    answer r <= γ makes r the new hi, r > γ the new lo, until they meet. One table serves every
    pass. The range is the game's ``value_bounds(state)`` (every node narrows its window to it,
    as Pons does), else its ``utility_range``, else (-inf, inf) (the tests then start at 0).
    Pons calls this loop "iterative deepening": with the bounds at every node, a pass at γ
    stops a line where the node's range lies on one side of γ (on Connect 4, a win or a loss
    must come within so many moves), so the first passes, at large |γ|, are shallow ones.

    Parameters
    ----------
    game, state : Game, hashable
        The game and the position solved.
    table, order, stats, trace, player : optional
        As in :func:`~abcore.alphabeta` (a new table by default; ``order`` reorders the moves
        of the game's ``search_actions``, its own order by default).
    prune : bool
        Use the game's ``search_actions(state)`` instead of ``actions`` (Connect 4: a winning
        move alone, never a move that hands the opponent a win, threats first) and its
        ``search_bounds(state)`` instead of ``value_bounds`` below the root (exact at a win at
        once or a loss that cannot be stopped): game knowledge, the search unchanged.
    node_bounds : bool
        ``False``: the bisection alone, no node's window narrowed to the game's bounds
        (notebook 8's 100 End positions: 502.4 mean nodes without, 335.7 with).
    algorithm : str
        ``"alphabeta"`` (default) or ``"pvs"`` (in a null window they search the same nodes);
        ``engine=`` is its old name.

    Returns
    -------
    SearchResult
        The exact ``value``, a best ``move``, and the counts of every pass.

    Examples
    --------
    >>> from abcore.games import TicTacToe
    >>> g = TicTacToe()
    >>> r = solve(g, g.initial_state)
    >>> r.value, r.stats.nodes < 18_297
    (0, True)
    """
    entered("solve")  # a check may forbid it (abcore.own_work)
    player = game.to_move(state) if player is None else player
    actions = getattr(game, "search_actions", None) if prune else None
    # With prune, the game's search_bounds (value_bounds tightened by what search_actions
    # knows: a win at once, a loss that cannot be stopped) where it has them.
    bounds = (((getattr(game, "search_bounds", None) if prune else None)
               or getattr(game, "value_bounds", None)) if node_bounds else None)
    algorithm = _algorithm("solve", algorithm, "engine", engine, ("alphabeta", "pvs"))
    search = Search(game, state, describe(algorithm), order=order, player=player, trace=trace,
                    table=table if table is not None else TranspositionTable(), actions=actions,
                    bounds=bounds)
    if game.is_terminal(state):
        return search.result(search.run(state), stats)
    # The bisection starts from value_bounds, as Pons' does, not from search_bounds: fewer nodes
    # on Connect 4 (mean nodes Middle 341.6 -> 282.5, Begin 3,840 -> 2,208, End 49.0 -> 48.8).
    lo, hi = _score_range(game, state, player, getattr(game, "value_bounds", None) or bounds)
    move = None
    value: Number = lo
    while lo < hi:
        gamma: Any = _pick(lo, hi)
        r = search.run(state, gamma, up(gamma))
        if r > gamma or move is None:             # a pass that fails high names a better move
            move = _best_root(search, r)
        if r <= gamma:
            hi = r
        else:                         # fails high, or lands inside the null window: exact
            lo, hi = r, (hi if r >= up(gamma) else r)
        value = lo
    if move is None or search.passes == 0:       # lo == hi from the start: one pass for a move
        value = search.run(state, down(lo), up(lo))
        move = _best_root(search, value)
    return _result(search, value, move, stats)
