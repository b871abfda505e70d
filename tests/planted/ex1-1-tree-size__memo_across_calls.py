MEMO = {}


def tree_size(game, state):
    """A memo kept across calls, keyed by state (hunt, misnamed #1)."""
    if state not in MEMO:
        if game.is_terminal(state):
            MEMO[state] = (1, 1)
        else:
            nodes, leaves = 1, 0
            for action in game.actions(state):
                n, l = tree_size(game, game.result(state, action))
                nodes, leaves = nodes + n, leaves + l
            MEMO[state] = (nodes, leaves)
    return MEMO[state]
