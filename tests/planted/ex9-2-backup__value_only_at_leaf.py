def backup(path, value, player):
    "Add one visit and the result, for node.player, to every node of `path`."
    for node in path:
        node.visits += 1
    leaf = path[-1]
    leaf.total += value if leaf.player == player else -value
