"""Building trees: from nested lists, from a game, and seeded random or worst-case trees."""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

from ..game import Game, Number, may_have_chance
from ..gamecheck import check_root, find_repetition
from ..i18n import _
from ..probability import Probability, check_outcomes
from ..rng import random_state
from ..search._common import no_moves
from .tree import DOORS, OTHER, Arcs, GameTree, Move, TreeError, leaf_value, tree_probabilities
from ..own_work import entered

__all__ = ["from_nested", "from_game", "random_uniform", "random_tree", "unprunable"]


def from_nested(nested: Any, first: str = "max", **meta: Any) -> GameTree:
    """A tree from nested lists, levels alternating from the root (``first`` moves there).

    A number is a leaf; a list is a decision node; a list of ``(probability, subtree)`` tuples is
    a chance node (only lists make nodes, only tuples make outcomes; the player after a chance
    node is the one after its parent). Probabilities are ints, floats or Fractions, checked by
    :func:`abcore.probability.check_probabilities`. Node ids are paths: ``'r'``, ``'r.0'``,
    ``'r.0.2'``; moves are child indices. ``meta`` goes to :class:`GameTree` (``labels``,
    ``title``, ``source``, ``facts``).

    >>> from fractions import Fraction
    >>> t = from_nested([(Fraction(1, 3), 3), (Fraction(2, 3), [0, 6])])
    >>> t.outcomes('r')
    ((Fraction(1, 3), 'r.0'), (Fraction(2, 3), 'r.1'))
    >>> from_nested([(0.5, 1), (0.6, 2)])
    Traceback (most recent call last):
    ...
    abcore.trees.tree.TreeError: node r: the probabilities sum to 1.1, not 1: fix the "p" values
    """
    if first not in ("max", "min"):
        raise TreeError(_("first must be 'max' or 'min', not {first!r}").format(first=first))
    kind: dict[str, str] = {}
    children: dict[str, Arcs] = {}
    values: dict[str, Number] = {}
    probs: dict[str, tuple[Probability, ...]] = {}

    def build(x: Any, node: str, player: str) -> None:
        if isinstance(x, tuple):
            raise TreeError(_("node {node}: a (probability, subtree) tuple must sit in a list "
                              "(a chance node); a decision node is a list").format(node=node))
        if not isinstance(x, list):
            # Speed: a plain number is its own value; the message naming the node is made only for
            # the others (gettext on every leaf was a fifth of the 7.3 sweep's 12.3 s of CPU)
            values[node] = x if type(x) in (int, float, Fraction) and x == x else leaf_value(
                x, _("node {node}").format(node=node))
            return
        if not x:
            raise TreeError(_("node {node}: an empty list; a leaf is a number, a node a non-empty list").format(
                node=node))
        if all(isinstance(c, tuple) for c in x):
            for c in x:
                if len(c) != 2:
                    raise TreeError(_("node {node}: a chance outcome is a (probability, subtree) pair, not {c!r}")
                                    .format(node=node, c=c))
            kind[node] = "chance"
            probs[node] = tree_probabilities([c[0] for c in x], _("node {node}").format(node=node),
                                             [f"{node}.{i}" for i in range(len(x))])
            subtrees, nxt = [c[1] for c in x], player
        else:
            kind[node] = player
            subtrees, nxt = list(x), OTHER[player]
        children[node] = tuple((i, f"{node}.{i}") for i in range(len(subtrees)))
        for i, sub in enumerate(subtrees):
            build(sub, f"{node}.{i}", nxt)

    build(nested, "r", first)
    return GameTree("r", kind, children, values, probs=probs, **meta)


def from_game(game: Game[Any, Any, Any], state: Any = None, *, depth: int | None = None,
              evaluate: Callable[[Any, Any], Number] | None = None, max_nodes: int = 5000,
              title: str = "") -> GameTree:
    """The tree of ``game`` below ``state`` (default: the initial state), as an explicit tree.

    Node ids are move paths (``'r'``, ``'r.4'``, ``'r.4.0'``), labels are ``str(state)`` and
    ``tree.states[id]`` is the game state. MAX is the player to move at ``state``; leaves are
    terminal states (their utility for MAX) or, at ``depth``, ``evaluate(state, MAX)``. A chance
    state's outcomes are checked by :func:`abcore.probability.check_outcomes` and kept as given
    (Fractions stay Fractions).

    >>> from abcore.games import DiceDuel, Nim
    >>> t = from_game(Nim(4))
    >>> len(t), len(t.leaves), t.kind('r'), t.kind('r.1')
    (15, 7, 'max', 'min')
    >>> from_game(DiceDuel()).probability('r.249.168.0')
    Fraction(1, 3)

    A state that is not terminal must have a move (else the tree could not be loaded):

    >>> class Stuck(Nim):
    ...     def actions(self, state):
    ...         return () if state.stones == 2 else super().actions(state)
    >>> from_game(Stuck(3))
    Traceback (most recent call last):
    ...
    abcore.errors.GameError: actions: state NimState(stones=2, to_move='second') is not terminal but has no legal moves; make is_terminal() true there or give it a move (a pass)
    """
    entered("from_game")  # a check may forbid it (abcore.own_work)
    state = game.initial_state if state is None else state
    check_root(game, state)
    if evaluate is not None and not callable(evaluate):
        raise TypeError(_("evaluate must be a function evaluate(state, player); got {evaluate!r}").format(
            evaluate=evaluate))
    is_chance = game.is_chance if may_have_chance(game) else (lambda s: False)
    player = game.to_move(state)
    kind: dict[str, str] = {}
    children: dict[str, Arcs] = {}
    values: dict[str, Number] = {}
    probs: dict[str, tuple[Probability, ...]] = {}
    labels: dict[str, str] = {}
    states: dict[str, Any] = {}
    stack = [("r", state, 0)]
    while stack:
        nid, s, d = stack.pop()
        states[nid], labels[nid] = s, str(s)
        if len(states) > max_nodes:
            find_repetition(game, state, max_states=max_nodes)      # a game without an end?
            raise ValueError(_("the tree has more than max_nodes={max_nodes} nodes: pass a "
                               "smaller depth (with evaluate) or a larger max_nodes").format(max_nodes=max_nodes))
        if game.is_terminal(s):
            values[nid] = game.utility(s, player)
            continue
        if depth is not None and d == depth:
            if evaluate is None:
                raise ValueError(_("depth={depth} stops at non-terminal states: pass evaluate=f, "
                                   "with f(state, player) scoring a state for player").format(depth=depth))
            values[nid] = evaluate(s, player)
            continue
        kids: list[tuple[Move, Any]]
        if is_chance(s):
            pairs = check_outcomes(game.outcomes(s), s)
            kind[nid] = "chance"
            probs[nid] = tuple(p for p, _ in pairs)
            kids = [(i, c) for i, (_, c) in enumerate(pairs)]
        else:
            kind[nid] = "max" if game.to_move(s) == player else "min"
            kids = [(a, game.result(s, a)) for a in game.actions(s)]
            if not kids:
                raise no_moves(s)
        children[nid] = tuple((m, f"{nid}.{m}") for m, _ in kids)
        stack.extend((f"{nid}.{m}", c, d + 1) for m, c in reversed(kids))
    return GameTree("r", kind, children, values, probs=probs, labels=labels, title=title, states=states)


def random_uniform(b: int, d: int, seed: int = 0, *, low: int = -5, high: int = 5,
                   distinct: bool = False, first: str = "max") -> GameTree:
    """A uniform tree: every internal node has ``b`` children, every leaf is at depth ``d``.

    Leaves are integers in [low, high] (small range: many ties), or with ``distinct=True`` a
    random permutation of 0 .. b**d - 1 (no ties, as Knuth and Moore's count assumes). ``seed``
    is an int or a ``random.Random``.

    >>> t = random_uniform(2, 3, seed=1)
    >>> len(t.leaves), t.height
    (8, 3)
    """
    entered("random_uniform")  # a check may forbid it (abcore.own_work)
    if b < 1 or d < 0:
        raise ValueError(_("need b >= 1 and d >= 0; got b={b}, d={d}").format(b=b, d=d))
    rng = random_state(seed)
    n = b ** d
    leaves = rng.sample(range(n), n) if distinct else [rng.randint(low, high) for _ in range(n)]
    it = iter(leaves)

    def build(level: int) -> Any:
        return next(it) if level == d else [build(level + 1) for _ in range(b)]
    return from_nested(build(0), first=first)


def unprunable(b: int, d: int, first: str = "max") -> GameTree:
    """A uniform tree on which alpha-beta, in its natural order, prunes nothing (b**d leaves).

    Every child is better for the player to move than the one before it (worst-first), and every
    subtree's leaves lie in a range strictly inside the window it is searched with. Sorting a
    random tree worst-first is not enough: a MIN node whose two largest children are both below
    alpha is cut after the first of them, whatever the order.

    >>> from abcore import alphabeta
    >>> t = unprunable(3, 4)
    >>> alphabeta(t, t.initial_state).stats.leaves == 3 ** 4
    True
    """
    if b < 1 or d < 0:
        raise ValueError(_("need b >= 1 and d >= 0; got b={b}, d={d}").format(b=b, d=d))

    def ranks(level: int, kind: str) -> list[int]:
        if level == d:
            return [0]
        sub = ranks(level + 1, OTHER[kind])
        n = b ** (d - level - 1)
        blocks = [[v + k * n for v in sub] for k in range(b)]      # block k in [k*n, (k+1)*n)
        return [v for blk in (blocks if kind == "max" else blocks[::-1]) for v in blk]

    it = iter(ranks(0, first))

    def build(level: int) -> Any:
        return next(it) if level == d else [build(level + 1) for _ in range(b)]
    return from_nested(build(0), first=first)


def random_tree(seed: int = 0, *, max_depth: int = 4, max_branching: int = 3, leaf_chance: float = 0.2,
                low: int = -3, high: int = 3, chance_nodes: float = 0.0, infinite: float = 0.0,
                first: str = "max") -> GameTree:
    """An irregular tree: 1 to ``max_branching`` children, leaves at any depth, frequent ties.

    ``chance_nodes`` is the probability that an internal node is a chance node (with random
    probabilities summing to 1); ``infinite`` the probability that a leaf is +inf or -inf.
    ``seed`` is an int or a ``random.Random``.

    >>> random_tree(3, chance_nodes=0.5).to_dict() == random_tree(3, chance_nodes=0.5).to_dict()
    True
    """
    rng = random_state(seed)

    def leaf() -> float:
        if infinite and rng.random() < infinite:
            return rng.choice((math.inf, -math.inf))
        return rng.randint(low, high)

    def build(level: int) -> Any:
        if level == max_depth or (level > 0 and rng.random() < leaf_chance):
            return leaf()
        k = rng.randint(1, max_branching)
        subs = [build(level + 1) for _ in range(k)]
        if chance_nodes and rng.random() < chance_nodes:
            weights = [rng.randint(1, 4) for _ in subs]
            return [(w / sum(weights), s) for w, s in zip(weights, subs)]
        return subs
    return from_nested(build(0), first=first)


DOORS.update(from_nested=from_nested, from_game=from_game)     # GameTree's doors (tree.py)
