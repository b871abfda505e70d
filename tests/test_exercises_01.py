"""Notebook 1, games (notebooks/01_games.ipynb): its exercises, and what their checks say to the
planted wrong solutions tests/planted/ex1-*. The tests: tests/exercise_tests.py."""
import re

import pytest

from exercise_tests import ExerciseTests, in_french, says


class TestExercises(ExerciseTests):
    NOTEBOOK = "01_games.ipynb"
    HIDDEN_TESTS = False
    # planted file -> words the check's message must contain
    MESSAGES = {
        "ex1-1-tree-size__root_not_counted.py": "Too few nodes",
        "ex1-1-tree-size__inner_nodes_only.py": "the leaves too",
        "ex1-1-tree-size__leaves_as_moves.py": "A leaf is a terminal state",
        "ex1-1-tree-size__pair_swapped.py": "The pair is (nodes, leaves), in that order",
        "ex1-1-tree-size__seen_set.py": "That counts each distinct position once (a `seen` set)",
        "ex1-1-tree-size__calls_the_kit.py": "calls the kit's GameTree.from_game(...), which exercise 1.1 does not allow",
        "ex1-1-tree-size__a_list.py": "The right numbers, but in a list: return a tuple",
        "ex1-2-longest-game__calls_the_kit.py": "calls the kit's GameTree.from_game(...), which exercise 1.2 does not allow",
        "ex1-2-longest-game__counts_positions.py": "count moves (arcs), not positions",
        "ex1-2-longest-game__first_move_only.py": "take the largest over all the moves",
        "ex1-2-longest-game__shortest_game.py": "take the largest over all the moves",
        "ex1-3-my-tictactoe__no_diagonals.py": "after the moves 8, 7, 6, 5, 4, 3, 2: is_terminal says False although the game is over (X has won)\nThe position there, as the reference prints it:\n. . X\nO X O\nX O X",
        "ex1-3-my-tictactoe__full_board_not_over.py": "is_terminal says False although the game is over",
        "ex1-3-my-tictactoe__utility_for_the_player_to_move.py": "utility for X is -1, expected 1",
        "ex1-3-my-tictactoe__list_states.py": "at the initial state (no move played yet): the state [['.', '.', '.', '.', '.', '.', '.', '.', '.'], 'X'] is unhashable (unhashable type: 'list'). Make states immutable and hashable",
        # the hunt of 2026-11-28 (issue 22): answers the checks once accepted
        "ex1-1-tree-size__root_only.py": 'That is the size of the whole tree, from its root',
        "ex1-1-tree-size__memo_across_calls.py": 'Yet on the same tree with its nodes renamed, tree_size answers right',
        "ex1-2-longest-game__root_only.py": 'That is the height of the whole tree, from its root',
        "ex1-2-longest-game__a_float.py": 'Return a whole number, the count of moves: yours returns 0.0',
        # hunt4: a maximum kept in a global was told "not their sum nor the number of moves"
        "ex1-2-longest-game__a_global_maximum.py": "Asked again on a tree before, longest_game answers differently: "
                                                   "it keeps something between calls",
        # hunt5 (accepted): the right counts as floats; == took them before the hint ran
        "ex1-1-tree-size__counts_as_floats.py": "Return a pair of two whole numbers, (nodes, leaves): yours returns (1.0, 1.0)",
        # frreader9 c2: several calls are "those calls", and the kit's private _children is not named
        "ex1-3-my-tictactoe__delegates_to_the_kit.py": re.compile(
            r"^MyTicTacToe calls the kit's (TicTacToe\.\w+\(\.\.\.\), )+TicTacToe\.\w+\(\.\.\.\), which exercise "
            r"1\.3 does not allow: replace those calls with your own code \(0 points until then\)\. Exercise 1\.3 "
            r"may use its own methods, written from Game, not the kit's TicTacToe or its methods\.$"),
        # hunt5 (misnamed): each was told another slip's hint; a hint is now named only when the slip's own
        # rule gives the student's answers on 30 more trees
        # frreader8 d5: the symptom said whichever slip gives it (one too many on the one-leaf tree)
        "ex1-2-longest-game__counts_leaves.py": "expected 0, got 1. One too many: a terminal state has 0 moves left",
        "ex1-2-longest-game__full_rounds.py": "matches none of the known slips",
        "ex1-2-longest-game__state_overwritten_in_loop.py": "matches none of the known slips",
    }


# frreader9 c2, c11: what the French edition's check says (ABCORE_EDITION=fr)
FRENCH = {
    "ex1-3-my-tictactoe__delegates_to_the_kit.py": re.compile(
        r"^MyTicTacToe appelle (TicTacToe\.\w+\(\.\.\.\), )+TicTacToe\.\w+\(\.\.\.\) du kit, que l'exercice 1\.3 ne "
        r"permet pas d'utiliser\u00a0: remplacez ces appels par votre propre code"),
    "ex1-3-my-tictactoe__full_board_not_over.py": "is_terminal dit False alors que la partie est finie",
}


@pytest.mark.parametrize("name", sorted(FRENCH))
def test_the_french_edition_says(name, monkeypatch):
    check = in_french(TestExercises.NOTEBOOK, name, monkeypatch)
    assert says(FRENCH[name], check) and "_children" not in str(check), str(check)
