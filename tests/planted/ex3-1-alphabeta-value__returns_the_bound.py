def alphabeta_value(tree, node, alpha=-INF, beta=INF):
    """Fail-soft alpha-beta value of `node` for MAX, within the window (alpha, beta)."""
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for child in tree.children(node):
            v = max(v, alphabeta_value(tree, child, alpha, beta))
            if v >= beta:
                return beta
            alpha = max(alpha, v)
        return v
    v = INF
    for child in tree.children(node):
        v = min(v, alphabeta_value(tree, child, alpha, beta))
        if v <= alpha:
            return alpha
        beta = min(beta, v)
    return v
