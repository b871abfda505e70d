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
from ..i18n import N_
from ..stats import SearchResult, SearchStats
from ..trace import Event
from ._common import INF, check_outcomes, no_moves
from .descriptions import Description
from .state import Engine, Search, no_emit, root_bound
from ..own_work import entered

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

    Returns
    -------
    SearchResult
        ``value``, ``move`` (a best root move), ``moves`` (the tied best moves proved: all of them with ``ties=True``),
        ``stats``, ``root_values`` and ``root_bounds``.

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
    entered("star1")  # a check may forbid it (abcore.own_work)
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

    Returns
    -------
    SearchResult
        ``value``, ``move`` (a best root move), ``moves`` (the tied best moves proved: all of them with ``ties=True``),
        ``stats``, ``root_values`` and ``root_bounds``.

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
    entered("star2")  # a check may forbid it (abcore.own_work)
    search = Search(game, state, STAR2, depth=depth, evaluate=evaluate, order=order,
                    player=player, trace=trace, ties=ties)
    return search.result(search.run(state, alpha, beta), stats)


def _engine(search: Search, probing: bool = False) -> Engine:
    """The node search of Star1 (Star2 if ``probing``) over ``search``; values for the root
    player everywhere (MAX/MIN form), fail-soft. Chance nodes are :func:`_chance_nodes`'."""
    game, limit, order, actions = search.game, search.limit, search.order, search.actions
    is_terminal, result, to_move, chance = search.is_terminal, search.result_of, search.to_move, \
        search.is_chance
    player, root, ties, name = search.player, search.root, search.ties, search.description.name
    low, high = utility_bounds(game, name)
    margin = _tie_margin(low, high)
    tracing = search.trace is not None
    emit = _emitter(search) if search.trace is not None else no_emit
    tally = _Tally()

    def node(s: Any, d: int, a: Number, b: Number, probed: tuple | None = None) -> Number:
        """Value of s for the root player within the window (a, b), fail-soft. ``probed``:
        ``(move, v, pa, pb)``, Star2's probe of s's first move (v, from the window (pa, pb))."""
        tally.nodes += 1
        terminal = is_terminal(s)
        if terminal or d == limit:
            tally.leaves += 1
            tally.max_depth = max(tally.max_depth, d)
            v = leaf_value(s, terminal)
            if tracing: emit("leaf", s, d, a, b, v, terminal)
            return v
        if chance is not None and chance(s):
            return chance_node(s, d, a, b)
        moves = _ordered(game, s, actions(s), order)
        maximizing = to_move(s) == player
        best: Number = -INF if maximizing else INF
        # At the root with ties=True, children are searched with the window a little wider on
        # the side of the best so far, so that a child equal to it comes back exact (as in
        # alphabeta); a cut against the utility's own bound would hide such a tie, so it waits.
        tie_root = ties and not d
        lo, hi = ((a - margin, b) if maximizing else (a, b + margin)) if tie_root else (a, b)
        for m in moves:
            child = result(s, m)
            if tracing: emit("enter", child, d + 1, lo, hi, None, m)
            if probed is not None and m == probed[0] and _reusable(probed, lo, hi):
                tally.nodes += 1                # entered, answered by the probe: no search
                v = probed[1]
                if tracing: emit("hit", child, d + 1, lo, hi, v, _probe_flag(probed))
            else:
                v = node(child, d + 1, lo, hi)
            if not d: root.append((m, v, root_bound(v, lo, hi, False)))
            if (v > best) if maximizing else (v < best):
                best = v
            if tracing: emit("return", s, d, a, b, best, (m, v, None))
            if (v >= b and not (tie_root and b >= high)) if maximizing else \
                    (v <= a and not (tie_root and a <= low)):
                tally.cutoffs += 1
                if tracing: emit("cut", s, d, a, b, best, moves[moves.index(m) + 1:])
                return best
            if maximizing and v > a:
                if tracing: emit("alpha", s, d, v, b, best, a)
                a = lo = v
                if tie_root: lo = a - margin
            elif not maximizing and v < b:
                if tracing: emit("beta", s, d, a, v, best, b)
                b = hi = v
                if tie_root: hi = b + margin
        if tracing: emit("leave", s, d, a, b, best)
        return best

    leaf_value = _leaf_values(search, low, high)
    chance_node = _chance_nodes(search, node, emit, tally, probing, low, high)

    def start(state: Any, alpha: float, beta: float) -> Number:
        # Every value lies in [L, U]: the window narrowed to it loses nothing (a value that
        # fails at U is U exactly), and lets a MAX node stop at a value of U.
        a, b = max(alpha, low), min(beta, high)
        if not a < b:
            a, b = (low, high) if low < high else (alpha, beta)
        if tracing: emit("enter", state, 0, a, b, None, None)
        return node(state, 0, a, b)

    return Engine(start, tally.counts)


class _Tally:
    """The counters of one Star search, shared by its steps."""

    __slots__ = ("nodes", "leaves", "cutoffs", "max_depth")

    def __init__(self) -> None:
        self.nodes = self.leaves = self.cutoffs = self.max_depth = 0

    def counts(self) -> tuple[int, int, int, int]:
        return self.nodes, self.leaves, self.cutoffs, self.max_depth


def _tie_margin(low: Number, high: Number) -> Number:
    """How much wider the root's window is on the side of the best so far with ``ties=True``:
    exact (a Fraction) for exact values, since one float below, as alphabeta takes, is lost in
    the rounding of a chance node's window arithmetic."""
    width = high - low
    if not width:
        return 1
    return Fraction(width, 10**9) if isinstance(width, (int, Fraction)) else width * 1e-9


def _emitter(search: Search) -> Callable[..., None]:
    """``emit(kind, s, d, a, b, v=None, detail=None)``: one event, in the root player's view
    (windows may be Fractions); a ``leaf`` (its detail: whether it is terminal), a ``hit`` and
    a ``cut`` are each followed by their node's ``leave``."""
    append = search.trace.append                  # type: ignore[union-attr]

    def emit(kind: str, s: Any, d: int, a: Any, b: Any, v: Any = None, detail: Any = None) -> None:
        if kind == "leaf":
            detail = "utility" if detail else "evaluate"
        append(Event(kind, s, d, a, b, v, detail))
        if kind in ("leaf", "hit", "cut"):
            append(Event("leave", s, d, a, b, v, None))
    return emit


def _leaf_values(search: Search, low: Number, high: Number) -> Callable[[Any, bool], Number]:
    """``leaf_value(s, terminal)``: the utility or the evaluation of s, refused outside
    ``[low, high]`` with an error that says the fix."""
    utility, at_limit, player = search.utility, search.evaluate, search.player
    name = search.description.name

    def leaf_value(s: Any, terminal: bool) -> Number:
        v = utility(s, player) if terminal else at_limit(s, player)
        if not low <= v <= high:
            what = "utility" if terminal else "evaluate(state, player)"
            raise ValueError(f"{what} is {v!r} at {s!r}, outside the game's utility_range "
                             f"{(low, high)!r}: {name} cuts on those bounds, so every value must "
                             "lie within them; widen utility_range or "
                             + ("fix the utility" if terminal else "scale the evaluation into it"))
        return v
    return leaf_value


def _ordered(game: Game, s: Any, moves: Any, order: Callable | None) -> tuple:
    """The moves of s in the order to search them (refused when there are none)."""
    if not moves:
        raise no_moves(s)
    return tuple(moves if order is None else order(game, s, moves))


def _reusable(probed: tuple, a: Number, b: Number) -> bool:
    """Does the probe's fail-soft value, from its window, answer for the window (a, b)?
    Yes if it was exact, or a bound on the side where (a, b) fails too."""
    _, v, pa, pb = probed
    return pa < v < pb or (v >= pb and v >= b) or (v <= pa and v <= a)


def _probe_flag(probed: tuple) -> str:
    """What a probe's value is, from its window: ``"upper"``, ``"lower"`` or ``"exact"``."""
    _, v, pa, pb = probed
    return "upper" if v <= pa else "lower" if v >= pb else "exact"


class _Outcomes:
    """A chance node being searched: its outcomes of non-zero probability (``index``: their
    numbers among all), what is known of each (``lows``, ``highs``: L .. U, or Star2's probed
    bounds; ``exact``), which were entered, and Star2's probes of their first moves."""

    def __init__(self, s: Any, d: int, a: Number, b: Number, every: list, low: Number,
                 high: Number):
        self.s, self.d, self.a, self.b = s, d, a, b
        self.index = [k for k, (p, _) in enumerate(every) if p]    # p = 0 has no say
        self.outs = [every[k] for k in self.index]
        n = self.n = len(self.outs)
        self.lows: list[Number] = [low] * n
        self.highs: list[Number] = [high] * n
        self.exact, self.entered = [False] * n, [False] * n
        self.probes: list[tuple | None] = [None] * n

    def rests(self) -> tuple[list, list]:
        """For each i, the weighted sums of the highs and of the lows of the outcomes after i,
        by addition from the last: the last one's is exactly 0, so the final mean is
        expectimax's to the last bit."""
        up: list[Number] = [0] * self.n
        down: list[Number] = [0] * self.n
        for i in range(self.n - 2, -1, -1):
            p = self.outs[i + 1][0]
            up[i] = up[i + 1] + p * self.highs[i + 1]
            down[i] = down[i + 1] + p * self.lows[i + 1]
        return up, down

    def not_entered(self, i: int) -> tuple:
        """The numbers of the outcomes from i on that were never entered (a cut prunes them)."""
        return tuple(self.index[j] for j in range(i, self.n) if not self.entered[j])


def _chance_nodes(search: Search, node: Callable[..., Number], emit: Callable[..., None],
                  tally: _Tally, probing: bool, low: Number,
                  high: Number) -> Callable[..., Number]:
    """``chance_node(s, d, a, b)``: the mean of the outcomes of s, or a bound on it outside
    (a, b), Star1's way; after Star2's probes (:func:`_probes`) when ``probing``."""
    game, tracing = search.game, search.trace is not None
    probe_all = _probes(search, node, emit, tally, low, high) if probing else None

    def cut(o: _Outcomes, i: int, bound: Number, failed_low: bool) -> Number:
        """Stop before outcome i's remaining search; the bound, held to the window (the clamp
        changes nothing in exact arithmetic, and keeps the contract under rounding)."""
        tally.cutoffs += 1
        bound = min(bound, o.a) if failed_low else max(bound, o.b)
        if tracing: emit("cut", o.s, o.d, o.a, o.b, bound, o.not_entered(i))
        return bound

    def chance_node(s: Any, d: int, a: Number, b: Number) -> Number:
        o = _Outcomes(s, d, a, b, check_outcomes(game.outcomes(s), s), low, high)
        if probe_all is not None:
            bound = probe_all(o, cut)
            if bound is not None:
                return bound
        up, down = o.rests()
        total: Any = 0                          # int: exact with Fraction weights
        for i, (p, c) in enumerate(o.outs):
            upper, lower = total + p * o.highs[i] + up[i], total + p * o.lows[i] + down[i]
            if upper <= a:                      # even the best outcomes to come cannot reach α
                return cut(o, i, upper, True)
            if lower >= b:
                return cut(o, i, lower, False)
            if o.exact[i] or o.lows[i] == o.highs[i]:
                v = o.lows[i]
            else:
                # The window in which c's value still matters: at or below A the node fails
                # low whatever comes next, at or above B it fails high.
                A, B = (a - total - up[i]) / p, (b - total - down[i]) / p
                wa, wb = max(o.lows[i], A), min(o.highs[i], B)
                if tracing: emit("enter", c, d + 1, wa, wb, None, o.index[i])
                o.entered[i] = True
                v = node(c, d + 1, wa, wb, o.probes[i])
                if v <= A or v >= B:
                    if tracing: emit("return", s, d, a, b, total + p * v, (o.index[i], v, p))
                    return cut(o, i + 1, total + p * v + (up[i] if v <= A else down[i]), v <= A)
                # Failing on a bound of c itself (wa = lows[i]) means c is worth exactly it: v
                # is that value (kept, so an int stays an int); the clamp only mends rounding.
                v = max(v, o.lows[i]) if v <= wa else min(v, o.highs[i]) if v >= wb else v
            total += p * v
            if tracing and o.entered[i]:
                emit("return", s, d, a, b, total, (o.index[i], v, p))
        if tracing: emit("leave", s, d, a, b, total)
        return total

    return chance_node


def _probes(search: Search, node: Callable[..., Number], emit: Callable[..., None],
            tally: _Tally, low: Number, high: Number) -> Callable[..., Number | None]:
    """Star2's probing phase: ``probe_all(o, cut)`` gives each outcome of the chance node ``o``
    cheap bounds (a leaf is evaluated and kept; a MAX node's first move searched gives a lower
    bound, a MIN node's an upper bound; a chance outcome is not probed), and cuts (``cut``)
    as soon as the bounds put the node outside its window; None when it cannot."""
    game, order, actions, result = search.game, search.order, search.actions, search.result_of
    is_terminal, chance, to_move = search.is_terminal, search.is_chance, search.to_move
    player, limit, tracing = search.player, search.limit, search.trace is not None

    def probe(c: Any, d: int, wa: Number, wb: Number) -> tuple[Number, Number, bool, tuple]:
        """``(lo, hi, exact, probed)`` for the MAX or MIN outcome ``c`` (at depth d, entered by
        the caller), from its first move searched with (wa, wb); ``probed`` is ``(move, v, wa,
        wb)``, for the full search to reuse."""
        tally.nodes += 1
        moves = _ordered(game, c, actions(c), order)
        first, maximizing = moves[0], to_move(c) == player
        child = result(c, first)
        if tracing: emit("enter", child, d + 1, wa, wb, None, first)
        v = node(child, d + 1, wa, wb)
        if tracing: emit("return", c, d, wa, wb, v, (first, v, None))
        if tracing: emit("leave", c, d, wa, wb, v)
        # What the probe says of the first move g (fail-soft): exactly v, at most v (it failed
        # low) or at least v (high). A MAX node is at least g, a MIN node at most g; a node
        # with one move is g.
        g_lo = v if v > wa else low
        g_hi = v if v < wb else high
        lo = g_lo if maximizing or len(moves) == 1 else low
        hi = g_hi if not maximizing or len(moves) == 1 else high
        return max(lo, low), min(hi, high), lo == hi, (first, v, wa, wb)

    def probe_all(o: _Outcomes, cut: Callable[..., Number]) -> Number | None:
        s, d, a, b = o.s, o.d, o.a, o.b
        total_lo: Number = sum(p * lo for (p, _), lo in zip(o.outs, o.lows))
        total_hi: Number = sum(p * hi for (p, _), hi in zip(o.outs, o.highs))
        for i, (p, c) in enumerate(o.outs):
            if total_hi <= a or total_lo >= b:
                return cut(o, i, total_hi if total_hi <= a else total_lo, total_hi <= a)
            leaf = is_terminal(c) or d + 1 == limit
            if not leaf and chance is not None and chance(c):    # not probed: L .. U
                continue
            wa = max(low, (a - total_hi) / p + high)
            wb = min(high, (b - total_lo) / p + low)
            if tracing: emit("enter", c, d + 1, wa, wb, None, o.index[i])
            o.entered[i] = True
            if leaf:                            # evaluated once, kept for the full search
                lo = hi = node(c, d + 1, wa, wb)
                o.exact[i] = True
            else:
                lo, hi, o.exact[i], o.probes[i] = probe(c, d + 1, wa, wb)
            total_lo += p * (lo - o.lows[i])
            total_hi -= p * (o.highs[i] - hi)
            o.lows[i], o.highs[i] = lo, hi
            if tracing: emit("probe", s, d, a, b, None, (o.index[i], lo, hi, p))
        if total_hi <= a or total_lo >= b:
            return cut(o, o.n, total_hi if total_hi <= a else total_lo, total_hi <= a)
        return None

    return probe_all


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
    name="star1", title=N_("Star1 (*-minimax: alpha-beta with chance cuts, fail-soft)"), pseudocode=(
        ("header", "function STAR(n, α, β):      ▷ Star1"),
        ("utility", "  if TERMINAL(n): return UTILITY(n)"),
        ("evaluate", "  if depth(n) = limit: return EVAL(n)"),
        *_CHANCE_LINES,
        *_MAX_MIN_LINES,
    ), view="root", window=True, bounds=True, chance=True, engine=_engine, function=star1)

STAR2 = Description(
    name="star2", title=N_("Star2 (*-minimax with probing, fail-soft)"), pseudocode=(
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
