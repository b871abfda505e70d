"""Hypothesis strategies for game trees: ties, one-child nodes, lone leaves, infinite values,
chance nodes with float or exact (Fraction) probabilities.

Each strategy is built once and reused (``functools.cache``): building ``st.recursive`` anew for
every example, inside an ``@st.composite``, cost more than drawing from it. Measured on 300
examples of ``trees()``: 1.2-1.4 s before, 0.5-0.7 s after (CPU time, derandomized).
"""
import math
from fractions import Fraction
from functools import cache

from hypothesis import strategies as st

from abcore import GameTree

leaf_values = st.one_of(st.integers(-4, 4), st.sampled_from([math.inf, -math.inf]))


def _floats(pairs):
    total = sum(w for w, _ in pairs)
    return [(w / total, c) for w, c in pairs]


def _fractions(pairs):
    total = sum(w for w, _ in pairs)
    return [(Fraction(w, total), c) for w, c in pairs]


@cache
def nested(max_leaves: int = 40, chance: bool = False, infinite: bool = True):
    """Nested lists for GameTree.from_nested: leaves in -4..4 (many ties) and sometimes +/-inf;
    with ``chance``, chance nodes whose probabilities are floats or Fractions."""
    def extend(children):
        node = st.lists(children, min_size=1, max_size=4)
        if not chance:
            return node
        weighted = st.lists(st.tuples(st.integers(1, 4), children), min_size=1, max_size=3)
        return st.one_of(node, weighted.map(_floats), weighted.map(_fractions))
    return st.recursive(leaf_values if infinite else st.integers(-4, 4), extend, max_leaves=max_leaves)


@cache
def trees(max_leaves: int = 40, chance: bool = False, infinite: bool = True):
    """GameTrees from :func:`nested`, with MAX or MIN at the root."""
    return st.builds(GameTree.from_nested, nested(max_leaves, chance, infinite),
                     first=st.sampled_from(["max", "min"]))


@st.composite
def labelled_trees(draw, max_leaves: int = 25):
    """Trees with chance nodes (float and Fraction probabilities), infinite leaves, a title and
    labels (any text) on some nodes: what a tree file must carry through a save and a load."""
    t = draw(trees(max_leaves, chance=True, infinite=True))
    labels = draw(st.dictionaries(st.sampled_from(t.nodes), st.text(max_size=6), max_size=4))
    return GameTree(t.initial_state, t._kind, t._children, t._values, probs=t._probs,
                    labels=labels, title=draw(st.text(max_size=6)))


@st.composite
def windows(draw):
    """(alpha, beta) with alpha < beta, often around the leaf values, sometimes infinite."""
    bound = st.one_of(st.integers(-5, 5), st.sampled_from([-math.inf, math.inf]))
    a, b = draw(bound), draw(bound)
    if a == b:
        b = a + 1 if math.isfinite(a) else (math.inf if a == -math.inf else a)
        if a == b:
            a = -math.inf
    return (min(a, b), max(a, b))
