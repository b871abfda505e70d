def limited_value(game, state, depth, evaluate, player):
    "Minimax value of state for player, at most depth plies deep, evaluate(s, player) at the limit."
    return minimax(game, state, depth=depth, evaluate=evaluate, player=player).value
