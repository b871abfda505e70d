def alphabeta_leaves(tree):
    """The number of leaves alpha-beta evaluates, searching `tree` from its root."""
    return alphabeta(tree, tree.initial_state).stats.leaves
