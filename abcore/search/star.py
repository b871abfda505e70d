"""*-minimax (Ballard 1983): alpha-beta that also cuts below chance nodes, Star1 and Star2.

Expectimax cannot prune with windows alone: an outcome not yet searched could be worth
anything, so the mean of a chance node is unknown until every outcome is in. When the game
states bounds on its utility, every value lies in ``[L, U]`` (the game's ``utility_range``), and
an outcome not yet searched is worth at least ``L`` and at most ``U``. After some outcomes of a
chance node, with ``s`` the weighted sum of their values and ``rest`` the probability of the
others, the node's value lies in ``[s + rest·L, s + rest·U]``: when that interval is below α or
above β, the other outcomes cannot matter, and the node is cut (Star1). Each outcome is searched
with the window that would make exactly that happen, so the cut is found as deep as it can be.

Star2 adds a *probing* phase (Ballard's regular *-minimax trees; Hauk, Buro & Schaeffer 2004,
"Rediscovering *-Minimax Search"): before the full search, each outcome gets a cheap bound, from
one move only: a MAX node is worth at least its first move, a MIN node at most; a leaf is
evaluated once and kept. The bounds replace ``L`` and ``U`` in the test above, so a node may be
cut before any outcome is searched in full. The full search reuses a probe's value when it still
decides under the new window (exact, or a bound on the side that fails); otherwise the first
move is searched again: the price of probing, which good move ordering makes worth paying.

Both are written in the MAX/MIN form of :func:`~abcore.alphabeta` (values for the root player,
at every node), and are **fail-soft**: a value outside the window is the bound that proved the
cut (``s + rest·U`` for a fail low), not α or β themselves, because the drawings then show what
the chance node was proved to be worth at most (or at least), and a driver can use it.
"""
from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Any, Callable

from ..game import Game, Number
from ..stats import SearchResult, SearchStats
from ..trace import Event
from ._common import INF, check_outcomes, no_moves
from .descriptions import Description
from .state import Engine, Search, root_bound

__all__ = ["star1", "star2", "STAR1", "STAR2", "utility_bounds"]


def utility_bounds(game: Game, algorithm: str = "star1") -> tuple[Number, Number]:
    """The game's ``utility_range`` as finite ``(low, high)``, or an error that says the fix.

    >>> from abcore.games import DiceDuel
    >>> utility_bounds(DiceDuel(scoring="margin"))
    (-8, 8)
    >>> from abcore import GameTree
    >>> GameTree.from_nested([[3, -2], [1]]).utility_range, utility_bounds(GameTree.from_nested([[3, -2], [1]]))
    ((-3.0, 3.0), (-3, 3))
    """
    r = getattr(game, "utility_range", None)
    if r is None:
        raise ValueError(f"{algorithm} cuts below chance nodes with bounds on the utility, and "
                         f"{game!r} declares none: give the game a utility_range = (low, high), "
                         "every utility(state, player) within it, or use expectimax")
    try:
        low, high = r
    except (TypeError, ValueError):
        raise ValueError(f"{game!r}.utility_range is {r!r}: give the game a utility_range = "
                         "(low, high)") from None
    if not low <= high:
        raise ValueError(f"{game!r}.utility_range is {r!r}: give (low, high) with low <= high")
    if not (math.isfinite(low) and math.isfinite(high)):
        raise ValueError(f"{algorithm} needs finite bounds on the utility, and {game!r} has "
                         f"utility_range {r!r}: an unsearched outcome could be worth ±inf, so no "
                         "chance node can ever be cut. Give the game finite values (a "
                         "utility_range = (low, high)), or use expectimax")
    # A whole float bound (GameTree states (-4.0, 4.0)) as an int: the windows built from it
    # then stay exact, and a value found at a bound keeps the game's own type (int, Fraction).
    return tuple(int(x) if isinstance(x, float) and x.is_integer() else x  # type: ignore[return-value]
                 for x in (low, high))


def star1(game: Game, state: Any, *, depth: int | None = None, evaluate: Callable | None = None,
          order: Callable | None = None, alpha: float = -INF, beta: float = INF,
          stats: SearchStats | None = None, trace: list | None = None, player: Any = None,
          ties: bool = False) -> SearchResult:
    """Star1: expectimax's value with alpha-beta cuts at MAX/MIN nodes and bound cuts at chance
    nodes, for a game with a finite ``utility_range = (L, U)``. Fail-soft: with V the
    expectimax value of ``state`` for ``player``,

    - if V <= alpha, the value returned is <= alpha (an upper bound on V);
    - if alpha < V < beta, it is V exactly;
    - if V >= beta, it is >= beta (a lower bound on V).

    Every utility and evaluation must lie in ``[L, U]`` (an error says where one does not).
    The window starts as ``(alpha, beta)`` narrowed to ``[L, U]``: a value at ``U`` ends a MAX
    node's search, since nothing can beat it. Exact with Fraction probabilities; with float
    probabilities, equal to expectimax up to rounding. Outcomes of probability 0 are never
    searched. Other parameters as in :func:`~abcore.alphabeta` (``ties=True`` proves every tied
    root move).

    Examples
    --------
    >>> from abcore import GameTree, expectimax
    >>> t = GameTree.from_nested([[(0.5, 2), (0.5, 0)], [(0.5, -2), (0.5, 1)]])
    >>> t.utility_range
    (-2.0, 2.0)
    >>> r = star1(t, t.initial_state)
    >>> r.value, expectimax(t, t.initial_state).value
    (1.0, 1.0)
    >>> r.stats.nodes, expectimax(t, t.initial_state).stats.nodes    # 0.5·(-2) + 0.5·2 ≤ α = 1
    (6, 7)
    """
    search = Search(game, state, STAR1, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace, ties=ties)
    return search.result(search.run(state, alpha, beta), stats)


def star2(game: Game, state: Any, *, depth: int | None = None, evaluate: Callable | None = None,
          order: Callable | None = None, alpha: float = -INF, beta: float = INF,
          stats: SearchStats | None = None, trace: list | None = None, player: Any = None,
          ties: bool = False) -> SearchResult:
    """Star2: :func:`star1` with a probing phase at every chance node; the same contract.

    Before searching a chance node's outcomes in full, it probes each: a leaf is evaluated (and
    its value kept), a MAX node's first move is searched for a lower bound, a MIN node's for an
    upper bound (a chance outcome is not probed). When the bounds already put the node outside
    the window, it is cut without a full search. The full search reuses a probe's value when it
    still decides (exact, or failing on the same side); a probe that cuts nothing costs its
    outcome entered twice, and its first move searched twice when its value does not decide.
    So Star2 may enter more nodes than Star1, or even than expectimax, while on average it
    evaluates fewer leaves (measured in ``bench/chance.py``); good move ordering makes probes pay.

    Examples
    --------
    >>> from abcore import GameTree, expectimax
    >>> t = GameTree.from_nested([[(0.5, 1), (0.5, 1)], [(0.5, [2, 2, 2]), (0.5, [-2, 0])]])
    >>> r, r1, r2 = (f(t, t.initial_state) for f in (expectimax, star1, star2))
    >>> r.value, r1.value, r2.value
    (1.0, 1.0, 1.0)
    >>> r.stats.nodes, r1.stats.nodes, r2.stats.nodes   # probes: the second MIN outcome is ≤ -2
    (12, 11, 9)
    """
    search = Search(game, state, STAR2, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace, ties=ties)
    return search.result(search.run(state, alpha, beta), stats)


def _engine(search: Search, probing: bool = False) -> Engine:
    """The node search of Star1 (Star2 if ``probing``) over ``search``; values for the root
    player everywhere (MAX/MIN form), fail-soft."""
    game, limit, at_limit, order = search.game, search.limit, search.evaluate, search.order
    is_terminal, utility, actions = search.is_terminal, search.utility, search.actions
    result, to_move, chance = search.result_of, search.to_move, search.is_chance
    player, root, ties, name = search.player, search.root, search.ties, search.description.name
    low, high = utility_bounds(game, name)
    width = high - low
    margin = (Fraction(width, 10**9) if isinstance(width, (int, Fraction)) else width * 1e-9) \
        if width else 1
    tracing = search.trace is not None
    trace: list[Event] = search.trace if search.trace is not None else []
    append = trace.append

    def emit(kind: str, s: Any, d: int, a: Any, b: Any, v: Any = None, detail: Any = None) -> None:
        append(Event(kind, s, d, a, b, v, detail))    # windows may be Fractions (exact games)
    nodes = leaves = cutoffs = max_depth = 0

    def leaf_value(s: Any, d: int, terminal: bool) -> Number:
        v = utility(s, player) if terminal else at_limit(s, player)
        if not low <= v <= high:
            what = "utility" if terminal else "evaluate(state, player)"
            raise ValueError(f"{what} is {v!r} at {s!r}, outside the game's utility_range "
                             f"{(low, high)!r}: {name} cuts on those bounds, so every value must "
                             "lie within them; widen utility_range or "
                             + ("fix the utility" if terminal else "scale the evaluation into it"))
        return v

    def node(s: Any, d: int, a: Number, b: Number, probed: tuple | None = None) -> Number:
        """Value of s for the root player within the window (a, b), fail-soft. ``probed``:
        ``(move, v, pa, pb)``, Star2's probe of s's first move (v, from the window (pa, pb))."""
        nonlocal nodes, leaves, cutoffs, max_depth
        nodes += 1
        terminal = is_terminal(s)
        if terminal or d == limit:
            leaves += 1
            if d > max_depth:
                max_depth = d
            v = leaf_value(s, d, terminal)
            if tracing:
                emit("leaf", s, d, a, b, v, "utility" if terminal else "evaluate")
                emit("leave", s, d, a, b, v)
            return v
        if chance is not None and chance(s):
            return chance_node(s, d, a, b)
        moves = actions(s)
        if not moves:
            raise no_moves(s)
        if order is not None:
            moves = order(game, s, moves)
        if tracing:
            moves = tuple(moves)
        maximizing = to_move(s) == player
        best: Number = -INF if maximizing else INF
        at_root, d1 = not d, d + 1
        # At the root with ties=True, children are searched with the window a little wider on
        # the side of the best so far, so that a child equal to it comes back exact (as in
        # alphabeta); a cut against the utility's own bound would hide such a tie, so it waits.
        # The margin is exact (a Fraction) for exact values: one float below, as alphabeta
        # takes, is lost in the rounding of a chance node's window arithmetic.
        tie_root = ties and at_root
        lo, hi = a, b
        if tie_root:
            lo, hi = (a - margin, b) if maximizing else (a, b + margin)
        for m in moves:
            child = result(s, m)
            if tracing:
                emit("enter", child, d1, lo, hi, None, m)
            if probed is not None and m == probed[0] and reusable(probed, lo, hi):
                nodes += 1                      # entered, answered by the probe: no search
                v = probed[1]
                if tracing:
                    emit("hit", child, d1, lo, hi, v,
                         "upper" if v <= probed[2] else "lower" if v >= probed[3] else "exact")
                    emit("leave", child, d1, lo, hi, v)
            else:
                v = node(child, d1, lo, hi)
            if at_root:
                root.append((m, v, root_bound(v, lo, hi, False)))
            if (v > best) if maximizing else (v < best):
                best = v
            if tracing:
                emit("return", s, d, a, b, best, (m, v, None))
            if (v >= b and not (tie_root and b >= high)) if maximizing else \
                    (v <= a and not (tie_root and a <= low)):
                cutoffs += 1
                if tracing:
                    emit("cut", s, d, a, b, best, moves[moves.index(m) + 1:])
                    emit("leave", s, d, a, b, best)
                return best
            if maximizing and v > a:
                if tracing:
                    emit("alpha", s, d, v, b, best, a)
                a = v
                lo = a - margin if tie_root else a
            elif not maximizing and v < b:
                if tracing:
                    emit("beta", s, d, a, v, best, b)
                b = v
                hi = b + margin if tie_root else b
        if tracing:
            emit("leave", s, d, a, b, best)
        return best

    def reusable(probed: tuple, a: Number, b: Number) -> bool:
        """Does the probe's fail-soft value, from its window, answer for the window (a, b)?
        Yes if it was exact, or a bound on the side where (a, b) fails too."""
        _, v, pa, pb = probed
        return pa < v < pb or (v >= pb and v >= b) or (v <= pa and v <= a)

    def probe(c: Any, d: int, wa: Number, wb: Number) -> tuple[Number, Number, bool, tuple]:
        """Star2's cheap bounds ``(lo, hi, exact, probed)`` on the value of the MAX or MIN outcome ``c``
        (at depth d, entered by the caller), from its first move searched with (wa, wb);
        ``probed`` is ``(move, v, wa, wb)``, for the full search to reuse."""
        nonlocal nodes
        nodes += 1
        moves = actions(c)
        if not moves:
            raise no_moves(c)
        if order is not None:
            moves = order(game, c, moves)
        moves = tuple(moves)
        first = moves[0]
        maximizing = to_move(c) == player
        child = result(c, first)
        if tracing:
            emit("enter", child, d + 1, wa, wb, None, first)
        v = node(child, d + 1, wa, wb)
        if tracing:
            emit("return", c, d, wa, wb, v, (first, v, None))
            emit("leave", c, d, wa, wb, v)
        # What the probe says of the first move g (fail-soft): exactly v, at most v (it failed
        # low) or at least v (high). A MAX node is at least g, a MIN node at most g; a node
        # with one move is g.
        g_lo = v if v > wa else low
        g_hi = v if v < wb else high
        lo = g_lo if maximizing or len(moves) == 1 else low
        hi = g_hi if not maximizing or len(moves) == 1 else high
        return max(lo, low), min(hi, high), lo == hi, (first, v, wa, wb)

    def chance_node(s: Any, d: int, a: Number, b: Number) -> Number:
        """The mean of the outcomes of s, or a bound on it outside (a, b): the outcomes not yet
        searched are worth lows[i] .. highs[i] (L .. U, or Star2's probed bounds)."""
        every = check_outcomes(game.outcomes(s), s)
        index = [k for k, (p, _) in enumerate(every) if p]      # p = 0 has no say: not searched
        outs = [every[k] for k in index]
        n, d1 = len(outs), d + 1
        lows: list[Number] = [low] * n
        highs: list[Number] = [high] * n
        exact = [False] * n
        entered = [False] * n
        probes: list[tuple | None] = [None] * n    # Star2: what each outcome's probe found

        def rests() -> tuple[list, list]:
            # Sums over the outcomes after i, by addition from the last: the last outcome's is
            # exactly 0, so the final sum is expectimax's to the last bit.
            up: list[Number] = [0] * n
            down: list[Number] = [0] * n
            for i in range(n - 2, -1, -1):
                p = outs[i + 1][0]
                up[i], down[i] = up[i + 1] + p * highs[i + 1], down[i + 1] + p * lows[i + 1]
            return up, down

        def cut(i: int, bound: Number, failed_low: bool) -> Number:
            """Stop before outcome i's remaining search; the bound, held to the window (the
            clamp changes nothing in exact arithmetic, and keeps the contract under rounding)."""
            nonlocal cutoffs
            cutoffs += 1
            bound = min(bound, a) if failed_low else max(bound, b)
            if tracing:
                emit("cut", s, d, a, b, bound,
                           tuple(index[j] for j in range(i, n) if not entered[j]))
                emit("leave", s, d, a, b, bound)
            return bound

        if probing:
            total_lo: Number = sum(p * lo for (p, _), lo in zip(outs, lows))
            total_hi: Number = sum(p * hi for (p, _), hi in zip(outs, highs))
            for i, (p, c) in enumerate(outs):
                if total_hi <= a:
                    return cut(i, total_hi, True)
                if total_lo >= b:
                    return cut(i, total_lo, False)
                leaf = is_terminal(c) or d1 == limit
                if not leaf and chance is not None and chance(c):      # a chance outcome is not probed: L .. U
                    continue
                wa = max(low, (a - total_hi) / p + high)
                wb = min(high, (b - total_lo) / p + low)
                if tracing:
                    emit("enter", c, d1, wa, wb, None, index[i])
                entered[i] = True
                if leaf:                        # evaluated once, kept for the full search
                    lo = hi = node(c, d1, wa, wb)
                    exact[i] = True
                else:
                    lo, hi, exact[i], probes[i] = probe(c, d1, wa, wb)
                total_lo += p * (lo - lows[i])
                total_hi -= p * (highs[i] - hi)
                lows[i], highs[i] = lo, hi
                if tracing:
                    emit("probe", s, d, a, b, None, (index[i], lo, hi, p))
            if total_hi <= a:
                return cut(n, total_hi, True)
            if total_lo >= b:
                return cut(n, total_lo, False)

        up, down = rests()
        total: Any = 0                          # int: exact with Fraction weights
        for i, (p, c) in enumerate(outs):
            upper, lower = total + p * highs[i] + up[i], total + p * lows[i] + down[i]
            if upper <= a:                      # even the best outcomes to come cannot reach α
                return cut(i, upper, True)
            if lower >= b:
                return cut(i, lower, False)
            if exact[i] or lows[i] == highs[i]:
                v = lows[i]
            else:
                # The window in which c's value still matters: at or below A the node fails
                # low whatever comes next, at or above B it fails high.
                A = (a - total - up[i]) / p
                B = (b - total - down[i]) / p
                wa, wb = max(lows[i], A), min(highs[i], B)
                if tracing:
                    emit("enter", c, d1, wa, wb, None, index[i])
                entered[i] = True
                v = node(c, d1, wa, wb, probes[i])
                if v <= A:
                    if tracing:
                        emit("return", s, d, a, b, total + p * v, (index[i], v, p))
                    return cut(i + 1, total + p * v + up[i], True)
                if v >= B:
                    if tracing:
                        emit("return", s, d, a, b, total + p * v, (index[i], v, p))
                    return cut(i + 1, total + p * v + down[i], False)
                # Failing on a bound of c itself (wa = lows[i]) means c is worth exactly it: v
                # is that value (kept, so an int stays an int); the clamp only mends rounding.
                v = max(v, lows[i]) if v <= wa else min(v, highs[i]) if v >= wb else v
            total += p * v
            if tracing:
                if entered[i]:
                    emit("return", s, d, a, b, total, (index[i], v, p))
        if tracing:
            emit("leave", s, d, a, b, total)
        return total

    def start(state: Any, alpha: float, beta: float) -> Number:
        # Every value lies in [L, U]: the window narrowed to it loses nothing (a value that
        # fails at U is U exactly), and lets a MAX node stop at a value of U.
        a, b = max(alpha, low), min(beta, high)
        if not a < b:
            a, b = (low, high) if low < high else (alpha, beta)
        if tracing:
            emit("enter", state, 0, a, b, None, None)
        return node(state, 0, a, b)

    return Engine(start, lambda: (nodes, leaves, cutoffs, max_depth))


_CHANCE_LINES = (
    ("if-chance", "  if n is a chance node:     ▷ all values in [L, U]"),
    ("init-chance", "    s ← 0;  rest ← 1       ▷ s: Σ p·v so far"),
    ("loop-chance", "    for each outcome c, with probability p:"),
    ("cut-chance", "      if s+rest·U ≤ α or s+rest·L ≥ β: return it"),
    ("rest-chance", "      rest ← rest − p"),
    ("window-chance", "      A ← (α−s−rest·U)/p;  B ← (β−s−rest·L)/p"),
    ("call-chance", "      v ← STAR(c, max(A, L), min(B, U))"),
    ("return-chance", "      s ← s + p·v"),
    ("leave-chance", "    return s"),
)

_MAX_MIN_LINES = (
    ("init", "  if MAX: v ← −∞  else: v ← +∞"),
    ("loop", "  for each child c of n:"),
    ("return-max", "    if MAX: v ← max(v, STAR(c, α, β))"),
    ("return-min", "    if MIN: v ← min(v, STAR(c, α, β))"),
    ("cut", "    if v ≥ β (MAX) or v ≤ α (MIN): return v"),
    ("alpha", "    if MAX: α ← max(α, v)"),
    ("beta", "    if MIN: β ← min(β, v)"),
    ("leave", "  return v"),
)

STAR1 = Description(
    name="star1", title="Star1 (*-minimax: alpha-beta with chance cuts, fail-soft)", pseudocode=(
        ("header", "function STAR(n, α, β):      ▷ Star1"),
        ("utility", "  if TERMINAL(n): return UTILITY(n)"),
        ("evaluate", "  if depth(n) = limit: return EVAL(n)"),
        *_CHANCE_LINES,
        *_MAX_MIN_LINES,
    ), view="root", window=True, bounds=True, chance=True, engine=_engine, function=star1)

STAR2 = Description(
    name="star2", title="Star2 (*-minimax with probing, fail-soft)", pseudocode=(
        ("header", "function STAR(n, α, β):      ▷ Star2"),
        ("utility", "  if TERMINAL(n): return UTILITY(n)"),
        ("evaluate", "  if depth(n) = limit: return EVAL(n)"),
        ("if-chance", "  if n is a chance node:     ▷ all values in [L, U]"),
        ("probe-chance", "    probe each outcome c: lo(c) ≤ value(c) ≤ hi(c)"),
        ("cut-chance", "    if Σp·hi ≤ α or Σp·lo ≥ β (now or later): return it"),
        ("init-chance", "    s ← 0     ▷ then Star1, with lo(c), hi(c) for L, U"),
        ("loop-chance", "    for each outcome c, with probability p:"),
        ("call-chance", "      v ← STAR(c, the window where c matters)"),
        ("return-chance", "      s ← s + p·v"),
        ("leave-chance", "    return s"),
        *_MAX_MIN_LINES[:2],
        ("hit", "    (first child: its probe's value, if it decides)"),
        *_MAX_MIN_LINES[2:],
    ), view="root", window=True, bounds=True, chance=True,
    engine=functools.partial(_engine, probing=True), function=star2)
