def backup(path, value, player):
    "Add one visit and the result, for node.player, to every node of `path`."
    for node in path:
        node.visits += 1
        v = value if node.player == player else -value
        node.total += (v + 1) / 2
