def failhard_value(tree, node, alpha=-INF, beta=INF):
    """No β-cut at MAX nodes, the α-cut at MIN is there (hunt3: was told "no cut-off (every child
    searched)")."""
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    if kind == "max":
        for child in tree.children(node):
            alpha = max(alpha, failhard_value(tree, child, alpha, beta))
        return alpha
    for child in tree.children(node):
        beta = min(beta, failhard_value(tree, child, alpha, beta))
        if alpha >= beta:
            return alpha
    return beta
