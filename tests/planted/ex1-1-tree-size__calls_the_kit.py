def tree_size(game, state):
    """(nodes, leaves) of the game tree below `state`, the root counted."""
    tree = GameTree.from_game(game, state)
    return len(tree), len(tree.leaves)
