def best_moves(tree):
    """The root moves that keep the root's minimax value."""
    values = tree_values(tree)
    root = tree.initial_state
    return tuple(i for i, c in enumerate(tree.children(root)) if values[c] == values[root])
