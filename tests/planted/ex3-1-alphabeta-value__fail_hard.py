def alphabeta_value(tree, node, alpha=-INF, beta=INF):
    """Fail-soft alpha-beta value of `node` for MAX, within the window (alpha, beta)."""
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
    if kind == "max":
        for child in tree.children(node):
            alpha = max(alpha, alphabeta_value(tree, child, alpha, beta))
            if alpha >= beta:
                return beta
        return alpha
    for child in tree.children(node):
        beta = min(beta, alphabeta_value(tree, child, alpha, beta))
        if beta <= alpha:
            return alpha
    return beta
