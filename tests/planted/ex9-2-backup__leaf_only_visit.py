def backup(path, value, player):
    "Add one visit and the result, for node.player, to every node of `path`."
    path[-1].visits += 1
    for node in path:
        node.total += value if node.player == player else -value
