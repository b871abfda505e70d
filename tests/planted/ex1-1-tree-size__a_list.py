def tree_size(game, state):
    """(nodes, leaves) of the game tree below `state`, the root counted."""
    if game.is_terminal(state):
        return [1, 1]
    nodes, leaves = 1, 0
    for action in game.actions(state):
        n, l = tree_size(game, game.result(state, action))
        nodes, leaves = nodes + n, leaves + l
    return [nodes, leaves]
