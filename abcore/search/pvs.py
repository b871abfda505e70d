"""Principal variation search (PVS, NegaScout): alpha-beta that trusts its move ordering.

The first child of a node is searched with the full window (α, β). Every later child is first
searched with a null window (α, α⁺), where α⁺ is the next number above α: a cheap test of "is
this child better than α?". A child that fails low (v ≤ α) is no better, as hoped, and cost
little; one that fails high inside the window (α < v < β) may be better, and is searched again
with the full window to learn its value (a ``research`` event in the trace). A fail high at or
above β is a cut, as in alpha-beta. With good ordering most tests fail low, and PVS visits
fewer nodes than alpha-beta; with bad ordering the re-searches cost more than they save.

Written in the negamax form (values for the side to move), fail-soft, with real-valued scores:
the null window is (α, nextafter(α, +∞)), not (α, α + 1), so it works for any values.
"""
from __future__ import annotations

import math
from typing import Any, Callable

from ..game import Game, Number
from ..stats import SearchResult, SearchStats
from ..trace import Event
from ._common import INF, no_chance, no_moves
from .describe import Description
from .state import Engine, Search, make_emit, no_emit, root_bound, table_parts
from .table import EXACT, LOWER, TO_THE_END, UPPER, TranspositionTable

__all__ = ["pvs", "PVS"]


def pvs(game: Game, state: Any, *, depth: int | None = None, evaluate: Callable | None = None,
        order: Callable | None = None, alpha: float = -INF, beta: float = INF,
        stats: SearchStats | None = None, trace: list[Event] | None = None, player: Any = None,
        ties: bool = False, table: TranspositionTable | None = None) -> SearchResult:
    """Principal variation search, fail-soft: the contract of :func:`~abcore.alphabeta`.

    With V the minimax value of ``state`` for ``player``: a value <= alpha is an upper bound on
    V, a value >= beta a lower bound, anything between is V. ``ties=True`` proves every tied
    root move. Other parameters (``table`` too) as in :func:`~abcore.alphabeta`.

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
    search = Search(game, state, PVS, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace, ties=ties, table=table)
    return search.result(search.run(state, alpha, beta), stats)


def _engine(search: Search) -> Engine:
    # The table, budget and feedback code is alpha-beta's (abcore/search/alphabeta.py), inlined
    # rather than called: a function call per node would cost more than the probe itself.
    game, at_limit, order = search.game, search.evaluate, search.order
    is_terminal, utility, actions = search.is_terminal, search.utility, search.actions
    result, to_move, chance = search.result_of, search.to_move, search.is_chance
    ties, root, name = search.ties, search.root, search.description.name
    tracing = search.trace is not None
    emit = make_emit(search) if tracing else no_emit
    tabled, entries, key, unsound, capacity = table_parts(search)
    feedback, budget, bounds = search.feedback, search.budget, search.bounds
    order_at = getattr(order, "order_at", None)
    up = math.nextafter
    limit = search.limit
    stop = -1
    nodes = leaves = cutoffs = max_depth = 0

    def node(s: Any, d: int, a: Number, b: Number, viewer: Any) -> Number:
        """Value of s for viewer within viewer's window (a, b), fail-soft."""
        nonlocal nodes, leaves, cutoffs, max_depth, stop
        if nodes == stop:
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
        if flip:
            a, b = -b, -a
        if tabled:
            a0, b0, tmove, e0 = a, b, None, search.evaluations
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
        if tabled:
            k = s if key is None else key(s)
            rem = limit - d if limit >= 0 else TO_THE_END
            e = entries.get(k)
            if e is not None:
                tmove = e[3]
                ed = e[2]
                # an entry answers at the same depth left; one that saw no depth limit below
                # it (stored as -2 - depth) also answers with more depth left, or none
                if d and (ed == rem or ed < -1 and (rem == TO_THE_END or rem >= -2 - ed)):
                    v, flag = e[0], e[1]
                    if ed >= 0:                   # a value that rests on evaluations
                        search.evaluations += 1
                    if flag == EXACT or (v >= b if flag == LOWER else v <= a):
                        search.hits += 1
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
        if tabled and tmove is not None and moves[0] != tmove and tmove in moves:
            moves = (tmove, *(m for m in moves if m != tmove))
        if tracing:
            moves = tuple(moves)
        best: Number = -INF
        best_move = None
        at_root, d1 = not d, d + 1
        tie_root = ties and at_root         # as in alphabeta: alpha one float lower at the root
        lo = up(a, -INF) if tie_root else a
        first = True
        for m in moves:
            child = result(s, m)
            if first:                       # the principal variation: the full window
                if tracing:
                    emit("enter", child, d1, lo, b, None, m, mover)
                v = node(child, d1, lo, b, mover)
                window = (lo, b)
                first = False
            else:                           # a null window: is this child better than lo?
                hi = up(lo, INF)
                if tracing:
                    emit("enter", child, d1, lo, hi, None, m, mover)
                v = node(child, d1, lo, hi, mover)
                window = (lo, hi)
                if lo < v < b and hi < b:   # failed high inside the window: learn its value
                    if tracing:
                        emit("research", s, d, lo, b, v, m, mover)
                        emit("enter", child, d1, lo, b, None, m, mover)
                    v = node(child, d1, lo, b, mover)
                    window = (lo, b)
            if at_root:
                root.append((m, -v if flip else v, root_bound(v, window[0], window[1], flip)))
            if v > best:
                best, best_move = v, m
            if tracing:
                emit("return", s, d, a, b, best, (m, v, None), mover)
            if v >= b and not (tie_root and b == INF):
                cutoffs += 1
                if feedback is not None:
                    feedback(s, m, d, limit - d if limit >= 0 else TO_THE_END)
                if tracing:
                    emit("cut", s, d, a, b, best, moves[moves.index(m) + 1:], mover)
                break
            if v > a:
                if tracing:
                    emit("alpha", s, d, v, b, best, a, mover)
                a = v
                lo = up(a, -INF) if tie_root else a
        if tracing:
            emit("leave", s, d, a, b, best, None, mover)
        if tabled:
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
        if tracing:
            emit("enter", state, 0, alpha, beta, None, None, search.player)
        return node(state, 0, alpha, beta, search.player)

    return Engine(start, lambda: (nodes, leaves, cutoffs, max_depth))


PVS = Description(
    name="pvs", title="principal variation search (NegaScout, fail-soft)", pseudocode=(
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
    ), view="mover", window=True, bounds=True, chance=False, engine=_engine, function=pvs)
