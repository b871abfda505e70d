LEAVES = 0


def alphabeta_leaves(tree):
    """A module-level counter, never reset between calls (hunt, misnamed #4)."""
    global LEAVES

    def value(node, alpha, beta):
        global LEAVES
        if tree.kind(node) == "leaf":
            LEAVES += 1
            return tree.value(node)
        v = -INF if tree.kind(node) == "max" else INF
        for child in tree.children(node):
            w = value(child, alpha, beta)
            if tree.kind(node) == "max":
                v = max(v, w)
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, w)
                if v <= alpha:
                    return v
                beta = min(beta, v)
        return v
    value(tree.initial_state, -INF, INF)
    return LEAVES
