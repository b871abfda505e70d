"""Explicit game trees: a :class:`GameTree` is a Game whose states are the nodes of a tree.

So every algorithm runs unchanged on the seeds' worked examples, on random trees and on real
games. One idea per module:

- :mod:`.tree`: the :class:`GameTree` itself (the Game protocol, and reading a node);
- :mod:`.build`: trees from nested lists, from a game, and seeded generators;
- :mod:`.files`: the JSON format (``abcore/data/trees/README.md``), checked node by node, and the
  trees shipped with abcore, loaded by name;
- :mod:`.analysis`: exact values of every node, and the tree reordered best- or worst-first.
"""
from .analysis import reorder, tree_values
from .build import from_game, from_nested, random_tree, random_uniform, unprunable
from .files import from_dict, load, save, shipped_trees, to_dict
from .tree import KINDS, GameTree, TreeError

__all__ = ["GameTree", "TreeError", "KINDS", "shipped_trees", "random_uniform", "random_tree",
           "unprunable", "reorder", "tree_values", "from_nested", "from_game", "from_dict",
           "to_dict", "load", "save"]
