def best_first_order(tree):
    "An ordering that searches the best move first at every node of `tree` (an oracle)."
    def first_leaf(node):
        while tree.kind(node) != "leaf":
            node = tree.children(node)[0]
        return tree.value(node)

    def order(game, state, actions):
        return sorted(actions, key=lambda a: first_leaf(tree.result(state, a)), reverse=tree.kind(state) == "max")
    return order
