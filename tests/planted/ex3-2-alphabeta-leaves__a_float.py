def alphabeta_leaves(tree):
    """The right count, as a float (frreader6 d1: it was told fail-soft returns the bound at a cut)."""
    count = 0

    def search(node, alpha, beta):
        nonlocal count
        if tree.kind(node) == "leaf":
            count += 1
            return tree.value(node)
        if tree.kind(node) == "max":
            v = float("-inf")
            for child in tree.children(node):
                v = max(v, search(child, alpha, beta))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v
        v = float("inf")
        for child in tree.children(node):
            v = min(v, search(child, alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    search(tree.initial_state, float("-inf"), float("inf"))
    return float(count)
