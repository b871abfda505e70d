def limited_value(game, state, depth, evaluate, player):
    """Max where the root's player moves, whoever `player` is (hunt: named none; issue 22's slip)."""
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth == 0:
        return evaluate(state, player)
    values = [limited_value(game, game.result(state, a), depth - 1, evaluate, player) for a in game.actions(state)]
    return max(values) if game.to_move(state) == game.to_move(game.initial_state) else min(values)
