def minimal_tree_nodes(b, d):
    """The right count, as a float: b ** (k / 2) rounded (hunt, accepted as arguable)."""
    return sum(b ** math.ceil(k / 2) + b ** (k // 2) - 1.0 for k in range(d + 1))
