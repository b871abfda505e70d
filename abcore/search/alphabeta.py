"""Alpha-beta pruning: minimax's value without searching what cannot change it.

One engine serves three textbook forms. It is written once, in the negamax form (seeds 000 and
004): inside the recursion every value and window is from the point of view of the side to move,
so a MIN node is a MAX node with the signs flipped, and the MAX and MIN halves cannot drift apart.

- :func:`alphabeta`: fail-soft (seeds 003, 004: ``valeurMax``/``valeurMin``, AIMA's MAX-VALUE);
- :func:`alphabeta_failhard`: fail-hard (seed 001: returns β on a β-cut, α on an α-cut);
- :func:`negamax`: the same search as :func:`alphabeta`, traced as seed 000 tells it, with the
  values of each node from the point of view of the side to move there.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from ..game import Game, Number
from ..stats import SearchResult, SearchStats
from ..trace import Event
from ._common import INF, no_chance, no_moves
from .describe import Description
from .table import TranspositionTable
from .state import Engine, Search, make_emit, no_emit, root_bound, table_parts
from .table import EXACT, LOWER, TO_THE_END, UPPER

__all__ = ["alphabeta", "alphabeta_failhard", "negamax", "ALPHABETA", "ALPHABETA_FAILHARD",
           "NEGAMAX"]


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

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> alphabeta_failhard(t, t.initial_state).value
    3
    >>> alphabeta_failhard(t, t.initial_state, alpha=5).value   # V = 3 <= alpha: alpha itself
    5
    """
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

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> negamax(t, t.initial_state).value
    3
    """
    search = Search(game, state, NEGAMAX, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace, ties=ties, table=table)
    return search.result(search.run(state, alpha, beta), stats)


def _engine(search: Search, fail_hard: bool = False) -> Engine:
    """The node search of alpha-beta over ``search``: fail-soft, or fail-hard if asked; with the
    search's transposition table, budget and ordering feedback when it has them."""
    game, at_limit, order = search.game, search.evaluate, search.order
    is_terminal, utility, actions = search.is_terminal, search.utility, search.actions
    result, to_move, chance = search.result_of, search.to_move, search.is_chance
    ties, root, name = search.ties, search.root, search.description.name
    tracing = search.trace is not None
    emit = make_emit(search) if tracing else no_emit
    tabled, entries, key, unsound, capacity = table_parts(search)
    feedback, budget, bounds = search.feedback, search.budget, search.bounds
    order_at = getattr(order, "order_at", None)
    limit = search.limit
    stop = -1                      # the node count at which to check the budget (-1: never)
    nodes = leaves = cutoffs = max_depth = 0

    def node(s: Any, d: int, a: Number, b: Number, viewer: Any) -> Number:
        """Value of s for viewer, within viewer's window (a, b); fail-soft, or hard if asked.

        The node turns to the side of the player who moves there (negating the window when that
        is viewer's opponent), searches its children from that side, and turns the answer back.
        """
        nonlocal nodes, leaves, cutoffs, max_depth, stop
        if nodes == stop:                         # one compare per node; the clock is read rarely
            stop = budget.check(nodes)            # type: ignore[union-attr]
        nodes += 1
        terminal = is_terminal(s)
        if terminal or d == limit:
            leaves += 1
            if d > max_depth:
                max_depth = d
            if terminal:
                v = utility(s, viewer)
            else:
                search.evaluations += 1
                v = at_limit(s, viewer)
            if tracing:
                emit("leaf", s, d, a, b, v, "utility" if terminal else "evaluate", viewer)
                emit("leave", s, d, a, b, v, None, viewer)
            return v
        if chance is not None and chance(s):
            raise no_chance(name, s)
        mover = to_move(s)
        flip = mover != viewer
        if flip:                                  # the four sign changes of seed 000, in one place
            a, b = -b, -a
        if tabled:
            a0, b0, first, e0 = a, b, None, search.evaluations
        if bounds is not None:                    # the game's range for this state (solve)
            lo_, hi_ = bounds(s)
            if lo_ >= b or hi_ <= a or lo_ == hi_:  # the window is outside the range, or one value
                v = hi_ if hi_ <= a else lo_
                if tracing:
                    emit("leave", s, d, a, b, v, None, mover)
                return -v if flip else v
            if a < lo_:
                a = lo_
            if b > hi_:
                b = hi_
        if tabled:            # probe: values are for the side to move
            k = s if key is None else key(s)
            rem = limit - d if limit >= 0 else TO_THE_END
            e = entries.get(k)
            if e is not None:
                first = e[3]                      # its best move is searched first
                ed = e[2]
                # an entry answers at the same depth left; one that saw no depth limit below
                # it (stored as -2 - depth) also answers with more depth left, or none
                if d and (ed == rem or ed < -1 and (rem == TO_THE_END or rem >= -2 - ed)):             # never answers the root: a driver needs its moves
                    v, flag = e[0], e[1]
                    if ed >= 0:                   # a value that rests on evaluations
                        search.evaluations += 1
                    if flag == EXACT or (v >= b if flag == LOWER else v <= a):
                        search.hits += 1
                        if fail_hard:
                            v = min(max(v, a), b)
                        if tracing:
                            emit("hit", s, d, a, b, v, flag, mover)
                            emit("leave", s, d, a, b, v, None, mover)
                        return -v if flip else v
                    if flag == LOWER:             # a bound inside the window narrows it
                        if v > a:
                            if tracing:
                                emit("alpha", s, d, v, b, None, a, mover)
                            a = v
                    elif v < b:
                        if tracing:
                            emit("beta", s, d, a, v, None, b, mover)
                        b = v
        moves = actions(s)
        if not moves:
            raise no_moves(s)
        if order is not None:
            moves = order(game, s, moves) if order_at is None else order_at(game, s, moves, d)
        if tabled and first is not None and moves[0] != first and first in moves:
            moves = (first, *(m for m in moves if m != first))
        if tracing:
            moves = tuple(moves)
        best: Number = a if fail_hard else -INF
        best_move = None
        at_root, d1 = not d, d + 1
        # At the root with ties=True, children are searched with alpha one float lower, so that a
        # child equal to the best so far comes back exact instead of as a bound.
        tie_root = ties and at_root
        lo = math.nextafter(a, -INF) if tie_root else a
        for m in moves:
            child = result(s, m)
            if tracing:
                emit("enter", child, d1, lo, b, None, m, mover)
            v = node(child, d1, lo, b, mover)
            if at_root:
                root.append((m, -v if flip else v, root_bound(v, lo, b, flip)))
            if v > best:
                best, best_move = v, m
            if tracing:
                emit("return", s, d, a, b, best, (m, v, None), mover)
            if v >= b and not (tie_root and b == INF):   # fail high: the opponent avoids s
                cutoffs += 1
                if fail_hard:
                    best, best_move = b, m
                if feedback is not None:
                    feedback(s, m, d, limit - d if limit >= 0 else TO_THE_END)
                if tracing:
                    emit("cut", s, d, a, b, best, moves[moves.index(m) + 1:], mover)
                break
            if v > a:
                if tracing:
                    emit("alpha", s, d, v, b, best, a, mover)
                a = v
                lo = math.nextafter(a, -INF) if tie_root else a
        if tracing:
            emit("leave", s, d, a, b, best, None, mover)
        if tabled:                                # store: the flag from the window on entry
            if len(entries) >= capacity:
                entries.clear()
                search.table.clears += 1
            entries[k] = (best, EXACT if unsound or a0 < best < b0 else UPPER if best <= a0
                          else LOWER, rem if rem < 0 or search.evaluations != e0 else -2 - rem,
                          best_move)
        return -best if flip else best

    def start(state: Any, alpha: float, beta: float) -> Number:
        nonlocal limit, stop
        limit = search.limit
        stop = budget.start(nodes) if budget is not None else -1
        player = search.player
        if tracing:
            emit("enter", state, 0, alpha, beta, None, None, player)
        v = node(state, 0, alpha, beta, player)
        if fail_hard:       # a leaf at the root returns its own value: hold it to the window too
            v = min(max(v, alpha), beta)
        return v

    return Engine(start, lambda: (nodes, leaves, cutoffs, max_depth))


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
    name="alphabeta", title="alpha-beta (fail-soft)", pseudocode=_PSEUDO_MAX_MIN, view="root",
    window=True, bounds=True, chance=False, engine=_engine, function=alphabeta)

ALPHABETA_FAILHARD = Description(
    name="alphabeta_failhard", title="alpha-beta (fail-hard)", pseudocode=(
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
    engine=lambda search: _engine(search, fail_hard=True), function=alphabeta_failhard)

NEGAMAX = Description(
    name="negamax", title="negamax alpha-beta (values for the side to move)", pseudocode=(
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
