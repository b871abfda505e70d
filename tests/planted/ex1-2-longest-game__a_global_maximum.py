# hunt4: the depth kept in a global, never reset; was told 'not their sum nor the number of moves'
DEEPEST = 0
def longest_game(game, state, depth=0):
    global DEEPEST
    DEEPEST = max(DEEPEST, depth)
    for a in game.actions(state):
        longest_game(game, game.result(state, a), depth + 1)
    return DEEPEST
