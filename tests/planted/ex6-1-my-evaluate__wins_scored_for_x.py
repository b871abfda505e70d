def my_evaluate(state, player):
    "Seed 004's Eval for `player`: +inf / -inf for a win / loss, else open lines minus the opponent's."
    opponent = "O" if player == "X" else "X"
    winner = game.winner(state)
    if winner is not None:              # seed 004: +inf when Max (X) has won
        return math.inf if winner == "X" else -math.inf
    cells = state.cells()

    def open_for(p, q):
        return sum(1 for line in LINES if all(cells[c] != q for c in line))
    return open_for(player, opponent) - open_for(opponent, player)
