# hunt4: a mean at MIN nodes; on a one-leaf tree was told 'the right value, but a float'
def minimax_value(tree, node):
    kind = tree.kind(node)
    if kind == "leaf":
        return tree.value(node)
    values = [minimax_value(tree, c) for c in tree.children(node)]
    return max(values) if kind == "max" else sum(values) / len(values)
