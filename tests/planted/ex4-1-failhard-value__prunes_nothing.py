def failhard_value(tree, node, alpha=-INF, beta=INF):
    """Fail-hard alpha-beta value of `node` for MAX: always within [alpha, beta]."""
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    if kind == "max":
        for child in tree.children(node):
            alpha = max(alpha, failhard_value(tree, child, alpha, beta))
        return min(alpha, beta)
    for child in tree.children(node):
        beta = min(beta, failhard_value(tree, child, alpha, beta))
    return max(alpha, beta)
