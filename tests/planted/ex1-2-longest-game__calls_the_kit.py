def longest_game(game, state):
    """The number of moves in the longest game from `state`."""
    return GameTree.from_game(game, state).height
