# One MIN node keeps its first child's value, which happens to be its largest; the other MIN nodes
# keep their smallest (hunt3: was told "every node keeps the largest (MIN nodes too)").
values_2_4 = None
tree = ex_2_4.tree


def right(node):
    kids = tree.children(node)
    if not kids:
        return tree.value(node)
    return (max if tree.kind(node) == "max" else min)(right(c) for c in kids)


def first_is_largest(node):
    vs = [right(c) for c in tree.children(node)]
    return tree.kind(node) == "min" and vs[0] == max(vs) != min(vs)


slipped = next(n for n in tree.nodes if tree.children(n) and first_is_largest(n))


def value(node):
    kids = tree.children(node)
    if not kids:
        return tree.value(node)
    if node == slipped:
        return value(kids[0])
    return (max if tree.kind(node) == "max" else min)(value(c) for c in kids)


values_2_4 = "\n".join(f"{tree.label(n)} {value(n)}" for n in tree.nodes if tree.children(n))
