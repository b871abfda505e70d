def deepen(game, state, budget):
    """Iterative deepening within `budget` nodes in all (no evaluate given: the kit's alphabeta raises
    ValueError at the depth limit)."""
    history, spent, depth = [], 0, 0
    while True:
        depth += 1
        result = alphabeta(game, state, depth=depth, order=threats_first)
        spent += result.stats.nodes
        if spent > budget:
            return history
        history.append((depth, result.value, result.move, spent))
