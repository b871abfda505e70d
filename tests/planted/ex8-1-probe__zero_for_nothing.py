# hunt4: 0 where None is asked; was told 'lower and upper swapped'
def probe(entry, alpha, beta, depth):
    value, flag, entry_depth = entry
    if entry_depth < depth:
        return None
    if flag == "exact" or (flag == "lower" and value >= beta) or (flag == "upper" and value <= alpha):
        return value
    return 0
