def best_first_order(tree):
    "An ordering that searches the best move first at every node of `tree` (an oracle)."
    return ordering.best_first(tree)
