# A node given twice, a wrong value first, then the right one (the last row won) (hunt3).
values_2_4 = None
tree = ex_2_4.tree


def value(node):
    kids = tree.children(node)
    if not kids:
        return tree.value(node)
    return (max if tree.kind(node) == "max" else min)(value(c) for c in kids)


inner = [n for n in tree.nodes if tree.children(n)]
wrong = f"{tree.label(inner[-1])} {value(inner[-1]) + 1}"
values_2_4 = "\n".join([wrong] + [f"{tree.label(n)} {value(n)}" for n in inner])
