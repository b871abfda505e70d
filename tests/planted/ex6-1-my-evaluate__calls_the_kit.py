def my_evaluate(state, player):
    """The kit's own evaluation (hunt, accepted #15)."""
    return TicTacToe.evaluate(state, player)
