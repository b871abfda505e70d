def minimal_tree_nodes(b, d):
    "Nodes alpha-beta visits on a uniform (b, d) tree searched best first, distinct leaves."
    t = random_uniform(b, d, seed=0, distinct=True)
    return alphabeta(t, t.initial_state, order=ordering.best_first(t)).stats.nodes
