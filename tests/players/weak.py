def choose(game, state):
    return game.actions(state)[0]
