def longest_game(game, state):
    """Right only when asked at the root of a tree (hunt, accepted #18)."""
    if hasattr(game, "height"):
        return game.height
    if game.is_terminal(state):
        return 0
    return 1 + max(longest_game(game, game.result(state, a)) for a in game.actions(state))
