def principal_variation(tree):
    """The moves of best play from the root to a leaf (the first best move at each node)."""
    values = tree_values(tree)
    node, line = tree.initial_state, []
    if tree.kind(node) == "leaf":
        return None
    while tree.kind(node) != "leaf":
        move = next(m for m in tree.actions(node) if values[tree.result(node, m)] == values[node])
        line.append(move)
        node = tree.result(node, move)
    return line
