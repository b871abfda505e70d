def minimal_tree_nodes(b, d):
    "Nodes alpha-beta visits on a uniform (b, d) tree searched best first, distinct leaves."
    return sum(b ** math.ceil(k / 2) + b ** (k // 2) - 1 for k in range(1, d + 1))
