def minimal_tree_nodes(b, d):
    "Nodes alpha-beta visits on a uniform (b, d) tree searched best first, distinct leaves."
    return b ** math.ceil(d / 2) + b ** (d // 2) - 1
