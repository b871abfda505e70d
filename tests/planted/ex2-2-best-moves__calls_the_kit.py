def best_moves(tree):
    """The root moves that keep the root's minimax value."""
    return minimax(tree, tree.initial_state).moves
