def expectimax_value(tree, node):
    "The expectimax value of node, for MAX."
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    values = [expectimax_value(tree, child) for child in tree.children(node)]
    if kind == "chance":
        return sum(values) / len(values)
    return max(values) if kind == "max" else min(values)
