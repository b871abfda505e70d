def expectimax_value(tree, node):
    "The expectimax value of node, for MAX."
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "chance":
        outcomes = tree.outcomes(node)
        return sum(p * expectimax_value(tree, child) for p, child in outcomes) / len(outcomes)
    values = [expectimax_value(tree, child) for child in tree.children(node)]
    return max(values) if kind == "max" else min(values)
