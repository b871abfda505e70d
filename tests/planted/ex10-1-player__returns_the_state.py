def choose(game, state):
    "My player: a column for the side to move in `state`."
    return game.result(state, weighted(game, state))
