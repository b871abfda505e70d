# hunt4: cuts, but counts the children cut as read; was told 'does your search cut?'
def alphabeta_leaves(tree):
    count = 0
    def search(node, alpha, beta):
        nonlocal count
        kind = tree.kind(node)
        if kind == "leaf":
            count += 1
            return tree.value(node)
        v = -INF if kind == "max" else INF
        kids = list(tree.children(node))
        for i, child in enumerate(kids):
            w = search(child, alpha, beta)
            if kind == "max":
                v = max(v, w)
                if v >= beta:
                    count += len(kids) - i - 1
                    return v
                alpha = max(alpha, v)
            else:
                v = min(v, w)
                if v <= alpha:
                    count += len(kids) - i - 1
                    return v
                beta = min(beta, v)
        return v
    search(tree.initial_state, -INF, INF)
    return count
