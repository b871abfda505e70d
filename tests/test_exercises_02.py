"""Notebook 2, minimax (notebooks/02_minimax.ipynb): its exercises, and what their checks say to the
planted wrong solutions tests/planted/ex2-*. The tests: tests/exercise_tests.py."""
import re

from exercise_tests import ExerciseTests


class TestExercises(ExerciseTests):
    NOTEBOOK = "02_minimax.ipynb"
    HIDDEN_TESTS = False
    # planted file -> words the check's message must contain
    MESSAGES = {
        "ex2-1-minimax-value__max_everywhere.py": "MIN takes the smallest value of its children",
        "ex2-1-minimax-value__kinds_swapped.py": "This looks like a known slip: MAX and MIN swapped",
        "ex2-1-minimax-value__negamax_leaves.py": "This looks like a known slip: the evaluation from the wrong side",
        "ex2-1-minimax-value__starts_from_zero.py": "This looks like a known slip: v starting at 0 instead of −∞",
        "ex2-1-minimax-value__calls_the_kit.py": "calls the kit's tree_values(tree), which exercise 2.1 does not allow",
        "ex2-2-best-moves__first_only.py": "Some best moves are missing",
        "ex2-2-best-moves__largest_child.py": "equals the ROOT's value: at a MIN root, the smallest",
        "ex2-2-best-moves__a_list.py": "The right moves, but in a list: return a tuple",
        "ex2-2-best-moves__children_not_moves.py": "not its moves: the moves are tree.actions(root)",
        # caught on the first check's random trees (every other one numbers its moves from 1: frreader5)
        "ex2-2-best-moves__child_indices.py": "on the tree [-2] (MAX to move at the root, whose moves are [1]): "
                                              "expected (1,), got (0,). Those are the best moves' positions in "
                                              "tree.actions(root) (child indices), not the moves",
        "ex2-2-best-moves__calls_the_kit.py": "calls the kit's minimax(...), which exercise 2.2 does not allow",
        "ex2-3-principal-variation__last_best_move.py": "the FIRST best move",
        "ex2-3-principal-variation__root_move_only.py": "The line stops too early",
        "ex2-3-principal-variation__best_leaf_path.py": "leads to the best leaf for MAX, but MIN chooses",
        "ex2-3-principal-variation__a_tuple.py": "The right moves, but in a tuple: return a list",
        "ex2-3-principal-variation__children_not_moves.py": "Those are nodes, not moves",
        "ex2-3-principal-variation__child_indices.py": "(child indices), not the moves",
        "ex2-3-principal-variation__none_for_a_leaf.py": "return [] (a list with no move), not None",
        "ex2-3-principal-variation__calls_the_kit.py": "calls the kit's minimax(...), which exercise 2.3 does not allow",
        # per-student (abcore.exercises): the tree of the key `instructor` (conftest.py)
        "ex2-4-by-hand__max_everywhere.py": "is a MIN node: it keeps the smallest of its children's values",
        "ex2-4-by-hand__kinds_swapped.py": "is a MAX node: it keeps the largest of its children's values",
        # the hunt of 2026-11-28 (issue 22): answers the checks once accepted
        "ex2-1-minimax-value__diagnose_reference.py": "minimax_value calls the kit's private reference (a search of abcore.diagnose",
        "ex2-1-minimax-value__kit_helper_inside.py": "calls the kit's tree_values(tree), which exercise 2.1 does not allow",
        "ex2-1-minimax-value__name_spoofed.py": "calls the kit's tree_values(tree), which exercise 2.1 does not allow",
        "ex2-2-best-moves__first_leaf.py": "Yours compares the first leaf below each move with the root's value",
        "ex2-1-minimax-value__a_float.py": "The right value, but a float: return each leaf's value as it is",
        # hunt4: a mean at MIN was told "the right value, but a float" (on a one-leaf tree); a generator
        # "it keeps something between calls"
        # frreader8 d4: the diagnosis shows the float as returned, as the first line does
        "ex2-1-minimax-value__mean_at_min.py": re.compile(r"expected -3, got -1\.0\nThis matches none of the known "
                                                          r"slips.*at r, yours returns −1\.0;"),
        # frreader8 d6: a named problem (here the type) is not followed by "matches none"
        "ex2-3-principal-variation__a_generator.py": re.compile(r"Yours returns a generator where a list is "
                                                                r"expected$"),
        "ex2-1-minimax-value__guard_switched_off.py": 'abcore.trees.analysis.entered replaced): a check cannot grade code that switches it off',
        # hunt3 (issue 22): the kit's answer helpers called from the student's function
        "ex2-4-by-hand__wrong_leaf_row.py": "is a leaf: its value is the tree's",
        "ex2-4-by-hand__node_twice.py": "is given twice",
        "ex2-4-by-hand__min_takes_first_child.py": "[none of the usual slips of exercise 2.4 gives these rows]",
        "ex2-1-minimax-value__kit_slip_helper_mm.py": "minimax_value calls the kit's own answer helper (its hand trace, slip minimax or UCB1 rule",
    }
