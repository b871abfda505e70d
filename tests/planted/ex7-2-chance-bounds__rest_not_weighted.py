def chance_bounds(seen, low, high):
    "(lowest, highest) possible value of a chance node after the outcomes `seen`."
    searched = sum(p * v for p, v in seen)
    return (searched + low, searched + high)
