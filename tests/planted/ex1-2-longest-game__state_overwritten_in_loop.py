def longest_game(game, state):
    if game.is_terminal(state):
        return 0
    best = 0
    for a in game.actions(state):
        state = game.result(state, a)
        best = max(best, 1 + longest_game(game, state))
        if game.is_terminal(state):
            break
    return best
