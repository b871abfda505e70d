def failhard_value(tree, node, alpha=-INF, beta=INF):
    """Fail-hard alpha-beta value of `node` for MAX: always within [alpha, beta]."""
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    if kind == "max":
        for c in tree.children(node):
            alpha = max(alpha, failhard_value(tree, c, alpha, beta))
            if alpha > beta:
                return beta
        return alpha
    for c in tree.children(node):
        beta = min(beta, failhard_value(tree, c, alpha, beta))
        if alpha > beta:
            return alpha
    return beta

