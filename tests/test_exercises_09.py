"""Notebook 9, Monte Carlo tree search (notebooks/09_mcts.ipynb): its exercises, and what their
checks say to the planted wrong solutions tests/planted/ex9-*. The tests:
tests/exercise_tests.py."""
import pytest

from exercise_tests import ExerciseTests

pytestmark = pytest.mark.slow


class TestExercises(ExerciseTests):
    NOTEBOOK = "09_mcts.ipynb"
    HIDDEN_TESTS = True
    # planted file -> words the check's message must contain
    MESSAGES = {
        "ex9-1-ucb1__ln_of_child.py": "You took ln of the child's count N(child)",
        "ex9-1-ucb1__no_sqrt.py": "The square root is missing",
        "ex9-1-ucb1__sqrt2_twice.py": "the 2 of UCB1's sqrt(2 ln N / n) is already in c",
        "ex9-1-ucb1__unvisited_zero.py": "a child never visited must be chosen before any visited one",
        "ex9-1-ucb1__divides_by_zero.py": "ucb1 raised ZeroDivisionError (float division by zero) on a child never visited",
        "ex9-3-select-child__divides_by_zero.py": "select_child raised ZeroDivisionError (float division by zero) on a child never visited",
        "ex9-2-backup__credited_to_player_to_move.py": "The value was credited to the wrong player",
        "ex9-2-backup__same_sign_everywhere.py": "The value was credited to the wrong player",
        "ex9-2-backup__alternating_from_the_root.py": "the sign does not simply alternate from the root",
        "ex9-2-backup__value_only_at_leaf.py": "got nothing, expected",
        "ex9-2-backup__leaf_only_visit.py": "every node on the path gets exactly one visit",
        "ex9-3-select-child__always_exploit.py": "that is always-exploit",
        "ex9-3-select-child__ln_of_child.py": "You took ln of the child's count",
        "ex9-3-select-child__most_visited.py": "You chose the most visited child",
        "ex9-3-select-child__unvisited_skipped.py": "A child never visited must be chosen first",
        "ex9-3-select-child__negated_mean.py": "You negated the child's mean",
        "ex9-3-select-child__ties_to_the_last.py": "Among equal scores, keep the FIRST child",
        "ex9-3-select-child__ties_to_the_last_unvisited.py": "Among equal scores, keep the FIRST child",
        "ex9-3-select-child__ln_of_children_sum.py": "You took ln(N(parent) - 1)",
        # per-student (abcore.exercises): the tree of the key `instructor` (conftest.py)
        "ex9-4-mcts-by-hand__wrong_player.py": "backup credited to the wrong player",
        "ex9-4-mcts-by-hand__no_backup.py": "is on the path, so the backup adds",
    }
