def chance_bounds(seen, low, high):
    "(lowest, highest) possible value of a chance node after the outcomes `seen`."
    if not seen:
        return (low, high)
    mean = sum(p * v for p, v in seen) / sum(p for p, _ in seen)
    rest = 1 - sum(p for p, _ in seen)
    return (mean + rest * low, mean + rest * high)
