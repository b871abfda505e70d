# hunt4: MAX/MIN read from the depth in the node's name; a renamed tree (one more dot) made it look like a cache kept between calls
def best_first_order(tree):
    def depth(s):
        return str(s).count(".")
    def v(s):
        if tree.kind(s) == "leaf":
            return tree.value(s)
        vals = [v(tree.result(s, a)) for a in tree.actions(s)]
        return max(vals) if depth(s) % 2 == 0 else min(vals)
    def order(game, state, actions):
        return sorted(actions, key=lambda a: v(tree.result(state, a)), reverse=depth(state) % 2 == 0)
    return order
