def principal_variation(tree):
    """The moves of best play from the root to a leaf (the first best move at each node)."""
    node, line = tree.initial_state, []
    while not tree.is_terminal(node):
        line.append(minimax(tree, node).move)
        node = tree.result(node, line[-1])
    return line
