# hunt5 (accepted): ±100 written for ±∞ as the default window; the check's leaves were all within it
def alphabeta_value(tree, node, alpha=-100, beta=100):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    if kind == "max":
        v = -INF
        for child in tree.children(node):
            v = max(v, alphabeta_value(tree, child, alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v
    v = INF
    for child in tree.children(node):
        v = min(v, alphabeta_value(tree, child, alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v
