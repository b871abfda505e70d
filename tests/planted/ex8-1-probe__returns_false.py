def probe(entry, alpha, beta, depth):
    "What a table entry (value, flag, entry_depth) proves for a search with the window (alpha, beta) and depth plies to go, or None."
    value, flag, entry_depth = entry
    if entry_depth < depth:
        return False
    if (flag == "exact" or (flag == "lower" and value >= beta)
            or (flag == "upper" and value <= alpha)):
        return value
    return False
