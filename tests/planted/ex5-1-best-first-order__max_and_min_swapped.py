def best_first_order(tree):
    "An ordering that searches the best move first at every node of `tree` (an oracle)."
    values = tree_values(tree)

    def order(game, state, actions):
        lowest_first = tree.kind(state) == "max"
        return sorted(actions, key=lambda a: values[tree.result(state, a)], reverse=not lowest_first)
    return order
