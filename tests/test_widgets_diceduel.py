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


def test_repr_says_the_game_in_words():
    """frreader7 b1: the board's repr in words (and through gettext), not a DuelState."""
    board = DiceDuelBoard(seed=0)
    assert repr(board) == "<DiceDuelBoard: no die chosen>"
    board.click("249")
    s = board.state
    assert repr(board) == f"<DiceDuelBoard: you 249, me {s.second_die}, rolls {s.first_roll} and {s.second_roll}>"
    board.close()
