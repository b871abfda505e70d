def chance_bounds(seen, low, high):
    "(lowest, highest) possible value of a chance node after the outcomes `seen`."
    return (low, high)
