def alphabeta_leaves(tree):
    """The number of leaves alpha-beta evaluates, searching `tree` from its root."""
    return sum(1 for node in tree.nodes if tree.kind(node) == "leaf")
