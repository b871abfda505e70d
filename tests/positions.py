"""Random positions of a game, for tests that compare searches on many of them."""
import random


def random_positions(game, n: int, seed: int, moves: int | range) -> list:
    """``n`` positions, each after ``moves`` random moves from the initial state (a number drawn
    from ``moves`` when it is a range; fewer if the game ends first), seeded by ``seed``."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = game.initial_state
        for _ in range(moves if isinstance(moves, int) else rng.randrange(moves.start, moves.stop)):
            if game.is_terminal(s):
                break
            s = game.result(s, rng.choice(game.actions(s)))
        out.append(s)
    return out
