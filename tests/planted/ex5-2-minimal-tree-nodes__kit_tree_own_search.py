from abcore.trees import random_uniform


def minimal_tree_nodes(b, d):
    """The kit's uniform tree, searched by one's own best-first alpha-beta (hunt, accepted #24)."""
    tree = random_uniform(b, d, seed=1, distinct=True)
    entered = 0

    def value(node, alpha, beta):
        nonlocal entered
        entered += 1
        if tree.kind(node) == "leaf":
            return tree.value(node)
        best = -math.inf if tree.kind(node) == "max" else math.inf
        values = {}

        def below(n):
            return tree.value(n) if tree.kind(n) == "leaf" else (max if tree.kind(n) == "max" else min)(
                below(c) for c in tree.children(n))
        for child in sorted(tree.children(node), key=below, reverse=tree.kind(node) == "max"):
            v = value(child, alpha, beta)
            if tree.kind(node) == "max":
                best, alpha = max(best, v), max(alpha, v)
            else:
                best, beta = min(best, v), min(beta, v)
            if alpha >= beta:
                break
        return best
    value(tree.initial_state, -math.inf, math.inf)
    return entered
