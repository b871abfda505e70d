def minimax_value(tree, node):
    """The minimax value of `node` for MAX."""
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    values = [minimax_value(tree, child) for child in tree.children(node)]
    return min(values) if kind == "max" else max(values)
