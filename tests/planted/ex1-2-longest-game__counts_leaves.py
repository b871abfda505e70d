def longest_game(game, state):
    if game.is_terminal(state):
        return 1
    return sum(longest_game(game, game.result(state, a)) for a in game.actions(state))
