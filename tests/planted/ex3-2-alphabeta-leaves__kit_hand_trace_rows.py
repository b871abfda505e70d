from abcore.exercises.slips import hand_trace


def alphabeta_leaves(tree):
    """The kit's hand trace, its leaf rows counted (hunt3, accepted #1)."""
    leaves = {tree.label(n) for n in tree.leaves}
    return sum(1 for r in hand_trace(tree) if r.node in leaves)
