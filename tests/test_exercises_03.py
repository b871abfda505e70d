"""Notebook 3, alpha-beta (notebooks/03_alphabeta.ipynb): its exercises, and what their checks say
to the planted wrong solutions tests/planted/ex3-*. The tests: tests/exercise_tests.py."""
import re

from exercise_harness import run_planted
from exercise_tests import ExerciseTests


class TestExercises(ExerciseTests):
    NOTEBOOK = "03_alphabeta.ipynb"
    HIDDEN_TESTS = True
    # planted file -> words the check's message must contain
    MESSAGES = {
        "ex3-1-alphabeta-value__no_narrowing.py": "does each node narrow its window",
        "ex3-1-alphabeta-value__returns_the_bound.py": "the window's own bound",
        "ex3-1-alphabeta-value__fail_hard.py": "is fail-hard",
        "ex3-1-alphabeta-value__seed000_returns_alpha.py": re.compile("even when it is (below α|above β)"),
        "ex3-1-alphabeta-value__strict_cut.py": "which alpha-beta never reads",
        "ex3-2-alphabeta-leaves__every_leaf.py": "minimax's count",
        "ex3-2-alphabeta-leaves__no_narrowing.py": "minimax's count: alpha-beta's cuts skip some: does your search narrow",
        "ex3-2-alphabeta-leaves__counts_every_node.py": "count only the leaves",
        "ex3-2-alphabeta-leaves__ties_not_cut.py": "ties included",
        # per-student (abcore.exercises): the tree of the key `instructor` (conftest.py)
        "ex3-3-hand-trace__no_narrowing.py": "window not narrowed: at",
        "ex3-3-hand-trace__no_cuts.py": re.compile(r"when \w+ is reached; .* so \w+ is cut"),
        "ex3-3-hand-trace__fail_hard_values.py": "fail-soft returns the best value found",
    }

    def test_the_no_narrowing_search_is_refused_on_what_it_evaluated(self):
        # issue 10: it returns the right values with the full window; what it reads gives it away
        message = str(run_planted(self.NOTEBOOK, "ex3-1-alphabeta-value__no_narrowing.py").check)
        assert "the leaves it evaluates" in message and "full window" not in message, message

    def test_seed_000s_form_is_told_it_returned_alpha_not_a_cut(self):
        # issue 15: seed 000's `retourner α` fails low without a cut; the message must not speak of one
        message = str(run_planted(self.NOTEBOOK, "ex3-1-alphabeta-value__seed000_returns_alpha.py").check)
        assert re.search("(α|β) itself", message) and "seed 000" in message and "caused the cut" not in message, message
