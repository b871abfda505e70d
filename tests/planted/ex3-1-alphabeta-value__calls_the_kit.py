def alphabeta_value(tree, node, alpha=-INF, beta=INF):
    """Fail-soft alpha-beta value of `node` for MAX, within the window (alpha, beta)."""
    return alphabeta(tree, node, alpha=alpha, beta=beta, player="max").value
