def alphabeta_value(tree, node, alpha=-INF, beta=INF):
    """Fail-soft alpha-beta value of `node` for MAX, within the window (alpha, beta)."""
    # seed 001's MaxValue / MinValue: fail-hard (α or β returned), the leaves not clamped
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        for child in tree.children(node):
            alpha = max(alpha, alphabeta_value(tree, child, alpha, beta))
            if alpha >= beta:
                return beta
        return alpha
    for child in tree.children(node):
        beta = min(beta, alphabeta_value(tree, child, alpha, beta))
        if alpha >= beta:
            return alpha
    return beta
