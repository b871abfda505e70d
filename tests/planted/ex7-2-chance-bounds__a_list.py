def chance_bounds(seen, low, high):
    "(lowest, highest) possible value of a chance node after the outcomes `seen`."
    searched = sum(p * v for p, v in seen)
    rest = 1 - sum(p for p, _ in seen)
    return [searched + rest * low, searched + rest * high, rest]
