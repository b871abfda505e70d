def failhard_value(tree, node, alpha=-INF, beta=INF):
    """Fail-hard alpha-beta value of `node` for MAX: always within [alpha, beta]."""
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        for child in tree.children(node):
            alpha = max(alpha, failhard_value(tree, child, alpha, beta))
            if alpha >= beta:
                return beta
        return alpha
    for child in tree.children(node):
        beta = min(beta, failhard_value(tree, child, alpha, beta))
        if alpha >= beta:
            return alpha
    return beta
