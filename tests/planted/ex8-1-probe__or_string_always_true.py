# hunt4: flag == "exact" or "lower" and ...: always true; was told 'lower and upper swapped'
def probe(entry, alpha, beta, depth):
    value, flag, entry_depth = entry
    if entry_depth < depth:
        return None
    if flag == "exact" or "lower" and value >= beta or "upper" and value <= alpha:
        return value
    return None
