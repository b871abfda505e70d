# hunt4 (accepted): the default window (-1000, 1000), not (-inf, +inf): the checks always gave a window
def failhard_value(tree, node, alpha=-1000, beta=1000):
    kind = tree.kind(node)
    if kind == "leaf":
        return min(max(tree.value(node), alpha), beta)
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
