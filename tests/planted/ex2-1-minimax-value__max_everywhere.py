def minimax_value(tree, node):
    """The minimax value of `node` for MAX."""
    if tree.kind(node) == "leaf":
        return tree.value(node)
    return max(minimax_value(tree, child) for child in tree.children(node))
