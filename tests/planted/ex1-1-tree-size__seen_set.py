def tree_size(game, state):
    """(nodes, leaves) of the game tree below `state`, the root counted."""
    seen, todo = {state}, [state]
    while todo:
        s = todo.pop()
        if not game.is_terminal(s):
            for action in game.actions(s):
                child = game.result(s, action)
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
    return len(seen), sum(1 for s in seen if game.is_terminal(s))
