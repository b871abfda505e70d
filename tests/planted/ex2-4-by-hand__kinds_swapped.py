# MAX and MIN swapped: MAX nodes take the smallest value, MIN nodes the largest.
values_2_4 = None
tree = ex_2_4.tree


def swapped(node):
    kids = tree.children(node)
    if not kids:
        return tree.value(node)
    pick = min if tree.kind(node) == "max" else max
    return pick(swapped(c) for c in kids)


values_2_4 = "\n".join(f"{tree.label(n)} {swapped(n)}" for n in tree.nodes if tree.children(n))
