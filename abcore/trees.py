"""Explicit game trees: a :class:`GameTree` is a Game whose states are the nodes of a tree.

So every algorithm runs unchanged on the seeds' worked examples, on random trees and on real
games. Trees come from nested lists (:meth:`GameTree.from_nested`), from JSON files
(:meth:`GameTree.load`, format in ``abcore/data/trees/README.md``) or from a seeded generator
(:func:`random_uniform`, :func:`random_tree`); :func:`reorder` puts any tree's moves best-first
(perfect ordering) or worst-first.
"""
from __future__ import annotations

import json
import math
import numbers
from importlib import resources
import random
from pathlib import Path
from typing import Any, Iterable

from .game import Game, IllegalMoveError

__all__ = ["GameTree", "TreeError", "shipped_trees", "random_uniform", "random_tree", "unprunable", "reorder",
           "tree_values", "KINDS"]

KINDS = ("max", "min", "chance")
_FIELDS = {"id", "kind", "value", "children", "move", "p", "label"}
_OTHER = {"max": "min", "min": "max"}


class TreeError(ValueError):
    """A malformed tree; the message names the node (its path from the root) and the fix."""


def _number(v: Any, where: str) -> float:
    """A leaf value: a number, or one of the strings 'inf', '+inf', '-inf'."""
    if isinstance(v, str) and v.strip().lower() in ("inf", "+inf", "-inf", "infinity", "-infinity"):
        return -math.inf if v.strip().startswith("-") else math.inf
    if isinstance(v, bool) or not isinstance(v, (int, float)) or (isinstance(v, float) and math.isnan(v)):
        raise TreeError(f"{where}: the value {v!r} is not a number (use a number, or \"inf\" / \"-inf\")")
    return v


class GameTree(Game):
    """A game tree given explicitly. States are node ids; moves are the labels of the arcs.

    Players are ``"max"`` and ``"min"``; a leaf's value is its utility for MAX (and minus that for
    MIN). A leaf's ``to_move`` is the player after its nearest decision ancestor, so that negamax
    can score it from the side to move.

    Examples
    --------
    >>> t = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> t.initial_state, t.to_move('r'), t.actions('r')
    ('r', 'max', (0, 1, 2))
    >>> t.result('r', 1), t.to_move('r.1'), t.utility('r.1.0', 'max')
    ('r.1', 'min', 2)
    >>> len(t), t.leaves[:3]
    (13, ('r.0.0', 'r.0.1', 'r.0.2'))
    """

    def __init__(self, root: str, kind: dict, children: dict, values: dict, *,
                 probs: dict | None = None, labels: dict | None = None, title: str = "",
                 source: str = "", facts: Any = None, states: dict | None = None):
        self.initial_state = root
        self._kind = kind            # id -> 'max' | 'min' | 'chance' (internal nodes)
        self._children = children    # id -> ((move, child id), ...)
        self._values = values        # id -> value for MAX (leaves)
        self._probs = probs or {}    # chance id -> (p, ...) parallel to children
        self._labels = labels or {}
        self.states = states or {}   # node id -> game state, for trees made by from_game
        self._child = {n: dict(cs) for n, cs in children.items()}
        self._moves = {n: tuple(m for m, _ in cs) for n, cs in children.items()}
        self._parent = {c: n for n, cs in children.items() for _, c in cs}
        self._player = {}
        self._depth = {}
        stack = [(root, "min", 0)]   # the player "before" the root, so a leaf root is MAX's
        while stack:
            n, before, d = stack.pop()
            k = kind.get(n)
            self._player[n] = k if k in ("max", "min") else ("chance" if k else _OTHER[before])
            self._depth[n] = d
            nxt = k if k in ("max", "min") else before
            stack.extend((c, nxt, d + 1) for _, c in children.get(n, ()))
        self.title, self.source, self.facts = title, source, facts

    # --- the Game protocol -------------------------------------------------------------------
    def to_move(self, state: str) -> str:
        return self._player[state]

    def actions(self, state: str) -> tuple:
        return self._moves.get(state, ())

    def result(self, state: str, action: Any) -> str:
        try:
            return self._child[state][action]
        except KeyError:
            raise IllegalMoveError(action, self.actions(state), state) from None

    def is_terminal(self, state: str) -> bool:
        return state in self._values

    def utility(self, state: str, player: Any) -> float:
        v = self._values[state]
        return v if player == "max" else -v

    def is_chance(self, state: str) -> bool:
        return self._kind.get(state) == "chance"

    def outcomes(self, state: str) -> tuple:
        if state not in self._probs:
            raise ValueError(f"node {state!r} is not a chance node; it has no outcomes")
        return tuple((p, c) for p, (_, c) in zip(self._probs[state], self._children[state]))

    @property
    def utility_range(self) -> tuple:
        """``(-m, m)``, m the largest absolute leaf value: a bound on the utility for both
        players (read by the MCTS solver)."""
        m = max((abs(v) for v in self._values.values()), default=0)
        return (-m, m)

    # --- reading the tree --------------------------------------------------------------------
    def kind(self, node: str) -> str:
        """'max', 'min', 'chance' or 'leaf'."""
        return self._kind.get(node, "leaf")

    def value(self, node: str) -> float:
        """A leaf's value for MAX."""
        return self._values[node]

    def label(self, node: str) -> str:
        return self._labels.get(node, node)

    def children(self, node: str) -> tuple:
        return tuple(c for _, c in self._children.get(node, ()))

    def parent(self, node: str) -> str | None:
        return self._parent.get(node)

    def probability(self, node: str) -> float | None:
        """The probability of the arc into ``node`` when its parent is a chance node."""
        p = self._parent.get(node)
        if p is None or p not in self._probs:
            return None
        return self._probs[p][self.children(p).index(node)]

    def depth_of(self, node: str) -> int:
        return self._depth[node]

    @property
    def nodes(self) -> tuple:
        """Every node id, depth-first, children in order."""
        out, stack = [], [self.initial_state]
        while stack:
            n = stack.pop()
            out.append(n)
            stack.extend(reversed(self.children(n)))
        return tuple(out)

    @property
    def leaves(self) -> tuple:
        return tuple(n for n in self.nodes if n in self._values)

    @property
    def height(self) -> int:
        return max(self._depth.values())

    def __len__(self) -> int:
        return len(self._depth)

    def __repr__(self) -> str:
        name = f" {self.title!r}" if self.title else ""
        return f"<GameTree{name}: {len(self)} nodes, {len(self._values)} leaves>"

    # --- building ----------------------------------------------------------------------------
    @classmethod
    def from_nested(cls, nested: Any, first: str = "max", **meta: Any) -> "GameTree":
        """A tree from nested lists, levels alternating from the root (``first`` moves there).

        A number is a leaf; a list is a decision node; a list of ``(probability, subtree)``
        tuples is a chance node (only lists make nodes, only tuples make outcomes) (the player after it is the one after its parent). Node ids are
        paths: ``'r'``, ``'r.0'``, ``'r.0.2'``; moves are child indices.

        >>> GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).kind('r.2')
        'min'
        """
        if first not in ("max", "min"):
            raise TreeError(f"first must be 'max' or 'min', not {first!r}")
        kind, children, values, probs = {}, {}, {}, {}

        def build(x: Any, node: str, player: str) -> None:
            if isinstance(x, tuple):
                raise TreeError(f"node {node}: a (probability, subtree) tuple must sit in a list "
                                "(a chance node); a decision node is a list")
            if isinstance(x, list):
                if not x:
                    raise TreeError(f"node {node}: an empty list; a leaf is a number, a node a non-empty list")
                if all(isinstance(c, tuple) for c in x):
                    kind[node] = "chance"
                    ps = []
                    for c in x:
                        if len(c) != 2:
                            raise TreeError(f"node {node}: a chance outcome is a (probability, subtree) pair, not {c!r}")
                        ps.append(_prob(c[0], f"node {node}"))
                    _check_sum(ps, f"node {node}")
                    probs[node] = tuple(ps)
                    subtrees, nxt = [c[1] for c in x], player
                else:
                    kind[node] = player
                    subtrees, nxt = list(x), _OTHER[player]
                children[node] = tuple((i, f"{node}.{i}") for i in range(len(subtrees)))
                for i, sub in enumerate(subtrees):
                    build(sub, f"{node}.{i}", nxt)
            else:
                values[node] = _number(x, f"node {node}")

        build(nested, "r", first)
        return cls("r", kind, children, values, probs=probs, **meta)

    @classmethod
    def from_game(cls, game: Any, state: Any = None, *, depth: int | None = None,
                  evaluate: Any = None, max_nodes: int = 5000, title: str = "") -> "GameTree":
        """The tree of ``game`` below ``state`` (default: the initial state), as an explicit tree.

        Node ids are move paths (``'r'``, ``'r.4'``, ``'r.4.0'``), labels are ``str(state)`` and
        ``tree.states[id]`` is the game state. MAX is the player to move at ``state``; leaves are
        terminal states (their utility for MAX) or, at ``depth``, ``evaluate(state, MAX)``.

        >>> from abcore.games import Nim
        >>> t = GameTree.from_game(Nim(4))
        >>> len(t), len(t.leaves), t.kind('r'), t.kind('r.1')
        (15, 7, 'max', 'min')
        """
        state = game.initial_state if state is None else state
        is_chance = getattr(game, "is_chance", lambda s: False)
        player = game.to_move(state)
        kind, children, values, probs, labels, states = {}, {}, {}, {}, {}, {}
        stack = [("r", state, 0)]
        while stack:
            nid, s, d = stack.pop()
            states[nid], labels[nid] = s, str(s)
            if len(states) > max_nodes:
                raise ValueError(f"the tree has more than max_nodes={max_nodes} nodes: pass a "
                                 "smaller depth (with evaluate) or a larger max_nodes")
            if game.is_terminal(s):
                values[nid] = game.utility(s, player)
                continue
            if depth is not None and d == depth:
                if evaluate is None:
                    raise ValueError(f"depth={depth} stops at non-terminal states: pass evaluate=f, "
                                     "with f(state, player) scoring a state for player")
                values[nid] = evaluate(s, player)
                continue
            if is_chance(s):
                pairs = list(game.outcomes(s))
                kind[nid] = "chance"
                probs[nid] = tuple(p for p, _ in pairs)
                kids = [(i, c) for i, (_, c) in enumerate(pairs)]
            else:
                kind[nid] = "max" if game.to_move(s) == player else "min"
                kids = [(a, game.result(s, a)) for a in game.actions(s)]
            children[nid] = tuple((m, f"{nid}.{m}") for m, _ in kids)
            stack.extend((f"{nid}.{m}", c, d + 1) for m, c in reversed(kids))
        return cls("r", kind, children, values, probs=probs, labels=labels, title=title, states=states)

    @classmethod
    def from_dict(cls, data: dict, name: str = "tree") -> "GameTree":
        """A tree from the JSON structure of ``abcore/data/trees/README.md``, checked node by node."""
        if not isinstance(data, dict) or not isinstance(data.get("root"), dict):
            raise TreeError(f"{name}: the top level must be an object with a \"root\" node object")
        kind, children, values, probs, labels, seen = {}, {}, {}, {}, {}, {}

        def build(node: Any, path: str, parent_kind: str | None) -> str:
            if not isinstance(node, dict):
                raise TreeError(f"{name}: {path}: a node must be an object, not {node!r}")
            nid = node.get("id")
            if not isinstance(nid, str) or not nid:
                raise TreeError(f"{name}: {path}: every node needs an \"id\" (a non-empty string)")
            here = f"{path} > {nid}" if path != "root" else nid
            unknown = set(node) - _FIELDS
            if unknown:
                raise TreeError(f"{name}: {here}: unknown field(s) {sorted(unknown)}; a node may have "
                                f"{sorted(_FIELDS)}")
            if nid in seen:
                raise TreeError(f"{name}: {here}: duplicate id {nid!r} (also at {seen[nid]}); ids must be unique")
            seen[nid] = here
            if "label" in node:
                labels[nid] = str(node["label"])
            if parent_kind == "chance":
                if "p" not in node:
                    raise TreeError(f"{name}: {here}: a child of a chance node needs its probability \"p\"")
            elif "p" in node:
                raise TreeError(f"{name}: {here}: \"p\" is only for children of chance nodes")
            k = node.get("kind", "leaf")
            if k not in KINDS + ("leaf",):
                raise TreeError(f"{name}: {here}: unknown kind {k!r}; use one of {list(KINDS)} (or omit it for a leaf)")
            kids = node.get("children")
            if "value" in node:
                if kids is not None:
                    raise TreeError(f"{name}: {here}: a leaf (it has a \"value\") cannot have children; "
                                    "remove one of \"value\" and \"children\"")
                if k != "leaf":
                    raise TreeError(f"{name}: {here}: a {k} node has children, not a \"value\"")
                values[nid] = _number(node["value"], f"{name}: {here}")
                return nid
            if k == "leaf" or kids is None:
                raise TreeError(f"{name}: {here}: a leaf needs a \"value\" (a number); an internal "
                                "node needs a \"kind\" and \"children\"")
            if not isinstance(kids, list) or not kids:
                raise TreeError(f"{name}: {here}: \"children\" must be a non-empty list")
            kind[nid] = k
            arcs = []
            for i, child in enumerate(kids):
                cid = build(child, here, k)
                move = child.get("move", cid)
                if move in dict(arcs):
                    raise TreeError(f"{name}: {here}: two children have the move {move!r}; moves must differ")
                arcs.append((move, cid))
            children[nid] = tuple(arcs)
            if k == "chance":
                ps = tuple(_prob(c.get("p"), f"{name}: {here} > {c.get('id')}") for c in kids)
                _check_sum(ps, f"{name}: {here}")
                probs[nid] = ps
            return nid

        root = build(data["root"], "root", None)
        return cls(root, kind, children, values, probs=probs, labels=labels,
                   title=data.get("title", ""), source=data.get("source", ""), facts=data.get("facts"))

    @classmethod
    def load(cls, path: str | Path) -> "GameTree":
        """Read a tree file (JSON); errors name the file and the node.

        ``path`` is a file, or the bare name of a tree shipped with abcore (see
        :func:`shipped_trees`), which works from any folder: a notebook handed out alone, or
        graded in an nbgrader course, finds it without a relative path.

        >>> GameTree.load("seed004_a_to_j").label(GameTree.load("seed004_a_to_j").initial_state)
        'A'
        """
        path = _shipped_or_file(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise TreeError(f"{path.name}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
        return cls.from_dict(data, path.name)

    def to_dict(self) -> dict:
        """The JSON structure :meth:`from_dict` reads back."""
        def node(n: str, move: Any = None, p: float | None = None) -> dict:
            d: dict = {"id": n}
            if move is not None and move != n:
                d["move"] = move
            if p is not None:
                d["p"] = p
            if n in self._labels:
                d["label"] = self._labels[n]
            if n in self._values:
                v = self._values[n]
                d["value"] = v if math.isfinite(v) else ("inf" if v > 0 else "-inf")
            else:
                d["kind"] = self._kind[n]
                ps = self._probs.get(n, (None,) * len(self._children[n]))
                d["children"] = [node(c, m, q) for (m, c), q in zip(self._children[n], ps)]
            return d
        out: dict = {}
        if self.title:
            out["title"] = self.title
        if self.source:
            out["source"] = self.source
        if self.facts is not None:
            out["facts"] = self.facts
        out["root"] = node(self.initial_state)
        return out

    def save(self, path: str | Path, overwrite: bool = False) -> Path:
        """Write the tree as JSON; an existing file is kept unless ``overwrite=True``."""
        path = Path(path)
        if path.exists() and not overwrite:
            raise FileExistsError(f"{path} exists; pass overwrite=True to replace it")
        path.write_text(json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        return path


def shipped_trees() -> list[str]:
    """The names of the trees shipped with abcore, for :meth:`GameTree.load`.

    >>> shipped_trees()
    ['seed000_vert_rouge', 'seed002_a_to_g', 'seed004_a_to_j']
    """
    folder = resources.files("abcore") / "data" / "trees"
    return sorted(f.name[:-5] for f in folder.iterdir() if f.name.endswith(".json"))


def _shipped_or_file(path: str | Path) -> Path:
    """A file path as given, or the shipped tree of that bare name (no folder, no suffix)."""
    p = Path(path)
    if isinstance(path, Path) or p.suffix or len(p.parts) != 1 or p.exists():
        return p
    if str(path) not in shipped_trees():
        raise TreeError(f"no tree file {str(path)!r} and no shipped tree of that name: give a "
                        f"path to a .json file, or one of {shipped_trees()}")
    return Path(str(resources.files("abcore") / "data" / "trees" / f"{path}.json"))


def _prob(p: Any, where: str) -> float:
    if isinstance(p, bool) or not isinstance(p, (int, float)) or math.isnan(p):
        raise TreeError(f"{where}: the probability {p!r} is not a number")
    if p < 0:
        raise TreeError(f"{where}: the probability {p} is negative; probabilities are >= 0")
    return p


def _check_sum(ps: Iterable[float], where: str) -> None:
    total = math.fsum(ps)
    if abs(total - 1) > 1e-9:
        raise TreeError(f"{where}: the probabilities of the chance node's children sum to {total:g}, "
                        "not 1; fix the \"p\" values")


# --- seeded random trees ------------------------------------------------------------------------

def random_uniform(b: int, d: int, seed: int = 0, *, low: int = -5, high: int = 5,
                   distinct: bool = False, first: str = "max") -> GameTree:
    """A uniform tree: every internal node has ``b`` children, every leaf is at depth ``d``.

    Leaves are integers in [low, high] (small range: many ties), or with ``distinct=True`` a
    random permutation of 0 .. b**d - 1 (no ties, as Knuth and Moore's count assumes).

    >>> t = random_uniform(2, 3, seed=1)
    >>> len(t.leaves), t.height
    (8, 3)
    """
    if b < 1 or d < 0:
        raise ValueError(f"need b >= 1 and d >= 0; got b={b}, d={d}")
    rng = random.Random(seed)
    n = b ** d
    leaves = rng.sample(range(n), n) if distinct else [rng.randint(low, high) for _ in range(n)]
    it = iter(leaves)

    def build(level: int) -> Any:
        return next(it) if level == d else [build(level + 1) for _ in range(b)]
    return GameTree.from_nested(build(0), first=first)


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
        raise ValueError(f"need b >= 1 and d >= 0; got b={b}, d={d}")

    def ranks(level: int, kind: str) -> list:
        if level == d:
            return [0]
        sub = ranks(level + 1, _OTHER[kind])
        n = b ** (d - level - 1)
        blocks = [[v + k * n for v in sub] for k in range(b)]      # block k in [k*n, (k+1)*n)
        return [v for blk in (blocks if kind == "max" else blocks[::-1]) for v in blk]

    it = iter(ranks(0, first))

    def build(level: int) -> Any:
        return next(it) if level == d else [build(level + 1) for _ in range(b)]
    return GameTree.from_nested(build(0), first=first)


def random_tree(seed: int = 0, *, max_depth: int = 4, max_branching: int = 3, leaf_chance: float = 0.2,
                low: int = -3, high: int = 3, chance_nodes: float = 0.0, infinite: float = 0.0,
                first: str = "max") -> GameTree:
    """An irregular tree: 1 to ``max_branching`` children, leaves at any depth, frequent ties.

    ``chance_nodes`` is the probability that an internal node is a chance node (with random
    probabilities summing to 1); ``infinite`` the probability that a leaf is +inf or -inf.
    """
    rng = random.Random(seed)

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
    return GameTree.from_nested(build(0), first=first)


def tree_values(tree: GameTree) -> dict:
    """The exact (expecti)minimax value of every node, for MAX."""
    vals: dict = {}
    for n in reversed(tree.nodes):          # children before parents
        k = tree.kind(n)
        if k == "leaf":
            vals[n] = tree.value(n)
        elif k == "chance":
            terms = [p * vals[c] for p, c in tree.outcomes(n) if p]
            if math.inf in terms and -math.inf in terms:
                raise ValueError(f"chance node {n!r} has outcomes worth +inf and -inf: "
                                 "its expected value is undefined")
            exact = all(isinstance(t, numbers.Rational) for t in terms)
            vals[n] = sum(terms) if exact else math.fsum(terms)     # Fractions stay exact
        else:
            vs = [vals[c] for c in tree.children(n)]
            vals[n] = max(vs) if k == "max" else min(vs)
    return vals


def reorder(tree: GameTree, how: str = "best") -> GameTree:
    """The same tree with every node's moves sorted best-first (``"best"``: perfect ordering for
    alpha-beta) or worst-first (``"worst"``) for the player to move there.

    >>> t = reorder(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "best")
    >>> [t.value(leaf) for leaf in t.leaves]
    [3, 8, 12, 2, 4, 6, 2, 5, 14]
    """
    if how not in ("best", "worst"):
        raise ValueError(f"how must be 'best' or 'worst', not {how!r}")
    vals = tree_values(tree)
    children = {}
    probs = {}
    for n, arcs in tree._children.items():
        k = tree.kind(n)
        if k == "chance":
            pairs = sorted(zip(arcs, tree._probs[n]), key=lambda x: vals[x[0][1]], reverse=True)
            children[n] = tuple(a for a, _ in pairs)
            probs[n] = tuple(p for _, p in pairs)
            continue
        descending = (k == "max") == (how == "best")
        children[n] = tuple(sorted(arcs, key=lambda a: vals[a[1]], reverse=descending))
    return GameTree(tree.initial_state, dict(tree._kind), children, dict(tree._values), probs=probs,
                    labels=dict(tree._labels), title=tree.title, source=tree.source, facts=tree.facts,
                    states=tree.states)
