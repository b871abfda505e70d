"""Alpha-beta pruning: minimax's value without searching what cannot change it.

One engine serves the whole family. It is written once, in the negamax form (seeds 000 and
004): inside the recursion every value and window is from the point of view of the side to move,
so a MIN node is a MAX node with the signs flipped, and the MAX and MIN halves cannot drift apart.

- :func:`alphabeta`: fail-soft (seeds 003, 004: ``valeurMax``/``valeurMin``, AIMA's MAX-VALUE);
- :func:`alphabeta_failhard`: fail-hard (seed 001: returns β on a β-cut, α on an α-cut);
- :func:`negamax`: the same search as :func:`alphabeta`, traced as seed 000 tells it, with the
  values of each node from the point of view of the side to move there;
- :func:`pvs`: principal variation search (NegaScout), alpha-beta that trusts its move ordering.
  The first child of a node is searched with the full window (α, β); every later child is first
  tested with a null window (α, α⁺), α⁺ the next float above α ("is it better than α?"), and
  searched again with the full window only when it fails high inside it (a ``research`` event).
  With good ordering most tests fail low and PVS visits fewer nodes than alpha-beta; with bad
  ordering the re-searches cost more than they save. The null window is (α, nextafter(α, +∞)),
  not (α, α + 1), so it works for any values. PVS is a child-loop option of the same engine.

The node search (:func:`_engine`) reads top to bottom: the budget, a leaf, the turn to the side
to move, the game's bounds, the table's probe, the moves in order, the children (PVS's null
window for the later ones), the cut, the table's store. Each optional step is a function of
:func:`_steps`, called only when its concern is on.
"""
from __future__ import annotations

import functools
import math
from typing import Any, Callable

from ..game import Game, Number
from ..i18n import N_
from ..stats import SearchResult, SearchStats
from ..trace import Event
from ._common import INF, no_chance, no_moves
from .descriptions import Description
from .state import Engine, Search, make_emit, no_emit, root_bound
from .table import EXACT, LOWER, TO_THE_END, UPPER, TranspositionTable
from ..own_work import entered

__all__ = ["alphabeta", "alphabeta_failhard", "negamax", "pvs", "ALPHABETA", "ALPHABETA_FAILHARD",
           "NEGAMAX", "PVS"]


def alphabeta(game: Game, state: Any, *, depth: int | None = None, evaluate: Callable | None = None,
              order: Callable | None = None, alpha: float = -INF, beta: float = INF,
              stats: SearchStats | None = None, trace: list | None = None, player: Any = None,
              ties: bool = False, table: TranspositionTable | None = None) -> SearchResult:
    """Fail-soft alpha-beta. With V the minimax value of ``state`` for ``player``:

    - if V <= alpha, the value returned is <= alpha (an upper bound on V);
    - if alpha < V < beta, it is V exactly;
    - if V >= beta, it is >= beta (a lower bound on V).

    So with the default window (-inf, inf) it is V. When V falls outside a narrower window
    (aspiration search, seed 001), ``value`` is only a bound and ``move`` is not proved best:
    search again with a wider window. ``move`` is a best root move. ``moves`` has
    only that move unless ``ties=True``, which searches the root's later children with a window
    one float below the best value, so that a child equal to it is proved equal: every tied move
    is then listed, at the price of less pruning under the root (18,297 nodes become 29,052 on
    tic-tac-toe). ``depth``, ``evaluate``, ``order``, ``stats``, ``trace`` and ``player`` are as
    in :func:`~abcore.minimax`.

    Parameters
    ----------
    game : Game
        The game (an explicit :class:`~abcore.GameTree` too).
    state : hashable
        The position searched from (the root).
    depth : int or None
        At most this many plies below ``state``; None: to the end of the game.
    evaluate : callable or None
        ``evaluate(state, player)`` scores a non-terminal state at the depth limit (a
        non-callable one: TypeError; needed only when the limit is reached).
    order : callable or None
        ``order(game, state, actions)``: the moves in the order to search them (see
        :mod:`abcore.search.orderings`; :class:`~abcore.search.Killers` and
        :class:`~abcore.search.History` learn from the cuts).
    alpha, beta : float
        The window; the value is exact inside it, a bound outside it (the contract above).
    stats : SearchStats or None
        If given, the counts are added to it.
    trace : list or None
        If given, receives the search's events (:class:`~abcore.Event`).
    player : any
        Whose point of view the value is from (default: the player to move at ``state``).
    ties : bool
        Prove every tied root move (a window one step below the best at the root).
    table : TranspositionTable or None
        A table to read and fill (values for the side to move, with their bound flags).

    Returns
    -------
    SearchResult
        ``value``, ``move`` (a best root move), ``moves`` (the tied best moves proved: all of them with ``ties=True``),
        ``stats``, ``root_values`` and ``root_bounds``.

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = alphabeta(t, t.initial_state)
    >>> r.value, r.move, r.stats.leaves
    (3, 0, 7)
    >>> alphabeta(t, t.initial_state, alpha=5).value <= 5     # V = 3 <= alpha: an upper bound
    True
    """
    entered("alphabeta")  # a check may forbid it (abcore.own_work)
    search = Search(game, state, ALPHABETA, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace, ties=ties, table=table)
    return search.result(search.run(state, alpha, beta), stats)


def alphabeta_failhard(game: Game, state: Any, *, depth: int | None = None,
                       evaluate: Callable | None = None, order: Callable | None = None,
                       alpha: float = -INF, beta: float = INF, stats: SearchStats | None = None,
                       trace: list | None = None, player: Any = None,
                       ties: bool = False, table: TranspositionTable | None = None) -> SearchResult:
    """Fail-hard alpha-beta (seed 001). With V the minimax value of ``state`` for ``player``:

    - if V <= alpha, the value returned is exactly alpha;
    - if alpha < V < beta, it is V exactly;
    - if V >= beta, it is exactly beta.

    It visits the same nodes as :func:`alphabeta`; only the bounds it reports differ.

    Parameters
    ----------
    game : Game
        The game (an explicit :class:`~abcore.GameTree` too).
    state : hashable
        The position searched from (the root).
    depth : int or None
        At most this many plies below ``state``; None: to the end of the game.
    evaluate : callable or None
        ``evaluate(state, player)`` scores a non-terminal state at the depth limit (a
        non-callable one: TypeError; needed only when the limit is reached).
    order : callable or None
        ``order(game, state, actions)``: the moves in the order to search them (see
        :mod:`abcore.search.orderings`; :class:`~abcore.search.Killers` and
        :class:`~abcore.search.History` learn from the cuts).
    alpha, beta : float
        The window; the value is exact inside it, a bound outside it (the contract above).
    stats : SearchStats or None
        If given, the counts are added to it.
    trace : list or None
        If given, receives the search's events (:class:`~abcore.Event`).
    player : any
        Whose point of view the value is from (default: the player to move at ``state``).
    ties : bool
        Prove every tied root move (a window one step below the best at the root).
    table : TranspositionTable or None
        A table to read and fill (values for the side to move, with their bound flags).

    Returns
    -------
    SearchResult
        ``value``, ``move`` (a best root move), ``moves`` (the tied best moves proved: all of them with ``ties=True``),
        ``stats``, ``root_values`` and ``root_bounds``.

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> alphabeta_failhard(t, t.initial_state).value
    3
    >>> alphabeta_failhard(t, t.initial_state, alpha=5).value   # V = 3 <= alpha: alpha itself
    5
    """
    entered("alphabeta_failhard")  # a check may forbid it (abcore.own_work)
    search = Search(game, state, ALPHABETA_FAILHARD, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace, ties=ties, table=table)
    return search.result(search.run(state, alpha, beta), stats)


def negamax(game: Game, state: Any, *, depth: int | None = None, evaluate: Callable | None = None,
            order: Callable | None = None, alpha: float = -INF, beta: float = INF,
            stats: SearchStats | None = None, trace: list | None = None, player: Any = None,
            ties: bool = False, table: TranspositionTable | None = None) -> SearchResult:
    """Negamax alpha-beta (seeds 000, 004): ``v = -search(child, -beta, -alpha)``.

    The same search, result and guarantee as :func:`alphabeta` (fail-soft); its trace gives each
    node's window and values from the point of view of the side to move there. The game must be
    zero-sum: ``utility(s, p) == -utility(s, opponent)``.

    Parameters
    ----------
    game : Game
        The game (an explicit :class:`~abcore.GameTree` too).
    state : hashable
        The position searched from (the root).
    depth : int or None
        At most this many plies below ``state``; None: to the end of the game.
    evaluate : callable or None
        ``evaluate(state, player)`` scores a non-terminal state at the depth limit (a
        non-callable one: TypeError; needed only when the limit is reached).
    order : callable or None
        ``order(game, state, actions)``: the moves in the order to search them (see
        :mod:`abcore.search.orderings`; :class:`~abcore.search.Killers` and
        :class:`~abcore.search.History` learn from the cuts).
    alpha, beta : float
        The window; the value is exact inside it, a bound outside it (the contract above).
    stats : SearchStats or None
        If given, the counts are added to it.
    trace : list or None
        If given, receives the search's events (:class:`~abcore.Event`).
    player : any
        Whose point of view the value is from (default: the player to move at ``state``).
    ties : bool
        Prove every tied root move (a window one step below the best at the root).
    table : TranspositionTable or None
        A table to read and fill (values for the side to move, with their bound flags).

    Returns
    -------
    SearchResult
        ``value``, ``move`` (a best root move), ``moves`` (the tied best moves proved: all of them with ``ties=True``),
        ``stats``, ``root_values`` and ``root_bounds``.

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> negamax(t, t.initial_state).value
    3
    """
    entered("negamax")  # a check may forbid it (abcore.own_work)
    search = Search(game, state, NEGAMAX, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace, ties=ties, table=table)
    return search.result(search.run(state, alpha, beta), stats)


def pvs(game: Game, state: Any, *, depth: int | None = None, evaluate: Callable | None = None,
        order: Callable | None = None, alpha: float = -INF, beta: float = INF,
        stats: SearchStats | None = None, trace: list[Event] | None = None, player: Any = None,
        ties: bool = False, table: TranspositionTable | None = None) -> SearchResult:
    """Principal variation search, fail-soft: the contract of :func:`~abcore.alphabeta`.

    With V the minimax value of ``state`` for ``player``: a value <= alpha is an upper bound on
    V, a value >= beta a lower bound, anything between is V. ``ties=True`` proves every tied
    root move. Other parameters (``table`` too) as in :func:`~abcore.alphabeta`.

    Parameters
    ----------
    game : Game
        The game (an explicit :class:`~abcore.GameTree` too).
    state : hashable
        The position searched from (the root).
    depth : int or None
        At most this many plies below ``state``; None: to the end of the game.
    evaluate : callable or None
        ``evaluate(state, player)`` scores a non-terminal state at the depth limit (a
        non-callable one: TypeError; needed only when the limit is reached).
    order : callable or None
        ``order(game, state, actions)``: the moves in the order to search them (see
        :mod:`abcore.search.orderings`; :class:`~abcore.search.Killers` and
        :class:`~abcore.search.History` learn from the cuts).
    alpha, beta : float
        The window; the value is exact inside it, a bound outside it (the contract above).
    stats : SearchStats or None
        If given, the counts are added to it.
    trace : list or None
        If given, receives the search's events (:class:`~abcore.Event`).
    player : any
        Whose point of view the value is from (default: the player to move at ``state``).
    ties : bool
        Prove every tied root move (a window one step below the best at the root).
    table : TranspositionTable or None
        A table to read and fill (values for the side to move, with their bound flags).

    Returns
    -------
    SearchResult
        ``value``, ``move`` (a best root move), ``moves`` (the tied best moves proved: all of them with ``ties=True``),
        ``stats``, ``root_values`` and ``root_bounds``.

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 4]])
    >>> log = []
    >>> r = pvs(t, t.initial_state, trace=log)
    >>> r.value, r.move
    (4, 2)
    >>> [e.detail for e in log if e.kind == "research"]    # root move 2 (4 > 3), then in it 1, 2
    [2, 1, 2]
    """
    entered("pvs")  # a check may forbid it (abcore.own_work)
    search = Search(game, state, PVS, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace, ties=ties, table=table)
    return search.result(search.run(state, alpha, beta), stats)


def _engine(search: Search, fail_hard: bool = False, scout: bool = False) -> Engine:
    """The alpha-beta family's node search: fail-soft, fail-hard, PVS (null windows once a child
    set a best move); :func:`_steps`, :func:`_guards`: the steps only some searches take."""
    game, is_terminal, utility, order = search.game, search.is_terminal, search.utility, search.order
    actions, result, to_move = search.actions, search.result_of, search.to_move
    ties, root, budget, chance = search.ties, search.root, search.budget, search.is_chance
    feedback, order_at = search.feedback, getattr(order, "order_at", None)
    tabled, tracing = search.table is not None, search.trace is not None
    guarded = tabled or search.bounds is not None          # known() before a node, store() after
    emit = _emitter(search) if search.trace is not None else no_emit
    limit, stop, lowest = search.limit, -1, -INF  # stop: the budget's next check; -inf once: 2% faster
    nodes = leaves = cutoffs = max_depth = 0

    def node(s: Any, d: int, a: Number, b: Number, viewer: Any) -> Number:
        """Value of s for viewer in viewer's window (a, b), from the side to move's (negamax)."""
        nonlocal nodes, leaves, cutoffs, max_depth, stop
        if nodes == stop:                         # the budget: one compare per node, a clock rarely
            stop = budget.check(nodes)            # type: ignore[union-attr]
        nodes += 1
        terminal = is_terminal(s)
        if terminal or d == limit:                # a leaf: the utility, or the evaluation
            leaves += 1
            if d > max_depth: max_depth = d
            v = utility(s, viewer) if terminal else evaluated(s, viewer)
            if tracing: emit("leaf", s, d, a, b, v, terminal, viewer)
            return v
        if chance is not None and chance(s): raise no_chance(search.description.name, s)
        mover = to_move(s)
        flip = mover != viewer
        if flip: a, b = -b, -a                    # the four sign changes of seed 000, in one place
        if guarded:                               # what the game's bounds and the table know of s
            v, a, b, first, entry = known(s, d, a, b, limit, mover)
            if v is not None: return -v if flip else v
        moves = actions(s)
        if not moves: raise no_moves(s)
        if order is not None:
            moves = order(game, s, moves) if order_at is None else order_at(game, s, moves, d)
        if guarded and first is not None and moves[0] != first and first in moves:
            moves = (first, *(m for m in moves if m != first))     # the table's best move first
        if tracing: moves = tuple(moves)
        best, best_move, d1 = (a if fail_hard else lowest), None, d + 1
        lo = a                                    # root ties: alpha a float lower, so that a child
        if ties and not d: lo = math.nextafter(a, -INF)     # equal to the best comes back exact
        for m in moves:
            child = result(s, m)
            if scout and best_move is not None:  # PVS: a later child, tested with a null window
                v = scout_child(s, d, child, m, lo, b, mover)
            else:
                if tracing: emit("enter", child, d1, lo, b, None, m, mover)
                v = node(child, d1, lo, b, mover)
            if not d: root.append((m, -v if flip else v, root_bound(v, lo, b, flip)))  # the root
            if v > best:
                best, best_move = v, m
            if tracing: emit("return", s, d, a, b, best, (m, v, None), mover)
            if v >= b and not (ties and not d and b == INF):   # fail high: the opponent avoids s
                cutoffs += 1
                if fail_hard: best = b            # (best_move is m: v >= b > every value before)
                if feedback is not None:          # killers, history: told of the cut
                    feedback(s, m, d, limit - d if limit >= 0 else TO_THE_END)
                if tracing: emit("cut", s, d, a, b, best, moves[moves.index(m) + 1:], mover)
                break
            if v > a:
                if tracing: emit("alpha", s, d, v, b, best, a, mover)
                a = lo = v
                if ties and not d: lo = math.nextafter(a, -INF)
        if tracing: emit("leave", s, d, a, b, best, None, mover)
        if tabled: store(entry, best, best_move)
        return -best if flip else best

    evaluated, scout_child = _steps(search, node, emit)
    known, store = _guards(search, fail_hard, emit)

    def start(state: Any, alpha: float, beta: float) -> Number:
        nonlocal limit, stop
        limit, stop = search.limit, (budget.start(nodes) if budget is not None else -1)
        if tracing: emit("enter", state, 0, alpha, beta, None, None, search.player)
        v = node(state, 0, alpha, beta, search.player)
        return min(max(v, alpha), beta) if fail_hard else v   # fail-hard: a leaf root too

    return Engine(start, lambda: (nodes, leaves, cutoffs, max_depth))


def _emitter(search: Search) -> Callable[..., None]:
    """:func:`~.state.make_emit`, with two events that always come in pairs recorded by one
    call: a ``leaf`` (its detail: whether it is terminal) and a table ``hit``, each followed by
    its ``leave``."""
    emit = make_emit(search)

    def emit_pairs(kind: str, s: Any, d: int, a: float, b: float, v: Any, detail: Any,
                   who: Any) -> None:
        if kind == "leaf":
            detail = "utility" if detail else "evaluate"
        emit(kind, s, d, a, b, v, detail, who)
        if kind in ("leaf", "hit"):
            emit("leave", s, d, a, b, v, None, who)
    return emit_pairs


def _steps(search: Search, node: Callable[..., Number],
           emit: Callable[..., None]) -> tuple[Callable[..., Number], Callable[..., Number]]:
    """Two steps of a node of :func:`_engine`: ``evaluated`` (at the depth limit) and
    ``scout_child`` (PVS's test of a later child)."""
    at_limit, tracing = search.evaluate, search.trace is not None

    def evaluated(s: Any, viewer: Any) -> Number:
        """The evaluation of s at the depth limit, counted: a pass that counts none saw the end
        of the game everywhere (``iterative_deepening`` stops there)."""
        search.evaluations += 1
        return at_limit(s, viewer)

    def scout_child(s: Any, d: int, child: Any, m: Any, lo: Number, b: Number,
                    mover: Any) -> Number:
        """PVS: the value of a later child, tested with the null window (lo, lo⁺) ("better than
        lo?"), and searched again with (lo, b) when it fails high inside the window."""
        hi = math.nextafter(lo, INF)
        if tracing: emit("enter", child, d + 1, lo, hi, None, m, mover)
        v = node(child, d + 1, lo, hi, mover)
        if lo < v < b and hi < b:
            if tracing: emit("research", s, d, lo, b, v, m, mover)
            if tracing: emit("enter", child, d + 1, lo, b, None, m, mover)
            v = node(child, d + 1, lo, b, mover)
        return v

    return evaluated, scout_child


def _guards(search: Search, fail_hard: bool,
            emit: Callable[..., None]) -> tuple[Callable[..., tuple], Callable[..., None]]:
    """The steps of a node of :func:`_engine` around its search when the game has bounds
    (``solve``) or the search a table: ``known`` before it, ``store`` after it."""
    bounds, table, tracing = search.bounds, search.table, search.trace is not None
    entries, key = (table.entries, table.key_of(search.game)) if table is not None else ({}, None)
    capacity, unsound = (table.capacity, table.unsound) if table is not None else (0, False)

    def known(s: Any, d: int, a: Number, b: Number, limit: int, mover: Any) -> tuple:
        """``(v, a, b, first, entry)`` for s (not the root: it must name a move):

        - the game's range [lo, hi] for s (``solve``) answers s with v when the window lies
          outside it or it is one value; else the window narrows to it;
        - the table's entry, when it answers at this depth (see below), answers
          s (exact, or a bound that fails) or narrows the window (a bound inside it); its move
          is searched ``first``.

        ``v`` is None when s must be searched; ``entry`` is what :func:`store` needs."""
        a0, b0 = a, b                             # the window on entry: the flag of the store
        if bounds is not None and d:
            lo, hi = bounds(s)
            if lo >= b or hi <= a or lo == hi:
                v = hi if hi <= a else lo
                if tracing: emit("leave", s, d, a, b, v, None, mover)
                return v, a, b, None, None
            if a < lo:
                a = lo
            if b > hi:
                b = hi
        if table is None:
            return None, a, b, None, None
        k, rem = s if key is None else key(s), limit - d if limit >= 0 else TO_THE_END
        entry = (k, a0, b0, rem, search.evaluations)
        e = entries.get(k)
        if e is None:
            return None, a, b, None, entry
        v, flag, depth, first, whole = e
        # An entry answers with the same depth left or, when its search saw the end of the game
        # everywhere (whole), with more or none; never at the root, which must name its move.
        if not d or not (depth == rem or whole and depth >= 0 and (rem < 0 or rem >= depth)):
            return None, a, b, first, entry
        if not whole:                             # a value that rests on evaluations
            search.evaluations += 1
        if flag == EXACT or (v >= b if flag == LOWER else v <= a):
            search.hits += 1
            if fail_hard:
                v = min(max(v, a), b)
            if tracing: emit("hit", s, d, a, b, v, flag, mover)
            return v, a, b, first, entry
        if flag == LOWER and v > a:               # a bound inside the window narrows it
            if tracing: emit("alpha", s, d, v, b, None, a, mover)
            a = v
        elif flag == UPPER and v < b:
            if tracing: emit("beta", s, d, a, v, None, b, mover)
            b = v
        return None, a, b, first, entry

    def store(entry: tuple, best: Number, move: Any) -> None:
        """Store s's value: exact inside the window it was searched with, else the bound it is;
        ``whole`` when no evaluation was needed below it (it then holds at any greater depth)."""
        k, a0, b0, rem, evaluations = entry
        if len(entries) >= capacity:              # full: emptied (see TranspositionTable)
            entries.clear()
            table.clears += 1
        flag = EXACT if unsound or a0 < best < b0 else UPPER if best <= a0 else LOWER
        entries[k] = (best, flag, rem, move, search.evaluations == evaluations)

    return known, store


_PSEUDO_MAX_MIN = (
    ("header-max", "function MAX-VALUE(n, α, β):"),
    ("utility-max", "  if TERMINAL(n): return UTILITY(n)"),
    ("evaluate-max", "  if depth(n) = limit: return EVAL(n)"),
    ("init-max", "  v ← −∞"),
    ("loop-max", "  for each child c of n:"),
    ("return-max", "    v ← max(v, MIN-VALUE(c, α, β))"),
    ("cut-max", "    if v ≥ β: return v        ▷ β-cut: prune the rest"),
    ("alpha-max", "    α ← max(α, v)"),
    ("leave-max", "  return v"),
    ("blank", ""),
    ("header-min", "function MIN-VALUE(n, α, β):"),
    ("utility-min", "  if TERMINAL(n): return UTILITY(n)"),
    ("evaluate-min", "  if depth(n) = limit: return EVAL(n)"),
    ("init-min", "  v ← +∞"),
    ("loop-min", "  for each child c of n:"),
    ("return-min", "    v ← min(v, MAX-VALUE(c, α, β))"),
    ("cut-min", "    if v ≤ α: return v        ▷ α-cut: prune the rest"),
    ("beta-min", "    β ← min(β, v)"),
    ("leave-min", "  return v"),
)

ALPHABETA = Description(
    name="alphabeta", title=N_("alpha-beta (fail-soft)"), pseudocode=_PSEUDO_MAX_MIN, view="root",
    window=True, bounds=True, chance=False, engine=_engine, function=alphabeta)

ALPHABETA_FAILHARD = Description(
    name="alphabeta_failhard", title=N_("alpha-beta (fail-hard)"), pseudocode=(
        ("header-max", "function MAX-VALUE(n, α, β):"),
        ("utility-max", "  if TERMINAL(n): return UTILITY(n)"),
        ("evaluate-max", "  if depth(n) = limit: return EVAL(n)"),
        ("loop-max", "  for each child c of n:"),
        ("return-max", "    v ← MIN-VALUE(c, α, β)"),
        ("cut-max", "    if v ≥ β: return β        ▷ β-cut (fail-hard)"),
        ("alpha-max", "    if v > α: α ← v"),
        ("leave-max", "  return α"),
        ("blank", ""),
        ("header-min", "function MIN-VALUE(n, α, β):"),
        ("utility-min", "  if TERMINAL(n): return UTILITY(n)"),
        ("evaluate-min", "  if depth(n) = limit: return EVAL(n)"),
        ("loop-min", "  for each child c of n:"),
        ("return-min", "    v ← MAX-VALUE(c, α, β)"),
        ("cut-min", "    if v ≤ α: return α        ▷ α-cut (fail-hard)"),
        ("beta-min", "    if v < β: β ← v"),
        ("leave-min", "  return β"),
    ), view="root", window=True, bounds=True, chance=False,
    engine=functools.partial(_engine, fail_hard=True), function=alphabeta_failhard)

NEGAMAX = Description(
    name="negamax", title=N_("negamax alpha-beta (values for the side to move)"), pseudocode=(
        ("header", "function NEGAMAX(n, α, β):   ▷ for the side to move at n"),
        ("utility", "  if TERMINAL(n): return UTILITY(n, side to move)"),
        ("evaluate", "  if depth(n) = limit: return EVAL(n, side to move)"),
        ("init", "  best ← −∞"),
        ("loop", "  for each child c of n:"),
        ("return", "    v ← −NEGAMAX(c, −β, −α);  best ← max(best, v)"),
        ("cut", "    if v ≥ β: return best     ▷ cut: prune the rest"),
        ("alpha", "    if v > α: α ← v"),
        ("leave", "  return best"),
    ), view="mover", window=True, bounds=True, chance=False, engine=_engine, function=negamax)

PVS = Description(
    name="pvs", title=N_("principal variation search (NegaScout, fail-soft)"), pseudocode=(
        ("header", "function PVS(n, α, β):   ▷ for the side to move at n"),
        ("utility", "  if TERMINAL(n): return UTILITY(n, side to move)"),
        ("evaluate", "  if depth(n) = limit: return EVAL(n, side to move)"),
        ("init", "  best ← −∞"),
        ("loop", "  for each child c of n:"),
        ("enter-first", "    if c is the first child: v ← −PVS(c, −β, −α)"),
        ("enter-null", "    else: v ← −PVS(c, −α⁺, −α)    ▷ null window: better than α?"),
        ("research", "      if α < v < β: v ← −PVS(c, −β, −α)   ▷ yes: search it again"),
        ("return", "    best ← max(best, v)"),
        ("cut", "    if v ≥ β: return best     ▷ cut: prune the rest"),
        ("alpha", "    if v > α: α ← v"),
        ("leave", "  return best"),
    ), view="mover", window=True, bounds=True, chance=False, engine=functools.partial(_engine, scout=True),
    function=pvs)
