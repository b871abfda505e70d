def deepen(game, state, budget):
    "Iterative deepening under a node budget: [(depth, value, move, nodes_so_far)]."
    r = iterative_deepening(game, state, nodes=budget, evaluate=game.evaluate, order=threats_first)
    return [(i.depth, i.value, i.move, i.nodes) for i in r.history]
