"""Hypothesis strategies for game trees: ties, one-child nodes, lone leaves, infinite values."""
import math

from hypothesis import strategies as st

from abcore import GameTree

leaf_values = st.one_of(st.integers(-4, 4), st.sampled_from([math.inf, -math.inf]))


def nested(max_leaves: int = 40, chance: bool = False, infinite: bool = True):
    """Nested lists for GameTree.from_nested: leaves in -4..4 (many ties) and sometimes +/-inf."""
    def extend(children):
        node = st.lists(children, min_size=1, max_size=4)
        if not chance:
            return node
        weights = st.lists(st.tuples(st.integers(1, 4), children), min_size=1, max_size=3).map(
            lambda pairs: [(w / sum(x for x, _ in pairs), c) for w, c in pairs])
        return st.one_of(node, weights)
    return st.recursive(leaf_values if infinite else st.integers(-4, 4), extend, max_leaves=max_leaves)


@st.composite
def trees(draw, max_leaves: int = 40, chance: bool = False, infinite: bool = True):
    return GameTree.from_nested(draw(nested(max_leaves, chance, infinite)),
                                first=draw(st.sampled_from(["max", "min"])))


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
