"""Notebook 1's exercise checks refuse plausible wrong solutions (tests/planted/ex1-*), each with
a message that says what is wrong."""
import pytest

from abcore.checks import CheckFailed, NotWrittenYet
from exercise_harness import exercises, planted, run_planted

NOTEBOOK = "01_games.ipynb"

# planted file -> words the check's message must contain
EXPECTED = {
    "ex1-1-tree-size__root_not_counted.py": "too few nodes",
    "ex1-1-tree-size__inner_nodes_only.py": "the leaves too",
    "ex1-1-tree-size__leaves_as_moves.py": "a leaf is a terminal state",
    "ex1-2-longest-game__counts_positions.py": "count moves (arcs), not positions",
    "ex1-2-longest-game__first_move_only.py": "take the largest over all the moves",
    "ex1-2-longest-game__shortest_game.py": "take the largest over all the moves",
    "ex1-3-my-tictactoe__no_diagonals.py": "after the moves 8, 7, 6, 5, 4, 3, 2: is_terminal says False, the game is over",
    "ex1-3-my-tictactoe__full_board_not_over.py": "is_terminal says False, the game is over",
    "ex1-3-my-tictactoe__utility_for_the_player_to_move.py": "utility for X is -1, expected 1",
}


def test_every_exercise_has_two_planted_wrong_solutions():
    for grade_id in exercises(NOTEBOOK):
        assert len(planted(grade_id)) >= 2, grade_id
    assert {p.name for p in planted("ex1-")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_check_refuses_a_planted_wrong_solution(name):
    (path,) = [p for p in planted("ex1-") if p.name == name]
    verdict = run_planted(NOTEBOOK, path)
    assert isinstance(verdict, CheckFailed) and not isinstance(verdict, NotWrittenYet), repr(verdict)
    assert EXPECTED[name] in str(verdict), str(verdict)
