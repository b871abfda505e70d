from abcore import alphabeta


def choose(game, state):
    return alphabeta(game, state, depth=4, evaluate=game.evaluate).move
