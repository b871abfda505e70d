def best_moves(tree):
    """The root moves that keep the root's minimax value."""
    values = tree_values(tree)
    root = tree.initial_state
    children = [values[tree.result(root, m)] for m in tree.actions(root)]
    return tuple(m for m, v in zip(tree.actions(root), children) if v == max(children))
