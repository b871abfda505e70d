def failhard_value(tree, node, alpha=-INF, beta=INF):
    """Fail-hard alpha-beta value of `node` for MAX: always within [alpha, beta]."""
    return alphabeta_failhard(tree, node, alpha=alpha, beta=beta, player="max").value
