def backup(path, value, player):
    "Add one visit and the result, for node.player, to every node of `path`."
    first = path[0].player
    for node in path:
        node.visits += 1
        node.total += value if node.player == first else -value
