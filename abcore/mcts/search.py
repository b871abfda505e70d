"""Monte Carlo tree search (UCT), with solving by score bounds as an option: :func:`mcts`.

One iteration ("simulation") has four phases:

1. **selection**: from the root, while the node has no unexpanded move, go to the child of
   largest UCB1 value ``mean + c * sqrt(ln N(parent) / N(child))`` (the mean for the player
   choosing: every node's values are credited to the player who moved into it); at a chance
   state, sample an outcome by its probability;
2. **expansion**: add one child for one untried move (untried moves are taken in a seeded random
   order: unvisited children first, no bias from the game's move order);
3. **playout**: from the new node, play random moves (or ``rollout``'s) to the end of the game,
   or stop early and score the state with ``evaluate``;
4. **backup**: add the playout's value to every node on the path, each from its own player's
   side.
"""
from __future__ import annotations

import functools
import math
import random
import time
from bisect import bisect_right
from typing import Any, Callable, Hashable

from ..game import own_random_playout
from ..gamecheck import check_root, diagnose, endless
from ..probability import check_outcomes
from ..rng import random_state
from ..search._common import may_have_chance, no_moves, root_player
from ..stats import SearchStats
from .events import ChildScore, MCTSEvent, NodeInfo, snapshot
from .node import Node
from .result import MCTSResult, MCTSStats
from ..own_work import entered
from ..i18n import _

__all__ = ["mcts", "utility_range", "C", "PLAYOUT_CAP"]

C = math.sqrt(2)   # UCB1's constant (Auer et al. 2002), for rewards in [0, 1]
# A playout longer than this raises: positions that repeat would otherwise make mcts hang.
PLAYOUT_CAP = 10_000
INF = math.inf


def utility_range(game: Any) -> tuple[float, float]:
    """``game.utility_range`` when the game states it (a ``(low, high)`` bound on
    ``utility(state, p)`` for every player ``p``), else ``(-inf, inf)``.

    The solver needs it to prove a node won as soon as one child is a proven win (a value
    equal to ``high``); without it, a node is proven only when all its children are.

    >>> from abcore.games import TicTacToe
    >>> utility_range(TicTacToe()), utility_range(object())
    ((-1, 1), (-inf, inf))
    """
    r = getattr(game, "utility_range", None)
    if r is None:
        return (-INF, INF)
    low, high = r
    if not low <= high:
        raise ValueError(_("{game!r}.utility_range is {range!r}: give (low, high) with low <= high").format(
            game=game, range=r))
    return (low, high)


def mcts(game: Any, state: Any, *, simulations: int | None = None, seconds: float | None = None,
         c: float = C, rollout: Callable | None = None, evaluate: Callable | None = None,
         playout_depth: int | None = None, seed: Any = None, solve: bool = False,
         stats: SearchStats | None = None, trace: list | None = None,
         player: Any = None) -> MCTSResult:
    """Monte Carlo tree search from ``state`` with UCB1 selection (UCT).

    - Budget: ``simulations`` (a whole number >= 1) and/or ``seconds`` (> 0); with both, the
      search stops at whichever is reached first. At least one simulation always runs.
    - ``c``: the exploration constant (default sqrt(2), UCB1's for rewards in [0, 1]; the
      exploration term is on the game's utility scale, so scale ``c`` with it).
    - Playouts: random moves to the end of the game by default. ``rollout(game, state, rng)``
      replaces the random choice with a policy (it returns a legal move; ``rng`` is the search's
      ``random.Random``). ``evaluate(state, player)``, on the utility scale, ends a playout early:
      after ``playout_depth`` moves (default 0: the new node is scored at once, no playout).
      ``playout_depth`` without ``evaluate`` is an error.
    - ``seed``: an int seeds the search's own ``random.Random(seed)``; the same seed gives the
      same result (``seed=None``: a generator seeded by the system, different at each call). A
      ``random.Random`` is drawn from as it is (a caller can share one across searches).
    - A playout of more than ``PLAYOUT_CAP`` (10,000) moves raises a
      :class:`~abcore.GameError` naming the position that repeats: mcts never hangs.
    - Ties: untried moves are expanded in a seeded random order; among children of equal UCB1
      value, the one expanded first is selected.
    - ``solve=True``: Score-Bounded MCTS (Cazenave & Saffidine 2011: it proves draws too, where
      Winands' MCTS-Solver proves wins and losses). Nodes carry bounds on their exact value; a
      terminal node is proven, a decision node is proven when its best proven child reaches the
      highest value any child could have (the game's ``utility_range``, else only when every
      child is proven), a chance node when all its outcomes are. Children proven worse than a sibling are no
      longer selected; a proven root stops the search.
    - ``value`` is for ``player`` (default: the player to move at ``state``; a chance root
      needs ``player=``): the proven value, or the mean value of the chosen move.
    - ``move``: the root move with the most visits, ties broken by the larger mean, then by the
      order of expansion (a seeded random order). With ``solve=True``, a move proven best comes
      first (the most visited of them), and moves proven worse than another are never chosen.
    - ``stats`` (a :class:`~abcore.SearchStats`) accumulates the counts; ``trace`` (a list)
      receives the :class:`~abcore.mcts.MCTSEvent` log read by :func:`~abcore.mcts.replay_mcts`.

    Examples
    --------
    >>> from abcore.games import TicTacToe
    >>> g = TicTacToe()
    >>> s = g.board("XX. OO. ...")              # X to move: 2 wins at once
    >>> r = mcts(g, s, simulations=300, seed=1)
    >>> r.move, r.stats.simulations
    (2, 300)
    >>> mcts(g, g.initial_state, simulations=100_000, solve=True, seed=0).value  # a draw, proven
    0
    """
    entered("mcts")  # a check may forbid it (abcore.own_work)
    budget, limit = _check_budget(simulations, seconds)
    check_root(game, state)
    rp = root_player(game, state, player)
    rng = random_state(seed)
    low, high = utility_range(game) if solve else (-INF, INF)
    grow = _Grower(game, rp, low, high, solve)
    try:
        root = grow.node(state, None, None, rp, 1)
    except TypeError as e:                  # a game's fault? say which (error path only)
        diagnose(game, state, e)
        raise
    return run(game, root, rp, rp, rng, budget, limit, c, rollout, evaluate, playout_depth, solve,
               stats, trace, grow)


def _check_budget(simulations: Any, seconds: Any) -> tuple[int, float | None]:
    if simulations is None and seconds is None:
        raise ValueError(_("mcts needs a budget: pass simulations=N (a whole number >= 1) or "
                           "seconds=T (> 0), or both"))
    if simulations is not None:
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise ValueError(_("simulations must be a whole number >= 1; got {simulations!r}: "
                               "pass e.g. simulations=1000, or seconds=T instead").format(simulations=simulations))
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0 \
                or not math.isfinite(seconds):
            raise ValueError(_("seconds must be a finite number > 0; got {seconds!r}: pass e.g. "
                               "seconds=0.5, or simulations=N instead").format(seconds=seconds))
    return (simulations if simulations is not None else -1), seconds


def _not_finite(what: str, v: Any, state: Any) -> ValueError:
    return ValueError(_("{what} gave {v!r} at {state!r}: MCTS averages values, so they must be "
                        "finite numbers on the utility scale (squash an evaluation, e.g. tanh(v / 4))").format(
        what=what, v=v, state=state))


class _Grower:
    """Makes nodes: asks the game once per new state what the search will need of it."""

    def __init__(self, game: Any, ref: Hashable, low: float, high: float, solve: bool):
        self.game, self.ref, self.low, self.high, self.solve = game, ref, low, high, solve
        self.is_terminal, self.actions, self.utility = game.is_terminal, game.actions, game.utility
        self.chance = game.is_chance if may_have_chance(game) else None

    def node(self, state: Any, move: Any, parent: Node | None, player: Hashable, sign: int) -> Node:
        if self.is_terminal(state):
            v = self.utility(state, self.ref) * sign      # for `player`
            if v != v or v in (INF, -INF):
                raise _not_finite("utility", v, state)
            if self.solve and not self.low <= v <= self.high:
                raise ValueError(_("utility {v!r} at {state!r} is outside the game's utility_range "
                                   "{range!r}: fix utility_range (the solver's proofs rely on it)").format(
                    v=v, state=state, range=(self.low, self.high)))
            return Node(state, move, parent, player, sign, terminal=True, lo=v, hi=v)
        if self.chance is not None and self.chance(state):
            pairs = tuple(check_outcomes(self.game.outcomes(state), state))
            n = Node(state, move, parent, player, sign, outcomes=pairs, lo=self.low, hi=self.high)
            acc, cum = 0.0, []
            for p, _state in pairs:
                acc += float(p)
                cum.append(acc)
            n.cumulative = tuple(cum)
            return n
        moves = list(self.actions(state))
        if not moves:
            raise no_moves(state)
        return Node(state, move, parent, player, sign, untried=moves, lo=self.low, hi=self.high)


def run(game: Any, root: Node, ref: Hashable, rp: Hashable, rng: random.Random, budget: int,
        seconds: float | None, c: float, rollout: Callable | None, evaluate: Callable | None,
        playout_depth: int | None, solve: bool, stats: SearchStats | None, trace: list | None,
        grow: _Grower) -> MCTSResult:
    """The search loop over an existing tree (fresh, or reused by :class:`MCTSPlayer`).

    ``ref`` is the tree's reference player (``node.sign`` is relative to it), ``rp`` the player
    the result's values are for.
    """
    if isinstance(c, bool) or not isinstance(c, (int, float)) or not 0 <= c < INF:
        raise ValueError(_("c must be a finite number >= 0 (the exploration constant); got {c!r}").format(c=c))
    if rollout is not None and not callable(rollout):
        raise TypeError(_("rollout must be a policy rollout(game, state, rng) -> move; got {rollout!r}").format(
            rollout=rollout))
    if evaluate is not None and not callable(evaluate):
        raise TypeError(_("evaluate must be a function evaluate(state, player); got {evaluate!r}").format(
            evaluate=evaluate))
    if playout_depth is not None:
        if isinstance(playout_depth, bool) or not isinstance(playout_depth, int) or playout_depth < 0:
            raise ValueError(_("playout_depth must be a whole number >= 0 or None; got {depth!r}").format(
                depth=playout_depth))
        if evaluate is None:
            raise ValueError(_("playout_depth={depth} stops playouts before the end of the "
                               "game: pass evaluate=f, with f(state, player) a value on the "
                               "utility scale, or drop playout_depth").format(depth=playout_depth))
    cut = -1 if evaluate is None else (playout_depth or 0)      # moves before evaluate (-1: never)
    rp_sign = 1 if rp == ref else -1
    tracing = trace is not None
    events: list = trace if trace is not None else []
    if tracing:
        events.append(MCTSEvent("start", 0, (), None, {
            "state": root.state, "player": rp, "c": c, "solve": solve,
            "simulations": budget if budget > 0 else None, "seconds": seconds,
            "tree": snapshot(root, rp_sign)}))
    sims = 0
    reason = "simulations"
    if root.terminal:
        reason = "terminal"
    elif solve and root.lo == root.hi and any(root.expanded()):   # a reused, proven tree
        reason = "proven"
    else:
        try:
            sims, reason = _loop(game, root, ref, rp_sign, rng, budget, seconds, c, rollout,
                                 evaluate, cut, solve, trace, grow)
        except (TypeError, IndexError) as e:   # a game's fault? say which (error path only)
            diagnose(game, root.state, e)
            raise
    if tracing:
        events.append(MCTSEvent("end", sims, (), sims, reason))
    return _result(game, root, rp_sign, sims, solve, grow.high, stats)


def _loop(game: Any, root: Node, ref: Hashable, rp_sign: int, rng: random.Random, budget: int,
          seconds: float | None, c: float, rollout: Callable | None, evaluate: Callable | None,
          cut: int, solve: bool, trace: list | None, grow: _Grower) -> tuple[int, str]:
    """Simulations until the budget is spent or the root is proven: (simulations run, why it
    stopped). Selection and expansion are one call per simulation; playout and backup stay here."""
    descend = _tree_policy(game, ref, rp_sign, rng, c, solve, trace, grow)
    choice, isfinite = rng.choice, math.isfinite
    utility = game.utility
    chance = grow.chance
    tracing = trace is not None
    events: list = trace if trace is not None else []
    # The plain random playout gets its own loop, without the checks for a policy, a cut-off or
    # chance that _playout makes at every move.
    plain = rollout is None and cut < 0 and chance is None
    # A game may play that playout itself, faster, with the same moves for the same rng: on
    # Connect 4 (ConnectFour.random_playout) 2,000 simulations from the start take 0.57 of the
    # time of this loop (the median of 15 paired runs); bench.mcts gives the rate.
    random_playout = own_random_playout(game) or functools.partial(_random_playout, game)
    deadline = None if seconds is None else time.perf_counter() + seconds
    perf = time.perf_counter
    sims = 0
    while True:
        # --- 1. selection and 2. expansion ------------------------------------------------
        node, path, ended_proven = descend(root, sims)
        # --- 3. playout -------------------------------------------------------------------
        moves = 0
        if node.terminal or ended_proven:
            value = node.lo * node.sign           # for ref
            ending = "terminal" if node.terminal else "proven"
        elif plain:
            s, moves = random_playout(node.state, choice)
            value = utility(s, ref)
            if not isfinite(value):
                raise _not_finite("utility", value, s)
            ending = "terminal"
        else:
            value, moves, ending = _playout(game, node.state, ref, rng, rollout, evaluate, cut, chance)
        # --- 4. backup --------------------------------------------------------------------
        # One utility call per playout, for ref; each node turns it to its player's side with
        # its sign (zero-sum). A utility call per node takes 5% longer over 10,000 simulations.
        n: Node | None = node
        while n is not None:
            n.visits += 1
            n.total += value if n.sign > 0 else -value
            n = n.parent
        sims += 1
        if tracing:
            events.append(MCTSEvent("playout", sims - 1, path, value * rp_sign, (moves, ending)))
            events.append(_backup_event(sims - 1, node, path, value * rp_sign, rp_sign))
        if solve and node.lo == node.hi and node.parent is not None:
            _prove(node.parent, grow.low, grow.high, trace, sims - 1, path[:-1], rp_sign)
        if solve and root.lo == root.hi:
            return sims, "proven"
        if sims == budget:
            return sims, "simulations"
        if deadline is not None and perf() >= deadline:
            return sims, "seconds"


def _random_playout(game: Any, start: Any, choice: Callable) -> tuple[Any, int]:
    """Random moves from ``start`` to the end of the game: (the final state, the number of moves)."""
    is_terminal, actions, result = game.is_terminal, game.actions, game.result
    s = start
    for moves in range(PLAYOUT_CAP):              # as fast as the `while` it replaced (bench.mcts)
        if is_terminal(s):
            return s, moves
        s = result(s, choice(actions(s)))
    if not is_terminal(s):
        raise endless(game, start, PLAYOUT_CAP)
    return s, PLAYOUT_CAP


def _tree_policy(game: Any, ref: Hashable, rp_sign: int, rng: random.Random, c: float,
                 solve: bool, trace: list | None,
                 grow: _Grower) -> Callable[[Node, int], tuple[Node, tuple, bool]]:
    """Phases 1 and 2 (Browne et al. 2012's "tree policy") as one function
    ``descend(root, it) -> (leaf, path, proven)``: from ``root``, select down to a node with an
    untried move and expand it, or to a terminal or (``solve``) proven node, which is ``leaf``.
    ``path`` is the moves to ``leaf`` when tracing (else ``()``), ``it`` the simulation's number."""
    random_ = rng.random
    log, sqrt = math.log, math.sqrt
    c2 = c * c
    result, to_move = game.result, game.to_move
    make = grow.node
    tracing = trace is not None
    events: list = trace if trace is not None else []

    def descend(node: Node, it: int) -> tuple[Node, tuple, bool]:
        path: tuple = ()
        while True:
            if node.untried:                      # --- 2. expansion (a decision state)
                u = node.untried
                # A seeded random order, drawn one move at a time: 2.35 us for a node of 9
                # moves against 3.07 us to shuffle them when the node is made (timeit).
                i = int(random_() * len(u))
                move = u[i]
                u[i] = u[-1]
                u.pop()
                mover = to_move(node.state)
                child = make(result(node.state, move), move, node, mover, 1 if mover == ref else -1)
                node.children.append(child)
                if tracing:
                    path += (move,)
                    events.append(MCTSEvent("expand", it, path, None, _info(child, rp_sign)))
                return child, path, False
            if node.terminal:
                return node, path, False
            if node.outcomes is not None:         # a chance state: sample an outcome
                i = bisect_right(node.cumulative, random_() * node.cumulative[-1])
                if i >= len(node.children):
                    i = len(node.children) - 1
                if tracing:
                    events.append(MCTSEvent("chance", it, path, i, node.outcomes[i][0]))
                    path += (i,)
                child = node.children[i]
                if child is None:                 # --- 2. expansion (a new outcome)
                    child = make(node.outcomes[i][1], i, node, node.player, node.sign)
                    node.children[i] = child
                    if tracing:
                        events.append(MCTSEvent("expand", it, path, None, _info(child, rp_sign)))
                    return child, path, False
                node = child
                if solve and node.lo == node.hi:  # proven: its exact value ends the simulation
                    return node, path, True
                continue
            kids = node.children                  # --- 1. selection
            if solve:                             # never a child proven worse than a sibling
                best_lo = max(ch.lo for ch in kids)
                kids = [ch for ch in kids if ch.hi > best_lo]
            # c * sqrt(ln N / n) == sqrt(k / n) with k = c² ln N computed once per node, not
            # once per child: a 10,000-simulation search takes 25% longer without it.
            k = c2 * log(node.visits)
            best: Any = None
            bv = -INF
            for ch in kids:                       # UCB1; the first of equal values wins
                n = ch.visits
                v = ch.total / n + sqrt(k / n)
                if v > bv:
                    bv = v
                    best = ch
            if tracing:
                events.append(_select_event(it, path, node, kids, best, c))
                path += (best.move,)
            node = best
    return descend


def _playout(game: Any, s: Any, ref: Hashable, rng: random.Random, rollout: Callable | None,
             evaluate: Callable | None, cut: int, chance: Callable | None) -> tuple[Any, int, str]:
    """A playout with a policy, chance states or an early stop: (value for ref, moves, ending)."""
    random_ = rng.random
    moves = 0
    while not game.is_terminal(s):
        if moves == cut:
            v = evaluate(s, ref)      # type: ignore[misc]
            if not math.isfinite(v):
                raise _not_finite("evaluate", v, s)
            return v, moves, "evaluate"
        if chance is not None and chance(s):
            pairs = check_outcomes(game.outcomes(s), s)
            x = random_() * math.fsum(float(p) for p, _ in pairs)
            for p, nxt in pairs:
                x -= float(p)
                if x < 0:
                    break
            s = nxt
        else:
            acts = game.actions(s)
            if not acts:
                raise no_moves(s)
            move = rng.choice(acts) if rollout is None else rollout(game, s, rng)
            s = game.result(s, move)
        moves += 1
        if moves == PLAYOUT_CAP and not game.is_terminal(s):
            raise endless(game, s, PLAYOUT_CAP)
    v = game.utility(s, ref)
    if not math.isfinite(v):
        raise _not_finite("utility", v, s)
    return v, moves, "terminal"


def _prove(n: Node | None, low: float, high: float, trace: list | None, it: int, path: tuple,
           rp_sign: int) -> None:
    """Tighten the bounds of ``n`` and its ancestors after a child was proven; stop when a node's
    bounds do not change (its ancestors' cannot either)."""
    while n is not None:
        if n.outcomes is not None:      # expected value, unexplored outcomes at [low, high]
            lo: Any = 0
            hi: Any = 0
            for (p, _), ch in zip(n.outcomes, n.children):
                if p == 0:
                    continue
                lo += p * (low if ch is None else ch.lo)
                hi += p * (high if ch is None else ch.hi)
        else:                           # the mover's best child; untried moves at [low, high]
            lo = hi = -INF
            if n.untried:
                lo, hi = low, high
            for ch in n.children:
                if ch.lo > lo:
                    lo = ch.lo
                if ch.hi > hi:
                    hi = ch.hi
            if n.children and n.children[0].sign != n.sign:   # the mover is n's opponent
                lo, hi = -hi, -lo
        if lo == hi:        # one value for both: 1 and 1.0 sum differently with Fraction(1, 3)
            hi = lo
        if lo == n.lo and hi == n.hi:
            return
        n.lo, n.hi = lo, hi
        if trace is not None:
            trace.append(MCTSEvent("bounds", it, path, (lo, hi), n.player))
        n = n.parent
        path = path[:-1]


def _choice(root: Node, solve: bool, high: float) -> Node | None:
    """The chosen child of a decision root (see :func:`mcts`)."""
    kids = list(root.expanded())
    if not kids:
        return None
    if solve:
        top = max([ch.hi for ch in kids] + ([high] if root.untried else []))   # best possible
        best = [ch for ch in kids if ch.lo == ch.hi and ch.lo >= top]
        if best:
            kids = best
        else:
            floor = max(ch.lo for ch in kids)
            kids = [ch for ch in kids if ch.hi >= floor] or kids
            # A child proven to reach `floor` is no longer selected (its siblings are explored
            # instead), so it has few visits: take it when no unproven sibling's mean beats it.
            sure = [ch for ch in kids if ch.lo == ch.hi == floor]
            if sure and all(ch.mean <= floor for ch in kids if ch.lo != ch.hi):
                kids = sure
    return max(kids, key=lambda ch: (ch.visits, ch.mean))   # max keeps the first of ties


def _result(game: Any, root: Node, rp_sign: int, sims: int, solve: bool, high: float,
            stats: SearchStats | None) -> MCTSResult:
    size, depth = root.size_and_depth()
    own = MCTSStats(nodes=size, leaves=sims, cutoffs=0, max_depth=depth, simulations=sims)
    if stats is not None:
        stats.add(size, sims, 0, depth)
        if isinstance(stats, MCTSStats):
            stats.simulations += sims
    proven = solve and root.lo == root.hi

    def for_rp(v: Any, node: Node) -> Any:
        return v if node.sign == rp_sign else -v

    order = {m: i for i, m in enumerate(game.actions(root.state))} if root.untried is not None else {}
    kids = sorted(root.expanded(), key=lambda ch: order.get(ch.move, ch.move))
    root_values = tuple((ch.move, for_rp(ch.mean, ch)) for ch in kids)
    visits = tuple((ch.move, ch.visits) for ch in kids)
    if root.terminal:
        return MCTSResult(for_rp(root.lo, root), None, (), own, visits=(), proven=True)
    if root.outcomes is not None:
        value = for_rp(root.lo if proven else root.mean, root)
        return MCTSResult(value, None, (), own, root_values, visits=visits, proven=proven)
    best = _choice(root, solve, high)
    assert best is not None
    if proven:
        value = for_rp(root.lo, root)
        moves = tuple(ch.move for ch in kids if ch.lo == ch.hi and for_rp(ch.lo, ch) == value)
    else:
        value = for_rp(best.mean, best)
        moves = (best.move,)
    return MCTSResult(value, best.move, moves, own, root_values, visits=visits, proven=proven)


def _info(node: Node, rp_sign: int) -> NodeInfo:
    moves = tuple(node.untried) if node.untried is not None else ()
    return NodeInfo(node.state, node.player, moves, node.terminal, node.outcomes is not None,
                    node.lo, node.hi)


def _select_event(it: int, path: tuple, node: Node, kids: list, best: Node, c: float) -> MCTSEvent:
    ln = math.log(node.visits)
    scores = []
    chosen = None
    for ch in node.children:
        if ch in kids:
            mean, explore = ch.total / ch.visits, c * math.sqrt(ln / ch.visits)
            score = ChildScore(ch.move, ch.visits, mean, explore, mean + explore)
        else:                            # pruned by the solver
            score = ChildScore(ch.move, ch.visits, ch.mean, None, None)
        scores.append(score)
        if ch is best:
            chosen = score
    return MCTSEvent("select", it, path, chosen, (node.visits, tuple(scores)))


def _backup_event(it: int, leaf: Node, path: tuple, value_rp: Any, rp_sign: int) -> MCTSEvent:
    rows = []
    n: Node | None = leaf
    p = path
    while n is not None:
        rows.append((p, n.player, value_rp * rp_sign * n.sign, n.visits, n.total))
        n = n.parent
        p = p[:-1]
    return MCTSEvent("backup", it, path, value_rp, tuple(reversed(rows)))
