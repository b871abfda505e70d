def alphabeta_leaves(tree):
    """The number of leaves alpha-beta evaluates, searching `tree` from its root."""
    count = 0

    def search(node, alpha, beta):
        nonlocal count
        kind = tree.kind(node)
        if kind == "leaf":
            count += 1
            return tree.value(node)
        v = -INF if kind == "max" else INF
        for child in tree.children(node):
            w = search(child, alpha, beta)
            if kind == "max":
                v = max(v, w)
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, w)
                beta = min(beta, v)
        return v

    search(tree.initial_state, -INF, INF)
    return count
