def deepen(game, state, budget):
    "Iterative deepening under a node budget: [(depth, value, move, nodes_so_far)]."
    history, spent, depth = [], 0, 0
    while spent <= budget:
        depth += 1
        result = alphabeta(game, state, depth=depth, evaluate=game.evaluate, order=threats_first)
        spent += result.stats.nodes
        history.append((depth, result.value, result.move, spent))
    return history
