# hunt4 (accepted): a tuple of iterations where a list is asked
def deepen(game, state, budget):
    history, spent, depth = [], 0, 0
    while True:
        depth += 1
        result = alphabeta(game, state, depth=depth, evaluate=game.evaluate, order=threats_first)
        spent += result.stats.nodes
        if spent > budget:
            return tuple(history)
        history.append((depth, result.value, result.move, spent))
    return history
