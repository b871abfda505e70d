# hunt4: MIN's children searched with beta = +inf; was told 'wrong bound after the loop; no beta-cut at MAX'
def failhard_value(tree, node, alpha=-INF, beta=INF):
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
        beta = min(beta, failhard_value(tree, child, alpha, INF))
        if alpha >= beta:
            return alpha
    return beta
