def deepen(game, state, budget):
    "Iterative deepening under a node budget, each iteration written as a list."
    history, spent, depth = [], 0, 0
    while True:
        depth += 1
        result = alphabeta(game, state, depth=depth, evaluate=game.evaluate, order=threats_first)
        spent += result.stats.nodes
        if spent > budget:
            return history
        history.append([depth, result.value, result.move, spent])
