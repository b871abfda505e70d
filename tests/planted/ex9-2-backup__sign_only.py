# hunt4 (accepted): the sign of the result backed up, not the result (checks backed up only ±1)
def backup(path, value, player):
    for node in path:
        node.visits += 1
        s = (value > 0) - (value < 0)
        node.total += s if node.player == player else -s
