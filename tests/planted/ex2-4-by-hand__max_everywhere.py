# Every inner node takes the largest of its children's values, MIN nodes too.
values_2_4 = None
tree = ex_2_4.tree


def biggest(node):
    kids = tree.children(node)
    return tree.value(node) if not kids else max(biggest(c) for c in kids)


values_2_4 = "\n".join(f"{tree.label(n)} {biggest(n)}" for n in tree.nodes if tree.children(n))
