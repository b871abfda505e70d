__name__ = "abcore.mine"        # the guard once trusted the caller's module name (hunt, accepted #20)


def minimax_value(tree, node):
    """The minimax value of `node` for MAX."""
    return tree_values(tree)[node]
