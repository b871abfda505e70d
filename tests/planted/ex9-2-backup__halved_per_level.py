# hunt4: the result halved per level; was told 'credited to the wrong player'
def backup(path, value, player):
    for depth, node in enumerate(reversed(path)):
        node.visits += 1
        v = value / (2 ** depth)
        node.total += v if node.player == player else -v
