# hunt4: a generator where a list is asked; was told 'it keeps something between calls'
def principal_variation(tree):
    values = tree_values(tree)
    node = tree.initial_state
    while tree.kind(node) != "leaf":
        move = next(m for m in tree.actions(node) if values[tree.result(node, m)] == values[node])
        yield move
        node = tree.result(node, move)
