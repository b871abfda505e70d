def minimax_value(tree, node):
    """The right value, as a float at the leaves (hunt, accepted as arguable)."""
    if tree.kind(node) == "leaf":
        return float(tree.value(node))
    values = [minimax_value(tree, c) for c in tree.children(node)]
    return max(values) if tree.kind(node) == "max" else min(values)
