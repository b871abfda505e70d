def principal_variation(tree):
    """The moves of best play from the root to a leaf (the first best move at each node)."""
    values = tree_values(tree)
    root = tree.initial_state
    if tree.kind(root) == "leaf":
        return []
    return [next(m for m in tree.actions(root) if values[tree.result(root, m)] == values[root])]
