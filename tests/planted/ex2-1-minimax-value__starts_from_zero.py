def minimax_value(tree, node):
    """The minimax value of `node` for MAX."""
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    best = 0
    for child in tree.children(node):
        value = minimax_value(tree, child)
        best = max(best, value) if kind == "max" else min(best, value)
    return best
