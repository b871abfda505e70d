# The right values of the inner nodes, and one leaf's row with a value the tree does not give it (hunt3).
values_2_4 = None
tree = ex_2_4.tree


def value(node):
    kids = tree.children(node)
    if not kids:
        return tree.value(node)
    return (max if tree.kind(node) == "max" else min)(value(c) for c in kids)


rows = [f"{tree.label(n)} {value(n)}" for n in tree.nodes if tree.children(n)]
leaf = next(n for n in tree.nodes if not tree.children(n))
values_2_4 = "\n".join(rows + [f"{tree.label(leaf)} {tree.value(leaf) + 1}"])
