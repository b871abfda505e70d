def choose(game, state):
    table = bytearray(4 * 1024 ** 3)          # 4 GB
    return game.actions(state)[0] + len(table) * 0
