def best_moves(tree):
    """The root moves that keep the root's minimax value."""
    values = tree_values(tree)
    root = tree.initial_state
    return [m for m in tree.actions(root) if values[tree.result(root, m)] == values[root]]
