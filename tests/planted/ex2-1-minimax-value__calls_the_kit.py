def minimax_value(tree, node):
    """The minimax value of `node` for MAX."""
    return tree_values(tree)[node]
