def longest_game(game, state):
    """The number of moves in the longest game from `state`."""
    if game.is_terminal(state):
        return 1
    return 1 + max(longest_game(game, game.result(state, a)) for a in game.actions(state))
