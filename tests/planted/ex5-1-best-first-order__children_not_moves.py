def best_first_order(tree):
    "An ordering that searches the best move first at every node of `tree` (an oracle)."
    values = tree_values(tree)

    def order(game, state, actions):
        children = [tree.result(state, a) for a in actions]
        return sorted(children, key=values.get, reverse=tree.kind(state) == "max")
    return order
