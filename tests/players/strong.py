from abcore import alphabeta, solve


def choose(game, state):
    if game.moves_played(state) >= 22:
        return solve(game, state).move
    return alphabeta(game, state, depth=4, evaluate=game.evaluate).move
