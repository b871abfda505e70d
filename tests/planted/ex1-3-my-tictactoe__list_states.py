class MyTicTacToe(Game):
    """Tic-tac-toe. A state is [cells, player to move], cells a list of 9 of 'X', 'O', '.':
    lists, so the states are unhashable (the protocol asks for immutable, hashable states)."""
    initial_state = [list("." * 9), "X"]
    LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    def to_move(self, state):
        return state[1]

    def actions(self, state):
        return tuple(i for i, c in enumerate(state[0]) if c == ".")

    def result(self, state, action):
        cells, player = state
        new = list(cells)
        new[action] = player
        return [new, "O" if player == "X" else "X"]

    def winner(self, state):
        """The player with three in a row, or None (a helper for the next two methods)."""
        cells = state[0]
        return next((cells[a] for a, b, c in self.LINES if cells[a] != "." and cells[a] == cells[b] == cells[c]), None)

    def is_terminal(self, state):
        return self.winner(state) is not None or "." not in state[0]

    def utility(self, state, player):
        w = self.winner(state)
        return 0 if w is None else (1 if w == player else -1)
