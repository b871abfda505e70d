def minimal_tree_nodes(b, d):
    "Nodes alpha-beta visits on a uniform (b, d) tree searched best first, distinct leaves."
    return sum(b ** k for k in range(d + 1))
