def alphabeta_value(tree, node, alpha=-INF, beta=INF):
    """Fail-soft alpha-beta value of `node` for MAX, within the window (alpha, beta)."""
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        for child in tree.children(node):
            v = alphabeta_value(tree, child, alpha, beta)
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return alpha
    for child in tree.children(node):
        v = alphabeta_value(tree, child, alpha, beta)
        if v <= alpha:
            return v
        beta = min(beta, v)
    return beta
