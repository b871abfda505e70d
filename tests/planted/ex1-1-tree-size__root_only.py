def tree_size(game, state):
    """Right only when asked at the root of a tree (hunt, accepted #17)."""
    if hasattr(game, "leaves"):
        return len(game), len(game.leaves)
    if game.is_terminal(state):
        return 1, 1
    nodes, leaves = 1, 0
    for action in game.actions(state):
        n, l = tree_size(game, game.result(state, action))
        nodes, leaves = nodes + n, leaves + l
    return nodes, leaves
