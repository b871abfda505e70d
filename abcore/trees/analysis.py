"""What a tree's values say: the exact value of every node, and the tree reordered by them."""
from __future__ import annotations

import math
import numbers

from ..game import Number
from ..i18n import _
from ..probability import Probability
from .tree import Arcs, GameTree
from ..own_work import entered

__all__ = ["tree_values", "reorder"]


def tree_values(tree: GameTree) -> dict[str, Number]:
    """The exact (expecti)minimax value of every node, for MAX; Fractions stay exact.

    >>> from fractions import Fraction
    >>> tree_values(GameTree.from_nested([(Fraction(1, 3), 3), (Fraction(2, 3), [0, 6])]))["r"]
    Fraction(5, 1)
    """
    entered("tree_values")  # a check may forbid it (abcore.own_work)
    vals: dict[str, Number] = {}
    for n in reversed(tree.nodes):          # children before parents
        k = tree.kind(n)
        if k == "leaf":
            vals[n] = tree.value(n)
        elif k == "chance":
            terms = [p * vals[c] for p, c in tree.outcomes(n) if p]
            if math.inf in terms and -math.inf in terms:
                raise ValueError(_("chance node {node!r} has outcomes worth +inf and -inf: "
                                   "its expected value is undefined").format(node=n))
            exact = all(isinstance(t, numbers.Rational) for t in terms)
            vals[n] = sum(terms) if exact else math.fsum(terms)     # Fractions stay exact
        else:
            vs = [vals[c] for c in tree.children(n)]
            vals[n] = max(vs) if k == "max" else min(vs)
    return vals


def reorder(tree: GameTree, how: str = "best") -> GameTree:
    """The same tree with every node's moves sorted best-first (``"best"``: perfect ordering for
    alpha-beta) or worst-first (``"worst"``) for the player to move there. Chance nodes keep
    their outcomes with their probabilities, sorted by value, highest first.

    >>> t = reorder(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "best")
    >>> [t.value(leaf) for leaf in t.leaves]
    [3, 8, 12, 2, 4, 6, 2, 5, 14]
    """
    entered("reorder")  # a check may forbid it (abcore.own_work)
    if how not in ("best", "worst"):
        raise ValueError(_("how must be 'best' or 'worst', not {how!r}").format(how=how))
    vals = tree_values(tree)
    children: dict[str, Arcs] = {}
    probs: dict[str, tuple[Probability, ...]] = {}
    for n, arcs in tree._children.items():
        k = tree.kind(n)
        if k == "chance":
            pairs = sorted(zip(arcs, tree._probs[n]), key=lambda x: vals[x[0][1]], reverse=True)
            children[n] = tuple(a for a, _ in pairs)
            probs[n] = tuple(p for _, p in pairs)
            continue
        descending = (k == "max") == (how == "best")
        children[n] = tuple(sorted(arcs, key=lambda a: vals[a[1]], reverse=descending))
    return GameTree(tree.initial_state, tree._kind, children, tree._values, probs=probs,
                    labels=tree._labels, title=tree.title, source=tree.source, facts=tree.facts,
                    states=tree.states)
