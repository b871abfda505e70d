# hunt4: max at every node; was told 'max where the root's player moves' (the same on a one-level tree)
def limited_value(game, state, depth, evaluate, player):
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth == 0:
        return evaluate(state, player)
    values = [limited_value(game, game.result(state, a), depth - 1, evaluate, player) for a in game.actions(state)]
    return max(values)
