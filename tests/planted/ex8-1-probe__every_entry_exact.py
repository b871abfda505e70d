def probe(entry, alpha, beta):
    "What a table entry (value, flag) proves for a search with the window (alpha, beta), or None."
    value, flag = entry
    return value
