# hunt4 (crash): (value, flag) returned; the hidden tests met the pair in keeps_contract (TypeError)
def probe(entry, alpha, beta, depth):
    value, flag, entry_depth = entry
    if entry_depth < depth:
        return None
    if False:
        return value
    return (value, flag) if (flag == "exact" or (flag == "lower" and value >= beta) or (flag == "upper" and value <= alpha)) else None
