def best_moves(tree):
    """Each move judged by the first leaf below it (hunt, misnamed #3)."""
    values, root = tree_values(tree), tree.initial_state

    def first_leaf(node):
        while tree.kind(node) != "leaf":
            node = tree.children(node)[0]
        return tree.value(node)
    return tuple(m for m in tree.actions(root) if first_leaf(tree.result(root, m)) == values[root])
