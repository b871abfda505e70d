def longest_game(game, state):
    def plies(s):
        if game.is_terminal(s):
            return 0
        return 1 + max(plies(game.result(s, a)) for a in game.actions(s))
    return (plies(state) + 1) // 2
