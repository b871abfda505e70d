def deepen(game, state, budget):
    "Iterative deepening under a node budget: [(depth, value, move, nodes_so_far)]."
    history, spent, depth = [], 0, 0
    while True:
        depth += 1
        result = alphabeta(game, state, depth=depth, evaluate=game.evaluate, order=threats_first)
        spent += result.stats.nodes
        if spent > budget:
            return history
        history.append((depth, result.value, result.move))
