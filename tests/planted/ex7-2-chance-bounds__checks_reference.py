from abcore.checks import reference


def chance_bounds(seen, low, high):
    """The check's own reference (hunt, accepted #10)."""
    return reference("7.2")(seen, low, high)
