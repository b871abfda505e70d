def longest_game(game, state):
    """The right length, as a float (hunt, accepted as arguable)."""
    if game.is_terminal(state):
        return 0.0
    return 1 + max(longest_game(game, game.result(state, a)) for a in game.actions(state))
