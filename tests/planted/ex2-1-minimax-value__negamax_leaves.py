def minimax_value(tree, node):
    """The minimax value of `node` for MAX."""
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node) if tree.to_move(node) == "max" else -tree.value(node)
    values = [minimax_value(tree, child) for child in tree.children(node)]
    return max(values) if kind == "max" else min(values)
