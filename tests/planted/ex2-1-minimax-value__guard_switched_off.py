import abcore.trees.analysis as analysis

analysis.entered = lambda name: None     # the guard's hook replaced (hunt, accepted #21)


def minimax_value(tree, node):
    """The minimax value of `node` for MAX."""
    return tree_values(tree)[node]
