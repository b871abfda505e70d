"""The trees the function checks run on: :func:`random_cases` (seeded, smallest first) and
:func:`nested`, a tree as nested lists to print or rebuild. The checks and the diagnosis both use
them."""
from __future__ import annotations

from typing import Any

from .build import random_tree
from .tree import GameTree

__all__ = ["random_cases", "nested", "RandomCases"]


class RandomCases(list):
    """What :func:`random_cases` returns: a check on it says "random trees", on other trees "the
    course's"."""


def random_cases(n: int = 200, seed: int = 0, *, chance: bool = False, infinite: bool | None = None,
                 max_depth: int = 4, max_branching: int = 3) -> list:
    """``n`` seeded random trees for a check, smallest first: a lone leaf (depth 0), one-child
    chains, ties (values in -3..3), chance nodes when ``chance``, and +/-inf leaves when
    ``infinite`` (by default only without chance: a chance node between +inf and -inf has no
    expected value).

    >>> cases = random_cases(50)
    >>> len(cases), len(cases[0])            # the smallest is a lone leaf
    (50, 1)
    """
    if infinite is None:
        infinite = not chance
    trees = [GameTree.from_nested(0), GameTree.from_nested([[1]]), GameTree.from_nested([[2, 2], [2]])]
    k = 0
    while len(trees) < n:
        trees.append(random_tree(seed * 100_003 + k, max_depth=max_depth, max_branching=max_branching,
                                 leaf_chance=0.25, infinite=0.1 if infinite else 0.0,
                                 chance_nodes=0.3 if chance else 0.0,
                                 first="max" if k % 3 else "min"))
        k += 1
    return RandomCases(sorted(trees[:n], key=len))


def nested(tree: GameTree, node: Any = None) -> Any:
    """The tree as nested lists (chance outcomes as (p, subtree) tuples), to print or rebuild.

    >>> nested(GameTree.from_nested([[3, 12], [2]], first="min"))
    [[3, 12], [2]]
    """
    node = tree.initial_state if node is None else node
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "chance":
        return [(p, nested(tree, c)) for p, c in tree.outcomes(node)]
    return [nested(tree, c) for c in tree.children(node)]
