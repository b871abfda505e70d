def principal_variation(tree):
    """The moves of best play from the root to a leaf (the first best move at each node)."""
    best_leaf = max(tree.leaves, key=tree.value)
    line, node = [], best_leaf
    while tree.parent(node) is not None:
        parent = tree.parent(node)
        line.append(next(m for m in tree.actions(parent) if tree.result(parent, m) == node))
        node = parent
    return line[::-1]
