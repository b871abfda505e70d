def limited_value(game, state, depth, evaluate, player):
    "Minimax value of state for player, at most depth plies deep, evaluate(s, player) at the limit."
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth < 0:
        return evaluate(state, player)
    values = [limited_value(game, game.result(state, a), depth - 1, evaluate, player)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == player else min(values)
