def my_evaluate(state, player):
    "Seed 004's Eval for `player`: +inf / -inf for a win / loss, else open lines minus the opponent's."
    opponent = "O" if player == "X" else "X"
    winner = game.winner(state)
    if winner is not None:
        return math.inf if winner == player else -math.inf
    cells = state.cells()

    def open_for(p):        # a line "open for p": no mark of p on it yet
        return sum(1 for line in LINES if all(cells[c] != p for c in line))
    return open_for(player) - open_for(opponent)
