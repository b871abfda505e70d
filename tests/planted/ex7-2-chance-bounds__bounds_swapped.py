def chance_bounds(seen, low, high):
    """(highest, lowest): the pair in the wrong order (hunt, misnamed #8)."""
    rest = 1 - sum(p for p, _ in seen)
    known = sum(p * v for p, v in seen)
    return known + rest * high, known + rest * low
