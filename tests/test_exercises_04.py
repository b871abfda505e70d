"""Notebook 4, bounds and windows (notebooks/04_bounds_and_windows.ipynb): its exercises, and what
their checks say to the planted wrong solutions tests/planted/ex4-*; the hidden tests refuse them
too. The tests:
tests/exercise_tests.py."""
import re

from exercise_tests import ExerciseTests
from abcore.checks import WriteItYourself
from exercise_harness import run_planted


class TestExercises(ExerciseTests):
    NOTEBOOK = "04_bounds_and_windows.ipynb"
    HIDDEN_TESTS = True
    # planted file -> words the check's message must contain
    MESSAGES = {
        "ex4-1-failhard-value__leaf_not_held.py": "outside it: fail-hard's answers",
        "ex4-1-failhard-value__fail_soft.py": "outside it: fail-hard's answers",
        "ex4-1-failhard-value__library_fail_soft.py": "calls the kit's alphabeta(...), which exercise 4.1 does not allow",
        "ex4-1-failhard-value__calls_the_kit.py": "calls the kit's alphabeta_failhard(...), which exercise 4.1 does not allow",
        "ex4-1-failhard-value__ends_with_the_other_bound.py": "which bound does a node return when no child moved it",
        "ex4-1-failhard-value__prunes_nothing.py": "This looks like a known slip: no cut-off (every child searched)",
        "ex4-1-failhard-value__strict_cut.py": "a cut on α > β instead of α ≥ β is the same slip, since fail-hard's values stay within α ≤ v ≤ β",
        "ex4-1-failhard-value__entry_window.py": "This looks like a known slip: each child searched with the node's entry window",
        "ex4-1-failhard-value__no_cut_at_min.py": "This looks like a known slip: no α-cut at MIN nodes",
        "ex4-1-failhard-value__no_cut_at_max.py": "This looks like a known slip: no β-cut at MAX nodes",
        # hunt4: the default window (-1000, 1000) was accepted; MIN's children searched with β = +∞ were
        # named as two slips whose leaves coincide on one tree
        "ex4-1-failhard-value__default_window_1000.py":
            "With the window (−∞, +∞) given, yours returns −∞, but called with no window it returns −1000: the "
            "defaults must be alpha=-INF, beta=INF",
        "ex4-1-failhard-value__min_children_get_full_beta.py":
            "the right answers, but it cuts later than fail-hard. This matches none of the known slips of this exercise",
        # per-student (abcore.exercises): the tree of the key `instructor` (conftest.py)
        "ex4-2-failhard-by-hand__fail_soft_values.py": "fail-hard returns the bound",
        # hunt4: as in 3.3; and fail-hard at a cut, fail-soft on exit (was named "α = v")
        "ex4-2-failhard-by-hand__unfinished.py": re.compile(r"\[unfinished: your rows stop after \d+ of the key's \d+; "
                   r"not checked yet: the values? and cuts of [A-Z, ]+, which wait for \w+ children's rows\]$"),
        # hunt5: on this tree a cut on > at MIN nodes only gives no_cut_at_min's rows, so neither is named:
        # the message says what the rows show
        "ex4-2-failhard-by-hand__no_cut_at_min.py": re.compile(
            r"^(?!.*cut on ≥).*\[what your rows show: a tie at a MIN node did not cut .*so none is named\]$"),
        "ex4-2-failhard-by-hand__strict_at_min_only.py": re.compile(
            r"\[what your rows show: a tie at a MIN node did not cut \(v = α cuts too: v ≤ α\); more than one slip "
            r"gives these rows on your tree, so none is named\]$"),
        "ex4-2-failhard-by-hand__hard_at_cut_soft_on_exit.py": re.compile(
            r"\[(the slip|your rows fit \d of the usual slips alike): .*fail-soft's value on exit in a fail-hard trace"),
        "ex4-2-failhard-by-hand__no_cuts.py": re.compile(r"when \w+ is reached; .* so \w+ is cut"),
    }

    def test_a_fail_soft_answer_from_the_library_is_refused_not_diagnosed(self):
        # issue 22: fail-soft submitted as fail-hard by calling abcore.alphabeta was named as the slip
        # (issue 15); the kit's own alpha-beta is now refused while the check runs: 0, write it yourself
        verdict = run_planted(self.NOTEBOOK, "ex4-1-failhard-value__library_fail_soft.py")
        assert isinstance(verdict.check, WriteItYourself) and isinstance(verdict.hidden, WriteItYourself), verdict
        assert "may use the tree's or game's own methods" in str(verdict.check), verdict.check
