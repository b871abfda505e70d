def backup(path, value, player):
    """New nodes put in the list: the tree's own nodes never change (hunt, accepted #23)."""
    for i, node in enumerate(path):
        credit = value if node.player == player else -value
        path[i] = type(node)(node.player, node.visits + 1, node.total + credit)
