def choose(game, state):
    return 9
