def probe(entry, alpha, beta):
    "What a table entry (value, flag) proves for a search with the window (alpha, beta), or None."
    value, flag = entry
    if (flag == "exact" or (flag == "upper" and value >= beta)
            or (flag == "lower" and value <= alpha)):
        return value
    return None
