"""Exhaustive search, one engine: minimax (seed 003 §2.3.1) and its chance-aware form, expectimax
(§2.3.4), which visit every node (no pruning)."""
from __future__ import annotations

from typing import Any, Callable

from ..game import Game, Number
from ..stats import SearchResult, SearchStats
from ..trace import Event
from ._common import INF, check_outcomes, no_chance, no_moves, undefined_mean
from .descriptions import Description
from .state import Engine, Search
from ..own_work import entered

__all__ = ["minimax", "expectimax", "MINIMAX", "EXPECTIMAX", "engine", "LEAF_LINES"]


def minimax(game: Game, state: Any, *, depth: int | None = None, evaluate: Callable | None = None,
            order: Callable | None = None, stats: SearchStats | None = None,
            trace: list | None = None, player: Any = None) -> SearchResult:
    """Minimax value of ``state`` and its best moves, visiting every node (no pruning).

    - ``value`` is from the point of view of ``player`` (default: the player to move at
      ``state``): MAX nodes are those where ``player`` moves, MIN nodes the others;
    - ``depth``: at most this many plies below ``state``; a non-terminal state there is scored by
      ``evaluate(state, player)`` (``depth=None``: to the end of the game);
    - ``moves`` is exact: every root move whose value equals ``value``.

    ``order(game, state, actions)`` gives the order to search the moves in, ``stats`` (a
    :class:`~abcore.SearchStats`) accumulates the counts, ``trace`` (a list) receives the events.

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
    stats : SearchStats or None
        If given, the counts are added to it.
    trace : list or None
        If given, receives the search's events (:class:`~abcore.Event`).
    player : any
        Whose point of view the value is from (default: the player to move at ``state``).

    Returns
    -------
    SearchResult
        ``value``, ``move`` (a best root move), ``moves`` (the tied best moves every one of them),
        ``stats``, ``root_values`` and ``root_bounds``.

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = minimax(t, t.initial_state)
    >>> r.value, r.move, r.stats.nodes, r.stats.leaves
    (3, 0, 13, 9)
    """
    entered("minimax")  # a check may forbid it (abcore.own_work)
    search = Search(game, state, MINIMAX, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace)
    return search.result(search.run(state), stats)


def expectimax(game: Game, state: Any, *, depth: int | None = None,
               evaluate: Callable | None = None, order: Callable | None = None,
               stats: SearchStats | None = None, trace: list | None = None,
               player: Any = None) -> SearchResult:
    """Expectimax value of ``state`` for ``player`` (seed 003 §2.3.4, seed 004's expected minimax).

    - MAX nodes (``player`` moves) take the largest child value, MIN nodes the smallest;
    - a chance node is worth sum(p * value(outcome)), the probability-weighted mean, divided by
      nothing more (aima-python's ``expect_minmax`` divides it again by the number of outcomes);
    - every chance node's probabilities are checked (none negative, sum 1); ``depth`` counts every
      level of the tree, chance levels included.

    Without chance nodes it is :func:`~abcore.minimax`. At a chance root, pass ``player``.

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
    stats : SearchStats or None
        If given, the counts are added to it.
    trace : list or None
        If given, receives the search's events (:class:`~abcore.Event`).
    player : any
        Whose point of view the value is from (default: the player to move at ``state``).

    Returns
    -------
    SearchResult
        ``value``, ``move`` (a best root move), ``moves`` (the tied best moves every one of them),
        ``stats``, ``root_values`` and ``root_bounds``.

    Examples
    --------
    >>> from abcore import GameTree
    >>> t = GameTree.from_nested([[(0.5, 4), (0.5, 0)], [(0.9, 1), (0.1, 10)]])
    >>> expectimax(t, t.initial_state).value
    2.0
    """
    entered("expectimax")  # a check may forbid it (abcore.own_work)
    search = Search(game, state, EXPECTIMAX, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace)
    return search.result(search.run(state), stats)


def engine(search: Search) -> Engine:
    """Minimax over ``search``; chance nodes are worth the mean of their outcomes when the
    description handles chance (expectimax), and refused otherwise."""
    game, limit, at_limit, order = search.game, search.limit, search.evaluate, search.order
    is_terminal, utility, actions = search.is_terminal, search.utility, search.actions
    result, to_move, chance = search.result_of, search.to_move, search.is_chance
    player, root, name = search.player, search.root, search.description.name
    averaging = search.description.chance
    tracing = search.trace is not None
    trace: list[Event] = search.trace if search.trace is not None else []
    nodes = leaves = max_depth = 0

    def value(s: Any, d: int) -> Number:
        nonlocal nodes, leaves, max_depth
        nodes += 1
        terminal = is_terminal(s)
        if terminal or d == limit:
            leaves += 1
            if d > max_depth:
                max_depth = d
            v = utility(s, player) if terminal else at_limit(s, player)
            if tracing:
                trace.append(Event("leaf", s, d, -INF, INF, v, "utility" if terminal else "evaluate"))
                trace.append(Event("leave", s, d, -INF, INF, v))
            return v
        if chance is not None and chance(s):
            if not averaging:
                raise no_chance(name, s)
            total: Any = 0                          # int: exact with Fraction weights
            for i, (p, child) in enumerate(check_outcomes(game.outcomes(s), s)):
                if tracing:
                    trace.append(Event("enter", child, d + 1, -INF, INF, None, i))
                v = value(child, d + 1)
                if p:                               # p = 0 adds nothing, even if v is infinite
                    total += p * v                  # the weighted mean: no division after
                if tracing:
                    trace.append(Event("return", s, d, -INF, INF, total, (i, v, p)))
            if total != total:                      # NaN: +inf and -inf outcomes
                raise undefined_mean(s)
            if tracing:
                trace.append(Event("leave", s, d, -INF, INF, total))
            return total
        moves = actions(s)
        if not moves:
            raise no_moves(s)
        if order is not None:
            moves = order(game, s, moves)
        maximizing = to_move(s) == player
        best: Number = -INF if maximizing else INF
        for m in moves:
            child = result(s, m)
            if tracing:
                trace.append(Event("enter", child, d + 1, -INF, INF, None, m))
            v = value(child, d + 1)
            if d == 0:
                root.append((m, v, ""))
            if (v > best) if maximizing else (v < best):
                best = v
            if tracing:
                trace.append(Event("return", s, d, -INF, INF, best, (m, v, None)))
        if tracing:
            trace.append(Event("leave", s, d, -INF, INF, best))
        return best

    def start(state: Any, alpha: float, beta: float) -> Number:
        if tracing:
            trace.append(Event("enter", state, 0, -INF, INF, None, None))
        return value(state, 0)

    return Engine(start, lambda: (nodes, leaves, 0, max_depth))


LEAF_LINES = (
    ("utility", "  if TERMINAL(n): return UTILITY(n)"),
    ("evaluate", "  if depth(n) = limit: return EVAL(n)"),
)

MINIMAX = Description(
    name="minimax", title="minimax", pseudocode=(
        ("header", "function MINIMAX(n):"),
        *LEAF_LINES,
        ("init", "  if n is a MAX node: v ← −∞  else: v ← +∞"),
        ("loop", "  for each child c of n:"),
        ("return-max", "    if MAX: v ← max(v, MINIMAX(c))"),
        ("return-min", "    if MIN: v ← min(v, MINIMAX(c))"),
        ("leave", "  return v"),
    ), view="root", window=False, bounds=False, chance=False, engine=engine, function=minimax)

EXPECTIMAX = Description(
    name="expectimax", title="expectimax", pseudocode=(
        ("header", "function EXPECTIMAX(n):"),
        *LEAF_LINES,
        ("if-chance", "  if n is a chance node:"),
        ("init-chance", "    v ← 0"),
        ("loop-chance", "    for each outcome c of n, with probability p:"),
        ("return-chance", "      v ← v + p · EXPECTIMAX(c)"),
        ("leave-chance", "    return v"),
        ("init", "  if n is a MAX node: v ← −∞  else: v ← +∞"),
        ("loop", "  for each child c of n:"),
        ("return-max", "    if MAX: v ← max(v, EXPECTIMAX(c))"),
        ("return-min", "    if MIN: v ← min(v, EXPECTIMAX(c))"),
        ("leave", "  return v"),
    ), view="root", window=False, bounds=False, chance=True, engine=engine, function=expectimax)
