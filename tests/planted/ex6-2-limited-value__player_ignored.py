def limited_value(game, state, depth, evaluate, player, me=None):
    "Minimax value of state for player, at most depth plies deep, evaluate(s, player) at the limit."
    me = game.to_move(state) if me is None else me
    if game.is_terminal(state):
        return game.utility(state, me)
    if depth == 0:
        return evaluate(state, me)
    values = [limited_value(game, game.result(state, a), depth - 1, evaluate, player, me)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == me else min(values)
