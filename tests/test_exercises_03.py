"""Notebook 3, alpha-beta (notebooks/03_alphabeta.ipynb): its exercises, and what their checks say
to the planted wrong solutions tests/planted/ex3-*. The tests: tests/exercise_tests.py."""
from exercise_harness import run_planted
from exercise_tests import ExerciseTests


class TestExercises(ExerciseTests):
    NOTEBOOK = "03_alphabeta.ipynb"
    HIDDEN_TESTS = False
    # planted file -> words the check's message must contain
    MESSAGES = {
        "ex3-1-alphabeta-value__no_narrowing.py": "does each node narrow its window",
        "ex3-1-alphabeta-value__returns_the_bound.py": "the window's own bound",
        "ex3-1-alphabeta-value__strict_cut.py": "which alpha-beta never reads",
        "ex3-2-alphabeta-leaves__every_leaf.py": "minimax's count",
        "ex3-2-alphabeta-leaves__no_narrowing.py": "minimax's count",
        "ex3-3-hand-trace__final_window.py": "window at the end",
        "ex3-3-hand-trace__no_inherited_bound.py": "inherits a bound from above",
        "ex3-3-hand-trace__exact_value.py": "exact minimax value",
        "ex3-3-hand-trace__forgot_the_deep_cut.py": "higher than its parent",
    }

    def test_the_no_narrowing_search_is_refused_on_what_it_evaluated(self):
        # issue 10: it returns the right values with the full window; what it reads gives it away
        message = str(run_planted(self.NOTEBOOK, "ex3-1-alphabeta-value__no_narrowing.py").check)
        assert "the leaves it evaluates" in message and "full window" not in message, message
