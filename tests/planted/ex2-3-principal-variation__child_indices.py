def principal_variation(tree):
    """The moves of best play from the root to a leaf (the first best move at each node)."""
    values = tree_values(tree)
    node, line = tree.initial_state, []
    while tree.kind(node) != "leaf":
        i, node = next((i, c) for i, c in enumerate(tree.children(node)) if values[c] == values[node])
        line.append(i)
    return line
