def longest_game(game, state):
    """The number of moves in the longest game from `state`."""
    moves = 0
    while not game.is_terminal(state):
        state = game.result(state, game.actions(state)[0])
        moves += 1
    return moves
