"""Notebook 2, minimax (notebooks/02_minimax.ipynb): its exercises, and what their checks say to the
planted wrong solutions tests/planted/ex2-*. The tests: tests/exercise_tests.py."""
from exercise_tests import ExerciseTests


class TestExercises(ExerciseTests):
    NOTEBOOK = "02_minimax.ipynb"
    HIDDEN_TESTS = False
    # planted file -> words the check's message must contain
    MESSAGES = {
        "ex2-1-minimax-value__max_everywhere.py": "MIN takes the smallest value of its children",
        "ex2-1-minimax-value__kinds_swapped.py": "values are for MAX everywhere",
        "ex2-1-minimax-value__negamax_leaves.py": "values are for MAX everywhere",
        "ex2-2-best-moves__first_only.py": "some best moves are missing",
        "ex2-2-best-moves__largest_child.py": "equals the ROOT's value",
        "ex2-2-best-moves__a_list.py": "the right moves, but in a list: return a tuple",
        "ex2-2-best-moves__children_not_moves.py": "not its moves: the moves are tree.actions(root)",
        "ex2-3-principal-variation__last_best_move.py": "the FIRST best move",
        "ex2-3-principal-variation__root_move_only.py": "the line stops too early",
        "ex2-3-principal-variation__best_leaf_path.py": "the FIRST best move",
        "ex2-3-principal-variation__a_tuple.py": "the right moves, but in a tuple: return a list",
        "ex2-3-principal-variation__children_not_moves.py": "those are nodes, not moves",
        # per-student (abcore.exercises): the tree of the key `instructor` (conftest.py)
        "ex2-4-by-hand__max_everywhere.py": "is a MIN node: it keeps the smallest of its children's values",
        "ex2-4-by-hand__kinds_swapped.py": "is a MAX node: it keeps the largest of its children's values",
    }
