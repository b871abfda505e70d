"""DiceDuelBoard.play is the board's game without the board: the same dice, replies and rolls."""
import random

from abcore.games import DICE, DiceDuel
from abcore.widgets import DiceDuelBoard


def test_play_is_what_a_click_does():
    duel = DiceDuel()
    for seed in range(3):
        board, rng = DiceDuelBoard(seed=seed), random.Random(seed)
        for die in [*DICE, *DICE]:
            board.reset()
            board.click(die)
            state, reply = DiceDuelBoard.play(duel, die, rng)
            assert (board.state, board.result.move, board.result.value) == (state, reply.move, reply.value)
        board.close()
