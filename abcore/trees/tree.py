"""The :class:`GameTree`: an explicit tree that is a Game, so every search runs on it."""
from __future__ import annotations

import math
import re
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Hashable, Mapping, Sequence

from ..errors import AbcoreError
from ..game import Game, IllegalMoveError, Number
from ..i18n import N_, _
from ..probability import Probability, check_probabilities
from ..own_work import entered

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["GameTree", "TreeError", "KINDS", "Move", "Arcs", "leaf_value", "tree_probabilities"]

KINDS = ("max", "min", "chance")
OTHER = {"max": "min", "min": "max"}
Move = Hashable                              # the label of an arc: a child index, a game's move
Arcs = tuple[tuple[Move, str], ...]          # a node's (move, child id) pairs, in order
_INF = {"inf": math.inf, "+inf": math.inf, "infinity": math.inf, "+infinity": math.inf,
        "-inf": -math.inf, "-infinity": -math.inf}
RATIO = re.compile(r"\s*-?\d+\s*/\s*\d+\s*")


# The far side of GameTree's building and file doors (from_nested, from_game, from_dict, load,
# to_dict, save): .build and .files put their functions here when abcore.trees is imported (its
# __init__ imports both). They import this module; this module imports neither, so the three
# make no import circle.
DOORS: dict[str, Callable[..., Any]] = {}

class TreeError(AbcoreError, ValueError):
    """A malformed tree; the message names the node (its path from the root) and the fix."""


def leaf_value(v: object, where: str) -> Number:
    """A leaf's value: an int, a float, a Fraction, or a string ``"inf"``, ``"-inf"``, ``"p/q"``.

    >>> leaf_value("-inf", "node r"), leaf_value("2/6", "node r"), leaf_value(3, "node r")
    (-inf, Fraction(1, 3), 3)
    >>> leaf_value("three", "node r")
    Traceback (most recent call last):
    ...
    abcore.trees.tree.TreeError: node r: the value 'three' is not a number (use a number, "inf" / "-inf", or a fraction such as "1/3")
    """
    if isinstance(v, str):
        if v.strip().lower() in _INF:
            return _INF[v.strip().lower()]
        if RATIO.fullmatch(v) and int(v.split("/")[1]) != 0:
            return Fraction(v.replace(" ", ""))
    elif isinstance(v, (int, float, Fraction)) and not isinstance(v, bool) and not (
            isinstance(v, float) and math.isnan(v)):
        return v
    raise TreeError(_("{where}: the value {v!r} is not a number (use a number, \"inf\" / \"-inf\", "
                      "or a fraction such as \"1/3\")").format(where=where, v=v))


def tree_probabilities(ps: Sequence[object], where: str, children: Sequence[str]) -> tuple[Probability, ...]:
    """A chance node's probabilities, checked by :func:`abcore.probability.check_probabilities`;
    an error is a :class:`TreeError` naming the child and asking to fix the ``"p"`` values."""
    return check_probabilities(ps, where, names=children, fix=N_('fix the "p" values'), error=TreeError)


class GameTree(Game[str, Move, str]):
    """A game tree given explicitly. States are node ids; moves are the labels of the arcs.

    Players are ``"max"`` and ``"min"``; a leaf's value is its utility for MAX (and minus that for
    MIN). A leaf's ``to_move`` is the player after its nearest decision ancestor, so that negamax
    can score it from the side to move. Build one with :meth:`from_nested`, :meth:`from_game`,
    :meth:`from_dict` or :meth:`load` rather than with the constructor.

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

    def __init__(self, root: str, kind: Mapping[str, str], children: Mapping[str, Arcs],
                 values: Mapping[str, Number], *, probs: Mapping[str, tuple[Probability, ...]] | None = None,
                 labels: Mapping[str, str] | None = None, title: str = "", source: str = "",
                 facts: Any = None, states: Mapping[str, Any] | None = None):
        self.initial_state = root
        self._kind = dict(kind)                  # id -> 'max' | 'min' | 'chance' (internal nodes)
        self._children = dict(children)          # id -> ((move, child id), ...)
        self._values = dict(values)              # id -> value for MAX (leaves)
        self._probs = dict(probs or {})          # chance id -> (p, ...) parallel to children
        self._labels = dict(labels or {})
        self.states: dict[str, Any] = dict(states or {})   # id -> game state (from_game trees)
        self._child = {n: dict(cs) for n, cs in children.items()}
        self._moves = {n: tuple(m for m, _ in cs) for n, cs in children.items()}
        self._parent = {c: n for n, cs in children.items() for _, c in cs}
        self._player: dict[str, str] = {}
        self._depth: dict[str, int] = {}
        stack = [(root, "min", 0)]   # the player "before" the root, so a leaf root is MAX's
        while stack:
            n, before, d = stack.pop()
            k = self._kind.get(n)
            self._player[n] = k if k in ("max", "min") else ("chance" if k else OTHER[before])
            self._depth[n] = d
            nxt = k if k in ("max", "min") else before
            stack.extend((c, nxt, d + 1) for _, c in self._children.get(n, ()))
        self.title, self.source, self.facts = title, source, facts

    # --- the Game protocol -------------------------------------------------------------------
    def to_move(self, state: str) -> str:
        return self._player[state]

    def actions(self, state: str) -> tuple[Move, ...]:
        return self._moves.get(state, ())

    def result(self, state: str, action: Move) -> str:
        try:
            return self._child[state][action]
        except KeyError:
            raise IllegalMoveError(action, self.actions(state), state) from None

    def is_terminal(self, state: str) -> bool:
        return state in self._values

    def utility(self, state: str, player: str) -> Number:
        v = self._values[state]
        return v if player == "max" else -v

    def is_chance(self, state: str) -> bool:
        return self._kind.get(state) == "chance"

    def outcomes(self, state: str) -> tuple[tuple[Probability, str], ...]:
        if state not in self._probs:
            raise ValueError(_("node {node!r} is not a chance node; it has no outcomes").format(node=state))
        return tuple((p, c) for p, (_, c) in zip(self._probs[state], self._children[state]))

    @property
    def utility_range(self) -> tuple[float, float]:
        """``(-m, m)``, m the largest absolute leaf value: a bound on the utility for both
        players (read by the MCTS solver).

        >>> GameTree.from_nested([[3, -12], [8]]).utility_range
        (-12.0, 12.0)
        """
        m = max((abs(float(v)) for v in self._values.values()), default=0.0)
        return (-m, m)

    # --- reading the tree --------------------------------------------------------------------
    def kind(self, node: str) -> str:
        """'max', 'min', 'chance' or 'leaf'."""
        return self._kind.get(node, "leaf")

    def value(self, node: str) -> Number:
        """A leaf's value for MAX."""
        return self._values[node]

    def label(self, node: str) -> str:
        """The text drawn on the node: its label if it was given one, else its id."""
        return self._labels.get(node, node)

    def children(self, node: str) -> tuple[str, ...]:
        return tuple(c for _, c in self._children.get(node, ()))

    def parent(self, node: str) -> str | None:
        return self._parent.get(node)

    def probability(self, node: str) -> Probability | None:
        """The probability of the arc into ``node`` when its parent is a chance node."""
        p = self._parent.get(node)
        if p is None or p not in self._probs:
            return None
        return self._probs[p][self.children(p).index(node)]

    def depth_of(self, node: str) -> int:
        return self._depth[node]

    @property
    def nodes(self) -> tuple[str, ...]:
        """Every node id, depth-first, children in order."""
        out, stack = [], [self.initial_state]
        while stack:
            n = stack.pop()
            out.append(n)
            stack.extend(reversed(self.children(n)))
        return tuple(out)

    @property
    def leaves(self) -> tuple[str, ...]:
        return tuple(n for n in self.nodes if n in self._values)

    @property
    def height(self) -> int:
        return max(self._depth.values())

    def __len__(self) -> int:
        return len(self._depth)

    def __repr__(self) -> str:
        name = f" {self.title!r}" if self.title else ""
        return f"<GameTree{name}: {len(self)} nodes, {len(self._values)} leaves>"

    # --- building and files: thin doors to .build and .files, through DOORS ------------------
    @classmethod
    def from_nested(cls, nested: Any, first: str = "max", **meta: Any) -> GameTree:
        """A tree from nested lists: see :func:`abcore.trees.build.from_nested`.

        >>> GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).kind('r.2')
        'min'
        """
        done: GameTree = DOORS["from_nested"](nested, first, **meta)
        return done

    @classmethod
    def from_game(cls, game: Game[Any, Any, Any], state: Any = None, *, depth: int | None = None,
                  evaluate: Callable[[Any, Any], Number] | None = None, max_nodes: int = 5000,
                  title: str = "") -> GameTree:
        """The tree of ``game`` below ``state``: see :func:`abcore.trees.build.from_game`.

        >>> from abcore.games import Nim
        >>> len(GameTree.from_game(Nim(4)))
        15
        """
        entered("from_game")  # a check may forbid it (abcore.own_work)
        done: GameTree = DOORS["from_game"](game, state, depth=depth, evaluate=evaluate, max_nodes=max_nodes, title=title)
        return done

    @classmethod
    def from_dict(cls, data: Any, name: str = "tree") -> GameTree:
        """A tree from its JSON structure, checked node by node: see :func:`abcore.trees.files.from_dict`."""
        done: GameTree = DOORS["from_dict"](data, name)
        return done

    @classmethod
    def load(cls, path: str | Path) -> GameTree:
        """Read a tree file, or a shipped tree by name: see :func:`abcore.trees.files.load`.

        >>> GameTree.load("seed004_a_to_j").label("A")
        'A'
        """
        done: GameTree = DOORS["load"](path)
        return done

    def to_dict(self) -> dict[str, Any]:
        """The JSON structure :meth:`from_dict` reads back: see :func:`abcore.trees.files.to_dict`."""
        done: dict[str, Any] = DOORS["to_dict"](self)
        return done

    def save(self, path: str | Path, overwrite: bool = False) -> Path:
        """Write the tree as JSON; an existing file is kept unless ``overwrite=True``."""
        done: Path = DOORS["save"](self, path, overwrite)
        return done
